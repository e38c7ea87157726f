"""Rounds between JSON and the engine: a request body to a round record, a score to a response.

The stateless ``POST /api/v1/rounds/score`` uses these, and so will a game's stored rounds.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.cards import Card, declared_code
from ..engine.melds import Verdict
from ..engine.points import Context
from ..engine.rules import Rules
from ..engine.scoring import LayoffRecord, MeldRecord, PlayerRecord, RoundRecord, RoundScore
from ..engine.scoring import PlayerScore as ScoredPlayer
from .declared import reading_code, refuse_tame_declarations, split_declared
from .round_models import (
    Layoff,
    LayoffScore,
    MeldObject,
    MeldScore,
    PlayerByCards,
    PlayerScore,
    RoundBody,
    RoundScoreResponse,
    TeamScore,
)


def _cards(
    codes: list[str], called: list[Card]
) -> tuple[tuple[Card, ...], tuple[Card | None, ...]]:
    """Codes already made canonical by the request model: the cards and their declared
    readings (``JK=5C``); ``9S!`` marks a Rummy call."""
    cards, declared = split_declared([code.removesuffix("!") for code in codes])
    called += [card for card, code in zip(cards, codes, strict=True) if code.endswith("!")]
    return cards, declared


def refuse_tame_round_declarations(rules: Rules, body: RoundBody) -> None:
    """A 400 naming the first meld or layoff card declared as another card although it is not
    wild in this round (its rules, wild rank and dealer's joker effect)."""
    ctx = Context(rules, body.wild_rank, body.joker_effect)
    for number, player in enumerate(body.players):
        if not isinstance(player, PlayerByCards):
            continue
        for index, meld in enumerate(player.melds):
            if isinstance(meld, MeldObject):
                where, codes = f"players[{number}].melds[{index}].cards", meld.cards
            else:
                where, codes = f"players[{number}].melds[{index}]", meld
            refuse_tame_declarations(ctx, where, codes)
        for index, layoff in enumerate(player.layoffs):
            where = f"players[{number}].layoffs[{index}].cards"
            refuse_tame_declarations(ctx, where, layoff.cards)


def _meld(meld: MeldObject | list[str], called: list[Card]) -> MeldRecord:
    if isinstance(meld, MeldObject):
        cards, declared = _cards(meld.cards, called)
        return MeldRecord(cards, meld.laid_at_once, meld.doubled, declared)
    cards, declared = _cards(meld, called)
    return MeldRecord(cards, declared=declared)


def _layoff(layoff: Layoff, called: list[Card]) -> LayoffRecord:
    cards, declared = _cards(layoff.cards, called)
    return LayoffRecord(layoff.onto.player, layoff.onto.meld, cards, layoff.final, declared)


def round_record(body: RoundBody) -> RoundRecord:
    """The engine's record of a round from its JSON body."""
    players = []
    for player in body.players:
        if isinstance(player, PlayerByCards):
            called: list[Card] = []
            melds = tuple(_meld(m, called) for m in player.melds)
            layoffs = tuple(_layoff(layoff, called) for layoff in player.layoffs)
            hand = tuple(Card.from_code(code) for code in player.hand)
            players.append(
                PlayerRecord(
                    player.name, player.team, player.went_out, melds, layoffs, hand, tuple(called)
                )
            )
        else:
            players.append(
                PlayerRecord(
                    player.name,
                    player.team,
                    player.went_out,
                    melded_points=player.melded_points,
                    hand_points=player.hand_points,
                )
            )
    return RoundRecord(
        tuple(players), body.ended_by, body.wild_rank, body.joker_effect, frozenset(body.opening)
    )


def _shown(
    verdict: Verdict | None, cards: Sequence[Card], declared: Sequence[Card | None]
) -> list[str]:
    """Cards as they read in ``verdict`` (its checked cards), a declared reading as declared."""
    readings = verdict.readings[verdict.added_from :] if verdict is not None else ()
    if len(readings) != len(cards):  # no verdict (a layoff onto no meld): the cards as given
        return [
            declared_code(card, reading) for card, reading in zip(cards, declared, strict=False)
        ]
    pins = list(declared) or [None] * len(cards)
    return [reading_code(reading, pin) for reading, pin in zip(readings, pins, strict=True)]


def _player_score(p: ScoredPlayer, record: PlayerRecord | None) -> PlayerScore:
    melds: list[MeldScore] = []
    layoffs: list[LayoffScore] = []
    if record is not None and not record.by_totals:
        for meld, verdict, points in zip(record.melds, p.verdicts, p.meld_points, strict=False):
            cards, declared = meld.cards, meld.declared
            if meld.doubled:  # the dealer's joker lies on the set as a marker, unread
                kept = [i for i, card in enumerate(cards) if not card.is_joker]
                cards, declared = tuple(cards[i] for i in kept), ()
            melds.append(
                MeldScore(cards=_shown(verdict, cards, declared), kind=verdict.kind, points=points)
            )
        for layoff, laid in zip(record.layoffs, p.layoff_verdicts, strict=False):
            points = 0 if laid is None or layoff.final else laid.points
            layoffs.append(
                LayoffScore(cards=_shown(laid, layoff.cards, layoff.declared), points=points)
            )
    return PlayerScore(
        name=p.name,
        team=p.team,
        melded=p.melded,
        in_hand=p.in_hand,
        bonus=p.bonus,
        total=p.total,
        lines=list(p.lines),
        hand_points=p.hand_points,
        went_out=p.went_out,
        melds=melds,
        layoffs=layoffs,
    )


def round_response(score: RoundScore, record: RoundRecord | None = None) -> RoundScoreResponse:
    """The response for a scored round; with its ``record``, each player's melds and layoffs
    as they read (``JK=5C``)."""
    records: Sequence[PlayerRecord | None] = (
        record.players if record is not None else [None] * len(score.players)
    )
    return RoundScoreResponse(
        players=[_player_score(p, r) for p, r in zip(score.players, records, strict=True)],
        teams=[
            TeamScore(team=t.team, melded=t.melded, in_hand=t.in_hand, bonus=t.bonus, total=t.total)
            for t in score.teams
        ],
        problems=list(score.problems),
        warnings=list(score.warnings),
    )
