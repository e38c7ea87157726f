"""One Gin hand scored from the cards (systems/gin/hand.py), each checked by hand."""

from __future__ import annotations

from itertools import combinations

import hypothesis
import pytest
from hypothesis import strategies as st

from scorekeeper.engine.cards import ALL_CARDS, Card
from scorekeeper.systems.gin.hand import (
    GinError,
    HandResult,
    HandRules,
    Player,
    defend,
    layoffs,
    score_hand,
)
from scorekeeper.systems.gin.melds import cards, is_meld, least_deadwood, points

RULES = HandRules()


def hand(
    rules: HandRules, ann: str, bob: str, *, upcard: Card | None = None, dead: bool = False
) -> HandResult:
    """Ann knocks with ``ann``; Bob defends with ``bob``."""
    return score_hand(
        rules, Player("Ann", cards(ann)), Player("Bob", cards(bob)), upcard=upcard, dead=dead
    )


def test_layoffs_at_both_ends_of_a_run_and_onto_a_set() -> None:
    melds = [tuple(cards("6S 7S 8S")), tuple(cards("KH KD KC"))]
    laid = layoffs(melds, cards("4S 5S 9S 10S KS 2S QH"))
    assert [(card.code(), meld) for card, meld in laid] == [
        ("4S", 0),
        ("5S", 0),
        ("9S", 0),
        ("10S", 0),
        ("KS", 1),
    ]
    assert layoffs(melds, cards("10S 4S")) == ()  # no chain without the card between


def test_the_defender_lays_off_what_their_own_melds_would_keep() -> None:
    """The defender's 3-4-5 of spades as a meld, or laid off one by one down from the
    knocker's 6-7-8: KD QC are left either way; and a set of their own beats a layoff that
    breaks it (their 9S 9H 9D stays a set: 9S alone on the run would leave 9H 9D)."""
    defence = defend([tuple(cards("6S 7S 8S"))], cards("3S 4S 5S 9S KD QC"))
    assert (defence.points, sorted(c.code() for c in defence.deadwood)) == (20, ["KD", "QC"])
    kept = defend([tuple(cards("6S 7S 8S"))], cards("9S 9H 9D KD"))
    assert (kept.points, kept.layoffs) == (10, ())


def test_a_knock() -> None:
    result = hand(RULES, "5S 6S 7S 9H 9D 9C 2C 3C 4C AD", "8S 9S KH KD KC 2H 3H 4D 5D QC")
    assert (result.kind, result.winner, result.points) == ("knock", "Ann", 23)


def test_layoffs_turn_a_knock_into_an_undercut() -> None:
    """Ann knocks with 8D; Bob's 13 (3S 7S AH 2D) is 3 once 3S and 7S go on Ann's 4-5-6 of
    spades: undercut, Bob 8 - 3 + 25."""
    result = hand(RULES, "4S 5S 6S 9H 9D 9C JC QC KC 8D", "3S 7S AH 2D 10H 10S 10D QH QD QS")
    assert (result.kind, result.winner, result.points) == ("undercut", "Bob", 30)
    assert result.line == ("Undercut: Bob 3 after laying off 3S 7S against Ann's 8: Bob +30")


def test_an_even_count_is_an_undercut() -> None:
    result = hand(RULES, "4S 5S 6S 9H 9D 9C JC QC KC 8D", "AH 5H 2D 10H 10S 10D 10C QH QD QS")
    assert (result.kind, result.winner, result.points) == ("undercut", "Bob", 25)


def test_gin_takes_no_layoffs() -> None:
    """Bob's 7S would go on Ann's 4-5-6 of spades, but nothing goes on a gin hand."""
    result = hand(RULES, "4S 5S 6S 9H 9D 9C 10C JC QC KC", "7S AH 2D 10H 10S 10D QH QD QS 5C")
    assert (result.kind, result.winner, result.points) == ("gin", "Ann", 25 + 15)
    assert result.defence.layoffs == ()


def test_big_gin_and_eleven_cards_without_it() -> None:
    result = hand(RULES, "4S 5S 6S 7S 9H 9D 9C 10C JC QC KC", "8S AH 2D 10H 10S 10D QH QD QS 5C")
    assert (result.kind, result.points) == ("big_gin", 31 + 16)
    with pytest.raises(GinError, match="only big gin"):
        hand(RULES, "4S 5S 6S 7S 9H 9D 9C JC QC KC 2H", "8S AH 2D 10H 10S 10D QH QD QS 5C")
    with pytest.raises(GinError, match="ten"):
        hand(
            HandRules(big_gin=False),
            "4S 5S 6S 7S 9H 9D 9C 10C JC QC KC",
            "8S AH 2D 10H 10S 10D QH QD QS 5C",
        )


