"""A game over hands or rounds (systems/canasta/game.py), each total added up by hand: Canasta's
minimum moving at 1500 and 3000 and below 0, the target, a tie playing on, the settlement, a
hand after the end; a cutthroat game over three hands with a different lone hand each; Hand and
Foot's four rounds scored from the round entries."""

from __future__ import annotations

import pytest

from scorekeeper.engine.standings import Settlement
from scorekeeper.systems.canasta.game import play
from scorekeeper.systems.canasta.hand import RoundEntry, SideEntry, WentOut, score_round
from scorekeeper.systems.canasta.rules import CanastaError, CanastaRules, canasta_rules_for

SIDES = ["N-S", "E-W"]


def test_the_minimum_moves_with_the_total() -> None:
    hands = [
        {"N-S": -135, "E-W": 1500},  # N-S -135: 15; E-W 1500: 90
        {"N-S": 1630, "E-W": 1500},  # N-S 1495: 50; E-W 3000: 120
        {"N-S": 5, "E-W": -1505},  # N-S 1500: 90; E-W 1495: 50
        {"N-S": 1500, "E-W": -1500},  # N-S 3000: 120; E-W -5: 15
    ]
    minimums = [play(CanastaRules(), SIDES, hands[:n]).next_minimum for n in range(5)]
    assert minimums == [
        {"N-S": 50, "E-W": 50},
        {"N-S": 15, "E-W": 90},
        {"N-S": 50, "E-W": 120},
        {"N-S": 90, "E-W": 50},
        {"N-S": 120, "E-W": 15},
    ]


def test_canasta_to_5000() -> None:
    # N-S 1355 + 2100 + 1600 = 5055; E-W 460 + 1850 + 990 = 3300: N-S by 1755
    hands = [
        {"N-S": 1355, "E-W": 460},
        {"N-S": 2100, "E-W": 1850},
        {"N-S": 1600, "E-W": 990},
    ]
    open_game = play(CanastaRules(), SIDES, hands[:2])
    assert (open_game.over, open_game.totals) == (False, {"N-S": 3455, "E-W": 2310})
    assert open_game.reason == "N-S leads with 3455 (1545 to reach 5000)"
    game = play(CanastaRules(), SIDES, hands)
    assert (game.over, game.winners, game.ended_after) == (True, ["N-S"], 3)
    assert game.totals == {"N-S": 5055, "E-W": 3300}
    assert game.settlement == [Settlement("E-W", "N-S", 1755)]
    assert game.next_minimum == {"N-S": None, "E-W": None}
    assert game.running[0] == {"N-S": 1355, "E-W": 460}
    with pytest.raises(CanastaError) as refused:
        play(CanastaRules(), SIDES, [*hands, {"N-S": 100, "E-W": 100}])
    assert refused.value.code == "game_over"


def test_equal_top_totals_play_on() -> None:
    # 4800 + 200 = 5000 each: tied, another hand; then 5000 + 100 = 5100 against 5050
    hands = [{"N-S": 4800, "E-W": 4800}, {"N-S": 200, "E-W": 200}, {"N-S": 100, "E-W": 50}]
    tied = play(CanastaRules(), SIDES, hands[:2])
    assert (tied.over, tied.reason) == (False, "Tied at 5000: another hand is played")
    game = play(CanastaRules(), SIDES, hands)
    assert (game.winners, game.settlement) == (["N-S"], [Settlement("E-W", "N-S", 50)])


def test_the_higher_of_two_past_the_target_wins() -> None:
    game = play(CanastaRules(), SIDES, [{"N-S": 5200, "E-W": 5300}])
    assert game.winners == ["E-W"] and game.reason == "E-W reached 5000 and wins, 5300 to 5200"


def test_an_unknown_side() -> None:
    with pytest.raises(CanastaError) as refused:
        play(CanastaRules(), SIDES, [{"N-S": 10, "Bob": 10}])
    assert refused.value.code == "unknown_side"


