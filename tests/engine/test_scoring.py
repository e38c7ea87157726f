"""Scoring a round: every scoring option, the seeds' worked examples, problems and warnings."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.engine.cards import parse_cards
from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.scoring import (
    LayoffRecord,
    PlayerRecord,
    RoundRecord,
    RoundScore,
    meld,
    score_round,
)


def cards(codes: str) -> tuple:  # type: ignore[type-arg]
    return tuple(parse_cards(codes.split()))


def score(
    preset: str,
    *players: PlayerRecord,
    ended_by: str = "going_out",
    wild_rank: str | None = None,
    joker_effect: str | None = None,
    opening: frozenset[str] = frozenset(),
    **options: object,
) -> RoundScore:
    record = RoundRecord(players, ended_by, wild_rank, joker_effect, opening)
    return score_round(rules_for(preset, options), record)


def totals(result: RoundScore) -> dict[str, int]:
    return result.totals()


def test_three_jacks_with_a_king_and_a_three_in_hand_is_15_in_fives_and_tens() -> None:
    result = score(
        "rummy500-fives",
        PlayerRecord("Ann", went_out=True, melds=(meld("2H 3H 4H"),)),
        PlayerRecord("You", melds=(meld("JS JH JD"),), hand=cards("KC 3D")),
    )
    you = result.players[1]
    assert (you.melded, you.in_hand, you.total) == (30, 15, 15)
    assert result.ok


def test_cards_shown_85_with_90_in_hand_is_minus_5() -> None:
    result = score(
        "rummy500",
        PlayerRecord("Ann", went_out=True, melded_points=60),
        PlayerRecord("Bob", melded_points=85, hand_points=90),
    )
    assert totals(result) == {"Ann": 60, "Bob": -5}


def test_the_api_example_round() -> None:
    result = score(
        "rummy500",
        PlayerRecord(
            "Ann",
            went_out=True,
            melds=(meld("3C 3D 3S"), meld("5D 6D 7D")),
            layoffs=(LayoffRecord("Bob", 0, cards("9S")),),
        ),
        PlayerRecord("Bob", melds=(meld("6S 7S 8S"),), hand=cards("KH 2C")),
        PlayerRecord("Cy", melded_points=40, hand_points=25),
    )
    assert totals(result) == {"Ann": 36, "Bob": 9, "Cy": 15}
    assert result.players[0].lines == (
        "3C 3D 3S set 9",
        "5D 6D 7D run 18",
        "9S laid off on Bob's 6S 7S 8S 9",
    )


@pytest.mark.parametrize(
    ("melds", "layoffs", "expected"),
    [
        ((meld("6S 6H 6D 6C", laid_at_once=True),), (), 48),  # four sixes laid at once
        ((meld("6S 6H 6D"),), (LayoffRecord("North", 0, cards("6C")),), 24),  # 18, then a 6
        ((meld("JK JK JK JK", laid_at_once=True),), (), 160),  # four jokers at once
        ((meld("JK JK JK"),), (LayoffRecord("North", 0, cards("JK")),), 80),  # 60, then 20
        ((meld("5D 6D 7D 8D", laid_at_once=True),), (), 26),
    ],  # runs are never doubled
)
def test_persian_fours_laid_at_once_count_double(
    melds: tuple,
    layoffs: tuple,  # type: ignore[type-arg]
    expected: int,
) -> None:
    result = score(
        "persian",
        PlayerRecord("North", "N-S", melds=melds, layoffs=layoffs),
        PlayerRecord("East", "E-W", went_out=True, melds=(meld("2C 3C 4C"),)),
    )
    assert result.players[0].melded == expected
    assert result.players[1].bonus == 25  # going out in Persian


def test_5000_the_goer_collects_every_hand_and_nobody_subtracts() -> None:
    result = score(
        "rummy5000",
        PlayerRecord("Ann", went_out=True, melds=(meld("8S 6H 10S"),)),
        PlayerRecord("Bob", melds=(meld("AS AH AD"),), hand=cards("KC 6D")),
        PlayerRecord("Cy", hand=cards("5C AC")),
        wild_rank="6",
    )
    assert totals(result) == {"Ann": 115 + 110 + 105, "Bob": 300, "Cy": 0}
    assert result.players[1].in_hand == 0 and result.players[1].hand_points == 110
    assert "Bob's hand +110" in result.players[0].lines


def test_5000_minus_deducts_hands_and_pays_200_for_going_out() -> None:
    result = score(
        "rummy5000-minus",
        PlayerRecord("Ann", went_out=True, melds=(meld("4S 5S 6S"),)),
        PlayerRecord("Bob", hand=cards("AC")),
        wild_rank="9",
    )
    assert totals(result) == {"Ann": 15 + 200, "Bob": -100}


@pytest.mark.parametrize(
    ("preset", "stock_out", "expected"),
    [
        ("rummy500", "hands_count", {"Ann": 9 - 10, "Bob": 6 - 5}),
        ("rummy500", "hands_ignored", {"Ann": 9, "Bob": 6}),
        ("rummy500", "opponent_remainder", {"Ann": 9 + 5, "Bob": 6 + 10}),
        ("rummy5000", "hands_count", {"Ann": 15, "Bob": 15}),
    ],
)
def test_stock_out(preset: str, stock_out: str, expected: dict[str, int]) -> None:
    result = score(
        preset,
        PlayerRecord("Ann", melds=(meld("3C 3D 3S"),), hand=cards("KD")),
        PlayerRecord("Bob", melds=(meld("AH 2H 3H"),), hand=cards("5H")),
        ended_by="stock_out",
        stock_out=stock_out,
    )
    if preset == "rummy5000":  # 3s are 5 and a low ace 100 in 5000; hands go to nobody
        expected = {"Ann": 15, "Bob": 100 + 5 + 5}
    assert totals(result) == expected and result.ok


def test_opponent_remainder_with_more_than_two_sides_ignores_hands() -> None:
    result = score(
        "rummy500",
        PlayerRecord("Ann", hand=cards("KD")),
        PlayerRecord("Bob", hand=cards("5H")),
        PlayerRecord("Cy", hand=cards("2H")),
        ended_by="stock_out",
        stock_out="opponent_remainder",
    )
    assert totals(result) == {"Ann": 0, "Bob": 0, "Cy": 0}


def test_a_rummy_call_counts_its_points_instead_of_the_cards() -> None:
    """Seed 001: "When a player discards a card that couldhave been laid off, any player can shout
    “Rummy” to take the card. That card isalways awarded 15 points." The card counts 15 instead
    of its own 9: the meld keeps the card's points and the bonus holds the difference."""
    result = score(
        "rummy500-pips",
        PlayerRecord("Ann", went_out=True, melds=(meld("9S 10S JS"),), called=cards("9S")),
        PlayerRecord("Bob", hand=cards("2C")),
    )
    ann = result.players[0]
    assert (ann.melded, ann.bonus, ann.total) == (9 + 10 + 11, 15 - 9, 15 + 10 + 11)
    assert "Rummy call 9S 15 instead of 9" in ann.lines


