"""Gin's answers to the stateless endpoints (API.md, "Gin Rummy and Indian Rummy rounds"): one
meld judged under Gin's rules (aces low, no wilds, one pack), a hand arranged to leave the least
deadwood (with ``table``, the knocker's melds: the defender's layoffs and melds together), and
one hand scored from the cards.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...api.errors import ApiError
from ...api.models import (
    ArrangedLayoff,
    ArrangedMeld,
    CardReadingOut,
    MeldArrangeRequest,
    MeldCheckRequest,
    MeldCheckResponse,
)
from ...engine.cards import Card, CardError
from .api import entries_of, pairs_named, player_out
from .hand import GinError, defend
from .melds import is_run, judge, least_deadwood, meld_problems, points
from .models import GinArrangeResponse, GinScoreRequest, GinScoreResponse, GinSideOut
from .round import GinRound, score_round
from .rules import GinRules
from .store import default_pairs

#: The most cards a Gin hand holds: ten, eleven for big gin.
MOST_CARDS = 11


def _no_wilds(wild_rank: str | None, joker_effect: str | None) -> None:
    if wild_rank is not None:
        raise ApiError("wild_rank: Gin Rummy plays without wild cards")
    if joker_effect is not None:
        raise ApiError("joker_effect: Gin Rummy plays without jokers")


def _cards(codes: Sequence[str], field: str) -> list[Card]:
    """The cards of a field; a 400 naming a declared reading (nothing is wild in Gin)."""
    found = []
    for index, code in enumerate(codes):
        if "=" in code:
            raise ApiError(
                f"{field}[{index}]: {code} declares a reading, but nothing is wild in Gin"
            )
        found.append(Card.from_code(code))
    return found


def _kind(meld: Sequence[Card]) -> str:
    return "run" if is_run(meld) else "set"


def check(rules: GinRules, body: MeldCheckRequest) -> MeldCheckResponse:
    """The verdict on ``body.cards`` (laid off onto ``body.extends``) under Gin's rules."""
    _no_wilds(body.wild_rank, body.joker_effect)
    extends = _cards(body.extends, "extends")
    cards = _cards(body.cards, "cards")
    verdict = judge(cards, extends)
    return MeldCheckResponse(
        legal=verdict.legal,
        kind=verdict.kind,
        points=verdict.points,
        cards=[
            CardReadingOut(
                card=card.code(),
                as_card=card.code(),
                points=0 if card.is_joker else points(card),
                wild=False,
                reading=card.code(),
                declared=False,
            )
            for card in cards
        ],
        reasons=list(verdict.reasons),
    )


def _hand(codes: Sequence[str]) -> list[Card]:
    cards = _cards(codes, "cards")
    if len(cards) > MOST_CARDS:
        raise ApiError(
            f"cards: a Gin hand holds ten cards (eleven for big gin), not {len(cards)}", 422
        )
    for index, card in enumerate(cards):
        if card.is_joker:
            raise ApiError(f"cards[{index}]: Gin Rummy plays without jokers", 422)
        if cards.index(card) != index:
            raise ApiError(
                f"cards[{index}]: {card.code()} is given twice: Gin plays with one pack", 422
            )
    return cards


def arrange(rules: GinRules, body: MeldArrangeRequest) -> GinArrangeResponse:
    """The arrangement leaving the least deadwood; with ``table``, the defender's best."""
    _no_wilds(body.wild_rank, body.joker_effect)
    hand = _hand(body.cards)
    table = []
    for index, codes in enumerate(body.table):
        meld = tuple(_cards(codes, f"table[{index}]"))
        problems = meld_problems(meld)
        if problems:
            raise ApiError(f"table[{index}]: {' '.join(codes)} is not a meld: {problems[0]}", 422)
        table.append(meld)
    on_table = {card for meld in table for card in meld}
    both = sorted(card.code() for card in hand if card in on_table)
    if both:
        raise ApiError(f"cards: {' '.join(both)} is on the table too: Gin plays with one pack", 422)
    if table:
        defence = defend(table, hand)
        melds, deadwood, laid = defence.melds, defence.deadwood, defence.layoffs
    else:
        best = least_deadwood(hand).arrangements[0]
        melds, deadwood, laid = best.melds, best.deadwood, ()
    onto: dict[int, list[Card]] = {}
    for card, place in laid:
        onto.setdefault(place, []).append(card)
    melded = sum(points(card) for meld in melds for card in meld)
    laid_points = sum(points(card) for card, _ in laid)
    return GinArrangeResponse(
        melds=[
            ArrangedMeld(
                cards=[card.code() for card in meld],
                kind=_kind(meld),
                points=sum(points(card) for card in meld),
                readings=[card.code() for card in meld],
            )
            for meld in melds
        ],
        layoffs=[
            ArrangedLayoff(
                onto=index,
                cards=[card.code() for card in cards],
                points=sum(points(card) for card in cards),
                readings=[card.code() for card in cards],
            )
            for index, cards in sorted(onto.items())
        ],
        unplaced=[card.code() for card in deadwood],
        points=melded + laid_points,
        exact=True,
        deadwood=sum(points(card) for card in deadwood),
    )


def score(rules: GinRules, body: GinScoreRequest) -> tuple[GinScoreResponse, int]:
    """The hand scored (200), or its problems (422: a hand that cannot have been played so)."""
    try:
        entries = entries_of(body.players, body.dead)
    except ApiError as error:
        if error.status != 422:
            raise
        return GinScoreResponse(players=[], problems=[error.message]), 422
    names = [entry.name for entry in entries]
    pairs = pairs_named(body.players) or (default_pairs(names, 1) if len(names) in (2, 4) else [])
    want = 4 if rules.partnership else 2
    problem = None
    if len(entries) != want:
        game = "partnership gin" if rules.partnership else "Gin"
        problem = f"players: {game} seats {want}, not {len(entries)}"
    try:
        upcard = None if body.upcard is None else Card.from_code(body.upcard)
        scored = (
            []
            if problem
            else score_round(rules, GinRound(tuple(entries), upcard, body.dead), pairs)
        )
    except (GinError, CardError) as error:
        problem = str(error)
    if problem is not None:
        return GinScoreResponse(players=[], problems=[problem]), 422
    sides = {name: name for name in names}
    if rules.partnership:  # partners across: seats 1 and 3, 2 and 4
        sides = {
            name: f"{names[seat % 2]} & {names[seat % 2 + 2]}" for seat, name in enumerate(names)
        }
    teams: dict[str, int] = {}
    for entry in scored:
        if rules.partnership:
            teams[sides[entry.name]] = teams.get(sides[entry.name], 0) + entry.points
    return (
        GinScoreResponse(
            players=[
                player_out(entry, sides[entry.name] if rules.partnership else None)
                for entry in scored
            ],
            teams=[GinSideOut(team=team, total=total) for team, total in teams.items()],
        ),
        200,
    )
