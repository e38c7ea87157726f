"""A Gin game's rows in the CSV export."""

from __future__ import annotations

from collections.abc import Iterator

from ...store.export import cell
from ...store.models import Game
from .board import GinView


def hand_rows(
    game: Game, view: GinView, running: list[dict[str, int]], date: str
) -> Iterator[list[object]]:
    """One row per player per hand: ``ended_by`` is the hand's result (``knock``,
    ``undercut``, ``gin``, ``big_gin``, ``dead``), ``went_out`` the knocker, ``in_hand`` the
    player's deadwood (the defender's after laying off), ``total`` what the hand scored them
    and ``running_total`` their hand points so far (the standings' running totals: the end's
    bonuses follow on the ``final`` rows)."""
    teams = {player.name: player.team or "" for player in game.players}
    for index, row in enumerate(view.hands):
        knocker = next((p.name for p in row.players if p.scored.knocked), "")
        for player in row.players:
            scored = player.scored
            yield [
                cell(value)
                for value in (
                    game.name,
                    date,
                    row.number,
                    player.name,
                    teams[player.name],
                    row.dealer or "",
                    scored.result,
                    knocker,
                    "",
                    "",
                    scored.deadwood_points,
                    "",
                    scored.points,
                    running[index][player.name] if index < len(running) else "",
                    "",
                    "",
                )
            ]
