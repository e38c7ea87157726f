"""A game as CSV, for a spreadsheet: one row per player per round under :data:`CSV_COLUMNS`,
the rounds' rows by the game's system (:meth:`~.systems.StoreSystem.export_rows`; the Rummy 500
family's are :func:`round_rows`), then one per final bonus, every text cell kept from being run
as a formula (:func:`cell`).

>>> cell("=SUM(A1)"), cell("Ann"), cell(12)
("'=SUM(A1)", 'Ann', 12)
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator

from . import scoreboard
from .models import Game

#: The columns of a game's CSV: one row per player per round, then one per final bonus (round
#: ``final``), so that each player's ``total`` column adds up to their total in the game.
CSV_COLUMNS = (
    "game",
    "date",
    "round",
    "player",
    "team",
    "dealer",
    "ended_by",
    "went_out",
    "wild_rank",
    "melded",
    "in_hand",
    "bonus",
    "total",
    "running_total",
    "bid",
    "tricks",
)


def cell(value: object) -> object:
    """A text cell a spreadsheet will not run as a formula (``=``, ``+``, ``-``, ``@`` first)."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def csv_rows(game: Game) -> Iterator[list[object]]:
    """The game's rows under :data:`CSV_COLUMNS` (no header), every round rescored for its
    breakdown (the board value the JSON view serialises): its system's rows of the rounds
    (:meth:`~.systems.StoreSystem.export_rows`), then any final bonus."""
    board = scoreboard.board(game, recent=None)
    standing = board.standing
    date = game.created_at.date().isoformat()
    yield from board.system.export_rows(game, board, date)
    for competitor, bonus in standing.final_bonus.items():
        # the standings give a side's bonus to its first seated player
        name = next(p for p in board.players if standing.side_of[p] == competitor)
        yield [
            cell(value)
            for value in (game.name, date, "final", name, _team(board, name), "", "", "", "")
        ] + [0, 0, bonus, bonus, standing.totals[name], "", ""]


def _team(board: scoreboard.Board, name: str) -> str:
    return board.standing.side_of[name] if board.with_sides else ""


def round_rows(game: Game, board: scoreboard.Board, date: str) -> Iterator[list[object]]:
    """The rows of the shared rounds table (the Rummy 500 family's): one per player per round,
    with the round's breakdown."""
    for row in board.rounds:
        running = dict(zip(board.players, (after for _, after in row.cells), strict=True))
        for player in row.score.players:
            yield [
                cell(value)
                for value in (
                    game.name,
                    date,
                    row.number,
                    player.name,
                    _team(board, player.name),
                    row.dealer or "",
                    row.ended_by,
                    "yes" if player.went_out else "",
                    row.wild_rank or "",
                    player.melded,
                    player.in_hand,
                    player.bonus,
                    player.total,
                    running[player.name],
                    "",
                    "",
                )
            ]


def csv_text(rows: Iterable[list[object]]) -> str:
    """Rows under a header of :data:`CSV_COLUMNS`, as CSV text."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    writer.writerows(rows)
    return out.getvalue()
