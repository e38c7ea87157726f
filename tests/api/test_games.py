"""The games API (API.md, "Games"): start a game, record rounds with the scorer's link, watch the
scoreboard with the watchers' link (conditional GET on the game's version)."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.engine import scoring
from scorekeeper.store import history, records
from scorekeeper.store.db import db
from scorekeeper.store.models import Game, Round

pytestmark = pytest.mark.db

THREE = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]

#: The round of API.md (without rules): Ann 36, Bob 9, Cy 15.
API_MD_ROUND: dict[str, Any] = {
    "wild_rank": None,
    "ended_by": "going_out",
    "players": [
        {
            "name": "Ann",
            "team": None,
            "went_out": True,
            "melds": [["3C", "3D", "3S"], ["5D", "6D", "7D"]],
            "layoffs": [{"onto": {"player": "Bob", "meld": 0}, "cards": ["9S"]}],
            "hand": [],
        },
        {"name": "Bob", "melds": [["6S", "7S", "8S"]], "hand": ["KH", "2C"]},
        {"name": "Cy", "melded_points": 40, "hand_points": 25},
    ],
}
API_MD_TOTALS = {"Ann": 36, "Bob": 9, "Cy": 15}

#: Bob goes out with a run; Ann keeps 10 points in hand, Cy counted 30 down and 5 in hand.
BOB_OUT: dict[str, Any] = {
    "ended_by": "going_out",
    "players": [
        {"name": "Ann", "melds": [["4H", "4S", "4D"]], "hand": ["10C"]},
        {"name": "Bob", "went_out": True, "melds": [["9H", "10H", "JH", "QH"]]},
        {"name": "Cy", "melded_points": 30, "hand_points": 5},
    ],
}


def path(url: str) -> str:
    return urlsplit(url).path


@pytest.fixture
def game(client: FlaskClient) -> dict[str, str]:
    """A rummy500 game of Ann, Bob and Cy (Cy deals first): its links, as paths."""
    response = client.post(
        "/api/v1/games",
        json={"name": "Friday", "rules": "rummy500", "players": THREE, "dealer": "Cy"},
    )
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    return {"edit": path(body["edit_url"]), "view": path(body["view_url"])}


def post_round(
    client: FlaskClient,
    game: dict[str, str],
    body: dict[str, Any],
    key: str | None = "k1",
    **headers: str,
) -> Any:
    if key is not None:
        headers["Idempotency-Key"] = key
    return client.post(game["edit"] + "/rounds", json=body, headers=headers)


def stored(app: Flask) -> tuple[int, list[int]]:
    """The only game's version and its rounds' numbers, as the database has them."""
    with app.app_context():
        game = db.session.execute(sa.select(Game)).scalar_one()
        return game.version, [r.number for r in game.rounds]


def count(app: Flask, model: type[Game] | type[Round]) -> int:
    with app.app_context():
        return db.session.scalar(sa.select(sa.func.count()).select_from(model)) or 0


def assert_error(response: Any, status: int, named: str) -> None:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.is_json
    body = response.get_json()
    assert isinstance(body["error"], str)
    assert named in body["error"], body["error"]


@contextmanager
def sql_statements(app: Flask) -> Iterator[list[str]]:
    """The SQL statements sent to the database meanwhile."""
    statements: list[str] = []

    def note(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        statements.append(statement)

    with app.app_context():
        engine = db.engine
    sa.event.listen(engine, "before_cursor_execute", note)
    try:
        yield statements
    finally:
        sa.event.remove(engine, "before_cursor_execute", note)


# --- POST /api/v1/games ----------------------------------------------------------------------


def test_a_new_game_has_two_absolute_links(app: Flask, client: FlaskClient) -> None:
    response = client.post(
        "/api/v1/games",
        json={
            "name": " Friday ",
            "rules": {"preset": "rummy5000", "options": {"target": 3000}},
            "players": [{"name": "Ann"}, {"name": "Bob", "team": None}],
            "dealer": "Bob",
        },
    )
    assert response.status_code == 201
    body = response.get_json()
    assert set(body) == {"id", "edit_url", "view_url", "players"}  # players: the seating
    with app.app_context():
        saved = db.session.get_one(Game, body["id"])
        assert body["edit_url"] == f"http://scores.test/s/{saved.scorer_token}"
        assert body["view_url"] == f"http://scores.test/w/{saved.watcher_token}"
        assert (saved.name, saved.preset, saved.version) == ("Friday", "rummy5000", 1)
        assert saved.rules["target"] == 3000 and saved.rules["deal"] == "upcard"
        assert [(p.seat, p.name, p.team) for p in saved.players] == [
            (0, "Ann", None),
            (1, "Bob", None),
        ]
        assert saved.first_dealer_seat == 1
    assert response.headers["Location"] == body["view_url"]


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"rules": "rummy501"}, "rules: unknown preset 'rummy501' (did you mean 'rummy500'?)"),
        ({"rules": {"preset": "rummy500", "options": {"targt": 300}}}, "unknown option 'targt'"),
        ({"players": [{"name": "Ann"}]}, "players: List should have at least 2 items"),
        ({"players": [{"name": f"P{i}"} for i in range(9)]}, "players: List should have at most 8"),
        (
            {"players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "ann "}]},
            "players: ann is named twice",
        ),
        ({"players": [{"name": ""}, {"name": "Bob"}]}, "players[0].name"),
        ({"players": ["Ann", "Bob"]}, "players[0]: must be a JSON object"),
        ({"rules": "partnership500"}, "players[0].team: is required under partnership rules"),
        (
            {"players": [{"name": "Ann", "team": "Bob"}, {"name": "Bob"}]},
            "players: Bob is both a player without a side and a side",
        ),
        ({"dealer": "Zed"}, "dealer: Zed is not one of the players"),
        ({"name": ""}, "name: String should have at least 1 character"),
        ({"name": None}, "name"),
        ({"colour": "red"}, "colour: is not a known field"),
    ],
)
def test_a_bad_game_is_400_naming_the_field(
    app: Flask, client: FlaskClient, changes: dict[str, Any], named: str
) -> None:
    body = {"name": "Friday", "rules": "rummy500", "players": THREE, **changes}
    assert_error(client.post("/api/v1/games", json=body), 400, named)
    assert count(app, Game) == 0


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("  Ann\x00 \x1b[31mLee\t", "Ann [31mLee"),  # NUL and ESC gone, spaces collapsed
        ("Ann\nMarie", "Ann Marie"),
        ("\u202eBob\u202c", "Bob"),  # a right-to-left override turns the row around
        ("\ufeffCy\u200b", "Cy"),
        ("Cafe\u0301", "Café"),  # NFC: one code point, as typed on another phone
        ("👩\u200d👩\u200d👧", "👩\u200d👩\u200d👧"),  # joiners inside an emoji sequence stay
    ],
)
def test_names_are_stored_as_they_can_be_read(
    app: Flask, client: FlaskClient, typed: str, stored: str
) -> None:
    players = [{"name": typed, "team": typed}, {"name": "Zed", "team": "Them"}]
    response = client.post(
        "/api/v1/games", json={"name": f"Night {typed}", "rules": "rummy500", "players": players}
    )
    assert response.status_code == 201, response.get_json()
    with app.app_context():
        game = db.session.execute(sa.select(Game)).scalar_one()
        assert (game.name, game.players[0].name, game.players[0].team) == (
            f"Night {stored}",
            stored,
            stored,
        )


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"players": [{"name": "\u200b\u200b"}, {"name": "Bob"}]}, "players[0].name: has no"),
        ({"players": [{"name": "\ufeff"}, {"name": "Bob"}]}, "players[0].name: has no visible"),
        ({"players": [{"name": "Ann"}, {"name": "\x00\x1b"}]}, "players[1].name: has no"),
        ({"players": [{"name": "Ann", "team": " \u202e "}, {"name": "Bob"}]}, "players[0].team"),
        ({"players": [{"name": "🂡" * 40}, {"name": "Bob"}]}, "players[0].name: is too long"),
        ({"players": [{"name": "李" * 21}, {"name": "Bob"}]}, "players[0].name: is too long"),
        ({"name": "  "}, "name: has no visible character"),
        ({"name": "🂡" * 41}, "name: is too long: at most 80 characters"),
    ],
)
def test_an_unreadable_or_too_wide_name_is_422_naming_the_field(
    app: Flask, client: FlaskClient, changes: dict[str, Any], named: str
) -> None:
    body = {"name": "Friday", "rules": "rummy500", "players": THREE, **changes}
    assert_error(client.post("/api/v1/games", json=body), 422, named)
    assert count(app, Game) == 0


def test_a_partnership_game_with_sides(client: FlaskClient) -> None:
    players = [
        {"name": "Ann", "team": "N-S"},
        {"name": "Bob", "team": "E-W"},
        {"name": "Cy", "team": "N-S"},
        {"name": "Di", "team": "E-W"},
    ]
    response = client.post(
        "/api/v1/games", json={"name": "P", "rules": "partnership500", "players": players}
    )
    assert response.status_code == 201
    links = {
        "edit": path(response.get_json()["edit_url"]),
        "view": path(response.get_json()["view_url"]),
    }
    round_ = {
        "ended_by": "going_out",
        "players": [
            {"name": "Ann", "went_out": True, "melded_points": 50},
            {"name": "Bob", "melded_points": 20, "hand_points": 5},
            {"name": "Cy", "melded_points": 10, "hand_points": 15},
            {"name": "Di", "hand_points": 7},
        ],
    }
    stored_round = post_round(client, links, round_)
    assert stored_round.status_code == 201
    assert {t["team"]: t["total"] for t in stored_round.get_json()["teams"]} == {
        "N-S": 45,
        "E-W": 8,
    }
    board = client.get(links["view"] + ".json").get_json()
    assert board["teams"] == [
        {"team": "N-S", "total": 45, "bags": None},
        {"team": "E-W", "total": 8, "bags": None},
    ]
    assert [(t["name"], t["team"]) for t in board["totals"]] == [
        ("Ann", "N-S"),
        ("Bob", "E-W"),
        ("Cy", "N-S"),
        ("Di", "E-W"),
    ]
    assert board["rules"]["preset"] == "partnership500" and board["rules"]["partnership"]


def test_the_openapi_document_describes_the_new_game(client: FlaskClient) -> None:
    doc = client.get("/api/v1/openapi.json").get_json()
    operation = doc["paths"]["/api/v1/games"]["post"]
    assert operation["operationId"] == "create_game"
    assert operation["responses"]["201"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/GameCreated"
    }
    assert {"400", "413", "415"} <= set(operation["responses"])
    assert set(doc["components"]["schemas"]["GameRequest"]["required"]) == {
        "name",
        "rules",
        "players",
    }


# --- POST /s/<scorer_token>/rounds -----------------------------------------------------------


def test_a_round_is_stored_and_scored(
    app: Flask, client: FlaskClient, game: dict[str, str]
) -> None:
    response = post_round(client, game, API_MD_ROUND)
    assert response.status_code == 201
    body = response.get_json()
    assert {p["name"]: p["total"] for p in body["players"]} == API_MD_TOTALS
    assert body["players"][0]["lines"] == [
        "3C 3D 3S set 9",
        "5D 6D 7D run 18",
        "9S laid off on Bob's 6S 7S 8S 9",
    ]
    assert (body["round"], body["version"], body["dealer"]) == (1, 2, "Cy")
    assert body["problems"] == [] and body["teams"] == []
    assert response.headers["ETag"] == '"2"'
    assert stored(app) == (2, [1])


def calls_to(monkeypatch: pytest.MonkeyPatch, function: Callable[..., Any]) -> list[object]:
    """Each call to ``function`` from the app, wherever a module of the app imported it."""
    calls: list[object] = []

    def spy(*args: Any, **kwargs: Any) -> Any:
        calls.append(args)
        return function(*args, **kwargs)

    for name, module in list(sys.modules.items()):
        if name.startswith("scorekeeper"):
            for attribute, value in list(vars(module).items()):
                if value is function:
                    monkeypatch.setattr(module, attribute, spy)
    return calls


def test_a_posted_round_is_scored_once(
    client: FlaskClient, game: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Checked once: the same score refuses it, is stored with it, and is answered."""
    scored = calls_to(monkeypatch, scoring.score_round)
    first = post_round(client, game, API_MD_ROUND, key="once")
    assert first.status_code == 201 and len(scored) == 1
    scored.clear()
    again = post_round(client, game, API_MD_ROUND, key="once")  # a retry: nothing stored
    assert again.get_json() == first.get_json() and len(scored) == 1
    scored.clear()
    refused = {**BOB_OUT, "players": [*BOB_OUT["players"][:1], {"name": "Bob", "hand": ["2C"]}]}
    assert post_round(client, game, refused, key="other").status_code == 422
    assert len(scored) == 1


