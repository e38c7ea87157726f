"""A Spades game's rows in the CSV export."""

from __future__ import annotations

from collections.abc import Iterator

from ...store.export import cell
from ...store.models import Game
from .board import SpadesView


def hand_rows(game: Game, view: SpadesView, date: str) -> Iterator[list[object]]:
    """One row per player per hand (``ended_by`` ``hand``) with their bid and tricks; the side's
    points for the hand and its total after it on the side's first seated player, 0 on the
    partner (as the standings count them), so that a player's ``total`` column adds up to their
    total in the game and a side's to the side's."""
    for row in view.hands:
        for side in row.sides:
            for index, (name, bid, tricks) in enumerate(side.players):
                first = index == 0
                yield [
                    cell(value)
                    for value in (
                        game.name,
                        date,
                        row.number,
                        name,
                        side.side,
                        row.dealer or "",
                        "hand",
                        "",
                        "",
                        "",
                        "",
                        "",
                        side.score.points if first else 0,
                        side.total if first else 0,
                        bid.replace(" ", "_"),
                        tricks,
                    )
                ]
