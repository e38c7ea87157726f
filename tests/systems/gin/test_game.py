"""A game of Gin from its hands (systems/gin/game.py): bonuses, shutouts, Hollywood, by hand."""

from __future__ import annotations

import pytest

from scorekeeper.systems.gin.game import GameRules, Won, match_totals, one_hand_a_round
from scorekeeper.systems.gin.game import columns as by_rounds

PLAYERS = ["Ann", "Bob"]


def columns(rules: GameRules, players: list[str], hands: list[Won]) -> list[object]:
    """Two players: a hand a round."""
    return by_rounds(rules, players, one_hand_a_round(hands))  # type: ignore[return-value]


def test_a_game_goes_on_until_the_target_and_bonuses_come_at_the_end() -> None:
    going = columns(GameRules(), PLAYERS, [Won("Ann", 60), Won("Bob", 30)])[0]
    assert (going.over, going.totals) == (False, {"Ann": 60, "Bob": 30})
    ended = columns(GameRules(), PLAYERS, [Won("Ann", 60), Won("Bob", 30), Won("Ann", 40)])[0]
    # Ann 100 + game 100 + two hands 50; Bob 30 + one hand 25
    assert (ended.over, ended.winner, ended.totals) == (True, "Ann", {"Ann": 250, "Bob": 55})


@pytest.mark.parametrize(
    ("rule", "ann"),
    [
        ("double", (110 + 100 + 50) * 2),  # the whole score, game and line bonuses included
        ("bonus", 110 + 200 + 50),  # the game bonus doubled
        ("none", 110 + 100 + 50),
    ],
)
def test_a_shutout_under_each_rule(rule: str, ann: int) -> None:
    rules = GameRules(shutout_rule=rule)  # type: ignore[arg-type]
    game = columns(rules, PLAYERS, [Won("Ann", 60), Won(None, 0), Won("Ann", 50)])[0]
    assert game.totals == {"Ann": ann, "Bob": 0}


def test_no_shutout_once_the_loser_won_a_hand() -> None:
    game = columns(GameRules(), PLAYERS, [Won("Bob", 1), Won("Ann", 100)])[0]
    assert game.totals == {"Ann": 100 + 100 + 25, "Bob": 1 + 25}


def test_hollywood_over_five_hands() -> None:
    """Ann's first win scores in game 1, her second in 1 and 2, her third in all three; game 1
    ends at her third (120) and takes no more hands: Bob's second win goes to game 2 alone."""
    hands = [Won("Ann", 30), Won("Bob", 20), Won("Ann", 40), Won("Ann", 50), Won("Bob", 25)]
    one, two, three = columns(GameRules(hollywood=True), PLAYERS, hands)
    assert (one.over, one.winner, one.points, one.boxes) == (
        True,
        "Ann",
        {"Ann": 120, "Bob": 20},
        {"Ann": 3, "Bob": 1},
    )
    assert one.totals == {"Ann": 120 + 100 + 75, "Bob": 20 + 25}
    assert (two.over, two.points, two.boxes) == (
        False,
        {"Ann": 90, "Bob": 25},
        {"Ann": 2, "Bob": 1},
    )
    assert (three.over, three.points) == (False, {"Ann": 50, "Bob": 0})
    assert match_totals([one, two, three]) == {"Ann": 295 + 90 + 50, "Bob": 45 + 25}


def test_a_hand_won_by_someone_not_playing_is_refused() -> None:
    with pytest.raises(ValueError, match="round 1: Cy is not playing"):
        columns(GameRules(), PLAYERS, [Won("Cy", 10)])


def test_partnership_sides_add_their_hands_and_race_to_the_target() -> None:
    """Two hands a round, one per pair of opponents: the side's players' wins add up; a round
    in which both sides pass 125 goes to the side with more; a tie for the most plays on."""
    rules = GameRules(target=125)
    sides = ["Ann & Cy", "Bob & Dee"]
    rounds = [
        [Won("Ann & Cy", 40), Won("Bob & Dee", 30)],
        [Won("Ann & Cy", 50), Won(None, 0)],
        [Won("Bob & Dee", 100), Won("Ann & Cy", 40)],  # both past 125: 130 against 130
    ]
    level = by_rounds(rules, sides, rounds)[0]
    assert (level.over, level.points) == (False, {"Ann & Cy": 130, "Bob & Dee": 130})
    ended = by_rounds(rules, sides, [*rounds, [Won("Bob & Dee", 5), Won("Ann & Cy", 1)]])[0]
    assert (ended.over, ended.winner) == (True, "Bob & Dee")
    assert ended.boxes == {"Ann & Cy": 4, "Bob & Dee": 3}
    assert ended.totals == {"Ann & Cy": 131 + 100, "Bob & Dee": 135 + 100 + 75}
