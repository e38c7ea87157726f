"""The game's log of changes, and undo: every change is logged with the version it made and what
it replaced; undo gives back exactly what was stored, one change at a time."""

from __future__ import annotations

import pytest
from flask import Flask
from sqlalchemy import select

from scorekeeper.engine.scoring import LayoffRecord, PlayerRecord, RoundRecord, meld
from scorekeeper.store.changes import StaleGame, snapshot
from scorekeeper.store.db import db
from scorekeeper.store.history import NothingToUndo, describe, last_change, undo_last
from scorekeeper.store.models import Game, GameChange
from scorekeeper.store.records import (
    RoundRefused,
    delete_round,
    finish_game,
    rename_game,
    replace_round,
    round_record,
    store_round,
)

from .test_records import assert_cache_matches, cards, fresh, new_game, refused, simple_round

pytestmark = [pytest.mark.db, pytest.mark.usefixtures("app_ctx")]


def stored_state(game: Game) -> list[dict[str, object]]:
    """Every stored field of every round and part, but the row ids: what undo must give back."""
    game = fresh(game)
    state = []
    for stored in game.rounds:
        saved = snapshot(stored)
        state.append({**saved, "record": round_record(stored)})
    return state


def changes(game: Game) -> list[tuple[int, str, int | None, bool]]:
    rows = db.session.scalars(
        select(GameChange).where(GameChange.game_id == game.id).order_by(GameChange.version)
    )
    return [(c.version, c.kind, c.round_number, c.undone) for c in rows]


def test_every_change_is_logged_with_the_version_it_made() -> None:
    game = new_game()
    first = store_round(game, simple_round("Ann"), dealer="Bob")
    store_round(game, simple_round("Bob"))
    before = snapshot(first)
    replace_round(first, simple_round("Bob", hand="QH"))
    delete_round(fresh(game).rounds[1])
    rename_game(game, "Saturday")
    finish_game(game)
    finish_game(game, finished=False)
    assert changes(game) == [
        (2, "added", 1, False),
        (3, "added", 2, False),
        (4, "corrected", 1, False),
        (5, "deleted", 2, False),
        (6, "renamed", None, False),
        (7, "finished", None, False),
        (8, "reopened", None, False),
    ]
    logged = {c.kind: c for c in fresh(game).changes}
    assert logged["added"].before is None
    assert logged["corrected"].before == before
    assert logged["corrected"].before["parts"][1]["hand"] == ["KH", "2C"]
    assert logged["renamed"].before == {"name": "Friday"}
    assert logged["reopened"].before is not None and logged["reopened"].before["finished_at"]
    assert describe(logged["corrected"]) == "round 1 corrected"
    assert describe(logged["renamed"]) == "renamed from “Friday”"


def test_a_refused_change_logs_nothing() -> None:
    game = new_game()
    store_round(game, simple_round())
    refused(game, lambda: rename_game(game, "x", expected_version=1), StaleGame, "not 1")
    both_out = RoundRecord(
        (
            PlayerRecord("Ann", went_out=True, melded_points=5),
            PlayerRecord("Bob", went_out=True, melded_points=5),
        )
    )
    refused(game, lambda: store_round(game, both_out), RoundRefused, "Only one player")
    assert changes(game) == [(2, "added", 1, False)]


