"""Limits a small server needs: how often one client may start games and write.

Flask-Limiter counts per client address (behind a proxy, the address read from
``X-Forwarded-For``: by ``ProxyFix`` when ``PROXY_FIX`` is set, by waitress under ``serve
--trusted-proxy``). Past a limit the answer is a 429 with ``Retry-After``: a page saying when to
try again, or the API's JSON error.

* Starting a game (the form and ``POST /api/v1/games``, one count): :data:`NEW_GAMES`.
* Every unsafe request (a round saved or previewed, a meld checked, a deal, a rename, undo, a
  game started …): one budget per client across all of them, :data:`WRITES` (``WRITE_LIMIT``
  in the config), well above what a scorer tapping cards fast sends. Reading is never limited:
  a household's boards may all poll through one address.

The counts are kept in memory per process (``RATELIMIT_STORAGE_URI`` may name a shared store,
such as ``redis://``, for a hosted instance): with two gunicorn workers a client gets up to
twice the limit, which still stops a flood (500 games in 2.6 s) and needs no other service.
Off under ``TESTING`` unless ``RATELIMIT_ENABLED`` is set.
"""

from __future__ import annotations

import os
from typing import Any

from flask import Flask, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

#: New games per client.
NEW_GAMES = "10 per minute;60 per hour"
#: Unsafe requests per client, all routes together (a fast scorer's taps are a few a second).
WRITES = "600 per minute"
#: The views that start a game.
NEW_GAME_VIEWS = ("games.new_game", "api.create_game")


def _new_games_message() -> str:
    return (
        "Too many new games from this device in a short time. Wait a minute and try again; "
        "the games you started are on the home page."
    )


def init_app(app: Flask) -> Limiter:
    """After the blueprints: this app's limiter (one per app: its counts and its switch are the
    app's own), with the stricter limit on the views that start a game."""
    # RATELIMIT_ENABLED=0 in the environment turns them off (a load or durability test)
    app.config.setdefault(
        "RATELIMIT_ENABLED", not app.testing and os.environ.get("RATELIMIT_ENABLED") != "0"
    )
    app.config.setdefault("RATELIMIT_HEADERS_ENABLED", True)
    app.config.setdefault("RATELIMIT_STORAGE_URI", "memory://")
    # one budget across every route (application limits), not one per route (default limits)
    limiter = Limiter(
        key_func=get_remote_address,
        application_limits=[app.config.get("WRITE_LIMIT", WRITES)],
        app=app,
    )
    # Reading is never limited, and costs nothing here: the filter skips the limiter's lookups
    # (an unchanged board poll is most of a card night's requests).
    limiter.request_filter(lambda: request.method in ("GET", "HEAD", "OPTIONS"))
    for endpoint in NEW_GAME_VIEWS:
        limited: Any = limiter.shared_limit(
            NEW_GAMES, scope="new-games", methods=["POST"], error_message=_new_games_message
        )(app.view_functions[endpoint])
        app.view_functions[endpoint] = limited
    app.extensions["scorekeeper.limits"] = limiter  # the views hold it weakly: the app keeps it
    return limiter
