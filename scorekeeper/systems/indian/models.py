"""Indian Rummy's JSON models (API.md: "Gin Rummy and Indian Rummy rounds"): each player's end
of the deal in; each player's melds with their pure marks, the show's verdict, the cards that
count and what they pay out; a pool's ``out`` and ``rejoined`` and a game of deals' ``chips`` on
the board."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field

from ...api.game_models import TotalOut
from ...api.models import ArrangedMeld, MeldArrangeResponse, MeldCheckResponse
from ...api.types import CardCode, PlayerName, RankCode, RequestModel, ResponseModel, rules_field
from .rules import GAME

Hand = Annotated[list[CardCode], Field(max_length=14)]


class IndianPlayerIn(RequestModel):
    """One player's end of the deal: their 13 cards (or the points the table counted), and
    what they did: showed (`declared`), dropped, made a wrong show, rejoined the pool."""

    name: PlayerName
    cards: Hand | None = Field(
        None, description="the player's 13 cards at the end (the server finds the melds)"
    )
    counted: int | None = Field(
        None, ge=0, le=1000, description="instead of the cards: the points the table counted"
    )
    melds: list[Hand] | None = Field(
        None,
        max_length=5,
        description="with `cards`: the melds as laid, checked and never arranged again",
    )
    declared: bool = Field(False, description="this player showed (declared)")
    drop: Literal["first", "middle"] | None = Field(None, description="this player dropped")
    wrong_show: bool = Field(False, description="this player made a wrong show")
    rejoin: bool = Field(False, description="a pool game: this player rejoins with this deal")


class IndianHandIn(RequestModel):
    players: list[IndianPlayerIn] = Field(
        min_length=2, max_length=6, description="each player dealt in, once"
    )
    wild_rank: RankCode | None = Field(
        None, description="the rank the cut joker made wild this deal (a joker cut: A)"
    )


class IndianRoundBody(IndianHandIn):
    """A deal of an Indian Rummy game: each player dealt in (in a pool game, not those out)."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "players": [
                        {
                            "name": "Ann",
                            "cards": [
                                "2H",
                                "3H",
                                "4H",
                                "5C",
                                "6C",
                                "JK",
                                "9S",
                                "9D",
                                "9C",
                                "KD",
                                "KS",
                                "KH",
                                "KC",
                            ],
                            "declared": True,
                        },
                        {
                            "name": "Bob",
                            "cards": [
                                "2S",
                                "3S",
                                "4S",
                                "8C",
                                "9C",
                                "7S",
                                "QS",
                                "QD",
                                "2C",
                                "5D",
                                "8D",
                                "KH",
                                "AS",
                            ],
                        },
                        {"name": "Cy", "drop": "first"},
                    ],
                    "wild_rank": "7",
                }
            ]
        }
    )

    dealer: PlayerName | None = Field(
        None, description="who dealt this deal; by default the dealer the rotation gives"
    )


class IndianScoreRequest(IndianHandIn):
    """A deal of Indian Rummy to score with the given rules (``POST /api/v1/rounds/score``)."""

    rules: rules_field(  # type: ignore[valid-type]
        "IndianRulesObject", lambda system: system.id == GAME, "Indian Rummy"
    )


class IndianMeldOut(ResponseModel):
    cards: list[str] = Field(description="its cards as they read: JK=7H for a wild standing in")
    kind: Literal["sequence", "set"]
    pure: bool = Field(description="a sequence with no wild standing in for another card")


class IndianPlayerOut(ResponseModel):
    """One player's entry of a deal."""

    name: str
    role: Literal["winner", "loser", "drop", "wrong_show", "ended"]
    melds: list[IndianMeldOut]
    valid_show: bool | None = Field(description="the declarer's show judged (null for others)")
    reasons: list[str] = Field(description="why the show is not valid")
    unmatched: list[str] = Field(description="the cards that count against the player")
    points: int = Field(description="what the player pays in the deal, capped (the winner 0)")
    total: int = Field(
        description="what the deal adds to the player's standing: a pool's points, the chips "
        "won or lost, the net won (× point_value); scored alone, the points paid"
    )
    lines: list[str]
    warnings: list[str] = Field(default_factory=list)


class IndianSideOut(ResponseModel):
    """Indian Rummy has no sides: never given."""

    team: str


class IndianRoundResponse(ResponseModel):
    """The stored deal: each player's entry scored."""

    players: list[IndianPlayerOut]
    teams: list[IndianSideOut] = Field(default_factory=list)
    problems: list[str] = Field(default_factory=list)
    round: int = Field(description="the deal's number in the game, from 1")
    version: int = Field(description="the game's version now (also the ETag)")
    dealer: str | None = Field(description="who dealt, when known")


class IndianScoreResponse(ResponseModel):
    """The deal scored; one that cannot have been played so is a 422 with its ``problems``."""

    players: list[IndianPlayerOut]
    problems: list[str] = Field(default_factory=list)


class IndianTotalOut(TotalOut):
    """A player on an Indian board: a pool's ``out`` and ``rejoined``, or the ``chips``."""

    out: bool | None = Field(None, description="a pool game: the player is out")
    rejoined: bool | None = Field(None, description="a pool game: the player has rejoined")
    chips: int | None = Field(None, description="a game of deals: the chips the player holds")


class IndianCheckResponse(MeldCheckResponse):
    """The verdict on an Indian meld, with whether it is a pure sequence."""

    pure: bool = Field(description="a sequence in which no wild stands in for another card")


class IndianArrangedMeld(ArrangedMeld):
    pure: bool


class IndianArrangeResponse(MeldArrangeResponse):
    """The hand's melds as a show (when every card melds with a pure and a second sequence),
    else the arrangement that leaves the least to pay."""

    melds: list[IndianArrangedMeld]  # type: ignore[assignment]
    valid_show: bool
    reasons: list[str]
    count: int = Field(description="what the hand would pay as a loser's, capped")
