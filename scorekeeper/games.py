"""The game's pages: start a game, the scorer's game page, the watchers' scoreboard."""

from __future__ import annotations

from flask import Blueprint, abort

from . import csrf

bp = Blueprint("games", __name__)
csrf.protect(bp)


@bp.get("/s/<token>")
def scorer_page(token: str) -> str:
    """The scorer's page of a game (to be built)."""
    abort(404)


@bp.get("/w/<token>")
def watcher_page(token: str) -> str:
    """The watchers' scoreboard of a game (to be built)."""
    abort(404)
