"""Error pages: every HTTP error as a page for a person with a browser, or as the API's JSON
body where the client wants JSON (under /api/, a ``.json`` path, a JSON body or ``Accept``).

Registered on the app, not a blueprint: unknown routes and wrong methods reach no blueprint.
"""

from __future__ import annotations

from flask import Flask, Response, render_template, request
from sqlalchemy.exc import OperationalError
from werkzeug.exceptions import Conflict, HTTPException, ServiceUnavailable

from ..api.errors import http_error_json, wants_json
from ..store.db import RETRY_AFTER_SECONDS, WriteBusy, is_busy
from ..store.records import GameOver

#: What a person (or a client) is told when the database was too busy to take a change.
BUSY = "The scorekeeper is busy saving other changes; nothing was stored. Try again in a moment."


def html_error(error: HTTPException) -> tuple[str, int]:
    """An error as a page."""
    status = error.code or 500
    if status >= 500 and not isinstance(error, ServiceUnavailable):
        error.description = "Something went wrong on the server; nothing was changed. Try again."
    return render_template("error.html", error=error), status


def answer(error: HTTPException) -> tuple[str | Response, int]:
    """An HTTP error as JSON or as a page, as the client wants it (a page keeps the error's
    ``Retry-After`` too)."""
    if wants_json():
        return http_error_json(error)
    page, status = html_error(error)
    retry_after = dict(error.get_headers()).get("Retry-After")
    if retry_after is None:
        return page, status
    response = Response(page, status, mimetype="text/html")
    response.headers["Retry-After"] = retry_after
    return response, status


def init_app(app: Flask) -> None:
    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> tuple[str | Response, int]:
        return answer(error)

    @app.errorhandler(WriteBusy)
    @app.errorhandler(OperationalError)
    def busy(error: Exception) -> tuple[str | Response, int]:
        """The database too busy to take a change in time: 503 with Retry-After, nothing stored
        (the change's transaction rolled back); any other database failure stays a 500."""
        if not is_busy(error):
            raise error
        return answer(ServiceUnavailable(BUSY, retry_after=RETRY_AFTER_SECONDS))

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
