"""Gin's melds and least deadwood (systems/gin/melds.py): hands checked by hand, and the search
against a brute force over every set of disjoint melds on random hands."""

from __future__ import annotations

from itertools import combinations

import hypothesis
import pytest
from hypothesis import strategies as st

from scorekeeper.engine.cards import ALL_CARDS, Card, CardError
from scorekeeper.systems.gin.melds import cards, deadwood_points, is_meld, least_deadwood


@pytest.mark.parametrize(
    ("meld", "legal"),
    [
        ("AS 2S 3S", True),
        ("QS KS AS", False),  # aces are low only
        ("KS AS 2S", False),
        ("9H 9D 9C", True),
        ("9H 9D 9C 9S", True),
        ("9H 9D", False),
        ("5D 6D 8D", False),
        ("5D 6D 7H", False),
        ("10C JC QC KC", True),
    ],
)
def test_what_is_a_meld(meld: str, legal: bool) -> None:
    assert is_meld(cards(meld)) is legal


@pytest.mark.parametrize(
    ("hand", "least"),
    [
        # greedy (the longest run first) keeps 10S 10D (20); the set of tens keeps 8H 9H (17)
        ("8H 9H 10H 10S 10D 2C 3C 4C 5C 6C", 17),
        # the spade run leaves 7H 7D KH QD (34); the sevens and all four sixes as sets, 25
        ("5S 6S 7S 7H 7D 6H 6D 6C KH QD", 25),
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", 0),
        ("AS 2H 3D 4C 5S 6H 7D 8C 9S 10H", 55),
        ("JS QS KS JH JD JC QH QD QC KD", 10),
    ],
)
def test_least_deadwood_by_hand(hand: str, least: int) -> None:
    assert least_deadwood(cards(hand)).points == least


def test_every_arrangement_with_the_least_is_given() -> None:
    """10-J-Q of spades as a run, or the ten in a set of tens: 20 left either way."""
    found = least_deadwood(cards("10S JS QS 10H 10D AC 2C 3C 4C 5C"))
    assert found.points == 20
    left = sorted(" ".join(sorted(c.code() for c in a.deadwood)) for a in found.arrangements)
    assert left == ["10D 10H", "JS QS"]


def test_a_card_twice_or_a_joker_is_refused() -> None:
    with pytest.raises(CardError, match="AS is given twice"):
        least_deadwood(cards("AS AS 2S"))
    with pytest.raises(CardError, match="without jokers"):
        cards("JK AS")


PACK = [card for card in ALL_CARDS if not card.is_joker]


def brute_least(hand: list[Card]) -> int:
    """The least deadwood over every set of disjoint melds, each meld found by trying every
    group of the hand's cards (independent of the search's own meld list)."""
    melds = [
        frozenset(group)
        for size in range(3, len(hand) + 1)
        for group in combinations(hand, size)
        if is_meld(list(group))
    ]
    best = deadwood_points(hand)
    for count in (1, 2, 3):
        for chosen in combinations(melds, count):
            used = frozenset().union(*chosen)
            if sum(len(meld) for meld in chosen) == len(used):
                best = min(best, deadwood_points(c for c in hand if c not in used))
    return best


@hypothesis.settings(max_examples=300, derandomize=True, database=None, deadline=None)
@hypothesis.given(st.lists(st.sampled_from(PACK), min_size=10, max_size=11, unique=True))
def test_least_deadwood_agrees_with_brute_force(hand: list[Card]) -> None:
    found = least_deadwood(hand)
    assert found.points == brute_least(hand)
    for arrangement in found.arrangements:
        assert all(is_meld(list(meld)) for meld in arrangement.melds)
        # a partition of the hand: every card once, in a meld or in the deadwood
        assert {*arrangement.deadwood, *(c for m in arrangement.melds for c in m)} == set(hand)
        assert len(arrangement.deadwood) + sum(len(m) for m in arrangement.melds) == len(hand)
        assert arrangement.points == found.points


def meld_rich_hands() -> st.SearchStrategy[list[Card]]:
    """Hands dealt from two suits and six ranks: many runs and sets cross."""
    small = [c for c in PACK if c.suit in "SH" and 3 <= c.number <= 8] + [
        c for c in PACK if c.suit in "DC" and 3 <= c.number <= 5
    ]
    return st.lists(st.sampled_from(small), min_size=10, max_size=11, unique=True)


@hypothesis.settings(max_examples=200, derandomize=True, database=None, deadline=None)
@hypothesis.given(meld_rich_hands())
def test_meld_rich_hands_agree_with_brute_force(hand: list[Card]) -> None:
    assert least_deadwood(hand).points == brute_least(hand)
