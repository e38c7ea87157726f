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
    ann = body["players"][0]
    assert (ann["melded"], ann["bonus"], ann["total"]) == (30, 15, 45)
    assert {t["team"]: t["total"] for t in body["teams"]} == {"us": 55, "them": 10}


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
