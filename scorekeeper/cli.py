"""The ``scorekeeper`` command: ``scorekeeper serve`` runs the app for phones on the same Wi-Fi."""

from __future__ import annotations

import argparse
import contextlib
import gc
import sys
from collections.abc import Sequence
from pathlib import Path

from flask import Flask

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


def serve(host: str, port: int, threads: int, household: bool = False) -> int:
    """Run the app with waitress (never the debug server). ``household``: the home page lists
    every game on this server, not only the games each browser opened."""
    import waitress  # type: ignore[import-untyped]

    from . import create_app

    app = create_app()
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
        print(
            "Could not find this machine's network address. Phones on the same Wi-Fi "
            f"should open http://<this machine's address>:{port}/"
        )
    else:
        print(f"Phones on the same Wi-Fi should open: {url}")
        if sys.stdout.isatty():
            _print_qr(url)
    if is_loopback(host):
        print(
            f"Listening on {host} only: other devices cannot connect. "
            "Use --host 0.0.0.0 to let phones in."
        )
    from .web.home import household as lists_every_game

    with app.app_context():
        everyone = lists_every_game()
    if everyone:
        print("Household server: the home page lists every game on it, for everyone.")
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
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="scorekeeper", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    serve_parser = commands.add_parser("serve", help="serve the app on this machine's network")
    serve_parser.add_argument(
        "--host", default="0.0.0.0", help="address to listen on (default: all interfaces)"
    )
    serve_parser.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    # 16 threads: a request that is searching holds one for up to a second, and the boards'
    # polls and the health check must still find one free (load_arrange.py: /healthz worst
    # 241 ms with 8 threads, 73 ms with 16, while eight heavy searches run).
    serve_parser.add_argument(
        "--threads", type=int, default=16, help="worker threads (default: 16)"
    )
    serve_parser.add_argument(
        "--household",
        action="store_true",
        help="list every game on this server on the home page (a family "
        "server where everyone trusts each other); also "
        "SCOREKEEPER_HOUSEHOLD=1",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``scorekeeper`` console script."""
    args = build_parser().parse_args(argv)
    if args.command == "serve":
        return serve(args.host, args.port, args.threads, args.household)
    return 2  # argparse rejects unknown commands before this