def test_the_same_key_twice_stores_one_round(
    app: Flask, client: FlaskClient, game: dict[str, str]
) -> None:
    first = post_round(client, game, API_MD_ROUND, key="same")
    again = post_round(client, game, API_MD_ROUND, key="same")
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.get_json() == first.get_json()
    assert stored(app) == (2, [1])
    quoted = post_round(client, game, API_MD_ROUND, key='"same"')  # the structured-field form
    assert quoted.get_json()["round"] == 1
    assert stored(app) == (2, [1])


def test_a_replay_is_not_a_conflict(client: FlaskClient, game: dict[str, str]) -> None:
    """A retry after a lost answer: its If-Match is now stale, but the key wins."""
    assert post_round(client, game, API_MD_ROUND, key="r", **{"If-Match": '"1"'}).status_code == 201
    retry = post_round(client, game, API_MD_ROUND, key="r", **{"If-Match": '"1"'})
    assert retry.status_code == 201 and retry.get_json()["round"] == 1


def test_the_same_key_for_another_round_is_refused(
    app: Flask, client: FlaskClient, game: dict[str, str]
) -> None:
    post_round(client, game, API_MD_ROUND, key="same")
    assert_error(
        post_round(client, game, BOB_OUT, key="same"),
        422,
        "Idempotency-Key 'same' was already used for round 1",
    )
    assert stored(app) == (2, [1])


