"""What every family's JSON round post and game start do the same way around their own bodies:
refuse a dealer who is not seated, answer a game changed since the client read it (409 with the
version now), refuse an Idempotency-Key used for another round, and seat sides named with
``team`` so that partners sit across.

>>> seated_sides([("Ann", None), ("Bob", None)])
(['Ann', 'Bob'], None)
>>> seated_sides([("Ann", "NS"), ("Bob", "NS"), ("Cy", "EW"), ("Dee", "EW")])
(['Ann', 'Cy', 'Bob', 'Dee'], ['NS', 'EW', 'NS', 'EW'])
>>> seated_sides([("Ann", "NS"), ("Bob", None)])
Traceback (most recent call last):
...
scorekeeper.api.errors.ApiError: players: name every player's team, or none (partners then sit across)
"""  # noqa: E501 (a doctest's output line)

from __future__ import annotations

from collections.abc import Sequence

from flask import Response
from sqlalchemy import select

from ..engine.seating import SeatingError, seat_sides
from ..store.db import db
from ..store.models import Game
from .errors import ApiError
from .game_models import StaleGameResponse
from .games import etag, json_response


def refuse_unseated_dealer(game: Game, dealer: str | None, status: int = 422) -> None:
    """An ApiError naming the dealer when they are not seated in the game."""
    if dealer is not None and dealer not in [player.name for player in game.players]:
        raise ApiError(f"dealer: {dealer} is not seated in this game", status)


def stale_game(game: Game) -> Response:
    """The 409 for a round posted at a version the game has left: the version now, as the
    answer's ETag too (read afresh: the session's copy is the one that was stale)."""
    version = db.session.scalar(select(Game.version).where(Game.id == game.id)) or 0
    body = StaleGameResponse(
        error=f"the game changed since you loaded it: now version {version}", version=version
    )
    return json_response(body, 409, {"ETag": etag(version)})


def key_used_elsewhere(key: str, word: str, number: int) -> ApiError:
    """The 422 for an Idempotency-Key already used for another round (``word``: the family's
    word for it)."""
    return ApiError(
        f"Idempotency-Key {key!r} was already used for {word} {number}, which is not this "
        f"{word}: use a new key for a new {word}",
        422,
    )


def seated_sides(players: Sequence[tuple[str, str | None]]) -> tuple[list[str], list[str] | None]:
    """The players (name, team) as seated: in sides named with ``team`` so that partners sit
    across, with each one's side; as given, and no sides, when no team is named. An ApiError
    (422) when only some are named, or the sides cannot sit across."""
    names = [name for name, _ in players]
    named = [(name, team) for name, team in players if team is not None]
    if not named:
        return names, None
    if len(named) != len(names):
        raise ApiError("players: name every player's team, or none (partners then sit across)", 422)
    try:
        seated = seat_sides(named, sides=2)
    except SeatingError as error:
        raise ApiError(f"players: {error}", 422) from None
    return [name for name, _ in seated], [team for _, team in seated]
