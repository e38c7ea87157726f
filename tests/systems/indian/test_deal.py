"""One deal scored (systems/indian/deal.py): each player's part checked by hand, drops, wrong
shows both ways of ``wrong_show_ends``, totals mode, and every refusal naming the player."""

from __future__ import annotations

import pytest

from scorekeeper.systems.indian.deal import Deal, DealResult, Entry, IndianError, score_deal
from scorekeeper.systems.indian.melds import cards
from scorekeeper.systems.indian.rules import IndianRules, Packs, indian_rules_for

# Sevens wild. Ann's is a valid show: 2H 3H 4H pure, 5C 6C JK, nines, kings.
ANN = "2H 3H 4H 5C 6C JK 9S 9D 9C KD KS KH KC"
# AS 2S 3S 4S pure, 8C 9C 7S: QS QD 2C 5D 8D KH left, 10 + 10 + 2 + 5 + 8 + 10 = 45
BOB = "2S 3S 4S 8C 9C 7S QS QD 2C 5D 8D KH AS"
# For two players (one pack: no card of Ann's): AS 2S 3S 4S pure, 8C 7S 10C, QS QD QH; 2C 5D
# 8D left, 2 + 5 + 8 = 15
PAIR = "2S 3S 4S 8C 10C 7S QS QD 2C 5D 8D QH AS"
# no pure sequence (no wild either): 5+6+8+10+10+3+9+4+3+10+10+8+10 = 96, capped at 80
CY = "5D 6D 8D 10C JC 3S 9H 4S 3C KC QH 8S AD"


def scored(rules: IndianRules, *entries: Entry, wild: str | None = "7") -> DealResult:
    return score_deal(rules, Deal(entries, wild))


def by_name(result: DealResult) -> dict[str, tuple[int, tuple[str, ...]]]:
    return {player.name: (player.points, player.lines) for player in result.players}


def test_a_deal_of_four_by_hand() -> None:
    result = scored(
        IndianRules(),
        Entry("Ann", cards(ANN), declared=True),
        Entry("Bob", cards(BOB)),
        Entry("Cy", cards(CY)),
        Entry("Dee", drop="middle"),
    )
    assert result.winner == "Ann" and result.packs == Packs(2, 2)
    assert by_name(result) == {
        "Ann": (0, ("valid show: wins the deal",)),
        "Bob": (45, ("unmatched QS QD 2C 5D 8D KH = 45",)),
        "Cy": (80, ("no pure sequence: every card counts 96, capped at 80",)),
        "Dee": (40, ("drop (middle) 40",)),
    }
    ann = result.players[0]
    assert ann.valid_show is True and ann.role == "winner"
    assert [(str(meld), meld.pure) for meld in ann.melds][:2] == [
        ("2H 3H 4H", True),
        ("5C 6C JK", False),
    ]
    bob = result.players[1]
    assert [(str(meld), meld.pure) for meld in bob.melds] == [
        ("AS 2S 3S 4S", True),
        ("8C 9C 7S", False),
    ]
    assert result.players[2].counted_all and result.players[2].unmatched == tuple(cards(CY))


@pytest.mark.parametrize(
    ("preset", "drop", "paid"),
    [
        ("indian-pool-101", "first", 20),
        ("indian-pool-101", "middle", 40),
        ("indian-pool-201", "first", 25),
        ("indian-pool-201", "middle", 50),
        ("indian-points", "first", 20),
        ("indian-deals", "middle", 40),
    ],
)
def test_each_drop(preset: str, drop: str, paid: int) -> None:
    result = scored(
        indian_rules_for(preset),
        Entry("Ann", cards(ANN), declared=True),
        Entry("Dee", drop=drop),  # type: ignore[arg-type]
        Entry("Bob", cards(BOB)),
    )
    assert by_name(result)["Dee"] == (paid, (f"drop ({drop}) {paid}",))
    assert result.players[1].role == "drop"


def test_a_dropped_player_s_cards_are_not_counted() -> None:
    result = scored(
        IndianRules(),
        Entry("Ann", cards(ANN), declared=True),
        Entry("Bob", cards(PAIR), drop="first"),
    )
    assert by_name(result)["Bob"] == (20, ("drop (first) 20",))


def test_the_last_player_left_wins_without_a_show() -> None:
    result = scored(IndianRules(), Entry("Ann"), Entry("Bob", drop="first"), wild=None)
    assert result.winner == "Ann"
    assert by_name(result) == {
        "Ann": (0, ("the others dropped: wins the deal",)),
        "Bob": (20, ("drop (first) 20",)),
    }


