"""One Canasta hand or Hand and Foot round scored per side (systems/canasta/hand.py), every
figure added up by hand in the comment beside it: API.md's example, all four red threes, red
threes on a side with no meld, concealed going out, stock out, penalties, the three entry
forms, cutthroat's lone hand (its columns: test_game.py), Hand and Foot's red threes and
perfect draws, and the refusals."""

from __future__ import annotations

from scorekeeper.systems.canasta.hand import (
    Penalty,
    RoundEntry,
    RoundScore,
    SideEntry,
    WentOut,
    score_round,
    score_side,
)
from scorekeeper.systems.canasta.melds import cards
from scorekeeper.systems.canasta.rules import (
    HANDFOOT_DEFAULTS,
    CanastaRules,
    canasta_rules_for,
    with_options,
)

CANASTA = CanastaRules()


def totals(scored: RoundScore) -> dict[str, int]:
    assert scored.problems == (), scored.problems
    return {side.side: side.total for side in scored.sides}


def codes(problems: tuple[object, ...]) -> list[str]:
    return [getattr(problem, "code") for problem in problems]  # noqa: B009


def test_api_md_example() -> None:
    # Ann & Cy (counts, went out): 380 melded + 500 natural + 300 mixed + 100 red three
    #   + 100 going out − 25 in hand = 1355
    # Bob & Dee (melds): K×6 + JK = 60 + 50 = 110, 7×3 = 15 → 125 melded; a mixed canasta
    #   + 300, a red three + 100; hands 4S JK = 5 + 50, 9H = 10 → 65 in hand:
    #   125 + 400 − 65 = 460
    ann = SideEntry(
        "Ann & Cy",
        ("Ann", "Cy"),
        natural_canastas=1,
        mixed_canastas=1,
        red_threes=1,
        melded_points=380,
        in_hand_points=25,
    )
    bob = SideEntry(
        "Bob & Dee",
        ("Bob", "Dee"),
        melds=(cards("KS KH KD KC KS KH JK"), cards("7S 7H 7D")),
        red_threes=1,
        hands=(cards("4S JK"), cards("9H")),
    )
    scored = score_round(CANASTA, RoundEntry((ann, bob), went_out=WentOut("Ann & Cy", "Ann")))
    assert totals(scored) == {"Ann & Cy": 1355, "Bob & Dee": 460}
    first, second = scored.sides
    assert (first.melded, first.bonus, first.in_hand) == (380, 1000, 25)
    assert [(b.kind, b.count, b.points) for b in first.bonuses] == [
        ("natural_canasta", 1, 500),
        ("mixed_canasta", 1, 300),
        ("red_threes", 1, 100),
        ("went_out", 1, 100),
    ]
    assert "cards in hand −25" in first.lines and "1 natural canasta +500" in first.lines
    assert (second.melded, second.bonus, second.in_hand) == (125, 400, 65)
    assert [(m.kind, m.natural) for m in second.melds] == [("canasta", False), ("meld", True)]
    assert scored.warnings == ()


def test_all_four_red_threes() -> None:
    # N-S went out: 200 melded + 500 natural + 800 all four red threes + 100 = 1600
    # E-W: 150 melded + 300 mixed − 60 in hand = 390
    scored = score_round(
        CANASTA,
        RoundEntry(
            (
                SideEntry("N-S", natural_canastas=1, red_threes=4, melded_points=200),
                SideEntry("E-W", mixed_canastas=1, melded_points=150, in_hand_points=60),
            ),
            went_out=WentOut("N-S"),
        ),
    )
    assert totals(scored) == {"N-S": 1600, "E-W": 390}
    assert "4 red threes +800" in scored.sides[0].lines


def test_red_threes_on_a_side_with_no_meld() -> None:
    # two red threes, nothing melded: −200, and 85 in hand: −285
    two = score_side(CANASTA, SideEntry("E-W", red_threes=2, in_hand_points=85))
    assert (two.bonus, two.total) == (-200, -285)
    assert codes(two.warnings) == ["red_threes_negative"]
    # all four, nothing melded: −800 − 30 = −830
    four = score_side(CANASTA, SideEntry("E-W", red_threes=4, in_hand_points=30))
    assert four.total == -830 and "4 red threes −800" in four.lines
    # per_card: −100 each, −400 at most: −400 − 30 = −430
    per_card = with_options(CANASTA, {"red_three_penalty": "per_card"})
    assert score_side(per_card, SideEntry("E-W", red_threes=4, in_hand_points=30)).total == -430
    # no_canasta: melded 120 but no canasta: 120 − 100 − 10 = 10
    no_canasta = with_options(CANASTA, {"red_three_penalty_if": "no_canasta"})
    side = SideEntry("E-W", red_threes=1, melded_points=120, in_hand_points=10)
    assert score_side(no_canasta, side).total == 10
    # the default (no_meld): melded 120, so the red three is +100: 120 + 100 − 10 = 210
    assert score_side(CANASTA, side).total == 210


