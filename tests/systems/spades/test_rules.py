"""Spades scoring: tables of hands checked by hand, and what must always hold."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.systems.spades.rules import (
    SIDES,
    SpadesError,
    SpadesHand,
    SpadesRules,
    parse_bid,
    score_hand,
    sides_across,
    spades_standings,
)

AC, BD = "Ann & Cy", "Bob & Dee"


def hand(ann: object, cy: object, bob: object, dee: object) -> SpadesHand:
    """Each player's (bid, tricks)."""
    return SpadesHand.of(
        *((name, *pair) for name, pair in zip(SIDES, (ann, cy, bob, dee), strict=False))
    )  # type: ignore[misc]


def scores(
    rules: SpadesRules, played: SpadesHand, bags: dict[str, int] | None = None
) -> dict[str, tuple[int, int, tuple[str, ...]]]:
    return {
        s.side: (s.points, s.bags_after, s.lines)
        for s in score_hand(rules, played, SIDES, bags or {})
    }


@pytest.mark.parametrize(
    ("played", "bags_before", "expected"),
    [
        # Contract made with bags: AC bid 4+3=7, took 5+4=9 -> 70 + 2 bags.
        (hand((4, 5), (3, 4), (2, 2), (2, 2)), {}, {AC: (72, 2), BD: (40, 0)}),
        # Set: AC bid 6+4=10, took 4+4=8 -> -100; BD bid 2+1, took 3+2 -> 30 + 2 bags.
        (hand((6, 4), (4, 4), (2, 3), (1, 2)), {}, {AC: (-100, 0), BD: (32, 2)}),
        # Nil made, partner makes: Bob nil 0 tricks (+100), Dee bid 4 took 4 (+40).
        (hand((5, 5), (4, 4), ("nil", 0), (4, 4)), {}, {AC: (90, 0), BD: (140, 0)}),
        # Nil made, partner set: Bob nil 0, Dee bid 6 took 4 -> +100 - 60.
        (hand((4, 5), (3, 4), ("nil", 0), (6, 4)), {}, {AC: (72, 2), BD: (40, 0)}),
        # Nil failed, partner makes: Bob nil took 2 (-100, 2 bags), Dee bid 3 took 3 (+30).
        (hand((4, 4), (4, 4), ("nil", 2), (3, 3)), {}, {AC: (80, 0), BD: (-68, 2)}),
        # Nil failed, partner set: Bob nil took 1, Dee bid 5 took 3: -100 - 50 + 1 bag.
        (hand((4, 5), (3, 4), ("nil", 1), (5, 3)), {}, {AC: (72, 2), BD: (-149, 1)}),
        # Blind nil made: +200.
        (hand((4, 4), (4, 5), ("blind_nil", 0), (4, 4)), {}, {AC: (81, 1), BD: (240, 0)}),
        # Blind nil failed: -200, the trick a bag.
        (hand((4, 4), (4, 4), ("blind_nil", 1), (4, 4)), {}, {AC: (80, 0), BD: (-159, 1)}),
        # Bags roll over: 9 carried + 3 -> -100 once, 2 carried.
        (hand((3, 6), (3, 3), (2, 2), (2, 2)), {AC: 9}, {AC: (-37, 2), BD: (40, 0)}),
        # Both nil: no contract, their tricks are bags; each nil judged alone.
        (hand((5, 6), (5, 6), ("nil", 0), ("nil", 1)), {}, {AC: (102, 2), BD: (1, 1)}),
    ],
)
def test_hands_checked_by_hand(
    played: SpadesHand, bags_before: dict[str, int], expected: dict[str, tuple[int, int]]
) -> None:
    got = scores(SpadesRules(), played, bags_before)
    assert {side: value[:2] for side, value in got.items()} == expected


def test_nil_tricks_can_count_toward_the_contract() -> None:
    """nil_tricks count_toward_contract: Bob's trick helps Dee's 4 (3 + 1), no bag."""
    played = hand((4, 5), (4, 4), ("nil", 1), (4, 3))
    bags = scores(SpadesRules(), played)[BD]
    counted = scores(SpadesRules(nil_tricks="count_toward_contract"), played)[BD]
    assert bags[:2] == (-139, 1)  # Dee set (-40), nil failed (-100), the trick a bag (+1)
    assert counted[:2] == (-60, 0)  # 4 made (+40), nil failed (-100)


def test_the_lines_name_each_part() -> None:
    lines = scores(SpadesRules(), hand((3, 6), (3, 3), ("blind_nil", 0), (3, 4)), {AC: 8})
    assert lines[AC][2] == ("contract 6 made +60", "3 bags +3", "10 bags −100")
    assert lines[BD][2] == ("contract 3 made +30", "1 bag +1", "Bob: blind nil made +200")


def test_bags_rolling_over_ten_twice_in_one_game() -> None:
    """Each hand AC takes 4 bags: 4, 8, 12 -> penalty (2 left), 6, 10 -> penalty (0 left)."""
    rules = SpadesRules(target=10_000)
    game = spades_standings(rules, SIDES, [hand((2, 4), (2, 4), (2, 3), (3, 2))] * 5)
    penalties = [next(s for s in scored if s.side == AC).penalties for scored in game.hands]
    assert penalties == [0, 0, 1, 0, 1]
    assert game.bags[AC] == 0
    assert game.totals[AC] == 5 * (40 + 4) - 200


