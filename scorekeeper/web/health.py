"""``GET /healthz``: the server is up. No database, no template: also the floor the load
benchmark measures polls against."""

from __future__ import annotations

from flask import Blueprint, Response

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz() -> Response:
    """Answers ``ok`` while the server runs."""
    return Response("ok", mimetype="text/plain", headers={"Cache-Control": "no-store"})
