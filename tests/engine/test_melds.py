"""The meld referee: legality, kinds, what wilds stand for, points, and every reason."""

import itertools

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from scorekeeper.engine.cards import ALL_CARDS, JOKER_CARD, RANKS, SUITS, Card, parse_cards
from scorekeeper.engine.melds import (
    Verdict,
    check_meld,
    layoff_readings,
    meld_readings,
    most_cards,
)
from scorekeeper.engine.points import Context
from scorekeeper.engine.presets import PRESETS, rules_for


def check(
    preset: str,
    codes: str,
    wild_rank: str | None = None,
    extends: str = "",
    packs: int = 1,
    joker_effect: str | None = None,
    **options: object,
) -> Verdict:
    ctx = Context(rules_for(preset, options), wild_rank, joker_effect, packs)
    return check_meld(parse_cards(codes.split()), ctx, parse_cards(extends.split()))


def stands_for(verdict: Verdict) -> dict[str, str]:
    return {r.card.code(): r.as_card.code() for r in verdict.added if r.wild}


# (preset, cards, wild rank, options, legal, kind, points) — seeds' worked examples first.
TABLE = [
    ("rummy5000", "8S 6H 10S", "6", {}, True, "run", 115),  # "8-6-10 is a valid run"
    ("rummy500", "QS KS AS", None, {}, True, "run", 35),
    ("rummy500", "AS 2S 3S", None, {}, True, "run", 6),
    ("rummy500-fives", "AS 2S 3S", None, {}, True, "run", 15),  # a low ace is 5 in fives
    ("rummy500-fives", "QS KS AS", None, {}, True, "run", 35),
    ("rummy500", "KS AS 2S", None, {}, False, None, 0),
    ("rummy500", "KS AS 2S", None, {"around_the_corner": True}, True, "run", 27),
    ("rummy500", "QS KS AS 2S", None, {"around_the_corner": True}, True, "run", 37),
    # "when more than one deck of cards is used it is legal to include identical cards in a set.
    # For example, 5-5-5 is a valid set." (seed 000) — as many identical cards as there are packs
    ("rummy5000", "5S 5S 5H", None, {"decks": 2}, True, "set", 15),
    ("rummy5000", "5S 5S 5S", None, {"decks": 3}, True, "set", 15),
    ("rummy5000", "5S 5S 5S", None, {"decks": 2}, False, None, 0),
    ("rummy500", "5S 5S 5S", None, {"decks": 2}, False, None, 0),
    ("rummy500-fives", "JS JH JD", None, {}, True, "set", 30),
    ("rummy500", "3C 3D 3S", None, {}, True, "set", 9),
    ("rummy500", "3C 3D", None, {}, False, None, 0),
    ("rummy500", "3C 3D 3S 3H", None, {"min_set": 4}, True, "set", 12),
    ("rummy500", "3C 3D 3S", None, {"min_set": 4}, False, None, 0),
    ("rummy500", "5D 6D 7D", None, {"min_run": 4}, False, None, 0),
    ("rummy500", "5D 6D 7D 8D", None, {"min_run": 4}, True, "run", 26),
    ("rummy500", "AS 2S 3S", None, {"ace_position": "high_only"}, False, None, 0),
    ("rummy500", "QS KS AS", None, {"ace_position": "low_only"}, False, None, 0),
    ("rummy500", "3C 3D 3S 3H 3C", None, {"decks": 2}, False, None, 0),  # two 3C, no duplicates
    ("rummy500", "3C 3D 3S 3H", None, {"max_set": 3}, False, None, 0),
    ("rummy500", "9S 10S JK", None, {"jokers": 1}, True, "run", 34),
    (
        "rummy500",
        "9S 10S JK",
        None,
        {"jokers": 1, "joker_points": "as_represented"},
        True,
        "run",
        29,
    ),
    ("rummy500", "JK JK JK", None, {"jokers": 3}, False, None, 0),
    ("rummy500", "JK JK JK", None, {"jokers": 3, "wild_sets": True}, True, "wild_set", 45),
    ("persian", "JK JK JK JK", None, {}, True, "joker_set", 80),
    ("persian", "JK JK JK", None, {}, True, "joker_set", 60),
    ("persian", "JK 5S 5H", None, {}, False, None, 0),  # jokers are not wild in Persian
    ("persian", "AS 2S 3S", None, {}, False, None, 0),  # aces high only
    ("george2500", "5S 5H JK", "7", {"jokers": 2}, True, "set", 110),
    ("george2500", "5S JK 7H", "7", {"jokers": 2}, False, None, 0),  # one wild per set
    ("george2500", "5S 6S 7S", None, {}, False, None, 0),  # sets only
    ("george2500", "2S 2H 2D", None, {}, False, None, 0),  # twos are out of the pack
    ("rummy5000", "6S 6H 6D", "6", {}, True, "set", 300),  # wilds in their own place
    ("rummy5000", "AS AH AD", "A", {}, True, "set", 600),  # wild aces are 200
    ("rummy5000", "5S 6S 7S", "6", {"wild_limit": "one"}, True, "run", 110),
    ("rummy5000", "5S 6S 6H", "6", {"wild_limit": "one"}, True, "run", 205),
    ("rummy5000", "5S 6S 6H", "6", {"wild_limit": "one", "wild_as_itself": "wild"}, False, None, 0),
    ("rummy5000", "5S 6H 7H", "7", {"wild_limit": "naturals_majority"}, False, None, 0),
    ("rummy5000", "5S 6S 7H 8S", "7", {"wild_limit": "naturals_majority"}, True, "run", 115),
    ("rummy5000", "4S 5S 6S 7S 8S 9S", "2", {"wild_limit": "one_per_three"}, True, "run", 30),
    ("rummy5000", "4S 5S 2H 7S 8S 2D", "2", {"wild_limit": "one_per_three"}, True, "run", 220),
    ("rummy5000", "4S 5S 2H 2C 8S", "2", {"wild_limit": "one_per_three"}, False, None, 0),
    ("rummy500", "JS QS KS", None, {"wild_cards": ["JS", "JH"]}, True, "run", 30),
    ("rummy500", "JH QS KS", None, {"wild_cards": ["JS", "JH"]}, True, "run", 30),
    ("rummy500", "2H 9S 10S", None, {"wild_ranks": ["2"], "wild_points": 25}, True, "run", 44),
    ("rummy500", "QS QH QD", None, {"card_overrides": {"QS": 45}}, True, "set", 65),
    ("rummy100", "10S JS QS", None, {}, True, "run", 6),  # 10 points each, divided by 5
    ("dealers-gambit", "9S JK JS", None, {}, True, "run", 19),  # the joker is wild, worth 0
]


