"""The three variants over deals (systems/indian/game.py, standings.py), each figure checked by
hand: points settled × point_value, pool 101 with an elimination, a rejoin and the last player
in, pool 201's drops, deals with chips over three deals."""

from __future__ import annotations

import pytest

from scorekeeper.engine.standings import Seat
from scorekeeper.systems.indian.deal import Deal, Entry, score_deal
from scorekeeper.systems.indian.game import (
    DealScore,
    GameOverError,
    Settlement,
    board,
    deal_score,
)
from scorekeeper.systems.indian.rules import IndianError, IndianRules, indian_rules_for
from scorekeeper.systems.indian.standings import indian_standings

PLAYERS = ["Ann", "Bob", "Cy"]
POOL = indian_rules_for("indian-pool-101")


def won(winner: str, **paid: int) -> DealScore:
    return DealScore({winner: 0, **paid}, winner)


# --- pool ------------------------------------------------------------------------------------

# Deal 1: Ann wins, Bob 30, Cy 80.        Ann 0,  Bob 30,  Cy 80
# Deal 2: Bob wins, Ann 20, Cy 40.        Ann 20, Bob 30,  Cy 120: Cy out (highest in: 30)
# Deal 3: Cy rejoins at 31; Ann wins,
#         Bob 80, Cy 40.                  Ann 20, Bob 110, Cy 71: Bob out (highest in: 71)
# Deal 4: Ann wins, Cy 40.                Ann 20, Cy 111: Cy out, Ann the last player in
POOL_DEALS = [
    won("Ann", Bob=30, Cy=80),
    won("Bob", Ann=20, Cy=40),
    DealScore({"Ann": 0, "Bob": 80, "Cy": 40}, "Ann", rejoins=("Cy",)),
    won("Ann", Cy=40),
]


def test_pool_101_elimination_rejoin_and_the_last_player_in() -> None:
    after_two = board(POOL, PLAYERS, POOL_DEALS[:2])
    assert after_two.totals == {"Ann": 20, "Bob": 30, "Cy": 120}
    assert after_two.out == {"Ann": False, "Bob": False, "Cy": True}
    assert after_two.rejoin_at == {"Cy": 31}
    assert after_two.reason == "Cy may rejoin at 31; Bob is nearest 101 with 30"
    assert not after_two.over

    after_three = board(POOL, PLAYERS, POOL_DEALS[:3])
    assert after_three.totals == {"Ann": 20, "Bob": 110, "Cy": 71}
    assert after_three.out == {"Ann": False, "Bob": True, "Cy": False}
    assert after_three.rejoined == {"Ann": False, "Bob": False, "Cy": True}
    assert after_three.rejoin_at == {"Bob": 72}  # Cy has had her rejoin
    assert after_three.reason == "Bob may rejoin at 72; Cy is nearest 101 with 71"

    done = board(POOL, PLAYERS, POOL_DEALS)
    assert (done.over, done.winners, done.ended_after) == (True, ["Ann"], 4)
    assert done.totals == {"Ann": 20, "Bob": 110, "Cy": 111}
    assert done.reason == "Ann is the last player in"
    assert done.rejoin_at == {}
    assert [running["Cy"] for running in done.running] == [80, 120, 71, 111]
    with pytest.raises(GameOverError, match="deal 5: the pool is over: Ann won it"):
        board(POOL, PLAYERS, [*POOL_DEALS, won("Ann", Bob=1)])


def test_a_second_rejoin_is_refused() -> None:
    # after deal 3, Bob rejoins at 72; Cy goes out again with 40 more (111)
    deals = [
        *POOL_DEALS[:3],
        DealScore({"Ann": 0, "Bob": 10, "Cy": 40}, "Ann", rejoins=("Bob",)),
    ]
    going = board(POOL, PLAYERS, deals)
    assert going.totals == {"Ann": 20, "Bob": 82, "Cy": 111}
    assert going.rejoined == {"Ann": False, "Bob": True, "Cy": True}
    assert going.rejoin_at == {}  # Cy has rejoined once; and Bob, in at 82, is above 79
    again = DealScore({"Ann": 0, "Bob": 5, "Cy": 5}, "Ann", rejoins=("Cy",))
    with pytest.raises(IndianError, match="deal 5: Cy has rejoined once already"):
        board(POOL, PLAYERS, [*deals, again])


