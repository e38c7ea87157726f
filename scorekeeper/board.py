"""The watchers' live scoreboard: ``/w/<token>``, read-only, shared by QR code.

The page polls ``/w/<token>/board?since=<version>`` every :data:`POLL_SECONDS`. While the game is
at that version the answer is a 204 with no body after one indexed read (htmx swaps nothing);
after a change it is the live part of the board at the new version, which carries the next
poll's ``since``. The only state is the game's version in the database, so any number of server
processes can answer.
"""

from __future__ import annotations

from flask import Blueprint, Response, abort, make_response, render_template, request
from werkzeug.wrappers import Response as BaseResponse

from . import links, records
from .models import TOKEN_BYTES, Game
from .qr import qr_svg
from .scoreboard import board

bp = Blueprint("board", __name__)

#: How often an open board asks whether the game changed: a save shows everywhere within about
#: this long (plus one request).
POLL_SECONDS = 1.5
_NO_STORE = "no-store"  # a board is always asked afresh


def share_context(game: Game) -> dict[str, object]:
    """The watcher link as phones reach it, and its QR code."""
    url = links.public_url("board.watcher_page", token=game.watcher_token)
    return {"watch_url": url, "watch_qr": qr_svg(url, label=f"QR code of the link to watch "
                                                          f"{game.name}")}


def _live(game: Game) -> dict[str, object]:
    return {"board": board(game), "token": game.watcher_token, "controls": False,
            "poll_ms": int(POLL_SECONDS * 1000)}


@bp.get("/w/<token>")
def watcher_page(token: str) -> BaseResponse:
    """The scoreboard of a game, live: standings, the round in play, the chart, every round."""
    game = links.watcher_game(token)
    links.remember(game, "watcher")
    response = make_response(render_template("board/page.html", game=game, **_live(game),
                                             **share_context(game)))
    response.headers["Cache-Control"] = _NO_STORE
    return response


@bp.get("/w/<token>/board")
def poll(token: str) -> BaseResponse:
    """The live part of the board if the game changed since ``since``; else 204, no body."""
    version = records.watched_version(token) if len(token) <= 2 * TOKEN_BYTES else None
    if version is None:
        abort(404, links.NO_GAME)
    if request.args.get("since", type=int) == version:
        return Response(status=204, headers={"Cache-Control": _NO_STORE, "Vary": "HX-Request"})
    game = links.watcher_game(token)
    response = make_response(render_template("board/_live.html", **_live(game)))
    response.headers.update({"ETag": f'"{game.version}"', "Cache-Control": _NO_STORE,
                             "Vary": "HX-Request"})
    return response
