"""An Indian game's standings in the shared :class:`Standings` value the floors above read
(the board, the story, the stats), from its deals as the game counts them
(:class:`.game.DealScore`). Pure Python.

The pool's ``out``, ``rejoined`` and rejoin offers, and the deals' ``chips``, are not fields of
the shared value: :func:`indian_board` gives them beside it (API.md: the board's ``totals``
entries carry ``out`` and ``rejoined``, or ``chips``). ``reached`` lists the players out of a
pool; a points game settles what each loser owes each winner, netted.

>>> from .rules import indian_rules_for
>>> seats = [Seat("Ann"), Seat("Bob")]
>>> deals = [DealScore({"Ann": 0, "Bob": 30}, "Ann"), DealScore({"Ann": 12, "Bob": 0}, "Bob")]
>>> board = indian_standings(indian_rules_for("indian-points", {"point_value": 2}), seats, deals)
>>> board.totals, board.reason, board.settlement
({'Ann': 36, 'Bob': -36}, 'Ann is up 36 after 2 deals', [Settlement(payer='Bob', payee='Ann', amount=36)])
"""  # noqa: E501 (a doctest's output line)

from __future__ import annotations

from collections.abc import Sequence

from ...engine.standings import Seat, Settlement, Standings
from .game import Board, DealScore, board
from .rules import IndianRules

__all__ = ["DealScore", "Seat", "indian_board", "indian_standings"]


def indian_board(rules: IndianRules, seats: Sequence[Seat], deals: Sequence[DealScore]) -> Board:
    """The game's own board (pool and chips included) for these seats."""
    return board(rules, [seat.name for seat in seats], deals)


def indian_standings(
    rules: IndianRules, seats: Sequence[Seat], deals: Sequence[DealScore]
) -> Standings:
    """Where an Indian game stands after these deals, in the shared value."""
    game = indian_board(rules, seats, deals)
    return standings_of(game)


def standings_of(game: Board) -> Standings:
    """The shared value for a board already worked out.

    >>> from .game import board
    >>> from .rules import IndianRules
    >>> deals = [DealScore({"Ann": 0, "Bob": 101}, "Ann")]
    >>> done = standings_of(board(IndianRules(indian_variant="pool"), ["Ann", "Bob"], deals))
    >>> done.over, done.winners, done.reached, done.reason, done.ended_after
    (True, ['Ann'], ['Bob'], 'Ann is the last player in', 1)
    """
    return Standings(
        totals=dict(game.totals),
        team_totals={},
        running=[dict(totals) for totals in game.running],
        reached=[name for name, out in game.out.items() if out],
        over=game.over,
        winners=list(game.winners),
        reason=game.reason,
        final_bonus={},
        settlement=[Settlement(s.payer, s.payee, s.amount) for s in game.settlement],
        deals_played=game.deals_played,
        deals_left=game.deals_left,
        side_of={name: name for name in game.totals},
        ended_after=game.ended_after,
    )
