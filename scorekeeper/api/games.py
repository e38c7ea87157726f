"""A game over JSON (API.md, "Games"): start it, record its rounds, watch its scoreboard.

A game has two links, each carrying an unguessable token: the scorer's ``/s/<scorer_token>``
(``edit_url``) and the watchers' ``/w/<watcher_token>`` (``view_url``). A wrong token, or the
watchers' token where the scorer's is needed, is a 404 that never says whether a game exists.

- ``POST /api/v1/games`` starts a game. It is declared on the API's blueprint (so it is in
  ``/api/v1/openapi.json`` and answers errors as the API does), from here.
- ``POST /s/<scorer_token>/rounds`` records a round (JSON body, ``Idempotency-Key`` header,
  optional ``If-Match: "<version>"``).
- ``GET /w/<watcher_token>.json`` is the scoreboard, with the game's version as its ETag: an
  unchanged game answers ``If-None-Match`` with a 304 after one indexed read.

Errors are JSON ``{"error": ...}`` with a 4xx status (:func:`.api.errors.wants_json` decides for
errors raised outside these views, such as a 405).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request
from pydantic import BaseModel
from sqlalchemy import select

from ..engine.rules import Rules
from ..engine.scoring import RoundRecord, RoundScore
from ..engine.spades import SpadesError
from ..engine.spades_presets import SPADES_PRESETS, spades_rules_for
from ..engine.standings import Seat, StandingsError
from ..store import changes, records, scoreboard
from ..store.db import db
from ..store.models import Game, Round
from ..store.records import CheckedRound
from ..store.spades import create_spades_game, spades_game
from ..web import links
from . import bp as api_bp
from . import spades as spades_api
from .endpoints import api_route, document, parse_body
from .errors import ApiError, json_errors
from .game_models import (
    BoardResponse,
    GameCreated,
    GameRequest,
    GameRoundBody,
    GameRoundPost,
    GameRoundResponse,
    GameRoundStored,
    RoundOut,
    RoundRefusedResponse,
    SeatIn,
    SeatOut,
    SideTotalOut,
    StaleGameResponse,
    TotalOut,
)
from .rounds import refuse_tame_round_declarations, round_record, round_response
from .spades_models import SpadesRoundBody
from .types import to_rules

bp: Blueprint = Blueprint("games_api", __name__)
json_errors(bp)

#: The longest Idempotency-Key (the column's width).
MAX_KEY_LENGTH = 100
NO_GAME = "no game has this link: check the address you were given"


def _json(model: BaseModel, status: int, headers: dict[str, str] | None = None) -> Response:
    response = jsonify(model.model_dump(mode="json", by_alias=True))
    response.status_code = status
    response.headers.update(headers or {})
    return response


def _etag(version: int) -> str:
    return f'"{version}"'


# --- POST /api/v1/games ----------------------------------------------------------------------


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
        raise ApiError("players: partnership rules need at least two sides")


@api_route(api_bp, "POST", "/games", body=GameRequest, responses={201: GameCreated})
def create_game(body: GameRequest) -> tuple[GameCreated, int, dict[str, str]]:
    """Start a game: its name, rules and players in seat order. Answers with its two links.

    `rules` is taken as it is now and kept with the game. `team` is required for every player
    under partnership rules (`partnership500`, `persian`) and optional otherwise; `dealer`
    names who deals the first round. `edit_url` is the scorer's link: `POST <edit_url>/rounds`
    records a round (keep it to the scorer). `view_url` is the watchers' link:
    `GET <view_url>.json` is the scoreboard. Location is `view_url`.
    """
    preset = body.rules if isinstance(body.rules, str) else body.rules.preset
    if preset in SPADES_PRESETS:
        return _create_spades_game(body, preset)
    rules = to_rules(body.rules)
    _check_sides(rules, body.players)
    try:
        game = records.create_game(
            body.name,
            rules,
            [Seat(player.name, player.team) for player in body.players],
            preset=preset,
            dealer=body.dealer,
        )
    except StandingsError as error:
        raise ApiError(f"players: {error}") from None
    except records.RecordError as error:
        raise ApiError(f"dealer: {error}") from None
    edit_url, view_url = links.game_links(game)
    return (
        GameCreated(id=game.id, edit_url=edit_url, view_url=view_url),
        201,
        {"Location": view_url},
    )


def _create_spades_game(body: GameRequest, preset: str) -> tuple[GameCreated, int, dict[str, str]]:
    """A Spades game: four players, partners across (any ``team`` given is not read)."""
    options = {} if isinstance(body.rules, str) else body.rules.options
    rules = spades_rules_for(preset, options)  # a RulesError names a bad option (400)
    try:
        game = create_spades_game(
            body.name, rules, [p.name for p in body.players], preset=preset, dealer=body.dealer
        )
    except SpadesError as error:
        raise ApiError(f"players: {error}") from None
    edit_url, view_url = links.game_links(game)
    return (
        GameCreated(id=game.id, edit_url=edit_url, view_url=view_url),
        201,
        {"Location": view_url},
    )


# --- POST /s/<scorer_token>/rounds -----------------------------------------------------------


def _game(role: links.Role, token: str) -> Game:
    game = links.game_by_token(role, token)
    if game is None:
        raise ApiError(NO_GAME, 404)
    return game


def _idempotency_key() -> str:
    """The ``Idempotency-Key`` header: required, 1 to 100 visible ASCII characters (quotes
    around it, as in the structured-field form ``"…"``, are taken off)."""
    key = request.headers.get("Idempotency-Key")
    if key is None:
        raise ApiError(
            "the Idempotency-Key header is required: a value of your own, new for "
            "each round (a UUID, say), sent again unchanged when you retry"
        )
    key = key.strip()
    if len(key) >= 2 and key[0] == key[-1] == '"':
        key = key[1:-1]
    if not 1 <= len(key) <= MAX_KEY_LENGTH or not all("!" <= char <= "~" for char in key):
        raise ApiError(
            f"Idempotency-Key: expected 1 to {MAX_KEY_LENGTH} visible ASCII "
            "characters (a UUID, say)"
        )
    return key


def _expected_version() -> int | None:
    """The version named by ``If-Match`` (``"3"``, or plain ``3``); None without one or for
    ``If-Match: *``."""
    if "If-Match" not in request.headers or request.if_match.star_tag:
        return None
    tags = request.if_match.as_set(include_weak=True)
    tag = next(iter(tags)) if len(tags) == 1 else None
    if not isinstance(tag, str) or not tag.isascii() or not tag.isdigit() or len(tag) > 9:
        raise ApiError("If-Match: expected the game's version as the scoreboard's ETag, e.g. \"3\"")
    return int(tag)


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
    return _json(
        RoundRefusedResponse(**dict(base), error=f"the round was not stored: {problems}"), 422
    )


@bp.post("/s/<token>/rounds")
def store_round(token: str) -> Response:
    """Record a round of the game (JSON): 201 with its scores, the same for a retried key."""
    game = _game("scorer", token)
    key = _idempotency_key()
    expected = _expected_version()
    if spades_game(game):
        return spades_api.store_hand(game, parse_body(SpadesRoundBody), key, expected)
    body = parse_body(GameRoundBody)
    refuse_tame_round_declarations(records.game_rules(game), body)
    record = round_record(body)
    if body.dealer is not None and body.dealer not in [p.name for p in game.players]:
        raise ApiError(f"dealer: {body.dealer} is not seated in this game")
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
            version = db.session.scalar(select(Game.version).where(Game.id == game.id))
            return _json(
                StaleGameResponse(
                    error=f"the game changed since you loaded it: now version {version}",
                    version=version or 0,
                ),
                409,
                {"ETag": _etag(version or 0)},
            )
    if not _same_round(stored, checked, body.dealer):
        raise ApiError(
            f"Idempotency-Key {key!r} was already used for round {stored.number}, "
            "which is not this round: use a new key for a new round",
            422,
        )
    assert checked is not None  # the stored round is this one, as checked
    response = GameRoundResponse(
        **dict(round_response(checked.score, checked.record)),
        round=stored.number,
        version=game.version,
        dealer=stored.dealer.name if stored.dealer else None,
    )
    return _json(response, 201, {"ETag": _etag(game.version)})


# --- GET /w/<watcher_token>.json -------------------------------------------------------------


def _not_modified(version: int) -> Response:
    response = Response(status=304)
    response.headers["ETag"] = _etag(version)
    response.headers["Cache-Control"] = "private, no-cache"
    return response


def _round_out(row: scoreboard.RoundRow) -> RoundOut:
    scored = round_response(row.score, row.record)
    return RoundOut(
        number=row.number,
        dealer=row.dealer,
        ended_by=row.ended_by,
        went_out=row.went_out,
        wild_rank=row.wild_rank,
        joker_effect=row.joker_effect,
        scores=scored.players,
        teams=scored.teams,
        warnings=scored.warnings,
    )


def board(game: Game) -> BoardResponse:
    """The game's scoreboard: the same board value as the pages', every round in it."""
    value = scoreboard.board(game, recent=None)
    standing = value.standing
    with_sides = value.with_sides
    rules: dict[str, Any] = ({"preset": game.preset} if game.preset else {}) | game.rules
    rounds: list[Any] = [_round_out(row) for row in value.rounds]
    totals = standing.totals
    bags: dict[str, int] = {}
    if value.spades is not None:  # a player's total is their side's; the sides carry bags
        rounds = spades_api.rounds_out(value.spades)
        totals = {name: standing.team_totals[standing.side_of[name]] for name in totals}
        bags = value.spades.bags
    return BoardResponse(
        name=game.name,
        rules=rules,
        players=[SeatOut(name=p.name, team=p.team, seat=p.seat) for p in game.players],
        rounds=rounds,
        totals=[
            TotalOut(name=name, team=standing.side_of[name] if with_sides else None, total=total)
            for name, total in totals.items()
        ],
        teams=[
            SideTotalOut(team=team, total=total, bags=bags.get(team))
            for team, total in standing.team_totals.items()
        ],
        target=value.target,
        version=game.version,
        finished=value.finished,
        winners=standing.winners,
        reason=standing.reason,
        next_dealer=value.next_dealer,
        next_round=value.next_round,
        next_wild_rank=value.next_wild,
    )


@bp.get("/w/<token>.json")
def watch(token: str) -> Response:
    """The scoreboard as JSON; 304 without a body while ``If-None-Match`` names the version."""
    version = links.watched_version(token)
    if version is None:
        raise ApiError(NO_GAME, 404)
    if request.if_none_match.contains_weak(str(version)):
        return _not_modified(version)  # one indexed read, nothing else
    game = _game("watcher", token)
    response = _json(board(game), 200, {"Cache-Control": "private, no-cache"})
    response.headers["ETag"] = _etag(game.version)
    return response


# --- the game's routes in the OpenAPI document -----------------------------------------------

_TOKEN = {
    "name": "token",
    "in": "path",
    "required": True,
    "description": "the token of the game's link (edit_url for rounds, view_url for the board)",
    "schema": {"type": "string", "minLength": 1, "maxLength": 64},
}
document(
    "POST",
    "/s/{token}/rounds",
    store_round,
    body=GameRoundPost,
    responses={201: GameRoundStored},
    parameters=(
        _TOKEN,
        {
            "name": "Idempotency-Key",
            "in": "header",
            "required": True,
            "description": "new for each round; sent again unchanged when retrying",
            "schema": {"type": "string", "minLength": 1, "maxLength": MAX_KEY_LENGTH},
        },
        {
            "name": "If-Match",
            "in": "header",
            "required": False,
            "description": "the game's version as the board's ETag: refused (409) if stale",
            "schema": {"type": "string"},
        },
    ),
    errors={
        404: "no game has this scorer link",
        409: "the game changed since the version in If-Match",
        422: "the round was not stored: its problems (with its scores; for Spades, the tricks "
        "not adding up to 13, naming their sum), or the key was used for another round",
    },
)
document(
    "GET",
    "/w/{token}.json",
    watch,
    responses={200: BoardResponse},
    parameters=(
        _TOKEN,
        {
            "name": "If-None-Match",
            "in": "header",
            "required": False,
            "description": "the version last seen (the ETag): 304 while the game is unchanged",
            "schema": {"type": "string"},
        },
    ),
    errors={404: "no game has this watcher link"},
    bodiless={304: "the game is still at the version named by If-None-Match"},
)