def test_cutthroat_over_three_hands() -> None:
    rules = canasta_rules_for("canasta-cutthroat")
    players = ["Ann", "Bob", "Cy"]
    hands = [
        # Ann alone went out: 500 + 1000 + 100 + 100 = 1700.
        # Bob & Cy: 220 + 300 + 200 − 45 = 675; each 675 − 200 + 100 = 575
        RoundEntry(
            (
                SideEntry("Ann", ("Ann",), natural_canastas=2, red_threes=1, melded_points=500),
                SideEntry(
                    "Bob & Cy",
                    ("Bob", "Cy"),
                    mixed_canastas=1,
                    red_threes={"Bob": 1, "Cy": 1},
                    melded_points=220,
                    in_hand_points=45,
                ),
            ),
            went_out=WentOut("Ann", "Ann"),
            lone_hand="Ann",
        ),
        # Bob alone went out: 380 + 500 + 300 + 200 + 100 = 1480.
        # Ann & Cy melded nothing: Ann's red three −100, 120 in hand: −220;
        # Ann −220 − (−100) + (−100) = −220, Cy −220 + 100 + 0 = −120
        RoundEntry(
            (
                SideEntry(
                    "Bob",
                    ("Bob",),
                    natural_canastas=1,
                    mixed_canastas=1,
                    red_threes=2,
                    melded_points=380,
                ),
                SideEntry(
                    "Ann & Cy", ("Ann", "Cy"), red_threes={"Ann": 1, "Cy": 0}, in_hand_points=120
                ),
            ),
            went_out=WentOut("Bob", "Bob"),
            lone_hand="Bob",
        ),
        # stock out. Cy alone: 260 + 500 − 30 = 730.
        # Ann & Bob: 400 + 600 + 800 (Bob's four) − 55 = 1745; Ann 1745 − 800 = 945, Bob 1745
        RoundEntry(
            (
                SideEntry("Cy", ("Cy",), natural_canastas=1, melded_points=260, in_hand_points=30),
                SideEntry(
                    "Ann & Bob",
                    ("Ann", "Bob"),
                    mixed_canastas=2,
                    red_threes={"Ann": 0, "Bob": 4},
                    melded_points=400,
                    in_hand_points=55,
                ),
            ),
            ended_by="stock_out",
            lone_hand="Cy",
        ),
    ]
    scored = [score_round(rules, hand) for hand in hands]
    assert all(round_score.ok for round_score in scored)
    assert [[side.total for side in round_score.sides] for round_score in scored] == [
        [1700, 675],
        [1480, -220],
        [730, 1745],
    ]
    assert [round_score.columns for round_score in scored] == [
        {"Ann": 1700, "Bob": 575, "Cy": 575},
        {"Bob": 1480, "Ann": -220, "Cy": -120},
        {"Cy": 730, "Ann": 945, "Bob": 1745},
    ]
    game = play(rules, players, [round_score.columns for round_score in scored])
    # Ann 1700 − 220 + 945 = 2425; Bob 575 + 1480 + 1745 = 3800; Cy 575 − 120 + 730 = 1185
    assert game.totals == {"Ann": 2425, "Bob": 3800, "Cy": 1185}
    assert game.next_minimum == {"Ann": 90, "Bob": 120, "Cy": 50}
    assert game.reason == "Bob leads with 3800 (3700 to reach 7500)"


