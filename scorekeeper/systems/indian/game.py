"""A game of Indian Rummy over its deals: the three variants (RULES.md, "Indian Rummy",
``indian_variant``). Pure Python.

* **points**: each loser pays the winner their points × ``point_value``; the board keeps each
  player's net (winner plus, losers minus). Each deal is settled on its own, so the game is
  never over by itself: the table plays as many deals as it likes (any two to six of the
  players in each).
* **pool**: the points accumulate; a player at ``pool_limit`` or more is out. A player who is
  out may rejoin once (``rejoin``), on their entry in a later deal, while the highest score
  among those still in is below ``rejoin_below``: they come back at that score + 1. The last
  player in wins the pool; a deal after that is refused (:class:`GameOverError`).
* **deals**: ``deals`` deals, every player in each; each starts with 80 × players chips, and
  each deal's winner takes every loser's points in chips. The most chips after the last deal
  wins; players level on the most share the win.

A wrong show that ends a deal (``wrong_show_ends``) has no winner: what the wrong shower pays
goes to nobody, in every variant.

>>> deals = [DealScore({"Ann": 0, "Bob": 40, "Cy": 80}, "Ann"),
...          DealScore({"Ann": 25, "Bob": 0, "Cy": 30}, "Bob")]
>>> pool = board(IndianRules(indian_variant="pool"), ["Ann", "Bob", "Cy"], deals)
>>> pool.totals, pool.out, pool.reason
({'Ann': 25, 'Bob': 40, 'Cy': 110}, {'Ann': False, 'Bob': False, 'Cy': True}, 'Cy may rejoin at 41; Bob is nearest 101 with 40')
>>> board(IndianRules(indian_variant="deals"), ["Ann", "Bob", "Cy"], deals).chips
{'Ann': 335, 'Bob': 255, 'Cy': 130}
"""  # noqa: E501 (a doctest's output line)

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .deal import DealResult
from .rules import CHIPS_PER_PLAYER, IndianError, IndianRules, Variant


class GameOverError(IndianError):
    """A deal recorded after the game is over (the pool won, the deals all played): the API's
    409."""


@dataclass(frozen=True)
class DealScore:
    """A deal as a game needs it: what each player dealt in pays (the winner 0), who won (None:
    a wrong show ended it), and who rejoined the pool with it."""

    points: Mapping[str, int]
    winner: str | None
    rejoins: tuple[str, ...] = ()


def deal_score(result: DealResult) -> DealScore:
    """A scored deal as the game counts it."""
    return DealScore(result.points, result.winner, result.rejoins)


@dataclass(frozen=True)
class Settlement:
    """``payer`` owes ``payee`` this much, the points game's deals netted."""

    payer: str
    payee: str
    amount: int


@dataclass(frozen=True)
class Board:
    """Where the game stands after its deals. ``totals`` is what the board shows: the pool
    score, the chips, or the net won × ``point_value``; ``running`` is it after each deal.
    Pool: who is ``out``, who ``rejoined``, and who may rejoin now at what score
    (``rejoin_at``); deals: the ``chips``."""

    variant: Variant
    totals: dict[str, int]
    running: list[dict[str, int]]
    over: bool
    winners: list[str]
    reason: str
    deals_played: int
    deals_left: int | None
    ended_after: int | None = None
    out: dict[str, bool] = field(default_factory=dict)
    rejoined: dict[str, bool] = field(default_factory=dict)
    rejoin_at: dict[str, int] = field(default_factory=dict)
    chips: dict[str, int] = field(default_factory=dict)
    settlement: list[Settlement] = field(default_factory=list)


def board(rules: IndianRules, players: Sequence[str], deals: Sequence[DealScore]) -> Board:
    """The game after ``deals`` (in the order played) among ``players`` (seat order); an
    IndianError names a deal that cannot follow the ones before it."""
    if len(set(players)) != len(players):
        raise IndianError("a player is seated twice")
    for number, deal in enumerate(deals, 1):
        strangers = [name for name in deal.points if name not in players]
        if strangers:
            raise IndianError(f"deal {number}: {', '.join(strangers)} is not in this game")
        if deal.winner is not None and deal.winner not in deal.points:
            raise IndianError(f"deal {number}: the winner {deal.winner} has no entry")
        if deal.rejoins and rules.indian_variant != "pool":
            raise IndianError(f"deal {number}: only a pool game has rejoins (rejoin)")
    if rules.indian_variant == "pool":
        return _pool(rules, players, deals)
    if rules.indian_variant == "deals":
        return _deals(rules, players, deals)
    return _points(rules, players, deals)


def _points(rules: IndianRules, players: Sequence[str], deals: Sequence[DealScore]) -> Board:
    net = dict.fromkeys(players, 0)
    owed: dict[tuple[str, str], int] = {}
    running = []
    for deal in deals:
        for name, points in deal.points.items():
            if name == deal.winner:
                continue
            paid = points * rules.point_value
            net[name] -= paid
            if deal.winner is not None:
                net[deal.winner] += paid
                owed[name, deal.winner] = owed.get((name, deal.winner), 0) + paid
        running.append(dict(net))
    settlement = []
    for (payer, payee), amount in owed.items():
        back = owed.get((payee, payer), 0)
        if amount > back:
            settlement.append(Settlement(payer, payee, amount - back))
    if not deals:
        reason = "No deal yet"
    else:
        top = max(net.values())
        leaders = [name for name, total in net.items() if total == top]
        after = f"after {_deals_word(len(deals))}"
        if len(leaders) > 1:
            reason = f"{_and(leaders)} are level on {top:+} {after}"
        else:
            reason = f"{leaders[0]} is up {top} {after}" if top > 0 else f"All even {after}"
    return Board("points", net, running, False, [], reason, len(deals), None, settlement=settlement)


