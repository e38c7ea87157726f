"""An Indian Rummy game's rows in the CSV export."""

from __future__ import annotations

from collections.abc import Iterator

from ...store.export import cell
from ...store.models import Game
from .board import IndianView


def deal_rows(game: Game, view: IndianView, date: str) -> Iterator[list[object]]:
    """One row per player dealt in per deal: ``ended_by`` is the player's part (``winner``,
    ``loser``, ``drop``, ``wrong_show``), ``went_out`` the winner, ``wild_rank`` the deal's,
    ``in_hand`` and ``total`` what the player pays (capped), ``running_total`` the game's
    standing after the deal (a pool's score, the chips, the net)."""
    running = view.game.running
    for index, row in enumerate(view.deals):
        winner = next((p.name for p in row.players if p.role == "winner"), "")
        for player in row.players:
            yield [
                cell(value)
                for value in (
                    game.name,
                    date,
                    row.number,
                    player.name,
                    "",
                    row.dealer or "",
                    player.role,
                    winner,
                    row.wild_rank or "",
                    "",
                    player.points,
                    "",
                    player.points,
                    running[index].get(player.name, "") if index < len(running) else "",
                    "",
                    "",
                )
            ]