def test_concealed_going_out() -> None:
    # N-S went out concealed: 310 + 500 + 300 + 200 (not 100) = 1310
    # E-W melded nothing: red three −100, 140 in hand: −240
    scored = score_round(
        CANASTA,
        RoundEntry(
            (
                SideEntry("N-S", natural_canastas=1, mixed_canastas=1, melded_points=310),
                SideEntry("E-W", red_threes=1, in_hand_points=140),
            ),
            went_out=WentOut("N-S", "Ann", concealed=True),
        ),
    )
    assert totals(scored) == {"N-S": 1310, "E-W": -240}
    assert "went out concealed +200" in scored.sides[0].lines
    assert codes(scored.warnings) == ["red_threes_negative"]


def test_stock_out() -> None:
    # no going-out bonus: N-S 400 + 2 × 500 − 15 = 1385; E-W 330 + 2 × 300 + 100 − 40 = 990
    scored = score_round(
        CANASTA,
        RoundEntry(
            (
                SideEntry("N-S", natural_canastas=2, melded_points=400, in_hand_points=15),
                SideEntry(
                    "E-W", mixed_canastas=2, red_threes=1, melded_points=330, in_hand_points=40
                ),
            ),
            ended_by="stock_out",
        ),
    )
    assert totals(scored) == {"N-S": 1385, "E-W": 990}
    assert not any("went out" in line for side in scored.sides for line in side.lines)


def test_going_out_without_the_canastas_is_kept_with_a_warning() -> None:
    # two-hand Canasta needs two canastas: 100 + 500 + 100 = 700, kept, with a warning
    two_hand = canasta_rules_for("canasta-2p")
    scored = score_round(
        two_hand,
        RoundEntry(
            (
                SideEntry("Ann", natural_canastas=1, melded_points=100, went_out=True),
                SideEntry("Bob", melded_points=60, in_hand_points=50),
            )
        ),
    )
    assert totals(scored) == {"Ann": 700, "Bob": 10}  # Bob: 60 − 50
    assert codes(scored.warnings) == ["went_out_without_canastas"]


def test_penalty_with_its_reason() -> None:
    # 100 melded − 500 penalty = −400
    side = SideEntry("N-S", melded_points=100, penalties=(Penalty(-500, "red three held"),))
    scored = score_side(CANASTA, side)
    assert (scored.bonus, scored.total) == (-500, -400)
    assert "penalty (red three held) −500" in scored.lines
    blank = score_side(CANASTA, SideEntry("N-S", penalties=(Penalty(-500, " "),)))
    assert codes(blank.problems) == ["penalty_without_reason"]


def test_counts_by_card_value() -> None:
    # melded 2 × 50 + 6 × 20 + 18 × 10 + 9 × 5 = 100 + 120 + 180 + 45 = 445;
    # in hand 2 × 10 + 1 × 5 = 25; 445 + 500 − 25 = 920
    side = SideEntry(
        "N-S",
        natural_canastas=1,
        melded_cards={50: 2, 20: 6, 10: 18, 5: 9},
        in_hand_cards={10: 2, 5: 1},
    )
    assert score_side(CANASTA, side).total == 920
    bad = SideEntry("N-S", melded_cards={15: 2})
    assert codes(score_side(CANASTA, bad).problems) == ["bad_card_value"]


def test_melds_form_with_black_threes_going_out() -> None:
    # the goer: 7 sevens (35) + three black threes (15) = 50 melded + 500 natural + 100 = 650
    # the other side: 3 queens (30) melded; a red three held: 0 and a warning; 5D = 5: 30 − 5
    scored = score_round(
        CANASTA,
        RoundEntry(
            (
                SideEntry(
                    "N-S", melds=(cards("7S 7H 7D 7C 7S 7H 7D"), cards("3S 3C 3S")), hands=()
                ),
                SideEntry("E-W", melds=(cards("QS QH QD"),), hands=(cards("3H 5D"),)),
            ),
            went_out=WentOut("N-S"),
        ),
    )
    assert totals(scored) == {"N-S": 650, "E-W": 25}
    assert codes(scored.warnings) == ["red_three_held"]


