"""Stored rounds ↔ engine values: the one place that writes games and rounds and asks the engine
to (re)score them.

Every change commits (or rolls back) its own transaction, whose first statement bumps
``game.version`` by one: concurrent writers to a game queue there (the row's lock on PostgreSQL,
the write lock on SQLite). A caller that rendered a form at some version passes
``expected_version`` to refuse a stale edit (:class:`StaleGame`). A round with problems is
refused (:class:`RoundRefused`); its warnings are stored as the caller says they were accepted.
A player's side in a round is the game's: a stored record carries each player's side as ``team``
(none when the game has no sides).

Every change is logged (:class:`~scorekeeper.models.GameChange`) by :func:`_commit`, in the
change's own transaction, with what is needed to take it back: :func:`undo_last` reverts the
newest change not yet undone. Undoing is a change too (it bumps the version) but is not logged
as one: it marks the change it reverted as undone, so a second undo takes back the change before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from typing import Any

from sqlalchemy import bindparam, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.exc import StaleDataError

from .db import db
from .engine.cards import Card, parse_cards
from .engine.deal import next_dealer
from .engine.rules import Rules
from .engine.scoring import (
    LayoffRecord,
    MeldRecord,
    PlayerRecord,
    RoundRecord,
    RoundScore,
    score_round,
)
from .engine.standings import RoundResult, Seat, Standings, sides, standings
from .models import Game, GameChange, Player, Round, RoundPart, utcnow


class RecordError(ValueError):
    """A round or game that cannot be stored as given (a player not seated, say)."""


class RoundRefused(RecordError):
    """The engine finds the round impossible as recorded; ``score.problems`` says why."""

    def __init__(self, score: RoundScore) -> None:
        super().__init__(" ".join(score.problems))
        self.score = score


class StaleGame(Exception):
    """The game changed since the version the caller saw: reload and try again."""


class NothingToUndo(RecordError):
    """Every logged change of the game is undone already (or it has none)."""


class _Keep(Enum):
    KEEP = "keep"


KEEP = _Keep.KEEP  # replace_round: leave this field as it is
_SHIFT = 1 << 20  # delete_round renumbers through numbers above any real one


# --- reading ------------------------------------------------------------------------------


def game_rules(game: Game) -> Rules:
    """The game's rules, from the snapshot taken when it started."""
    return Rules.from_dict(game.rules)


def game_seats(game: Game) -> list[Seat]:
    return [Seat(player.name, player.team) for player in game.players]


def _teams(game: Game, rules: Rules) -> dict[str, str | None]:
    side_of = sides(rules, game_seats(game))
    with_sides = any(side != name for name, side in side_of.items())
    return {name: side if with_sides else None for name, side in side_of.items()}


def _codes(cards: Sequence[Card]) -> list[str]:
    return [card.code() for card in cards]


def round_record(round: Round) -> RoundRecord:
    """The engine's record of a stored round."""
    return _record(round, _teams(round.game, game_rules(round.game)))


def _record(round: Round, teams: dict[str, str | None]) -> RoundRecord:
    names = {player.id: player.name for player in round.game.players}
    players = []
    for part in round.parts:
        melds = tuple(
            MeldRecord(tuple(parse_cards(m["cards"])), m["laid_at_once"], m["doubled"])
            for m in part.melds
        )
        layoffs = tuple(
            LayoffRecord(
                names[lo["player_id"]], lo["meld"], tuple(parse_cards(lo["cards"])), lo["final"]
            )
            for lo in part.layoffs
        )
        name = part.player.name
        players.append(
            PlayerRecord(
                name,
                teams[name],
                part.player_id == round.went_out_id,
                melds,
                layoffs,
                tuple(parse_cards(part.hand)),
                tuple(parse_cards(part.called)),
                part.melded_points,
                part.hand_points,
            )
        )
    opening = frozenset(part.player.name for part in round.parts if part.opening)
    return RoundRecord(tuple(players), round.ended_by, round.wild_rank, round.joker_effect, opening)


