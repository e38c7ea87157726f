"""The bodies of ``POST /api/v1/rounds/score`` (API.md).

:class:`RoundBody` is the round without ``rules``, for the stateful ``POST <edit_url>/rounds``
of a game.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Discriminator, Field, Tag

from .types import (
    CalledMeldCardCode,
    CardCode,
    JokerEffect,
    PlayerName,
    RankCode,
    RequestModel,
    ResponseModel,
    SideRef,
    rules_field,
)

TeamName = SideRef
CardList = Annotated[list[CalledMeldCardCode], Field(max_length=64)]


class MeldObject(RequestModel):
    """A meld with flags that some options use."""

    cards: list[CalledMeldCardCode] = Field(min_length=1, max_length=64)
    laid_at_once: bool = Field(False, description="laid down in one go (double_four_laid_at_once)")
    doubled: bool = Field(
        False,
        description="the dealer's joker doubled and sealed this set "
        "(Dealer's Gambit, joker_effect: double)",
    )


def _meld_kind(value: Any) -> str | None:
    if isinstance(value, list):
        return "cards"
    if isinstance(value, dict | MeldObject):
        return "object"
    return None


#: A meld: a list of card codes, or an object with ``cards`` and flags.
Meld = Annotated[
    Annotated[CardList, Tag("cards")] | Annotated[MeldObject, Tag("object")],
    Discriminator(
        _meld_kind,
        custom_error_type="meld_type",
        custom_error_message='expected a list of cards or an object {"cards": [...]}',
    ),
]


class LayoffTarget(RequestModel):
    """The meld a layoff goes onto: a player's meld, by its index in their ``melds``."""

    player: PlayerName
    meld: int = Field(ge=0, le=63, description="index in that player's melds, from 0")


class Layoff(RequestModel):
    """Cards laid off onto a meld on the table."""

    onto: LayoffTarget
    cards: list[CalledMeldCardCode] = Field(min_length=1, max_length=64)
    final: bool = Field(
        False,
        description="laid off after someone went out (final_layoffs): "
        "counts neither for nor against the player",
    )


class PlayerByCards(RequestModel):
    """A player recorded card by card."""

    name: PlayerName
    team: TeamName | None = None
    went_out: bool = False
    melds: list[Meld] = Field(default_factory=list, max_length=32)
    layoffs: list[Layoff] = Field(default_factory=list, max_length=64)
    hand: list[CardCode] = Field(default_factory=list, max_length=128)


class PlayerByTotals(RequestModel):
    """A player who counted their own cards: two numbers, in the game's points."""

    name: PlayerName
    team: TeamName | None = None
    went_out: bool = False
    melded_points: int = Field(0, ge=0, le=100_000)
    hand_points: int = Field(0, ge=0, le=100_000)


def _player_kind(value: Any) -> str | None:
    if isinstance(value, PlayerByTotals) or (
        isinstance(value, dict) and ("melded_points" in value or "hand_points" in value)
    ):
        return "totals"
    if isinstance(value, dict | PlayerByCards):
        return "cards"
    return None


#: A player is recorded by cards (melds, layoffs, hand) or by totals (melded_points, hand_points).
RoundPlayer = Annotated[
    Annotated[PlayerByCards, Tag("cards")] | Annotated[PlayerByTotals, Tag("totals")],
    Discriminator(
        _player_kind,
        custom_error_type="player_type",
        custom_error_message="expected a player object with melds/layoffs/hand "
        "or with melded_points/hand_points",
    ),
]


class RoundBody(RequestModel):
    """One round as recorded at the table (the game's rules come from the game)."""

    wild_rank: RankCode | None = Field(None, description="the round's wild rank, if any")
    ended_by: Literal["going_out", "stock_out"]
    joker_effect: JokerEffect = None
    opening: list[PlayerName] = Field(
        default_factory=list,
        max_length=8,
        description="players melding for the first time in their game (first_meld_minimum)",
    )
    players: list[RoundPlayer] = Field(min_length=1, max_length=8)


def _scores_these(system: Any) -> bool:
    """The family whose one-round bodies are :class:`RoundScoreRequest`."""
    return getattr(getattr(system, "referee_models", None), "score_body", None) is (
        RoundScoreRequest
    )


class RoundScoreRequest(RoundBody):
    """A round to score with the given rules (``POST /api/v1/rounds/score``)."""

    rules: rules_field(  # type: ignore[valid-type]
        "RoundRulesObject", _scores_these, "a family whose rounds are scored by melds and hands"
    )


class MeldScore(ResponseModel):
    """One of the player's melds as scored: each card as it reads there."""

    cards: list[str] = Field(
        description="the meld's cards as they read, declared or taken: JK=5C for a wild that "
        "stands for another card (the dealer's joker on a doubled set is left out)",
        examples=[["5S", "JK=6S", "7S"]],
    )
    kind: str | None = Field(description="set, run, wild_set, joker_set, or null")
    points: int = Field(description="what the meld counts (doubled, four aces, laid at once)")


class LayoffScore(ResponseModel):
    """One of the player's layoffs as scored: the laid-off cards as they read."""

    cards: list[str] = Field(description="the laid-off cards as they read (JK=8S)")
    points: int = Field(description="what they count (0 for a final layoff)")


class PlayerScore(ResponseModel):
    """What the round adds to one player's score, with the lines that explain it."""

    name: str
    team: str | None
    melded: int
    in_hand: int
    bonus: int = Field(description="every bonus: going out, Rummy calls and the like")
    total: int = Field(description="what the round adds to the player's score")
    lines: list[str]
    hand_points: int = Field(
        0,
        description="what the cards left in hand are worth, whether "
        "they count against the player, go to the player "
        "who went out, or count for nothing",
    )
    went_out: bool = False
    melds: list[MeldScore] = Field(
        default_factory=list, description="one per meld of the request, in its order"
    )
    layoffs: list[LayoffScore] = Field(
        default_factory=list,
        description="one per layoff of the request, in its order (none onto a meld that is not "
        "there)",
    )


class TeamScore(ResponseModel):
    """A side's sums over its players."""

    team: str
    melded: int
    in_hand: int
    bonus: int
    total: int


class RoundScoreResponse(ResponseModel):
    """The round's scores; with any ``problems`` (status 422) nothing else is trusted."""

    players: list[PlayerScore]
    teams: list[TeamScore] = Field(default_factory=list)
    problems: list[str] = Field(default_factory=list, description="what makes the round impossible")
    warnings: list[str] = Field(
        default_factory=list, description="house-rule matters the table may overrule"
    )
