"""The home page."""

from __future__ import annotations

from flask import Blueprint, render_template

bp = Blueprint("home", __name__)


@bp.get("/")
def index() -> str:
    """What the app is, and where to go from here."""
    return render_template("home.html")
