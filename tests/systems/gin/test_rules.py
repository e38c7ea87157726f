"""Gin's options and presets (systems/gin/rules.py): JSON in and out, refusals naming the
option, and each preset's rules feeding the hand and the game."""

from __future__ import annotations

import pytest

from scorekeeper.engine.rules import RulesError
from scorekeeper.systems.gin.rules import (
    GIN_OPTIONS,
    GIN_PRESETS,
    from_dict,
    gin_rules_for,
    summary,
    to_dict,
)


@pytest.mark.parametrize("preset", sorted(GIN_PRESETS))
def test_every_preset_round_trips_and_reads(preset: str) -> None:
    rules = gin_rules_for(preset)
    stored = to_dict(rules)
    assert stored["game"] == "gin" and set(stored) == {"game", *GIN_OPTIONS}
    assert from_dict(stored) == rules
    assert len(summary(rules)) == 3


def test_the_presets_hold_what_rules_md_says() -> None:
    assert gin_rules_for("gin-oklahoma").hand().oklahoma
    assert gin_rules_for("gin-hollywood").game().hollywood
    partnership = gin_rules_for("gin-partnership")
    assert (partnership.partnership, partnership.target) == (True, 125)
    plain = gin_rules_for("gin")
    assert (plain.knock_limit, plain.undercut_bonus, plain.gin_bonus, plain.big_gin_bonus) == (
        10,
        25,
        25,
        31,
    )
    assert (plain.target, plain.game_bonus, plain.line_bonus, plain.shutout_rule) == (
        100,
        100,
        25,
        "double",
    )


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"knock_limit": 11}, "option 'knock_limit' takes a whole number from 0 to 10"),
        ({"shutout_rule": "triple"}, "takes one of double, bonus, none"),
        ({"big_gin": "yes"}, "option 'big_gin' takes true or false"),
        ({"jokers": 2}, "unknown option 'jokers'; Gin's options are knock_limit"),
        ({"target": 0}, "option 'target' takes a whole number from 1"),
    ],
)
def test_a_bad_option_is_named(options: dict[str, object], named: str) -> None:
    with pytest.raises(RulesError, match=named):
        gin_rules_for("gin", options)


def test_an_unknown_preset_lists_gins() -> None:
    with pytest.raises(RulesError, match="Gin's presets are gin, gin-oklahoma"):
        gin_rules_for("gin-rummy")
