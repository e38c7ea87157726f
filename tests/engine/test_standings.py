"""Standings: the end of the game under each ending option, sides, bonus and settlement."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.rules import Rules
from scorekeeper.engine.standings import (
    RoundResult,
    Seat,
    Settlement,
    Standings,
    StandingsError,
    sides,
    standings,
)

TWO = [Seat("Ann"), Seat("Bob")]
THREE = [Seat("Ann"), Seat("Bob"), Seat("Cy")]
SIDES = [
    Seat("Ann", "North–South"),
    Seat("Bob", "East–West"),
    Seat("Cy", "North–South"),
    Seat("Di", "East–West"),
]


def rr(went_out: str | None = None, **totals: int) -> RoundResult:
    return RoundResult(totals, went_out)


def play(
    options: Mapping[str, object],
    seats: Sequence[Seat],
    *rounds: RoundResult,
    preset: str = "rummy500",
) -> Standings:
    return standings(rules_for(preset, options), seats, rounds)


@pytest.mark.parametrize(
    ("rule", "ann", "over", "winners", "reason"),
    [
        ("reach", 500, True, ["Ann"], "Ann reached 500"),
        ("reach", 499, False, [], "Ann leads with 499 (1 to reach 500)"),
        ("exceed", 500, False, [], "Ann leads with 500 (1 to pass 500)"),
        ("exceed", 501, True, ["Ann"], "Ann passed 500"),
    ],
)
def test_target_rule_at_exactly_the_target(
    rule: str, ann: int, over: bool, winners: list[str], reason: str
) -> None:
    board = play({"target_rule": rule}, TWO, rr(Ann=ann - 100, Bob=50), rr("Ann", Ann=100, Bob=0))
    assert (board.over, board.winners, board.reason) == (over, winners, reason)
    assert board.reached == (["Ann"] if over else [])
    assert board.deals_left is None and board.deals_played == 2


@pytest.mark.parametrize(
    ("rule", "went_out", "winners", "reason_end"),
    [
        ("highest", "Ann", ["Bob"], "Bob is highest"),
        ("highest", "Bob", ["Bob"], "Bob is highest"),
        ("goer_if_at_target", "Ann", ["Ann"], "Ann went out"),
        ("goer_if_at_target", "Bob", ["Bob"], "Bob went out"),
        ("goer_if_at_target", "Cy", ["Bob"], "Bob is highest"),
        ("goer_if_at_target", None, ["Bob"], "Bob is highest"),
    ],
)
def test_same_deal_winner(
    rule: str, went_out: str | None, winners: list[str], reason_end: str
) -> None:
    board = play(
        {"same_deal_winner": rule},
        THREE,
        rr(Ann=450, Bob=460, Cy=490),
        rr(went_out, Ann=70, Bob=80, Cy=0),
    )
    assert board.over and board.winners == winners
    assert board.reached == ["Ann", "Bob"]
    assert board.reason == f"Ann and Bob reached 500 in the same deal; {reason_end}"


@pytest.mark.parametrize(
    ("tie_rule", "then", "over", "winners", "reason"),
    [
        (
            "joint",
            None,
            True,
            ["Ann", "Bob"],
            "Ann and Bob reached 500 in the same deal; Ann and Bob tied at 510: joint winners",
        ),
        ("play_on", None, False, [], "Tied at 510: another deal is needed"),
        ("play_on", rr(Ann=5, Bob=5), False, [], "Tied at 515: another deal is needed"),
        (
            "play_on",
            rr(Ann=5, Bob=20),
            True,
            ["Bob"],
            "Ann and Bob reached 500 in the same deal; Bob is highest",
        ),
        ("play_on", rr(Ann=-20, Bob=-30), False, [], "Ann leads with 490 (10 to reach 500)"),
    ],
)
def test_ties_at_the_target(
    tie_rule: str, then: RoundResult | None, over: bool, winners: list[str], reason: str
) -> None:
    rounds = [rr(Ann=300, Bob=310), rr("Ann", Ann=210, Bob=200), *([then] if then else [])]
    board = play({"tie_rule": tie_rule}, TWO, *rounds)
    assert (board.over, board.winners, board.reason) == (over, winners, reason)
    assert board.ended_after == (len(rounds) if over else None)


@pytest.mark.parametrize(
    ("tie_rule", "deals", "over", "winners", "deals_left", "reason"),
    [
        (
            "joint",
            2,
            True,
            ["Ann", "Bob"],
            0,
            "2 deals played; Ann and Bob tied at 60: joint winners",
        ),
        ("play_on", 2, False, [], 1, "Tied at 60: another deal is needed"),
        ("play_on", 3, True, ["Ann"], 0, "3 deals played; Ann ahead by 10"),
    ],
)
def test_ties_at_the_deal_limit(
    tie_rule: str, deals: int, over: bool, winners: list[str], deals_left: int, reason: str
) -> None:
    rounds = [rr(Ann=40, Bob=20), rr(Ann=20, Bob=40), rr(Ann=10, Bob=0)][:deals]
    board = play({"tie_rule": tie_rule, "target": None, "max_deals": 2}, TWO, *rounds)
    assert (board.over, board.winners, board.deals_left, board.reason) == (
        over,
        winners,
        deals_left,
        reason,
    )


PERSIAN_DEALS = [rr("Ann", Ann=60, Bob=40, Cy=30, Di=20), rr("Bob", Ann=10, Bob=45, Cy=20, Di=-20)]


@pytest.mark.parametrize(
    ("deals", "over", "reason", "team_totals", "bonus", "settlement"),
    [
        (0, False, "No deals played yet; 2 deals left", {"North–South": 0, "East–West": 0}, {}, []),
        (
            1,
            False,
            "North–South leads with 90; 1 deal left",
            {"North–South": 90, "East–West": 60},
            {},
            [],
        ),
        (
            2,
            True,
            "2 deals played; North–South ahead by 85",
            {"North–South": 170, "East–West": 85},
            {"North–South": 50},
            [Settlement("East–West", "North–South", 85)],
        ),
    ],
)
def test_persian_two_deals_bonus_and_difference(
    deals: int,
    over: bool,
    reason: str,
    team_totals: dict[str, int],
    bonus: dict[str, int],
    settlement: list[Settlement],
) -> None:
    board = play({}, SIDES, *PERSIAN_DEALS[:deals], preset="persian")
    assert (board.over, board.reason, board.team_totals) == (over, reason, team_totals)
    assert (board.final_bonus, board.settlement) == (bonus, settlement)
    assert board.winners == (["North–South"] if over else [])
    if over:  # the side's bonus is given to its first seated player; the chart stays without it
        assert board.totals == {"Ann": 120, "Bob": 85, "Cy": 50, "Di": 0}
        assert board.running[-1] == {"Ann": 70, "Bob": 85, "Cy": 50, "Di": 0}


def test_persian_tie_has_no_bonus_and_nothing_to_settle() -> None:
    board = play({}, SIDES, rr(Ann=50, Bob=50), rr(Cy=10, Di=10), preset="persian")
    assert board.over and board.winners == ["North–South", "East–West"]
    assert (board.final_bonus, board.settlement) == ({}, [])
    assert board.reason == "2 deals played; North–South and East–West tied at 60: joint winners"


@pytest.mark.parametrize(
    ("seats", "side_of"),
    [
        (SIDES, {"Ann": "North–South", "Bob": "East–West", "Cy": "North–South", "Di": "East–West"}),
        (
            [Seat("Ann"), Seat("Bob"), Seat("Cy"), Seat("Di")],
            {"Ann": "Ann & Cy", "Bob": "Bob & Di", "Cy": "Ann & Cy", "Di": "Bob & Di"},
        ),
    ],
)
def test_partnership_sides_sum(seats: list[Seat], side_of: dict[str, str]) -> None:
    first = rr(Ann=200, Bob=150, Cy=180, Di=120)
    board = play({}, seats, first, preset="partnership500")
    ns, ew = side_of["Ann"], side_of["Bob"]
    assert board.side_of == side_of
    assert board.team_totals == {ns: 380, ew: 270} and not board.over
    board = play(
        {}, seats, first, rr("Di", Ann=50, Bob=100, Cy=-10, Di=40), preset="partnership500"
    )
    assert board.team_totals == {ns: 420, ew: 410} and not board.over
    board = play(
        {"same_deal_winner": "goer_if_at_target"},
        seats,
        first,
        rr("Di", Ann=100, Bob=130, Cy=30, Di=100),
        preset="partnership500",
    )
    assert board.team_totals == {ns: 510, ew: 500} and board.over
    assert board.reached == [ns, ew] and board.winners == [ew]
    assert board.reason == f"{ns} and {ew} reached 500 in the same deal; Di ({ew}) went out"


def test_a_seat_without_a_team_plays_alone_among_sides() -> None:
    seats = [Seat("Ann", "A"), Seat("Bob", "A"), Seat("Cy")]
    assert sides(Rules(), seats) == {"Ann": "A", "Bob": "A", "Cy": "Cy"}


@pytest.mark.parametrize(
    ("deals", "over", "deals_left", "reason"),
    [
        (12, False, 1, "Ann leads with 120 (380 to reach 500); 1 deal left"),
        (13, True, 0, "13 deals played; Ann ahead by 13"),
        (14, True, 0, "14 deals played; Ann ahead by 14"),
    ],
)
def test_progression_ends_after_thirteen_deals(
    deals: int, over: bool, deals_left: int, reason: str
) -> None:
    board = play({"round_wild": "progression"}, TWO, *[rr(Ann=10, Bob=9)] * deals)
    assert (board.over, board.deals_left, board.reason) == (over, deals_left, reason)
    assert board.ended_after == (13 if over else None)
    assert len(board.running) == deals
    assert board.running[-1] == {"Ann": 10 * deals, "Bob": 9 * deals}


def test_progression_target_can_end_it_sooner() -> None:
    board = play({"round_wild": "progression"}, TWO, rr(Ann=300), rr(Ann=250))
    assert board.over and board.reason == "Ann reached 500" and board.deals_left == 0


@pytest.mark.parametrize("deals", [0, 1, 50])
def test_no_target_and_no_limit_never_ends(deals: int) -> None:
    board = play({"target": None}, TWO, *[rr("Ann", Ann=1000, Bob=-50)] * deals)
    assert not board.over and board.winners == [] and board.deals_left is None
    assert board.reason == "No target and no deal limit: the game goes on"


def test_rounds_after_the_end_count_and_ended_after_flags_them() -> None:
    board = play({}, TWO, rr(Ann=510), rr(Ann=-30, Bob=40))
    assert board.totals == {"Ann": 480, "Bob": 40}
    assert not board.over and board.ended_after == 1


@pytest.mark.parametrize(
    ("seats", "rounds", "message"),
    [
        ([], [], "at least one player"),
        ([Seat("Ann"), Seat("Ann")], [], "Ann seated more than once"),
        (TWO, [rr(Ann=5, Zed=3)], "round 1: Zed not seated"),
        (TWO, [rr(), rr("Zed")], "round 2: Zed not seated"),
        ([Seat("Ann", "Bob"), Seat("Bob")], [], "Bob is both a player without a side and a side"),
    ],
)
def test_bad_seats_and_rounds(seats: list[Seat], rounds: list[RoundResult], message: str) -> None:
    with pytest.raises(StandingsError, match=message):
        standings(Rules(), seats, rounds)


# --- property: totals do not depend on seat order ----------------------------------------

NAMES = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay"]


@st.composite
def games(draw: st.DrawFn) -> tuple[Rules, list[Seat], list[RoundResult], list[Seat]]:
    names = NAMES[: draw(st.integers(2, 6))]
    teamed = draw(st.booleans())
    seats = [Seat(name, draw(st.sampled_from(["N", "E"])) if teamed else None) for name in names]
    rounds = draw(
        st.lists(
            st.builds(
                RoundResult,
                st.dictionaries(
                    st.sampled_from(names), st.integers(-200, 300), max_size=len(names)
                ),
                st.none() | st.sampled_from(names),
            ),
            max_size=8,
        )
    )
    rules = Rules(
        target=draw(st.none() | st.integers(1, 900)),
        target_rule=draw(st.sampled_from(["reach", "exceed"])),
        same_deal_winner=draw(st.sampled_from(["highest", "goer_if_at_target"])),
        tie_rule=draw(st.sampled_from(["joint", "play_on"])),
        max_deals=draw(st.none() | st.integers(1, 6)),
        final_bonus_best=draw(st.sampled_from([0, 50])),
        settlement=draw(st.sampled_from(["none", "difference"])),
    )
    return rules, seats, rounds, draw(st.permutations(seats))


@given(games())
def test_totals_are_the_sum_of_rounds_whatever_the_seat_order(
    game: tuple[Rules, list[Seat], list[RoundResult], list[Seat]],
) -> None:
    rules, seats, rounds, shuffled = game
    board, other = standings(rules, seats, rounds), standings(rules, shuffled, rounds)
    played = {seat.name: sum(r.totals.get(seat.name, 0) for r in rounds) for seat in seats}
    for result, order in ((board, seats), (other, shuffled)):
        without_bonus = dict(result.totals)
        for side, bonus in result.final_bonus.items():  # given to the side's first seated player
            without_bonus[next(s.name for s in order if result.side_of[s.name] == side)] -= bonus
        assert without_bonus == played
        bonuses = sum(result.final_bonus.values())
        assert sum(result.totals.values()) == sum(played.values()) + bonuses
        assert (result.running[-1] if rounds else dict.fromkeys(played, 0)) == played
    assert board.team_totals == other.team_totals
    if not board.team_totals:
        assert board.totals == other.totals
    assert (board.over, sorted(board.winners), board.final_bonus) == (
        other.over,
        sorted(other.winners),
        other.final_bonus,
    )
    assert sorted(board.reached) == sorted(other.reached)
    assert sorted(board.settlement, key=repr) == sorted(other.settlement, key=repr)
