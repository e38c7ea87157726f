"""A game of Canasta or Hand and Foot from its hands (RULES.md: "Game", "Rounds"). Pure Python.

Each hand adds to each competitor's column what :func:`.hand.score_round` gave it (a side; in
cutthroat, a player). Canasta stops after the hand in which a competitor reaches ``target``: the
higher total wins, and equal top totals play on. Hand and Foot stops after its last round (or,
with a target and no rounds, as Canasta): the highest total wins, and equal top totals share the
win. The losers pay each winner the difference (``settlement`` ``difference``). A hand after
the end is refused (a :class:`~.rules.CanastaError`, code ``game_over``: the API's 409).

>>> from .rules import CanastaRules
>>> game = play(CanastaRules(target=3000), ["N-S", "E-W"],
...             [{"N-S": 1355, "E-W": 460}, {"N-S": 1700, "E-W": 2100}])
>>> game.over, game.winners, game.totals, game.reason
(True, ['N-S'], {'N-S': 3055, 'E-W': 2560}, 'N-S reached 3000 and wins, 3055 to 2560')
>>> game.settlement
[Settlement(payer='E-W', payee='N-S', amount=495)]
>>> play(CanastaRules(), ["N-S", "E-W"], [{"N-S": 1355, "E-W": 460}]).next_minimum
{'N-S': 50, 'E-W': 50}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ...engine.standings import Settlement
from .rules import CanastaError, CanastaRules, next_minimum


@dataclass(frozen=True)
class CanastaGame:
    """Where the game stands: each competitor's total (and after each hand), the next minimum
    first meld of each (None once over), Hand and Foot's next round (None once over), the end,
    the winners, the settlement, and the reason in plain words."""

    totals: dict[str, int]
    running: list[dict[str, int]]
    next_minimum: dict[str, int | None]
    next_round: int | None
    over: bool
    winners: list[str]
    reason: str
    settlement: list[Settlement]
    ended_after: int | None = None


def play(
    rules: CanastaRules, competitors: Sequence[str], hands: Sequence[Mapping[str, int]]
) -> CanastaGame:
    """The game after ``hands`` (what each hand added to each competitor, in order).

    >>> from .rules import canasta_rules_for
    >>> foot = canasta_rules_for("hand-and-foot")
    >>> play(foot, ["A", "B"], [{"A": 900, "B": 1200}]).reason
    'Round 2 of 4: 90 to open; B leads with 1200'
    >>> play(foot, ["A", "B"], [{"A": 100, "B": 100}] * 5)
    Traceback (most recent call last):
    ...
    scorekeeper.systems.canasta.rules.CanastaError: hand 5 was played after the game ended (after hand 4)
    """  # noqa: E501 (a doctest's output line)
    totals = dict.fromkeys(competitors, 0)
    running: list[dict[str, int]] = []
    over, winners, ended_after = False, list[str](), None
    for number, hand in enumerate(hands, 1):
        if over:
            raise CanastaError(
                f"hand {number} was played after the game ended (after hand {ended_after})",
                "game_over",
                "hands",
            )
        unknown = [name for name in hand if name not in totals]
        if unknown:
            raise CanastaError(
                f"hand {number}: {', '.join(unknown)} not in the game", "unknown_side", "sides"
            )
        for name, points in hand.items():
            totals[name] += points
        running.append(dict(totals))
        over, winners = _judge(rules, totals, number)
        if over:
            ended_after = number
    played = len(hands)
    next_round = None if over else played + 1
    minimums: dict[str, int | None] = {
        name: None if over else next_minimum(rules, total, played + 1)
        for name, total in totals.items()
    }
    settlement = (
        [
            Settlement(loser, winner, totals[winner] - totals[loser])
            for winner in winners
            for loser in totals
            if loser not in winners and totals[winner] > totals[loser]
        ]
        if over and rules.settlement == "difference"
        else []
    )
    return CanastaGame(
        totals,
        running,
        minimums,
        next_round if rules.handfoot else None,
        over,
        winners,
        _reason(rules, totals, played, winners, over),
        settlement,
        ended_after,
    )


def _judge(rules: CanastaRules, totals: Mapping[str, int], played: int) -> tuple[bool, list[str]]:
    """Over after ``played`` hands, and who won: the last round played, or the target reached
    by a single highest total (equal top totals play on to a target, share a last round)."""
    top = max(totals.values())
    leaders = [name for name, total in totals.items() if total == top]
    if rules.handfoot and rules.rounds is not None and played >= rules.rounds:
        return True, leaders
    if rules.target is not None and top >= rules.target and len(leaders) == 1:
        return True, leaders
    return False, []


def _reason(
    rules: CanastaRules, totals: Mapping[str, int], played: int, winners: list[str], over: bool
) -> str:
    top = max(totals.values())
    leaders = [name for name, total in totals.items() if total == top]
    rest = [total for name, total in totals.items() if name not in leaders]
    if over:
        score = f"{top} to {max(rest)}" if rest else str(top)
        if len(winners) > 1:
            return f"{' and '.join(winners)} share the win on {top}"
        if rules.target is not None and top >= rules.target:
            return f"{winners[0]} reached {rules.target} and wins, {score}"
        return f"{winners[0]} wins after {played} rounds, {score}"
    lead = f"{' and '.join(leaders)} {'leads' if len(leaders) == 1 else 'lead'} with {top}"
    if rules.target is not None and top >= rules.target:
        return f"Tied at {top}: another hand is played"
    if rules.handfoot and rules.rounds is not None:
        opening = next_minimum(rules, 0, played + 1)
        return f"Round {played + 1} of {rules.rounds}: {opening} to open; {lead}"
    if played == 0:
        return f"No hand played yet; first to {rules.target}"
    if rules.target is None:
        return lead
    return f"{lead} ({rules.target - top} to reach {rules.target})"
