"""A game of Gin Rummy from its hands (RULES.md, "Gin Rummy"): the race to ``target``, the
bonuses added at the end, and Hollywood's three games at once. Pure Python.

Each hand is won by one player (its points) or by nobody (a dead hand). A game ends when a
player reaches ``target`` (the one with the most, if two do in one round: a tie plays on); then
the winner takes ``game_bonus``, each player ``line_bonus`` for each hand they won in it (the
loser included), and a shutout (the loser won no hand) doubles the winner's whole score
(``shutout_rule`` ``double``) or the game bonus (``bonus``), or nothing.

Partnership gin plays a hand per pair of opponents in each round; a side scores what its
players win, and the sides race to the target; a game is judged when its round is over.

Hollywood plays three games at once: a player's first hand won scores in game 1, their second
in games 1 and 2, their third and later in all three, each only while that game is open. Each
game ends and takes its bonuses on its own; the match is over when all three are, and its
totals are the sums of the three.

>>> hands = [Won("Ann", 30), Won("Bob", 20), Won(None, 0), Won("Ann", 75)]
>>> game = columns(GameRules(), ["Ann", "Bob"], one_hand_a_round(hands))[0]
>>> game.over, game.winner, game.points, game.totals
(True, 'Ann', {'Ann': 105, 'Bob': 20}, {'Ann': 255, 'Bob': 45})
>>> game.lines["Ann"]
('105 in hands', 'game +100', '2 hands won: line +50')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

ShutoutRule = Literal["double", "bonus", "none"]
#: Hollywood's three games.
HOLLYWOOD_GAMES = 3


@dataclass(frozen=True)
class GameRules:
    """What a game of hands needs of the options (RULES.md's names and defaults)."""

    target: int = 100
    game_bonus: int = 100
    line_bonus: int = 25
    shutout_rule: ShutoutRule = "double"
    hollywood: bool = False


@dataclass(frozen=True)
class Won:
    """A hand's result as a game needs it: who won it (None: a dead hand) and their points."""

    winner: str | None
    points: int


@dataclass(frozen=True)
class Column:
    """One game: the hand points scored in it, the hands each won in it (the boxes), whether it
    is over and who won, and the totals with the end's bonuses (once it is over)."""

    points: dict[str, int]
    boxes: dict[str, int]
    over: bool
    winner: str | None
    totals: dict[str, int]
    lines: dict[str, tuple[str, ...]]
    ended_after: int | None = None  # the round after which the game was over


def columns(
    rules: GameRules, competitors: Sequence[str], rounds: Sequence[Sequence[Won]]
) -> list[Column]:
    """The game (or Hollywood's three) after ``rounds``, in the order played. A round holds
    one hand (two players), or one hand per pair of opponents (partnership gin: its winners are
    the sides); a game is judged once its round is over: the competitor at or past the target
    with the most wins it, and a tie for the most plays on."""
    count = HOLLYWOOD_GAMES if rules.hollywood else 1
    points = [dict.fromkeys(competitors, 0) for _ in range(count)]
    boxes = [dict.fromkeys(competitors, 0) for _ in range(count)]
    winners: list[str | None] = [None] * count
    ended: list[int | None] = [None] * count
    wins = dict.fromkeys(competitors, 0)
    for number, hands in enumerate(rounds, 1):
        for hand in hands:
            if hand.winner is None:
                continue
            if hand.winner not in wins:
                raise ValueError(f"round {number}: {hand.winner} is not playing")
            wins[hand.winner] += 1
            # Hollywood: the first win scores in game 1, the second in 1 and 2, then all three
            reach = min(wins[hand.winner], count) if rules.hollywood else 1
            for game in range(reach):
                if winners[game] is None:  # an ended game takes no more hands
                    points[game][hand.winner] += hand.points
                    boxes[game][hand.winner] += 1
        for game in range(count):
            if winners[game] is None:
                winners[game] = _reached(rules, points[game])
                ended[game] = number if winners[game] is not None else None
    return [
        replace(_column(rules, points[game], boxes[game], winners[game]), ended_after=ended[game])
        for game in range(count)
    ]


def _reached(rules: GameRules, points: dict[str, int]) -> str | None:
    """Who won a game as it stands after a round: the most at or past the target, alone."""
    top = max(points.values())
    leaders = [name for name, total in points.items() if total == top]
    return leaders[0] if top >= rules.target and len(leaders) == 1 else None


def one_hand_a_round(hands: Sequence[Won]) -> list[list[Won]]:
    """Rounds of one hand each (two players)."""
    return [[hand] for hand in hands]


def _column(
    rules: GameRules, points: dict[str, int], boxes: dict[str, int], winner: str | None
) -> Column:
    lines: dict[str, tuple[str, ...]] = {name: (f"{points[name]} in hands",) for name in points}
    if winner is None:
        return Column(points, boxes, False, None, dict(points), lines)
    totals = dict(points)
    shutout = all(boxes[name] == 0 for name in points if name != winner)
    bonus_doubled = shutout and rules.shutout_rule == "bonus"
    game_bonus = rules.game_bonus * (2 if bonus_doubled else 1)
    totals[winner] += game_bonus
    lines[winner] += (f"game +{game_bonus}" + (" (shutout: doubled)" if bonus_doubled else ""),)
    for name in points:
        if boxes[name]:
            line = boxes[name] * rules.line_bonus
            totals[name] += line
            lines[name] += (f"{_hands(boxes[name])} won: line +{line}",)
    if shutout and rules.shutout_rule == "double":
        lines[winner] += (f"shutout: {totals[winner]} doubled",)
        totals[winner] *= 2
    return Column(points, boxes, True, winner, totals, lines)


def _hands(count: int) -> str:
    return f"{count} hand" + ("" if count == 1 else "s")


def match_totals(games: Sequence[Column]) -> dict[str, int]:
    """The sums of the games' totals (Hollywood's match; a lone game's own totals).

    >>> ann = Column({"Ann": 0}, {"Ann": 0}, False, None, {"Ann": 40}, {})
    >>> match_totals([ann, ann, ann])
    {'Ann': 120}
    """
    summed: dict[str, int] = {}
    for game in games:
        for name, total in game.totals.items():
            summed[name] = summed.get(name, 0) + total
    return summed
