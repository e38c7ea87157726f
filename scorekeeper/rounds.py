"""Recording a round from the cards on the table (to be built)."""

from __future__ import annotations

from flask import Blueprint

from . import csrf

bp = Blueprint("rounds", __name__)
csrf.protect(bp)
