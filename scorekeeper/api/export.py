"""A game as CSV (API.md): ``GET /w/<watcher_token>.csv``, one row per player per round (and one
per final bonus), each player's ``total`` column adding up to their total in the game. On the
games' JSON blueprint (``games_api``), beside ``<view_url>.json``, with the same ETag."""

from __future__ import annotations

import re

from flask import Response, request

from ..store import export
from ..web import links
from .errors import ApiError
from .games import NO_GAME, bp


def file_name(name: str, suffix: str) -> str:
    """A download's file name from a game's name: letters, digits and dashes.

    >>> file_name("Friday's game / 2", "csv")
    'friday-s-game-2.csv'
    """
    stem = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")[:60] or "game"
    return f"{stem}.{suffix}"


@bp.get("/w/<token>.csv")
def game_csv(token: str) -> Response:
    """The game as CSV, to download (a spreadsheet opens it)."""
    version = links.watched_version(token)
    if version is None:
        raise ApiError(NO_GAME, 404)
    etag = f'"{version}"'
    if request.if_none_match.contains_weak(str(version)):
        response = Response(status=304)
    else:
        game = links.game_by_token("watcher", token)
        if game is None:
            raise ApiError(NO_GAME, 404)
        response = Response(export.csv_text(export.csv_rows(game)), mimetype="text/csv")
        response.headers["Content-Disposition"] = (
            f'attachment; filename="{file_name(game.name, "csv")}"'
        )
    response.headers["ETag"] = etag
    response.headers["Cache-Control"] = "private, no-cache"
    return response