def score_game(game: Game) -> tuple[list[RoundScore], Standings]:
    """Every round rescored from its stored cards, and the standings they make."""
    rules = game_rules(game)
    teams = _teams(game, rules)
    scores = [score_round(rules, _record(round, teams)) for round in game.rounds]
    results = [
        RoundResult(score.totals(), next((p.name for p in score.players if p.went_out), None))
        for score in scores
    ]
    return scores, standings(rules, game_seats(game), results)


def for_game(game: Game, record: RoundRecord) -> RoundRecord:
    """The record as the game stores it (each player's side as ``team``), or a RecordError."""
    teams = _teams(game, game_rules(game))
    names = [player.name for player in record.players]
    if not names:
        raise RecordError("a round needs at least one player")
    for problem, who in (
        ("is not seated in this game", {n for n in names if n not in teams}),
        ("is named more than once", {n for n in names if names.count(n) > 1}),
        ("is opening but not in the round", record.opening - set(names)),
    ):
        if who:
            raise RecordError(f"{', '.join(sorted(who))} {problem}")
    for player in record.players:
        if player.team is not None and player.team != teams[player.name]:
            raise RecordError(
                f"{player.name} plays for {teams[player.name] or 'no side'} in "
                f"this game, not {player.team}"
            )
        for layoff in player.layoffs:
            if layoff.player not in names:
                raise RecordError(
                    f"{player.name} laid off onto {layoff.player}, who is not in the round"
                )
    players = tuple(
        PlayerRecord(
            p.name,
            teams[p.name],
            p.went_out,
            p.melds,
            p.layoffs,
            p.hand,
            p.called,
            p.melded_points,
            p.hand_points,
        )
        for p in record.players
    )
    return RoundRecord(
        players, record.ended_by, record.wild_rank, record.joker_effect, record.opening
    )


def score_record(game: Game, record: RoundRecord) -> RoundScore:
    """A round's score under the game's rules and sides, before (or without) storing it."""
    return score_round(game_rules(game), for_game(game, record))


def upcoming_dealer(game: Game) -> str | None:
    """Who deals the next round: the first dealer before any round is stored, then the last
    round's dealer moved on by ``dealer_rotation`` (under ``winner``, to whoever went out).
    None when that is not known (no first dealer given, a round without a dealer, a stock-out
    under ``winner``)."""
    if not game.rounds:
        return next(
            (player.name for player in game.players if player.seat == game.first_dealer_seat), None
        )
    last = game.rounds[-1]
    if last.dealer is None:
        return None
    return next_dealer(
        game_rules(game),
        [player.name for player in game.players],
        last.dealer.name,
        last.went_out.name if last.went_out else None,
    )


def round_by_key(game: Game, idempotency_key: str) -> Round | None:
    return db.session.scalar(
        select(Round).where(Round.game_id == game.id, Round.idempotency_key == idempotency_key)
    )


#: The live board's question, built once: every open board asks it every few seconds.
_WATCHED_VERSION = select(Game.__table__.c.version).where(
    Game.__table__.c.watcher_token == bindparam("token")
)


def watched_version(watcher_token: str) -> int | None:
    """The version of the game watched with this token (one indexed read), None if none.

    Asked on a connection of its own rather than through the ORM session: this is the one query
    an unchanged board costs, and the session's bookkeeping would cost more than the read.
    """
    with db.engine.connect() as connection:
        version = connection.execute(_WATCHED_VERSION, {"token": watcher_token}).scalar()
    return None if version is None else int(version)


# --- writing ------------------------------------------------------------------------------


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
class _Logged:
    """What a change did, for the game's log (see :class:`~scorekeeper.models.GameChange`)."""

    kind: str
    round_number: int | None = None
    before: dict[str, Any] | None = None


def _commit(game: Game, expected_version: int | None, change: Callable[[], _Logged | None]) -> None:
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