def test_a_rummy_call_on_a_layoff_and_a_low_ace() -> None:
    """A called card counts 15 wherever the caller put it: laid off (its points there), or an ace
    at the low end of a run (1 there, so 14 more). ``0`` leaves the card at its own points."""
    ann = PlayerRecord(
        "Ann",
        went_out=True,
        melds=(meld("AS 2S 3S"),),
        layoffs=(LayoffRecord("Bob", 0, cards("KH")),),
        called=cards("AS KH"),
    )
    bob = PlayerRecord("Bob", melds=(meld("10H JH QH"),))
    called = score("rummy500", ann, bob, rummy_call_points=15).players[0]
    assert called.bonus == (15 - 1) + (15 - 10)
    assert called.total == 1 + 2 + 3 + 10 + 14 + 5
    plain = score("rummy500", ann, bob).players[0]
    assert (plain.bonus, plain.total) == (0, 16)


def test_a_rummy_call_not_on_the_callers_table_is_a_warning() -> None:
    result = score(
        "rummy500-pips",
        PlayerRecord("Ann", went_out=True, melds=(meld("9S 10S JS"),), called=cards("4D")),
        PlayerRecord("Bob", hand=cards("2C")),
    )
    assert result.players[0].bonus == 0
    assert any("Rummy call 4D" in warning for warning in result.warnings)


