"""A Spades game over JSON: its hands posted to ``<edit_url>/rounds`` and its scoreboard.

A hand whose tricks do not add up to 13 (or that the rules refuse: blind nil not allowed, a side
under ``min_side_bid``) is a 422 that names it, and nothing is stored; a bid or tricks out of
range, or a player not seated, is a 400. Keys and versions work as for rummy rounds.
"""

from __future__ import annotations

from flask import Response, jsonify

from ...api.endpoints import parse_body
from ...api.errors import ApiError
from ...api.game_models import GameRequest, RoundOut
from ...api.posting import key_used_elsewhere, refuse_unseated_dealer, seated_sides, stale_game
from ...api.systems import BoardRounds
from ...store import changes, records
from ...store.models import Game, Round
from ...store.scoreboard import Board
from . import store as spades
from .board import SpadesView
from .models import (
    SpadesPlayerOut,
    SpadesRoundBody,
    SpadesRoundResponse,
    SpadesSideOut,
)
from .presets import spades_rules_for
from .rules import SideScore, SpadesError, SpadesHand, parse_bid


def side_out(score: SideScore) -> SpadesSideOut:
    return SpadesSideOut(
        team=score.side,
        contract=score.contract,
        tricks=score.tricks,
        total=score.points,
        bags=score.bags_after,
        lines=list(score.lines),
    )


def players_out(game: Game, hand: SpadesHand) -> list[SpadesPlayerOut]:
    sides = spades.game_sides(game)
    return [
        SpadesPlayerOut(name=p.name, team=sides[p.name], bid=p.bid, tricks=p.tricks)
        for p in hand.players
    ]


def _json(body: dict[str, object], status: int, etag: int | None = None) -> Response:
    response = jsonify(body)
    response.status_code = status
    if etag is not None:
        response.headers["ETag"] = f'"{etag}"'
    return response


def _hand(game: Game, body: SpadesRoundBody) -> SpadesHand:
    try:
        return spades.in_seat_order(
            game, [(p.name, parse_bid(p.bid), p.tricks) for p in body.players]
        )
    except (spades.HandRefused, SpadesError) as error:
        raise ApiError(f"players: {error}") from None


def store_hand(game: Game, body: SpadesRoundBody, key: str, expected: int | None) -> Response:
    """Store the posted hand (201 with its scores), or say why not."""
    hand = _hand(game, body)
    refuse_unseated_dealer(game, body.dealer, 400)
    stored = records.round_by_key(game, key)
    if stored is None:
        try:
            checked = spades.check(game, hand)
        except SpadesError as error:
            return _json(
                {
                    "players": [p.model_dump() for p in players_out(game, hand)],
                    "teams": [],
                    "problems": str(error).split("; "),
                    "error": f"the hand was not stored: {error}",
                },
                422,
            )
        dealer = body.dealer if body.dealer is not None else records.upcoming_dealer(game)
        try:
            stored = spades.store_hand(
                game, hand, dealer=dealer, idempotency_key=key, expected_version=expected
            )
        except changes.StaleGame:
            return stale_game(game)
        scored = checked.sides
    else:
        same = spades.hand_of(stored) == hand and (
            body.dealer is None or (stored.dealer is not None and stored.dealer.name == body.dealer)
        )
        if not same:
            raise key_used_elsewhere(key, "hand", stored.number)
        scored = _scored(game, stored)
    response = SpadesRoundResponse(
        players=players_out(game, hand),
        teams=[side_out(side) for side in scored],
        round=stored.number,
        version=game.version,
        dealer=stored.dealer.name if stored.dealer else None,
    )
    return _json(response.model_dump(mode="json"), 201, game.version)


def _scored(game: Game, stored: Round) -> tuple[SideScore, ...]:
    """What a stored hand did for each side, given the hands before it."""
    return spades.check(game, spades.hand_of(stored), stored.number).sides


def rounds_out(view: SpadesView) -> list[RoundOut]:
    """Every hand as the scoreboard's JSON gives its rounds (``ended_by``: ``hand``)."""
    return [
        RoundOut(
            number=row.number,
            dealer=row.dealer,
            ended_by="hand",
            went_out=None,
            wild_rank=None,
            joker_effect=None,
            scores=[
                SpadesPlayerOut(name=name, team=side.side, bid=_bid(bid), tricks=tricks)
                for side in row.sides
                for name, bid, tricks in side.players
            ],
            teams=[side_out(side.score) for side in row.sides],
            warnings=[],
        )
        for row in view.hands
    ]


def _bid(shown: str) -> int | str:
    return int(shown) if shown.isdigit() else shown.replace(" ", "_")


def start_game(body: GameRequest, preset: str) -> Game:
    """A Spades game: four players in two sides of two. Sides named (``team``) are the sides
    scored, under their names, seated so that partners sit across; without, partners are the
    players across as given ("Ann & Cy")."""
    options = {} if isinstance(body.rules, str) else body.rules.options
    rules = spades_rules_for(preset, options)  # a RulesError names a bad option (400)
    if len(body.players) != 4:
        raise ApiError(
            f"players: Spades is for four players in two sides, not {len(body.players)}", 422
        )
    names, teams = seated_sides([(p.name, p.team) for p in body.players])
    try:
        return spades.create_spades_game(
            body.name, rules, names, preset=preset, dealer=body.dealer, teams=teams
        )
    except SpadesError as error:
        raise ApiError(f"players: {error}", 422) from None


def post_round(game: Game, key: str, expected: int | None) -> Response:
    """Store the posted hand (:func:`store_hand`)."""
    return store_hand(game, parse_body(SpadesRoundBody), key, expected)


def board_rounds(board: Board) -> BoardRounds:
    """Every hand, a player's total their side's, and the bags each side carries."""
    view: SpadesView = board.view
    standing = board.standing
    totals = {name: standing.team_totals[standing.side_of[name]] for name in standing.totals}
    return BoardRounds(rounds_out(view), totals, view.bags)
