"""The watchers' live board: the page, the cheap poll, the QR links, the round in play."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event

from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.scoring import PlayerRecord, RoundRecord, meld
from scorekeeper.engine.standings import Seat
from scorekeeper.store import history, records
from scorekeeper.store.db import db
from scorekeeper.store.models import Game
from scorekeeper.web import network
from scorekeeper.web.qr import qr_matrix, qr_path

PUBLIC_BASE_URL = "http://scores.test"  # as tests/conftest.py configures the app

pytestmark = pytest.mark.db

ANN_OUT = RoundRecord(
    (
        PlayerRecord("Ann", went_out=True, melds=(meld("3C 3D 3S"),)),
        PlayerRecord("Bob", melded_points=20, hand_points=5),
    )
)


@pytest.fixture
def game(app: Flask) -> dict[str, Any]:
    with app.app_context():
        stored = records.create_game(
            "Friday",
            rules_for("rummy500"),
            [Seat("Ann"), Seat("Bob")],
            preset="rummy500",
            dealer="Bob",
        )
        records.store_round(stored, ANN_OUT, dealer="Bob")
        return {
            "id": stored.id,
            "scorer": stored.scorer_token,
            "watcher": stored.watcher_token,
            "version": stored.version,
        }


def save_round(app: Flask, game_id: int) -> int:
    with app.app_context():
        stored = db.session.get_one(Game, game_id)
        records.store_round(stored, ANN_OUT)
        return stored.version


@contextmanager
def counted_queries(app: Flask) -> Iterator[list[str]]:
    statements: list[str] = []

    def count(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        statements.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", count)
    try:
        yield statements
    finally:
        event.remove(engine, "before_cursor_execute", count)


def test_an_unchanged_poll_is_empty_after_one_query(
    app: Flask, client: FlaskClient, game: dict[str, Any]
) -> None:
    url = f"/w/{game['watcher']}/board?since={game['version']}"
    assert client.get(url).status_code == 200  # the connection is open and its pragmas set
    with counted_queries(app) as statements:
        response = client.get(url, headers={"HX-Request": "true"})
    # Empty, and nothing for htmx to swap (a 200, not a 204: waitress closes the connection
    # after a 204, and every board would reconnect at every poll).
    assert response.status_code == 200 and response.headers["HX-Reswap"] == "none"
    assert response.data == b"" and response.headers["Content-Length"] == "0"
    assert "Set-Cookie" not in response.headers
    assert len(statements) == 1, statements
    assert statements[0].lstrip().upper().startswith("SELECT")


def test_a_changed_game_answers_the_new_board(
    app: Flask, client: FlaskClient, game: dict[str, Any]
) -> None:
    version = save_round(app, game["id"])
    response = client.get(
        f"/w/{game['watcher']}/board?since={game['version']}", headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    assert response.headers["ETag"] == f'"{version}"'
    assert response.headers["Cache-Control"] == "no-store"
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<div id="live"')
    assert f'data-version="{version}"' in html
    assert f"/w/{game['watcher']}/board?since={version}" in html  # the next poll asks from here
    assert 'id="round-2"' in html
    # Ann: 3C 3D 3S = 9 each round, plus Bob's 5 in hand? No: Rummy 500 subtracts hands, so Ann
    # scores 9 and Bob 20 - 5 = 15 each round.
    totals = dict(re.findall(r'competitor-name">(\w+).*?competitor-total">(-?\d+)<', html, re.S))
    assert totals == {"Bob": "30", "Ann": "18"}
    # an old page asking with a version it never saw still gets the board
    assert client.get(f"/w/{game['watcher']}/board?since=junk").status_code == 200
    assert client.get(f"/w/{game['watcher']}/board").status_code == 200


def test_the_page_and_its_json_show_the_same_version(
    app: Flask, client: FlaskClient, game: dict[str, Any]
) -> None:
    page = client.get(f"/w/{game['watcher']}").get_data(as_text=True)
    board = client.get(f"/w/{game['watcher']}.json").get_json()
    assert f'data-version="{board["version"]}"' in page
    assert {total["name"]: total["total"] for total in board["totals"]} == {"Ann": 9, "Bob": 15}
    assert board["next_round"] == 2 and board["next_dealer"] == "Ann"


@pytest.mark.parametrize(
    "path",
    [
        "/w/{scorer}",
        "/w/{scorer}/board?since=1",
        "/w/nope/board",
        "/w/{scorer}.json",
        "/w/" + "x" * 300 + "/board",
    ],
)
def test_the_board_needs_the_watcher_token(
    client: FlaskClient, game: dict[str, Any], path: str
) -> None:
    assert client.get(path.format(**game)).status_code == 404


SCORER_ROUTES = [
    ("GET", "/s/{watcher}"),
    ("GET", "/s/{watcher}/rounds/new"),
    ("GET", "/s/{watcher}/rounds/1"),
    ("POST", "/s/{watcher}/rounds/new"),
    ("POST", "/s/{watcher}/rounds/1"),
    ("POST", "/s/{watcher}/rounds/preview"),
    ("GET", "/s/{watcher}/rounds/1/delete"),
    ("POST", "/s/{watcher}/rounds/1/delete"),
    ("POST", "/s/{watcher}/undo"),
    ("POST", "/s/{watcher}/rename"),
    ("POST", "/s/{watcher}/finish"),
    ("POST", "/s/{watcher}/deal"),
    ("POST", "/s/{watcher}/rounds"),
]


@pytest.mark.parametrize(("method", "path"), SCORER_ROUTES)
def test_every_scorer_route_refuses_the_watcher_token(
    app: Flask, client: FlaskClient, game: dict[str, Any], method: str, path: str
) -> None:
    client.get("/games/new")  # a browser with a valid CSRF token of its own: only the link fails
    with client.session_transaction() as session:
        token = session.get("csrf", "")
    response = client.open(
        path.format(**game),
        method=method,
        data={"csrf_token": token, "version": str(game["version"])},
        headers={"Idempotency-Key": "k1"},
    )
    assert response.status_code == 404
    with app.app_context():
        assert db.session.get_one(Game, game["id"]).version == game["version"]


def test_qr_codes_carry_the_public_address(client: FlaskClient, game: dict[str, Any]) -> None:
    watch_url = f"{PUBLIC_BASE_URL}/w/{game['watcher']}"
    for page in (client.get(f"/w/{game['watcher']}"), client.get(f"/s/{game['scorer']}")):
        html = page.get_data(as_text=True)
        assert f'value="{watch_url}"' in html
        assert qr_path(qr_matrix(watch_url)) in html  # the code drawn is the watcher link's


def test_without_a_public_address_links_use_the_lan_address(
    app: Flask, client: FlaskClient, game: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    app.config["PUBLIC_BASE_URL"] = None
    monkeypatch.setattr(network, "lan_address", lambda: "192.168.1.20")
    html = client.get(f"/w/{game['watcher']}", base_url="http://localhost:8000").get_data(
        as_text=True
    )
    assert f'value="http://192.168.1.20:8000/w/{game["watcher"]}"' in html
    assert "localhost" not in html and "127.0.0.1" not in html
    # a request that came to the LAN address already keeps it
    html = client.get(f"/w/{game['watcher']}", base_url="http://10.0.0.7:8000").get_data(
        as_text=True
    )
    assert f'value="http://10.0.0.7:8000/w/{game["watcher"]}"' in html


def test_the_deal_shows_the_round_in_play_on_every_board(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        stored = records.create_game(
            "5000",
            rules_for("rummy5000"),
            [Seat("Ann"), Seat("Bob"), Seat("Cy")],
            preset="rummy5000",
            dealer="Cy",
        )
        tokens = (stored.scorer_token, stored.watcher_token, stored.id)
    scorer, watcher, game_id = tokens
    client.get(f"/s/{scorer}")
    with client.session_transaction() as session:
        csrf = session["csrf"]
    before = client.get(f"/w/{watcher}.json").get_json()["version"]
    response = client.post(
        f"/s/{scorer}/deal",
        data={
            "csrf_token": csrf,
            "dealer": "Cy",
            "upcard-0": "9",
            "upcard-1": "K",
            "upcard-2": "7",
        },
    )
    assert response.status_code == 200
    board = client.get(f"/w/{watcher}/board?since={before}").get_data(as_text=True)
    assert re.search(r"<strong>7s</strong> wild", board)  # Cy dealt a 7: sevens are wild
    assert re.search(r"<strong>Cy</strong> deals", board)
    # recording the round ends it: the next round's wild is not known until its deal
    with app.app_context():
        stored = db.session.get_one(Game, game_id)
        assert stored.next_wild_rank == "7"
        records.store_round(
            stored,
            RoundRecord(
                (
                    PlayerRecord("Ann", went_out=True, melds=(meld("3C 3D 3S"),)),
                    PlayerRecord("Bob", melded_points=0, hand_points=0),
                    PlayerRecord("Cy", melded_points=0, hand_points=0),
                ),
                wild_rank="7",
            ),
        )
        assert stored.next_wild_rank is None
        change = history.last_change(stored)
        assert change is not None and change.kind == "added"


def test_each_version_is_rendered_once_for_every_board(
    app: Flask, client: FlaskClient, game: dict[str, Any]
) -> None:
    version = save_round(app, game["id"])
    url = f"/w/{game['watcher']}/board?since={game['version']}"
    first = client.get(url)
    with counted_queries(app) as statements:
        second = client.get(url)  # another board asking about the same change
    assert second.status_code == 200 and second.data == first.data
    assert second.headers["ETag"] == f'"{version}"'
    assert len(statements) == 1  # the version; the board itself was rendered already
    # a newer version is rendered afresh
    newer = save_round(app, game["id"])
    third = client.get(url)
    assert third.headers["ETag"] == f'"{newer}"' and third.data != first.data


def test_a_slow_board_never_makes_another_games_board_wait(
    app: Flask, game: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rendering is serialised per board (a burst of polls after a save renders it once), never
    across games: while one game's board is being drawn, another game's answers."""
    from scorekeeper.web import board as board_module

    with app.app_context():
        other = records.create_game(
            "Other", rules_for("rummy500"), [Seat("Cy"), Seat("Dee")], preset="rummy500"
        )
        other_token = other.watcher_token
    board_module.rendered_boards._html.clear()
    started, release = threading.Event(), threading.Event()
    real_board = board_module.board

    def slow_board(stored: Game, **options: Any) -> Any:
        if stored.watcher_token == game["watcher"]:
            started.set()
            release.wait(10)
        return real_board(stored, **options)

    monkeypatch.setattr(board_module, "board", slow_board)
    slow = threading.Thread(target=lambda: app.test_client().get(f"/w/{game['watcher']}/board"))
    slow.start()
    try:
        assert started.wait(10)
        answered = app.test_client().get(f"/w/{other_token}/board")  # not blocked by the first
        assert answered.status_code == 200 and b"Cy" in answered.data
        assert not release.is_set() and slow.is_alive()
    finally:
        release.set()
        slow.join(10)
    assert not board_module.rendered_boards._rendering  # no lock left behind