def test_two_keys_store_two_rounds(app: Flask, client: FlaskClient, game: dict[str, str]) -> None:
    first = post_round(client, game, API_MD_ROUND, key="a").get_json()
    second = post_round(client, game, BOB_OUT, key="b").get_json()
    assert [(r["round"], r["version"], r["dealer"]) for r in (first, second)] == [
        (1, 2, "Cy"),
        (2, 3, "Ann"),
    ]  # the deal passes to the left (the next seat)
    assert stored(app) == (3, [1, 2])
    board = client.get(game["view"] + ".json").get_json()
    assert board["next_dealer"] == "Bob"


def test_the_dealer_follows_the_rotation_or_the_body(client: FlaskClient) -> None:
    created = client.post(
        "/api/v1/games",
        json={
            "name": "W",
            "rules": {"preset": "rummy500", "options": {"dealer_rotation": "winner"}},
            "players": THREE,
            "dealer": "Ann",
        },
    ).get_json()
    links = {"edit": path(created["edit_url"]), "view": path(created["view_url"])}
    dealers = [
        post_round(client, links, round_, key=key).get_json()["dealer"]
        for key, round_ in (("1", BOB_OUT), ("2", API_MD_ROUND))
    ]
    assert dealers == ["Ann", "Bob"]  # under dealer_rotation: winner, whoever went out deals
    stock_out = {"ended_by": "stock_out", "players": [{"name": "Ann", "hand_points": 3}]}
    assert post_round(client, links, stock_out, key="3").get_json()["dealer"] == "Ann"
    assert client.get(links["view"] + ".json").get_json()["next_dealer"] is None
    told = post_round(client, links, {**BOB_OUT, "dealer": "Cy"}, key="4").get_json()
    assert told["dealer"] == "Cy"
    assert client.get(links["view"] + ".json").get_json()["next_dealer"] == "Bob"


