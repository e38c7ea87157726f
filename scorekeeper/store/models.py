"""The tables: games (rules snapshot, tokens, version), players in seat order, rounds, and each
player's part of a round.

Cards are stored as canonical codes (``"10H"``, ``"JK"``) in JSON lists. Scores are not stored,
except each part's ``total``: a cache written with the round, which the tests check against a
rescoring (:mod:`.records` writes rounds and is the one place that asks the engine).

A part's JSON columns:

- ``melds``: ``[{"cards": ["3C", "3D", "3S"], "laid_at_once": false, "doubled": false}, ...]``
- ``layoffs``: ``[{"player_id": 7, "meld": 0, "cards": ["9S"], "final": false}, ...]``: cards
  laid off onto meld number ``meld`` (from 0) of the player whose row id is ``player_id``
- ``hand``, ``called``: lists of codes (``called``: the cards taken by a Rummy call)
- a meld or layoff whose wilds were declared as cards (``JK=5C``) also has ``declared``: per
  card, the code of the card it was declared as, or null (``["5C", null, null]``); without
  any declaration the key is absent, so the ``cards`` lists stay plain codes for every reader

A game family's own data (:mod:`scorekeeper.systems`) lives in JSON columns named
``system_data``: the game's (say, the bids of a hand in play) and each part's (say, a player's bid
and tricks), each validated by the family's typed model, and null where the family has none. A
round of a family that scores sides as a whole keeps each side's points on a :class:`RoundSide`,
a cache like a part's ``total`` (its parts' totals are then 0: no player scores alone).

Each change to a game is logged in ``game_change`` with the version it made (see
:class:`GameChange`), in the same transaction as the change, so that it can be undone.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, CheckConstraint, DateTime, ForeignKey, String, UniqueConstraint
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import Mapped, mapped_column, relationship
from sqlalchemy.types import TypeDecorator

from ..engine.rules import JOKER_EFFECTS
from .db import Model

#: Bytes of randomness in a game token: 192 bits, 32 URL-safe characters.
TOKEN_BYTES = 24
ENDINGS = ("going_out", "stock_out")
#: What a logged change did: a round added, corrected or deleted; the game renamed, marked
#: finished or reopened; the deal noted; a link replaced.
CHANGE_KINDS = (
    "added",
    "corrected",
    "deleted",
    "renamed",
    "finished",
    "reopened",
    "dealt",
    "relinked",
)


def new_token() -> str:
    """An unguessable token for a game link."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def utcnow() -> datetime:
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """An aware UTC datetime on every database (stored naive in UTC; SQLite keeps no zone)."""

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("a stored time must be timezone-aware")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        return None if value is None else value.replace(tzinfo=UTC)


def _in(column: str, values: tuple[str, ...]) -> str:
    return f"{column} IN ({', '.join(repr(value) for value in values)})"


