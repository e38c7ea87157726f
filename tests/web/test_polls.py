"""Unchanged board polls answered before Flask, with the version kept for a moment."""

from __future__ import annotations

import time
from typing import Any

import pytest
from flask import Flask

from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.standings import Seat
from scorekeeper.store import records
from scorekeeper.web import polls

from .test_board import ANN_OUT, save_round


@pytest.fixture
def game(app: Flask) -> dict[str, Any]:
    with app.app_context():
        stored = records.create_game(
            "Friday", rules_for("rummy500"), [Seat("Ann"), Seat("Bob")], preset="rummy500"
        )
        records.store_round(stored, ANN_OUT)
        return {"id": stored.id, "watcher": stored.watcher_token, "version": stored.version}


pytestmark = pytest.mark.db


def test_an_unchanged_poll_is_answered_before_flask(
    app: Flask, game: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    client = app.test_client()
    url = f"/w/{game['watcher']}/board?since={game['version']}"
    # Nothing of Flask runs: no view, no before_request.
    monkeypatch.setattr(app, "preprocess_request", lambda: pytest.fail("Flask answered"))
    response = client.get(url)
    assert response.status_code == 200 and response.data == b""
    assert response.headers["HX-Reswap"] == "none" and response.headers["Content-Length"] == "0"
    assert response.headers["Cache-Control"] == "no-store"
    assert response.headers["Vary"] == "HX-Request"
    # the security headers every other answer carries (issue 36, item 9), HSTS over https
    assert "Strict-Transport-Security" not in response.headers
    secure = client.get(url, base_url="https://localhost")
    assert secure.data == b"" and secure.headers["Strict-Transport-Security"] == "max-age=31536000"
    monkeypatch.undo()
    changed = client.get(f"/w/{game['watcher']}/board")
    for name in ("Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy",
                 "X-Frame-Options", "Cross-Origin-Opener-Policy"):  # fmt: skip
        assert response.headers[name] == changed.headers[name], name


@pytest.mark.parametrize(
    "query",
    ["since=999", "since=", "since=x", "", "since=1&since=2x"],
)
def test_everything_else_goes_on_to_flask(app: Flask, game: dict[str, Any], query: str) -> None:
    response = app.test_client().get(f"/w/{game['watcher']}/board?{query}")
    assert response.status_code == 200 and b'id="live"' in response.data


def test_a_bad_token_goes_on_to_flask_and_is_a_404(app: Flask, game: dict[str, Any]) -> None:
    assert app.test_client().get("/w/nope/board?since=1").status_code == 404
    assert app.test_client().get(f"/w/{'x' * 80}/board?since=1").status_code == 404


def test_a_version_is_kept_for_its_ttl_then_read_again(
    app: Flask, game: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    reads: list[str] = []
    real = records.watched_version

    def counted(token: str) -> int | None:
        reads.append(token)
        return real(token)

    monkeypatch.setattr(records, "watched_version", counted)
    cache = polls.VersionCache(lambda token: _read(app, token), ttl=0.2)
    token = game["watcher"]
    assert cache.version(token) == game["version"]
    newer = save_round(app, game["id"])
    assert cache.version(token) == game["version"]  # kept: a save shows within the ttl
    assert len(reads) == 1
    time.sleep(0.25)
    assert cache.version(token) == newer
    assert len(reads) == 2


def _read(app: Flask, token: str) -> int | None:
    with app.app_context():
        return records.watched_version(token)