@pytest.mark.parametrize("kind", ["added", "corrected", "deleted"])
def test_undo_gives_a_round_back_exactly(kind: str) -> None:
    game = new_game(names=("Ann", "Bob", "Cy"))
    three = RoundRecord(
        (
            PlayerRecord("Ann", melds=(meld("6S 7S 8S"),), hand=cards("KH")),
            PlayerRecord(
                "Bob",
                went_out=True,
                melds=(meld("3C 3D 3S"),),
                layoffs=(LayoffRecord("Ann", 0, cards("9S")),),
            ),
            PlayerRecord("Cy", melded_points=40, hand_points=25),
        ),
        opening=frozenset({"Cy"}),
    )
    store_round(game, simple_round("Ann"), dealer="Cy", idempotency_key="k1")
    middle = store_round(game, three, dealer="Ann", accepted_warnings=["w"])
    store_round(game, simple_round("Bob"), dealer="Bob")
    before = stored_state(game)
    version = fresh(game).version
    if kind == "added":
        store_round(game, simple_round("Ann"))
    elif kind == "corrected":
        replace_round(middle, simple_round("Ann", hand="QH QS"), dealer=None, accepted_warnings=[])
    else:
        delete_round(middle)
    assert stored_state(game) != before
    undone = undo_last(fresh(game), expected_version=version + 1)
    assert (undone.kind, undone.undone, undone.undone_version) == (kind, True, version + 2)
    game = fresh(game)
    assert game.version == version + 2
    assert stored_state(game) == before
    assert [r.number for r in game.rounds] == [1, 2, 3]
    assert_cache_matches(game)
    assert changes(game)[-1] == (version + 1, kind, 2 if kind != "added" else 4, True)


def test_undo_of_a_deleted_first_round_moves_the_others_down() -> None:
    game = new_game()
    ids = [store_round(game, simple_round(goer)).id for goer in ["Ann", "Bob", "Ann", "Bob"]]
    before = stored_state(game)
    delete_round(fresh(game).rounds[0])
    assert [r.id for r in fresh(game).rounds] == ids[1:]
    undo_last(fresh(game))
    game = fresh(game)
    assert stored_state(game) == before
    assert [r.id for r in game.rounds][1:] == ids[1:]  # the same rows, numbered as before
    assert_cache_matches(game)


def test_undo_of_rename_and_finish() -> None:
    game = new_game()
    finish_game(game)
    finished_at = fresh(game).finished_at
    rename_game(game, "Saturday")
    finish_game(game, finished=False)
    assert describe(undo_last(game)) == "reopened"
    assert fresh(game).finished_at == finished_at
    assert undo_last(game).kind == "renamed"
    assert fresh(game).name == "Friday"
    undo_last(game)
    assert fresh(game).finished_at is None
    with pytest.raises(NothingToUndo):
        undo_last(game)
    assert fresh(game).version == 7


def test_undo_goes_back_one_change_at_a_time_and_skips_what_is_undone() -> None:
    game = new_game()
    store_round(game, simple_round("Ann"))
    store_round(game, simple_round("Bob"))
    undo_last(game)  # round 2 added
    store_round(game, simple_round("Ann", hand="QH"))  # a new round 2
    assert describe(last_change(game)) == "round 2 added"  # type: ignore[arg-type]
    undo_last(game)
    undo_last(game)  # round 1 added; the first round 2 is undone already
    assert fresh(game).rounds == []
    assert last_change(game) is None
    assert [undone for *_, undone in changes(game)] == [True, True, True]


def test_a_stale_undo_changes_nothing() -> None:
    game = new_game()
    store_round(game, simple_round())
    refused(game, lambda: undo_last(game, expected_version=1), StaleGame, "not 1")
    assert changes(game) == [(2, "added", 1, False)]
    other = new_game()
    refused(other, lambda: undo_last(other), NothingToUndo, "nothing")


def test_the_log_and_undo_read_the_game_as_it_is_now(app_ctx: Flask) -> None:
    """A copy of the game read before another request changed it logs and undoes what is
    stored, not what it read."""
    game = new_game()
    assert game.name == "Friday"  # this request's copy
    with app_ctx.app_context():  # another request renames the game meanwhile
        rename_game(db.session.get_one(Game, game.id), "Saturday")
    rename_game(game, "Sunday")
    assert fresh(game).changes[-1].before == {"name": "Saturday"}
    undo_last(game)
    assert fresh(game).name == "Saturday"
    assert game.name == "Saturday"  # this copy too, once read again
    with app_ctx.app_context():  # another request undoes the first rename
        undo_last(db.session.get_one(Game, game.id))
    assert game.name == "Saturday"  # this request's copy, read before that undo
    rename_game(game, "Monday")
    assert fresh(game).changes[-1].before == {"name": "Friday"}
    undo_last(game)
    assert fresh(game).name == "Friday" and last_change(game) is None
