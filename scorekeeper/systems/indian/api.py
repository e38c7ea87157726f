"""An Indian Rummy game over JSON: its deals posted to ``<edit_url>/rounds`` and its scoreboard.

A deal the rules refuse (two declarers, a hand of the wrong size, a card the packs cannot hold,
a drop and a declaration together, an invalid show while the hand goes on, a rejoin the pool
does not allow, a player out of the pool dealt in) is a 422 that names it, and nothing is
stored; a deal after the pool is won is a 409, as for every game that is over.
"""

from __future__ import annotations

from collections.abc import Sequence

from flask import Response

from ...api.endpoints import parse_body
from ...api.errors import ApiError
from ...api.game_models import GameRequest, RoundOut
from ...api.games import etag, json_response
from ...api.posting import key_used_elsewhere, refuse_unseated_dealer, stale_game
from ...api.systems import BoardRounds
from ...engine.cards import Card, CardError
from ...store import changes, records
from ...store.models import Game, Round
from ...store.scoreboard import Board
from . import store as indian
from .board import IndianView, added
from .deal import Deal, Entry, Scored
from .melds import read_wild_rank
from .models import (
    IndianMeldOut,
    IndianPlayerIn,
    IndianPlayerOut,
    IndianRoundBody,
    IndianRoundResponse,
)
from .rules import IndianError, indian_rules_for


def player_out(scored: Scored, total: int | None = None) -> IndianPlayerOut:
    """A player's entry; ``total`` what the deal adds to their standing (default: the points
    they pay, as a deal scored alone)."""
    return IndianPlayerOut(
        name=scored.name,
        role=scored.role,
        melds=[
            IndianMeldOut(cards=meld.codes(), kind=meld.kind, pure=meld.pure)
            for meld in scored.melds
        ],
        valid_show=scored.valid_show,
        reasons=list(scored.reasons),
        unmatched=[card.code() for card in scored.unmatched],
        points=scored.points,
        total=scored.points if total is None else total,
        lines=list(scored.lines),
        warnings=list(scored.warnings),
    )


def _cards(codes: Sequence[str], field: str) -> list[Card]:
    try:
        return [Card.from_code(code) for code in codes]
    except CardError as error:
        raise ApiError(f"{field}: {error}", 422) from None


def entries_of(players: Sequence[IndianPlayerIn]) -> list[Entry]:
    """The players' entries as posted; a 422 names one given both ways."""
    entries = []
    for index, player in enumerate(players):
        if player.cards is not None and player.counted is not None:
            raise ApiError(f"players[{index}]: give the cards or `counted`, not both", 422)
        entries.append(
            Entry(
                player.name,
                _cards(player.cards or (), f"players[{index}].cards"),
                declared=player.declared,
                drop=player.drop,
                wrong_show=player.wrong_show,
                counted=player.counted,
                melds=None
                if player.melds is None
                else [_cards(meld, f"players[{index}].melds") for meld in player.melds],
                rejoin=player.rejoin,
            )
        )
    return entries


def wild_rank_of(text: str | None) -> str | None:
    try:
        return read_wild_rank(text)
    except CardError as error:
        raise ApiError(f"wild_rank: {error}", 422) from None


def post_round(game: Game, key: str, expected: int | None) -> Response:
    """Store the posted deal (201 with its scores, the same for a retried key), or say why
    not (422: nothing is stored)."""
    body = parse_body(IndianRoundBody)
    refuse_unseated_dealer(game, body.dealer)
    try:
        deal = indian.in_seat_order(game, entries_of(body.players), wild_rank_of(body.wild_rank))
    except indian.DealRefused as error:
        raise ApiError(f"players: {error}", 422) from None
    stored = records.round_by_key(game, key)
    try:
        result = indian.check(game, deal, stored.number if stored else None)
    except IndianError as error:
        if stored is None:
            if (over := records.game_over(game)) is not None:
                raise over from None  # a deal after the end: the 409 every family gives
            raise ApiError(f"players: {error}", 422) from None
        result = None
    if stored is None:
        assert result is not None
        dealer = body.dealer if body.dealer is not None else records.upcoming_dealer(game)
        try:
            stored = indian.store_deal(
                game, deal, dealer=dealer, idempotency_key=key, expected_version=expected
            )
        except (IndianError, indian.DealRefused) as error:
            raise ApiError(f"players: {error}", 422) from None
        except changes.StaleGame:
            return stale_game(game)
    if result is None or not _same(stored, deal, body.dealer):
        raise key_used_elsewhere(key, "deal", stored.number)
    moved = added(indian.indian_rules(game), result)
    response = IndianRoundResponse(
        players=[player_out(player, moved[player.name]) for player in result.players],
        round=stored.number,
        version=game.version,
        dealer=stored.dealer.name if stored.dealer else None,
    )
    return json_response(response, 201, {"ETag": etag(game.version)})


def _same(stored: Round, deal: Deal, dealer: str | None) -> bool:
    return indian.deal_of(stored) == deal and (
        dealer is None or (stored.dealer is not None and stored.dealer.name == dealer)
    )


def rounds_out(view: IndianView) -> list[RoundOut]:
    """Every deal as the scoreboard's JSON gives its rounds (``ended_by``: ``show``, or
    ``wrong_show`` for a deal a wrong show ended)."""
    moved = [added(view.rules, result) for result in view.results]
    return [
        RoundOut(
            number=row.number,
            dealer=row.dealer,
            ended_by="show" if any(p.role == "winner" for p in row.players) else "wrong_show",
            went_out=next((p.name for p in row.players if p.role == "winner"), None),
            wild_rank=row.wild_rank,
            joker_effect=None,
            scores=[player_out(player, moved[index][player.name]) for player in row.players],
            teams=[],
            warnings=[],
        )
        for index, row in enumerate(view.deals)
    ]


def start_game(body: GameRequest, preset: str) -> Game:
    """An Indian game: two to six players, no sides."""
    options = {} if isinstance(body.rules, str) else body.rules.options
    rules = indian_rules_for(preset, options)  # a RulesError names a bad option (400)
    if any(p.team is not None for p in body.players):
        raise ApiError("players: Indian Rummy has no sides (team)", 422)
    try:
        return indian.create_indian_game(
            body.name, rules, [p.name for p in body.players], preset=preset, dealer=body.dealer
        )
    except IndianError as error:
        raise ApiError(f"players: {error}", 422) from None


def board_rounds(board: Board) -> BoardRounds:
    """Every deal, and each player's pool standing or chips."""
    view: IndianView = board.view
    game = view.game
    standing: dict[str, dict[str, object]] = {}
    for name in board.players:
        if game.variant == "pool":
            standing[name] = {
                "out": game.out.get(name, False),
                "rejoined": game.rejoined.get(name, False),
            }
        elif game.variant == "deals":
            standing[name] = {"chips": game.chips.get(name, 0)}
    return BoardRounds(rounds_out(view), standing=standing)
