"""Spades' JSON models (API.md: "POST <edit_url>/rounds for a Spades game"): a
hand's bids and tricks in, each side's points, bags and lines out."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field

from ...api.types import PlayerName, RequestModel, ResponseModel

SpadesBid = Annotated[
    Annotated[int, Field(ge=0, le=13)] | Literal["nil", "blind_nil"],
    Field(description='1 to 13, "nil" (or 0) or "blind_nil"', examples=[4, "nil"]),
]


class SpadesPlayerIn(RequestModel):
    """One player's bid and the tricks they took."""

    name: PlayerName
    bid: SpadesBid
    tricks: int = Field(ge=0, le=13, description="the tricks the player took")


class SpadesRoundBody(RequestModel):
    """A hand of a Spades game: every player's bid and tricks (the four add up to 13)."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "players": [
                        {"name": "Ann", "bid": 4, "tricks": 5},
                        {"name": "Bob", "bid": "nil", "tricks": 0},
                        {"name": "Cy", "bid": "blind_nil", "tricks": 1},
                        {"name": "Dee", "bid": 3, "tricks": 7},
                    ]
                }
            ]
        }
    )

    players: list[SpadesPlayerIn] = Field(
        min_length=4, max_length=4, description="each of the game's four players once"
    )
    dealer: PlayerName | None = Field(
        None, description="who dealt this hand; by default the dealer the rotation gives"
    )


class SpadesPlayerOut(ResponseModel):
    name: str
    team: str | None = Field(description="the player's side (partners sit across)")
    bid: int | str = Field(description='1 to 13, "nil" or "blind_nil"')
    tricks: int


class SpadesSideOut(ResponseModel):
    """What a hand did for one side."""

    team: str
    contract: int = Field(description="the tricks its players bid, nil bids apart")
    tricks: int = Field(description="the tricks that counted toward the contract")
    total: int = Field(description="what the hand adds to the side's score, penalties included")
    bags: int = Field(description="the bags the side carries after the hand (after any penalty)")
    lines: list[str] = Field(examples=[["contract 7 made +70", "3 bags +3", "Bob: nil made +100"]])


class SpadesRoundResponse(ResponseModel):
    """The stored hand: each player's bid and tricks, each side's points, bags and lines."""

    players: list[SpadesPlayerOut]
    teams: list[SpadesSideOut]
    problems: list[str] = Field(default_factory=list)
    round: int = Field(description="the hand's number in the game, from 1")
    version: int = Field(description="the game's version now (also the ETag)")
    dealer: str | None = Field(description="who dealt the hand, when known")
