"""The ``scorekeeper`` command: one click group on Flask's CLI.

``scorekeeper serve`` runs the app for phones on the same Wi-Fi; ``scorekeeper db upgrade`` (and
the other Flask-Migrate ``db`` commands) manage the database; ``shell`` and ``routes`` are Flask's.
A new command is a plain ``@cli.command()``: it runs with the app's context pushed.
"""

from __future__ import annotations

import contextlib
import gc
import sys
from collections.abc import Sequence
from pathlib import Path

import click
from flask import Flask
from flask.cli import FlaskGroup, ScriptInfo, pass_script_info, routes_command, shell_command

from . import create_app
from .web.network import is_loopback, phone_url

#: Open connections waitress keeps (each open board holds one between its polls).
CONNECTION_LIMIT = 1000


def _print_qr(url: str) -> None:
    """The address as a QR code in the terminal, when the terminal can draw it."""
    import qrcode  # type: ignore[import-untyped]

    code = qrcode.QRCode(border=1)
    code.add_data(url)
    # a terminal without block characters: the printed address is enough
    with contextlib.suppress(UnicodeEncodeError):
        code.print_ascii(out=sys.stdout, invert=True)


def upgrade_database(app: Flask) -> None:
    """Bring the database up to the newest schema (a fresh instance folder gets its tables)."""
    from flask_migrate import upgrade  # type: ignore[import-untyped]

    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    with app.app_context():
        upgrade()


# Not Flask's `run` (the development server): `serve` is the way to run the app.
@click.group(cls=FlaskGroup, create_app=create_app, add_default_commands=False)
def cli() -> None:
    """Scorekeeper: serve the app on this machine's network, manage its database."""


# `--app` would name another app to load: this command has one, and would ignore it.
cli.params = [param for param in cli.params if param.name != "app"]
cli.add_command(shell_command)
cli.add_command(routes_command)


# The app is loaded here, not by the group: no app context is held while waitress serves.
@cli.command(with_appcontext=False)
@click.option(
    "--host",
    default="0.0.0.0",
    show_default=True,
    help="Address to listen on (0.0.0.0: all interfaces).",
)
@click.option(
    "--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="Port."
)
# 16 threads: a request that is searching holds one for up to a second, and the boards'
# polls and the health check must still find one free (load_arrange.py: /healthz worst
# 241 ms with 8 threads, 73 ms with 16, while eight heavy searches run).
@click.option(
    "--threads",
    type=click.IntRange(min=1),
    default=16,
    show_default=True,
    help="Worker threads.",
)
@click.option(
    "--household",
    is_flag=True,
    help="List every game on this server on the home page (a family server where everyone "
    "trusts each other); also SCOREKEEPER_HOUSEHOLD=1.",
)
@pass_script_info
def serve(info: ScriptInfo, host: str, port: int, threads: int, household: bool) -> None:
    """Serve the app on this machine's network with waitress (never the debug server).

    Brings the database up to the newest schema first, then prints the address phones should
    open (and its QR code, in a terminal).
    """
    import waitress  # type: ignore[import-untyped]

    app = info.load_app()
    if household:
        app.config["HOUSEHOLD"] = True
    upgrade_database(app)
    # A search holds the GIL while it works: hand it over every millisecond (not every five),
    # so that the board's polls and the health check answer while one runs.
    sys.setswitchinterval(0.001)
    # The app's own objects live as long as the server: the collector need not walk them
    # again on every full pass (a pass after a big search otherwise stalls every thread).
    gc.collect()
    gc.freeze()
    url = phone_url(host, port)
    if url is None:
        click.echo(
            "Could not find this machine's network address. Phones on the same Wi-Fi "
            f"should open http://<this machine's address>:{port}/"
        )
    else:
        click.echo(f"Phones on the same Wi-Fi should open: {url}")
        if sys.stdout.isatty():
            _print_qr(url)
    if is_loopback(host):
        click.echo(
            f"Listening on {host} only: other devices cannot connect. "
            "Use --host 0.0.0.0 to let phones in."
        )
    from .web.home import household as lists_every_game

    with app.app_context():
        everyone = lists_every_game()
    if everyone:
        click.echo("Household server: the home page lists every game on it, for everyone.")
    sys.stdout.flush()
    # Every open scoreboard keeps a connection: waitress's default limit of 100 would leave a
    # big room's phones waiting; poll() rather than select() for more than 1024 of them.
    waitress.serve(
        app,
        host=host,
        port=port,
        threads=threads,
        connection_limit=CONNECTION_LIMIT,
        asyncore_use_poll=True,
    )


def main(argv: Sequence[str] | None = None) -> None:
    """The ``scorekeeper`` console script and ``python -m scorekeeper``: run :func:`cli` on
    ``argv`` (by default the command line); it exits with the command's status."""
    cli.main(args=argv)