@pytest.mark.parametrize(
    ("preset", "codes", "wild_rank", "options", "legal", "kind", "points"), TABLE
)
def test_verdicts(
    preset: str,
    codes: str,
    wild_rank: str | None,
    options: dict[str, object],
    legal: bool,
    kind: str | None,
    points: int,
) -> None:
    verdict = check(preset, codes, wild_rank, packs=int(str(options.get("decks", 1))), **options)
    assert (verdict.legal, verdict.kind, verdict.points) == (legal, kind, points), verdict.reasons
    assert verdict.is_legal() == legal
    assert bool(verdict.reasons) != legal  # illegal always says why, legal never does


def test_the_wild_in_8_6_10_stands_for_the_nine() -> None:
    verdict = check("rummy5000", "8S 6H 10S", "6")
    assert stands_for(verdict) == {"6H": "9S"}
    assert [r.points for r in verdict.readings] == [5, 100, 10]


def test_a_joker_reads_as_the_card_that_scores_most() -> None:
    as_cards = {"joker_points": "as_represented", "jokers": 2}
    assert stands_for(check("rummy500", "9S 10S JK", **as_cards)) == {"JK": "JS"}
    # A-JK-JK: a set of aces (15 each) beats Q-K-A (10 + 10) when jokers are priced as cards
    assert check("rummy500", "AS JK JK", **as_cards).kind == "set"


def test_on_equal_points_wilds_stand_for_the_highest_cards() -> None:
    verdict = check("rummy5000", "9S 10S JK", "4", jokers=2)
    assert stands_for(verdict) == {"JK": "JS"}
    assert "scores most" in " ".join(verdict.notes)


