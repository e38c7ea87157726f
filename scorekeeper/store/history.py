"""The game's log of changes, and undo.

Every change to a game is logged with what is needed to take it back (see
:mod:`.changes`): :func:`undo_last` reverts the newest change not yet undone. Undoing is
a change too (it bumps the version) but is not logged as one: it marks the change it reverted as
undone, so a second undo takes back the change before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import func, select

from .changes import commit, parse_iso_time, reread
from .db import db
from .models import Game, GameChange, Player, Round, RoundPart, utcnow
from .records import RecordError, cache_totals, remove_round, renumber_rounds, round_count
from .systems import game_system


class NothingToUndo(RecordError):
    """Every logged change of the game is undone already (or it has none)."""


#: Changes that undo steps over: a retired link stays retired (see :mod:`.access`).
NEVER_UNDONE = ("relinked",)


def last_change(game: Game) -> GameChange | None:
    """The change that :func:`undo_last` would revert now, if any."""
    return db.session.scalar(
        select(GameChange)
        .where(
            GameChange.game_id == game.id,
            GameChange.undone.is_(False),
            GameChange.kind.not_in(NEVER_UNDONE),
        )
        .order_by(GameChange.version.desc())
        .limit(1)
        .execution_options(populate_existing=True)
    )


#: Changes that leave every round's row as it was.
_ROUNDS_UNTOUCHED = frozenset({"dealt", "renamed", "finished", "reopened", "relinked"})


def first_round_changed_since(game: Game, version: int) -> int:
    """The number of the first round whose row may differ from what a board at ``version``
    showed: a round added is the game's last, and a round corrected changes the running totals
    (and a family's carries) of every round after it. 1 when that cannot be told (a round
    deleted since, or a version the game never had); the next round's number when no round
    changed.

    What a watcher's poll sends (``GET <view_url>.json?since=V``): the rounds from this one on,
    so that a changed poll does not cost more as the game grows."""
    if not 0 < version <= game.version:
        return 1
    rows = db.session.execute(
        select(GameChange.kind, GameChange.round_number).where(
            GameChange.game_id == game.id,
            (GameChange.version > version) | (GameChange.undone_version > version),
        )
    ).all()
    # a change undone since counts as one made since: undoing an added or a corrected round
    # changes the rows from that round on, as making it did; undoing a deletion moves rounds
    first = None
    for kind, number in rows:
        if kind in ("added", "corrected") and number is not None:
            first = number if first is None else min(first, number)
        elif kind not in _ROUNDS_UNTOUCHED:
            return 1
    return first if first is not None else round_count(game) + 1


def describe(change: GameChange) -> str:
    """A change in a few words: ``round 3 corrected`` (``hand 3``: the family's word),
    ``renamed from “Friday”``."""
    words = game_system(change.game).words
    if change.kind in ("added", "corrected", "deleted"):
        return f"{words.round} {change.round_number} {change.kind}"
    if change.kind == "renamed":
        old = (change.before or {}).get("name", "")
        return f"renamed from “{old}”"
    if change.kind == "dealt":
        return words.dealt
    if change.kind == "relinked":
        return f"a new {(change.before or {}).get('role', 'scorer')} link"
    return "marked finished" if change.kind == "finished" else "reopened"


def undo_last(game: Game, *, expected_version: int | None = None) -> GameChange:
    """Revert the newest change not yet undone, in one transaction that bumps the version; the
    change is marked undone and returned. :class:`NothingToUndo` when there is none."""
    undone: list[GameChange] = []

    def change() -> None:
        last = last_change(game)  # read after the bump: concurrent undos queue before this
        reread(game)
        db.session.expire(game, ["rounds"])
        if last is None:
            raise NothingToUndo("there is nothing to undo")
        _UNDO[last.kind](game, last)
        last.undone, last.undone_version = True, game.version
        undone.append(last)

    commit(game, expected_version, change)
    db.session.expire(game, ["rounds"])  # renumbered and re-inserted rounds read in order
    return undone[0]


# --- taking back each kind of change ---------------------------------------------------------


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
    round.created_at = parse_iso_time(saved["created_at"]) or utcnow()
    round.updated_at = parse_iso_time(saved["updated_at"]) or utcnow()
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
            system_data=part.get("system_data"),  # (a log written before it has none)
        )
        for part in saved["parts"]
    ]
    db.session.flush()  # ids in place, so that the round reads back as a record
    cache_totals(round)


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
    remove_round(game, _round_numbered(game, change.round_number))


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
    renumber_rounds(game, number - 1, +1)
    round = Round(game=game, number=number)
    db.session.add(round)
    _restore(round, game, change.before)


def _undo_renamed(game: Game, change: GameChange) -> None:
    assert change.before is not None
    game.name = str(change.before["name"])


def _undo_finished(game: Game, change: GameChange) -> None:
    assert change.before is not None
    game.finished_at = parse_iso_time(change.before["finished_at"])


def _undo_dealt(game: Game, change: GameChange) -> None:
    assert change.before is not None
    game.next_wild_rank = change.before["next_wild_rank"]
    if "system_data" in change.before:  # the family's own data, where the deal noted some
        game.system_data = change.before["system_data"]


_UNDO: dict[str, Callable[[Game, GameChange], None]] = {
    "dealt": _undo_dealt,
    "added": _undo_added,
    "corrected": _undo_corrected,
    "deleted": _undo_deleted,
    "renamed": _undo_renamed,
    "finished": _undo_finished,
    "reopened": _undo_finished,
}
