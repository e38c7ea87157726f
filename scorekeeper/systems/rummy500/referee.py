"""The Rummy 500 family's answers to the stateless endpoints (API.md): a meld checked, a
player's table cards arranged, one round scored, each by the engine's rules (the referee's
own family). The views (:mod:`scorekeeper.api.views`) find the family by the request's preset
and ask it through :class:`~scorekeeper.api.systems.ApiReferee`.
"""

from __future__ import annotations

from ...api.declared import fixed_at, reading_code, refuse_tame_declarations, split_declared
from ...api.errors import ApiError
from ...api.models import (
    ArrangedLayoff,
    ArrangedMeld,
    CardReadingOut,
    MeldArrangeRequest,
    MeldArrangeResponse,
    MeldCheckRequest,
    MeldCheckResponse,
)
from ...api.round_models import RoundScoreRequest, RoundScoreResponse
from ...api.rounds import refuse_tame_round_declarations, round_record, round_response
from ...engine.arrange import Group, arrange
from ...engine.cards import Card, declared_code, format_cards
from ...engine.melds import Verdict, check_meld
from ...engine.points import Context
from ...engine.rules import Rules
from ...engine.scoring import score_round
from ...engine.table_melds import judge
from ...engine.workload import arranging


def check(rules: Rules, body: MeldCheckRequest) -> MeldCheckResponse:
    """The verdict on ``body.cards`` (laid off onto ``body.extends``, if given), as every path
    judges it (:func:`~scorekeeper.engine.table_melds.judge`)."""
    ctx = Context(
        rules, wild_rank=body.wild_rank, joker_effect=body.joker_effect, packs=rules.packs(None)
    )
    refuse_tame_declarations(ctx, "extends", body.extends)
    refuse_tame_declarations(ctx, "cards", body.cards)
    extends, on_table = split_declared(body.extends)
    cards, declared = split_declared(body.cards)
    fixed = fixed_at(on_table) | fixed_at(declared, len(extends))
    verdict = judge(cards, ctx, extends, fixed)  # a melded wild keeps its reading
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


def arrange_cards(rules: Rules, body: MeldArrangeRequest) -> MeldArrangeResponse:
    """The grouping of ``body.cards`` that scores most, declared readings honoured."""
    ctx = Context(
        rules, wild_rank=body.wild_rank, joker_effect=body.joker_effect, packs=rules.packs(None)
    )
    refuse_tame_declarations(ctx, "cards", body.cards)
    for index, codes in enumerate(body.table):
        refuse_tame_declarations(ctx, f"table[{index}]", codes)
    pile, pile_declared = split_declared(body.cards)
    table = [split_declared(codes) for codes in body.table]
    declared_as = _declared_pile_cards(body.cards, pile, pile_declared)
    for index, (cards, declared) in enumerate(table):
        if (
            any(declared)
            and not (verdict := check_meld(cards, ctx, fixed=fixed_at(declared))).legal
        ):
            raise ApiError(
                f"table[{index}]: {' '.join(body.table[index])} is not a legal meld as declared: "
                + " ".join(verdict.reasons),
                422,
            )
    on_table = [cards for cards, _ in table]
    with arranging() as budget:
        found = arrange(
            pile, ctx, on_table, budget=budget, declared=[fixed_at(r) for _, r in table]
        )
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


def score(rules: Rules, body: RoundScoreRequest) -> tuple[RoundScoreResponse, int]:
    """The round scored: 200, or 422 with its problems."""
    refuse_tame_round_declarations(rules, body)
    record = round_record(body)
    score = score_round(rules, record)
    return round_response(score, record), 200 if score.ok else 422
