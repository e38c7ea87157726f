"""A change to a game: one transaction that takes the game's next version and logs the change.

Every change commits (or rolls back) its own transaction, whose first statement bumps
``game.version`` by one: concurrent writers to a game queue there (the row's lock on PostgreSQL,
the write lock on SQLite). A caller that rendered a form at some version passes
``expected_version`` to refuse a stale edit (:class:`StaleGame`).

Every change is logged (:class:`.models.GameChange`) by :func:`commit`, in the
change's own transaction, with what is needed to take it back (:mod:`.history` reads
the log and undoes).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.exc import StaleDataError

from .db import db
from .models import Game, GameChange, Round, utcnow


class StaleGame(Exception):
    """The game changed since the version the caller saw: reload and try again."""


def _bump(game: Game, expected_version: int | None) -> None:
    """Take the game's next version: one UPDATE first in the transaction, which also queues
    concurrent writers (the row's lock on PostgreSQL, the write lock on SQLite)."""
    now = utcnow()
    query = update(Game).where(Game.id == game.id)
    if expected_version is not None:
        query = query.where(Game.version == expected_version)
    version = db.session.scalar(
        query.values(version=Game.version + 1, updated_at=now).returning(Game.version),
        execution_options={"synchronize_session": False},
    )
    if version is None:
        current = db.session.scalar(select(Game.version).where(Game.id == game.id))
        raise StaleGame(f"the game is at version {current}, not {expected_version}")
    set_committed_value(game, "version", version)
    set_committed_value(game, "updated_at", now)


@dataclass(frozen=True)
class Logged:
    """What a change did, for the game's log (see :class:`.models.GameChange`)."""

    kind: str
    round_number: int | None = None
    before: dict[str, Any] | None = None


def commit(game: Game, expected_version: int | None, change: Callable[[], Logged | None]) -> None:
    """Run ``change`` in one transaction after taking the game's next version, and log what it
    says it did (an undo says nothing: it marks the change it reverts instead)."""
    try:
        _bump(game, expected_version)
        logged = change()
        if logged is not None:
            db.session.add(
                GameChange(
                    game=game,
                    version=game.version,
                    kind=logged.kind,
                    round_number=logged.round_number,
                    before=logged.before,
                )
            )
        db.session.commit()
    except StaleDataError:  # the row's version check; not expected while the bump holds the lock
        db.session.rollback()
        raise StaleGame("the game was changed by someone else meanwhile") from None
    except BaseException:
        db.session.rollback()
        raise


def reread(game: Game) -> None:
    """Read the game's own fields again, inside the change's transaction (after the bump): what
    the log saves and what undo restores must be the stored values, not an older copy."""
    db.session.refresh(game, ["name", "finished_at", "next_wild_rank", "system_data"])


def iso_time(value: datetime | None) -> str | None:
    """A time as the log saves it."""
    return None if value is None else value.isoformat()


def parse_iso_time(value: Any) -> datetime | None:
    """A time the log saved, read back."""
    return None if value is None else datetime.fromisoformat(str(value))


def snapshot(round: Round) -> dict[str, Any]:
    """Every stored field of a round and its parts, as JSON (what undo restores)."""
    return {
        "number": round.number,
        "dealer_id": round.dealer_id,
        "wild_rank": round.wild_rank,
        "joker_effect": round.joker_effect,
        "ended_by": round.ended_by,
        "went_out_id": round.went_out_id,
        "accepted_warnings": list(round.accepted_warnings),
        "idempotency_key": round.idempotency_key,
        "created_at": iso_time(round.created_at),
        "updated_at": iso_time(round.updated_at),
        "parts": [
            {
                "player_id": part.player_id,
                "position": part.position,
                "opening": part.opening,
                "melds": part.melds,
                "layoffs": part.layoffs,
                "hand": part.hand,
                "called": part.called,
                "melded_points": part.melded_points,
                "hand_points": part.hand_points,
                "total": part.total,
                "system_data": part.system_data,
            }
            for part in round.parts
        ],
    }
