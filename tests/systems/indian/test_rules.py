"""Indian Rummy's options, presets and packs (systems/indian/rules.py): JSON in and out, the
defaults of RULES.md, refusals naming the option, and the packs for each number of players."""

from __future__ import annotations

import pytest

from scorekeeper.engine.rules import RulesError
from scorekeeper.systems.indian.rules import (
    INDIAN_OPTIONS,
    INDIAN_PRESETS,
    IndianError,
    IndianRules,
    Packs,
    from_dict,
    indian_rules_for,
    packs_for,
    summary,
    to_dict,
    with_options,
)


@pytest.mark.parametrize("preset", sorted(INDIAN_PRESETS))
def test_every_preset_round_trips_and_reads(preset: str) -> None:
    rules = indian_rules_for(preset)
    stored = to_dict(rules)
    assert stored["game"] == "indian" and list(stored)[1:] == list(INDIAN_OPTIONS)
    assert from_dict(stored) == rules
    assert len(summary(rules)) == 5
    assert INDIAN_PRESETS[preset].summary.endswith(".")


def test_the_defaults_are_rules_md() -> None:
    rules = IndianRules()
    assert (rules.decks, rules.jokers, rules.cut_joker) == ("auto", "auto", True)
    assert (rules.max_points, rules.first_drop, rules.middle_drop, rules.wrong_show) == (
        80,
        20,
        40,
        80,
    )
    assert (rules.wrong_show_ends, rules.indian_variant, rules.point_value) == (False, "points", 1)
    assert (rules.pool_limit, rules.rejoin, rules.rejoin_below, rules.deals) == (101, True, 80, 2)
    assert indian_rules_for("indian-points") == rules


@pytest.mark.parametrize(
    ("preset", "variant", "limit", "drops", "below"),
    [
        ("indian-points", "points", 101, (20, 40), 80),
        ("indian-pool-101", "pool", 101, (20, 40), 80),
        ("indian-pool-201", "pool", 201, (25, 50), 175),
        ("indian-deals", "deals", 101, (20, 40), 80),
    ],
)
def test_each_preset(
    preset: str, variant: str, limit: int, drops: tuple[int, int], below: int
) -> None:
    rules = indian_rules_for(preset)
    assert rules.indian_variant == variant and rules.pool_limit == limit
    assert (rules.first_drop, rules.middle_drop, rules.rejoin_below) == (*drops, below)
    assert rules.max_points == 80


def test_a_pool_limit_brings_its_drops_unless_they_are_given() -> None:
    to_201 = indian_rules_for("indian-pool-101", {"pool_limit": 201})
    assert (to_201.first_drop, to_201.middle_drop, to_201.rejoin_below) == (25, 50, 175)
    own = indian_rules_for("indian-pool-101", {"pool_limit": 201, "middle_drop": 45})
    assert (own.first_drop, own.middle_drop) == (25, 45)
    back = indian_rules_for("indian-pool-201", {"pool_limit": 101})
    assert (back.first_drop, back.middle_drop, back.rejoin_below) == (20, 40, 80)
    # a stored game keeps its own drops, whatever its limit
    stored = to_dict(indian_rules_for("indian-pool-201", {"first_drop": 30}))
    assert from_dict(stored).first_drop == 30


@pytest.mark.parametrize(
    ("options", "read"),
    [
        ({"decks": 2}, ("decks", 2)),
        ({"decks": "2"}, ("decks", 2)),  # as a form sends it
        ({"decks": "auto"}, ("decks", "auto")),
        ({"jokers": 0}, ("jokers", 0)),
        ({"deals": 6}, ("deals", 6)),
        ({"pool_limit": "201"}, ("pool_limit", 201)),
        ({"indian_variant": "pool"}, ("indian_variant", "pool")),
        ({"point_value": 5}, ("point_value", 5)),
        ({"wrong_show_ends": True}, ("wrong_show_ends", True)),
    ],
)
def test_options_are_read(options: dict[str, object], read: tuple[str, object]) -> None:
    name, value = read
    assert getattr(indian_rules_for("indian-points", options), name) == value


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"decks": 4}, "option 'decks' takes one of auto, 1, 2, 3, not 4"),
        ({"deals": 4}, "option 'deals' takes one of 2, 3, 6, not 4"),
        ({"pool_limit": 150}, "option 'pool_limit' takes one of 101, 201"),
        ({"pool_limit": True}, "option 'pool_limit' takes one of 101, 201"),
        ({"indian_variant": "tournament"}, "takes one of points, pool, deals"),
        ({"max_points": 0}, "option 'max_points' takes a whole number from 1"),
        ({"cut_joker": "yes"}, "option 'cut_joker' takes true or false"),
        ({"target": 100}, "unknown option 'target'; Indian Rummy's options are decks"),
        ({"rejoin_below": 101}, "rejoin_below 101 must be below the pool limit 101"),
    ],
)
def test_a_bad_option_is_named(options: dict[str, object], named: str) -> None:
    with pytest.raises(RulesError, match=named):
        indian_rules_for("indian-points", options)


def test_an_unknown_preset_lists_the_family_s() -> None:
    with pytest.raises(RulesError, match="indian-points, indian-pool-101"):
        indian_rules_for("indian-pool-301")


@pytest.mark.parametrize(
    ("players", "packs"),
    [(2, Packs(1, 1)), (3, Packs(2, 2)), (4, Packs(2, 2)), (5, Packs(2, 2)), (6, Packs(2, 2))],
)
def test_the_packs_for_each_table(players: int, packs: Packs) -> None:
    assert packs_for(IndianRules(), players) == packs


def test_packs_set_by_hand() -> None:
    assert packs_for(with_options(IndianRules(), {"decks": 2}), 2) == Packs(2, 2)
    assert packs_for(with_options(IndianRules(), {"decks": 3, "jokers": 0}), 6) == Packs(3, 0)
    with pytest.raises(IndianError, match="6 players need 78 cards: 1 pack and 1 joker hold 53"):
        packs_for(with_options(IndianRules(), {"decks": 1}), 6)


@pytest.mark.parametrize("players", [0, 1, 7, 8])
def test_seven_players_or_one_are_refused(players: int) -> None:
    with pytest.raises(IndianError, match=f"Indian Rummy is for 2 to 6 players, not {players}"):
        packs_for(IndianRules(), players)


def test_the_summary_says_the_variant() -> None:
    assert summary(indian_rules_for("indian-points", {"point_value": 3}))[-1] == (
        "Points: each loser pays the winner their points × 3."
    )
    assert "out at 201 or more" in summary(indian_rules_for("indian-pool-201"))[-1]
    assert summary(indian_rules_for("indian-deals", {"deals": 3}))[-1].startswith("Deals: 3 deals")
    assert "it ends the deal" in summary(IndianRules(wrong_show_ends=True))[3]
