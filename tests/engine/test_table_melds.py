"""Melds on the table as the grouping search is given them (``engine.table_melds``)."""

from scorekeeper.engine.arrange import arrange
from scorekeeper.engine.cards import Card, format_cards, parse_cards
from scorekeeper.engine.points import Context
from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.table_melds import as_searched, kept_readings

JOKERS = Context(rules_for("rummy500", {"jokers": 2}))


def cards(codes: str) -> tuple[Card, ...]:
    return tuple(parse_cards(codes.split()))


def test_a_wild_with_one_reading_keeps_it() -> None:
    meld = cards("5S JK 7S")
    kept = kept_readings(JOKERS, meld)
    assert kept == (None, Card("6", "S"), None)
    assert format_cards(as_searched(JOKERS.rules, meld, kept)) == "5S 6S 7S"
    # so the search lays no 6S off onto it (the joker would have to be read as 4S or 8S)
    searched = arrange(cards("6S"), JOKERS, [as_searched(JOKERS.rules, meld, kept)])
    assert searched.unplaced == cards("6S")


def test_a_wild_with_two_readings_is_read_as_the_layoffs_need() -> None:
    meld = cards("5S 6S JK")  # 4S or 7S
    assert kept_readings(JOKERS, meld) == ()
    assert as_searched(JOKERS.rules, meld, ()) == meld


def test_a_declared_reading_is_kept() -> None:
    meld = cards("5S 6S JK")
    declared = (None, None, Card("4", "S"))
    assert kept_readings(JOKERS, meld, declared) == declared
    assert format_cards(as_searched(JOKERS.rules, meld, declared)) == "5S 6S 4S"


def test_where_the_real_card_may_go_beside_the_wild_the_meld_is_searched_as_it_is() -> None:
    """Under 5000's ``lay_beside`` the real card goes beside the wild that stands for it: the
    search needs the wild itself."""
    ctx = Context(rules_for("rummy5000", {"jokers": 2}), "9")
    meld = cards("5S JK 7S")
    assert as_searched(ctx.rules, meld, kept_readings(ctx, meld)) == meld