def test_four_aces_together_count_their_own_total() -> None:
    result = score(
        "rummy500",
        PlayerRecord("Ann", went_out=True, melds=(meld("AS AH AD AC"),)),
        four_aces_points=100,
    )
    assert result.players[0].melded == 100


def test_a_seven_card_straight_scores_the_masters_hand() -> None:
    result = score(
        "rummy500",
        PlayerRecord("Ann", went_out=True, melds=(meld("2S 3S 4S 5S 6S 7S 8S"),)),
        PlayerRecord("Bob", hand=cards("KD")),
        seven_card_straight_points=500,
        going_out_bonus=10,
    )
    assert totals(result) == {"Ann": 500, "Bob": -10}


def test_points_divisor_divides_every_card_and_bonus() -> None:
    result = score(
        "rummy100",
        PlayerRecord("Ann", went_out=True, melds=(meld("AS 2S 3S"),)),
        PlayerRecord("Bob", hand=cards("KD 7C")),
        going_out_bonus=25,
    )
    assert totals(result) == {"Ann": 3 + 5, "Bob": -3}


def test_dealers_gambit_doubled_set_counts_double_and_takes_no_layoffs() -> None:
    ann = PlayerRecord("Ann", went_out=True, melds=(meld("QS QH QD JK", doubled=True),))
    result = score(
        "dealers-gambit", ann, PlayerRecord("Bob", hand=cards("JK 4C")), joker_effect="double"
    )
    assert totals(result) == {"Ann": 60, "Bob": -4}  # jokers are worth 0 in hand
    sealed = score(
        "dealers-gambit",
        ann,
        PlayerRecord(
            "Bob", melds=(meld("2C 3C 4C"),), layoffs=(LayoffRecord("Ann", 0, cards("QC")),)
        ),
        joker_effect="double",
    )
    assert any("takes no layoffs" in p for p in sealed.problems)
    not_double = score("dealers-gambit", ann, joker_effect="wild")
    assert any("did not nominate double" in p for p in not_double.problems)


def test_each_melds_points_and_each_layoffs_verdict_are_kept() -> None:
    ann = PlayerRecord(
        "Ann",
        went_out=True,
        melds=(meld("QS QH QD JK", doubled=True), meld("5S 6S 7S")),
        layoffs=(LayoffRecord("Bob", 0, cards("9C")), LayoffRecord("Bob", 4, cards("KC"))),
    )
    bob = PlayerRecord(
        "Bob",
        melds=(meld("6C 7C 8C"),),
        layoffs=(LayoffRecord("Ann", 1, cards("8S")), LayoffRecord("Ann", 1, cards("10S"))),
    )
    ann_score, bob_score = score("dealers-gambit", ann, bob, joker_effect="double").players
    assert ann_score.meld_points == (60, 18)  # three queens doubled by the dealer's joker
    assert bob_score.meld_points == (21,)
    first, missing = ann_score.layoff_verdicts
    assert first is not None and (first.legal, first.points) == (True, 9)
    assert missing is None  # Bob has no meld 4
    # Bob's 10S is checked onto the run as his 8S left it: 5S 6S 7S 8S, and does not fit
    eight, ten = bob_score.layoff_verdicts
    assert eight is not None and ten is not None
    assert (eight.legal, eight.points, ten.legal) == (True, 8, False)
    assert ten.readings[ten.added_from - 1].card == cards("8S")[0]
    for player in (ann_score, bob_score):
        laid = sum(v.points for v in player.layoff_verdicts if v is not None)
        assert player.melded == sum(player.meld_points) + laid


