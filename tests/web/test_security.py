"""Security headers, what caches may keep, https-aware cookies, and files only their owner reads."""

from __future__ import annotations

import re
import stat
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app


def new_game(client: FlaskClient) -> str:
    """A game made through the API; the path of its scorer page."""
    created = client.post(
        "/api/v1/games",
        json={"name": "Night", "rules": "rummy500", "players": [{"name": "A"}, {"name": "B"}]},
    )
    assert created.status_code == 201
    return "/" + created.get_json()["edit_url"].split("/", 3)[3]


def test_pages_that_carry_tokens_are_never_stored(client: FlaskClient) -> None:
    """The scorer's page carries the scorer link and a CSRF token: private, no-store."""
    scorer = new_game(client)
    save = client.post(
        f"{scorer}/rounds",
        json={
            "ended_by": "going_out",
            "players": [
                {"name": "A", "went_out": True, "melds": [["3C", "3D", "3S"]], "hand": []},
                {"name": "B", "hand": ["5S"]},
            ],
        },
        headers={"Idempotency-Key": "k1"},
    )
    assert save.status_code in (200, 201), save.get_json()
    for path in ["/", "/games/new", scorer, f"{scorer}/rounds/1/delete", "/api/v1/presets"]:
        response = client.get(path)
        assert response.status_code == 200, path
        assert response.headers["Cache-Control"] == "private, no-store", path


def test_static_files_are_fingerprinted_and_cached_for_a_year(client: FlaskClient) -> None:
    html = client.get("/").get_data(as_text=True)
    urls = re.findall(r'(?:href|src)="(/static/[^"]+)"', html)
    assert urls and all(re.search(r"\?v=[0-9a-f]{12}$", url) for url in urls), urls
    for url in urls:
        with client.get(url) as response:
            assert response.status_code == 200
            assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    plain = urls[0].split("?")[0]
    for stale in (plain, plain + "?v=000000000000"):
        with client.get(stale) as response:
            assert response.headers["Cache-Control"] == "no-cache", stale


def test_a_changed_file_gets_a_new_url(app: Flask, tmp_path: Path) -> None:
    from scorekeeper.web import security

    static = tmp_path / "static"
    static.mkdir()
    (static / "x.css").write_text("a{}")
    app.static_folder = str(static)
    security._fingerprints.clear()
    with app.test_request_context():
        from flask import url_for

        first = url_for("static", filename="x.css")
        (static / "x.css").write_text("b{}")
        security._fingerprints.clear()  # a new process (a deploy) reads the new file
        assert url_for("static", filename="x.css") != first
    security._fingerprints.clear()


def test_https_gets_hsts_and_a_secure_session_cookie(client: FlaskClient) -> None:
    scorer = new_game(client)
    plain = client.get(scorer)
    assert "Strict-Transport-Security" not in plain.headers
    assert "Secure" not in plain.headers["Set-Cookie"]
    secure = client.get(scorer, base_url="https://scores.test")
    assert secure.headers["Strict-Transport-Security"] == "max-age=31536000"
    cookie = secure.headers["Set-Cookie"]
    assert "Secure" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie


@pytest.mark.parametrize(("proxy_fix", "hsts"), [(True, True), (False, False)])
def test_behind_a_proxy_only_when_told(tmp_path: Path, proxy_fix: bool, hsts: bool) -> None:
    """X-Forwarded-Proto is believed only with PROXY_FIX: a client could otherwise claim https."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "SQLALCHEMY_DATABASE_URI": "sqlite://",
            "PROXY_FIX": proxy_fix,
        }
    )
    response = app.test_client().get("/healthz", headers={"X-Forwarded-Proto": "https"})
    assert ("Strict-Transport-Security" in response.headers) is hsts


def test_an_https_public_address_makes_the_cookie_secure(tmp_path: Path) -> None:
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "SQLALCHEMY_DATABASE_URI": "sqlite://",
            "PUBLIC_BASE_URL": "https://cards.example.org",
        }
    )
    assert app.config["SESSION_COOKIE_SECURE"] is True


def test_the_database_and_the_secret_key_are_the_owners_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The SQLite file holds every token, the key signs every session: mode 0600."""
    monkeypatch.setattr(Flask, "auto_find_instance_path", lambda self: str(tmp_path / "inst"))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("SECRET_KEY", raising=False)
    create_app({"TESTING": True})
    for name in ("secret_key", "scorekeeper.sqlite3"):
        mode = stat.S_IMODE((tmp_path / "inst" / name).stat().st_mode)
        assert mode == 0o600, (name, oct(mode))
