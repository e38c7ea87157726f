"""The store's layer of a game system (:mod:`scorekeeper.engine.system`): what a family's rows
need. The store's shared modules (records, the scoreboard, export, stats, history) ask a game's
system through this layer and never name a family.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, cast, runtime_checkable

from ..engine.standings import Seat
from ..engine.system import GameSystem, system_of
from .models import Game, Round

if TYPE_CHECKING:
    from .scoreboard import Board


@runtime_checkable
class StoreSystem(GameSystem, Protocol):
    """A game system as the store asks it."""

    def create_game(
        self,
        name: str,
        rules: Any,
        seats: Sequence[Seat],
        *,
        preset: str | None = None,
        dealer: str | None = None,
    ) -> Game:
        """A new game of this family with a snapshot of ``rules`` and its players in seat order
        (a ValueError names what does not fit)."""

    def check_data(self, game: Game) -> None:
        """Check the family's own data (the game's and each part's ``system_data``) against its
        typed model: a ValueError names what does not fit (an import edited by hand)."""

    def cache_totals(self, round: Round) -> None:
        """Cache the totals of a round whose parts were put back (undo), from a rescoring: of
        this round, or of every round where a round's points depend on those before it."""

    def rounds_renumbered(self, game: Game) -> None:
        """After a round was taken out (deleted, or an added round undone), within the change:
        cache again whatever the rounds after it carried from it."""

    def board_view(self, game: Game) -> Any:
        """The family's own part of the board (its rounds as its pages show them, its round in
        play), or None where the shared rounds table says it all."""

    def export_rows(self, game: Game, board: Board, date: str) -> Iterator[list[object]]:
        """The game's rows of the CSV export (:data:`~.csv_export.CSV_COLUMNS`, no header)."""

    def tally(self, data: Mapping[str, Any] | None, total: int) -> Mapping[str, int]:
        """The family's own counts for a player's stored part (its ``system_data`` and cached
        ``total``), which the stats add up per person across games (Gin: a hand won, a gin,
        an undercut given or taken), in the order they show; empty where it has none. Read
        from what the store cached, never a rescoring."""


def store_system(stored: Mapping[str, Any]) -> StoreSystem:
    """The store's layer of the system that owns a game's stored rules."""
    return cast(StoreSystem, system_of(stored))


def game_system(game: Game) -> StoreSystem:
    """The store's layer of a game's system."""
    return store_system(game.rules)
