"""The home page: "New game", this browser's games (never anyone else's), the household list."""

from __future__ import annotations

import doctest
import re
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper import cli
from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.scoring import PlayerRecord, RoundRecord
from scorekeeper.engine.standings import Seat
from scorekeeper.store import records
from scorekeeper.store.db import db
from scorekeeper.store.models import Game
from scorekeeper.web import home, network

pytestmark = pytest.mark.db

CSRF = "test-csrf-token"


def start(client: FlaskClient, name: str, *players: str) -> str:
    """Start a game through the new-game form; its scorer page's path."""
    with client.session_transaction() as session:
        session["csrf"] = CSRF
    fields = {
        "csrf_token": CSRF,
        "preset": "rummy500",
        "name": name,
        **{f"player-{row}": player for row, player in enumerate(players)},
    }
    response = client.post("/games/new", data=fields)
    assert response.status_code == 303
    return response.location


def listed(response: TestResponse) -> list[tuple[str, str]]:
    """The games on the page: (link, name)."""
    return re.findall(
        r'<a class="game-card-name" href="([^"]+)">([^<]*)</a>', response.get_data(as_text=True)
    )


@dataclass(frozen=True)
class Made:
    id: int
    scorer_token: str
    watcher_token: str


def make_game(app: Flask, name: str, rounds: int = 0) -> Made:
    with app.app_context():
        game = records.create_game(name, rules_for("rummy500"), [Seat("Ann"), Seat("Bob")])
        for _ in range(rounds):
            records.store_round(
                game,
                RoundRecord(
                    (
                        PlayerRecord("Ann", went_out=True, melded_points=10),
                        PlayerRecord("Bob", melded_points=5),
                    )
                ),
            )
        return Made(game.id, game.scorer_token, game.watcher_token)


def test_the_doctests() -> None:
    result = doctest.testmod(home)
    assert result.attempted > 0 and result.failed == 0


def test_a_new_browser_sees_the_new_game_button_and_no_games(
    app: Flask, client: FlaskClient
) -> None:
    make_game(app, "Someone else's")
    response = client.get("/")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert re.search(r'<a class="button button-primary[^"]*" href="/games/new">New game</a>', html)
    assert listed(response) == []
    assert "Someone else" not in html
    assert "Games you start or open on this phone show up here." in html
    assert "/api/v1/openapi.json" in html and "/api/v1/presets" in html


def test_this_browsers_games_newest_first(app: Flask, client: FlaskClient) -> None:
    friday = start(client, "Friday", "Ann", "Bob", "Cy")
    saturday = start(client, "<b>Saturday</b>", "Dee", "Eve")
    watched = make_game(app, "Watched", rounds=3)
    make_game(app, "Not ours")
    client.get(f"/w/{watched.watcher_token}")
    response = client.get("/")
    assert listed(response) == [
        (f"/w/{watched.watcher_token}", "Watched"),
        (saturday, "&lt;b&gt;Saturday&lt;/b&gt;"),
        (friday, "Friday"),
    ]
    html = response.get_data(as_text=True)
    assert "Not ours" not in html
    assert watched.scorer_token not in html  # a watcher never gets the scorer's link
    assert "Ann, Bob, Cy" in html and "Dee, Eve" in html
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    assert "3 rounds · just now · watching" in text
    assert "0 rounds · just now · you score" in text
    # opening Friday again puts it first
    client.get(friday)
    assert listed(client.get("/"))[0] == (friday, "Friday")


def test_another_browser_sees_none_of_them(app: Flask, client: FlaskClient) -> None:
    start(client, "Friday", "Ann", "Bob")
    other = app.test_client()
    assert listed(other.get("/")) == []
    assert "Friday" not in other.get("/").get_data(as_text=True)


def test_a_scorer_stays_the_scorer_after_watching(app: Flask, client: FlaskClient) -> None:
    friday = start(client, "Friday", "Ann", "Bob")
    with app.app_context():
        game = db.session.scalars(db.select(Game)).one()
        watcher = game.watcher_token
    client.get(f"/w/{watcher}")
    assert listed(client.get("/")) == [(friday, "Friday")]


