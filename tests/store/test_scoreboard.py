"""The board value: standings from the stored totals equal a rescoring; a long game shows its
last rounds (every one when asked)."""

from __future__ import annotations

import pytest

from scorekeeper.engine.presets import rules_for
from scorekeeper.store import records
from scorekeeper.store.records import delete_round, replace_round, score_game, store_round
from scorekeeper.store.scoreboard import RECENT_ROUNDS, board

from .test_records import fresh, new_game, simple_round

pytestmark = [pytest.mark.db, pytest.mark.usefixtures("app_ctx")]


def test_standings_from_stored_totals_equal_a_rescoring() -> None:
    """Corrections, deletions and sides included: the cache the board reads is never stale."""
    for rules, names in (
        (rules_for("rummy500"), ("Ann", "Bob")),
        (rules_for("partnership500"), ("Ann", "Bob", "Cy", "Dee")),
    ):
        game = new_game(rules, names)
        for goer in ("Ann", "Bob", "Ann", "Ann"):
            store_round(game, simple_round(goer))
        replace_round(game.rounds[1], simple_round("Ann", hand="KH KD"))
        delete_round(fresh(game).rounds[0])
        _, rescored = score_game(fresh(game))
        cached = records.cached_standings(game)
        assert cached == rescored


def test_a_long_game_shows_its_last_rounds() -> None:
    game = new_game(rules_for("rummy500", {"target": 5000}))  # long: never over on the way
    for number in range(RECENT_ROUNDS + 5):
        store_round(game, simple_round("Ann" if number % 2 else "Bob"))
    recent = board(fresh(game))
    assert recent.rounds_played == RECENT_ROUNDS + 5 == recent.next_round - 1
    assert [row.number for row in recent.rounds] == list(range(6, RECENT_ROUNDS + 6))
    everything = board(game, recent=None)
    assert [row.number for row in everything.rounds] == list(range(1, RECENT_ROUNDS + 6))
    # The rows shown are the same rows, running totals and all.
    assert everything.rounds[5:] == recent.rounds
    assert everything.competitors == recent.competitors and everything.running == recent.running
