"""The bodies of the stateful game endpoints (API.md, "Games").

``POST /api/v1/games`` is in the OpenAPI document; the game's token routes (``POST
/s/<scorer_token>/rounds``, ``GET /w/<watcher_token>.json``, in :mod:`scorekeeper.api.games`) use
the same kind of models and are described in the README.

A round's body and answer, and a board round's items per player and per side, are each family's
own (``ApiSystem.models``): the document shows them as one of the registered families' models
(:func:`scorekeeper.api.systems.family_models`), and the shared models here hold any of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import (
    ConfigDict,
    Field,
    SerializeAsAny,
    ValidationInfo,
    field_validator,
)

from .round_models import RoundBody, RoundScoreResponse
from .types import GameName, RequestModel, ResponseModel, RulesField, SeatName, SideName

# --- POST /api/v1/games ----------------------------------------------------------------------


class SeatIn(RequestModel):
    """A player at the table, with the side (team) they play for, if any."""

    name: SeatName
    team: SideName | None = Field(
        None,
        description="the side the player plays for: required "
        "under partnership rules, optional otherwise",
    )


class GameRequest(RequestModel):
    """A new game: its name, its rules, its players in seat order (clockwise)."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "name": "Friday",
                    "rules": "rummy500",
                    "players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}],
                    "dealer": "Cy",
                },
                {
                    "name": "Partners",
                    "rules": "partnership500",
                    "players": [
                        {"name": "Ann", "team": "N-S"},
                        {"name": "Bob", "team": "E-W"},
                        {"name": "Cy", "team": "N-S"},
                        {"name": "Di", "team": "E-W"},
                    ],
                },
            ]
        }
    )

    name: GameName
    rules: RulesField
    players: list[SeatIn] = Field(
        min_length=2, max_length=8, description="2 to 8 players with different names, in seat order"
    )
    dealer: SeatName | None = Field(None, description="who deals the first round, if known")

    @field_validator("players")
    @classmethod
    def _different_names(cls, players: list[SeatIn]) -> list[SeatIn]:
        seen: set[str] = set()
        for player in players:
            folded = player.name.casefold()
            if folded in seen:
                raise ValueError(
                    f"{player.name} is named twice: every player needs a name of their own"
                )
            seen.add(folded)
        return players

    @field_validator("dealer")
    @classmethod
    def _seated_dealer(cls, dealer: str | None, info: ValidationInfo) -> str | None:
        players: list[SeatIn] | None = info.data.get("players")
        if (
            dealer is not None
            and players is not None
            and dealer not in [player.name for player in players]
        ):
            raise ValueError(f"{dealer} is not one of the players")
        return dealer


class SeatOut(ResponseModel):
    name: str
    team: str | None
    seat: int = Field(description="seat order, from 0")


class GameCreated(ResponseModel):
    """The new game and its two links (also the Location header: the watchers' link)."""

    id: int
    edit_url: str = Field(
        description="the scorer's link (keep it to the scorer): "
        "POST <edit_url>/rounds records a round"
    )
    view_url: str = Field(
        description="the watchers' link, read only: GET <view_url>.json is the scoreboard"
    )
    players: list[SeatOut] = Field(
        description="the players as seated, with their sides: partners sit across, so named "
        "sides may seat players in another order than sent"
    )


# --- POST /s/<scorer_token>/rounds -----------------------------------------------------------


class GameRoundBody(RoundBody):
    """A round of a game: the round body of ``/rounds/score`` without ``rules`` (the game's
    rules apply), with an optional ``dealer``."""

    dealer: SeatName | None = Field(
        None, description="who dealt this round; by default the dealer the rotation gives"
    )


class GameRoundResponse(RoundScoreResponse):
    """The stored round's scores, its number, and the game's version now."""

    round: int = Field(description="the round's number in the game, from 1")
    version: int = Field(description="the game's version now (also the ETag)")
    dealer: str | None = Field(description="who dealt the round, when known")


class RoundRefusedResponse(RoundScoreResponse):
    """A round that was not stored: ``error`` sums up ``problems`` (status 422)."""

    error: str


class StaleGameResponse(ResponseModel):
    """An edit made on an older version of the game (status 409)."""

    error: str
    version: int = Field(description="the game's version now")


# --- GET /w/<watcher_token>.json -------------------------------------------------------------


class RoundOut(ResponseModel):
    """A stored round, rescored from its cards under the game's rules."""

    number: int
    dealer: str | None
    ended_by: str
    went_out: str | None
    wild_rank: str | None
    joker_effect: str | None
    scores: Sequence[SerializeAsAny[ResponseModel]] = Field(
        description="each player's part, as the game's family scores it (rummy: their melded "
        "and in-hand points; by contract: their bid and tricks)"
    )
    teams: Sequence[SerializeAsAny[ResponseModel]] = Field(
        description="each side's sums, as the game's family scores them (rummy: its members' "
        "points added up; by contract: its points, bags and lines)"
    )
    warnings: list[str]


class TotalOut(ResponseModel):
    name: str
    team: str | None = Field(description="the player's side, when the game has sides")
    total: int


class SideTotalOut(ResponseModel):
    team: str
    total: int
    bags: int | None = Field(
        None,
        description="what the side carries from hand to hand, where its family keeps some "
        "(bags, scored by contract; null otherwise)",
    )


class ColumnOut(ResponseModel):
    """One of several games scored at once (Hollywood gin's three)."""

    totals: dict[str, int] = Field(description="each competitor's total in this game")
    finished: bool
    winners: list[str]


class BoardResponse(ResponseModel):
    """The scoreboard of a game, from its stored rounds (``version`` is also the ETag)."""

    name: str
    rules: dict[str, Any] = Field(
        description="the game's rules snapshot: every option, and the preset it started from"
    )
    players: list[SeatOut]
    rounds: list[RoundOut] = Field(
        description="the rounds from round `rounds_from` on, in order (every round unless "
        "`?since=` was asked)"
    )
    rounds_from: int = Field(
        1,
        description="the number of the first round in `rounds`: 1 for every round; with "
        "`?since=V`, the first round added or changed after version V (a watcher keeps its "
        "rounds before it and replaces the rest), or 1 when that cannot be told",
    )
    totals: list[SerializeAsAny[TotalOut]] = Field(
        description="each player's total, final bonus included (a family may add its own "
        "standing: a pool's `out` and `rejoined`, a game of deals' `chips`)"
    )
    teams: list[SideTotalOut] = Field(description="each side's total (empty without sides)")
    target: int | None
    version: int
    finished: bool = Field(description="the game is over by its rules, or marked finished")
    winners: list[str] = Field(description="the winning players, or sides when playing in sides")
    reason: str = Field(description="why the game is over, or what is needed, in plain words")
    next_dealer: str | None = Field(description="who deals the next round, when known")
    next_round: int = Field(description="the number the next round will have")
    next_wild_rank: str | None = Field(
        description="the wild rank of the round in play, once its deal has shown it (or the "
        "rules fix it), else null"
    )
    columns: list[ColumnOut] = Field(
        default_factory=list,
        description="the games scored at once, each with its own totals and end (Hollywood "
        "gin's three, whose sums are `totals`); empty for one game",
    )
