"""Request and response bodies of the stateless endpoints (API.md), as pydantic models.

The same models validate requests and generate ``/api/v1/openapi.json``. The round-scoring
bodies are in :mod:`.round_models`.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import ConfigDict, Field, RootModel

from .types import (
    CardCode,
    DealRulesField,
    JokerEffect,
    MeldCardCode,
    MeldRulesField,
    PlayerName,
    RankCode,
    RequestModel,
    ResponseModel,
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

    rules: DealRulesField
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
                {"rules": {"options": {"jokers": 2}}, "cards": ["6S"], "extends": ["5S", "JK=6S"]},
            ]
        }
    )

    rules: MeldRulesField
    cards: list[MeldCardCode] = Field(
        min_length=1,
        max_length=64,
        description="the cards melded or laid off; a wild may carry its declared reading (JK=5C)",
    )
    wild_rank: RankCode | None = Field(None, description="the round's wild rank, if any")
    extends: list[MeldCardCode] = Field(
        default_factory=list,
        max_length=64,
        description="a meld already on the table that the cards are laid off onto; its wilds "
        "may carry the readings they were declared as (JK=5C)",
    )
    joker_effect: JokerEffect = None


class CardReadingOut(ResponseModel):
    """One card of the meld: what it stands for and what it scores."""

    card: str = Field(description="the card as given (canonical code)")
    as_card: str = Field(serialization_alias="as", description="the card it stands for in the meld")
    points: int
    wild: bool = Field(description="whether the card is wild this round")
    reading: str = Field(
        description="the card as it reads in the meld, as a request declares it: JK=5C when "
        "it stands for another card, else its code",
    )
    declared: bool = Field(description="whether the request declared this reading")


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


# --- POST /melds/arrange ---------------------------------------------------------------------

#: The most cards of one player's table that the grouping takes at once (two packs' worth of a
#: player's table is far beyond any real round).
MOST_ARRANGED = 64
#: The most table melds, and the most cards in one, that leftover cards may be laid off onto.
MOST_TABLE_MELDS = 32
MOST_TABLE_MELD_CARDS = 32


class MeldArrangeRequest(RequestModel):
    """One player's table cards to group into melds and layoffs onto the ``table`` melds."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "rules": "rummy5000",
                    "cards": ["3C", "3D", "3S", "5D", "6D", "6H", "8D", "KS"],
                    "wild_rank": "6",
                    "table": [["9S", "10S", "JS"]],
                },
                {
                    "rules": {"options": {"jokers": 2}},
                    "cards": ["6S", "8S"],
                    "table": [["5S", "JK=6S", "7S"]],
                },
            ]
        }
    )

    rules: MeldRulesField
    cards: list[MeldCardCode] = Field(
        min_length=1,
        max_length=MOST_ARRANGED,
        description="the player's table cards, in any order (a declared reading, JK=5C, is "
        "refused here: declare readings on the table melds)",
    )
    wild_rank: RankCode | None = Field(None, description="the round's wild rank, if any")
    table: list[
        Annotated[
            list[MeldCardCode],
            Field(min_length=1, max_length=MOST_TABLE_MELD_CARDS),
        ]
    ] = Field(
        default_factory=list,
        max_length=MOST_TABLE_MELDS,
        description="melds already on the table that leftover cards may be laid off onto; "
        "their wilds may carry the readings they were declared as (JK=5C)",
    )
    joker_effect: JokerEffect = None


class ArrangedMeld(ResponseModel):
    """A new meld of the arrangement."""

    cards: list[str] = Field(description="its cards (canonical codes)")
    kind: str | None = Field(description="set, run, wild_set or joker_set")
    points: int
    readings: list[str] = Field(
        description="its cards as they read, as a request declares them: JK=5C for a wild "
        "that stands for another card"
    )


class ArrangedLayoff(ResponseModel):
    """Cards laid off onto a table meld."""

    onto: int = Field(description="the index of the meld in the request's table, from 0")
    cards: list[str] = Field(description="the cards laid off (canonical codes)")
    points: int = Field(description="what the laid-off cards score")
    readings: list[str] = Field(description="the laid-off cards as they read (JK=8S)")


class MeldArrangeResponse(ResponseModel):
    """The grouping that scores most: the most cards placed, then the most points, then the
    fewest groups."""

    melds: list[ArrangedMeld]
    layoffs: list[ArrangedLayoff]
    unplaced: list[str] = Field(description="the cards no group takes")
    points: int = Field(description="what melds and layoffs score")
    exact: bool = Field(
        description="false only when the search stopped at its work budget: the best found, "
        "not known to be the best (group by hand)"
    )