def test_the_same_key_racing_stores_one_round(
    app: Flask, client: FlaskClient, game: dict[str, str]
) -> None:
    barrier = threading.Barrier(4)
    answers: list[tuple[int, int]] = []

    def post() -> None:
        own = app.test_client()
        barrier.wait()
        response = post_round(own, game, API_MD_ROUND, key="race")
        answers.append((response.status_code, response.get_json()["round"]))

    threads = [threading.Thread(target=post) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [(201, 1)] * 4
    assert stored(app) == (2, [1])


@pytest.mark.parametrize(
    ("key", "named"),
    [
        (None, "the Idempotency-Key header is required"),
        ("", "Idempotency-Key: expected 1 to 100"),
        ("x" * 101, "Idempotency-Key: expected 1 to 100"),
        ("two words", "Idempotency-Key: expected 1 to 100"),
    ],
)
def test_a_bad_idempotency_key_is_400(
    app: Flask, client: FlaskClient, game: dict[str, str], key: str | None, named: str
) -> None:
    assert_error(post_round(client, game, API_MD_ROUND, key=key), 400, named)
    assert stored(app) == (1, [])


def test_a_round_with_problems_is_422_and_not_stored(
    app: Flask, client: FlaskClient, game: dict[str, str]
) -> None:
    impossible = {
        **API_MD_ROUND,
        "players": [*API_MD_ROUND["players"][:2], {"name": "Cy", "hand": ["3C"]}],
    }
    response = post_round(client, game, impossible)
    assert_error(response, 422, "the round was not stored: 3C twice")
    assert response.get_json()["problems"] == ["3C twice, but one pack holds it once."]
    assert stored(app) == (1, [])
    # the key was not used up: the corrected round may be sent with it
    assert post_round(client, game, API_MD_ROUND).status_code == 201


@pytest.mark.parametrize(
    ("body", "status", "named"),
    [
        ({**API_MD_ROUND, "rules": "rummy500"}, 400, "rules: is not a known field"),
        (
            {**API_MD_ROUND, "players": [{"name": "Zed", "went_out": True}]},
            400,
            "Zed is not seated in this game",
        ),
        ({**API_MD_ROUND, "dealer": "Zed"}, 400, "dealer: Zed is not seated"),
        ({**API_MD_ROUND, "ended_by": "boredom"}, 400, "ended_by"),
        (
            {"ended_by": "going_out", "players": [{"name": "Ann", "melds": [["3C", "XX"]]}]},
            400,
            "players[0].melds[0][1]: 'XX' is not a card",
        ),
    ],
)
def test_a_bad_round_is_a_4xx_and_not_stored(
    app: Flask,
    client: FlaskClient,
    game: dict[str, str],
    body: dict[str, Any],
    status: int,
    named: str,
) -> None:
    assert_error(post_round(client, game, body), status, named)
    assert stored(app) == (1, [])


def test_a_round_must_be_json(app: Flask, client: FlaskClient, game: dict[str, str]) -> None:
    response = client.post(
        game["edit"] + "/rounds", data={"ended_by": "going_out"}, headers={"Idempotency-Key": "k"}
    )
    assert_error(response, 415, "Content-Type: application/json")
    assert stored(app) == (1, [])


def test_a_stale_version_is_409_and_not_stored(
    app: Flask, client: FlaskClient, game: dict[str, str]
) -> None:
    assert post_round(client, game, API_MD_ROUND, key="a", **{"If-Match": '"1"'}).status_code == 201
    response = post_round(client, game, BOB_OUT, key="b", **{"If-Match": '"1"'})
    assert_error(response, 409, "the game changed since you loaded it: now version 2")
    assert response.get_json()["version"] == 2 and response.headers["ETag"] == '"2"'
    assert stored(app) == (2, [1])
    assert post_round(client, game, BOB_OUT, key="b", **{"If-Match": "2"}).status_code == 201
    assert post_round(client, game, BOB_OUT, key="c", **{"If-Match": "*"}).status_code == 201
    assert stored(app) == (4, [1, 2, 3])


@pytest.mark.parametrize("if_match", ["version 3", '"1", "2"', '"99999999999"'])
def test_a_bad_if_match_is_400(
    app: Flask, client: FlaskClient, game: dict[str, str], if_match: str
) -> None:
    response = post_round(client, game, API_MD_ROUND, **{"If-Match": if_match})
    assert_error(response, 400, "If-Match: expected the game's version")
    assert stored(app) == (1, [])


def test_a_wrong_token_is_404_and_the_watchers_token_does_not_score(
    app: Flask, client: FlaskClient, game: dict[str, str]
) -> None:
    watcher_token = game["view"].removeprefix("/w/")
    answers = [
        client.post(f"/s/{token}/rounds", json=API_MD_ROUND, headers={"Idempotency-Key": "k"})
        for token in (watcher_token, "no-such-token", "x" * 500)
    ]
    for response in answers:
        assert_error(response, 404, "no game has this link")
    assert len({response.get_data() for response in answers}) == 1  # nothing tells them apart
    assert stored(app) == (1, [])


# --- GET /w/<watcher_token>.json -------------------------------------------------------------


def test_the_scoreboard_matches_the_scores(client: FlaskClient, game: dict[str, str]) -> None:
    scored = post_round(client, game, API_MD_ROUND).get_json()
    response = client.get(game["view"] + ".json")
    assert response.status_code == 200
    assert response.headers["ETag"] == '"2"'
    assert "no-cache" in response.headers["Cache-Control"]
    board = response.get_json()
    assert {
        "name",
        "rules",
        "players",
        "rounds",
        "totals",
        "version",
        "finished",
        "winners",
    } <= set(board)
    assert (board["name"], board["version"], board["finished"], board["winners"]) == (
        "Friday",
        2,
        False,
        [],
    )
    assert board["rules"]["preset"] == "rummy500" and board["rules"]["target"] == 500
    assert board["target"] == 500
    assert board["players"] == [
        {"name": "Ann", "team": None, "seat": 0},
        {"name": "Bob", "team": None, "seat": 1},
        {"name": "Cy", "team": None, "seat": 2},
    ]
    (round_,) = board["rounds"]
    assert {
        key: round_[key]
        for key in ("number", "dealer", "ended_by", "went_out", "wild_rank", "joker_effect")
    } == {
        "number": 1,
        "dealer": "Cy",
        "ended_by": "going_out",
        "went_out": "Ann",
        "wild_rank": None,
        "joker_effect": None,
    }
    assert round_["scores"] == scored["players"]
    for score in round_["scores"]:
        assert {"name", "melded", "in_hand", "bonus", "total", "lines"} <= set(score)
    assert board["totals"] == [
        {"name": name, "team": None, "total": total} for name, total in API_MD_TOTALS.items()
    ]
    assert board["teams"] == [] and board["next_dealer"] == "Ann"


def test_a_finished_game_names_its_winner(client: FlaskClient) -> None:
    created = client.post(
        "/api/v1/games",
        json={
            "name": "Short",
            "rules": {"preset": "rummy500", "options": {"target": 30}},
            "players": THREE[:2],
        },
    ).get_json()
    links = {"edit": path(created["edit_url"]), "view": path(created["view_url"])}
    round_ = {
        "ended_by": "going_out",
        "players": [{"name": "Ann", "went_out": True, "melded_points": 40}, {"name": "Bob"}],
    }
    assert post_round(client, links, round_).get_json()["dealer"] is None  # no first dealer
    board = client.get(links["view"] + ".json").get_json()
    assert (board["finished"], board["winners"], board["target"]) == (True, ["Ann"], 30)
    assert board["reason"] == "Ann reached 30"


def test_an_unchanged_game_is_304_after_one_query(
    app: Flask, client: FlaskClient, game: dict[str, str]
) -> None:
    post_round(client, game, API_MD_ROUND)
    etag = client.get(game["view"] + ".json").headers["ETag"]
    with sql_statements(app) as statements:
        response = client.get(game["view"] + ".json", headers={"If-None-Match": etag})
    assert response.status_code == 304
    assert response.get_data() == b""
    assert response.headers["ETag"] == etag
    assert len(statements) == 1, statements
    assert "watcher_token" in statements[0]
    for same in ("2", 'W/"2"', '"1", "2"', "*"):
        assert (
            client.get(game["view"] + ".json", headers={"If-None-Match": same}).status_code == 304
        )


def test_a_changed_game_is_200_with_its_new_version(
    client: FlaskClient, game: dict[str, str]
) -> None:
    etag = client.get(game["view"] + ".json").headers["ETag"]
    assert etag == '"1"'
    post_round(client, game, API_MD_ROUND)
    response = client.get(game["view"] + ".json", headers={"If-None-Match": etag})
    assert response.status_code == 200
    assert response.headers["ETag"] == '"2"' and response.get_json()["version"] == 2
    assert len(response.get_json()["rounds"]) == 1


def test_a_wrong_watcher_token_is_404(client: FlaskClient, game: dict[str, str]) -> None:
    scorer_token = game["edit"].removeprefix("/s/")
    for token in (scorer_token, "no-such-token", "x" * 500):
        assert_error(client.get(f"/w/{token}.json"), 404, "no game has this link")
        assert_error(
            client.get(f"/w/{token}.json", headers={"If-None-Match": "*"}),
            404,
            "no game has this link",
        )


# --- errors on the token routes --------------------------------------------------------------


def test_json_routes_answer_http_errors_in_json(client: FlaskClient, game: dict[str, str]) -> None:
    assert_error(client.post(game["view"] + ".json", json={}), 405, "use GET")
    assert_error(
        client.delete(game["edit"] + "/rounds", headers={"Accept": "application/json"}),
        405,
        "use POST",
    )
    assert_error(client.get("/w/a/b.json"), 404, "nothing at /w/a/b.json")


def test_pages_keep_html_errors(client: FlaskClient, game: dict[str, str]) -> None:
    """The links' pages are HTML, and so are their errors (a wrong token is an HTML 404)."""
    for page in (game["edit"], game["view"]):
        response = client.get(page, headers={"Accept": "text/html,*/*;q=0.8"})
        assert response.status_code == 200 and not response.is_json
        wrong = client.get(page[:-4] + "nope", headers={"Accept": "text/html,*/*;q=0.8"})
        assert wrong.status_code == 404 and not wrong.is_json


def test_a_round_with_declared_readings_is_stored_with_them(client: FlaskClient) -> None:
    response = client.post(
        "/api/v1/games",
        json={"name": "Jokers", "rules": {"options": {"jokers": 2}}, "players": THREE},
    )
    links = {key: path(response.get_json()[f"{key}_url"]) for key in ("edit", "view")}
    round_body = {
        "ended_by": "going_out",
        "players": [
            {"name": "Ann", "went_out": True, "melds": [["5S", "6S", "JK=4S"]]},
            {
                "name": "Bob",
                "layoffs": [{"onto": {"player": "Ann", "meld": 0}, "cards": ["7S", "JK=8S"]}],
                "hand": ["2C"],
            },
            {"name": "Cy", "hand": ["3C"]},
        ],
    }
    posted = post_round(client, links, round_body)
    assert posted.status_code == 201, posted.get_json()
    ann = posted.get_json()["players"][0]
    assert ann["melds"] == [{"cards": ["5S", "6S", "JK=4S"], "kind": "run", "points": 26}]
    board = client.get(links["view"] + ".json").get_json()
    scores = board["rounds"][0]["scores"]
    assert scores == posted.get_json()["players"]
    assert scores[1]["layoffs"] == [{"cards": ["7S", "JK=8S"], "points": 22}]
    # the round form opens the stored round (it shows the cards; the picker shows readings)
    page = client.get(links["edit"] + "/rounds/1")
    assert page.status_code == 200 and b"JK" in page.data
    # the same key with the same declarations is the same round; another declaration is not
    assert post_round(client, links, round_body).status_code == 201
    round_body["players"][0]["melds"] = [["5S", "6S", "JK"]]
    assert post_round(client, links, round_body).status_code == 422


def test_a_declaration_on_a_natural_card_is_400_and_not_stored(
    app: Flask, client: FlaskClient, game: dict[str, str]
) -> None:
    # the game plays rummy500 without jokers: a joker is refused, declared or not
    body = {
        "ended_by": "going_out",
        "players": [{"name": "Ann", "went_out": True, "melds": [["5S", "6S", "7S=8S"]]}],
    }
    assert_error(post_round(client, game, body), 400, "players[0].melds[0][2]: 7S=8S")
    assert count(app, Round) == 0


def test_a_watcher_asking_since_its_version_gets_what_changed(
    app: Flask, client: FlaskClient, game: dict[str, str]
) -> None:
    """``?since=V`` (issue 36, item 18): only the rounds added or changed after V, from
    ``rounds_from`` on; the watcher's old rounds before it and these are the whole board."""
    view = game["view"] + ".json"

    def full() -> Any:
        return client.get(view).get_json()

    def step(change: Callable[[], object], expected_from: int) -> None:
        before = full()
        with app.app_context():
            change()
        partial = client.get(view, query_string={"since": before["version"]}).get_json()
        after = full()
        assert partial["rounds_from"] == expected_from
        kept = before["rounds"][: expected_from - 1]
        assert kept + partial["rounds"] == after["rounds"]
        assert {k: v for k, v in partial.items() if k not in ("rounds", "rounds_from")} == {
            k: v for k, v in after.items() if k not in ("rounds", "rounds_from")
        }

    def stored_round(number: int) -> Round:
        return db.session.execute(sa.select(Round).where(Round.number == number)).scalar_one()

    for key in ("a", "b", "c"):
        assert post_round(client, game, API_MD_ROUND, key=key).status_code == 201
    assert full()["rounds_from"] == 1 and len(full()["rounds"]) == 3
    step(lambda: records.store_round(game_row(), records.round_record(stored_round(1))), 4)
    step(lambda: records.rename_game(game_row(), "Saturday"), 5)  # no round changed
    step(lambda: records.replace_round(stored_round(2), records.round_record(stored_round(4))), 2)

    def two_corrections() -> None:  # seen by the watcher in one poll
        records.replace_round(stored_round(3), records.round_record(stored_round(1)))
        records.replace_round(stored_round(2), records.round_record(stored_round(1)))

    step(two_corrections, 2)
    step(lambda: history.undo_last(game_row()), 2)  # the correction of round 2 undone
    step(lambda: records.delete_round(stored_round(3)), 1)
    step(lambda: history.undo_last(game_row()), 1)  # the deletion undone: round 3 is back
    assert client.get(view, query_string={"since": "0"}).get_json()["rounds_from"] == 1
    assert client.get(view, query_string={"since": "999"}).get_json()["rounds_from"] == 1
    assert_error(client.get(view, query_string={"since": "x"}), 400, "since: expected")


def game_row() -> Game:
    return db.session.execute(sa.select(Game)).scalar_one()
