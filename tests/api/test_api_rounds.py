"""POST /api/v1/rounds/score."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

API_MD_ROUND: dict[str, Any] = {
    "rules": "rummy500",
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


def score(client: FlaskClient, body: dict[str, Any]) -> tuple[int, Any]:
    response = client.post("/api/v1/rounds/score", json=body)
    return response.status_code, response.get_json()


def test_api_md_example(client: FlaskClient) -> None:
    status, body = score(client, API_MD_ROUND)
    assert status == 200
    assert [
        (p["name"], p["melded"], p["in_hand"], p["bonus"], p["total"]) for p in body["players"]
    ] == [("Ann", 36, 0, 0, 36), ("Bob", 21, 12, 0, 9), ("Cy", 40, 25, 0, 15)]
    assert body["players"][0]["lines"] == [
        "3C 3D 3S set 9",
        "5D 6D 7D run 18",
        "9S laid off on Bob's 6S 7S 8S 9",
    ]
    assert body["teams"] == [] and body["problems"] == [] and body["warnings"] == []


def test_an_impossible_round_is_422_with_its_problems(client: FlaskClient) -> None:
    round_ = {
        **API_MD_ROUND,
        "players": [*API_MD_ROUND["players"][:2], {"name": "Cy", "hand": ["3C"]}],
    }
    status, body = score(client, round_)
    assert status == 422
    assert body["problems"] == ["3C twice, but one pack holds it once."]


def test_rummy_calls_and_teams(client: FlaskClient) -> None:
    status, body = score(
        client,
        {
            "rules": "rummy500-pips",
            "ended_by": "going_out",
            "players": [
                {"name": "Ann", "team": "us", "went_out": True, "melds": [["9S!", "10S", "JS"]]},
                {"name": "Bob", "team": "them", "hand": ["2C"]},
                {"name": "Cy", "team": "us", "melded_points": 10},
                {"name": "Di", "team": "them", "melds": [{"cards": ["4H", "4D", "4C"]}]},
            ],
        },
    )
    assert status == 200
    # seed 001: "That card isalways awarded 15 points": 9S counts 15 instead of 9
    ann = body["players"][0]
    assert (ann["melded"], ann["bonus"], ann["total"]) == (30, 6, 36)
    assert "Rummy call 9S 15 instead of 9" in ann["lines"]
    assert {t["team"]: t["total"] for t in body["teams"]} == {"us": 46, "them": 10}


def test_persian_laid_at_once_and_dealers_gambit_double(client: FlaskClient) -> None:
    status, body = score(
        client,
        {
            "rules": "persian",
            "ended_by": "stock_out",
            "players": [
                {
                    "name": "N",
                    "team": "NS",
                    "melds": [{"cards": ["6S", "6H", "6D", "6C"], "laid_at_once": True}],
                },
                {"name": "E", "team": "EW", "melds": [["JK", "JK", "JK"]]},
            ],
        },
    )
    assert status == 200
    assert [p["melded"] for p in body["players"]] == [48, 60]
    status, body = score(
        client,
        {
            "rules": "dealers-gambit",
            "ended_by": "going_out",
            "joker_effect": "double",
            "players": [
                {
                    "name": "A",
                    "went_out": True,
                    "melds": [{"cards": ["QS", "QH", "QD", "JK"], "doubled": True}],
                }
            ],
        },
    )
    assert status == 200 and body["players"][0]["melded"] == 60


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"ended_by": "gone"}, "ended_by"),
        ({"rules": "rummy9"}, "rummy9"),
        ({"players": []}, "players"),
        ({"wild_rank": "11"}, "wild_rank"),
        ({"players": [{"name": "Ann", "melds": [["3C", "XX"]]}]}, "XX"),
        ({"players": [{"name": "Ann", "hand": ["9S!"]}]}, "hand"),
        ({"players": [{"name": "Ann", "melded_points": -5}]}, "melded_points"),
        (
            {
                "players": [
                    {"name": "Ann", "layoffs": [{"onto": {"player": "Bob"}, "cards": ["9S"]}]}
                ]
            },
            "meld",
        ),
        ({"joker_effect": "triple"}, "joker_effect"),
    ],
)
def test_bad_input_is_a_400_naming_it(
    client: FlaskClient, change: dict[str, Any], named: str
) -> None:
    status, body = score(client, {**API_MD_ROUND, **change})
    assert status == 400
    assert named in body["error"]


def test_a_melded_wild_keeps_its_reading(client: FlaskClient) -> None:
    """Seed 004: "once you choose which card it is, they cannot be changed." 5S-JK-7S holds the
    joker as 6S, so 6S cannot be laid off onto it under real_card_for_wild none."""
    body = {
        "rules": {"preset": "rummy500", "options": {"jokers": 2}},
        "ended_by": "going_out",
        "players": [
            {"name": "Ann", "went_out": True, "melds": [["5S", "JK", "7S"]]},
            {"name": "Bob", "layoffs": [{"onto": {"player": "Ann", "meld": 0}, "cards": ["6S"]}]},
        ],
    }
    status, answer = score(client, body)
    assert status == 422
    assert answer["players"][0]["lines"] == ["5S JK(6S) 7S run 27"]
    assert answer["players"][1]["lines"] == ["6S laid off on Ann's 5S JK(6S) 7S 0"]
    assert any("JK stands for 6S" in problem for problem in answer["problems"])


def test_many_layoffs_onto_one_meld_answer_briefly(client: FlaskClient) -> None:
    """8 players with 64 two-card layoffs each onto one meld: each line names the meld as melded,
    so the answer stays small (it was 1.8 MB when every line printed the whole table)."""
    layoffs = [{"onto": {"player": "P0", "meld": 0}, "cards": ["9S", "10S"]}] * 64
    body = {
        "rules": "rummy500",
        "ended_by": "going_out",
        "players": [
            {
                "name": f"P{i}",
                "went_out": i == 0,
                "melds": [["6S", "7S", "8S"]] if i == 0 else [],
                "layoffs": layoffs,
            }
            for i in range(8)
        ],
    }
    response = client.post("/api/v1/rounds/score", json=body)
    assert response.status_code == 422
    assert len(response.data) < 100_000


def declared_round(melds: list[Any], layoffs: list[Any] | None = None) -> dict[str, Any]:
    """Ann goes out with ``melds`` (two jokers in play); Bob lays ``layoffs`` onto her melds."""
    return {
        "rules": {"options": {"jokers": 2}},
        "ended_by": "going_out",
        "players": [
            {"name": "Ann", "went_out": True, "melds": melds},
            {"name": "Bob", "layoffs": layoffs or [], "hand": ["2C"]},
        ],
    }


def test_declared_readings_are_binding_and_shown(client: FlaskClient) -> None:
    body = declared_round(
        [["5S", "JK=6S", "7S"]],
        [{"onto": {"player": "Ann", "meld": 0}, "cards": ["jk=8s"]}],
    )
    status, answer = score(client, body)
    assert status == 200, answer
    ann, bob = answer["players"]
    assert ann["melds"] == [{"cards": ["5S", "JK=6S", "7S"], "kind": "run", "points": 27}]
    assert bob["layoffs"] == [{"cards": ["JK=8S"], "points": 15}]
    assert ann["lines"] == ["5S JK(6S) 7S run 27"]


def test_an_undeclared_wild_is_shown_as_it_was_read(client: FlaskClient) -> None:
    status, answer = score(client, declared_round([["5S", "JK", "7S"]]))
    assert status == 200
    assert answer["players"][0]["melds"][0]["cards"] == ["5S", "JK=6S", "7S"]


def test_a_layoff_against_a_declared_reading_is_a_problem(client: FlaskClient) -> None:
    """5S 6S JK: the joker may be 4S or 7S. Declared 7S, a 7S cannot be laid off onto it
    (real_card_for_wild: none); undeclared, the joker reads 4S so that the 7S stands."""
    layoff = [{"onto": {"player": "Ann", "meld": 0}, "cards": ["7S"]}]
    status, answer = score(client, declared_round([["5S", "6S", "JK=7S"]], layoff))
    assert status == 422
    assert any("JK stands for 7S" in problem for problem in answer["problems"])
    status, answer = score(client, declared_round([["5S", "6S", "JK"]], layoff))
    assert status == 200
    assert answer["players"][0]["melds"][0]["cards"] == ["5S", "6S", "JK=4S"]
    status, answer = score(client, declared_round([["5S", "6S", "JK=4S"]], layoff))
    assert status == 200


def test_a_declared_reading_that_breaks_the_meld_is_a_problem(client: FlaskClient) -> None:
    status, answer = score(client, declared_round([{"cards": ["5S", "JK=9S", "7S"]}]))
    assert status == 422
    assert any("not a legal meld" in problem for problem in answer["problems"])
    assert answer["players"][0]["melds"][0] == {
        "cards": ["5S", "JK=9S", "7S"],
        "kind": None,
        "points": 0,
    }


def test_a_declared_card_may_be_a_rummy_call(client: FlaskClient) -> None:
    body = declared_round(
        [["5S", "JK", "7S"]], [{"onto": {"player": "Ann", "meld": 0}, "cards": ["JK=8S!"]}]
    )
    body["rules"]["options"]["rummy_call_points"] = 15
    status, answer = score(client, body)
    assert status == 200, answer
    assert answer["players"][1]["layoffs"] == [{"cards": ["JK=8S"], "points": 15}]


@pytest.mark.parametrize(
    ("melds", "layoffs", "named"),
    [
        (
            [["5S=6S", "JK", "7S"]],
            None,
            "players[0].melds[0][0]: 5S=6S declares a reading, but 5S is not wild",
        ),
        (
            [{"cards": ["5S", "JK", "7S=8S"]}],
            None,
            "players[0].melds[0].cards[2]: 7S=8S declares a reading, but 7S is not wild",
        ),
        (
            [["5S", "JK", "7S"]],
            [{"onto": {"player": "Ann", "meld": 0}, "cards": ["8S=9S"]}],
            "players[1].layoffs[0].cards[0]: 8S=9S declares a reading, but 8S is not wild",
        ),
        ([["5S", "JK=1X", "7S"]], None, "players[0].melds[0][1]: 'JK=1X': the reading '1X'"),
    ],
)
def test_bad_declarations_are_400(
    client: FlaskClient, melds: list[Any], layoffs: list[Any] | None, named: str
) -> None:
    response = client.post("/api/v1/rounds/score", json=declared_round(melds, layoffs))
    assert response.status_code == 400
    assert named in response.get_json()["error"]


def test_a_declaration_in_hand_is_400(client: FlaskClient) -> None:
    body = declared_round([["5S", "JK", "7S"]])
    body["players"][1]["hand"] = ["JK=5C"]
    response = client.post("/api/v1/rounds/score", json=body)
    assert response.status_code == 400
    assert "players[1].hand[0]" in response.get_json()["error"]
