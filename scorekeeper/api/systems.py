"""The JSON layer of a game system (:mod:`scorekeeper.engine.system`): starting a family's game,
posting its round, its rounds on the scoreboard, and its models. The API's shared views ask a
game's system through this layer and never name a family; the OpenAPI document shows each
family's models as one of those registered (:func:`family_models`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Protocol, Union, cast, runtime_checkable

from flask import Response
from pydantic import BaseModel, Field, RootModel, create_model

from ..engine.system import SYSTEMS
from ..store.models import Game
from ..store.scoreboard import Board
from ..store.systems import StoreSystem, store_system
from .game_models import BoardResponse, GameRequest, RoundOut


@dataclass(frozen=True)
class ApiModels:
    """A family's own JSON models."""

    round_body: type[BaseModel]  # the body of POST <edit_url>/rounds
    round_stored: type[BaseModel]  # its answer, 201
    score_out: type[BaseModel]  # a board round's item per player (``RoundOut.scores``)
    side_out: type[BaseModel]  # a board round's item per side (``RoundOut.teams``)


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

    models: ApiModels

    def start_game_json(self, body: GameRequest, preset: str) -> Game:
        """The game ``POST /api/v1/games`` asks for, stored (``preset``: the id its rules name);
        an ApiError (or a RulesError) says what is wrong."""

    def post_round(self, game: Game, key: str, expected: int | None) -> Response:
        """``POST <edit_url>/rounds``: the request's round stored under ``key`` (or the one a
        retry of it stored), with its scores; or why not."""

    def board_rounds(self, board: Board) -> BoardRounds:
        """The game's rounds as the scoreboard's JSON gives them."""

    def example_round(self, players: Sequence[str], *, decisive: bool = False) -> dict[str, Any]:
        """A round a table of ``players`` (in seat order) could have played, as ``POST
        <edit_url>/rounds`` takes it: what the contract tests post to every family. With
        ``decisive``, one that goes as far toward the game's end as a round can (posted again
        and again, it ends any game of the family within a few rounds)."""


def api_system(game: Game) -> ApiSystem:
    """The JSON layer of a game's system."""
    return cast(ApiSystem, store_system(game.rules))


def preset_system(preset_id: str) -> ApiSystem:
    """The JSON layer of the system a preset belongs to (a RulesError for none)."""
    return cast(ApiSystem, SYSTEMS.for_preset(preset_id))


@dataclass(frozen=True)
class FamilyModels:
    """The models the OpenAPI document shows for every registered family at once."""

    round_post: type[BaseModel]
    round_stored: type[BaseModel]
    board: type[BaseModel]


def family_models() -> FamilyModels:
    """Each kind of a family's model as one of every registered family's (``oneOf``)."""
    families = tuple(cast(ApiSystem, system) for system in SYSTEMS)
    return _family_models(tuple(family.models for family in families))


def _one_of(models: Sequence[type[Any]]) -> Any:
    return Union[tuple(dict.fromkeys(models))]  # noqa: UP007 (built at run time)


@cache
def _family_models(models: tuple[ApiModels, ...]) -> FamilyModels:
    scores, teams = RoundOut.model_fields["scores"], RoundOut.model_fields["teams"]
    round_out = create_model(
        "RoundOut",
        __base__=RoundOut,
        __doc__=RoundOut.__doc__,
        scores=(
            _one_of([list[m.score_out] for m in models]),  # type: ignore[name-defined]
            Field(description=scores.description),
        ),
        teams=(
            _one_of([list[m.side_out] for m in models]),  # type: ignore[name-defined]
            Field(description=teams.description),
        ),
    )
    board = create_model(
        "BoardResponse",
        __base__=BoardResponse,
        __doc__=BoardResponse.__doc__,
        rounds=(list[round_out], ...),  # type: ignore[valid-type]
    )
    root: Any = RootModel  # parametrised at run time
    post = type(
        "GameRoundPost",
        (root[_one_of([m.round_body for m in models])],),
        {"__doc__": "A round of the game, as its family takes it.", "__module__": __name__},
    )
    stored = type(
        "GameRoundStored",
        (root[_one_of([m.round_stored for m in models])],),
        {
            "__doc__": "The stored round's scores as its family gives them, its number, and "
            "the game's version now.",
            "__module__": __name__,
        },
    )
    return FamilyModels(post, stored, board)
