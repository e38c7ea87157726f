"""Rounds between JSON and the engine: a request body to a round record, a score to a response.

The stateless ``POST /api/v1/rounds/score`` uses these, and so will a game's stored rounds.
"""

from __future__ import annotations

from ..engine.cards import Card
from ..engine.scoring import LayoffRecord, MeldRecord, PlayerRecord, RoundRecord, RoundScore
from .round_models import (
    MeldObject,
    PlayerByCards,
    PlayerScore,
    RoundBody,
    RoundScoreResponse,
    TeamScore,
)


def _cards(codes: list[str], called: list[Card]) -> tuple[Card, ...]:
    """Codes already made canonical by the request model; ``9S!`` marks a Rummy call."""
    cards = []
    for code in codes:
        card = Card.from_code(code.removesuffix("!"))
        if code.endswith("!"):
            called.append(card)
        cards.append(card)
    return tuple(cards)


def round_record(body: RoundBody) -> RoundRecord:
    """The engine's record of a round from its JSON body."""
    players = []
    for player in body.players:
        if isinstance(player, PlayerByCards):
            called: list[Card] = []
            melds = tuple(
                MeldRecord(_cards(m.cards, called), m.laid_at_once, m.doubled)
                if isinstance(m, MeldObject)
                else MeldRecord(_cards(m, called))
                for m in player.melds
            )
            layoffs = tuple(
                LayoffRecord(
                    layoff.onto.player, layoff.onto.meld, _cards(layoff.cards, called), layoff.final
                )
                for layoff in player.layoffs
            )
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


def round_response(score: RoundScore) -> RoundScoreResponse:
    return RoundScoreResponse(
        players=[
            PlayerScore(
                name=p.name,
                team=p.team,
                melded=p.melded,
                in_hand=p.in_hand,
                bonus=p.bonus,
                total=p.total,
                lines=list(p.lines),
                hand_points=p.hand_points,
                went_out=p.went_out,
            )
            for p in score.players
        ],
        teams=[
            TeamScore(team=t.team, melded=t.melded, in_hand=t.in_hand, bonus=t.bonus, total=t.total)
            for t in score.teams
        ],
        problems=list(score.problems),
        warnings=list(score.warnings),
    )
