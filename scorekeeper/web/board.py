"""The watchers' live scoreboard: ``/w/<token>``, read-only, shared by QR code.

The page polls ``/w/<token>/board?since=<version>`` every :data:`POLL_SECONDS`. While the game is
at that version the answer is empty after one indexed read and htmx swaps nothing (polls.py);
after a change it is the live part of the board at the new version, which carries the next
poll's ``since``. The only state is the game's version in the database, so any number of server
processes can answer.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager

from flask import Blueprint, Response, abort, make_response, render_template, request
from markupsafe import Markup
from werkzeug.wrappers import Response as BaseResponse

from ..store.models import Game
from ..store.scoreboard import RECENT_ROUNDS, board
from . import links
from .polls import UNCHANGED, VERSION_KEY
from .qr import qr_svg

bp = Blueprint("board", __name__)

#: How often an open board asks whether the game changed: a save shows everywhere within about
#: this long (plus one request).
POLL_SECONDS = 1.5
_NO_STORE = "no-store"  # a board is always asked afresh


def share_context(game: Game) -> dict[str, object]:
    """The watcher link as phones reach it, and its QR code."""
    url = links.public_url("board.watcher_page", token=game.watcher_token)
    return {
        "watch_url": url,
        "watch_qr": qr_svg(url, label=f"QR code of the link to watch {game.name}"),
    }


class RenderedBoards:
    """The live board's HTML by (watcher token, version), the newest few kept (a board with
    every round is kept under the token and ``/all``).

    When the scorer saves, every open board asks within a poll interval; each would rescore the
    game and render the same HTML. Here it is rendered once per version in each process. This is
    not state the boards rely on: the version is always read from the database first, so any
    number of processes answer alike; the memo only spares them repeating the same work.
    """

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self._html: OrderedDict[tuple[str, int], str] = OrderedDict()
        self._lock = threading.Lock()
        # per board, while one thread renders it: the others asking for that board wait for its
        # HTML (and boards of other games never wait); each with the number of threads using it
        self._rendering: dict[str, tuple[threading.Lock, list[int]]] = {}

    def get(self, token: str, version: int) -> str | None:
        with self._lock:
            html = self._html.get((token, version))
            if html is not None:
                self._html.move_to_end((token, version))
            return html

    @contextmanager
    def rendering(self, token: str) -> Iterator[None]:
        """Held while one thread renders this board (only this board's askers wait)."""
        with self._lock:
            lock, users = self._rendering.setdefault(token, (threading.Lock(), [0]))
            users[0] += 1
        try:
            with lock:
                yield
        finally:
            with self._lock:
                users[0] -= 1
                if not users[0]:
                    del self._rendering[token]

    def put(self, token: str, version: int, html: str) -> None:
        with self._lock:
            self._html[(token, version)] = html
            self._html.move_to_end((token, version))
            while len(self._html) > self.size:
                self._html.popitem(last=False)


rendered_boards = RenderedBoards()


def live_html(game: Game, everything: bool = False) -> str:
    """The live part of the game's board at its current version (every round in its table
    when ``everything``, else the last :data:`RECENT_ROUNDS`)."""
    key = f"{game.watcher_token}/all" if everything else game.watcher_token
    html = rendered_boards.get(key, game.version)
    if html is not None:
        return html
    # right after a save, every board of the game asks at once: render it once
    with rendered_boards.rendering(key):
        html = rendered_boards.get(key, game.version)
        if html is None:
            html = render_template(
                "board/_live.html",
                board=board(game, recent=None if everything else RECENT_ROUNDS),
                token=game.watcher_token,
                controls=False,
                everything=everything,
                poll_ms=int(POLL_SECONDS * 1000),
            )
            rendered_boards.put(key, game.version, html)
    return html


def _everything() -> bool:
    """Whether the rounds table should hold every round (``?rounds=all``)."""
    return request.args.get("rounds") == "all"


@bp.get("/w/<token>")
def watcher_page(token: str) -> BaseResponse:
    """The scoreboard of a game, live: standings, the round in play, the chart, every round."""
    game = links.watcher_game(token)
    links.remember(game, "watcher")
    response = make_response(
        render_template(
            "board/page.html",
            game=game,
            live_html=Markup(live_html(game, _everything())),  # rendered here
            **share_context(game),
        )
    )
    response.headers["Cache-Control"] = _NO_STORE
    return response


@bp.get("/w/<token>/board")
def poll(token: str) -> BaseResponse:
    """The live part of the board if the game changed since ``since``; else no body."""
    # read by the middleware in front (polls.py) when it let the poll through
    version = request.environ.get(VERSION_KEY, False)
    if version is False:
        version = links.watched_version(token)
    if version is None:
        abort(404, links.NO_GAME)
    if request.args.get("since", type=int) == version:
        return Response(status=200, headers=UNCHANGED[1])
    everything = _everything()
    key = f"{token}/all" if everything else token
    html = rendered_boards.get(key, version)
    if html is None:  # not rendered here yet: load the game (at its version now) and render it
        with rendered_boards.rendering(key):
            html = rendered_boards.get(key, version)  # another thread may just have done it
        if html is None:
            game = links.watcher_game(token)
            version, html = game.version, live_html(game, everything)
    response = make_response(html)
    response.headers.update(
        {"ETag": f'"{version}"', "Cache-Control": _NO_STORE, "Vary": "HX-Request"}
    )
    return response