@pytest.mark.parametrize(
    ("codes", "extends", "legal"),
    [
        ("5S", "6S 7S 8S 9S", True),
        ("10S", "6S 7S 8S 9S", True),
        ("9S", "6S 7S 8S 9S", False),
        ("9S", "6S 7S 8S", True),
        ("4S 5S", "6S 7S 8S", True),
        ("4S", "6S 7S 8S", False),
        ("3H", "3C 3D 3S", True),
        ("4H", "3C 3D 3S", False),
        ("JK", "6S 7S 8S", True),
    ],
)
def test_layoffs_keep_one_legal_meld(codes: str, extends: str, legal: bool) -> None:
    verdict = check("rummy500", codes, extends=extends, jokers=2)
    assert verdict.legal == legal
    if legal:
        assert verdict.points == sum(r.points for r in verdict.added)
        assert len(verdict.added) == len(codes.split())


def test_only_the_laid_off_cards_score() -> None:
    assert check("rummy500", "9S", extends="6S 7S 8S").points == 9


def test_the_real_card_may_be_laid_beside_its_wild_in_5000() -> None:
    verdict = check(
        "rummy5000", "9C", "6", extends="9S 9H 9D JK", jokers=2, set_duplicates_allowed=False
    )
    assert verdict.legal and verdict.points == 5
    assert any("laid beside" in note for note in verdict.notes)
    refused = check("rummy500", "9C", extends="9S 9H 9D JK", jokers=2)
    assert not refused.legal


def test_a_wild_set_takes_only_wilds() -> None:
    assert check("rummy500", "JK", extends="JK JK JK", jokers=4, wild_sets=True).legal
    assert not check("rummy500", "5S", extends="JK JK JK", jokers=4, wild_sets=True).legal


def test_dealers_joker_is_not_wild_when_the_dealer_chose_double() -> None:
    assert not check("dealers-gambit", "9S JK JS", joker_effect="double").legal
    assert check("dealers-gambit", "9S JK JS", joker_effect="wild").legal


@pytest.mark.parametrize(
    ("preset", "codes", "options", "reasons"),
    [
        (
            "rummy500",
            "KS AS 2S",
            {},
            ["K-A-2 goes around the corner, which these rules do not allow (around_the_corner)."],
        ),
        (
            "rummy500",
            "8S 6H 10S",
            {},
            [
                "Not a set: the cards are of different ranks (6 8 10).",
                "Not a run: the cards are not all of one suit.",
            ],
        ),
        (
            "rummy500",
            "2S 3S 5S 9S",
            {},
            [
                "Not a run: 2S 3S 5S 9S need 4 more cards between them and "
                "there is no wild card to fill them."
            ],
        ),
        (
            "george2500",
            "5S 6S 7S",
            {},
            ["Runs are not allowed under these rules, only sets (meld_kinds)."],
        ),
        (
            "persian",
            "AS 2S 3S",
            {},
            ["An ace is high only under these rules (A-2-3 is not a run here) (ace_position)."],
        ),
        ("rummy500", "3C 3D", {}, ["A meld needs at least 3 cards; this has 2."]),
        (
            "persian",
            "JK 5S 5H",
            {},
            ["Jokers are not wild here: they meld only in a set of jokers."],
        ),
    ],
)
def test_reasons_are_plain_words(
    preset: str, codes: str, options: dict[str, object], reasons: list[str]
) -> None:
    assert list(check(preset, codes, **options).reasons) == reasons


def test_every_reason_is_given_not_just_the_first() -> None:
    # the 2s are out of the pack AND this set has two wild cards where one is allowed
    reasons = check("george2500", "2S 2H JK 7C", "7", jokers=2).reasons
    assert any("omit_ranks" in r for r in reasons)
    assert any("wild_limit" in r for r in reasons)


cards = st.sampled_from([*ALL_CARDS, JOKER_CARD])
ranks = st.sampled_from([None, "A", "2", "6", "10", "K"])


