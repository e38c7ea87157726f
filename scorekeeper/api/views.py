"""The stateless endpoints of API.md: presets, the meld checker, the deal helper, the document."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from typing import Any

from flask import Response, jsonify
from pydantic import BaseModel, ConfigDict, RootModel

from ..engine.cards import parse_cards
from ..engine.deal import plan_deal
from ..engine.system import SYSTEMS
from . import bp
from .endpoints import api_route, document, parse_body
from .models import (
    DealRequest,
    DealResponse,
    MeldArrangeRequest,
    MeldCheckRequest,
    MeldCheckResponse,
    PresetList,
    PresetOut,
)
from .openapi import openapi_document
from .systems import referee_for, referee_union
from .types import MeldRulesField, RequestModel, to_rules


class OpenApiDocument(RootModel[dict[str, Any]]):
    """The OpenAPI 3.1 document of this API."""


@api_route(bp, "GET", "/openapi.json", responses={200: OpenApiDocument})
def openapi() -> OpenApiDocument:
    """This document: every endpoint, its request and response bodies and its errors."""
    try:
        package_version = version("scorekeeper")
    except PackageNotFoundError:  # running from a source tree that was never installed
        package_version = "0"
    return OpenApiDocument(openapi_document(bp.url_prefix or "", package_version))


@api_route(bp, "GET", "/presets", responses={200: PresetList})
def list_presets() -> PresetList:
    """Every preset with all its options and its rules in plain words."""
    return PresetList(
        [
            PresetOut(
                id=preset.id,
                name=preset.name,
                summary=preset.summary,
                options=system.rules_to_stored(preset.rules),
                lines=system.summary(preset.rules),
            )
            for system in SYSTEMS
            for preset in system.presets.values()
        ]
    )


@api_route(
    bp,
    "POST",
    "/melds/check",
    body=MeldCheckRequest,
    responses={200: lambda: referee_union("checked")},
)
def check_meld_view(body: MeldCheckRequest) -> MeldCheckResponse:
    """Is this a legal meld (or a legal layoff onto ``extends``)? Every reason when it is not.

    ``points`` count only the cards of ``cards``. With ``decks: auto`` a meld checked on its own
    assumes one pack.
    """
    referee, rules = referee_for(body.rules)
    return referee.check_meld(rules, body)


@api_route(
    bp,
    "POST",
    "/melds/arrange",
    body=MeldArrangeRequest,
    responses={200: lambda: referee_union("arranged")},
    errors={
        422: "a declared reading the grouping cannot honour: a table meld that is not legal as "
        "declared, or a best grouping that reads a declared wild otherwise (group by hand)"
    },
)
def arrange_melds(body: MeldArrangeRequest) -> BaseModel:
    """Group a player's table cards into melds and layoffs onto the ``table`` melds, as the
    round form's automatic grouping does: the most cards placed, then the most points.

    ``exact`` is false only when the search stopped at its work budget (about a second of
    work): the answer is then the best found. With ``decks: auto`` one pack is assumed.
    Declared readings (``JK=5C``) are honoured: the search groups the cards with the
    declared wilds of ``table`` melds standing as the cards they were declared as (under
    ``real_card_for_wild: none``; else read freely) and those of ``cards`` read freely, and
    every group holding a declared card, or laid off onto a declared meld, is checked again
    with its declared readings; when one does not stand that way (or scores less) the answer
    is a 422 asking to group by hand. A declared card that ``cards`` holds more than once is
    refused (400).
    """
    referee, rules = referee_for(body.rules)
    return referee.arrange_melds(rules, body)


@api_route(bp, "POST", "/deal", body=DealRequest, responses={200: DealResponse})
def deal(body: DealRequest) -> DealResponse:
    """The deal helper: each player's hand size, redeals, the round's wild rank, the next dealer.

    Under ``deal: upcard`` every player's upcard is needed; under ``deal: fixed`` each player
    gets ``hand_size`` cards.
    """
    upcards = {
        name: card
        for name, card in zip(body.upcards, parse_cards(body.upcards.values()), strict=True)
    }
    plan = plan_deal(
        to_rules(body.rules),
        body.players,
        body.dealer,
        upcards,
        round_number=body.round,
        winner=body.winner,
    )
    return DealResponse(
        cards=plan.cards, wild_rank=plan.wild_rank, next_dealer=plan.next_dealer, redeal=plan.redeal
    )


class RoundRules(RequestModel):
    """What a round to score is read by first: its rules (which family's round it is)."""

    model_config = ConfigDict(extra="ignore")

    rules: MeldRulesField


@bp.post("/rounds/score")
def score_round_view() -> Response:
    """Score one round: each player's breakdown, side totals, problems and warnings.

    With any ``problems`` (an illegal meld, more copies of a card than the packs hold, two
    players out…) the status is 422 and the scores are not to be trusted.
    """
    referee, rules = referee_for(parse_body(RoundRules).rules)
    answer, status = referee.score_round(rules, parse_body(referee.referee_models.score_body))
    response = jsonify(answer.model_dump(mode="json", by_alias=True))
    response.status_code = status
    return response


document(
    "POST",
    "/api/v1/rounds/score",
    score_round_view,
    body=lambda: referee_union("score_body"),
    responses={200: lambda: referee_union("scored"), 422: lambda: referee_union("scored")},
)
