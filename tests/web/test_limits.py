"""Per-client limits: starting games and writing are limited, reading never is."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

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


@pytest.fixture
def five_writes(tmp_path: Path) -> Iterator[Flask]:
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'limits.sqlite3'}",
            "RATELIMIT_ENABLED": True,
            "WRITE_LIMIT": "5 per minute",
        }
    )
    with app.app_context():
        upgrade()
    yield app


def test_one_write_budget_per_client_across_every_route(five_writes: Flask) -> None:
    """After a 429 on one write route, every other write route refuses that client too (issue
    36, item 7): saving rounds, checking melds, scoring a round, renaming, starting a game."""
    client = five_writes.test_client()
    game = client.post("/api/v1/games", json=BODY).get_json()
    edit = urlsplit(game["edit_url"]).path
    totals = {
        "ended_by": "going_out",
        "players": [
            {"name": "A", "went_out": True, "melded_points": 10, "hand_points": 0},
            {"name": "B", "melded_points": 0, "hand_points": 5},
        ],
    }
    for number in range(4):  # with the game, five writes
        saved = client.post(edit + "/rounds", json=totals, headers={"Idempotency-Key": f"{number}"})
        assert saved.status_code == 201
    refused = client.post(edit + "/rounds", json=totals, headers={"Idempotency-Key": "x"})
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    check = {"rules": "rummy500", "cards": ["5H", "6H", "7H"]}
    assert client.post("/api/v1/melds/check", json=check).status_code == 429
    assert (
        client.post("/api/v1/rounds/score", json={**totals, "rules": "rummy500"}).status_code == 429
    )
    assert client.post("/api/v1/games", json=BODY).status_code == 429
    with client.session_transaction() as session:
        session["csrf"] = CSRF
    token = edit.rsplit("/", 1)[-1]
    renamed = client.post(
        f"/s/{token}/rename", data={"csrf_token": CSRF, "version": "5", "name": "Later"}
    )
    assert renamed.status_code == 429
    # another client still writes; this one still reads
    other = five_writes.test_client()
    other.environ_base["REMOTE_ADDR"] = "192.0.2.9"
    assert other.post("/api/v1/melds/check", json=check).status_code == 200
    assert client.get(urlsplit(game["view_url"]).path + ".json").status_code == 200
