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


CSRF = "origin-test-token"
NEW_GAME = {"csrf_token": CSRF, "preset": "rummy500", "player-0": "Ann", "player-1": "Bob"}


@pytest.fixture
def browser(client: FlaskClient) -> FlaskClient:
    with client.session_transaction() as session:
        session["csrf"] = CSRF
    return client


@pytest.mark.parametrize(
    ("headers", "allowed"),
    [
        ({}, True),
        ({"Origin": "http://localhost"}, True),
        ({"Origin": "null"}, True),  # pages send no referrer: browsers may send Origin: null
        ({"Referer": "http://localhost/games/new"}, True),
        ({"Origin": "https://evil.example"}, False),
        ({"Origin": "http://localhost.evil.example"}, False),
        ({"Referer": "https://evil.example/page"}, False),
    ],
)
def test_a_form_post_from_another_site_is_refused_even_with_the_token(
    browser: FlaskClient, headers: dict[str, str], allowed: bool
) -> None:
    response = browser.post("/games/new", data=NEW_GAME, headers=headers)
    assert (response.status_code == 303) is allowed, response.status_code
    if not allowed:
        assert response.status_code == 400
        assert "came from another site" in response.get_data(as_text=True)


def test_every_form_route_of_the_app_is_checked(app: object, browser: FlaskClient) -> None:
    """The check is app-wide: a form route added by any blueprint is covered without asking."""
    from flask import Flask

    assert isinstance(app, Flask)
    app.add_url_rule("/late-form", "late_form", lambda: "saved", methods=["POST"])
    assert browser.post("/late-form", data={}).status_code == 400
    assert browser.post("/late-form", data={"csrf_token": CSRF}).status_code == 200
    # The JSON API is checked by its content type instead, never by the session.
    answer = browser.post("/api/v1/melds/check", json={"rules": "rummy500", "cards": ["5S"]})
    assert answer.status_code == 200