def test_a_wrong_show_beside_the_later_declarer() -> None:
    """``wrong_show_ends`` off: the hand went on; Dee pays 80, the others their count."""
    result = scored(
        IndianRules(),
        Entry("Ann", cards(ANN), declared=True),
        Entry("Bob", cards(BOB)),
        Entry("Dee", cards(CY), wrong_show=True),
    )
    assert result.winner == "Ann" and not result.ended_by_wrong_show
    dee = result.players[2]
    assert (dee.role, dee.points, dee.valid_show) == ("wrong_show", 80, False)
    assert dee.lines[0].startswith("wrong show 80 (no pure sequence")
    assert by_name(result)["Bob"][0] == 45


def test_an_invalid_show_is_refused_while_the_hand_goes_on() -> None:
    with pytest.raises(IndianError, match="Bob: not a valid show: the hand goes on"):
        scored(IndianRules(), Entry("Ann", cards(ANN)), Entry("Bob", cards(PAIR), declared=True))


def test_a_wrong_show_that_ends_the_deal() -> None:
    """``wrong_show_ends`` on: the wrong shower pays 80, everyone else 0, nobody wins."""
    rules = IndianRules(wrong_show_ends=True)
    # marked as a wrong show by the scorer
    result = scored(
        rules, Entry("Ann", cards(ANN)), Entry("Dee", wrong_show=True), Entry("Cy", cards(CY))
    )
    assert result.winner is None and result.ended_by_wrong_show
    assert by_name(result) == {
        "Ann": (0, ("Dee's wrong show ended the deal: 0",)),
        "Dee": (80, ("wrong show 80",)),
        "Cy": (0, ("Dee's wrong show ended the deal: 0",)),
    }
    # or declared, and judged wrong
    judged = scored(rules, Entry("Ann", cards(ANN)), Entry("Bob", cards(PAIR), declared=True))
    bob = judged.players[1]
    assert judged.winner is None and (bob.role, bob.points, bob.valid_show) == (
        "wrong_show",
        80,
        False,
    )
    assert bob.reasons and judged.players[0].points == 0
    with pytest.raises(IndianError, match=r"Dee's wrong show ended the deal .*Ann cannot declare"):
        scored(rules, Entry("Ann", cards(ANN), declared=True), Entry("Dee", wrong_show=True))


def test_totals_mode_caps_what_is_typed() -> None:
    result = scored(
        IndianRules(),
        Entry("Ann", declared=True),
        Entry("Bob", counted=95),
        Entry("Cy", counted=35),
        wild=None,
    )
    assert by_name(result) == {
        "Ann": (0, ("declared (cards not given): wins the deal",)),
        "Bob": (80, ("counted 95, capped at 80",)),
        "Cy": (35, ("counted 35",)),
    }


def test_melds_as_laid() -> None:
    ann = Entry(
        "Ann",
        cards(ANN),
        declared=True,
        melds=[cards("2H 3H 4H"), cards("5C 6C JK"), cards("9S 9D 9C"), cards("KD KS KH KC")],
    )
    bad = Entry("Bob", cards(PAIR), melds=[cards("8C 7S 10C"), cards("QS QD 2C")])
    with pytest.raises(IndianError, match=r"Bob: the meld QS QD 2C: .*mixes suits and ranks"):
        scored(IndianRules(), ann, bad)
    # Bob lays only 8C 7S 10C: nothing pure, every card counts, 89 less the 7S
    bob = Entry("Bob", cards(PAIR), melds=[cards("8C 7S 10C")])
    result = scored(IndianRules(), ann, bob)
    assert by_name(result)["Bob"] == (
        80,
        ("no pure sequence: every card counts 82, capped at 80",),
    )
    assert result.players[1].warnings == (
        "Bob's melds as laid pay 80; the best arrangement pays 15",
    )
    assert by_name(scored(IndianRules(), ann, Entry("Bob", cards(PAIR))))["Bob"] == (
        15,
        ("unmatched 2C 5D 8D = 15",),
    )