@given(
    st.sampled_from(sorted(PRESETS)),
    st.lists(cards, max_size=9),
    ranks,
    st.lists(cards, max_size=5),
    st.sampled_from([None, "wild", "double", "split"]),
)
def test_a_verdict_never_raises_and_is_consistent(
    preset: str,
    hand: list[Card],
    wild_rank: str | None,
    extends: list[Card],
    joker_effect: str | None,
) -> None:
    ctx = Context(PRESETS[preset].rules, wild_rank, joker_effect, packs=2)
    verdict = check_meld(hand, ctx, extends)
    assert len(verdict.readings) == len(hand) + len(extends)
    assert [r.card for r in verdict.added] == hand
    assert verdict.legal == (verdict.kind is not None) == (not verdict.reasons)
    if verdict.legal:
        assert verdict.points == sum(r.points for r in verdict.added)
        assert all(r.as_card == r.card for r in verdict.readings if not ctx.is_wild(r.card))


@given(st.lists(cards, min_size=3, max_size=6), ranks)
def test_order_of_the_cards_does_not_change_the_verdict(
    hand: list[Card], wild_rank: str | None
) -> None:
    ctx = Context(rules_for("rummy5000", {"jokers": 2}), wild_rank, packs=2)
    forward, backward = check_meld(hand, ctx), check_meld(hand[::-1], ctx)
    assert (forward.legal, forward.kind, forward.points, forward.reasons) == (
        backward.legal,
        backward.kind,
        backward.points,
        backward.reasons,
    )


def test_one_wild_takes_one_real_card_beside_it() -> None:
    # two 9S beside one joker: the second has nowhere to go (one pack, no duplicates in a set)
    assert not check(
        "rummy5000", "9S 9S", "6", extends="9H 9D 9C JK", jokers=2, set_duplicates_allowed=False
    ).legal
    # 9C beside the joker and 9S into the set: both fit at once
    assert check(
        "rummy5000", "9C 9S", "6", extends="9H 9D JK", jokers=2, set_duplicates_allowed=False
    ).legal


def test_a_wild_has_one_reading_for_the_card_beside_it_and_the_cards_laid_off() -> None:
    """Seed 004: "once you choose which card it is, they cannot be changed". With twos wild,
    2D 8S 2H is a set of eights (8C goes beside a two) or a run of spades (6S lays off), but not
    both at once: the referee had taken 8C beside a two read as an eight and 6S onto a run."""
    assert check("rummy5000", "8C", "2", extends="2D 8S 2H", packs=2).legal
    assert check("rummy5000", "6S", "2", extends="2D 8S 2H", packs=2).legal
    both = check("rummy5000", "6S 8C", "2", extends="2D 8S 2H", packs=2)
    assert not both.legal, both.readings
    # A card beside a wild and a layoff that read the wild alike still go together.
    run = check("rummy5000", "7S 9S", "2", extends="2D 8S 2H", packs=2)
    assert run.legal, run.reasons


def test_a_real_card_goes_beside_a_wild_only_where_the_meld_reads_that_wild_as_it() -> None:
    """RULES.md, ``real_card_for_wild``: the real card "that a melded wild stands for". With
    kings wild and one wild per three cards, JK KD KS reads the joker as a king: JS cannot go
    beside it (the referee had tried JS in the joker's place: JS KD KS, a run with KD as QS)."""
    limit = {"packs": 2, "jokers": 2, "wild_limit": "one_per_three"}
    assert not check("rummy5000", "JS", "K", extends="JK KD KS", **limit).legal
    assert check("rummy5000", "KH", "K", extends="JK KD KS", **limit).legal


def test_a_joker_priced_as_represented_stands_where_it_scores_most() -> None:
    """RULES.md: the verdict reports "the legal reading that scores most"; ``ace_low_points``
    null is the ace's points at the low end. With sevens wild, in 2C 4C JK 7S the joker as the
    low ace (15, 7S as 3C) beats the joker as 5C, the highest place (the referee took 5C)."""
    verdict = check(
        "rummy500",
        "2C 4C JK 7S",
        packs=2,
        jokers=1,
        wild_ranks=["7"],
        joker_points="as_represented",
        ace_low_points=None,
    )
    assert verdict.points == 2 + 4 + 15 + 7
    assert [r.as_card.code() for r in verdict.readings] == ["2C", "4C", "AC", "3C"]


