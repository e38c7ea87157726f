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


def test_a_boards_standings_serve_its_version_and_the_next_save(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The standings a board read at a version are kept for that version: the next board at it
    and the next save (whose rounds are still that version's) use them; a new version is read
    again, and what it shows is what a rescoring gives (issue 36, item 18)."""
    game = new_game(rules_for("rummy500", {"target": 1000}))
    for _ in range(3):
        store_round(game, simple_round())
    reads: list[int] = []
    real = records.game_system(game).standings

    def counted(*args: object, **kwargs: object) -> object:
        reads.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(type(records.game_system(game)), "standings", staticmethod(counted))
    first = board(game)
    assert len(reads) == 1
    assert board(game).standing is first.standing and len(reads) == 1
    store_round(game, simple_round())  # its check that the game goes on: no read
    assert len(reads) == 1
    after = board(fresh(game))
    assert len(reads) == 2 and after.standing is not first.standing
    assert after.standing.totals == score_game(game)[1].totals
    replace_round(game.rounds[0], simple_round(), expected_version=game.version)
    corrected = board(fresh(game))
    assert corrected.standing.totals == score_game(game)[1].totals
    delete_round(game.rounds[1])
    assert board(fresh(game)).standing.totals == score_game(game)[1].totals
