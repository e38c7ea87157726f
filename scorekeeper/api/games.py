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

from ..store import history, scoreboard
from ..store.db import db
from ..store.models import Game
from ..web import links
from . import bp as api_bp
from .endpoints import api_route, document
from .errors import ApiError, json_errors
from .game_models import (
    BoardResponse,
    ColumnOut,
    GameCreated,
    GameRequest,
    RoundOut,
    SeatOut,
    SideTotalOut,
)
from .rounds import round_response
from .systems import api_system, family_models, preset_system

bp: Blueprint = Blueprint("games_api", __name__)
json_errors(bp)

#: The longest Idempotency-Key (the column's width).
MAX_KEY_LENGTH = 100
NO_GAME = "no game has this link: check the address you were given"


def json_response(model: BaseModel, status: int, headers: dict[str, str] | None = None) -> Response:
    response = jsonify(model.model_dump(mode="json", by_alias=True))
    response.status_code = status
    response.headers.update(headers or {})
    return response


def etag(version: int) -> str:
    return f'"{version}"'


# --- POST /api/v1/games ----------------------------------------------------------------------


@api_route(
    api_bp,
    "POST",
    "/games",
    body=GameRequest,
    responses={201: GameCreated},
    errors={
        422: "the players do not fit the game: a player count or sides its family does not "
        "allow (named); or a name, as cleaned, shows nothing or is too wide (the field named)"
    },
)
def create_game(body: GameRequest) -> tuple[GameCreated, int, dict[str, str]]:
    """Start a game: its name, rules and players in seat order. Answers with its two links.

    `rules` is taken as it is now and kept with the game. `team` is required for every player
    under partnership rules (`partnership500`, `persian`) and optional otherwise; `dealer`
    names who deals the first round. `edit_url` is the scorer's link: `POST <edit_url>/rounds`
    records a round (keep it to the scorer). `view_url` is the watchers' link:
    `GET <view_url>.json` is the scoreboard. Location is `view_url`.
    """
    preset = body.rules if isinstance(body.rules, str) else body.rules.preset
    game = preset_system(preset).start_game_json(body, preset)
    edit_url, view_url = links.game_links(game)
    return (
        GameCreated(
            id=game.id,
            edit_url=edit_url,
            view_url=view_url,
            players=[SeatOut(name=p.name, team=p.team, seat=p.seat) for p in game.players],
        ),
        201,
        {"Location": view_url},
    )


# --- POST /s/<scorer_token>/rounds -----------------------------------------------------------


def game_of(role: links.Role, token: str) -> Game:
    game = links.game_by_token(role, token)
    if game is None:
        raise ApiError(NO_GAME, 404)
    return game


def idempotency_key() -> str:
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


def expected_version() -> int | None:
    """The version named by ``If-Match`` (``"3"``, or plain ``3``); None without one or for
    ``If-Match: *``."""
    if "If-Match" not in request.headers or request.if_match.star_tag:
        return None
    tags = request.if_match.as_set(include_weak=True)
    tag = next(iter(tags)) if len(tags) == 1 else None
    if not isinstance(tag, str) or not tag.isascii() or not tag.isdigit() or len(tag) > 9:
        raise ApiError("If-Match: expected the game's version as the scoreboard's ETag, e.g. \"3\"")
    return int(tag)


@bp.post("/s/<token>/rounds")
def store_round(token: str) -> Response:
    """Record a round of the game (JSON): 201 with its scores, the same for a retried key."""
    game = game_of("scorer", token)
    key = idempotency_key()
    expected = expected_version()
    return api_system(game).post_round(game, key, expected)


# --- GET /w/<watcher_token>.json -------------------------------------------------------------


def _not_modified(version: int) -> Response:
    response = Response(status=304)
    response.headers["ETag"] = etag(version)
    response.headers["Cache-Control"] = "private, no-cache"
    return response


def round_out(row: scoreboard.RoundRow) -> RoundOut:
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