def test_a_rejoin_the_limit_does_not_allow() -> None:
    # Cy out at 101; Bob still in at 80: nobody may rejoin once the highest score in is 80
    deals = [won("Ann", Bob=80, Cy=101)]
    assert board(POOL, PLAYERS, deals).rejoin_at == {}
    late = DealScore({"Ann": 0, "Bob": 5, "Cy": 5}, "Ann", rejoins=("Cy",))
    with pytest.raises(IndianError, match="Cy may not rejoin: the highest score still in is 80"):
        board(POOL, PLAYERS, [*deals, late])
    # at 79 the door is open, at 80
    opened = board(POOL, PLAYERS, [won("Ann", Bob=79, Cy=101), late])
    assert opened.totals == {"Ann": 0, "Bob": 84, "Cy": 85} and opened.rejoined["Cy"]


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        (won("Ann", Bob=5, Cy=5), "deal 3: Cy is out of the pool .110.: mark rejoin"),
        (won("Ann", Cy=5), "deal 3: Bob is still in the pool but has no entry"),
        (
            DealScore({"Ann": 0, "Bob": 5}, "Ann", rejoins=("Bob",)),
            "Bob is still in the pool: only a player who is out may rejoin",
        ),
    ],
)
def test_who_is_dealt_in_follows_the_pool(deal: DealScore, message: str) -> None:
    deals = [won("Ann", Bob=30, Cy=80), won("Bob", Ann=10, Cy=30), deal]
    with pytest.raises(IndianError, match=message):
        board(POOL, PLAYERS, deals)


def test_without_rejoining() -> None:
    rules = indian_rules_for("indian-pool-101", {"rejoin": False})
    deals = [won("Ann", Bob=30, Cy=101)]
    assert board(rules, PLAYERS, deals).rejoin_at == {}
    back = DealScore({"Ann": 0, "Bob": 5, "Cy": 5}, "Ann", rejoins=("Cy",))
    with pytest.raises(IndianError, match="these rules play without rejoining"):
        board(rules, PLAYERS, [*deals, back])


def test_pool_201_drops_and_limit_from_the_deals() -> None:
    """Scored from entries: Bob's first drop is 25, Cy's middle drop 50 under pool 201; Cy is
    out only at 201."""
    rules = indian_rules_for("indian-pool-201")

    def deal(bob: Entry, cy: Entry) -> DealScore:
        return deal_score(score_deal(rules, Deal((Entry("Ann", declared=True), bob, cy))))

    first = deal(Entry("Bob", drop="first"), Entry("Cy", drop="middle"))
    assert dict(first.points) == {"Ann": 0, "Bob": 25, "Cy": 50}
    deals = [first, deal(Entry("Bob", counted=80), Entry("Cy", counted=80))]
    deals.append(deal(Entry("Bob", drop="first"), Entry("Cy", counted=70)))
    going = board(rules, PLAYERS, deals)
    # Bob 25 + 80 + 25 = 130; Cy 50 + 80 + 70 = 200: one short of out
    assert going.totals == {"Ann": 0, "Bob": 130, "Cy": 200} and not any(going.out.values())
    deals.append(deal(Entry("Bob", drop="middle"), Entry("Cy", counted=1)))
    over_limit = board(rules, PLAYERS, deals)
    # Bob 180; Cy 201: out; the highest in (Bob 180) is not below 175: no rejoin
    assert over_limit.totals == {"Ann": 0, "Bob": 180, "Cy": 201}
    assert over_limit.out["Cy"] and over_limit.rejoin_at == {}


# --- deals -----------------------------------------------------------------------------------

# Three players: 240 chips each.
# Deal 1: Ann wins; Bob 30, Cy 80.   Ann 350, Bob 210, Cy 160
# Deal 2: Bob wins; Ann 20, Cy 40.   Ann 330, Bob 270, Cy 120
# Deal 3: Cy wins; Ann 80, Bob 2.    Ann 250, Bob 268, Cy 202
CHIP_DEALS = [won("Ann", Bob=30, Cy=80), won("Bob", Ann=20, Cy=40), won("Cy", Ann=80, Bob=2)]
THREE_DEALS = indian_rules_for("indian-deals", {"deals": 3})


