"""A Gin round as the table records it (systems/gin/round.py): each entry's melds, deadwood
before and after layoffs, result, points and lines; partnership's two hands; the refusals."""

from __future__ import annotations

import pytest

from scorekeeper.engine.cards import Card
from scorekeeper.systems.gin.hand import GinError
from scorekeeper.systems.gin.melds import cards
from scorekeeper.systems.gin.round import Entry, GinRound, score_round
from scorekeeper.systems.gin.rules import GinRules

KNOCK_8 = "4S 5S 6S 9H 9D 9C JC QC KC 8D"
GIN = "4S 5S 6S 9H 9D 9C 10C JC QC KC"
BOB_13 = "3S 7S AH 2D 10H 10S 10D QH QD QS"  # 3 once 3S 7S go on Ann's spades


def round_of(ann: str, bob: str, *, ann_knocks: bool = True, **kwargs: object) -> GinRound:
    return GinRound(
        (Entry("Ann", cards(ann), knocked=ann_knocks), Entry("Bob", cards(bob))),
        **kwargs,  # type: ignore[arg-type]
    )


def test_an_undercut_as_each_entry_shows_it() -> None:
    ann, bob = score_round(GinRules(), round_of(KNOCK_8, BOB_13))
    assert (ann.result, ann.points, ann.deadwood_points, ann.lines) == ("undercut", 0, 8, ())
    assert (bob.result, bob.points) == ("undercut", 30)
    assert (bob.deadwood_points, bob.deadwood_before_layoffs) == (3, 13)
    assert [card.code() for card, _ in bob.layoffs] == ["3S", "7S"]
    onto = {meld for _, meld in bob.layoffs}
    assert [[c.code() for c in ann.melds[meld]] for meld in onto] == [["4S", "5S", "6S"]]
    assert bob.lines == ("laid off 3S 7S", "Ann's deadwood 8 − Bob's 3 = 5", "undercut +25")


def test_gin_as_each_entry_shows_it() -> None:
    ann, bob = score_round(GinRules(), round_of(GIN, "7S AH 2D 10H 10S 10D QH QD QS 5C"))
    assert (ann.result, ann.points, ann.lines) == ("gin", 40, ("gin +25", "Bob's deadwood 15"))
    assert (bob.points, bob.layoffs, bob.deadwood_points) == (0, (), 15)


def test_a_spade_upcard_says_it_doubled() -> None:
    rules = GinRules(oklahoma=True)
    ann, _ = score_round(
        rules, round_of(KNOCK_8, "AH 2H 3D 5D 10H 10S 10D QH QD QS", upcard=Card("8", "S"))
    )
    assert ann.points == 6
    assert ann.lines[-1] == "spade upcard: doubled"


def test_the_knocker_may_be_the_second_entry() -> None:
    bob, ann = score_round(
        GinRules(),
        GinRound((Entry("Bob", cards(BOB_13)), Entry("Ann", cards(KNOCK_8), knocked=True))),
    )
    assert (bob.name, bob.points, ann.name, ann.points) == ("Bob", 30, "Ann", 0)


def test_a_dead_hand_scores_nobody() -> None:
    scored = score_round(GinRules(), round_of(KNOCK_8, BOB_13, ann_knocks=False, dead=True))
    assert [(s.result, s.points) for s in scored] == [("dead", 0), ("dead", 0)]


@pytest.mark.parametrize(
    ("entries", "dead", "named"),
    [
        ((True, True), False, "Ann and Bob both knocked"),
        ((False, False), False, "nobody knocked in Ann and Bob's hand, and it is not dead"),
        ((True, False), True, "a dead hand has no knock"),
    ],
)
def test_who_knocked_must_make_sense(entries: tuple[bool, bool], dead: bool, named: str) -> None:
    knocked_ann, knocked_bob = entries
    round = GinRound(
        (Entry("Ann", cards(KNOCK_8), knocked_ann), Entry("Bob", cards(BOB_13), knocked_bob)),
        dead=dead,
    )
    with pytest.raises(GinError, match=named):
        score_round(GinRules(), round)


def test_partnership_scores_two_hands() -> None:
    entries = (
        Entry("Ann", cards(KNOCK_8), knocked=True),
        Entry("Bob", cards(BOB_13)),
        Entry("Cy", cards("AC 2C 3C 4C 5C 6H 7H 8H 2S 3H"), knocked=True),  # 2S 3H: 5
        Entry("Dee", cards("9S 10S JS 6D 7D 8D AS 4H 5D JH")),
    )
    scored = score_round(
        GinRules(partnership=True), GinRound(entries), [("Ann", "Bob"), ("Cy", "Dee")]
    )
    assert [(s.name, s.result, s.points) for s in scored] == [
        ("Ann", "undercut", 0),
        ("Bob", "undercut", 30),
        ("Cy", "knock", 15 - 5),  # Dee melds 5-6-7-8 of diamonds, keeps AS 4H JH
        ("Dee", "knock", 0),
    ]
    with pytest.raises(GinError, match="every player plays one"):
        score_round(GinRules(partnership=True), GinRound(entries), [("Ann", "Bob")])