@pytest.mark.parametrize(
    ("preset", "codes", "extends", "options", "reason"),
    [
        ("rummy500", "5S 5S 5H", "", {}, "5S twice, but one pack holds it once."),
        ("rummy500", "5S", "5S 5S", {"decks": 2}, "5S 3 times, but 2 packs hold it twice."),
        ("rummy500", "JK 5H 6H", "", {}, "JK, but these rules play without jokers (jokers)."),
        ("rummy500", "JK", "JK 5H 6H", {"jokers": 1}, "JK twice, but these rules play with 1"),
    ],
)
def test_a_meld_never_holds_more_than_the_packs(
    preset: str, codes: str, extends: str, options: dict[str, object], reason: str
) -> None:
    """RULES.md: "A meld, checked alone or in a round, never holds a card more often than the
    packs do, nor a joker where the rules have none (5S 5S 5H is not a meld with one pack)"."""
    verdict = check(
        preset, codes, extends=extends, packs=int(str(options.get("decks", 1))), **options
    )
    assert not verdict.legal and verdict.kind is None and verdict.points == 0
    assert any(r.startswith(reason) for r in verdict.reasons), verdict.reasons


def test_fixed_readings_hold() -> None:
    """Seed 004: "once you choose which card it is, they cannot be changed": a layoff onto
    5S-JK-7S with the joker fixed as 6S cannot be the six, though the cards alone would fit."""
    ctx = Context(rules_for("rummy500", {"jokers": 2}))
    table = parse_cards(["5S", "JK", "7S"])
    six = Card("6", "S")
    assert check_meld([six], ctx, table).legal  # undeclared: any reading of the whole will do
    kept = check_meld([six], ctx, table, fixed={1: six})
    assert not kept.legal
    assert (
        kept.reasons[1]
        == "JK stands for 6S: a wild keeps the reading it was melded or declared with."
    )
    eight = check_meld([Card("8", "S")], ctx, table, fixed={1: six})
    assert eight.legal and [r.as_card for r in eight.readings] == parse_cards(
        ["5S", "6S", "7S", "8S"]
    )
    declared = check_meld(parse_cards(["5S", "6S", "JK"]), ctx, fixed={2: Card("4", "S")})
    assert declared.legal and declared.readings[2].as_card == Card("4", "S")
    natural = check_meld(parse_cards(["5S", "6S", "7S"]), ctx, fixed={0: Card("4", "S")})
    assert not natural.legal and "not wild here" in natural.reasons[0]


def test_every_reading_of_a_meld_and_of_a_layoff() -> None:
    ctx = Context(rules_for("rummy500", {"jokers": 2}))
    readings = meld_readings(parse_cards(["5S", "6S", "JK"]), ctx)
    assert [standing.as_cards[2].code() for _, standing in readings] == ["7S", "4S"]
    assert readings[0][0] == check_meld(parse_cards(["5S", "6S", "JK"]), ctx)
    _, as_seven = readings[0]
    assert layoff_readings(as_seven, parse_cards(["7S"]), ctx) == ()
    (verdict, after), *_ = layoff_readings(as_seven, parse_cards(["8S"]), ctx)
    assert verdict.points == 8 and after.as_cards[-1] == Card("8", "S")


def test_past_what_any_meld_holds_the_refusal_is_cheap() -> None:
    ctx = Context(rules_for("rummy500"))
    assert most_cards(ctx) == 13
    run = parse_cards(
        ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"]
    )
    verdict = check_meld(parse_cards(["AH"]), ctx, run)
    assert verdict.reasons == (
        "AH cannot be laid off onto a meld of 13 cards.",
        "A meld here holds at most 13 cards; this would hold 14.",
    )


def test_the_analysis_cache_is_bounded() -> None:
    from scorekeeper.engine import melds

    info = melds._analyse.cache_info()
    assert info.maxsize is not None and info.maxsize <= 10_000
    before = melds._analyse.cache_info().currsize
    ctx = Context(
        rules_for("rummy5000", {"jokers": 8, "decks": 4, "wild_sets": True}), "2", packs=4
    )
    melds.check_meld([JOKER_CARD] * 8 + parse_cards(["2S", "2H", "2D", "2C"] * 4)[:10], ctx)
    assert melds._analyse.cache_info().currsize == before  # 18 cards: not kept


