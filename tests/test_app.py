"""The app skeleton: the factory, the home page, security headers, the vendored htmx, the CLI."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import cli, create_app
from scorekeeper.web import network

HTMX_SHA256 = "a0abb04f2f45a1f89d1d4844023245537e5e6014c87b144553e0607b4cc32130"


def test_home_page_says_what_it_is(client: FlaskClient) -> None:
    response = client.get("/")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert 'name="viewport"' in page
    assert "Rummy 500" in page
    assert "/api/v1/openapi.json" in page
    assert "/static/vendor/htmx/htmx.min.js" in page
    assert "<script>" not in page  # no inline script: the CSP forbids it


@pytest.mark.parametrize("path", ["/", "/api/v1/presets", "/api/v1/nowhere", "/static/css/app.css"])
def test_security_headers_on_every_response(client: FlaskClient, path: str) -> None:
    with client.get(path) as response:  # a static file's response holds the file open
        headers = response.headers
    csp = headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert "frame-ancestors 'none'" in csp
    assert headers["Referrer-Policy"] == "no-referrer"
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["X-Content-Type-Options"] == "nosniff"


def test_vendored_htmx_is_the_recorded_build(app: Flask, client: FlaskClient) -> None:
    assert app.static_folder is not None
    folder = Path(app.static_folder) / "vendor" / "htmx"
    assert hashlib.sha256((folder / "htmx.min.js").read_bytes()).hexdigest() == HTMX_SHA256
    assert HTMX_SHA256 in (folder / "README.md").read_text(encoding="utf-8")
    assert (folder / "LICENSE").is_file()
    with client.get("/static/vendor/htmx/htmx.min.js") as response:
        assert response.status_code == 200


def test_body_limit(app: Flask) -> None:
    assert app.config["MAX_CONTENT_LENGTH"] == 256 * 1024


def test_secret_key_is_made_once_and_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SECRET_KEY", raising=False)
    monkeypatch.setattr(Flask, "auto_find_instance_path", lambda self: str(tmp_path / "inst"))
    first = create_app({"TESTING": True})
    second = create_app({"TESTING": True})
    assert first.config["SECRET_KEY"] == second.config["SECRET_KEY"]
    assert len(first.config["SECRET_KEY"]) >= 32
    assert (tmp_path / "inst" / "secret_key").read_text().strip() == first.config["SECRET_KEY"]


def test_secret_key_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SECRET_KEY", "from-env")
    monkeypatch.setattr(Flask, "auto_find_instance_path", lambda self: str(tmp_path / "inst"))
    assert create_app({"TESTING": True}).config["SECRET_KEY"] == "from-env"
    assert not (tmp_path / "inst" / "secret_key").exists()


@pytest.mark.parametrize(
    ("host", "lan", "public", "url"),
    [
        ("0.0.0.0", "192.168.1.20", "", "http://192.168.1.20:8000/"),
        ("0.0.0.0", None, "", None),  # never localhost: a phone cannot reach it
        ("127.0.0.1", "192.168.1.20", "", None),
        ("localhost", "192.168.1.20", "", None),
        ("10.0.0.5", "192.168.1.20", "", "http://10.0.0.5:8000/"),
        ("0.0.0.0", "192.168.1.20", "https://cards.example.org", "https://cards.example.org/"),
    ],
)
def test_phone_url(
    monkeypatch: pytest.MonkeyPatch, host: str, lan: str | None, public: str, url: str | None
) -> None:
    monkeypatch.setattr(network, "lan_address", lambda: lan)
    monkeypatch.setenv("PUBLIC_BASE_URL", public)
    assert network.phone_url(host, 8000) == url


def test_lan_address_is_never_loopback() -> None:
    address = network.lan_address()
    assert address is None or not address.startswith("127.")


def test_serve_runs_waitress_and_prints_the_phone_address(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import sqlite3

    import waitress

    # a fresh instance folder: serve makes the database and its tables before serving
    monkeypatch.setattr(Flask, "auto_find_instance_path", lambda self: str(tmp_path / "inst"))
    monkeypatch.delenv("DATABASE_URL", raising=False)

    served: dict[str, object] = {}
    monkeypatch.setattr(waitress, "serve", lambda app, **kwargs: served.update(kwargs))
    monkeypatch.setattr(network, "lan_address", lambda: "192.168.1.20")
    monkeypatch.setenv("SECRET_KEY", "test")
    monkeypatch.delenv("PUBLIC_BASE_URL", raising=False)
    result = CliRunner(env={"FLASK_RUN_FROM_CLI": None}).invoke(
        cli.cli, ["serve", "--port", "8123"]
    )
    assert result.exit_code == 0, result.output
    assert served["host"] == "0.0.0.0" and served["port"] == 8123
    assert served["connection_limit"] >= 500  # every open scoreboard holds a connection
    output = result.stdout
    assert "http://192.168.1.20:8123/" in output
    assert "localhost" not in output and "127.0.0.1" not in output
    database = sqlite3.connect(tmp_path / "inst" / "scorekeeper.sqlite3")
    tables = {row[0] for row in database.execute("select name from sqlite_master")}
    database.close()
    assert {"game", "player", "round", "round_part"} <= tables


def test_healthz_answers_without_the_database(client: FlaskClient) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.data == b"ok"
    assert response.headers["Cache-Control"] == "no-store"