def test_a_total_is_taken_as_the_whole_hand() -> None:
    scored = score_round(
        CANASTA,
        RoundEntry((SideEntry("N-S", total=1355, went_out=True), SideEntry("E-W", total=-25))),
    )
    assert totals(scored) == {"N-S": 1355, "E-W": -25}
    assert scored.sides[0].melded is None and scored.sides[0].lines == ("total +1355 as recorded",)


def test_refusals() -> None:
    def problems(*sides: SideEntry, **round_fields: object) -> list[str]:
        return codes(score_round(CANASTA, RoundEntry(sides, **round_fields)).problems)  # type: ignore[arg-type]

    a, b = SideEntry("A", melded_points=100), SideEntry("B", melded_points=100)
    assert problems(SideEntry("A", total=1352, went_out=True), b) == ["not_multiple_of_5"]
    assert problems(SideEntry("A", melded_points=383), b, went_out=WentOut("B")) == [
        "not_multiple_of_5"
    ]
    assert problems(SideEntry("A", went_out=True), b, went_out=WentOut("B")) == ["two_went_out"]
    assert problems(a, b) == ["no_one_went_out"]
    assert problems(a, b, ended_by="stock_out", went_out=WentOut("A")) == ["went_out_in_stock_out"]
    # 3 + 2 red threes: two packs hold 4
    assert problems(
        SideEntry("A", red_threes=3, melded_points=100),
        SideEntry("B", red_threes=2, melded_points=100),
        ended_by="stock_out",
    ) == ["too_many_red_threes"]
    # 12 natural canastas: 11 ranks of 8 cards make one each at most
    assert problems(
        SideEntry("A", natural_canastas=12, melded_points=1000), b, ended_by="stock_out"
    ) == ["too_many_canastas"]
    # 13 mixed canastas: the packs hold 12 wilds
    assert problems(
        SideEntry("A", mixed_canastas=13, melded_points=1000), b, ended_by="stock_out"
    ) == ["too_many_canastas"]
    # a red three in a meld; black threes from a side that did not go out
    assert problems(
        SideEntry("A", melds=(cards("KS KH 3D"), cards("3S 3C 3S"))), b, ended_by="stock_out"
    ) == ["red_three_in_meld", "black_threes_not_going_out"]
    assert problems(SideEntry("A", mixed_canastas=-1), b, ended_by="stock_out") == [
        "negative_count"
    ]


def test_problems_name_side_and_field() -> None:
    scored = score_round(
        CANASTA,
        RoundEntry((SideEntry("A", melds=(cards("KS KH"),)), SideEntry("B")), ended_by="stock_out"),
    )
    (problem,) = scored.problems
    assert (problem.code, problem.side, problem.field) == ("too_few_cards", "A", "melds[0]")
    assert problem.text == "meld 1: a meld is three cards or more, not 2"


def test_melded_too_few_for_the_canastas_claimed() -> None:
    # two natural canastas hold 2 × 35 = 70 at least; 50 is too few: kept, with a warning
    scored = score_side(CANASTA, SideEntry("A", natural_canastas=2, melded_points=50))
    assert scored.total == 1050 and codes(scored.warnings) == ["melded_too_few"]


# --- cutthroat ---------------------------------------------------------------------------------

CUTTHROAT = canasta_rules_for("canasta-cutthroat")


def test_cutthroat_needs_its_lone_hand() -> None:
    scored = score_round(
        CUTTHROAT,
        RoundEntry(
            (SideEntry("Ann", ("Ann",), total=100), SideEntry("Bob & Cy", ("Bob", "Cy"), total=0)),
            ended_by="stock_out",
        ),
    )
    assert codes(scored.problems) == ["no_lone_hand"]


# --- Hand and Foot ---------------------------------------------------------------------------

FOOT = HANDFOOT_DEFAULTS