def test_the_knocker_lays_down_what_leaves_the_defender_most() -> None:
    """Ann's 10S goes in the run 10-J-Q of spades or in the set of tens, 20 left either way.
    Laying down the run lets Bob lay off 9S and KS (19); the set lets him lay off 10C (10):
    Ann lays down the set, and Bob keeps 54."""
    result = hand(
        HandRules(knock_limit=20),
        "10S JS QS 10H 10D AC 2C 3C 4C 5C",
        "9S KS 10C 2H 4H 6D 8D 3S 5S 7C",
    )
    assert result.defence.points == 54
    assert (result.kind, result.points) == ("knock", 34)


def test_a_knock_over_the_limit_is_refused() -> None:
    with pytest.raises(GinError, match="cannot knock with 11: the limit is 10"):
        hand(RULES, "4S 5S 6S 9H 9D 9C AH 2D 3C 5H", "3S 7S 8H 10H 10S 10D QH QD QS KD")


def test_oklahoma() -> None:
    rules = HandRules(oklahoma=True)
    ann, bob = "4S 5S 6S 9H 9D 9C JC QC KC 8D", "AH 2H 3D 5D 10H 10S 10D QH QD QS"
    # a seven upcard: 8 is over the limit
    with pytest.raises(GinError, match="the limit is 7"):
        hand(rules, ann, bob, upcard=Card("7", "H"))
    # an eight: Ann knocks, Bob has 11: +3
    assert hand(rules, ann, bob, upcard=Card("8", "H")).points == 3
    # a spade eight doubles it
    doubled = hand(rules, ann, bob, upcard=Card("8", "S"))
    assert (doubled.points, doubled.doubled) == (6, True)
    assert doubled.line.endswith("(spade upcard: doubled)")
    # an ace: gin only
    with pytest.raises(GinError, match=r"limit is 0 \(gin only\)"):
        hand(rules, ann, bob, upcard=Card("A", "D"))
    gin = "4S 5S 6S 9H 9D 9C 10C JC QC KC"
    assert hand(rules, gin, bob, upcard=Card("A", "S")).points == 2 * (25 + 11)
    with pytest.raises(GinError, match="Oklahoma needs the first upcard"):
        hand(rules, ann, bob)
    with pytest.raises(GinError, match="only Oklahoma"):
        hand(RULES, ann, bob, upcard=Card("8", "H"))


def test_a_card_twice_and_a_dead_hand() -> None:
    with pytest.raises(GinError, match="9H is given twice"):
        hand(RULES, "4S 5S 6S 9H 9D 9C JC QC KC 8D", "9H 7H 10H 10S 10D QH QD QS 2D 3C")
    dead = hand(
        RULES, "4S 5S 6S 9H 9D 9C JC QC KC 8D", "AH 7H 10H 10S 10D QH QD QS 2D 3C", dead=True
    )
    assert (dead.kind, dead.winner, dead.points) == ("dead", None, 0)


def brute_defence(knocker_melds: list[tuple[Card, ...]], hand: list[Card]) -> int:
    """The defender's least deadwood by brute force: every set of disjoint melds of their own
    (each found by trying every group of cards), then every card that makes a knocker's meld
    (as it has grown) a longer meld laid off, until none does."""
    own = [
        frozenset(group)
        for size in range(3, len(hand) + 1)
        for group in combinations(hand, size)
        if is_meld(list(group))
    ]
    best = sum(points(card) for card in hand)
    for count in range(4):
        for chosen in combinations(own, count):
            used = frozenset().union(*chosen)
            if sum(len(meld) for meld in chosen) != len(used):
                continue
            left = [card for card in hand if card not in used]
            grown = [list(meld) for meld in knocker_melds]
            laid = True
            while laid:
                laid = False
                for card in list(left):
                    for meld in grown:
                        if is_meld([*meld, card]):
                            meld.append(card)
                            left.remove(card)
                            laid = True
                            break
            best = min(best, sum(points(card) for card in left))
    return best


@hypothesis.settings(max_examples=150, derandomize=True, database=None, deadline=None)
@hypothesis.given(st.data())
def test_the_defence_agrees_with_brute_force(data: st.DataObject) -> None:
    """A knocker's melds from a meld-rich corner of the pack, the defender's ten cards from the
    rest of it: the defence leaves what the brute force does."""
    corner = [c for c in ALL_CARDS if not c.is_joker and c.suit in "SHD" and 3 <= c.number <= 8]
    dealt = data.draw(st.lists(st.sampled_from(corner), min_size=10, max_size=10, unique=True))
    arrangement = least_deadwood(dealt).arrangements[0]
    knocker_melds = list(arrangement.melds)
    rest = [c for c in ALL_CARDS if not c.is_joker and c not in dealt]
    near = [c for c in rest if 2 <= c.number <= 10]
    hand = data.draw(st.lists(st.sampled_from(near), min_size=10, max_size=10, unique=True))
    assert defend(knocker_melds, hand).points == brute_defence(knocker_melds, hand)
