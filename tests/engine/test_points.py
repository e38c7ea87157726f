"""Card points: what a wild card, and above all a wild ace, is worth wherever it lies."""

from __future__ import annotations

import pytest

from scorekeeper.engine.cards import Card
from scorekeeper.engine.points import Context, card_points, divide
from scorekeeper.engine.presets import PRESETS, rules_for

# Seed 000 (5000 Rummy, "Cards, Wild Cards and Card Values", 6), as the seed spells it:
# "If Aces are 50 and wildcards are 100, then wild Aces would normally be worth 150, but some
# groups donot allow Aces to be wild - see below."
# So a null wild_ace_points is the ace's own points plus wild_points.


@pytest.mark.parametrize(
    ("preset", "options", "wild_rank", "card", "points"),
    [
        # The seed's own example: aces 50, wild cards 100, a wild ace 150.
        ("rummy5000", {"card_points": {"A": 50}, "wild_ace_points": None}, "A", "AS", 150),
        ("rummy5000", {"card_points": {"A": 50}, "wild_ace_points": None}, "6", "6S", 100),
        # rummy5000 sets wild_ace_points 200 itself, and an ace that is not wild stays 100.
        ("rummy5000", {}, "A", "AS", 200),
        ("rummy5000", {}, "6", "AS", 100),
        ("rummy5000", {"wild_ace_points": None}, "A", "AS", 200),  # 100 + 100 by the rule too
        ("george2500", {}, "A", "AH", 200),
        ("rummy5000-minus", {}, "A", "AH", 200),
        # Aces are wild through wild_ranks or wild_cards as well as through the round's rank.
        ("rummy500", {"wild_points": 100, "wild_ranks": ["A"]}, None, "AD", 115),
        ("rummy500", {"wild_points": 100, "wild_cards": ["AS"]}, None, "AS", 115),
        ("rummy500", {"wild_points": 100, "wild_cards": ["AS"]}, None, "AH", 15),
        # wild_points null too: a wild ace is just its own points (and any other wild its own).
        ("rummy500", {"round_wild": "progression"}, "A", "AC", 15),
        ("rummy500", {"round_wild": "progression"}, "7", "7C", 7),
        ("rummy500-pips", {"round_wild": "progression"}, "A", "AC", 1),
        # The ace's own points include a card override.
        (
            "rummy500",
            {"wild_points": 100, "wild_ranks": ["A"], "card_overrides": {"AS": 40}},
            None,
            "AS",
            140,
        ),
        # An explicit wild_ace_points wins, even below the ace's own points.
        (
            "rummy500",
            {"wild_points": 100, "wild_ranks": ["A"], "wild_ace_points": 10},
            None,
            "AS",
            10,
        ),
    ],
)
def test_wild_ace_points(
    preset: str, options: dict[str, object], wild_rank: str | None, card: str, points: int
) -> None:
    ctx = Context(rules_for(preset, options), wild_rank)
    assert card_points(ctx, Card.from_code(card)) == points


def test_a_wild_ace_keeps_its_points_in_a_meld_and_at_the_low_end_of_a_run() -> None:
    """Seed 000 again: the wild ace's 150 is its value, in hand or melded (and low in a run)."""
    rules = rules_for("rummy5000", {"card_points": {"A": 50}, "wild_ace_points": None})
    ctx = Context(rules, "A")
    ace = Card.from_code("AS")
    assert card_points(ctx, ace, as_card=Card.from_code("4H")) == 150
    assert card_points(ctx, ace, as_card=Card.from_code("AS"), ace_low=True) == 150


def test_a_wild_ace_is_divided_like_any_card() -> None:
    rules = rules_for("rummy100", {"wild_points": 100, "wild_ranks": ["A"]})
    assert card_points(Context(rules), Card.from_code("AS")) == 23  # (15 + 100) / 5, half up


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_prices_a_wild_ace_by_the_rule(preset: str) -> None:
    """A preset that leaves wild_ace_points null gets the ace's points plus wild_points."""
    rules = PRESETS[preset].rules
    expected = (
        rules.wild_ace_points
        if rules.wild_ace_points is not None
        else rules.rank_points("A") + (rules.wild_points or 0)
    )
    assert card_points(Context(rules, "A"), Card.from_code("AS")) == divide(
        expected, rules.points_divisor
    )


def test_only_the_5000_family_sets_a_wild_ace_of_its_own() -> None:
    explicit = {
        name for name, preset in PRESETS.items() if preset.rules.wild_ace_points is not None
    }
    assert explicit == {"rummy5000", "rummy5000-minus", "george2500"}
    assert all(PRESETS[name].rules.wild_ace_points == 200 for name in explicit)