@pytest.mark.parametrize(
    ("entries", "wild", "message"),
    [
        (
            [Entry("Ann", cards(ANN), declared=True), Entry("Bob", cards(PAIR), declared=True)],
            "7",
            "Ann and Bob both declared: one show ends the deal",
        ),
        (
            [Entry("Ann", cards(ANN), declared=True), Entry("Bob", cards(PAIR)[:12])],
            "7",
            "Bob has 12 cards: a hand is 13",
        ),
        (
            [
                Entry("Ann", cards(ANN)[:12] + cards("QC"), declared=True),
                Entry("Bob", cards(PAIR)),
            ],
            "7",
            "Ann: not a valid show",
        ),
        (
            [
                Entry("Ann", cards(ANN), declared=True),
                Entry("Bob", cards("7H 2C 3C 4C 5C 6C 8C 9C 10C JC QC KC AC")),
                Entry("Cy", cards("7H 7H 2D 3D 4D 5D 6D 8D 9D 10D JD QD KD")),
            ],
            "5",
            r"7H is given 3 times \(Bob, Cy\), but 2 packs hold it twice",
        ),
        (
            [
                Entry("Ann", cards(ANN), declared=True),
                Entry("Bob", cards("JK 2D 3D 4D 5D 6D 8D 10D JD QD AD 2C 3C")),
            ],
            "7",
            r"JK is given twice \(Ann, Bob\), but these packs hold 1 joker",
        ),
        (
            [Entry("Ann", cards(ANN), declared=True), Entry("Bob", cards(ANN))],
            "7",
            r"2H is given twice \(Ann, Bob\), but one pack holds it once",
        ),
        (
            [Entry("Ann", cards(ANN), declared=True, drop="first"), Entry("Bob", cards(PAIR))],
            "7",
            "Ann both dropped and declared",
        ),
        (
            [Entry("Ann", cards(ANN), declared=True), Entry("Bob", drop="last")],  # type: ignore[arg-type]
            "7",
            "Bob: drop takes first or middle, not 'last'",
        ),
        ([Entry("Ann", cards(ANN)), Entry("Bob", cards(PAIR))], "7", "nobody declared"),
        ([Entry("Ann", cards(ANN), declared=True), Entry("Bob")], "7", "Bob: give Bob's cards"),
        (
            [Entry("Ann", cards(ANN), declared=True), Entry("Bob", cards(PAIR), counted=3)],
            "7",
            "Bob: give the cards or the points counted, not both",
        ),
        (
            [Entry("Ann", declared=True), Entry("Bob", counted=-1)],
            None,
            "Bob: counted -1 is below 0",
        ),
        (
            [Entry("Ann", cards(ANN), declared=True), Entry("Bob", cards(PAIR))],
            None,
            "wild_rank: the cut joker's rank is needed",
        ),
        (
            [Entry("Ann", cards(ANN), declared=True), Entry("Bob", cards(PAIR))],
            "X",
            "wild_rank: 'X' is not a rank",
        ),
        ([Entry("Ann", declared=True), Entry("Ann", counted=3)], None, "Ann is named twice"),
        (
            [Entry(name, counted=10) for name in "ABCDEFG"],
            None,
            "Indian Rummy is for 2 to 6 players, not 7",
        ),
    ],
)
def test_a_deal_that_cannot_have_been_played_is_refused(
    entries: list[Entry], wild: str | None, message: str
) -> None:
    with pytest.raises(IndianError, match=message):
        score_deal(IndianRules(), Deal(tuple(entries), wild))


def test_without_a_cut_joker_no_wild_rank_is_taken() -> None:
    rules = IndianRules(cut_joker=False)
    with pytest.raises(IndianError, match="wild_rank: these rules play without a cut joker"):
        scored(rules, Entry("Ann", cards(ANN), declared=True), Entry("Bob", cards(PAIR)))
    # only the printed jokers are wild: Bob's 7S is a seven, and 8C 7S 10C no sequence; AS 2S
    # 3S 4S alone: every card, 10+2+3+4+8+10+7+10+10+2+5+8+10 = 89
    result = scored(
        rules, Entry("Ann", cards(ANN), declared=True), Entry("Bob", cards(PAIR)), wild=None
    )
    assert by_name(result)["Bob"][1] == ("no second sequence: every card counts 89, capped at 80",)


def test_a_rejoin_is_carried_for_the_game() -> None:
    result = scored(
        IndianRules(indian_variant="pool"),
        Entry("Ann", declared=True),
        Entry("Bob", counted=10, rejoin=True),
        wild=None,
    )
    assert result.rejoins == ("Bob",) and result.points == {"Ann": 0, "Bob": 10}
