"""Melds on the table (``engine.table_melds``): the readings their wilds keep, and the grouping
search holding them as the referee does."""

from scorekeeper.engine.arrange import arrange
from scorekeeper.engine.cards import Card, parse_cards
from scorekeeper.engine.points import Context
from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.table_melds import judge, kept_readings

JOKERS = Context(rules_for("rummy500", {"jokers": 2}))


def cards(codes: str) -> tuple[Card, ...]:
    return tuple(parse_cards(codes.split()))


def test_a_wild_with_one_reading_keeps_it() -> None:
    meld = cards("5S JK 7S")
    assert kept_readings(JOKERS, meld) == (None, Card("6", "S"), None)
    # so the search lays no 6S off onto it (the joker would have to be read as 4S or 8S)
    assert arrange(cards("6S"), JOKERS, [meld]).unplaced == cards("6S")
    assert arrange(cards("8S"), JOKERS, [meld]).layoffs[0].cards == cards("8S")


def test_a_wild_with_two_readings_is_read_as_the_layoffs_need() -> None:
    meld = cards("5S 6S JK")  # 4S or 7S
    assert kept_readings(JOKERS, meld) == ()
    assert arrange(cards("7S"), JOKERS, [meld]).layoffs[0].cards == cards("7S")
    assert arrange(cards("4S"), JOKERS, [meld]).layoffs[0].cards == cards("4S")


def test_a_declared_reading_is_kept() -> None:
    meld = cards("5S 6S JK")
    declared = (None, None, Card("4", "S"))
    assert kept_readings(JOKERS, meld, declared) == declared
    pinned = {2: Card("4", "S")}
    assert arrange(cards("7S"), JOKERS, [meld], declared=[pinned]).layoffs[0].cards == cards("7S")
    assert arrange(cards("4S"), JOKERS, [meld], declared=[pinned]).unplaced == cards("4S")


def test_where_the_real_card_may_go_beside_the_wild_it_is_laid_there() -> None:
    """Under 5000's ``lay_beside`` the real card goes beside the wild that stands for it."""
    ctx = Context(rules_for("rummy5000", {"jokers": 2}), "9")
    meld = cards("5S JK 7S")
    assert judge(cards("6S"), ctx, meld).legal
    assert arrange(cards("6S"), ctx, [meld]).layoffs[0].cards == cards("6S")


def test_a_layoff_that_only_a_reading_the_meld_never_had_takes_is_refused() -> None:
    """7H with jacks wild: 7H-8H-9H-10H-JH-QH would take 8H 9H QH, but 7H with the jacks as
    10H and JH was never a meld, so the jacks cannot be read so once melded (the round's scoring
    agrees). 8H 9H alone still go on, the jacks read as 5H and 6H."""
    ctx = Context(rules_for("rummy5000"), "J")
    meld = cards("7H JD JC")
    refused = judge(cards("8H 9H QH"), ctx, meld)
    assert not refused.legal
    assert refused.reasons[1].startswith("7H JD JC can stand for 7D 7H 7S, 5H 6H 7H, 6H 7H 8H")
    assert "none of them takes 8H 9H QH" in refused.reasons[1]
    assert judge(cards("8H 9H"), ctx, meld).legal
    found = arrange(cards("8H 9H QH"), ctx, [meld])
    assert found.unplaced == cards("QH") and found.layoffs[0].cards == cards("8H 9H")


def test_a_wild_limit_counts_the_table_melds_own_wild() -> None:
    """One wild a meld: 10D KC QD (kings wild, the king as JD) takes no second wild."""
    rules = rules_for(
        "rummy5000", {"wild_limit": "one", "wild_ranks": ["K", "3"], "ace_position": "high_only"}
    )
    ctx = Context(rules, "8", packs=1)
    meld = cards("10D KC QD")
    assert not judge(cards("3S"), ctx, meld).legal
    assert arrange(cards("3S"), ctx, [meld]).unplaced == cards("3S")
