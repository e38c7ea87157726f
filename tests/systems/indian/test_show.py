"""The show check and a loser's count (systems/indian/show.py): hands checked by hand, and the
search held against the brute-force oracle (test_oracle.py) on random hands."""

from __future__ import annotations

from collections import Counter

import hypothesis
import pytest
from hypothesis import strategies as st

from scorekeeper.engine.cards import ALL_CARDS, JOKER_CARD, RANKS, Card
from scorekeeper.systems.indian.melds import cards, hand_points, judge
from scorekeeper.systems.indian.rules import IndianError
from scorekeeper.systems.indian.show import (
    check_show,
    count_as_laid,
    loser_count,
    show_as_laid,
)

from .test_oracle import brute_count, brute_show

# --- shows ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "wild"),
    [
        # pure 2H 3H 4H, impure 5C 6C JK, sets of nines and kings
        ("2H 3H 4H 5C 6C JK 9S 9D 9C KD KS KH KC", "7"),
        # the 7H stands as itself: 5H 6H 7H is pure; 8C 9C 7S the second sequence
        ("5H 6H 7H 8C 9C 7S 9S 9D 9C KD KS KH KC", "7"),
        # Q-K-A is a sequence
        ("QH KH AH 5C 6C 7C 9S 9D 9C 2D 2S 2H 2C", "8"),
        ("KH AH QH 5C 6C 7C 8S 9S 10S 9D 9C 9H 9S", "4"),
        # nines wild: 9S 9S 9D are three wilds (a wild standing in is not its own card), taken
        # into the second pure sequence
        ("2H 3H 4H 5C 6C 7C 9S 9S 9D KD KS KH KC", "9"),
        # a printed joker cut: aces wild; AS stands in for 8D
        ("5D 6D 7D AS 9D 10D JD 2C 3C 4C QS QH QC", "A"),
        # thirteen of a suit: two pure sequences (the 5C, wild, in its own place)
        ("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", "5"),
    ],
)
def test_valid_shows(hand: str, wild: str) -> None:
    show = check_show(cards(hand), wild)
    assert show.valid and show.reasons == () and show.unmatched == ()
    laid = [card for meld in show.melds for card in meld.cards]
    assert Counter(laid) == Counter(cards(hand))
    assert any(meld.pure for meld in show.melds)
    assert sum(meld.kind == "sequence" for meld in show.melds) >= 2


@pytest.mark.parametrize(
    ("hand", "wild", "reasons"),
    [
        # one sequence only: every card melded, the rest sets
        (
            "2H 3H 4H 5C 5S 5D 9S 9H 9C QD QS QH QC",
            "7",
            ("only one sequence (2H 3H 4H): a show needs a second",),
        ),
        # sevens not wild: 7S is no help to 8C 9C, and no second sequence can be made
        (
            "5H 6H 7H 8C 9C 7S 9S 9D 9C KD KS KH KC",
            "2",
            (
                "no second sequence beside the pure 5H 6H 7H",
                "not every card is in a meld: 8C 9C 7S are left",
            ),
        ),
        # a duplicate card in a set
        (
            "2H 3H 4H 5C 6C 7C 9S 9S 9D KD KS KH KC",
            "A",
            ("not every card is in a meld: 9S 9S 9D are left",),
        ),
        # K-A-2 is not a sequence (with QH for the 2H it is valid: test_valid_shows)
        (
            "KH AH 2H 5C 6C 7C 8S 9S 10S 9D 9C 9H 9S",
            "4",
            ("not every card is in a meld: KH AH 2H are left",),
        ),
        # no sequence at all: sets only
        (
            "2H 2S 2D 5C 5S 5D 9S 9H 9C QD QS QH QC",
            "7",
            ("no sequence: a show needs two, one of them pure",),
        ),
    ],
)
def test_invalid_shows_and_why(hand: str, wild: str, reasons: tuple[str, ...]) -> None:
    show = check_show(cards(hand), wild)
    assert not show.valid
    assert show.reasons == reasons


def test_no_pure_sequence_names_the_impure_ones() -> None:
    show = check_show(cards("5H 6H JK 8C 9C 7S 9S 9D 9C KD KS KH KC"), "7")
    impure = sorted(str(meld) for meld in show.melds if meld.kind == "sequence")
    assert impure == ["5H 6H 7S", "8C 9C JK"] or impure == ["5H 6H JK", "8C 9C 7S"]
    assert show.reasons == (f"no pure sequence: {impure[0]} and {impure[1]} are impure",)


