"""Spades: bids, tricks, bags and nil (RULES.md, "Spades"). Pure Python, like the rest.

Four players in two sides. Each hand records every player's bid (1–13, ``"nil"`` or
``"blind_nil"``; 0 is nil) and the tricks they took (the four add up to 13). A side's contract
is the sum of its non-nil bids:

* made (its tricks reach the contract): 10 per trick bid, and 1 per trick over (a *bag*);
* set (short of it): minus 10 per trick bid;
* nil: ``nil_points`` if the bidder took no trick, else minus them; blind nil likewise with
  ``blind_nil_points``. A nil bidder's tricks are bags for the side (``nil_tricks: bags``) or
  count toward the partner's contract (``count_toward_contract``);
* every ``bag_limit`` bags carried cost ``bag_penalty`` and are taken off.

There are no ties for first: the game is over once one side alone has the most at or past the
target, judged on the totals as they stand after the hand (a side set in that hand included).

>>> rules = SpadesRules()
>>> hand = SpadesHand.of(("Ann", 4, 5), ("Cy", 3, 3), ("Bob", "nil", 0), ("Dee", 5, 5))
>>> scored = score_hand(rules, hand, SIDES, {})
>>> [(s.side, s.points, s.bags_after) for s in scored]
[('Ann & Cy', 71, 1), ('Bob & Dee', 150, 0)]
>>> scored[1].lines
('contract 5 made +50', 'Bob: nil made +100')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

NilBid = Literal["nil", "blind_nil"]
Bid = int | NilBid
NilTricks = Literal["bags", "count_toward_contract"]

#: The seats of the doctests: partners sit across (seats 1 and 3, 2 and 4).
SIDES: Mapping[str, str] = {
    "Ann": "Ann & Cy",
    "Cy": "Ann & Cy",
    "Bob": "Bob & Dee",
    "Dee": "Bob & Dee",
}
TRICKS = 13


class SpadesError(ValueError):
    """A hand that cannot have been played under these rules (the reason names what is wrong)."""


@dataclass(frozen=True)
class SpadesRules:
    """Spades' house rules (RULES.md option names)."""

    target: int = 500
    bag_limit: int = 10
    bag_penalty: int = 100
    nil_points: int = 100
    blind_nil_points: int = 200
    nil_tricks: NilTricks = "bags"
    blind_nil_allowed: bool = True
    min_side_bid: int | None = None


@dataclass(frozen=True)
class SpadesPlayer:
    name: str
    bid: Bid
    tricks: int

    @property
    def nil(self) -> bool:
        return self.bid in ("nil", "blind_nil")


@dataclass(frozen=True)
class SpadesHand:
    """One hand: each player's bid and tricks."""

    players: tuple[SpadesPlayer, ...]

    @classmethod
    def of(cls, *players: tuple[str, Bid, int]) -> SpadesHand:
        """A hand from (name, bid, tricks) triples; a bid of 0 is nil."""
        return cls(
            tuple(
                SpadesPlayer(name, "nil" if bid == 0 else bid, tricks)
                for name, bid, tricks in players
            )
        )


@dataclass(frozen=True)
class SideScore:
    """What one hand did for one side."""

    side: str
    contract: int  # the tricks its non-nil bidders bid
    tricks: int  # the tricks that counted toward the contract
    points: int  # the hand's points, the bag penalty included
    bags: int  # bags this hand
    penalties: int  # how many times the bag penalty struck
    bags_after: int  # bags carried after this hand (always below bag_limit)
    lines: tuple[str, ...]


def check_hand(rules: SpadesRules, hand: SpadesHand, sides: Mapping[str, str]) -> None:
    """Refuse a hand that cannot be (a :class:`SpadesError` naming every problem)."""
    problems: list[str] = []
    names = [player.name for player in hand.players]
    if sorted(names) != sorted(sides) or len(set(names)) != len(names):
        problems.append(f"a hand needs each of {', '.join(sides)} once")
    for player in hand.players:
        if isinstance(player.bid, int) and not 1 <= player.bid <= TRICKS:
            problems.append(f"{player.name}'s bid is {player.bid}: bid nil, blind nil or 1 to 13")
        if player.bid == "blind_nil" and not rules.blind_nil_allowed:
            problems.append(f"{player.name} bid blind nil, which these rules do not allow")
        if not 0 <= player.tricks <= TRICKS:
            problems.append(f"{player.name} took {player.tricks} tricks: 0 to 13")
    taken = sum(player.tricks for player in hand.players)
    if taken != TRICKS:
        problems.append(f"the tricks add up to {taken}, not 13")
    if rules.min_side_bid is not None:
        for side in dict.fromkeys(sides.values()):
            bid = sum(_bid(p) for p in hand.players if sides.get(p.name) == side)
            if bid < rules.min_side_bid:
                problems.append(
                    f"{side} bid {bid}; these rules need at least {rules.min_side_bid} "
                    "(min_side_bid)"
                )
    if problems:
        raise SpadesError("; ".join(problems))


def _bid(player: SpadesPlayer) -> int:
    return 0 if isinstance(player.bid, str) else player.bid


