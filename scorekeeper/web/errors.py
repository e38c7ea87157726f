"""Error pages: every HTTP error as a page for a person with a browser, or as the API's JSON
body where the client wants JSON (under /api/, a ``.json`` path, a JSON body or ``Accept``).

Registered on the app, not a blueprint: unknown routes and wrong methods reach no blueprint.
"""

from __future__ import annotations

from flask import Flask, Response, render_template, request
from werkzeug.exceptions import Conflict, HTTPException

from ..api.errors import http_error_json, wants_json
from ..store.records import GameOver


def html_error(error: HTTPException) -> tuple[str, int]:
    """An error as a page."""
    status = error.code or 500
    if status >= 500:
        error.description = "Something went wrong on the server; nothing was changed. Try again."
    return render_template("error.html", error=error), status


def init_app(app: Flask) -> None:
    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> tuple[str | Response, int]:
        return http_error_json(error) if wants_json() else html_error(error)

    @app.errorhandler(GameOver)
    def game_over(error: GameOver) -> tuple[str | Response, int]:
        """A round for a game that is over, in any family: 409, naming the winner."""
        if wants_json():
            return http_error_json(Conflict(str(error)))
        message = error.sentence()
        token = (request.view_args or {}).get("token")
        if token is None:
            return html_error(Conflict(message))
        page = render_template(
            "games/conflict.html", heading="The game is over", message=message, token=token
        )
        return page, 409
