"""Per-client limits: starting games and writing are limited, reading never is."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from flask_migrate import upgrade  # type: ignore[import-untyped]

from scorekeeper import create_app

BODY = {"name": "N", "rules": "rummy500", "players": [{"name": "A"}, {"name": "B"}]}
CSRF = "limits-test-token"


@pytest.fixture
def limited(tmp_path: Path) -> Iterator[Flask]:
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'limits.sqlite3'}",
            "RATELIMIT_ENABLED": True,
        }
    )
    with app.app_context():
        upgrade()
    yield app


def test_limits_are_off_in_tests_unless_asked(client: FlaskClient) -> None:
    assert all(client.post("/api/v1/games", json=BODY).status_code == 201 for _ in range(12))


def test_a_flood_of_new_games_is_refused_with_retry_after(limited: Flask) -> None:
    client = limited.test_client()
    assert [client.post("/api/v1/games", json=BODY).status_code for _ in range(10)] == [201] * 10
    refused = client.post("/api/v1/games", json=BODY)
    assert refused.status_code == 429
    assert int(refused.headers["Retry-After"]) > 0
    assert "Too many new games from this device" in refused.get_json()["error"]
    # The form shares the count, and says so on a page.
    with client.session_transaction() as session:
        session["csrf"] = CSRF
    page = client.post(
        "/games/new",
        data={"csrf_token": CSRF, "preset": "rummy500", "player-0": "A", "player-1": "B"},
    )
    assert page.status_code == 429 and "Retry-After" in page.headers
    assert "Too many new games from this device" in page.get_data(as_text=True)


def test_each_client_has_its_own_count_and_reading_is_never_limited(limited: Flask) -> None:
    first = limited.test_client()
    second = limited.test_client()
    second.environ_base["REMOTE_ADDR"] = "192.0.2.7"
    for _ in range(10):
        assert first.post("/api/v1/games", json=BODY).status_code == 201
    assert first.post("/api/v1/games", json=BODY).status_code == 429
    assert second.post("/api/v1/games", json=BODY).status_code == 201
    assert all(first.get("/api/v1/presets").status_code == 200 for _ in range(50))
