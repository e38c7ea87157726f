"""A game reached by its link: the scorer's token or the watchers', and this browser's list of
the games it has opened (kept in its session cookie, so nobody can list other people's games)."""

from __future__ import annotations

import re
from typing import Any, Literal

from flask import abort, current_app, request, session, url_for
from sqlalchemy import select

from ..store import records
from ..store.db import db
from ..store.models import TOKEN_BYTES, Game
from .network import reachable_base

Role = Literal["scorer", "watcher"]
#: How many games a browser remembers (newest first); the cookie stays well under 4 KB.
REMEMBERED = 24
_SESSION_KEY = "games"
#: Tokens are 32 characters; anything much longer is never a game and not worth a query.
MAX_TOKEN_LENGTH = 2 * TOKEN_BYTES
_TOKEN = re.compile(rf"[A-Za-z0-9_-]{{1,{MAX_TOKEN_LENGTH}}}")
NO_GAME = "No game has this link. Check the address you were given, or ask the scorer for it."


def well_formed(token: str) -> bool:
    r"""Whether ``token`` could be a link's: the letters :func:`~.models.new_token` writes
    (URL-safe base64), at most :data:`MAX_TOKEN_LENGTH` of them. Anything else opens no game and
    is not worth a query (a NUL in one makes PostgreSQL refuse the query itself).

    >>> well_formed("AbC-_9"), well_formed("x\x00"), well_formed("a" * 49), well_formed("")
    (True, False, False, False)
    """
    return _TOKEN.fullmatch(token) is not None


def game_by_token(role: Role, token: str) -> Game | None:
    """The game whose ``role`` link carries ``token`` (one indexed read), None if none: the one
    lookup the pages and the JSON share (each answers a miss in its own way)."""
    if not well_formed(token):
        return None  # never a game, and not worth a query
    column = Game.scorer_token if role == "scorer" else Game.watcher_token
    return db.session.scalar(select(Game).where(column == token))


def watched_version(token: str) -> int | None:
    """The version of the game this watcher token opens (one indexed read), None if none."""
    return records.watched_version(token) if well_formed(token) else None


def scorer_game(token: str) -> Game:
    """The game whose scorer link carries ``token``; a 404 otherwise (a watcher's token too)."""
    return game_by_token("scorer", token) or abort(404, NO_GAME)


def watcher_game(token: str) -> Game:
    """The game whose watcher link carries ``token``; a 404 otherwise."""
    return game_by_token("watcher", token) or abort(404, NO_GAME)


def remember(game: Game, role: Role) -> None:
    """Put the game first in this browser's list (as scorer if it ever opened the scorer link).

    The list holds the game's link tokens, never its id: ids are sequential, so a session
    forged with a leaked secret key could otherwise list every game with its scorer link.
    """
    entries = remembered_tokens()
    token = game.scorer_token if role == "scorer" else game.watcher_token
    was_scorer = any(role == "scorer" and t == game.scorer_token for role, t in entries)
    if was_scorer:
        role, token = "scorer", game.scorer_token
    theirs = {game.scorer_token, game.watcher_token}
    kept = [[r, t] for r, t in entries if t not in theirs]
    if entries[:1] != [(role, token)]:
        session[_SESSION_KEY] = [[role, token], *kept][:REMEMBERED]
        session.permanent = True


def remembered_tokens() -> list[tuple[Role, str]]:
    """The games this browser opened, newest first: (role, that link's token). Entries of the
    old form (a game id) are dropped."""
    out: list[tuple[Role, str]] = []
    for entry in session.get(_SESSION_KEY, []):
        if isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], str):
            role, token = entry
            if role == "scorer" or role == "watcher":
                out.append((role, token))
    return out


def retire(old_token: str, game: Game, role: Role) -> None:
    """This browser's list follows a link it replaced (the old token no longer opens the game)."""
    new = game.scorer_token if role == "scorer" else game.watcher_token
    entries = remembered_tokens()
    if any(token == old_token for _, token in entries):
        session[_SESSION_KEY] = [[r, new if t == old_token else t] for r, t in entries]


def public_url(endpoint: str, **values: Any) -> str:
    """The absolute URL of a page as phones can open it: under ``PUBLIC_BASE_URL`` when set
    (which then carries any path prefix), otherwise at this server's reachable address (its LAN
    address when the request came to localhost)."""
    configured = current_app.config.get("PUBLIC_BASE_URL")
    path = url_for(endpoint, **values)
    if configured:
        path = path.removeprefix(request.script_root)
    return reachable_base(configured, request.host_url).rstrip("/") + path


def game_links(game: Game) -> tuple[str, str]:
    """The game's ``edit_url`` (the scorer's page) and ``view_url`` (the scoreboard page)."""
    return (
        public_url("games.scorer_page", token=game.scorer_token),
        public_url("board.watcher_page", token=game.watcher_token),
    )