class Game(Model):
    """A game: its rules as they were when it started, its players, its rounds.

    ``version`` goes up by one on every change to the game or its rounds; it is also the
    optimistic lock of the row (an UPDATE from a stale copy matches nothing and fails).
    """

    __tablename__ = "game"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    preset: Mapped[str | None] = mapped_column(String(40))  # what the rules started from
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)  # Rules.to_dict(), never updated
    scorer_token: Mapped[str] = mapped_column(
        String(64), unique=True, index=True, default=new_token
    )
    watcher_token: Mapped[str] = mapped_column(
        String(64), unique=True, index=True, default=new_token
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    first_dealer_seat: Mapped[int | None]  # who deals the first round, when the table said
    # the round in play's wild rank, once its deal showed it (5000: the dealer's upcard)
    next_wild_rank: Mapped[str | None] = mapped_column(String(2))
    # the game family's own data, in its typed model's JSON (null: none)
    system_data: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(default=1)

    players: Mapped[list[Player]] = relationship(
        back_populates="game",
        order_by="Player.seat",
        cascade="all, delete-orphan",
        passive_deletes=True,
        lazy="selectin",
    )
    rounds: Mapped[list[Round]] = relationship(
        back_populates="game",
        order_by="Round.number",
        cascade="all, delete-orphan",
        passive_deletes=True,
    )
    changes: Mapped[list[GameChange]] = relationship(
        back_populates="game",
        order_by="GameChange.version",
        cascade="all, delete-orphan",
        passive_deletes=True,
    )

    # version_id_generator False: changes.commit sets the next version, the UPDATE checks the old
    __mapper_args__ = {  # noqa: RUF012 (declarative reads it once)
        "version_id_col": version,
        "version_id_generator": False,
    }

    def __repr__(self) -> str:
        return f"<Game {self.id} {self.name!r} v{self.version}>"


class Player(Model):
    """A player in seat order (seat 0 first), with the side (team) they play for, if any."""

    __tablename__ = "player"
    __table_args__ = (
        UniqueConstraint("game_id", "seat"),
        UniqueConstraint("game_id", "name"),
        CheckConstraint("seat >= 0", name="seat"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"))
    seat: Mapped[int]
    name: Mapped[str] = mapped_column(String(40))
    team: Mapped[str | None] = mapped_column(String(40))

    game: Mapped[Game] = relationship(back_populates="players")

    def __repr__(self) -> str:
        return f"<Player {self.id} {self.name!r} seat {self.seat}>"


class Round(Model):
    """One deal as recorded, numbered from 1 in the order played."""

    __tablename__ = "round"
    __table_args__ = (
        UniqueConstraint("game_id", "number"),
        UniqueConstraint("game_id", "idempotency_key"),
        CheckConstraint("number >= 1", name="number"),
        CheckConstraint(
            "(ended_by = 'going_out' AND went_out_id IS NOT NULL) OR "
            "(ended_by = 'stock_out' AND went_out_id IS NULL)",
            name="ending",
        ),
        CheckConstraint(_in("joker_effect", JOKER_EFFECTS), name="joker_effect"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"))
    number: Mapped[int]
    dealer_id: Mapped[int | None] = mapped_column(ForeignKey("player.id"))
    wild_rank: Mapped[str | None] = mapped_column(String(2))
    joker_effect: Mapped[str | None] = mapped_column(String(8))
    ended_by: Mapped[str] = mapped_column(String(10))
    went_out_id: Mapped[int | None] = mapped_column(ForeignKey("player.id"))
    accepted_warnings: Mapped[list[str]] = mapped_column(JSON, default=list)
    idempotency_key: Mapped[str | None] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)

    game: Mapped[Game] = relationship(back_populates="rounds")
    dealer: Mapped[Player | None] = relationship(foreign_keys=[dealer_id])
    went_out: Mapped[Player | None] = relationship(foreign_keys=[went_out_id])
    parts: Mapped[list[RoundPart]] = relationship(
        back_populates="round",
        order_by="RoundPart.position",
        cascade="all, delete-orphan",
        passive_deletes=True,
        lazy="selectin",
    )
    sides: Mapped[list[RoundSide]] = relationship(
        back_populates="round",
        order_by="RoundSide.position",
        cascade="all, delete-orphan",
        passive_deletes=True,
        lazy="selectin",
    )

    def cached_totals(self) -> dict[str, int]:
        """What the round added to each player's score, as cached when it was stored."""
        return {part.player.name: part.total for part in self.parts}

    def __repr__(self) -> str:
        return f"<Round {self.id} game {self.game_id} number {self.number}>"


class RoundPart(Model):
    """One player's part of a round: by cards, or by totals when ``melded_points`` is set."""

    __tablename__ = "round_part"
    __table_args__ = (
        UniqueConstraint("round_id", "position"),
        UniqueConstraint("round_id", "player_id"),
        CheckConstraint("melded_points >= 0 AND hand_points >= 0", name="points"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("round.id", ondelete="CASCADE"))
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"), index=True)
    position: Mapped[int]  # order within the round as recorded
    opening: Mapped[bool] = mapped_column(default=False)  # melding for the first time
    melds: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    layoffs: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    hand: Mapped[list[str]] = mapped_column(JSON, default=list)
    called: Mapped[list[str]] = mapped_column(JSON, default=list)
    melded_points: Mapped[int | None]
    hand_points: Mapped[int | None]
    total: Mapped[int]  # cached: what the round adds to the player's score
    # the game family's own data for this part, in its typed model's JSON (null: none)
    system_data: Mapped[dict[str, Any] | None] = mapped_column(JSON)

    round: Mapped[Round] = relationship(back_populates="parts")
    player: Mapped[Player] = relationship()

    def __repr__(self) -> str:
        return f"<RoundPart round {self.round_id} player {self.player_id}>"


class RoundSide(Model):
    """What a round added to a side's score, where the family scores sides as a whole: a cache
    written with the round (by the family's ``cache_totals``), like a part's ``total``."""

    __tablename__ = "round_side"
    __table_args__ = (UniqueConstraint("round_id", "position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("round.id", ondelete="CASCADE"))
    position: Mapped[int]  # the side's order, by its first seat
    name: Mapped[str] = mapped_column(String(90))  # the side, as the standings name it
    seats: Mapped[list[int]] = mapped_column(JSON)  # its players' seats (sides may change)
    total: Mapped[int]

    round: Mapped[Round] = relationship(back_populates="sides")

    def __repr__(self) -> str:
        return f"<RoundSide round {self.round_id} {self.name!r}>"


class GameChange(Model):
    """One change to a game, logged with the change itself: the game's version it made, what it
    did (``kind``, one of :data:`CHANGE_KINDS`), the round it touched, and what is needed to undo
    it (``before``).

    ``before`` holds, for a round corrected or deleted, a snapshot of the round as it was (every
    stored field and part, see :func:`scorekeeper.store.changes.snapshot`); for a rename
    ``{"name": old}``; for finished or reopened ``{"finished_at": old ISO time or null}``; for a
    link replaced (``relinked``: never undone, a retired link stays retired) ``{"role": "scorer"
    or "watcher"}``; for a round added, nothing. ``undone_version`` is the version the undo
    made, once undone.
    """

    __tablename__ = "game_change"
    __table_args__ = (
        UniqueConstraint("game_id", "version"),
        CheckConstraint(_in("kind", CHANGE_KINDS), name="kind"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"))
    version: Mapped[int]
    kind: Mapped[str] = mapped_column(String(10))
    round_number: Mapped[int | None]
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    undone: Mapped[bool] = mapped_column(default=False)
    undone_version: Mapped[int | None]

    game: Mapped[Game] = relationship(back_populates="changes")

    def __repr__(self) -> str:
        return f"<GameChange game {self.game_id} v{self.version} {self.kind}>"


class PlayerAlias(Model):
    """Another name of a player across games: ``name`` (as typed, e.g. "Annie") is the same
    person as ``person`` (e.g. "Ann"), within a ``scope``: ``"household"`` on a household
    server, else one browser's (``"browser:<random id>"`` kept in its session). ``key`` is
    ``name`` folded for matching (:func:`scorekeeper.store.people.name_key`). Names are matched
    across games by their key; an alias only joins two keys (see :mod:`.people`)."""

    __tablename__ = "player_alias"
    __table_args__ = (UniqueConstraint("scope", "key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    scope: Mapped[str] = mapped_column(String(64))
    key: Mapped[str] = mapped_column(String(40))
    name: Mapped[str] = mapped_column(String(40))
    person: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)

    def __repr__(self) -> str:
        return f"<PlayerAlias {self.scope} {self.name!r} is {self.person!r}>"
