"""A Gin game over JSON: its hands posted to ``<edit_url>/rounds`` and its scoreboard.

A hand the rules refuse (a card twice, eleven cards without big gin, a knocker over the limit,
no knocker and not dead, two knockers, an upcard missing under Oklahoma or given without it) is
a 422 that names it, and nothing is stored; a player not seated or missing is a 422 too. Keys
and versions work as for rummy rounds.
"""

from __future__ import annotations

from collections.abc import Sequence

from flask import Response

from ...api.endpoints import parse_body
from ...api.errors import ApiError
from ...api.game_models import GameRequest, RoundOut
from ...api.games import etag, json_response
from ...api.posting import key_used_elsewhere, refuse_unseated_dealer, seated_sides, stale_game
from ...api.systems import BoardRounds
from ...engine.cards import Card, CardError
from ...store import changes, records
from ...store.models import Game, Round
from ...store.scoreboard import Board
from . import store as gin
from .board import GinView
from .hand import GinError
from .melds import is_run, points
from .models import (
    GinDeadwoodOut,
    GinLayoffOut,
    GinMeldOut,
    GinPlayerIn,
    GinPlayerOut,
    GinRoundBody,
    GinRoundResponse,
    GinSideOut,
)
from .round import Entry, Scored
from .rules import gin_rules_for


def player_out(scored: Scored, team: str | None) -> GinPlayerOut:
    onto: dict[int, list[str]] = {}
    for card, meld in scored.layoffs:
        onto.setdefault(meld, []).append(card.code())
    return GinPlayerOut(
        name=scored.name,
        team=team,
        knocked=scored.knocked,
        melds=[
            GinMeldOut(
                cards=[card.code() for card in meld],
                kind="run" if is_run(meld) else "set",
                points=sum(points(card) for card in meld),
            )
            for meld in scored.melds
        ],
        deadwood=GinDeadwoodOut(
            points=scored.deadwood_points, cards=[card.code() for card in scored.deadwood]
        ),
        deadwood_before_layoffs=scored.deadwood_before_layoffs,
        layoffs=[GinLayoffOut(onto=meld, cards=cards) for meld, cards in sorted(onto.items())],
        result=scored.result,
        points=scored.points,
        total=scored.points,
        lines=list(scored.lines),
        warnings=list(scored.warnings),
    )


def players_out(game: Game, scored: Sequence[Scored]) -> list[GinPlayerOut]:
    teams = {player.name: player.team for player in game.players}
    return [player_out(entry, teams[entry.name]) for entry in scored]


def sides_out(game: Game, scored: Sequence[Scored]) -> list[GinSideOut]:
    """Partnership gin: each side's points in the round (none without sides)."""
    teams = {player.name: player.team for player in game.players}
    sums: dict[str, int] = {}
    for player in game.players:
        if player.team:
            sums.setdefault(player.team, 0)
    for entry in scored:
        team = teams[entry.name]
        if team:
            sums[team] += entry.points
    return [GinSideOut(team=team, total=total) for team, total in sums.items()]


def _card(code: str | None, field: str) -> Card | None:
    if code is None:
        return None
    try:
        return Card.from_code(code)
    except CardError as error:
        raise ApiError(f"{field}: {error}", 422) from None


def entries_of(players: Sequence[GinPlayerIn], dead: bool) -> list[Entry]:
    """The players' entries as posted; an ApiError (422) names one given both ways, or
    without cards (or a count) in a hand that is not dead."""
    entries = []
    for index, player in enumerate(players):
        if player.cards is not None and player.counted is not None:
            raise ApiError(f"players[{index}]: give the cards or `counted`, not both", 422)
        if player.cards is None and player.counted is None and not dead:
            raise ApiError(f"players[{index}]: {player.name}'s cards (or `counted`)", 422)
        cards = [_card(code, f"players[{index}].cards") for code in player.cards or ()]
        entries.append(
            Entry(
                player.name,
                [card for card in cards if card is not None],
                player.knocked,
                counted=player.counted,
                big_gin=player.big_gin,
                melds=None
                if player.melds is None
                else [
                    [card for code in meld if (card := _card(code, f"players[{index}].melds"))]
                    for meld in player.melds
                ],
            )
        )
    return entries