def _pool(rules: IndianRules, players: Sequence[str], deals: Sequence[DealScore]) -> Board:
    totals = dict.fromkeys(players, 0)
    out = dict.fromkeys(players, False)
    rejoined = dict.fromkeys(players, False)
    running: list[dict[str, int]] = []
    winners: list[str] = []
    ended: int | None = None
    for number, deal in enumerate(deals, 1):
        if ended is not None:
            raise GameOverError(
                f"deal {number}: the pool is over: {_and(winners)} won it as the last player in"
            )
        still_in = [name for name in players if not out[name]]
        top = max(totals[name] for name in still_in)
        for name in deal.rejoins:
            _check_rejoin(rules, number, name, out, rejoined, top)
        for name in deal.rejoins:
            totals[name], out[name], rejoined[name] = top + 1, False, True
        dealt = set(deal.points)
        for name in players:
            if out[name] and name in dealt:
                raise IndianError(
                    f"deal {number}: {name} is out of the pool ({totals[name]}): mark rejoin on "
                    f"{name}'s entry to deal them in again (rejoin)"
                )
            if not out[name] and name not in dealt:
                raise IndianError(f"deal {number}: {name} is still in the pool but has no entry")
        for name, points in deal.points.items():
            totals[name] += points
            if totals[name] >= rules.pool_limit:
                out[name] = True
        running.append(dict(totals))
        left = [name for name in players if not out[name]]
        if len(left) <= 1:
            # nobody left can only follow a deal nobody won: the lowest score of it wins
            low = min(totals[name] for name in dealt)
            winners = left or [name for name in players if name in dealt and totals[name] == low]
            ended = number
    top = max((totals[name] for name in players if not out[name]), default=0)
    can_rejoin = rules.rejoin and top < rules.rejoin_below and ended is None
    rejoin_at = {
        name: top + 1 for name in players if out[name] and not rejoined[name] and can_rejoin
    }
    if ended is not None:
        reason = f"{_and(winners)} {'is' if len(winners) == 1 else 'are'} the last player in"
    elif not deals:
        reason = f"No deal yet (out at {rules.pool_limit})"
    else:
        nearest = next(name for name in players if not out[name] and totals[name] == top)
        offers = [f"{name} may rejoin at {score}" for name, score in rejoin_at.items()]
        reason = "; ".join([*offers, f"{nearest} is nearest {rules.pool_limit} with {top}"])
    return Board(
        "pool",
        totals,
        running,
        ended is not None,
        winners,
        reason,
        len(deals),
        None,
        ended,
        out=out,
        rejoined=rejoined,
        rejoin_at=rejoin_at,
    )


def _check_rejoin(
    rules: IndianRules,
    number: int,
    name: str,
    out: Mapping[str, bool],
    rejoined: Mapping[str, bool],
    top: int,
) -> None:
    """A rejoin the rules allow, or an IndianError saying why not."""
    if not rules.rejoin:
        raise IndianError(f"deal {number}: these rules play without rejoining ({name}: rejoin)")
    if not out[name]:
        raise IndianError(
            f"deal {number}: {name} is still in the pool: only a player who is out may rejoin "
            "(rejoin)"
        )
    if rejoined[name]:
        raise IndianError(
            f"deal {number}: {name} has rejoined once already: a second rejoin is not allowed "
            "(rejoin)"
        )
    if top >= rules.rejoin_below:
        raise IndianError(
            f"deal {number}: {name} may not rejoin: the highest score still in is {top}, and a "
            f"rejoin needs it below {rules.rejoin_below} (rejoin)"
        )


def _deals(rules: IndianRules, players: Sequence[str], deals: Sequence[DealScore]) -> Board:
    chips = dict.fromkeys(players, CHIPS_PER_PLAYER * len(players))
    running = []
    for number, deal in enumerate(deals, 1):
        if number > rules.deals:
            raise GameOverError(
                f"deal {number}: the game was {_deals_word(rules.deals)}, all played: it is over"
            )
        missing = [name for name in players if name not in deal.points]
        if missing:
            raise IndianError(
                f"deal {number}: every player plays each deal: {_and(missing)} has none"
            )
        for name, points in deal.points.items():
            if name != deal.winner:
                chips[name] -= points
                if deal.winner is not None:
                    chips[deal.winner] += points
        running.append(dict(chips))
    over = len(deals) == rules.deals
    top = max(chips.values())
    leaders = [name for name, count in chips.items() if count == top]
    if over:
        reason = (
            f"{leaders[0]} won with {top} chips"
            if len(leaders) == 1
            else f"{_and(leaders)} tie on {top} chips and share the win"
        )
    elif not deals:
        reason = f"{_deals_word(rules.deals)} to play; {top} chips each"
    else:
        played = f"after {len(deals)} of {rules.deals} deals"
        reason = (
            f"{leaders[0]} leads with {top} chips {played}"
            if len(leaders) == 1
            else f"{_and(leaders)} are level on {top} chips {played}"
        )
    return Board(
        "deals",
        dict(chips),
        running,
        over,
        leaders if over else [],
        reason,
        len(deals),
        rules.deals - len(deals),
        rules.deals if over else None,
        chips=chips,
    )


def _and(names: Sequence[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _deals_word(count: int) -> str:
    return f"{count} deal" + ("" if count == 1 else "s")
