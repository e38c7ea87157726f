"""CSRF protection for the HTML forms, made to last a whole card night.

Each browser gets one random token kept in its (signed, long-lived) session cookie; every form
carries it as ``csrf_token`` (or an htmx request as the ``X-CSRF-Token`` header). The token has no
expiry of its own: a form left open through a long evening still saves. A form from another
site cannot know it, and a game link alone (without this browser's cookie) cannot post.

The check runs before every unsafe request of the app (no blueprint can forget it), except the
JSON API's: a cross-site form cannot send ``application/json`` without a CORS preflight, which
this app never grants, and the API never reads the session. A form post whose ``Origin`` (or,
without one, ``Referer``) names another host is refused too. (Pages send no referrer, so a
browser may send ``Origin: null`` for them; that is let through to the token check.)
"""

from __future__ import annotations

import hmac
import secrets
from datetime import timedelta
from urllib.parse import urlsplit

from flask import Flask, request, session
from werkzeug.exceptions import BadRequest

FIELD = "csrf_token"
HEADER = "X-CSRF-Token"
_SESSION_KEY = "csrf"
#: How long a browser keeps its session (and so its token and its list of games).
SESSION_LIFETIME = timedelta(days=400)
_UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
#: The JSON API's blueprints: checked by their content type, never by the session.
JSON_BLUEPRINTS = frozenset({"api", "games_api"})


class CsrfFailed(BadRequest):
    """A form without this browser's token: stale (the cookie was cleared) or from elsewhere."""

    description = (
        "This form could not be checked: it came from another site, or this browser's "
        "cookies were cleared since the page was opened. Reload the page and try "
        "again."
    )


def csrf_token() -> str:
    """This browser's token (made on first use), for a form's hidden ``csrf_token`` field."""
    token = session.get(_SESSION_KEY)
    if not isinstance(token, str):
        token = session[_SESSION_KEY] = secrets.token_urlsafe(24)
        session.permanent = True
    return token


def check_csrf() -> None:
    """Refuse an unsafe form request from another site or whose token is not this browser's
    (a :class:`CsrfFailed`)."""
    if request.method not in _UNSAFE or request.is_json or request.blueprint in JSON_BLUEPRINTS:
        return
    if request.routing_exception is not None:
        return  # no such page (404) or method (405): the router says so
    origin = request.headers.get("Origin") or request.headers.get("Referer") or "null"
    if origin != "null" and urlsplit(origin).netloc != request.host:
        raise CsrfFailed()
    expected = session.get(_SESSION_KEY)
    sent = request.form.get(FIELD) or request.headers.get(HEADER) or ""
    if not isinstance(expected, str) or not hmac.compare_digest(sent.encode(), expected.encode()):
        raise CsrfFailed()


def init_app(app: Flask) -> None:
    # Flask has defaults for all of these, so they are set, not defaulted.
    app.config["PERMANENT_SESSION_LIFETIME"] = SESSION_LIFETIME
    app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    # Send the cookie only when the session changed: a preview answered after a save would
    # otherwise send back the session as it was, and the save's "Round 3 saved" would be lost.
    app.config["SESSION_REFRESH_EACH_REQUEST"] = False
    app.before_request(check_csrf)
    app.jinja_env.globals["csrf_token"] = csrf_token
    app.jinja_env.globals["csrf_field"] = FIELD