def create_game(
    name: str,
    rules: Rules,
    seats: Sequence[Seat],
    *,
    preset: str | None = None,
    dealer: str | None = None,
) -> Game:
    """A new game with a snapshot of ``rules`` and the players in seat order; ``dealer``, if
    given, deals the first round."""
    sides(rules, seats)  # raises StandingsError (a ValueError) for seats that do not fit
    names = [seat.name for seat in seats]
    if dealer is not None and dealer not in names:
        raise RecordError(f"{dealer} is not seated in this game")
    game = Game(
        name=name,
        preset=preset,
        rules=rules.to_dict(),
        first_dealer_seat=None if dealer is None else names.index(dealer),
        players=[
            Player(seat=index, name=seat.name, team=seat.team) for index, seat in enumerate(seats)
        ],
    )
    db.session.add(game)
    try:
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    return game


def rename_game(game: Game, name: str, *, expected_version: int | None = None) -> None:
    def change() -> _Logged:
        _reread(game)
        before = {"name": game.name}
        game.name = name
        return _Logged("renamed", before=before)

    _commit(game, expected_version, change)


def finish_game(game: Game, *, finished: bool = True, expected_version: int | None = None) -> None:
    """Mark the game finished now (or not finished again)."""

    def change() -> _Logged:
        _reread(game)
        before = {"finished_at": _time(game.finished_at)}
        game.finished_at = utcnow() if finished else None
        return _Logged("finished" if finished else "reopened", before=before)

    _commit(game, expected_version, change)


def _player(game: Game, name: str | None) -> Player | None:
    if name is None:
        return None
    player = next((p for p in game.players if p.name == name), None)
    if player is None:
        raise RecordError(f"{name} is not seated in this game")
    return player


def _checked(game: Game, record: RoundRecord) -> tuple[RoundRecord, RoundScore]:
    record = for_game(game, record)
    score = score_round(game_rules(game), record)
    if score.problems:
        raise RoundRefused(score)
    return record, score


def _fill(round: Round, game: Game, record: RoundRecord, score: RoundScore) -> None:
    """Write the record's fields and parts into ``round`` (whose old parts are gone)."""
    ids = {player.name: player.id for player in game.players}
    goer = next((player.name for player in record.players if player.went_out), None)
    round.ended_by, round.wild_rank = record.ended_by, record.wild_rank
    round.joker_effect, round.went_out = record.joker_effect, _player(game, goer)
    round.parts = [
        RoundPart(
            player=_player(game, p.name),
            position=index,
            opening=p.name in record.opening,
            melds=[
                {"cards": _codes(m.cards), "laid_at_once": m.laid_at_once, "doubled": m.doubled}
                for m in p.melds
            ],
            layoffs=[
                {
                    "player_id": ids[lo.player],
                    "meld": lo.meld,
                    "cards": _codes(lo.cards),
                    "final": lo.final,
                }
                for lo in p.layoffs
            ],
            hand=_codes(p.hand),
            called=_codes(p.called),
            melded_points=p.melded_points,
            hand_points=p.hand_points,
            total=total.total,
        )
        for index, (p, total) in enumerate(zip(record.players, score.players, strict=True))
    ]


def deal_next(game: Game, wild_rank: str | None, *, expected_version: int | None = None) -> None:
    """Note the round in play's wild rank (the deal showed it), so every board shows it."""

    def change() -> _Logged | None:
        _reread(game)
        before = {"next_wild_rank": game.next_wild_rank}
        game.next_wild_rank = wild_rank
        return _Logged("dealt", before=before)

    _commit(game, expected_version, change)


def store_round(
    game: Game,
    record: RoundRecord,
    *,
    dealer: str | None = None,
    idempotency_key: str | None = None,
    accepted_warnings: Sequence[str] = (),
    expected_version: int | None = None,
) -> Round:
    """Store a new round after the others. With a key already used in this game, the round
    stored with it is returned and nothing changes (also when two requests race)."""
    if idempotency_key is not None and (stored := round_by_key(game, idempotency_key)):
        return stored
    record, score = _checked(game, record)
    round = Round(
        dealer=_player(game, dealer),
        idempotency_key=idempotency_key,
        accepted_warnings=list(accepted_warnings),
    )

    def add() -> _Logged:
        round.number = 1 + (
            db.session.scalar(select(func.max(Round.number)).where(Round.game_id == game.id)) or 0
        )
        _fill(round, game, record, score)
        game.rounds.append(round)
        game.next_wild_rank = None  # the round in play is now recorded
        return _Logged("added", round.number)

    try:
        _commit(game, expected_version, add)
    except (StaleGame, IntegrityError):
        if idempotency_key is not None and (stored := round_by_key(game, idempotency_key)):
            return stored
        raise
    return round


