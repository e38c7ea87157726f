"""POST /api/v1/melds/check."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient


def check(client: FlaskClient, **body: Any) -> tuple[int, Any]:
    response = client.post("/api/v1/melds/check", json=body)
    return response.status_code, response.get_json()


def test_api_md_example(client: FlaskClient) -> None:
    status, body = check(client, rules="rummy5000", cards=["8S", "6H", "10S"], wild_rank="6")
    assert status == 200
    assert body["legal"] is True
    assert body["kind"] == "run"
    assert body["points"] == 115
    assert [{key: card[key] for key in ("card", "as", "points")} for card in body["cards"]] == [
        {"card": "8S", "as": "8S", "points": 5},
        {"card": "6H", "as": "9S", "points": 100},
        {"card": "10S", "as": "10S", "points": 10},
    ]
    assert body["reasons"] == []


def test_codes_come_back_canonical(client: FlaskClient) -> None:
    status, body = check(client, rules="rummy500", cards=["th", "J♥", "qh"])
    assert status == 200
    assert [card["card"] for card in body["cards"]] == ["10H", "JH", "QH"]


def test_layoff_lists_only_the_laid_off_cards(client: FlaskClient) -> None:
    status, body = check(client, rules="rummy500", cards=["10S"], extends=["7S", "8S", "9S"])
    assert status == 200
    assert body["legal"] is True
    assert [card["card"] for card in body["cards"]] == ["10S"]
    assert body["points"] == 10


def test_illegal_meld_gives_reasons(client: FlaskClient) -> None:
    status, body = check(client, rules="rummy500", cards=["KS", "AS", "2S"])
    assert status == 200
    assert body["legal"] is False
    assert body["kind"] is None
    assert any("around_the_corner" in reason for reason in body["reasons"])


def test_no_wild_rank_means_no_round_wild(client: FlaskClient) -> None:
    status, body = check(client, rules="rummy5000", cards=["8S", "6H", "10S"], wild_rank=None)
    assert (status, body["legal"]) == (200, False)


def test_rules_object_with_options(client: FlaskClient) -> None:
    rules = {"options": {"around_the_corner": True}}  # the preset defaults to rummy500
    status, body = check(client, rules=rules, cards=["KS", "AS", "2S"])
    assert (status, body["legal"]) == (200, True)


@pytest.mark.parametrize(
    ("body", "named"),
    [
        ({"rules": "rummy500", "cards": ["8S", "XX"]}, "cards[1]: 'XX' is not a card"),
        ({"rules": "rummy500", "cards": ["8S"], "extends": ["7S", 8]}, "extends[1]"),
        ({"rules": "rummy500", "cards": []}, "cards"),
        ({"rules": "rummy500", "cards": "8S 9S 10S"}, "cards"),
        ({"rules": "rummy500", "cards": ["8S"], "wild_rank": "1"}, "wild_rank: '1' is not a rank"),
        ({"cards": ["8S"]}, "rules: is required"),
        ({"rules": 500, "cards": ["8S"]}, "rules: expected a preset id"),
        ({"rules": "rummy5001", "cards": ["8S"]}, "unknown preset 'rummy5001'"),
        (
            {"rules": {"preset": "rummy5000", "options": {"wild_pionts": 5}}, "cards": ["8S"]},
            "unknown option 'wild_pionts'",
        ),
        ({"rules": {"options": {"min_run": "four"}}, "cards": ["8S"]}, "'min_run'"),
        (
            {"rules": {"preset": "rummy500", "extra": 1}, "cards": ["8S"]},
            "rules.extra: is not a known field",
        ),
        ({"rules": "rummy500", "cards": ["8S"], "joker_effect": "triple"}, "joker_effect"),
    ],
)
def test_bad_checks(client: FlaskClient, body: dict[str, Any], named: str) -> None:
    response = client.post("/api/v1/melds/check", json=body)
    assert response.status_code == 400
    assert named in response.get_json()["error"]


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (
            {"rules": "rummy500", "cards": ["5S", "5S", "5H"]},
            "5S twice, but one pack holds it once.",
        ),
        (
            {"rules": {"options": {"decks": 2}}, "cards": ["5S", "5S", "5S"]},
            "5S 3 times, but 2 packs hold it twice.",
        ),
        (
            {"rules": "rummy500", "cards": ["JK", "5H", "6H"]},
            "JK, but these rules play without jokers (jokers).",
        ),
        (
            {"rules": "rummy500", "cards": ["5S"], "extends": ["5S", "5H", "5D"]},
            "5S twice, but one pack holds it once.",
        ),
    ],
)
def test_the_checker_respects_the_packs(
    client: FlaskClient, body: dict[str, Any], reason: str
) -> None:
    """RULES.md: "A meld, checked alone or in a round, never holds a card more often than the
    packs do, nor a joker where the rules have none (5S 5S 5H is not a meld with one pack)"."""
    status, answer = check(client, **body)
    assert status == 200
    assert (answer["legal"], answer["kind"], answer["points"]) == (False, None, 0)
    assert reason in answer["reasons"]


def test_the_checker_and_the_round_agree_on_the_packs(client: FlaskClient) -> None:
    status, answer = check(client, rules="rummy500", cards=["5S", "5S", "5H"])
    assert (status, answer["legal"]) == (200, False)
    round_body = {
        "rules": "rummy500",
        "ended_by": "going_out",
        "players": [{"name": "Ann", "went_out": True, "melds": [["5S", "5S", "5H"]]}],
    }
    response = client.post("/api/v1/rounds/score", json=round_body)
    assert response.status_code == 422
    assert any("5S twice" in problem for problem in response.get_json()["problems"])
