"""Teams as the table chose them (``POST /api/v1/games``): the sides named are the sides scored,
under their names, seated so that partners sit across, and the answer says the seating; sides
that cannot be seated are a 422 naming them, with nothing stored; a game stored before keeps its
sides."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.store.db import db
from scorekeeper.store.models import Game
from scorekeeper.systems.spades import store as spades
from scorekeeper.systems.spades.presets import spades_rules_for

pytestmark = pytest.mark.db


def players(*pairs: tuple[str, str | None]) -> list[dict[str, Any]]:
    return [{"name": name, "team": team} for name, team in pairs]


def start(client: FlaskClient, rules: str, seated: list[dict[str, Any]]) -> Any:
    return client.post("/api/v1/games", json={"name": "Teams", "rules": rules, "players": seated})


def game_count(app: Flask) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Game)) or 0


# (rules, players as sent, the seating answered: (name, team) in seat order)
GIVEN = [
    (  # the issue's own example: Ann and Bob are partners, and are scored so
        "spades",
        players(("Ann", "NS"), ("Bob", "NS"), ("Cy", "EW"), ("Dee", "EW")),
        [("Ann", "NS"), ("Cy", "EW"), ("Bob", "NS"), ("Dee", "EW")],
    ),
    (  # already across: the order sent is kept
        "spades",
        players(("Ann", "Us"), ("Bob", "Them"), ("Cy", "Us"), ("Dee", "Them")),
        [("Ann", "Us"), ("Bob", "Them"), ("Cy", "Us"), ("Dee", "Them")],
    ),
    (  # no teams: partners are the players across, named by their players
        "spades",
        players(("Ann", None), ("Bob", None), ("Cy", None), ("Dee", None)),
        [("Ann", "Ann & Cy"), ("Bob", "Bob & Dee"), ("Cy", "Ann & Cy"), ("Dee", "Bob & Dee")],
    ),
    (
        "persian",
        players(("Ann", "N-S"), ("Bob", "N-S"), ("Cy", "E-W"), ("Dee", "E-W")),
        [("Ann", "N-S"), ("Cy", "E-W"), ("Bob", "N-S"), ("Dee", "E-W")],
    ),
    (
        "partnership500",
        players(("Ann", "A"), ("Bob", "B"), ("Cy", "B"), ("Dee", "A")),
        [("Ann", "A"), ("Bob", "B"), ("Dee", "A"), ("Cy", "B")],
    ),
]


@pytest.mark.parametrize(("rules", "sent", "seating"), GIVEN)
def test_the_sides_named_are_seated_across_and_scored_under_their_names(
    client: FlaskClient, rules: str, sent: list[dict[str, Any]], seating: list[tuple[str, str]]
) -> None:
    answer = start(client, rules, sent)
    assert answer.status_code == 201, answer.get_json()
    made = answer.get_json()
    assert [(p["name"], p["team"]) for p in made["players"]] == seating
    assert [p["seat"] for p in made["players"]] == [0, 1, 2, 3]
    board = client.get("/w/" + made["view_url"].rsplit("/", 1)[1] + ".json").get_json()
    assert [(p["name"], p["team"]) for p in board["players"]] == seating
    assert [t["team"] for t in board["teams"]] == list(dict.fromkeys(t for _, t in seating))


def test_a_spades_hand_is_scored_for_the_sides_named(client: FlaskClient) -> None:
    made = start(client, "spades", GIVEN[0][1]).get_json()
    hand = {
        "players": [
            {"name": "Ann", "bid": 4, "tricks": 4},
            {"name": "Bob", "bid": 3, "tricks": 3},
            {"name": "Cy", "bid": 2, "tricks": 2},
            {"name": "Dee", "bid": 4, "tricks": 4},
        ]
    }
    scorer = made["edit_url"].rsplit("/", 1)[1]
    posted = client.post(f"/s/{scorer}/rounds", json=hand, headers={"Idempotency-Key": "h1"})
    assert posted.status_code == 201, posted.get_json()
    totals = {t["team"]: t["total"] for t in posted.get_json()["teams"]}
    assert totals == {"NS": 70, "EW": 60}  # Ann and Bob bid 7 together, Cy and Dee 6


IMPOSSIBLE = [
    ("spades", players(("Ann", "NS"), ("Bob", "NS"), ("Cy", "NS"), ("Dee", "EW")), "side NS"),
    ("spades", players(("Ann", "NS"), ("Bob", "EW"), ("Cy", "X"), ("Dee", "Y")), "2 sides"),
    ("spades", players(("Ann", "NS"), ("Bob", None), ("Cy", "EW"), ("Dee", "EW")), "or none"),
    ("spades", players(("Ann", None), ("Bob", None), ("Cy", None)), "four players"),
    ("persian", players(("Ann", "N-S"), ("Bob", "E-W"), ("Cy", "E-W"), ("Dee", "E-W")), "N-S"),
    ("partnership500", players(("Ann", "A"), ("Bob", "B"), ("Cy", "B")), "side A has 1 player"),
    ("partnership500", players(("Ann", "NS"), ("Bob", "EW"), ("Cy", "NS")), "side EW has 1"),
    ("persian", players(("Ann", "NS"), ("Bob", "EW")), "two players or more"),
    ("partnership500", players(("Ann", "N"), ("Bob", "N")), "need at least two sides"),
]


@pytest.mark.parametrize(("rules", "sent", "named"), IMPOSSIBLE)
def test_sides_that_cannot_be_seated_are_refused_naming_them(
    app: Flask, client: FlaskClient, rules: str, sent: list[dict[str, Any]], named: str
) -> None:
    answer = start(client, rules, sent)
    assert answer.status_code == 422, answer.get_json()
    assert named in answer.get_json()["error"]
    assert game_count(app) == 0


def test_a_spades_game_stored_before_keeps_its_sides(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        game = spades.create_spades_game(
            "Old", spades_rules_for("spades"), ["Ann", "Bob", "Cy", "Dee"]
        )
        watcher = game.watcher_token
    board = client.get(f"/w/{watcher}.json").get_json()
    assert [(p["name"], p["team"]) for p in board["players"]] == [
        ("Ann", "Ann & Cy"), ("Bob", "Bob & Dee"), ("Cy", "Ann & Cy"), ("Dee", "Bob & Dee")
    ]  # fmt: skip


@pytest.mark.parametrize("rules", ["spades", "spades-300", "persian", "partnership500"])
def test_every_preset_in_sides_refuses_three_against_one(
    app: Flask, client: FlaskClient, rules: str
) -> None:
    sent = players(("Ann", "NS"), ("Bob", "NS"), ("Cy", "NS"), ("Dee", "EW"))
    answer = start(client, rules, sent)
    assert answer.status_code == 422, answer.get_json()
    assert "side NS has 3 players and side EW has 1 player" in answer.get_json()["error"]
    assert game_count(app) == 0
