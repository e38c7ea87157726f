"""The JSON API (API.md): ``/api/v1`` (one blueprint, ``bp``) and a game's JSON under its links
(``/s/<token>/rounds``, ``/w/<token>.json``: :mod:`.games`; ``/w/<token>.csv``: :mod:`.export`).

Endpoints are declared with :func:`.endpoints.api_route`, which validates the body with a pydantic
model (:mod:`.models`, :mod:`.game_models`, :mod:`.round_models`) and lists the endpoint in
``/api/v1/openapi.json`` (:mod:`.openapi`); :mod:`.errors` answers every error in JSON.

May import: the engine, the store, and from ``web`` only :mod:`..web.links` (a game's links and
tokens, the same for its pages and its JSON).
"""

from __future__ import annotations

from flask import Blueprint

from .errors import init_errors

bp = Blueprint("api", __name__, url_prefix="/api/v1")
init_errors(bp)

from . import export, games, views  # noqa: E402, F401  (their routes attach themselves to bp)

#: The API's blueprints: /api/v1, and a game's JSON under its links (/s/<token>/rounds,
#: /w/<token>.json).
blueprints = (bp, games.bp)

__all__ = ["blueprints", "bp"]
