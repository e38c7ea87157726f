"""Gin's JSON models (API.md: "Gin Rummy and Indian Rummy rounds"): each player's final cards
(or the deadwood the table counted) and the knock in; each player's melds, deadwood, layoffs,
the hand's result, points and lines out."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field

from ...api.models import MeldArrangeResponse
from ...api.types import CardCode, PlayerName, RequestModel, ResponseModel, rules_field
from .rules import GAME

GinResult = Literal["knock", "undercut", "gin", "big_gin", "dead"]


class GinPlayerIn(RequestModel):
    """One player's end of the hand: their cards (ten; eleven for big gin), or the deadwood
    the table counted (``counted``), and whether they knocked."""

    name: PlayerName
    cards: list[CardCode] | None = Field(
        None,
        max_length=52,
        description="the player's final cards: ten, or eleven for big gin (the server arranges "
        "them to leave the least deadwood; another count is a 422 that names it)",
    )
    counted: int | None = Field(
        None,
        ge=0,
        le=98,
        description="instead of the cards, for a table that counts for itself: the knocker's "
        "deadwood, or the defender's after laying off",
    )
    melds: list[Annotated[list[CardCode], Field(max_length=11)]] | None = Field(
        None,
        max_length=4,
        description="with `cards`: the melds as laid on the table, taken as they are (checked, "
        "never arranged again; a warning when they leave more deadwood than the best "
        "arrangement, a 422 when one is not a meld)",
    )
    knocked: bool = Field(False, description="this player knocked (or went gin)")
    big_gin: bool = Field(
        False, description="with `counted`: the knocker melded all eleven cards (big gin)"
    )
    against: PlayerName | None = Field(
        None,
        description="partnership gin: the opponent this player played (by default the pairs "
        "change each round: seats 1-2 and 3-4, then 1-4 and 3-2)",
    )


class GinHandIn(RequestModel):
    """A hand of Gin as the table ends it (two hands, one per pair of opponents, in
    partnership gin)."""

    players: list[GinPlayerIn] = Field(
        min_length=2, max_length=4, description="each of the game's players once"
    )
    upcard: CardCode | None = Field(
        None, description="Oklahoma gin: the hand's first upcard (required then, refused else)"
    )
    dead: bool = Field(False, description="a dead hand: nobody knocked before the stock ran low")


class GinRoundBody(GinHandIn):
    """A hand of a Gin game (two hands, one per pair of opponents, in partnership gin)."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "players": [
                        {
                            "name": "Ann",
                            "cards": ["5S", "6S", "7S", "9H", "9D", "9C", "2C", "3C", "4C", "AD"],
                            "knocked": True,
                        },
                        {
                            "name": "Bob",
                            "cards": ["8S", "9S", "KH", "KD", "KC", "2H", "3H", "4D", "5D", "QC"],
                        },
                    ]
                }
            ]
        }
    )

    dealer: PlayerName | None = Field(
        None, description="who dealt this hand; by default the dealer the rotation gives"
    )


class GinScoreRequest(GinHandIn):
    """A hand of Gin to score with the given rules (``POST /api/v1/rounds/score``); in
    partnership gin the players in seat order, partners across (seats 1-2 and 3-4 play unless
    ``against`` says otherwise)."""

    rules: rules_field(  # type: ignore[valid-type]
        "GinRulesObject", lambda system: system.id == GAME, "Gin Rummy"
    )


class GinMeldOut(ResponseModel):
    cards: list[str]
    kind: Literal["set", "run"]
    points: int


class GinDeadwoodOut(ResponseModel):
    points: int
    cards: list[str]


class GinLayoffOut(ResponseModel):
    onto: int = Field(description="the knocker's meld laid off onto, by its place in `melds`")
    cards: list[str]


class GinPlayerOut(ResponseModel):
    """One player's entry of a hand."""

    name: str
    team: str | None = Field(None, description="the player's side (partnership gin)")
    knocked: bool
    melds: list[GinMeldOut]
    deadwood: GinDeadwoodOut = Field(
        description="the deadwood left (the defender's after laying off)"
    )
    deadwood_before_layoffs: int
    layoffs: list[GinLayoffOut] = Field(description="the defender's, onto the knocker's melds")
    result: GinResult = Field(description="the hand's result, the same on both entries")
    points: int = Field(description="what the hand scores this player (0 for the loser)")
    total: int = Field(
        description="what the hand adds to the player's score, as every family's entries "
        "say it (the same as `points`: a Gin hand carries nothing else)"
    )
    lines: list[str] = Field(examples=[["gin +25", "Bob's deadwood 14"]])
    warnings: list[str] = Field(
        default_factory=list,
        description="melds as laid that leave more deadwood than the best arrangement",
    )


class GinSideOut(ResponseModel):
    """Partnership gin: what the round did for a side (its players' points added up)."""

    team: str
    total: int


class GinRoundResponse(ResponseModel):
    """The stored hand: each player's entry scored."""

    players: list[GinPlayerOut]
    teams: list[GinSideOut]
    problems: list[str] = Field(default_factory=list)
    round: int = Field(description="the hand's number in the game, from 1")
    version: int = Field(description="the game's version now (also the ETag)")
    dealer: str | None = Field(description="who dealt the hand, when known")


class GinScoreResponse(ResponseModel):
    """The hand scored; a hand that cannot have been played so is a 422 with its
    ``problems`` (and nothing else)."""

    players: list[GinPlayerOut]
    teams: list[GinSideOut] = Field(default_factory=list)
    problems: list[str] = Field(default_factory=list, description="why the hand cannot stand")


class GinArrangeResponse(MeldArrangeResponse):
    """Gin's arrangement: the one leaving the least deadwood (with ``table``, the knocker's
    melds: the defender's best layoffs and melds together)."""

    deadwood: int = Field(description="the points of the unplaced cards")