def test_a_hand_that_cannot_have_a_pure_sequence_says_so() -> None:
    show = check_show(cards("2H 4H 6H 8C 10C QC 3S 5S 7S 9D JD KD AD"), "4")
    assert show.reasons[0] == "no pure sequence"
    assert show.reasons[1].startswith("not every card is in a meld: ")


def test_a_card_of_the_wild_rank_in_its_own_place_with_wilds_is_a_sequence() -> None:
    """Wilds alone are not a meld, but with the 7S standing as itself (sevens wild) the 7S and
    two wilds are a sequence: here the only second sequence there is."""
    hand = cards("2H 3H 4H JK JK 7S 7S 7D 7D 7C 7C 7H 7H")
    assert check_show(hand, "7").valid
    assert loser_count(hand, "7").points == 0


# --- a loser's count -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "wild", "paid", "left"),
    [
        # 2H 3H 4H pure; 5C 6C 7S and 9S 9D JK: 2C 8D KH AS left = 2 + 8 + 10 + 10
        ("2H 3H 4H 5C 6C JK 9S 9D 2C 7S 8D KH AS", "7", 30, "2C 8D KH AS"),
        # AS 2S 3S 4S pure (the ace low keeps it from counting); 8C 9C 7S; 45 left
        ("2S 3S 4S 8C 9C 7S QS QD 2C 5D 8D KH AS", "7", 45, "QS QD 2C 5D 8D KH"),
        # 2H 3H 4H pure; 9S JK 7S QS (the two wilds fill 10S JS) and KC KD 7D: 5C 8H 10D = 23
        ("2H 3H 4H 7S JK 7D KC KD QS 9S 5C 8H 10D", "7", 23, "5C 8H 10D"),
        # every card in a meld: nothing to pay
        ("2H 3H 4H 5C 6C JK 9S 9D 9C KD KS KH KC", "7", 0, ""),
    ],
)
def test_counts_by_hand(hand: str, wild: str, paid: int, left: str) -> None:
    count = loser_count(cards(hand), wild)
    assert (count.points, count.counted_all) == (paid, False)
    assert " ".join(card.code() for card in count.unmatched) == left


@pytest.mark.parametrize(
    ("hand", "wild", "uncapped", "paid", "reason"),
    [
        # no pure sequence: 5+6+0+8+9+0+9+9+2+10+10+10+10 = 88, capped at 80
        ("5H 6H JK 8C 9C 7S 9S 9D 2C KD KS KH AC", "7", 88, 80, "no pure sequence"),
        # 2H 3H 4H is the only sequence: every card, 47, under the cap
        ("2H 3H 4H 2S 3S 5D 6C 2C 3C 4D 5S 6S 2D", "7", 47, 47, "no second sequence"),
        # the cap is an option
        ("2H 3H 4H 2S 3S 5D 6C 2C 3C 4D 5S 6S 2D", "7", 47, 40, "no second sequence"),
    ],
)
def test_every_card_counts_without_a_pure_and_a_second_sequence(
    hand: str, wild: str, uncapped: int, paid: int, reason: str
) -> None:
    count = loser_count(cards(hand), wild, max_points=paid if paid < uncapped else 80)
    assert (count.points, count.uncapped, count.counted_all, count.reason) == (
        paid,
        uncapped,
        True,
        reason,
    )
    assert count.melds == () and Counter(count.unmatched) == Counter(cards(hand))


def test_the_cap_holds_on_cards_in_no_meld_too() -> None:
    # 2H 3H 4H pure; the joker does most as the QS of 10S JS JK KS (saves 30; 5C 6C JK would
    # save 11): 5C 6C KD QH QD JC left, 5 + 6 + 40 = 51
    hand = cards("2H 3H 4H 5C 6C JK KD KS QH QD JC JS 10S")
    count = loser_count(hand, "7")
    assert (count.points, count.uncapped, count.counted_all) == (51, 51, False)
    assert " ".join(card.code() for card in count.unmatched) == "5C 6C KD QH QD JC"
    capped = loser_count(hand, "7", max_points=50)
    assert (capped.points, capped.uncapped) == (50, 51)


# --- melds as laid ----------------------------------------------------------------------------