def test_a_long_game_folds_its_older_rounds(
    app: Flask, client: FlaskClient, game: dict[str, Any]
) -> None:
    """A game of 2,000 rounds must not render 2,000 rows: the last 30 show, with a link to all."""
    from scorekeeper.store.scoreboard import RECENT_ROUNDS

    for _ in range(RECENT_ROUNDS):
        save_round(app, game["id"])
    played = RECENT_ROUNDS + 1
    for page, token in (("/s/", game["scorer"]), ("/w/", game["watcher"])):
        html = client.get(f"{page}{token}").get_data(as_text=True)
        assert len(re.findall(r'<tr id="round-\d+"', html)) == RECENT_ROUNDS
        assert f"The last {RECENT_ROUNDS} of {played} rounds." in html
        assert f'href="{page}{token}?rounds=all#rounds">Show all {played}</a>' in html
        everything = client.get(f"{page}{token}?rounds=all").get_data(as_text=True)
        assert len(re.findall(r'<tr id="round-\d+"', everything)) == played
        assert "Show all" not in everything
    # The watchers' board keeps every round while it polls.
    live = client.get(f"/w/{game['watcher']}/board?rounds=all").get_data(as_text=True)
    assert len(re.findall(r'<tr id="round-\d+"', live)) == played
    assert "rounds=all" in live.split("hx-trigger")[0]
