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

from ..engine.rules import RulesError
from ..engine.system import SYSTEMS
from ..store.models import Game
from ..store.scoreboard import Board
from ..store.systems import StoreSystem, store_system
from .game_models import BoardResponse, GameRequest, RoundOut, TotalOut
from .models import MeldArrangeRequest, MeldCheckRequest, MeldCheckResponse
from .types import RulesObject


@dataclass(frozen=True)
class ApiModels:
    """A family's own JSON models."""

    round_body: type[BaseModel]  # the body of POST <edit_url>/rounds
    round_stored: type[BaseModel]  # its answer, 201
    score_out: type[BaseModel]  # a board round's item per player (``RoundOut.scores``)
    side_out: type[BaseModel]  # a board round's item per side (``RoundOut.teams``)
    #: a board's item per player (``BoardResponse.totals``): :class:`TotalOut`, or one that
    #: adds the family's own standing (a pool's ``out``)
    total_out: type[TotalOut] = TotalOut


@dataclass(frozen=True)
class BoardRounds:
    """A family's rounds on the scoreboard's JSON, and what it changes of the totals."""

    rounds: list[Any]  # RoundOut values
    #: each player's total as the board gives it (None: the standings' per-player totals)
    totals: Mapping[str, int] | None = None
    #: what each side carries from hand to hand (Spades' bags), by side
    carried: Mapping[str, int] = field(default_factory=dict)
    #: a player's standing beyond the total, by player, as the family's ``total_out`` names it
    standing: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)


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

    def example_round(
        self, rules: Any, players: Sequence[str], *, decisive: bool = False
    ) -> dict[str, Any]:
        """A round a table of ``players`` (in seat order) could have played under ``rules``
        (the family's rules value), as ``POST
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
    totals = BoardResponse.model_fields["totals"]
    board = create_model(
        "BoardResponse",
        __base__=BoardResponse,
        __doc__=BoardResponse.__doc__,
        rounds=(list[round_out], ...),  # type: ignore[valid-type]
        totals=(  # type: ignore[arg-type]
            list[_one_of([m.total_out for m in models])],  # type: ignore[misc]
            Field(description=totals.description),
        ),
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


# --- the stateless endpoints ----------------------------------------------------------------


@dataclass(frozen=True)
class RefereeModels:
    """A referee family's models of the stateless endpoints."""

    arranged: type[BaseModel]  # the answer of POST /api/v1/melds/arrange
    score_body: type[BaseModel]  # the body of POST /api/v1/rounds/score (with its ``rules``)
    scored: type[BaseModel]  # its answer (200, or 422 with ``problems``)
    checked: type[MeldCheckResponse] = MeldCheckResponse  # the answer of /melds/check


@runtime_checkable
class ApiReferee(Protocol):
    """What the stateless endpoints ask of a family whose melds the referee judges
    (``Capabilities.referee``): a meld checked, a player's cards arranged, one round scored,
    each by the family's own rules (``rules``: its rules value, from the request's preset)."""

    referee_models: RefereeModels

    def check_meld(self, rules: Any, body: MeldCheckRequest) -> MeldCheckResponse:
        """``POST /api/v1/melds/check``."""

    def arrange_melds(self, rules: Any, body: MeldArrangeRequest) -> BaseModel:
        """``POST /api/v1/melds/arrange``."""

    def score_round(self, rules: Any, body: Any) -> tuple[BaseModel, int]:
        """``POST /api/v1/rounds/score``: the body validated by ``score_body``."""


def referees() -> list[ApiReferee]:
    """The registered families whose melds the referee judges."""
    return [
        system
        for system in SYSTEMS
        if system.capabilities.referee and isinstance(system, ApiReferee)
    ]


def referee_for(value: str | RulesObject) -> tuple[ApiReferee, Any]:
    """The family a request's ``rules`` name, and its rules; a RulesError (400) names a
    preset no family has, or one whose family has no melds to judge."""
    preset, options = (value, {}) if isinstance(value, str) else (value.preset, value.options)
    system = SYSTEMS.for_preset(preset)
    if not (system.capabilities.referee and isinstance(system, ApiReferee)):
        judged = [p for family in referees() for p in cast(Any, family).presets]
        raise RulesError(
            f"{system.name} ({preset!r}) has no melds to judge: these endpoints take "
            f"{', '.join(judged)}",
            "preset",
        )
    return system, system.rules_for(preset, options)


def referee_union(kind: str) -> type[BaseModel]:
    """One of every referee family's model of a kind (``checked``, ``arranged``,
    ``score_body``, ``scored``), for the OpenAPI document."""
    models = [getattr(family.referee_models, kind) for family in referees()]
    return _referee_union(kind, tuple(dict.fromkeys(models)))


@cache
def _referee_union(kind: str, models: tuple[type[BaseModel], ...]) -> type[BaseModel]:
    if len(models) == 1:
        return models[0]
    root: Any = RootModel
    name = {
        "arranged": "MeldArrangeAnswer",
        "score_body": "RoundScoreBody",
        "checked": "MeldCheckAnswer",
    }.get(kind, "RoundScoreAnswer")
    return type(
        name,
        (root[_one_of(models)],),
        {"__doc__": models[0].__doc__, "__module__": __name__},
    )