def test_final_layoffs_count_for_nothing() -> None:
    bob = PlayerRecord(
        "Bob", layoffs=(LayoffRecord("Ann", 0, cards("4S"), final=True),), hand=cards("KC")
    )
    ann = PlayerRecord("Ann", went_out=True, melds=(meld("5S 6S 7S"),))
    assert totals(score("rummy500", ann, bob, final_layoffs=True)) == {"Ann": 18, "Bob": -10}
    assert not score("rummy500", ann, bob).ok


def test_sides_sum_their_players() -> None:
    result = score(
        "partnership500",
        PlayerRecord("Ann", "us", went_out=True, melds=(meld("3C 3D 3S"),)),
        PlayerRecord("Bob", "them", hand=cards("KD")),
        PlayerRecord("Cy", "us", melds=(meld("9H 10H JH"),), hand=cards("2C")),
        PlayerRecord("Di", "them", melded_points=20),
    )
    teams = {t.team: t.total for t in result.teams}
    assert teams == {"us": 9 + 29 - 2, "them": -10 + 20}


@pytest.mark.parametrize(
    ("players", "ended_by", "problem"),
    [
        ((PlayerRecord("Ann"), PlayerRecord("Bob")), "going_out", "nobody is marked as out"),
        (
            (PlayerRecord("Ann", went_out=True), PlayerRecord("Bob", went_out=True)),
            "going_out",
            "Only one player can go out",
        ),
        ((PlayerRecord("Ann", went_out=True),), "stock_out", "nobody went out"),
        ((PlayerRecord("Ann", went_out=True, hand=cards("2C")),), "going_out", "still holds cards"),
        ((PlayerRecord("Ann", went_out=True), PlayerRecord("Ann")), "going_out", "named 2 times"),
        (
            (PlayerRecord("Ann", went_out=True, melds=(meld("3C 4D 5S"),)),),
            "going_out",
            "is not a legal meld",
        ),
        (
            (
                PlayerRecord("Ann", went_out=True, melds=(meld("3C 3D 3S"),), hand=()),
                PlayerRecord("Bob", hand=cards("3C")),
            ),
            "going_out",
            "3C twice",
        ),
        (
            (PlayerRecord("Ann", went_out=True, layoffs=(LayoffRecord("Zed", 0, cards("3C")),)),),
            "going_out",
            "there is no player 'Zed'",
        ),
        (
            (
                PlayerRecord("Ann", went_out=True, melds=(meld("6S 7S 8S"),)),
                PlayerRecord("Bob", layoffs=(LayoffRecord("Ann", 0, cards("10S")),)),
            ),
            "going_out",
            "Bob cannot lay off 10S",
        ),
        (
            (
                PlayerRecord("Ann", went_out=True, melds=(meld("6S 7S 8S"),)),
                PlayerRecord("Bob", layoffs=(LayoffRecord("Ann", 3, cards("9S")),)),
            ),
            "going_out",
            "Ann has no meld 4",
        ),
    ],
)
def test_impossible_rounds_are_problems(
    players: tuple,
    ended_by: str,  # type: ignore[type-arg]
    problem: str,
) -> None:
    result = score("rummy500", *players, ended_by=ended_by)
    assert not result.ok
    assert any(problem in p for p in result.problems), result.problems


def test_house_rule_matters_are_warnings_that_never_change_the_score() -> None:
    ann = PlayerRecord("Ann", went_out=True, melds=(meld("6S 7S 8S"),))
    bob = PlayerRecord("Bob", layoffs=(LayoffRecord("Ann", 0, cards("9S")),), hand=cards("2D"))
    plain = score("rummy500", ann, bob)
    strict = score(
        "rummy500",
        ann,
        bob,
        opening=frozenset({"Ann"}),
        layoff_requires_own_meld=True,
        first_meld_minimum=30,
    )
    assert totals(plain) == totals(strict) == {"Ann": 21, "Bob": 7}
    assert strict.ok and len(strict.warnings) == 2
    assert not plain.warnings


