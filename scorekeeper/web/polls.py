"""Unchanged board polls answered before Flask: most of a card night's requests cost a lookup.

Every open board asks ``GET /w/<token>/board?since=<version>`` every 1.5 s. While the game is at
that version the answer is :data:`UNCHANGED`, an empty 200 that tells htmx not to swap; this
WSGI middleware gives it without building a request, a session or a response object. (Not a
204: waitress closes the connection after every 204 and 304, so each poll would open a new one.)
The version is read from the database (one indexed read,
:func:`..store.records.watched_version`) and kept for ``POLL_VERSION_TTL`` seconds per token,
so that a thousand boards of one game cost the database a couple of reads a second. A
save then reaches every board within the poll interval plus that time (2 s with the defaults,
in any number of processes: nothing is shared but the database). Anything else (a changed game,
a bad token, another path) goes on to Flask as before.
"""

from __future__ import annotations

import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask

from ..store import records
from .security import HSTS, SECURITY_HEADERS

#: How long a version read is trusted, in seconds (0 under TESTING, so tests see every save).
POLL_VERSION_TTL = 0.5
#: Tokens whose version is kept (the oldest read goes first).
KEPT = 10_000
_POLL = re.compile(r"/w/([A-Za-z0-9_-]{1,64})/board")
_SINCE = re.compile(r"(?:^|&)since=(\d{1,9})(?:&|$)")
#: Where a poll that goes on to Flask carries the version read here.
VERSION_KEY = "scorekeeper.watched_version"
#: The answer to an unchanged poll: no body, nothing for htmx to swap, the connection kept;
#: with the security headers every other answer carries (HSTS added over https).
UNCHANGED = (
    "200 OK",
    [
        ("Content-Length", "0"),
        ("HX-Reswap", "none"),
        ("Cache-Control", "no-store"),
        ("Vary", "HX-Request"),
        *SECURITY_HEADERS.items(),
    ],
)

StartResponse = Callable[..., Any]
WsgiApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


class VersionCache:
    """The game version per watcher token, each kept for ``ttl`` seconds."""

    def __init__(self, read: Callable[[str], int | None], ttl: float) -> None:
        self.read, self.ttl = read, ttl
        self._kept: OrderedDict[str, tuple[float, int | None]] = OrderedDict()
        self._lock = threading.Lock()

    def version(self, token: str) -> int | None:
        now = time.monotonic()
        with self._lock:
            kept = self._kept.get(token)
        if kept is not None and now - kept[0] < self.ttl:
            return kept[1]
        version = self.read(token)
        if self.ttl > 0:
            with self._lock:
                self._kept[token] = (now, version)
                self._kept.move_to_end(token)
                while len(self._kept) > KEPT:
                    self._kept.popitem(last=False)
        return version


class UnchangedPolls:
    """WSGI middleware: :data:`UNCHANGED` for a board poll whose ``since`` is the version."""

    def __init__(self, app: Flask, wsgi_app: WsgiApp) -> None:
        self.app, self.wsgi_app = app, wsgi_app
        ttl = float(app.config.get("POLL_VERSION_TTL", 0 if app.testing else POLL_VERSION_TTL))
        self.versions = VersionCache(self._read, ttl)

    def _read(self, token: str) -> int | None:
        with self.app.app_context():
            return records.watched_version(token)

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        if environ.get("REQUEST_METHOD") == "GET":
            poll = _POLL.fullmatch(environ.get("PATH_INFO", ""))
            since = _SINCE.search(environ.get("QUERY_STRING", "")) if poll else None
            if poll and since:
                version = self.versions.version(poll.group(1))
                if version == int(since.group(1)):
                    headers = list(UNCHANGED[1])
                    if environ.get("wsgi.url_scheme") == "https":
                        headers.append(("Strict-Transport-Security", HSTS))
                    start_response(UNCHANGED[0], headers)
                    return []
                environ[VERSION_KEY] = version  # the view need not read it again
        return self.wsgi_app(environ, start_response)


def init_app(app: Flask) -> None:
    app.wsgi_app = UnchangedPolls(app, app.wsgi_app)  # type: ignore[method-assign]