def replace_round(
    round: Round,
    record: RoundRecord,
    *,
    dealer: str | _Keep | None = KEEP,
    accepted_warnings: Sequence[str] | _Keep = KEEP,
    expected_version: int | None = None,
) -> Round:
    """Correct a stored round: the same number, the new record (a RoundRefused if impossible)."""
    game = round.game
    record, score = _checked(game, record)
    new_dealer = round.dealer if isinstance(dealer, _Keep) else _player(game, dealer)

    def change() -> _Logged:
        db.session.refresh(round)  # the round as it is now, for the log
        before = snapshot(round)
        round.parts.clear()
        db.session.flush()  # the old parts go before the new take their places
        _fill(round, game, record, score)
        round.dealer, round.updated_at = new_dealer, utcnow()
        if not isinstance(accepted_warnings, _Keep):
            round.accepted_warnings = list(accepted_warnings)
        return _Logged("corrected", round.number, before)

    _commit(game, expected_version, change)
    return round


def delete_round(round: Round, *, expected_version: int | None = None) -> None:
    """Delete a round; the rounds after it move up one number."""
    game = round.game

    def change() -> _Logged:
        db.session.refresh(round)  # the round as it is now, for the log
        before = snapshot(round)
        _remove(game, round)
        return _Logged("deleted", before["number"], before)

    _commit(game, expected_version, change)


def _renumber(game: Game, after: int, step: int) -> None:
    """Move the game's rounds numbered above ``after`` by ``step`` (+1 or -1), in two steps so
    that no row ever takes a number that another row still has (the unique (game, number))."""
    db.session.execute(
        update(Round)
        .where(Round.game_id == game.id, Round.number > after)
        .values(number=Round.number + _SHIFT)
    )
    db.session.execute(
        update(Round)
        .where(Round.game_id == game.id, Round.number > _SHIFT)
        .values(number=Round.number - _SHIFT + step)
    )


def _remove(game: Game, round: Round) -> None:
    number = round.number
    game.rounds.remove(round)
    db.session.flush()
    _renumber(game, number, -1)


# --- the log, and undo ----------------------------------------------------------------------


def _reread(game: Game) -> None:
    """Read the game's own fields again, inside the change's transaction (after the bump): what
    the log saves and what undo restores must be the stored values, not an older copy."""
    db.session.refresh(game, ["name", "finished_at"])


def _time(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def _parse_time(value: Any) -> datetime | None:
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
        "created_at": _time(round.created_at),
        "updated_at": _time(round.updated_at),
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
            }
            for part in round.parts
        ],
    }


def _restore(round: Round, game: Game, saved: dict[str, Any]) -> None:
    """Write a snapshot's fields and parts into ``round`` (whose old parts are gone), and cache
    each part's total from a rescoring."""
    players = {player.id: player for player in game.players}

    def player(player_id: Any) -> Player | None:
        if player_id is None:
            return None
        if player_id not in players:
            raise RecordError(f"player {player_id} of the saved round is not in this game")
        return players[player_id]

    round.dealer, round.went_out = player(saved["dealer_id"]), player(saved["went_out_id"])
    round.wild_rank, round.joker_effect = saved["wild_rank"], saved["joker_effect"]
    round.ended_by, round.idempotency_key = saved["ended_by"], saved["idempotency_key"]
    round.accepted_warnings = list(saved["accepted_warnings"])
    round.created_at = _parse_time(saved["created_at"]) or utcnow()
    round.updated_at = _parse_time(saved["updated_at"]) or utcnow()
    round.parts = [
        RoundPart(
            player=player(part["player_id"]),
            position=part["position"],
            opening=part["opening"],
            melds=part["melds"],
            layoffs=part["layoffs"],
            hand=part["hand"],
            called=part["called"],
            melded_points=part["melded_points"],
            hand_points=part["hand_points"],
            total=part["total"],
        )
        for part in saved["parts"]
    ]
    db.session.flush()  # ids in place, so that the round reads back as a record
    score = score_round(game_rules(game), _record(round, _teams(game, game_rules(game))))
    for part, scored in zip(round.parts, score.players, strict=True):
        part.total = scored.total


