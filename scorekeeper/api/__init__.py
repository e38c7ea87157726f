"""The stateless JSON API under /api/v1 (API.md): one blueprint, ``bp``.

Endpoints are declared with :func:`.endpoints.api_route`, which validates the body with a pydantic
model and lists the endpoint in ``/api/v1/openapi.json``. The round-scoring bodies wait in
:mod:`.round_models` for their route.
"""

from __future__ import annotations

from flask import Blueprint

from .errors import init_errors

bp = Blueprint("api", __name__, url_prefix="/api/v1")
init_errors(bp)

from . import views  # noqa: E402  (the views attach themselves to bp)

__all__ = ["bp", "views"]
