"""The ``scorekeeper`` command: one click group on Flask's CLI.

``scorekeeper serve`` runs the app for phones on the same Wi-Fi; ``scorekeeper db upgrade`` (and
the other Flask-Migrate ``db`` commands) manage the database; ``export``, ``import`` and ``backup``
move and keep every game (API.md); ``shell`` and ``routes`` are Flask's.
A new command is a plain ``@cli.command()``: it runs with the app's context pushed.
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
from collections.abc import Sequence
from pathlib import Path

import click
from flask import Flask
from flask.cli import FlaskGroup, ScriptInfo, pass_script_info, routes_command, shell_command

from . import create_app
from .web.network import is_loopback, phone_url

#: Open connections waitress keeps: each open board holds one between its polls (an unchanged
#: poll keeps its connection), so a room of a few thousand boards needs as many.
CONNECTION_LIMIT = 4000


def open_files_for(connections: int) -> int:
    """Raise this process's soft limit on open files toward what ``connections`` need (as far
    as the hard limit allows, where the platform has one); the connections it can then take."""
    try:
        import resource
    except ImportError:  # pragma: no cover (Windows: no such limit to raise)
        return connections
    wanted = connections + 100  # the database, the log, the listening socket …
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        soft = target
    return connections if soft == resource.RLIM_INFINITY else min(connections, soft - 100)


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
@click.option(
    "--trusted-proxy",
    metavar="ADDRESS",
    envvar="TRUSTED_PROXY",
    help="Behind a reverse proxy at ADDRESS ('*': whatever connects) that sets "
    "X-Forwarded-For/-Proto/-Host/-Port: believe them (the client's address, https). "
    "PROXY_FIX=1 alone means '*'; also TRUSTED_PROXY=ADDRESS.",
)
@pass_script_info
def serve(
    info: ScriptInfo,
    host: str,
    port: int,
    threads: int,
    household: bool,
    trusted_proxy: str | None,
) -> None:
    """Serve the app on this machine's network with waitress (never the debug server).

    Brings the database up to the newest schema first, then prints the address phones should
    open (and its QR code, in a terminal).
    """
    import waitress  # type: ignore[import-untyped]

    app = info.load_app()
    if household:
        app.config["HOUSEHOLD"] = True
    behind = proxy_options(trusted_proxy, bool(app.config.get("PROXY_FIX")))
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
        connection_limit=open_files_for(CONNECTION_LIMIT),
        asyncore_use_poll=True,
        **behind,
    )


#: The forwarded headers a trusted proxy sets (waitress clears them unless told to trust it).
FORWARDED_HEADERS = frozenset(
    {"x-forwarded-for", "x-forwarded-proto", "x-forwarded-host", "x-forwarded-port"}
)


def proxy_options(trusted_proxy: str | None, proxy_fix: bool) -> dict[str, object]:
    """What waitress is told about the proxy in front of it: nothing without one (forwarded
    headers are then cleared, as a client could claim anything in them); with one, to trust the
    last hop's forwarded headers when they come from ``trusted_proxy`` (``PROXY_FIX`` alone:
    from whatever connects, as ProxyFix under gunicorn does).

    >>> proxy_options(None, False)
    {}
    >>> options = proxy_options("10.0.0.2", False)
    >>> options["trusted_proxy"], options["trusted_proxy_count"]
    ('10.0.0.2', 1)
    >>> proxy_options(None, True)["trusted_proxy"]
    '*'
    """
    address = trusted_proxy or ("*" if proxy_fix else None)
    if not address:
        return {}
    return {
        "trusted_proxy": address,
        "trusted_proxy_count": 1,
        "trusted_proxy_headers": set(FORWARDED_HEADERS),
    }


# --- export, import, backup (API.md, "Export, import, backup") ---------------------------------


@cli.command("export")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
def export_command(file: str) -> None:
    """Write every game (rules, players, rounds as recorded, change log, links) to FILE as one
    JSON document ("-": standard output). `scorekeeper import FILE` loads it elsewhere."""
    import json

    from .store import export

    doc = export.document()
    text = json.dumps(doc, ensure_ascii=False, indent=1)
    if file == "-":
        click.echo(text)
        return
    _write_private(Path(file), text + "\n")
    rounds = sum(len(game["rounds"]) for game in doc["games"])
    click.echo(
        f"Exported {_count(len(doc['games']), 'game')} ({_count(rounds, 'round')}) to {file}."
    )


def _count(number: int, thing: str) -> str:
    return f"{number} {thing}{'' if number == 1 else 's'}"


def _write_private(path: Path, text: str) -> None:
    """Write ``text`` to ``path``, readable by its owner only (it holds every game's links)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(text)


@cli.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, allow_dash=True))
@click.option(
    "--skip-existing",
    is_flag=True,
    help="Leave out the games already here (same links) and import the others; without it, "
    "such a game refuses the whole import.",
)
def import_command(file: str, skip_existing: bool) -> None:
    """Load the games of an export FILE into this instance ("-": standard input). An existing
    game with the same links is never overwritten. Brings the database up to date first."""
    import json

    from flask import current_app

    from .store import export

    upgrade_database(current_app)  # a new machine starts empty
    with click.open_file(file, encoding="utf-8") as source:
        try:
            doc = json.load(source)
        except json.JSONDecodeError as error:
            raise click.ClickException(f"{file} is not JSON: {error}") from None
        except UnicodeDecodeError as error:
            raise click.ClickException(
                f"{file} is not UTF-8 text (byte {error.start}): not a scorekeeper export"
            ) from None
    try:
        loaded = export.load(doc, skip_existing=skip_existing)
    except export.ImportRefused as refused:
        raise click.ClickException(f"Nothing was imported: {refused}") from None
    click.echo(
        f"Imported {_count(len(loaded.imported), 'game')} "
        f"({_count(loaded.rounds, 'round')}) from {file}."
    )
    if loaded.skipped:
        click.echo(f"Left out, already here: {', '.join(loaded.skipped)}.")
    if loaded.new_scorer_links:
        click.echo(
            "No scorer link in the file (a watcher's download) for "
            f"{', '.join(loaded.new_scorer_links)}: each got a new scorer link here; their "
            "scoreboard links open as before."
        )


@cli.command("backup")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--overwrite", is_flag=True, help="Replace FILE if it exists.")
def backup_command(file: Path, overwrite: bool) -> None:
    """Write a consistent copy of the SQLite database to FILE, also while the server is saving
    rounds (SQLite's online backup). To restore: stop the server, put the copy in the
    database's place (README, "History, export and backup")."""
    from .store import export

    if file.exists() and not overwrite:
        raise click.ClickException(f"{file} exists: choose another name, or --overwrite")
    try:
        taken = export.backup(file)
    except export.BackupError as error:
        raise click.ClickException(str(error)) from None
    click.echo(
        f"Backed up {_count(taken.games, 'game')} ({_count(taken.rounds, 'round')}) "
        f"from {taken.source} to {taken.path}."
    )


def main(argv: Sequence[str] | None = None) -> None:
    """The ``scorekeeper`` console script and ``python -m scorekeeper``: run :func:`cli` on
    ``argv`` (by default the command line); it exits with the command's status."""
    cli.main(args=argv)