def _round_numbered(game: Game, number: int | None) -> Round:
    round = db.session.scalar(
        select(Round)
        .where(Round.game_id == game.id, Round.number == number)
        .execution_options(populate_existing=True)
    )
    if round is None:
        raise RecordError(f"round {number} is not in the game any more: it cannot be undone")
    return round


def _undo_added(game: Game, change: GameChange) -> None:
    _remove(game, _round_numbered(game, change.round_number))


def _undo_corrected(game: Game, change: GameChange) -> None:
    assert change.before is not None
    round = _round_numbered(game, change.round_number)
    round.parts.clear()
    db.session.flush()  # the corrected parts go before the saved take their places
    _restore(round, game, change.before)


def _undo_deleted(game: Game, change: GameChange) -> None:
    assert change.before is not None
    number = int(change.before["number"])
    count = (
        db.session.scalar(select(func.count()).select_from(Round).where(Round.game_id == game.id))
        or 0
    )
    if not 1 <= number <= count + 1:
        raise RecordError(f"round {number} cannot go back: the game has {count} rounds")
    _renumber(game, number - 1, +1)
    round = Round(game=game, number=number)
    db.session.add(round)
    _restore(round, game, change.before)


def _undo_renamed(game: Game, change: GameChange) -> None:
    assert change.before is not None
    game.name = str(change.before["name"])


def _undo_finished(game: Game, change: GameChange) -> None:
    assert change.before is not None
    game.finished_at = _parse_time(change.before["finished_at"])


def _undo_dealt(game: Game, change: GameChange) -> None:
    assert change.before is not None
    game.next_wild_rank = change.before["next_wild_rank"]


_UNDO: dict[str, Callable[[Game, GameChange], None]] = {
    "dealt": _undo_dealt,
    "added": _undo_added,
    "corrected": _undo_corrected,
    "deleted": _undo_deleted,
    "renamed": _undo_renamed,
    "finished": _undo_finished,
    "reopened": _undo_finished,
}


def _last_change(game: Game) -> GameChange | None:
    return db.session.scalar(
        select(GameChange)
        .where(GameChange.game_id == game.id, GameChange.undone.is_(False))
        .order_by(GameChange.version.desc())
        .limit(1)
        .execution_options(populate_existing=True)
    )


def last_change(game: Game) -> GameChange | None:
    """The change that :func:`undo_last` would revert now, if any."""
    return _last_change(game)


def describe(change: GameChange) -> str:
    """A change in a few words: ``round 3 corrected``, ``renamed from “Friday”``."""
    if change.kind in ("added", "corrected", "deleted"):
        return f"round {change.round_number} {change.kind}"
    if change.kind == "renamed":
        old = (change.before or {}).get("name", "")
        return f"renamed from “{old}”"
    if change.kind == "dealt":
        return "the deal"
    return "marked finished" if change.kind == "finished" else "reopened"


def undo_last(game: Game, *, expected_version: int | None = None) -> GameChange:
    """Revert the newest change not yet undone, in one transaction that bumps the version; the
    change is marked undone and returned. :class:`NothingToUndo` when there is none."""
    undone: list[GameChange] = []

    def change() -> None:
        last = _last_change(game)  # read after the bump: concurrent undos queue before this
        _reread(game)
        db.session.expire(game, ["rounds"])
        if last is None:
            raise NothingToUndo("there is nothing to undo")
        _UNDO[last.kind](game, last)
        last.undone, last.undone_version = True, game.version
        undone.append(last)

    _commit(game, expected_version, change)
    db.session.expire(game, ["rounds"])  # renumbered and re-inserted rounds read in order
    return undone[0]
