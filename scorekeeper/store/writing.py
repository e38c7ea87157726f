"""The writes to games and rounds: a new game, its name, its end, the round in play's wild rank,
and each round added, corrected or deleted.

Each write to a game once created is a change (:mod:`.changes`): its own transaction, which takes
the game's next version (a caller passes ``expected_version`` to refuse a stale edit) and logs the
change for undo (:mod:`.history`). A round is stored as checked (:mod:`.checking`): its warnings as
the caller says they were accepted, each player's side as ``team``; a new round after the others,
unless the game is over (:class:`~.reading.GameOver`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum
from typing import Any

from sqlalchemy import inspect as sa_inspect
from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import ObjectDeletedError

from ..engine.cards import Card
from ..engine.rules import Rules
from ..engine.scoring import RoundRecord, RoundScore, score_round
from ..engine.standings import Seat, sides
from .changes import Logged, StaleGame, commit, iso_time, reread, snapshot
from .checking import CheckedRound, RoundRefused, check_round, seated_player
from .db import db
from .models import Game, Player, Round, RoundPart, utcnow
from .reading import (
    RecordError,
    game_over,
    game_rules,
    next_round_number,
    round_by_key,
    round_record,
)
from .systems import game_system


class RoundDeleted(StaleGame):
    """The round was deleted meanwhile (a correction or a deletion that lost the race to a
    deletion): nothing was done. A StaleGame, so every page answers it with its conflict."""


def reread_round(round: Round) -> None:
    """Read the round again inside a change (after the bump), as it is now: a
    :class:`RoundDeleted` if another request deleted it meanwhile."""
    try:
        db.session.refresh(round)
    except ObjectDeletedError:
        raise RoundDeleted("the round was deleted from another phone meanwhile") from None


class _Keep(Enum):
    KEEP = "keep"


KEEP = _Keep.KEEP  # replace_round: leave this field as it is


_SHIFT = 1 << 20  # renumber_rounds moves rounds through numbers above any real one


def _codes(cards: Sequence[Card]) -> list[str]:
    return [card.code() for card in cards]


def _with_declared(stored: dict[str, Any], declared: Sequence[Card | None]) -> dict[str, Any]:
    """A stored meld or layoff with its declared readings, when it has any."""
    if any(reading is not None for reading in declared):
        stored["declared"] = [None if reading is None else reading.code() for reading in declared]
    return stored


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
    return new_game(name, preset, rules.to_dict(), seats, dealer)


def new_game(
    name: str,
    preset: str | None,
    rules: dict[str, Any],
    seats: Sequence[Seat],
    dealer: str | None,
    refused: type[Exception] = RecordError,
) -> Game:
    """Store a new game of any family, checked by its family: its rules snapshot, the players
    in seat order with their sides, and who deals first (one of them, or None). A ``refused``
    error for a name given twice or a dealer not seated."""
    names = [seat.name for seat in seats]
    if len(set(names)) != len(names):
        raise refused("every player needs a name of their own")
    if dealer is not None and dealer not in names:
        raise refused(f"{dealer} is not seated in this game")
    game = Game(
        name=name,
        preset=preset,
        rules=rules,
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
    def change() -> Logged:
        reread(game)
        before = {"name": game.name}
        game.name = name
        return Logged("renamed", before=before)

    commit(game, expected_version, change)


def finish_game(game: Game, *, finished: bool = True, expected_version: int | None = None) -> None:
    """Mark the game finished now (or not finished again)."""

    def change() -> Logged:
        reread(game)
        before = {"finished_at": iso_time(game.finished_at)}
        game.finished_at = utcnow() if finished else None
        return Logged("finished" if finished else "reopened", before=before)

    commit(game, expected_version, change)


def deal_next(game: Game, wild_rank: str | None, *, expected_version: int | None = None) -> None:
    """Note the round in play's wild rank (the deal showed it), so every board shows it."""

    def change() -> Logged:
        reread(game)
        before = {"next_wild_rank": game.next_wild_rank}
        game.next_wild_rank = wild_rank
        return Logged("dealt", before=before)

    commit(game, expected_version, change)


def _player(game: Game, name: str | None) -> Player | None:
    return seated_player(game, name, RecordError)


