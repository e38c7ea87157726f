"""The stateless endpoints of API.md: presets, the meld checker, the deal helper, the document."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from typing import Any

from pydantic import RootModel

from ..engine.arrange import Group, arrange
from ..engine.cards import Card, declared_code, format_cards, parse_cards
from ..engine.deal import plan_deal
from ..engine.melds import Verdict, check_meld
from ..engine.points import Context
from ..engine.scoring import score_round
from ..engine.system import SYSTEMS
from ..engine.table_melds import as_searched, kept_readings
from ..engine.workload import arranging
from . import bp
from .declared import fixed_at, reading_code, refuse_tame_declarations, split_declared
from .endpoints import api_route
from .errors import ApiError
from .models import (
    ArrangedLayoff,
    ArrangedMeld,
    CardReadingOut,
    DealRequest,
    DealResponse,
    MeldArrangeRequest,
    MeldArrangeResponse,
    MeldCheckRequest,
    MeldCheckResponse,
    PresetList,
    PresetOut,
)
from .openapi import openapi_document
from .round_models import RoundScoreRequest, RoundScoreResponse
from .rounds import refuse_tame_round_declarations, round_record, round_response
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
                options=system.rules_to_stored(preset.rules),
                lines=system.summary(preset.rules),
            )
            for system in SYSTEMS
            for preset in system.presets.values()
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
    refuse_tame_declarations(ctx, "extends", body.extends)
    refuse_tame_declarations(ctx, "cards", body.cards)
    extends, on_table = split_declared(body.extends)
    cards, declared = split_declared(body.cards)
    fixed = fixed_at(on_table) | fixed_at(declared, len(extends))
    verdict = check_meld(cards, ctx, extends, fixed or None)
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
                reading=reading_code(reading, fixed.get(position)),
                declared=position in fixed,
            )
            for position, reading in enumerate(verdict.readings)
            if position >= verdict.added_from
        ],
        reasons=list(verdict.reasons),
        notes=list(verdict.notes),
    )


@api_route(
    bp,
    "POST",
    "/melds/arrange",
    body=MeldArrangeRequest,
    responses={200: MeldArrangeResponse},
    errors={
        422: "a declared reading the grouping cannot honour: a table meld that is not legal as "
        "declared, or a best grouping that reads a declared wild otherwise (group by hand)"
    },
)
def arrange_melds(body: MeldArrangeRequest) -> MeldArrangeResponse:
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
    rules = to_rules(body.rules)
    ctx = Context(
        rules, wild_rank=body.wild_rank, joker_effect=body.joker_effect, packs=rules.packs(None)
    )
    refuse_tame_declarations(ctx, "cards", body.cards)
    for index, codes in enumerate(body.table):
        refuse_tame_declarations(ctx, f"table[{index}]", codes)
    pile, pile_declared = split_declared(body.cards)
    table = [
        (cards, kept_readings(ctx, cards, declared))
        for cards, declared in (split_declared(codes) for codes in body.table)
    ]
    declared_as = _declared_pile_cards(body.cards, pile, pile_declared)
    for index, (cards, declared) in enumerate(table):
        if declared and not (verdict := check_meld(cards, ctx, fixed=fixed_at(declared))).legal:
            raise ApiError(
                f"table[{index}]: {' '.join(body.table[index])} is not a legal meld as declared: "
                + " ".join(verdict.reasons),
                422,
            )
    searched = [as_searched(rules, cards, declared) for cards, declared in table]
    with arranging() as budget:
        found = arrange(pile, ctx, searched, budget=budget)
    melds = []
    for group in found.melds:
        verdict = _honoured(ctx, group, (), (), declared_as)
        melds.append(
            ArrangedMeld(
                cards=[card.code() for card in group.cards],
                kind=verdict.kind,
                points=verdict.points,
                readings=[reading_code(reading) for reading in verdict.readings],
            )
        )
    layoffs = []
    for group in found.layoffs:
        onto = group.onto or 0
        verdict = _honoured(ctx, group, *table[onto], declared_as, f"table[{onto}]")
        layoffs.append(
            ArrangedLayoff(
                onto=onto,
                cards=[card.code() for card in group.cards],
                points=verdict.points,
                readings=[reading_code(reading) for reading in verdict.added],
            )
        )
    return MeldArrangeResponse(
        melds=melds,
        layoffs=layoffs,
        unplaced=[declared_code(card, declared_as.get(card)) for card in found.unplaced],
        points=found.points,
        exact=found.exact,
    )


def _declared_pile_cards(
    codes: list[str], pile: tuple[Card, ...], declared: tuple[Card | None, ...]
) -> dict[Card, Card]:
    """The declared readings of the pile by card; a 400 for a declared card that the pile
    holds more than once (which of them the declaration is for is then unknown to the search)."""
    declared_as: dict[Card, Card] = {}
    for index, (card, reading) in enumerate(zip(pile, declared, strict=False)):
        if reading is None:
            continue
        if pile.count(card) > 1:
            raise ApiError(
                f"cards[{index}]: {codes[index]} is declared, but cards holds {card} "
                f"{pile.count(card)} times: the grouping honours a declared reading only on a "
                "card it holds once (group these cards by hand, or declare on table melds)"
            )
        declared_as[card] = reading
    return declared_as


def _honoured(
    ctx: Context,
    group: Group,
    extends: tuple[Card, ...],
    extends_declared: tuple[Card | None, ...],
    declared_as: dict[Card, Card],
    where: str = "",
) -> Verdict:
    """The group's verdict with the declared readings of its cards and of the table meld it
    extends; a 422 if it does not stand that way or scores less than the search counted."""
    pins = fixed_at(extends_declared) | {
        len(extends) + i: declared_as[card]
        for i, card in enumerate(group.cards)
        if card in declared_as
    }
    if not pins:
        return group.verdict
    verdict = check_meld(group.cards, ctx, extends, pins)
    if verdict.legal and verdict.points == group.verdict.points:
        return verdict
    declared = [
        f"{declared_code(card, declared_as[card])}" for card in group.cards if card in declared_as
    ]
    if where and extends_declared:
        declared.append(
            f"{where}'s "
            + " ".join(
                declared_code(card, reading)
                for card, reading in zip(extends, extends_declared, strict=True)
                if reading
            )
        )
    shown = format_cards(group.cards) + (f" onto {where}" if where else "")
    raise ApiError(
        "the grouping search reads wilds freely and checks declared readings only on its "
        f"answer, and its best grouping ({shown}) does not stand with "
        f"{' and '.join(declared)} as declared: group these cards by hand, or leave the "
        "reading undeclared",
        422,
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
    rules = to_rules(body.rules)
    refuse_tame_round_declarations(rules, body)
    record = round_record(body)
    score = score_round(rules, record)
    return round_response(score, record), 200 if score.ok else 422
