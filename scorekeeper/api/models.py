"""Request and response bodies of the stateless endpoints (API.md), as pydantic models.

The same models validate requests and generate ``/api/v1/openapi.json``. The round-scoring
bodies are in :mod:`.round_models`.
"""

from __future__ import annotations

from typing import Any

from pydantic import ConfigDict, Field, RootModel

from .types import (
    CardCode,
    JokerEffect,
    PlayerName,
    RankCode,
    RequestModel,
    ResponseModel,
    RulesField,
)

# --- GET /presets ----------------------------------------------------------------------------


class PresetOut(ResponseModel):
    """A preset: a complete set of options with a name."""

    id: str = Field(examples=["rummy500"])
    name: str = Field(examples=["Rummy 500"])
    summary: str
    options: dict[str, Any] = Field(description="every option of RULES.md with its value")
    lines: list[str] = Field(description="the rules in short plain-English lines")


class PresetList(RootModel[list[PresetOut]]):
    """Every preset, in the order of RULES.md."""


# --- POST /deal ------------------------------------------------------------------------------


class DealRequest(RequestModel):
    """A round about to be dealt: the players in seat order, the dealer, the upcards."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "rules": "rummy5000",
                    "players": ["Ann", "Bob", "Cy", "Dee"],
                    "dealer": "Dee",
                    "upcards": {"Ann": "7H", "Bob": "KS", "Cy": "AD", "Dee": "4C"},
                    "round": 1,
                },
            ]
        }
    )

    rules: RulesField
    players: list[PlayerName] = Field(
        min_length=2, max_length=8, description="the players' names in seat order"
    )
    dealer: PlayerName = Field(description="who deals this round")
    upcards: dict[PlayerName, CardCode] = Field(
        default_factory=dict,
        max_length=8,
        description="each player's face-up first card (needed for deal: upcard rules)",
    )
    round: int = Field(1, ge=1, le=1000, description="the round's number, counting from 1")
    winner: PlayerName | None = Field(
        None, description="the round's winner, when known (for dealer_rotation: winner)"
    )


class DealResponse(ResponseModel):
    """How many cards each player gets, who redraws an upcard, the wild rank, the next dealer."""

    cards: dict[str, int] = Field(
        description="each player's whole hand, the upcard included; players whose upcard goes "
        "back are left out until their new upcard is known"
    )
    wild_rank: str | None = Field(description="the round's wild rank, or null")
    next_dealer: str | None = Field(description="who deals next, or null while not known")
    redeal: list[str] = Field(description="players whose upcard goes back for another")


# --- POST /melds/check -----------------------------------------------------------------------


class MeldCheckRequest(RequestModel):
    """Cards to check as one meld, or as a layoff onto ``extends``."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {"rules": "rummy5000", "cards": ["8S", "6H", "10S"], "wild_rank": "6"},
                {"rules": "rummy500", "cards": ["10S"], "extends": ["7S", "8S", "9S"]},
            ]
        }
    )

    rules: RulesField
    cards: list[CardCode] = Field(
        min_length=1, max_length=64, description="the cards melded or laid off"
    )
    wild_rank: RankCode | None = Field(None, description="the round's wild rank, if any")
    extends: list[CardCode] = Field(
        default_factory=list,
        max_length=64,
        description="a meld already on the table that the cards are laid off onto",
    )
    joker_effect: JokerEffect = None


class CardReadingOut(ResponseModel):
    """One card of the meld: what it stands for and what it scores."""

    card: str = Field(description="the card as given (canonical code)")
    as_card: str = Field(serialization_alias="as", description="the card it stands for in the meld")
    points: int
    wild: bool = Field(description="whether the card is wild this round")


class MeldCheckResponse(ResponseModel):
    """The referee's verdict: legal or not, the kind, the points, every reason."""

    legal: bool
    kind: str | None = Field(description="set, run, wild_set, joker_set, or null")
    points: int = Field(description="what the cards score as melded (with extends: only they)")
    cards: list[CardReadingOut] = Field(description="one reading per card of the request's cards")
    reasons: list[str] = Field(description="when not legal: every problem, in plain words")
    notes: list[str] = Field(
        default_factory=list, description="how the verdict was reached (e.g. which reading won)"
    )