def board(game: Game, since: int | None = None) -> BoardResponse:
    """The game's scoreboard: the same board value as the pages', every round in it, or with
    ``since`` (a version the watcher has) the rounds added or changed after it."""
    first, at = 1, game.version
    if since is not None:
        db.session.refresh(game, ["version"])
        first, at = history.first_round_changed_since(game, since), game.version
    value = scoreboard.board(game, recent=None, first=first)
    if first > 1 and game.version != at:  # the game moved on while read: the whole board
        first, value = 1, scoreboard.board(game, recent=None)
    standing = value.standing
    with_sides = value.with_sides
    rules: dict[str, Any] = ({"preset": game.preset} if game.preset else {}) | game.rules
    models = api_system(game).models
    family = api_system(game).board_rounds(value)
    totals = standing.totals if family.totals is None else family.totals
    bags = family.carried
    return BoardResponse(
        name=game.name,
        rules=rules,
        players=[SeatOut(name=p.name, team=p.team, seat=p.seat) for p in game.players],
        rounds=family.rounds,
        rounds_from=first,
        totals=[
            models.total_out(
                name=name,
                team=standing.side_of[name] if with_sides else None,
                total=total,
                **family.standing.get(name, {}),
            )
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
        columns=[
            ColumnOut(totals=column.totals, finished=column.finished, winners=column.winners)
            for column in standing.columns
        ],
    )


@bp.get("/w/<token>.json")
def watch(token: str) -> Response:
    """The scoreboard as JSON; 304 without a body while ``If-None-Match`` names the version.

    With ``?since=V`` (the version of the board the watcher has), `rounds` holds only the rounds
    from `rounds_from` on: those added or changed after V, so that a changed poll costs the
    same however long the game is."""
    version = links.watched_version(token)
    if version is None:
        raise ApiError(NO_GAME, 404)
    if request.if_none_match.contains_weak(str(version)):
        return _not_modified(version)  # one indexed read, nothing else
    since = request.args.get("since")
    if since is not None and not (since.isascii() and since.isdigit() and len(since) <= 9):
        raise ApiError("since: expected the version of the board you have, e.g. 12")
    game = game_of("watcher", token)
    answer = board(game, None if since is None else int(since))
    response = json_response(answer, 200, {"Cache-Control": "private, no-cache"})
    response.headers["ETag"] = etag(game.version)
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
    body=lambda: family_models().round_post,
    responses={201: lambda: family_models().round_stored},
    parameters=(
        _TOKEN,
        {
            "name": "Idempotency-Key",
            "in": "header",
            "required": True,
            "description": "new for each round; sent again unchanged when retrying",
            "schema": {
                "type": "string",
                "minLength": 1,
                "maxLength": MAX_KEY_LENGTH,
                "pattern": "^[!-~]+$",  # visible ASCII, as idempotency_key() reads it
            },
        },
        {
            "name": "If-Match",
            "in": "header",
            "required": False,
            "description": "the game's version as the board's ETag: refused (409) if stale",
            "schema": {"type": "string", "pattern": '^(\\*|(W/)?"[0-9]{1,9}"|[0-9]{1,9})$'},
        },
    ),
    errors={
        404: "no game has this scorer link",
        409: "the game changed since the version in If-Match",
        422: "the round was not stored: its problems (with its scores, or what its family "
        "checks before scoring, such as tricks that do not add up), or the key was used for "
        "another round",
    },
)
document(
    "GET",
    "/w/{token}.json",
    watch,
    responses={200: lambda: family_models().board},
    parameters=(
        _TOKEN,
        {
            "name": "If-None-Match",
            "in": "header",
            "required": False,
            "description": "the version last seen (the ETag): 304 while the game is unchanged",
            "schema": {"type": "string"},
        },
        {
            "name": "since",
            "in": "query",
            "required": False,
            "description": "the version of the board the watcher has: only the rounds added or "
            "changed after it are sent (see rounds_from)",
            "schema": {"type": "string", "pattern": "^[0-9]{1,9}$"},
        },
    ),
    errors={
        400: "since is not a version number",
        404: "no game has this watcher link",
    },
    bodiless={304: "the game is still at the version named by If-None-Match"},
)
