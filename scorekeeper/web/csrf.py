"""CSRF protection for the HTML forms, made to last a whole card night.

Each browser gets one random token kept in its (signed, long-lived) session cookie; every form
carries it as ``csrf_token`` (or an htmx request as the ``X-CSRF-Token`` header). The token has no
expiry of its own: a form left open through a long evening still saves. A form from another
site cannot know it, and a game link alone (without this browser's cookie) cannot post.

JSON requests (the API) are not checked here: a cross-site form cannot send ``application/json``
without a CORS preflight, which this app never grants.
"""

from __future__ import annotations

import hmac
import secrets
from datetime import timedelta

from flask import Blueprint, Flask, request, session
from werkzeug.exceptions import BadRequest

FIELD = "csrf_token"
HEADER = "X-CSRF-Token"
_SESSION_KEY = "csrf"
#: How long a browser keeps its session (and so its token and its list of games).
SESSION_LIFETIME = timedelta(days=400)
_UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})


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
    """Refuse an unsafe form request whose token is not this browser's (a :class:`CsrfFailed`)."""
    if request.method not in _UNSAFE or request.is_json:
        return
    expected = session.get(_SESSION_KEY)
    sent = request.form.get(FIELD) or request.headers.get(HEADER) or ""
    if not isinstance(expected, str) or not hmac.compare_digest(sent.encode(), expected.encode()):
        raise CsrfFailed()


def protect(bp: Blueprint) -> None:
    """Check the token on every unsafe request to the blueprint's views."""
    bp.before_request(check_csrf)


def init_app(app: Flask) -> None:
    # Flask has defaults for all of these, so they are set, not defaulted.
    app.config["PERMANENT_SESSION_LIFETIME"] = SESSION_LIFETIME
    app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    # Send the cookie only when the session changed: a preview answered after a save would
    # otherwise send back the session as it was, and the save's "Round 3 saved" would be lost.
    app.config["SESSION_REFRESH_EACH_REQUEST"] = False
    app.jinja_env.globals["csrf_token"] = csrf_token
    app.jinja_env.globals["csrf_field"] = FIELD
