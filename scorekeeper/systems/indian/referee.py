"""Indian Rummy's answers to the stateless endpoints (API.md): one meld judged (with ``pure``),
a hand arranged as a show or as a loser's least count, and one deal scored.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...api.errors import ApiError
from ...api.models import CardReadingOut, MeldArrangeRequest, MeldCheckRequest
from ...engine.cards import Card, CardError
from .api import entries_of, player_out, wild_rank_of
from .deal import Deal, score_deal
from .melds import Meld, judge, points
from .models import (
    IndianArrangedMeld,
    IndianArrangeResponse,
    IndianCheckResponse,
    IndianScoreRequest,
    IndianScoreResponse,
)
from .rules import HAND_SIZE, IndianError, IndianRules
from .show import check_show, loser_count


def _no_joker_effect(joker_effect: str | None) -> None:
    if joker_effect is not None:
        raise ApiError("joker_effect: Indian Rummy's jokers are always wild")


def _cards(codes: Sequence[str], field: str) -> list[Card]:
    """The cards of a field; a 400 naming a declared reading (the search reads wilds)."""
    found = []
    for index, code in enumerate(codes):
        if "=" in code:
            raise ApiError(
                f"{field}[{index}]: {code} declares a reading: Indian Rummy reads wilds itself"
            )
        found.append(Card.from_code(code))
    return found


def check(rules: IndianRules, body: MeldCheckRequest) -> IndianCheckResponse:
    """The verdict on ``body.cards`` (with ``extends``: the combined meld) by Indian rules."""
    _no_joker_effect(body.joker_effect)
    wild = wild_rank_of(body.wild_rank)
    extends, cards = _cards(body.extends, "extends"), _cards(body.cards, "cards")
    verdict = judge([*extends, *cards], wild)
    reading = verdict.meld.stands_for[len(extends) :] if verdict.meld else tuple(cards)
    laid = verdict.meld.cards[len(extends) :] if verdict.meld else tuple(cards)
    return IndianCheckResponse(
        legal=verdict.legal,
        kind=None if verdict.kind is None else ("run" if verdict.kind == "sequence" else "set"),
        points=sum(points(card, wild) for card in cards),
        cards=[
            CardReadingOut(
                card=card.code(),
                as_card=stood.code(),
                points=points(card, wild),
                wild=card.is_joker or card.rank == wild,
                reading=card.code() if card == stood else f"{card.code()}={stood.code()}",
                declared=False,
            )
            for card, stood in zip(laid, reading, strict=True)
        ],
        reasons=list(verdict.reasons),
        pure=verdict.pure,
    )


def _meld_out(meld: Meld, wild: str | None) -> IndianArrangedMeld:
    return IndianArrangedMeld(
        cards=[card.code() for card in meld.cards],
        kind="run" if meld.kind == "sequence" else "set",
        points=sum(points(card, wild) for card in meld.cards),
        readings=meld.codes(),
        pure=meld.pure,
    )


def arrange(rules: IndianRules, body: MeldArrangeRequest) -> IndianArrangeResponse:
    """A hand of 13 as a show, or as a loser's least count (no ``table`` in Indian Rummy)."""
    _no_joker_effect(body.joker_effect)
    if body.table:
        raise ApiError("table: Indian Rummy lays nothing off onto other players' melds", 422)
    wild = wild_rank_of(body.wild_rank)
    hand = _cards(body.cards, "cards")
    if len(hand) != HAND_SIZE:
        raise ApiError(f"cards: an Indian hand holds {HAND_SIZE} cards, not {len(hand)}", 422)
    show = check_show(hand, wild)
    count = loser_count(hand, wild, rules.max_points)
    melds = show.melds if show.valid else count.melds
    unplaced = show.unmatched if show.valid else count.unmatched
    melded = sum(points(card, wild) for meld in melds for card in meld.cards)
    return IndianArrangeResponse(
        melds=[_meld_out(meld, wild) for meld in melds],
        layoffs=[],
        unplaced=[card.code() for card in unplaced],
        points=melded,
        exact=True,
        valid_show=show.valid,
        reasons=list(show.reasons),
        count=0 if show.valid else count.points,
    )


def score(rules: IndianRules, body: IndianScoreRequest) -> tuple[IndianScoreResponse, int]:
    """The deal scored (200), or its problems (422)."""
    try:
        deal = Deal(tuple(entries_of(body.players)), wild_rank_of(body.wild_rank))
        result = score_deal(rules, deal)
    except ApiError as error:
        if error.status != 422:
            raise
        return IndianScoreResponse(players=[], problems=[error.message]), 422
    except (IndianError, CardError) as error:
        return IndianScoreResponse(players=[], problems=[str(error)]), 422
    return IndianScoreResponse(players=[player_out(p) for p in result.players]), 200
