"""The browser's session: a CSRF token that lasts the evening (and long after), a cookie that
other sites' requests do not carry, and a cookie sent only when something in it changed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from flask.testing import FlaskClient

pytestmark = pytest.mark.db


def session_cookie(response: object) -> str | None:
    headers = response.headers.getlist("Set-Cookie")  # type: ignore[attr-defined]
    return next((header for header in headers if header.startswith("session=")), None)


def test_the_token_cookie_lasts_400_days_and_stays_on_this_site(client: FlaskClient) -> None:
    cookie = session_cookie(client.get("/games/new"))  # the form makes this browser's token
    assert cookie is not None
    assert "SameSite=Lax" in cookie and "HttpOnly" in cookie
    expires = datetime.strptime(
        cookie.split("Expires=")[1].split(";")[0], "%a, %d %b %Y %H:%M:%S GMT"
    ).replace(tzinfo=UTC)
    assert expires - datetime.now(UTC) > timedelta(days=399)


def test_the_cookie_is_sent_only_when_the_session_changed(client: FlaskClient) -> None:
    assert session_cookie(client.get("/games/new")) is not None
    # Another form, the same token: nothing changed, so no cookie. (An answer that re-sent the
    # session as it was could overwrite one sent meanwhile, e.g. a save's "Round 3 saved".)
    assert session_cookie(client.get("/games/new")) is None
