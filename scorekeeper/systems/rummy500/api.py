"""The Rummy 500 family over JSON: a game started from ``POST /api/v1/games`` and its rounds
posted to ``<edit_url>/rounds`` (cards, or totals), each checked (scored) once: refused, stored
and answered with the same value.
"""

from __future__ import annotations

from flask import Response

from ...api.endpoints import parse_body
from ...api.errors import ApiError
from ...api.game_models import (
    GameRequest,
    GameRoundBody,
    GameRoundResponse,
    RoundRefusedResponse,
    SeatIn,
)
from ...api.games import etag, json_response, round_out
from ...api.posting import key_used_elsewhere, refuse_unseated_dealer, stale_game
from ...api.rounds import refuse_tame_round_declarations, round_record, round_response
from ...api.systems import BoardRounds
from ...api.types import to_rules
from ...engine.rules import Rules
from ...engine.scoring import RoundRecord, RoundScore
from ...engine.seating import SeatingError, seat_sides
from ...engine.standings import Seat, StandingsError
from ...store import changes, records
from ...store.models import Game, Round
from ...store.records import CheckedRound
from ...store.scoreboard import Board


def _check_sides(rules: Rules, players: list[SeatIn]) -> None:
    """Under partnership rules every player names their side, and there are two or more."""
    if not rules.partnership:
        return
    for index, player in enumerate(players):
        if player.team is None:
            raise ApiError(
                f"players[{index}].team: is required under partnership rules "
                "(every player plays for a side)"
            )
    if len({player.team for player in players}) < 2:
        raise ApiError("players: partnership rules need at least two sides", 422)


def start_game(body: GameRequest, preset: str) -> Game:
    """A game of the family: its rules (a RulesError names a bad option), its seats and sides."""
    rules = to_rules(body.rules)
    _check_sides(rules, body.players)
    seats = [Seat(player.name, player.team) for player in body.players]
    if rules.partnership:  # the sides as named, seated so that partners sit across
        try:
            seated = seat_sides([(seat.name, seat.team or "") for seat in seats])
        except SeatingError as error:
            raise ApiError(f"players: {error}", 422) from None
        seats = [Seat(name, team) for name, team in seated]
    try:
        return records.create_game(body.name, rules, seats, preset=preset, dealer=body.dealer)
    except StandingsError as error:
        raise ApiError(f"players: {error}") from None
    except records.RecordError as error:
        raise ApiError(f"dealer: {error}") from None


def _same_round(stored: Round, checked: CheckedRound | None, dealer: str | None) -> bool:
    """Whether a round stored under an Idempotency-Key is the one in this request (``checked``;
    None: a round that does not fit the game)."""
    if checked is None:
        return False
    if dealer is not None and (stored.dealer is None or stored.dealer.name != dealer):
        return False
    return records.round_record(stored) == checked.record


def _refused(score: RoundScore, record: RoundRecord) -> Response:
    base = round_response(score, record)
    problems = " ".join(score.problems)
    return json_response(
        RoundRefusedResponse(**dict(base), error=f"the round was not stored: {problems}"), 422
    )


def post_round(game: Game, key: str, expected: int | None) -> Response:
    """Store the posted round (201 with its scores, the same for a retried key), or say why
    not."""
    body = parse_body(GameRoundBody)
    refuse_tame_round_declarations(records.game_rules(game), body)
    record = round_record(body)
    refuse_unseated_dealer(game, body.dealer, 400)
    stored = records.round_by_key(game, key)
    # the round is checked (scored) once: refused, stored and answered with the same value
    checked: CheckedRound | None
    try:
        checked = records.check_round(game, record)
    except records.RecordError as error:
        if stored is None:
            raise ApiError(str(error)) from None
        checked = None  # a retried key with another round: refused below
    if stored is None:
        assert checked is not None
        if not checked.ok:
            return _refused(checked.score, record)
        dealer = body.dealer if body.dealer is not None else records.upcoming_dealer(game)
        try:
            # posting a round through the API accepts its warnings (house-rule matters)
            stored = records.store_checked(
                game,
                checked,
                dealer=dealer,
                idempotency_key=key,
                accepted_warnings=checked.score.warnings,
                expected_version=expected,
            )
        except records.RoundRefused as refused:
            return _refused(refused.score, record)
        except records.RecordError as error:
            raise ApiError(str(error)) from None
        except changes.StaleGame:
            return stale_game(game)
    if not _same_round(stored, checked, body.dealer):
        raise key_used_elsewhere(key, "round", stored.number)
    assert checked is not None  # the stored round is this one, as checked
    response = GameRoundResponse(
        **dict(round_response(checked.score, checked.record)),
        round=stored.number,
        version=game.version,
        dealer=stored.dealer.name if stored.dealer else None,
    )
    return json_response(response, 201, {"ETag": etag(game.version)})


def board_rounds(board: Board) -> BoardRounds:
    """Every round of the shared rounds table, rescored from its cards."""
    return BoardRounds([round_out(row) for row in board.rounds])