def test_both_sides_past_the_target_in_one_hand() -> None:
    """The one with more wins, on the totals after the hand."""
    first = hand((4, 4), (4, 4), (2, 2), (3, 3))  # AC 80, BD 50
    second = hand((4, 4), (4, 4), (2, 3), (3, 2))  # AC 80, BD 50 (5 of 5)
    game = spades_standings(SpadesRules(target=100), SIDES, [first, second])
    assert game.running == [{AC: 80, BD: 50}, {AC: 160, BD: 100}]
    assert game.over and game.winner == AC and game.ended_after == 2


def test_a_tie_at_the_target_is_played_on() -> None:
    rules = SpadesRules(target=40, bag_limit=1000)
    level = hand((2, 2), (0, 0), (1, 11), (0, 0))  # AC 20 + nil 100; BD 10 + 10 bags + nil 100
    assert scores(rules, level) == {
        AC: (120, 0, ("contract 2 made +20", "Cy: nil made +100")),
        BD: (120, 10, ("contract 1 made +10", "10 bags +10", "Dee: nil made +100")),
    }
    game = spades_standings(rules, SIDES, [level])
    assert game.totals == {AC: 120, BD: 120} and not game.over  # both past 40, level: play on
    game = spades_standings(rules, SIDES, [level, hand((4, 4), (4, 4), (2, 3), (3, 2))])
    assert game.totals == {AC: 200, BD: 170}
    assert game.over and game.winner == AC and game.ended_after == 2


def test_a_side_set_while_reaching_the_target_is_judged_on_its_total() -> None:
    """AC at 90 is set (Cy bid 5, took 4: -50) but Ann's nil makes +100: 140, past 100."""
    first = hand((5, 5), (4, 4), (2, 2), (2, 2))  # AC 90, BD 40
    second = hand(("nil", 0), (5, 4), (3, 5), (3, 4))  # AC +100 -50; BD 60 + 3 bags
    game = spades_standings(SpadesRules(target=100), SIDES, [first, second])
    assert game.running == [{AC: 90, BD: 40}, {AC: 140, BD: 103}]
    assert game.over and game.winner == AC


@pytest.mark.parametrize(
    ("rules", "played", "reason"),
    [
        (SpadesRules(), hand((4, 5), (3, 4), (2, 2), (2, 1)), "the tricks add up to 12, not 13"),
        (SpadesRules(), hand((14, 5), (3, 4), (2, 2), (2, 2)), "Ann's bid is 14"),
        (
            SpadesRules(blind_nil_allowed=False),
            hand((4, 5), (3, 4), ("blind_nil", 0), (2, 4)),
            "blind nil, which these rules do not allow",
        ),
        (
            SpadesRules(min_side_bid=4),
            hand((2, 5), (1, 4), (2, 2), (2, 2)),
            "Ann & Cy bid 3; these rules need at least 4 (min_side_bid)",
        ),
    ],
)
def test_impossible_hands_are_refused_with_the_reason(
    rules: SpadesRules, played: SpadesHand, reason: str
) -> None:
    with pytest.raises(SpadesError, match=re.escape(reason)):
        score_hand(rules, played, SIDES, {})


def test_partners_sit_across() -> None:
    assert sides_across(["Ann", "Bob", "Cy", "Dee"]) == dict(SIDES)
    with pytest.raises(SpadesError):
        sides_across(["Ann", "Bob", "Cy"])


# --- what must always hold ------------------------------------------------------------------


@st.composite
def hands(draw: st.DrawFn) -> SpadesHand:
    cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
    tricks = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]]
    bids = [draw(st.sampled_from(["nil", "blind_nil", *range(1, 14)])) for _ in range(4)]
    return hand(*zip(bids, tricks, strict=True))


@settings(max_examples=300, derandomize=True, deadline=None)
@given(
    st.lists(hands(), min_size=1, max_size=12), st.sampled_from(["bags", "count_toward_contract"])
)
def test_a_sides_total_is_the_sum_of_its_lines_and_bags_stay_below_the_limit(
    played: list[SpadesHand], nil_tricks: str
) -> None:
    rules = SpadesRules(target=10**6, nil_tricks=nil_tricks)  # type: ignore[arg-type]
    game = spades_standings(rules, SIDES, played)
    for side in (AC, BD):
        lines = [
            line for scored in game.hands for s in scored if s.side == side for line in s.lines
        ]
        total = 0
        for line in lines:
            amount = int(re.search(r"([+−])(\d+)", line).group(2))  # type: ignore[union-attr]
            times = int(m.group(1)) if (m := re.search(r"×(\d+)", line)) else 1
            total += amount * times if "+" in line else -amount * times
        assert total == game.totals[side]
        assert 0 <= game.bags[side] < rules.bag_limit
        assert all(0 <= s.bags_after < rules.bag_limit for scored in game.hands for s in scored)


@pytest.mark.parametrize("value", [False, True, 0.0, 4.0, "4", "blind", 14, -1, None])
def test_a_bid_is_a_whole_number_or_a_word_never_a_truth_value(value: object) -> None:
    """False and 0.0 equal 0 in Python, but a bid of false is no nil bid."""
    with pytest.raises(SpadesError, match="a bid is nil, blind_nil or 1 to 13"):
        parse_bid(value)


@pytest.mark.parametrize(
    ("value", "bid"), [(0, "nil"), ("nil", "nil"), ("blind_nil", "blind_nil"), (13, 13)]
)
def test_bids_as_sent(value: object, bid: object) -> None:
    assert parse_bid(value) == bid