def test_a_game_no_longer_on_the_server_is_left_out(app: Flask, client: FlaskClient) -> None:
    start(client, "Friday", "Ann", "Bob")
    with client.session_transaction() as session:
        session["games"] = [["scorer", "gone" * 8], *session["games"]]
    assert [name for _, name in listed(client.get("/"))] == ["Friday"]


def test_the_session_never_lists_games_by_id(app: Flask, client: FlaskClient) -> None:
    """Ids are sequential: a session forged with a leaked secret key must not be able to turn
    them into scorer links. Entries of the old form (role, id) are dropped."""
    start(client, "Friday", "Ann", "Bob")
    with client.session_transaction() as session:
        assert all(isinstance(token, str) and len(token) >= 32 for _, token in session["games"])
        session["games"] = [["scorer", 1]]
    assert listed(client.get("/")) == []


def test_a_household_server_lists_every_game_newest_first(app: Flask, client: FlaskClient) -> None:
    games = [
        make_game(app, name, rounds) for name, rounds in (("One", 1), ("Two", 0), ("Three", 2))
    ]
    assert listed(client.get("/")) == []
    app.config["HOUSEHOLD"] = True
    response = client.get("/")
    html = response.get_data(as_text=True)
    assert [name for _, name in listed(response)] == ["Three", "Two", "One"]
    assert "Games on this server" in html
    for game in games:  # everyone trusts each other: both links
        assert f'href="/s/{game.scorer_token}">Score</a>' in html
        assert f'href="/w/{game.watcher_token}">Watch</a>' in html
    assert "2 rounds" in html and "1 round ·" in html


def test_the_household_list_is_capped(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(home, "HOUSEHOLD_LIMIT", 2)
    for name in ("One", "Two", "Three"):
        make_game(app, name)
    app.config["HOUSEHOLD"] = True
    response = client.get("/")
    assert [name for _, name in listed(response)] == ["Three", "Two"]
    assert "The newest 2." in response.get_data(as_text=True)


@pytest.mark.parametrize(
    ("config", "environment", "expected"),
    [
        (None, None, False),
        (None, "1", True),
        (None, "yes", True),
        (None, "0", False),
        (True, None, True),
        (False, "1", False),  # the config, when set, decides
    ],
)
def test_household_switches(
    app: Flask,
    monkeypatch: pytest.MonkeyPatch,
    config: bool | None,
    environment: str | None,
    expected: bool,
) -> None:
    if environment is None:
        monkeypatch.delenv(home.ENVIRONMENT_SWITCH, raising=False)
    else:
        monkeypatch.setenv(home.ENVIRONMENT_SWITCH, environment)
    if config is not None:
        app.config["HOUSEHOLD"] = config
    with app.app_context():
        assert home.household() is expected


def test_the_last_change_is_shown(app: Flask, client: FlaskClient) -> None:
    game = make_game(app, "Old")
    with app.app_context():
        stored = db.session.get_one(Game, game.id)
        stored.updated_at = stored.updated_at - timedelta(days=3)
        db.session.commit()
    client.get(f"/w/{game.watcher_token}")
    html = client.get("/").get_data(as_text=True)
    assert re.search(r'<time datetime="[^"]+">3 days ago</time>', html)


def test_serve_household(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import waitress

    monkeypatch.setattr(Flask, "auto_find_instance_path", lambda self: str(tmp_path / "inst"))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv(home.ENVIRONMENT_SWITCH, raising=False)
    monkeypatch.setenv("SECRET_KEY", "test")
    served: list[Flask] = []
    monkeypatch.setattr(waitress, "serve", lambda app, **kwargs: served.append(app))
    monkeypatch.setattr(network, "lan_address", lambda: "192.168.1.20")
    runner = CliRunner(env={"FLASK_RUN_FROM_CLI": None})  # each run makes its own app
    result = runner.invoke(cli.cli, ["serve", "--household"])
    assert result.exit_code == 0, result.output
    assert served[-1].config["HOUSEHOLD"] is True
    assert "lists every game" in result.stdout
    result = runner.invoke(cli.cli, ["serve"])
    assert result.exit_code == 0, result.output
    assert "HOUSEHOLD" not in served[-1].config
    assert "lists every game" not in result.stdout