def score_hand(
    rules: SpadesRules,
    hand: SpadesHand,
    sides: Mapping[str, str],
    bags_before: Mapping[str, int],
) -> tuple[SideScore, ...]:
    """Each side's score for one hand, in the order the sides first sit, given the bags each
    carried into it.

    >>> rules = SpadesRules()
    >>> set_hand = SpadesHand.of(("Ann", 6, 4), ("Cy", 4, 4), ("Bob", 2, 3), ("Dee", 1, 2))
    >>> [(s.points, s.bags) for s in score_hand(rules, set_hand, SIDES, {"Bob & Dee": 9})]
    [(-100, 0), (-68, 2)]
    """
    check_hand(rules, hand, sides)
    out = []
    for side in dict.fromkeys(sides[p.name] for p in hand.players):
        members = [p for p in hand.players if sides[p.name] == side]
        bidders = [p for p in members if not p.nil]
        contract = sum(_bid(p) for p in bidders)
        counted = sum(p.tricks for p in bidders)
        nil_tricks = sum(p.tricks for p in members if p.nil)
        if rules.nil_tricks == "count_toward_contract":
            counted += nil_tricks
            nil_tricks = 0
        lines: list[str] = []
        points = bags = 0
        if contract:
            if counted >= contract:
                points += 10 * contract
                lines.append(f"contract {contract} made +{10 * contract}")
                bags += counted - contract
            else:
                points -= 10 * contract
                lines.append(f"contract {contract} set −{10 * contract}")
        else:
            bags += counted
        bags += nil_tricks
        if bags:
            points += bags
            lines.append(f"{bags} bag{'s' if bags != 1 else ''} +{bags}")
        for player in members:
            if player.nil:
                worth = rules.blind_nil_points if player.bid == "blind_nil" else rules.nil_points
                kind = "blind nil" if player.bid == "blind_nil" else "nil"
                if player.tricks == 0:
                    points += worth
                    lines.append(f"{player.name}: {kind} made +{worth}")
                else:
                    points -= worth
                    lines.append(f"{player.name}: {kind} failed −{worth}")
        carried = bags_before.get(side, 0) + bags
        penalties = carried // rules.bag_limit if rules.bag_limit > 0 else 0
        if penalties:
            points -= penalties * rules.bag_penalty
            carried -= penalties * rules.bag_limit
            lines.append(
                f"{rules.bag_limit} bags −{rules.bag_penalty}"
                + (f" ×{penalties}" if penalties > 1 else "")
            )
        out.append(
            SideScore(side, contract, counted, points, bags, penalties, carried, tuple(lines))
        )
    return tuple(out)


@dataclass(frozen=True)
class SpadesStandings:
    """A Spades game so far: each side's total and bags, and whether it is over."""

    totals: dict[str, int]
    bags: dict[str, int]
    hands: list[tuple[SideScore, ...]] = field(default_factory=list)
    running: list[dict[str, int]] = field(default_factory=list)  # totals after each hand
    over: bool = False
    winner: str | None = None
    ended_after: int | None = None  # the hand that ended the game (1-based)


def spades_standings(
    rules: SpadesRules, sides: Mapping[str, str], hands: Iterable[SpadesHand]
) -> SpadesStandings:
    """Every hand scored in order, the totals, and the winner once one side alone has the most
    at or past the target.

    >>> rules = SpadesRules(target=100)
    >>> hands = [SpadesHand.of(("Ann", 6, 6), ("Cy", 4, 4), ("Bob", 2, 2), ("Dee", 1, 1))] * 2
    >>> game = spades_standings(rules, SIDES, hands)
    >>> game.totals, game.over, game.winner
    ({'Ann & Cy': 200, 'Bob & Dee': 60}, True, 'Ann & Cy')
    """
    order = list(dict.fromkeys(sides.values()))
    totals = dict.fromkeys(order, 0)
    bags = dict.fromkeys(order, 0)
    standing = SpadesStandings(totals, bags)
    for number, hand in enumerate(hands, 1):
        scored = score_hand(rules, hand, sides, bags)
        for side in scored:
            totals[side.side] += side.points
            bags[side.side] = side.bags_after
        standing.hands.append(scored)
        standing.running.append(dict(totals))
        if standing.ended_after is None:
            winner = _winner(rules, totals)
            if winner is not None:
                standing = SpadesStandings(
                    totals, bags, standing.hands, standing.running, True, winner, number
                )
    return standing


def _winner(rules: SpadesRules, totals: Mapping[str, int]) -> str | None:
    """The one side with the most, if it is at or past the target (no ties for first)."""
    top = max(totals.values())
    leaders = [side for side, total in totals.items() if total == top]
    return leaders[0] if top >= rules.target and len(leaders) == 1 else None


def parse_bid(value: object) -> Bid:
    """A bid as sent: 1–13, 0 or ``"nil"``, ``"blind_nil"``.

    >>> parse_bid("nil"), parse_bid(0), parse_bid(4)
    ('nil', 'nil', 4)
    """
    if value == "nil" or (type(value) is int and value == 0):  # not False, not 0.0
        return "nil"
    if value == "blind_nil":
        return "blind_nil"
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= TRICKS:
        return value
    raise SpadesError(f"a bid is nil, blind_nil or 1 to 13, not {value!r}")


def sides_across(seats: Sequence[str]) -> dict[str, str]:
    """Four players in seat order as two sides, partners across (seats 1 & 3, 2 & 4).

    >>> sides_across(["Ann", "Bob", "Cy", "Dee"])
    {'Ann': 'Ann & Cy', 'Bob': 'Bob & Dee', 'Cy': 'Ann & Cy', 'Dee': 'Bob & Dee'}
    """
    if len(seats) != 4:
        raise SpadesError(f"Spades is for four players in two sides, not {len(seats)}")
    first, second = f"{seats[0]} & {seats[2]}", f"{seats[1]} & {seats[3]}"
    return {seats[0]: first, seats[1]: second, seats[2]: first, seats[3]: second}