def test_a_missing_wild_rank_in_5000_is_a_warning() -> None:
    result = score("rummy5000", PlayerRecord("Ann", went_out=True, melds=(meld("3C 3D 3S"),)))
    assert result.ok and any("wild rank" in w for w in result.warnings)


names = ["Ann", "Bob", "Cy", "Di"]
pool = parse_cards(
    [
        "3C",
        "3D",
        "3S",
        "3H",
        "5D",
        "6D",
        "7D",
        "8D",
        "9S",
        "10S",
        "JS",
        "QS",
        "KH",
        "KC",
        "2C",
        "AS",
        "JK",
        "JK",
    ]
)


@st.composite
def rounds(draw: st.DrawFn) -> list[PlayerRecord]:
    deck = list(pool)
    draw(st.randoms()).shuffle(deck)
    out = draw(st.sampled_from(names))
    players = []
    for name in names:
        if draw(st.booleans()) and name != out:
            players.append(
                PlayerRecord(
                    name,
                    melded_points=draw(st.integers(0, 90)),
                    hand_points=draw(st.integers(0, 50)),
                )
            )
            continue
        melds = tuple(
            meld(" ".join(c.code() for c in deck[i : i + 3]))
            for i in range(0, draw(st.integers(0, 2)) * 3, 3)
        )
        deck = deck[len(melds) * 3 :]
        hand = () if name == out else tuple(deck[: draw(st.integers(0, 2))])
        deck = deck[len(hand) :]
        players.append(PlayerRecord(name, went_out=name == out, melds=melds, hand=hand))
    return players


@given(
    rounds(),
    st.permutations(range(4)),
    st.sampled_from(["rummy500", "rummy500-fives", "rummy5000", "rummy100", "persian"]),
)
def test_scoring_is_independent_of_player_order(
    players: list[PlayerRecord], order: list[int], preset: str
) -> None:
    forward = score(preset, *players, wild_rank="6", jokers=2)
    shuffled = score(preset, *(players[i] for i in order), wild_rank="6", jokers=2)
    assert totals(forward) == totals(shuffled)
    assert sorted(forward.problems) == sorted(shuffled.problems)
    for player in forward.players:
        assert player.total == player.melded - player.in_hand + player.bonus


def test_a_melded_wild_keeps_its_reading_for_every_layoff() -> None:
    """Seed 004: "once you choose which card it is, they cannot be changed." With 5S-JK-7S on
    the table the joker is the six, so a 6S cannot be laid off onto it (real_card_for_wild none);
    the meld's line and the layoffs' lines use that one reading."""
    ann = PlayerRecord("Ann", went_out=True, melds=(meld("5S JK 7S"),))
    bob = PlayerRecord("Bob", layoffs=(LayoffRecord("Ann", 0, cards("6S")),))
    result = score("rummy500", ann, bob, jokers=2)
    assert result.players[0].lines == ("5S JK(6S) 7S run 27",)
    assert any("Bob cannot lay off 6S on Ann's 5S JK(6S) 7S" in p for p in result.problems)
    assert any("JK stands for 6S" in p for p in result.problems)
    eight = score(
        "rummy500",
        ann,
        PlayerRecord("Bob", layoffs=(LayoffRecord("Ann", 0, cards("8S")),)),
        jokers=2,
    )
    assert eight.ok and eight.players[1].lines == ("8S laid off on Ann's 5S JK(6S) 7S 8",)


def test_an_undeclared_wild_takes_the_reading_that_lets_the_round_stand() -> None:
    """Seed 000: a player who obtains the real card "cannotdo anything with it, other than
    perhaps use it in a different meld". 5S 6S JK reads JK as 7S alone (on equal points, the
    highest card), but a later
    layoff of 7S needs the joker to be the four: the whole round stands only that way."""
    ann = PlayerRecord("Ann", went_out=True, melds=(meld("5S 6S JK"),))
    alone = score("rummy500", ann, jokers=2)
    assert alone.players[0].lines == ("5S 6S JK(7S) run 26",)
    bob = PlayerRecord("Bob", layoffs=(LayoffRecord("Ann", 0, cards("7S")),))
    result = score("rummy500", ann, bob, jokers=2)
    assert result.ok, result.problems
    assert result.players[0].lines == (
        "5S 6S JK(4S) run 26 (read so that the layoffs onto it stand)",
    )
    assert result.players[1].lines == ("7S laid off on Ann's 5S 6S JK(4S) 7",)
    assert "Read so that the layoffs onto it stand." in result.players[0].verdicts[0].notes