def test_hand_and_foot_four_rounds() -> None:
    rules = canasta_rules_for("hand-and-foot")
    ann = ("Ann", "Cy")
    bob = ("Bob", "Dee")
    rounds = [
        # round 1: Ann & Cy out with a perfect draw: 650 + 500 + 300 + 100 + 100 = 1650;
        # Bob & Dee: 420 + 300 − (135 + 500 red three held + 5 black three) = 80
        RoundEntry(
            (
                SideEntry(
                    "Ann & Cy",
                    ann,
                    clean_books=1,
                    dirty_books=1,
                    melded_points=650,
                    perfect_draws=1,
                ),
                SideEntry(
                    "Bob & Dee",
                    bob,
                    dirty_books=1,
                    melded_points=420,
                    red_threes_in_hand=1,
                    black_threes_in_hand=1,
                    in_hand_points=135,
                ),
            ),
            went_out=WentOut("Ann & Cy", "Cy"),
            round_number=1,
        ),
        # round 2: Bob & Dee out without a dirty book (warning): 400 + 500 + 100 + 200 = 1200;
        # Ann & Cy: 510 + 600 − (90 + 2 × 500) = 20
        RoundEntry(
            (
                SideEntry(
                    "Ann & Cy",
                    ann,
                    dirty_books=2,
                    melded_points=510,
                    red_threes_in_hand=2,
                    in_hand_points=90,
                ),
                SideEntry("Bob & Dee", bob, clean_books=1, melded_points=400, perfect_draws=2),
            ),
            went_out=WentOut("Bob & Dee", "Dee"),
            round_number=2,
        ),
        # round 3, stock out: Ann & Cy 720 + 1000 − 60 = 1660; Bob & Dee 880 + 500 + 600 − 35
        # = 1945
        RoundEntry(
            (
                SideEntry("Ann & Cy", ann, clean_books=2, melded_points=720, in_hand_points=60),
                SideEntry(
                    "Bob & Dee",
                    bob,
                    clean_books=1,
                    dirty_books=2,
                    melded_points=880,
                    in_hand_points=35,
                ),
            ),
            ended_by="stock_out",
            round_number=3,
        ),
        # round 4, totals as the table added them
        RoundEntry(
            (SideEntry("Ann & Cy", ann, total=2105), SideEntry("Bob & Dee", bob, total=1380)),
            went_out=WentOut("Ann & Cy"),
            round_number=4,
        ),
    ]
    scored = [score_round(rules, entry) for entry in rounds]
    assert all(round_score.ok for round_score in scored)
    columns = [round_score.columns for round_score in scored]
    assert columns == [
        {"Ann & Cy": 1650, "Bob & Dee": 80},
        {"Ann & Cy": 20, "Bob & Dee": 1200},
        {"Ann & Cy": 1660, "Bob & Dee": 1945},
        {"Ann & Cy": 2105, "Bob & Dee": 1380},
    ]
    assert [[w.code for w in s.warnings] for s in scored] == [
        [],
        ["went_out_without_books"],
        [],
        [],
    ]
    sides = ["Ann & Cy", "Bob & Dee"]
    progress = [play(rules, sides, columns[:n]) for n in range(5)]
    assert [(g.next_round, g.next_minimum["Ann & Cy"]) for g in progress] == [
        (1, 50),
        (2, 90),
        (3, 120),
        (4, 150),
        (None, None),
    ]
    assert progress[3].reason == "Round 4 of 4: 150 to open; Ann & Cy leads with 3330"
    game = progress[4]
    # Ann & Cy 1650 + 20 + 1660 + 2105 = 5435; Bob & Dee 80 + 1200 + 1945 + 1380 = 4605
    assert game.totals == {"Ann & Cy": 5435, "Bob & Dee": 4605}
    assert (game.over, game.winners, game.reason) == (
        True,
        ["Ann & Cy"],
        "Ann & Cy wins after 4 rounds, 5435 to 4605",
    )
    assert game.settlement == [Settlement("Bob & Dee", "Ann & Cy", 830)]
    with pytest.raises(CanastaError):
        play(rules, sides, [*columns, {"Ann & Cy": 0, "Bob & Dee": 0}])


def test_hand_and_foot_shares_a_tie() -> None:
    game = play(canasta_rules_for("hand-and-foot"), ["A", "B"], [{"A": 500, "B": 500}] * 4)
    assert (game.over, game.winners, game.settlement) == (True, ["A", "B"], [])
    assert game.reason == "A and B share the win on 2000"
