"""The stateless endpoints of API.md: presets, the meld checker, the deal helper, the document."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from typing import Any

from pydantic import RootModel

from ..engine.cards import parse_cards
from ..engine.deal import plan_deal
from ..engine.melds import check_meld
from ..engine.points import Context
from ..engine.presets import PRESETS
from ..engine.scoring import score_round
from . import bp
from .endpoints import api_route
from .models import (
    CardReadingOut,
    DealRequest,
    DealResponse,
    MeldCheckRequest,
    MeldCheckResponse,
    PresetList,
    PresetOut,
)
from .openapi import openapi_document
from .round_models import RoundScoreRequest, RoundScoreResponse
from .rounds import round_record, round_response
from .types import to_rules


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
                options=preset.rules.to_dict(),
                lines=preset.rules.summary(),
            )
            for preset in PRESETS.values()
        ]
    )


@api_route(bp, "POST", "/melds/check", body=MeldCheckRequest, responses={200: MeldCheckResponse})
def check_meld_view(body: MeldCheckRequest) -> MeldCheckResponse:
    """Is this a legal meld (or a legal layoff onto ``extends``)? Every reason when it is not.

    ``points`` count only the cards of ``cards``. With ``decks: auto`` a meld checked on its own
    assumes one pack.
    """
    rules = to_rules(body.rules)
    ctx = Context(
        rules, wild_rank=body.wild_rank, joker_effect=body.joker_effect, packs=rules.packs(None)
    )
    verdict = check_meld(parse_cards(body.cards), ctx, parse_cards(body.extends))
    return MeldCheckResponse(
        legal=verdict.legal,
        kind=verdict.kind,
        points=verdict.points,
        cards=[
            CardReadingOut(
                card=reading.card.code(),
                as_card=reading.as_card.code(),
                points=reading.points,
                wild=reading.wild,
            )
            for reading in verdict.readings[verdict.added_from :]
        ],
        reasons=list(verdict.reasons),
        notes=list(verdict.notes),
    )


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


@api_route(
    bp,
    "POST",
    "/rounds/score",
    body=RoundScoreRequest,
    responses={200: RoundScoreResponse, 422: RoundScoreResponse},
)
def score_round_view(body: RoundScoreRequest) -> tuple[RoundScoreResponse, int]:
    """Score one round: each player's breakdown, side totals, problems and warnings.

    With any ``problems`` (an illegal meld, more copies of a card than the packs hold, two
    players out…) the status is 422 and the scores are not to be trusted.
    """
    score = score_round(to_rules(body.rules), round_record(body))
    return round_response(score), 200 if score.ok else 422