def test_hand_and_foot_red_three_penalty_and_perfect_draw() -> None:
    # Ann & Cy went out: 650 + 500 clean + 300 dirty + 100 out + 100 perfect draw = 1650
    # Bob & Dee: 420 + 300 dirty − (135 + 500 red three held + 5 black three) = 80
    scored = score_round(
        FOOT,
        RoundEntry(
            (
                SideEntry(
                    "Ann & Cy",
                    ("Ann", "Cy"),
                    clean_books=1,
                    dirty_books=1,
                    melded_points=650,
                    perfect_draws=1,
                    went_out=True,
                ),
                SideEntry(
                    "Bob & Dee",
                    ("Bob", "Dee"),
                    dirty_books=1,
                    melded_points=420,
                    red_threes_in_hand=1,
                    black_threes_in_hand=1,
                    in_hand_points=135,
                ),
            )
        ),
    )
    assert totals(scored) == {"Ann & Cy": 1650, "Bob & Dee": 80}
    assert scored.sides[1].in_hand == 640
    assert "1 perfect draw +100" in scored.sides[0].lines
    assert scored.warnings == ()


def test_hand_and_foot_books_to_go_out_warning() -> None:
    # one clean book, no dirty: short of 1 + 1; kept: 400 + 500 + 100 + 2 × 100 = 1200
    scored = score_side(
        FOOT,
        SideEntry("B", clean_books=1, melded_points=400, perfect_draws=2),
        WentOut("B"),
    )
    assert scored.total == 1200 and codes(scored.warnings) == ["went_out_without_books"]


def test_hand_and_foot_60_red_threes_as_a_bonus() -> None:
    # red threes laid out + 100 each, held − 100: 300 + 300 + 200 − (40 + 100) = 660
    sixty = canasta_rules_for("hand-and-foot-60")
    side = SideEntry(
        "A", dirty_books=1, melded_points=300, red_threes=2, red_threes_in_hand=1, in_hand_points=40
    )
    assert score_side(sixty, side).total == 660
    # under the default penalty rule laid-out red threes score nothing (a warning) and the
    # held one is 500: 300 + 300 − (40 + 500) = 60
    penalty = score_side(FOOT, side)
    assert penalty.total == 60 and codes(penalty.warnings) == ["red_threes_not_scored"]


def test_hand_and_foot_90_round_three_and_sevens_book() -> None:
    # round 3: out 300, needs 3 clean + 3 dirty; a sevens book (35) 1500, 3 queens 30 melded,
    # hands empty: 65 + 1500 + 300 = 1865, with the books warning (1 clean of 3)
    ninety = canasta_rules_for("hand-and-foot-90")
    scored = score_side(
        ninety,
        SideEntry("A", melds=(cards("7S 7H 7D 7C 7S 7H 7D"), cards("QS QH QD"))),
        WentOut("A"),
        round_number=3,
    )
    assert scored.total == 1865
    assert [(b.kind, b.points) for b in scored.bonuses] == [
        ("sevens_book", 1500),
        ("went_out", 300),
    ]
    assert codes(scored.warnings) == ["went_out_without_books"]


def test_hand_and_foot_melds_form() -> None:
    # melds: a clean book of 8s (70) and 2C 9S 9H (40); hand and foot: 3H (500 held), 3S (5),
    # KD (10): 110 + 500 − 515 = 95
    scored = score_side(
        FOOT,
        SideEntry(
            "A",
            melds=(cards("8S 8H 8D 8C 8S 8H 8D"), cards("2C 9S 9H")),
            hands=(cards("3H 3S"), cards("KD")),
        ),
    )
    assert (scored.melded, scored.bonus, scored.in_hand, scored.total) == (110, 500, 515, 95)
    threes = score_side(FOOT, SideEntry("A", melds=(cards("3S 3C 3S"),)), WentOut("A"))
    assert "threes_in_meld" in codes(threes.problems)


def test_hand_and_foot_red_threes_against_the_packs() -> None:
    # four players: five packs hold 10 red threes; 6 + 5 = 11
    sides = (
        SideEntry("A", ("Ann", "Cy"), red_threes_in_hand=6),
        SideEntry("B", ("Bob", "Dee"), red_threes_in_hand=5),
    )
    scored = score_round(FOOT, RoundEntry(sides, ended_by="stock_out"))
    assert codes(scored.problems) == ["too_many_red_threes"]
    # perfect clean books beyond the packs: 5 packs × 4 = 20 of a rank: 2 each of 11 ranks
    many = (SideEntry("A", clean_books=23, melded_points=3000), SideEntry("B"))
    assert codes(score_round(FOOT, RoundEntry(many, ended_by="stock_out")).problems) == [
        "too_many_books"
    ]
