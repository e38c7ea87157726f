"""The home page: a big "New game" button and the games this browser started or opened.

Only this browser's games are listed (its session remembers them, see :mod:`.links`), never
other people's. A household server (``scorekeeper serve --household``, the config's
``HOUSEHOLD = True`` or ``SCOREKEEPER_HOUSEHOLD=1`` in the environment) lists every game on it
instead, newest first: for a family server where everyone trusts each other.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime

from flask import Blueprint, current_app, render_template, url_for
from sqlalchemy import func, or_, select

from ..store.db import db
from ..store.models import Game, Round, utcnow
from . import links

bp = Blueprint("home", __name__)

#: The most games a household server lists.
HOUSEHOLD_LIMIT = 100
ENVIRONMENT_SWITCH = "SCOREKEEPER_HOUSEHOLD"


def household() -> bool:
    """Whether this server lists every game: the ``HOUSEHOLD`` config, else the environment."""
    setting = current_app.config.get("HOUSEHOLD")
    if setting is None:
        setting = os.environ.get(ENVIRONMENT_SWITCH, "").strip().lower() in (
            "1",
            "true",
            "yes",
            "on",
        )
    return bool(setting)


@dataclass(frozen=True)
class GameEntry:
    """A game in the list: its links for this browser, and what to show about it."""

    game: Game
    rounds: int
    url: str  # the scorer's page when this browser scores it, else the watchers'
    role: str  # "scorer" or "watcher"
    watch_url: str | None = None  # household servers show both links

    @property
    def players(self) -> str:
        return ", ".join(player.name for player in self.game.players)

    @property
    def since(self) -> str | None:
        return ago(self.game.updated_at, utcnow())


def ago(then: datetime, now: datetime) -> str | None:
    """How long ago, in words a phone can show at a glance (no time zone needed), up to a week;
    None past that, for the page to show the date (in the viewer's time, :mod:`.times`).

    >>> from datetime import UTC, timedelta
    >>> now = datetime(2026, 11, 29, 21, 0, tzinfo=UTC)
    >>> [ago(now - timedelta(**span), now) for span in ({"seconds": 20}, {"minutes": 5},
    ...  {"hours": 3}, {"days": 1}, {"days": 4}, {"days": 40})]
    ['just now', '5 min ago', '3 h ago', 'yesterday', '4 days ago', None]
    """
    seconds = (now - then).total_seconds()
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        return f"{int(seconds // 60)} min ago"
    if seconds < 86400:
        return f"{int(seconds // 3600)} h ago"
    days = int(seconds // 86400)
    if days == 1:
        return "yesterday"
    return f"{days} days ago" if days < 7 else None


def _round_counts(ids: list[int]) -> dict[int, int]:
    if not ids:
        return {}
    rows = db.session.execute(
        select(Round.game_id, func.count()).where(Round.game_id.in_(ids)).group_by(Round.game_id)
    )
    return {game_id: count for game_id, count in rows}


def _remembered_games() -> list[GameEntry]:
    remembered = links.remembered_tokens()  # newest first, each game once
    if not remembered:
        return []
    tokens = [token for _, token in remembered]
    found: dict[str, Game] = {}
    for stored in db.session.scalars(
        select(Game).where(or_(Game.scorer_token.in_(tokens), Game.watcher_token.in_(tokens)))
    ):
        found[stored.scorer_token] = found[stored.watcher_token] = stored
    counts = _round_counts([game.id for game in found.values()])
    entries = []
    for role, token in remembered:
        game = found.get(token)
        if game is None or (role == "scorer") != (token == game.scorer_token):
            continue  # a game no longer on this server, or a link since replaced
        url = (
            url_for("games.scorer_page", token=token)
            if role == "scorer"
            else url_for("board.watcher_page", token=token)
        )
        entries.append(GameEntry(game, counts.get(game.id, 0), url, role))
    return entries


def _household_games() -> list[GameEntry]:
    games = list(
        db.session.scalars(
            select(Game).order_by(Game.created_at.desc(), Game.id.desc()).limit(HOUSEHOLD_LIMIT)
        )
    )
    counts = _round_counts([game.id for game in games])
    return [
        GameEntry(
            game,
            counts.get(game.id, 0),
            url_for("games.scorer_page", token=game.scorer_token),
            "scorer",
            url_for("board.watcher_page", token=game.watcher_token),
        )
        for game in games
    ]


@bp.get("/")
def index() -> str:
    """What the app is, a "New game" button, and this browser's games."""
    everyone = household()
    games = _household_games() if everyone else _remembered_games()
    return render_template(
        "home.html", games=games, household=everyone, household_limit=HOUSEHOLD_LIMIT
    )
