"""Game standings after any number of scored rounds: totals, the target, the end, the winner.

The competitors are the sides when the game has sides, else the players. A side's score is always
the sum of its players' (RULES.md, "Scoring a round").

>>> seats = [Seat("Ann"), Seat("Bob")]
>>> rounds = [RoundResult({"Ann": 300, "Bob": 120}), RoundResult({"Ann": 210, "Bob": 90}, "Ann")]
>>> board = standings(Rules(), seats, rounds)
>>> board.totals, board.over, board.winners, board.reason
({'Ann': 510, 'Bob': 210}, True, ['Ann'], 'Ann reached 500')
>>> standings(Rules(), seats, rounds[:1]).reason
'Ann leads with 300 (200 to reach 500)'

Decisions where RULES.md is silent:

- The standings reflect *every* round given, and the end is judged at the latest round: ``over``,
  ``reached``, ``winners`` and ``reason`` describe the game after the last round (so rounds played
  on past the end count, and the game may even be "not over" again if a score drops back below the
  target). ``ended_after`` says after which round the game was first over, so the app can flag
  rounds recorded after the end.
- Sides: a seat's ``team`` names its side; in a game where some seats have teams, a seat without
  one plays as a side of its own (named after the player). With ``rules.partnership`` and no teams
  given, an even number of four or more players forms two sides of alternate seats (partners sit
  opposite), named like ``"Ann & Cy"``.
- ``reached`` is judged before the final bonus: the bonus comes after the end and reaching the
  target with it does not count.
- ``final_bonus_best`` goes to the competitor with the highest total (none when tied for first),
  even when ``goer_if_at_target`` makes someone else the winner. For per-player ``totals`` a side's
  bonus is added to its first seated player; ``running`` never includes the bonus.
- When the target is reached at the deal limit, the target decides. Under ``goer_if_at_target`` the
  goer's side wins outright when at target, even below another side at target.
- ``settlement: difference``: each non-winner pays each winner the difference when it is positive
  (joint winners each collect; a winner below a loser, possible under ``goer_if_at_target``, is paid
  nothing and pays nothing).
- ``deals_left``: ``None`` without a deal limit, 0 once the game is over, else the deals still to
  play under the limit but at least 1 (a tie under ``play_on`` needs another deal).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .rules import Rules


class StandingsError(ValueError):
    """Seats or rounds that do not fit together (an unknown player, a name seated twice)."""


@dataclass(frozen=True)
class Seat:
    """A player in seat order, with the side (team) they play for, if any."""

    name: str
    team: str | None = None


@dataclass(frozen=True)
class RoundResult:
    """What standings needs from one scored round."""

    totals: Mapping[str, int]  # player name -> what the round adds to their score
    went_out: str | None = None  # who went out (None: stock-out)
    # side -> what the round adds to the side as a whole, where a family scores sides so (its
    # own standings count these; :func:`standings` reads the players' totals only)
    sides: Mapping[str, int] = field(default_factory=dict)
    # player -> their part's own stored data (JSON), where a family's standings need more than
    # the totals (``Capabilities.data_in_standings``: a pool's rejoins); empty otherwise
    data: Mapping[str, Mapping[str, Any] | None] = field(default_factory=dict)


@dataclass(frozen=True)
class Settlement:
    """``payer`` owes ``payee`` this many points at the end."""

    payer: str
    payee: str
    amount: int


@dataclass(frozen=True)
class Column:
    """One of several games scored at once (Hollywood gin's three): its own totals, whether it
    is over, and who won it."""

    totals: dict[str, int]  # per competitor, with the game's own end bonuses once it is over
    finished: bool
    winners: list[str]


@dataclass(frozen=True)
class Standings:
    """Where the game stands after the rounds given (see the module notes for the decisions)."""

    totals: dict[str, int]  # per player, after the final bonus (given to a side's first seat)
    team_totals: dict[str, int]  # per side, after the final bonus (empty without sides)
    running: list[dict[str, int]]  # cumulative per player after each round, without the bonus
    reached: list[str]  # competitors at/over the target after the latest round (before the bonus)
    over: bool
    winners: list[str]  # competitors: player names, or side names when playing in sides
    reason: str  # plain words: why the game is over, or what is needed
    final_bonus: dict[str, int]  # competitor -> bonus given at the end
    settlement: list[Settlement]
    deals_played: int
    deals_left: int | None
    side_of: dict[str, str]  # player -> competitor (the player's own name without sides)
    ended_after: int | None = None  # the round after which the game was first over
    # several games scored at once, whose totals add up to ``totals`` (empty: one game)
    columns: tuple[Column, ...] = ()


@dataclass(frozen=True)
class _Verdict:
    over: bool
    winners: list[str]
    reason: str
    reached: list[str]
    bonus: dict[str, int]


def sides(rules: Rules, seats: Sequence[Seat]) -> dict[str, str]:
    """Each player's competitor: their side, or themselves when the game has no sides.

    >>> sides(Rules(), [Seat("Ann", "N-S"), Seat("Bob", "E-W"), Seat("Cy", "N-S")])
    {'Ann': 'N-S', 'Bob': 'E-W', 'Cy': 'N-S'}
    >>> sides(Rules(partnership=True), [Seat("Ann"), Seat("Bob"), Seat("Cy"), Seat("Di")])
    {'Ann': 'Ann & Cy', 'Bob': 'Bob & Di', 'Cy': 'Ann & Cy', 'Di': 'Bob & Di'}
    """
    names = [seat.name for seat in seats]
    if not names:
        raise StandingsError("a game needs at least one player")
    doubles = sorted({name for name in names if names.count(name) > 1})
    if doubles:
        raise StandingsError(f"{_and(doubles)} seated more than once")
    teams = {seat.team for seat in seats if seat.team is not None}
    if teams:
        clash = sorted(seat.name for seat in seats if seat.team is None and seat.name in teams)
        if clash:
            raise StandingsError(f"{_and(clash)} is both a player without a side and a side")
        return {seat.name: seat.team or seat.name for seat in seats}
    if rules.partnership and len(names) >= 4 and len(names) % 2 == 0:
        pair = [" & ".join(names[0::2]), " & ".join(names[1::2])]
        return {name: pair[index % 2] for index, name in enumerate(names)}
    return {name: name for name in names}


def standings(rules: Rules, seats: Sequence[Seat], rounds: Sequence[RoundResult]) -> Standings:
    """The standings after ``rounds`` (in the order played) for players seated as ``seats``.

    Persian: two deals, 50 to the side ahead, which wins the difference.

    >>> from .presets import rules_for
    >>> seats = [Seat("Ann", "North–South"), Seat("Bob", "East–West"),
    ...          Seat("Cy", "North–South"), Seat("Di", "East–West")]
    >>> deals = [RoundResult({"Ann": 60, "Bob": 40, "Cy": 30, "Di": 20}, "Ann"),
    ...          RoundResult({"Ann": 10, "Bob": 45, "Cy": 20, "Di": -20}, "Bob")]
    >>> board = standings(rules_for("persian"), seats, deals)
    >>> board.team_totals, board.final_bonus
    ({'North–South': 170, 'East–West': 85}, {'North–South': 50})
    >>> board.reason
    '2 deals played; North–South ahead by 85'
    >>> board.totals["Ann"], board.settlement
    (120, [Settlement(payer='East–West', payee='North–South', amount=85)])
    """
    side_of = sides(rules, seats)
    with_sides = any(side != player for player, side in side_of.items())
    order = list(dict.fromkeys(side_of.values()))
    cumulative = {seat.name: 0 for seat in seats}
    running: list[dict[str, int]] = []
    ended_after: int | None = None
    verdict = _judge(rules, order, dict.fromkeys(order, 0), 0, None, side_of)
    for number, result in enumerate(rounds, 1):
        unknown = [
            name
            for name in [*result.totals, result.went_out]
            if name is not None and name not in cumulative
        ]
        if unknown:
            raise StandingsError(
                f"round {number}: {_and(sorted(set(unknown)))} not seated "
                f"(the players are {_and(list(cumulative))})"
            )
        for name, points in result.totals.items():
            cumulative[name] += points
        running.append(dict(cumulative))
        verdict = _judge(
            rules, order, _pool(cumulative, side_of, order), number, result.went_out, side_of
        )
        if verdict.over and ended_after is None:
            ended_after = number
    totals = dict(cumulative)
    for competitor, bonus in verdict.bonus.items():
        first = next(seat.name for seat in seats if side_of[seat.name] == competitor)
        totals[first] += bonus
    final = _pool(totals, side_of, order)
    settlement: list[Settlement] = []
    if verdict.over and rules.settlement == "difference":
        settlement = [
            Settlement(loser, winner, final[winner] - final[loser])
            for winner in verdict.winners
            for loser in order
            if loser not in verdict.winners and final[winner] > final[loser]
        ]
    limit = rules.deal_limit
    deals_left = None if limit is None else 0 if verdict.over else max(limit - len(rounds), 1)
    return Standings(
        totals=totals,
        team_totals=final if with_sides else {},
        running=running,
        reached=verdict.reached,
        over=verdict.over,
        winners=verdict.winners,
        reason=verdict.reason,
        final_bonus=verdict.bonus,
        settlement=settlement,
        deals_played=len(rounds),
        deals_left=deals_left,
        side_of=side_of,
        ended_after=ended_after,
    )


def _pool(
    scores: Mapping[str, int], side_of: Mapping[str, str], order: list[str]
) -> dict[str, int]:
    pooled = dict.fromkeys(order, 0)
    for player, points in scores.items():
        pooled[side_of[player]] += points
    return pooled


def _judge(
    rules: Rules,
    order: list[str],
    scores: dict[str, int],
    deals: int,
    went_out: str | None,
    side_of: Mapping[str, str],
) -> _Verdict:
    """Is the game over after ``deals`` deals with these (pre-bonus) scores, and who won?"""
    target, limit = rules.target, rules.deal_limit
    exceed = rules.target_rule == "exceed"
    reached = (
        []
        if target is None
        else [c for c in order if (scores[c] > target if exceed else scores[c] >= target)]
    )
    top = max(scores.values())
    leaders = [c for c in order if scores[c] == top]
    leader_text = f"{_and(leaders)} {'leads' if len(leaders) == 1 else 'lead'} with {top}"
    if not reached and (limit is None or deals < limit):
        if target is None and limit is None:
            return _Verdict(False, [], "No target and no deal limit: the game goes on", [], {})
        if deals == 0:
            parts = ["No deals played yet"]
            if target is not None:
                parts.append(f"first {'past' if exceed else 'to reach'} {target} wins")
        elif target is not None:
            need = target - top + (1 if exceed else 0)
            parts = [f"{leader_text} ({need} to {'pass' if exceed else 'reach'} {target})"]
        else:
            parts = [leader_text]
        if limit is not None:
            parts.append(_count(limit - deals, "deal") + " left")
        return _Verdict(False, [], "; ".join(parts), reached, {})

    goer = side_of[went_out] if went_out is not None else None
    if reached:
        verb = "passed" if exceed else "reached"
        head = f"{_and(reached)} {verb} {target}"
        if len(reached) > 1:
            head += " in the same deal"
        if rules.same_deal_winner == "goer_if_at_target" and goer in reached and len(reached) > 1:
            assert goer is not None and went_out is not None
            who = went_out if goer == went_out else f"{went_out} ({goer})"
            return _Verdict(
                True, [goer], f"{head}; {who} went out", reached, _bonus(rules, leaders)
            )
        if len(leaders) == 1 and len(reached) > 1:
            head += f"; {leaders[0]} is highest"
    else:
        head = f"{_count(deals, 'deal')} played"
    if len(leaders) > 1:
        if rules.tie_rule == "play_on":
            return _Verdict(False, [], f"Tied at {top}: another deal is needed", reached, {})
        return _Verdict(
            True, leaders, f"{head}; {_and(leaders)} tied at {top}: joint winners", reached, {}
        )
    bonus = _bonus(rules, leaders)
    if not reached:
        others = [scores[c] for c in order if c != leaders[0]]
        if others:
            head += f"; {leaders[0]} ahead by {top + bonus.get(leaders[0], 0) - max(others)}"
        else:
            head += f"; {leaders[0]} has {top + bonus.get(leaders[0], 0)}"
    return _Verdict(True, leaders, head, reached, bonus)


def _bonus(rules: Rules, leaders: list[str]) -> dict[str, int]:
    if rules.final_bonus_best and len(leaders) == 1:
        return {leaders[0]: rules.final_bonus_best}
    return {}


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _and(names: Sequence[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
