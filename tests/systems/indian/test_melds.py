"""Indian Rummy's card points and melds (systems/indian/melds.py): tables checked by hand, and
the judge held against reading every wild as every card of the pack."""

from __future__ import annotations

from itertools import product

import hypothesis
import pytest
from hypothesis import strategies as st

from scorekeeper.engine.cards import ALL_CARDS, JOKER_CARD, RANKS, Card
from scorekeeper.systems.indian.melds import (
    cards,
    hand_points,
    judge,
    points,
    read_wild_rank,
    wild_rank_of_cut,
)


@pytest.mark.parametrize(
    ("code", "wild", "worth"),
    [
        ("AS", None, 10),
        ("KH", None, 10),
        ("QD", None, 10),
        ("JC", None, 10),
        ("10S", None, 10),
        ("9H", None, 9),
        ("2C", None, 2),
        ("JK", None, 0),
        ("7D", "7", 0),  # the cut joker's rank
        ("AS", "A", 0),  # a printed joker cut: aces wild
        ("7D", "8", 7),
    ],
)
def test_card_points(code: str, wild: str | None, worth: int) -> None:
    assert points(Card.from_code(code), wild) == worth


def test_a_hand_s_points() -> None:
    # 10 + 10 + 10 + 10 + 10 + 9 + 2 + 0 + 0
    assert hand_points(cards("AS KH QD JC 10S 9H 2C JK 5D"), "5") == 61


def test_the_cut_card_makes_its_rank_wild_and_a_joker_cut_the_aces() -> None:
    assert wild_rank_of_cut(Card.from_code("7D")) == "7"
    assert wild_rank_of_cut(JOKER_CARD) == "A"
    assert read_wild_rank("JK") == "A" and read_wild_rank("10") == "10"


@pytest.mark.parametrize(
    ("meld", "wild", "kind", "pure"),
    [
        ("QH KH AH", None, "sequence", True),  # Q-K-A yes
        ("AH 2H 3H", None, "sequence", True),
        ("10S JS QS KS AS", None, "sequence", True),
        ("5H 6H JK", None, "sequence", False),
        ("5H 6H 7H", "7", "sequence", True),  # a wild standing as itself: pure
        ("5H 6H 7S", "7", "sequence", False),  # the 7S stands in: impure
        ("5H JK 7H JK 9H", None, "sequence", False),  # two wilds in one sequence
        ("5H 7D 7C", "7", "sequence", False),
        ("QH JK AH", None, "sequence", False),  # Q-K-A with the king wild
        ("AS JK JK", None, "sequence", False),
        ("7H JK JK", "7", "sequence", False),  # the 7H in its own place, two wilds beside it
        ("9H 9S 9D", None, "set", False),
        ("9H 9S 9D 9C", None, "set", False),
        ("9H 9S JK", None, "set", False),
        ("9H 9S 7H", "7", "set", False),  # the 7H stands for the 9D or the 9C
        # nines wild: all four wild, one in its own place: read as the sequence it can be
        # (9H with three standing in), the more a show can use
        ("9H 9S 9D 9C", "9", "sequence", False),
    ],
)
def test_melds_by_hand(meld: str, wild: str | None, kind: str, pure: bool) -> None:
    verdict = judge(cards(meld), wild)
    assert (verdict.legal, verdict.kind, verdict.pure) == (True, kind, pure)
    assert verdict.meld is not None and sorted(verdict.meld.cards) == sorted(cards(meld))


@pytest.mark.parametrize(
    ("meld", "wild", "reason"),
    [
        ("KH AH 2H", None, "K-A-2 is not a sequence: the ace follows the king only as Q-K-A"),
        ("QS KS AS 2S", None, "K-A-2 is not a sequence"),
        ("KS AS 2S", "7", "K-A-2 is not a sequence"),
        ("9H 9S 9H", None, "9H twice: a set never holds the same card twice"),
        ("9H 9H JK", None, "9H twice: a set never holds the same card twice"),
        ("5S 6S 6S 7S", None, "6S twice: a sequence holds each rank once"),
        ("8H 8S 8D 8C JK", None, "a set has 3 or 4 cards, not 5"),
        ("8H 8S 8D 8C 7H", "7", "a set has 3 or 4 cards, not 5"),
        ("5S 6H 7S", None, "5S 6H 7S mixes suits and ranks"),
        ("5S 7S 9S", None, "5S 7S 9S is not a sequence: it misses 6S 8S, and has no wild"),
        ("5S 7S 9S JK", None, "it misses 6S 8S, and has only 1 wild to stand in"),
        ("JK JK JK", None, "wilds alone are not a meld"),
        ("5S 6S", None, "a meld has at least 3 cards, not 2"),
        ("JK JK", None, "a meld has at least 3 cards, not 2"),
    ],
)
def test_not_melds_and_why(meld: str, wild: str | None, reason: str) -> None:
    verdict = judge(cards(meld), wild)
    assert not verdict.legal and verdict.meld is None
    assert reason in verdict.reasons[0]


def test_a_wild_standing_in_is_not_its_own_card_in_a_set() -> None:
    """Sevens wild: 7H 7S 7H is a meld, the second 7H standing for another seven; without the
    wild rank the same cards are the 7H twice."""
    assert judge(cards("7H 7S 7H"), "7").legal
    assert not judge(cards("7H 7S 7H"), None).legal


# --- the judge against every reading of its wilds --------------------------------------------

PLAIN = [card for card in ALL_CARDS if not card.is_joker]
#: A corner of the pack where melds are common: two suits, the ranks round the ace.
NEAR = [
    card
    for card in PLAIN
    if card.suit in "SH" and card.rank in ("A", "2", "3", "10", "J", "Q", "K")
]


def read_as_cards(laid: list[Card], wild: str | None) -> tuple[bool, bool]:
    """(legal, pure) by trying every card of the pack for every wild standing in (a wild of the
    cut rank may also stand as itself): a set is 3–4 cards of a rank in different suits, a
    sequence 3–13 of a suit in order with the ace low or high; some card must stand as
    itself."""
    wilds = [i for i, card in enumerate(laid) if card.is_joker or card.rank == wild]
    legal = pure = False
    choices = [([laid[i]] if not laid[i].is_joker else []) + PLAIN for i in wilds]
    for picked in product(*choices):
        read = list(laid)
        standing_in = 0
        for i, card in zip(wilds, picked, strict=True):
            read[i] = card
            standing_in += card is not laid[i]
        if standing_in == len(laid):
            continue
        suits = {card.suit for card in read}
        if len({card.rank for card in read}) == 1 and len(suits) == len(read) <= 4:
            legal = True
        if len(suits) == 1 and len(read) <= 13:
            for ace in (1, 14):
                places = sorted(ace if card.number == 1 else card.number for card in read)
                if places == list(range(places[0], places[0] + len(read))):
                    legal = True
                    pure = pure or standing_in == 0
    return legal, pure


@hypothesis.settings(max_examples=150, deadline=None)
@hypothesis.given(
    st.lists(st.sampled_from([*NEAR, JOKER_CARD]), min_size=3, max_size=5)
    | st.lists(st.sampled_from([*PLAIN, JOKER_CARD]), min_size=3, max_size=4),
    st.sampled_from([None, "A", "2", "K", "5", *RANKS]),
)
def test_the_judge_agrees_with_every_reading(laid: list[Card], wild: str | None) -> None:
    wilds = sum(1 for card in laid if card.is_joker or card.rank == wild)
    hypothesis.assume(wilds <= 2)
    verdict = judge(laid, wild)
    assert (verdict.legal, verdict.legal and verdict.pure) == read_as_cards(laid, wild)