def test_deals_with_chips_over_three_deals() -> None:
    start = board(THREE_DEALS, PLAYERS, [])
    assert start.chips == {"Ann": 240, "Bob": 240, "Cy": 240}
    assert start.reason == "3 deals to play; 240 chips each"
    games = [board(THREE_DEALS, PLAYERS, CHIP_DEALS[:n]) for n in (1, 2, 3)]
    assert [game.chips for game in games] == [
        {"Ann": 350, "Bob": 210, "Cy": 160},
        {"Ann": 330, "Bob": 270, "Cy": 120},
        {"Ann": 250, "Bob": 268, "Cy": 202},
    ]
    assert [game.deals_left for game in games] == [2, 1, 0]
    assert games[1].reason == "Ann leads with 330 chips after 2 of 3 deals"
    done = games[2]
    assert (done.over, done.winners, done.reason) == (True, ["Bob"], "Bob won with 268 chips")
    assert sum(done.chips.values()) == 720
    with pytest.raises(GameOverError, match="deal 4: the game was 3 deals, all played"):
        board(THREE_DEALS, PLAYERS, [*CHIP_DEALS, won("Ann", Bob=1, Cy=1)])


def test_deals_level_on_the_most_chips_share_the_win() -> None:
    two = indian_rules_for("indian-deals")
    game = board(two, ["Ann", "Bob"], [won("Ann", Bob=30), won("Bob", Ann=30)])
    assert (game.over, game.winners, game.chips) == (True, ["Ann", "Bob"], {"Ann": 160, "Bob": 160})
    assert game.reason == "Ann and Bob tie on 160 chips and share the win"


def test_every_player_plays_each_deal_of_a_deals_game() -> None:
    with pytest.raises(IndianError, match="deal 1: every player plays each deal: Cy has none"):
        board(THREE_DEALS, PLAYERS, [won("Ann", Bob=3)])


# --- points ----------------------------------------------------------------------------------


def test_points_settled_at_the_point_value() -> None:
    """× 2. Deal 1: Ann wins, Bob 30, Cy 80: Ann +220, Bob −60, Cy −160. Deal 2 (Ann and Bob
    only): Bob wins, Ann 20: Ann 180, Bob −20."""
    rules = indian_rules_for("indian-points", {"point_value": 2})
    game = board(rules, PLAYERS, [won("Ann", Bob=30, Cy=80), won("Bob", Ann=20)])
    assert game.totals == {"Ann": 180, "Bob": -20, "Cy": -160}
    assert game.running[0] == {"Ann": 220, "Bob": -60, "Cy": -160}
    assert sum(game.totals.values()) == 0
    assert game.settlement == [Settlement("Bob", "Ann", 20), Settlement("Cy", "Ann", 160)]
    assert (game.over, game.reason) == (False, "Ann is up 180 after 2 deals")


def test_a_deal_nobody_won_pays_nobody() -> None:
    """A wrong show that ended the deal: Dee pays 80 and nobody takes it."""
    rules = IndianRules(wrong_show_ends=True)
    result = score_deal(
        rules, Deal((Entry("Ann"), Entry("Dee", wrong_show=True), Entry("Bob", counted=10)))
    )
    game = board(rules, ["Ann", "Bob", "Dee"], [deal_score(result)])
    assert game.totals == {"Ann": 0, "Bob": 0, "Dee": -80}


def test_the_shared_standings() -> None:
    seats = [Seat(name) for name in PLAYERS]
    pool = indian_standings(POOL, seats, POOL_DEALS)
    assert (pool.over, pool.winners, pool.reached, pool.deals_played) == (
        True,
        ["Ann"],
        ["Bob", "Cy"],
        4,
    )
    chips = indian_standings(THREE_DEALS, seats, CHIP_DEALS[:1])
    assert chips.totals == {"Ann": 350, "Bob": 210, "Cy": 160} and chips.deals_left == 2
    with pytest.raises(IndianError, match="deal 1: Dee is not in this game"):
        indian_standings(POOL, seats, [won("Ann", Dee=3)])