def test_a_layoffs_wild_keeps_its_reading_for_later_layoffs() -> None:
    """A joker laid off onto 6S 7S 8S as 9S (or 5S) stays that card for the next layoff: with a
    later 9S the joker must be the five."""
    ann = PlayerRecord("Ann", went_out=True, melds=(meld("6S 7S 8S"),))
    bob = PlayerRecord(
        "Bob", layoffs=(LayoffRecord("Ann", 0, cards("JK")), LayoffRecord("Ann", 0, cards("9S")))
    )
    result = score("rummy500", ann, bob, jokers=1)
    assert result.ok, result.problems
    assert result.players[1].lines == (
        "JK(5S) laid off on Ann's 6S 7S 8S 15",
        "9S laid off on Ann's 6S 7S 8S 9",
    )


def test_a_declared_reading_is_binding() -> None:
    """A scorer may declare a wild's reading (RULES.md, Wild cards): ``JK=4S`` holds even where
    7S would score more, and a declaration that does not fit makes the meld illegal."""
    ann = PlayerRecord("Ann", went_out=True, melds=(meld("5S 6S JK=4S"),))
    assert score("rummy500", ann, jokers=2).players[0].lines == ("5S 6S JK(4S) run 26",)
    wrong = PlayerRecord("Ann", went_out=True, melds=(meld("5S 6S JK=9S"),))
    assert not score("rummy500", wrong, jokers=2).ok
    declared = LayoffRecord("Ann", 0, cards("JK"), declared=cards("9S"))
    onto = PlayerRecord("Ann", went_out=True, melds=(meld("6S 7S 8S"),))
    bob = PlayerRecord("Bob", layoffs=(declared,))
    assert score("rummy500", onto, bob, jokers=2).players[1].lines == (
        "JK(9S) laid off on Ann's 6S 7S 8S 15",
    )


def test_the_real_card_laid_beside_a_melded_wild() -> None:
    """real_card_for_wild lay_beside (seed 000: "the real card that a wild card represents ... be
    traded"; 5000 plays it laid beside): the 6S goes beside the joker that is the six."""
    ann = PlayerRecord("Ann", went_out=True, melds=(meld("5S JK 7S"),))
    bob = PlayerRecord(
        "Bob", melds=(meld("QD QH QC"),), layoffs=(LayoffRecord("Ann", 0, cards("6S")),)
    )
    result = score("rummy5000", ann, bob, jokers=2, wild_rank="3")
    assert result.ok, result.problems
    assert "6S laid off on Ann's 5S JK(6S) 7S 5" in result.players[1].lines


def test_many_layoffs_onto_one_meld_are_refused_cheaply_and_briefly() -> None:
    """Each layoff is checked once against the meld as it stands; past what any meld can hold a
    layoff is refused without analysis, and each line shows the meld as melded."""
    layoffs = tuple(LayoffRecord("P0", 0, cards("9S 10S")) for _ in range(64))
    players = tuple(
        PlayerRecord(
            f"P{i}", went_out=i == 0, melds=(meld("6S 7S 8S"),) if i == 0 else (), layoffs=layoffs
        )
        for i in range(8)
    )
    result = score("rummy500", *players)
    lines = [line for p in result.players for line in p.lines if "laid off" in line]
    assert len(lines) == 8 * 64
    assert lines[0] == "9S 10S laid off on their own 6S 7S 8S 19"
    assert all(line.endswith("6S 7S 8S 0") for line in lines[1:])
    assert max(len(problem) for problem in result.problems) < 300