def test_a_show_as_laid_is_judged_as_laid() -> None:
    hand = cards("2H 3H 4H 5C 6C JK 9S 9D 9C KD KS KH KC")
    laid = [cards("2H 3H 4H"), cards("5C 6C JK"), cards("9S 9D 9C"), cards("KD KS KH KC")]
    assert show_as_laid(hand, laid, "7").valid
    # the same cards laid with the pure sequence broken into a set's wild
    worse = [cards("2H 3H JK"), cards("4H 5C 6C"), cards("9S 9D 9C"), cards("KD KS KH KC")]
    with pytest.raises(IndianError, match="the meld 4H 5C 6C: 4H 5C 6C mixes suits and ranks"):
        show_as_laid(hand, worse, "7")
    short = show_as_laid(hand, laid[:3], "7")
    assert not short.valid
    assert short.reasons == ("not every card is in a meld: KD KS KH KC are left",)


def test_a_count_as_laid() -> None:
    hand = cards("2H 3H 4H 5C 6C JK 9S 9D 2C 7S 8D KH AS")
    laid = [cards("2H 3H 4H"), cards("5C 6C JK")]
    count = count_as_laid(hand, laid, "7")
    # 9S 9D 2C 7S 8D KH AS: 9 + 9 + 2 + 0 + 8 + 10 + 10
    assert (count.points, count.counted_all) == (48, False)
    assert count_as_laid(hand, [cards("5C 6C JK")], "7").points == hand_points(hand, "7")
    with pytest.raises(IndianError, match="QS is laid, but the hand does not hold it"):
        count_as_laid(hand, [cards("QS KS AS")], "7")
    with pytest.raises(IndianError, match="2H is laid twice, but the hand holds it once"):
        count_as_laid(hand, [cards("2H 3H 4H"), cards("2H 2C JK")], "7")


# --- the search against the brute force --------------------------------------------------------

DECK = [card for card in ALL_CARDS if not card.is_joker] * 2 + [JOKER_CARD, JOKER_CARD]


@st.composite
def dealt(draw: st.DrawFn) -> tuple[list[Card], str]:
    """Thirteen cards from two packs and two jokers, and the cut card's rank (a joker: aces)."""
    positions = draw(st.lists(st.integers(0, len(DECK) - 1), min_size=14, max_size=14, unique=True))
    cut, *hand = [DECK[i] for i in positions]
    return hand, "A" if cut.is_joker else cut.rank


@st.composite
def meld_rich(draw: st.DrawFn) -> tuple[list[Card], str]:
    """Thirteen cards from a corner of two packs (two or three suits, seven ranks) and up to
    six wilds: shows are often valid, and wilds have choices to make."""
    wild = draw(st.sampled_from(RANKS))
    suits = draw(st.sampled_from(["SH", "HD", "SDC", "HC"]))
    low = draw(st.integers(1, 7))
    corner = [
        card
        for card in DECK
        if not card.is_joker
        and card.rank != wild
        and card.suit in suits
        and low <= card.number <= low + 6
    ]
    wilds = [card for card in DECK if card.is_joker or card.rank == wild]
    how_many = draw(st.integers(0, 6))
    chosen = draw(st.permutations(range(len(wilds))))[:how_many]
    rest = draw(st.permutations(range(len(corner))))[: 13 - how_many]
    return [wilds[i] for i in chosen] + [corner[i] for i in rest], wild


def _holds_for(hand: list[Card], wild: str) -> None:
    show = check_show(hand, wild)
    count = loser_count(hand, wild)
    assert show.valid == brute_show(hand, wild)
    assert count.points == brute_count(hand, wild)
    assert count.points <= 80 and count.points == min(count.uncapped, 80)
    if show.valid:
        # a valid show never leaves a card unmatched, and its melds are the hand's
        assert show.unmatched == ()
        assert Counter(card for meld in show.melds for card in meld.cards) == Counter(hand)
        for meld in show.melds:
            verdict = judge(meld.cards, wild)
            assert verdict.legal and (not meld.pure or verdict.pure)
        assert count.points == 0
    if not count.counted_all:
        assert count.uncapped == hand_points(count.unmatched, wild)
        melded = Counter(card for meld in count.melds for card in meld.cards)
        assert melded + Counter(count.unmatched) == Counter(hand)
        assert all(judge(meld.cards, wild).legal for meld in count.melds)


@hypothesis.settings(max_examples=300, deadline=None)
@hypothesis.given(dealt())
def test_the_search_agrees_with_the_brute_force_on_random_hands(
    hand_and_wild: tuple[list[Card], str],
) -> None:
    _holds_for(*hand_and_wild)


@hypothesis.settings(max_examples=120, deadline=None)
@hypothesis.given(meld_rich())
def test_the_search_agrees_with_the_brute_force_on_meld_rich_hands(
    hand_and_wild: tuple[list[Card], str],
) -> None:
    _holds_for(*hand_and_wild)