def pairs_named(players: Sequence[GinPlayerIn]) -> list[tuple[str, str]] | None:
    """Who played whom, where the body says (``against``), else None."""
    if not any(player.against for player in players):
        return None
    pairs: list[tuple[str, str]] = []
    for player in players:
        if player.against and (player.against, player.name) not in pairs:
            pairs.append((player.name, player.against))
    return pairs


def read_body(game: Game, body: GinRoundBody, number: int) -> gin.StoredHand:
    """The posted round as the store takes it, in seat order; an ApiError (422) names a player
    not seated, missing or named twice, and a hand given both ways."""
    entries = entries_of(body.players, body.dead)
    try:
        return gin.in_seat_order(game, entries, pairs_named(body.players), number)
    except gin.HandRefused as error:
        raise ApiError(f"players: {error}", 422) from None


def post_round(game: Game, key: str, expected: int | None) -> Response:
    """Store the posted hand (201 with its scores, the same for a retried key), or say why
    not (422: nothing is stored)."""
    body = parse_body(GinRoundBody)
    refuse_unseated_dealer(game, body.dealer)
    stored = records.round_by_key(game, key)
    number = stored.number if stored else records.next_round_number(game)
    hand = read_body(game, body, number)
    upcard = _card(body.upcard, "upcard")
    try:
        scored = gin.check(game, hand, upcard, body.dead)
    except (GinError, CardError) as error:
        field = "upcard" if str(error).startswith("upcard") else "players"
        message = str(error).removeprefix("upcard: ")
        raise ApiError(f"{field}: {message}", 422) from None
    if stored is None:
        dealer = body.dealer if body.dealer is not None else records.upcoming_dealer(game)
        try:
            stored = gin.store_hand(
                game,
                hand,
                upcard=upcard,
                dead=body.dead,
                dealer=dealer,
                idempotency_key=key,
                expected_version=expected,
            )
        except (GinError, gin.HandRefused) as error:
            raise ApiError(f"players: {error}", 422) from None
        except changes.StaleGame:
            return stale_game(game)
    if not _same(stored, hand, upcard, body.dead, body.dealer):
        raise key_used_elsewhere(key, "hand", stored.number)
    response = GinRoundResponse(
        players=players_out(game, scored),
        teams=sides_out(game, scored),
        round=stored.number,
        version=game.version,
        dealer=stored.dealer.name if stored.dealer else None,
    )
    return json_response(response, 201, {"ETag": etag(game.version)})


def _same(
    stored: Round, hand: gin.StoredHand, upcard: Card | None, dead: bool, dealer: str | None
) -> bool:
    again = gin.hand_of(stored)
    return (
        again.round.players == hand.round.players
        and again.round.upcard == upcard
        and again.round.dead == dead
        and (dealer is None or (stored.dealer is not None and stored.dealer.name == dealer))
    )


def rounds_out(game: Game, view: GinView) -> list[RoundOut]:
    """Every hand as the scoreboard's JSON gives its rounds (``ended_by``: the result)."""
    out = []
    for row in view.hands:
        scored = [player.scored for player in row.players]
        out.append(
            RoundOut(
                number=row.number,
                dealer=row.dealer,
                ended_by=scored[0].result,
                went_out=next((entry.name for entry in scored if entry.knocked), None),
                wild_rank=None,
                joker_effect=None,
                scores=players_out(game, scored),
                teams=sides_out(game, scored),
                warnings=[],
            )
        )
    return out


def start_game(body: GameRequest, preset: str) -> Game:
    """A Gin game: two players, or four in two sides of two for partnership gin (sides named
    with ``team`` are seated so that partners sit across; without, partners are the players
    across as given)."""
    options = {} if isinstance(body.rules, str) else body.rules.options
    rules = gin_rules_for(preset, options)  # a RulesError names a bad option (400)
    if not rules.partnership and any(p.team is not None for p in body.players):
        raise ApiError("players: two-player gin has no sides (team)", 422)
    names, teams = seated_sides([(p.name, p.team) for p in body.players])
    try:
        return gin.create_gin_game(
            body.name, rules, names, preset=preset, dealer=body.dealer, teams=teams
        )
    except GinError as error:
        raise ApiError(f"players: {error}", 422) from None


def board_rounds(board: Board) -> BoardRounds:
    """Every hand, each player's entry rescored from what the table gave."""
    return BoardRounds(rounds_out(board.game, board.view))