def _refuse_problems(checked: CheckedRound) -> None:
    if not checked.ok:
        raise RoundRefused(checked.score)


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
                _with_declared(
                    {
                        "cards": _codes(m.cards),
                        "laid_at_once": m.laid_at_once,
                        "doubled": m.doubled,
                    },
                    m.declared,
                )
                for m in p.melds
            ],
            layoffs=[
                _with_declared(
                    {
                        "player_id": ids[lo.player],
                        "meld": lo.meld,
                        "cards": _codes(lo.cards),
                        "final": lo.final,
                    },
                    lo.declared,
                )
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


def cache_totals(round: Round) -> None:
    """Cache the totals of a round whose parts were put back from the log (undo), as the game's
    system does it (:meth:`~.systems.StoreSystem.cache_totals`)."""
    game_system(round.game).cache_totals(round)


def rescore_totals(round: Round) -> None:
    """Cache each part's total from a rescoring of the round as it stands (the Rummy 500
    family's :meth:`~.systems.StoreSystem.cache_totals`: a round's points are its own)."""
    score = score_round(game_rules(round.game), round_record(round))
    for part, scored in zip(round.parts, score.players, strict=True):
        part.total = scored.total


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
    return store_checked(
        game,
        check_round(game, record),
        dealer=dealer,
        idempotency_key=idempotency_key,
        accepted_warnings=accepted_warnings,
        expected_version=expected_version,
    )


def store_checked(
    game: Game,
    checked: CheckedRound,
    *,
    dealer: str | None = None,
    idempotency_key: str | None = None,
    accepted_warnings: Sequence[str] = (),
    expected_version: int | None = None,
) -> Round:
    """:func:`store_round` for a round already checked against this game (:func:`check_round`):
    stored as checked, without scoring it again; a RoundRefused if it has problems."""
    if idempotency_key is not None and (stored := round_by_key(game, idempotency_key)):
        return stored
    _refuse_problems(checked)
    record, score = checked.record, checked.score
    round = Round(
        dealer=_player(game, dealer),
        idempotency_key=idempotency_key,
        accepted_warnings=list(accepted_warnings),
    )

    def fill() -> None:
        _fill(round, game, record, score)
        attach_round(game, round)
        game.next_wild_rank = None  # the round in play is now recorded

    return add_round(game, round, fill, expected_version, idempotency_key)


def attach_round(game: Game, round: Round) -> None:
    """Make ``round`` one of the game's without reading the game's rounds: set from the round's
    side, the game's unloaded list only queues it (``game.rounds.append`` would load every round
    of a long game, with their parts, on each save)."""
    round.game = game
    db.session.add(round)  # a backref does not cascade into the session (SQLAlchemy 2)


def add_round(
    game: Game,
    round: Round,
    fill: Callable[[], None],
    expected_version: int | None,
    idempotency_key: str | None,
) -> Round:
    """Store ``round`` as the game's next (``fill`` gives it its parts and adds it to the game),
    logged as added; a :class:`GameOver` if the rules ended the game. If the game changed
    meanwhile or the key was taken by a request racing
    this one, the round stored with the key is returned; else the error goes on."""

    def add() -> Logged:
        reread(game)  # after the bump: a round or a finish racing this one is in
        # the rounds are still those of the version before the bump (this change holds the lock)
        over = game_over(game, rounds_at=game.version - 1)
        if over is not None:
            raise over
        round.number = next_round_number(game)
        fill()
        return Logged("added", round.number)

    try:
        commit(game, expected_version, add)
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
    return replace_checked(
        round,
        check_round(round.game, record),
        dealer=dealer,
        accepted_warnings=accepted_warnings,
        expected_version=expected_version,
    )


def replace_checked(
    round: Round,
    checked: CheckedRound,
    *,
    dealer: str | _Keep | None = KEEP,
    accepted_warnings: Sequence[str] | _Keep = KEEP,
    expected_version: int | None = None,
) -> Round:
    """:func:`replace_round` for a round already checked against its game (:func:`check_round`):
    stored as checked, without scoring it again; a RoundRefused if it has problems."""
    game = round.game
    _refuse_problems(checked)
    record, score = checked.record, checked.score
    new_dealer = round.dealer if isinstance(dealer, _Keep) else _player(game, dealer)

    def change() -> Logged:
        reread_round(round)  # the round as it is now, for the log
        before = snapshot(round)
        round.parts.clear()
        db.session.flush()  # the old parts go before the new take their places
        _fill(round, game, record, score)
        round.dealer, round.updated_at = new_dealer, utcnow()
        if not isinstance(accepted_warnings, _Keep):
            round.accepted_warnings = list(accepted_warnings)
        return Logged("corrected", round.number, before)

    commit(game, expected_version, change)
    return round


def delete_round(round: Round, *, expected_version: int | None = None) -> None:
    """Delete a round; the rounds after it move up one number."""
    game = round.game

    def change() -> Logged:
        reread_round(round)  # the round as it is now, for the log
        before = snapshot(round)
        remove_round(game, round)
        return Logged("deleted", before["number"], before)

    commit(game, expected_version, change)


def renumber_rounds(game: Game, after: int, step: int) -> None:
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


def remove_round(game: Game, round: Round) -> None:
    """Delete the round's row and move the rounds after it up one number, within a change (as
    :func:`delete_round` and undo do)."""
    number = round.number
    if "rounds" in sa_inspect(game).dict:  # loaded: keep the list true for what reads it next
        game.rounds.remove(round)
    else:  # not loaded: no need to read a long game's every round to delete one
        db.session.delete(round)
    db.session.flush()
    renumber_rounds(game, number, -1)
    game_system(game).rounds_renumbered(game)  # the later rounds may carry something of it