def test_a_wild_leaves_its_own_place_to_a_joker_worth_more_there() -> None:
    """The reading that scores most, where jokers score the card they stand for: with jacks
    wild, a joker as JD (10) and the wild JD as 9D (its 10) beat JD in its own place and the
    joker as 9D (9). Found by the arrangement's DP against the brute force (both now 83)."""
    verdict = check(
        "rummy500",
        "8D 10D JD QD JK KD JK JD",
        "J",
        packs=2,
        jokers=2,
        joker_points="as_represented",
    )
    assert verdict.legal and verdict.points == 83
    as_cards = {str(r.as_card): (str(r.card), r.points) for r in verdict.readings}
    assert as_cards["JD"] == ("JK", 10) and as_cards["AD"] == ("JK", 15)
    assert as_cards["9D"] == as_cards["7D"] == ("JD", 10)
    # Without jokers priced as represented the wild keeps its own place (the same points).
    plain = check("rummy500", "8D 9D 10D JD", "J")
    assert plain.legal and [r.wild for r in plain.readings] == [False, False, False, False]


@pytest.mark.parametrize("limit", ["none", "one"])
@pytest.mark.parametrize("wild_rank", ["9", "A", "K"])
@pytest.mark.parametrize("priced", [False, True])
def test_wild_cards_alone_read_as_the_best_reading_named_card_by_card(
    limit: str, wild_rank: str, priced: bool
) -> None:
    # Wild cards alone are read without trying every window of every suit (only those holding
    # one of them in its own place); named card by card, every run and set they could stand
    # for is tried, and the best legal one scores what the free reading scores.
    options: dict[str, object] = {"jokers": 2, "wild_limit": limit}
    if priced:
        options["joker_points"] = "as_represented"
    ctx = Context(rules_for("rummy5000", options), wild_rank, packs=2)
    own = [Card(wild_rank, suit) for suit in ("S", "H", "D")]
    hands = [
        [own[0], JOKER_CARD, JOKER_CARD],
        [own[0], own[1], JOKER_CARD],
        [own[0], own[0], JOKER_CARD],
        own,
    ]
    readings: list[tuple[Card, ...]] = [
        tuple(Card(RANKS[(start + place) % 13], suit) for place in order)
        for suit in SUITS
        for start in range(13)
        for order in itertools.permutations(range(3))
    ]
    readings += [
        tuple(Card(rank, suit) for suit in suits)
        for rank in RANKS
        for suits in itertools.product(SUITS, repeat=3)
    ]
    for hand in hands:
        free = check_meld(hand, ctx)
        best = max(
            (
                verdict.points
                for as_cards in readings
                if (verdict := check_meld(hand, ctx, fixed=dict(enumerate(as_cards)))).legal
            ),
            default=None,
        )
        assert (free.legal, free.points if free.legal else None) == (best is not None, best), hand


@given(
    st.sampled_from(["none", "one", "one_per_three", "naturals_majority"]),
    st.sampled_from(["natural", "wild"]),
    st.lists(
        st.sampled_from(parse_cards(["2S", "3S", "2H", "9S", "JK", "4S", "QS", "3H", "AS"])),
        min_size=2,
        max_size=6,
    ),
    st.lists(st.sampled_from(parse_cards(["4S", "5S", "JK", "3C"])), max_size=3),
)
@example("naturals_majority", "natural", parse_cards(["2S", "3S", "JK"]), [])
@example("one_per_three", "natural", parse_cards(["2S", "3S", "AS", "9S", "JK", "2H"]), [])
@example("one", "natural", parse_cards(["2S", "3S", "JK"]), parse_cards(["4S", "5S"]))
def test_without_reasons_a_verdict_says_the_same_sooner(
    limit: str, as_itself: str, hand: list[Card], extends: list[Card]
) -> None:
    # The arrangement asks only what a group scores: without reasons the referee skips the
    # windows that cannot read, and tells the same legality, readings and points (twos and
    # threes wild: wild cards alone can make a run of their own places).
    options = {"jokers": 2, "wild_limit": limit, "wild_as_itself": as_itself}
    rules = rules_for(
        "rummy5000", {**options, "wild_ranks": ["2", "3"], "joker_points": "as_represented"}
    )
    ctx = Context(rules, "9", packs=2)
    told, quiet = check_meld(hand, ctx, extends), check_meld(hand, ctx, extends, reasons=False)
    assert (quiet.legal, quiet.kind, quiet.readings, quiet.points) == (
        told.legal,
        told.kind,
        told.readings,
        told.points,
    )
    assert bool(quiet.reasons) == bool(told.reasons)
