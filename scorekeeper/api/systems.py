"""The JSON layer of a game system (:mod:`scorekeeper.engine.system`): starting a family's game,
posting its round, and its rounds on the scoreboard. The API's shared views ask a game's system
through this layer and never name a family.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, cast, runtime_checkable

from flask import Response

from ..engine.system import SYSTEMS
from ..store.models import Game
from ..store.scoreboard import Board
from ..store.systems import StoreSystem, store_system
from .game_models import GameRequest


@dataclass(frozen=True)
class BoardRounds:
    """A family's rounds on the scoreboard's JSON, and what it changes of the totals."""

    rounds: list[Any]  # RoundOut values
    #: each player's total as the board gives it (None: the standings' per-player totals)
    totals: Mapping[str, int] | None = None
    #: what each side carries from hand to hand (Spades' bags), by side
    carried: Mapping[str, int] = field(default_factory=dict)


@runtime_checkable
class ApiSystem(StoreSystem, Protocol):
    """A game system as the JSON API asks it."""

    def start_game_json(self, body: GameRequest, preset: str) -> Game:
        """The game ``POST /api/v1/games`` asks for, stored (``preset``: the id its rules name);
        an ApiError (or a RulesError) says what is wrong."""

    def post_round(self, game: Game, key: str, expected: int | None) -> Response:
        """``POST <edit_url>/rounds``: the request's round stored under ``key`` (or the one a
        retry of it stored), with its scores; or why not."""

    def board_rounds(self, board: Board) -> BoardRounds:
        """The game's rounds as the scoreboard's JSON gives them."""

    def example_round(self, players: Sequence[str]) -> dict[str, Any]:
        """A round a table of ``players`` (in seat order) could have played, as ``POST
        <edit_url>/rounds`` takes it: what the contract tests post to every family."""


def api_system(game: Game) -> ApiSystem:
    """The JSON layer of a game's system."""
    return cast(ApiSystem, store_system(game.rules))


def preset_system(preset_id: str) -> ApiSystem:
    """The JSON layer of the system a preset belongs to (a RulesError for none)."""
    return cast(ApiSystem, SYSTEMS.for_preset(preset_id))
