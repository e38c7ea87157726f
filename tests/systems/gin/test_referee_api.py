"""Gin through the stateless endpoints (API.md): a meld judged under Gin's rules, a hand
arranged to leave the least deadwood (and the defender's layoffs onto a table), one hand scored
from the cards, and what each refuses."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient


def call(client: FlaskClient, path: str, body: dict[str, Any]) -> Any:
    return client.post(f"/api/v1/{path}", json=body)


def test_check_judges_a_meld_under_gin_rules(client: FlaskClient) -> None:
    qka = call(client, "melds/check", {"rules": "gin", "cards": ["QS", "KS", "AS"]}).get_json()
    assert not qka["legal"] and "aces are low" in qka["reasons"][0]
    a23 = call(client, "melds/check", {"rules": "gin", "cards": ["AS", "2S", "3S"]}).get_json()
    assert (a23["legal"], a23["kind"], a23["points"]) == (True, "run", 6)
    fourth = call(
        client, "melds/check", {"rules": "gin", "cards": ["7D"], "extends": ["7S", "7H", "7C"]}
    ).get_json()
    assert (fourth["legal"], fourth["kind"], fourth["points"]) == (True, "set", 7)
    joker = call(client, "melds/check", {"rules": "gin", "cards": ["5S", "JK", "7S"]}).get_json()
    assert not joker["legal"] and "without jokers" in joker["reasons"][0]
    # the same cards under rummy500 (aces high or low): Q-K-A is a run there
    assert call(
        client, "melds/check", {"rules": "rummy500", "cards": ["QS", "KS", "AS"]}
    ).get_json()["legal"]


def test_check_refuses_wild_cards_and_unknown_options(client: FlaskClient) -> None:
    wild = call(
        client, "melds/check", {"rules": "gin", "cards": ["5S", "6S", "7S"], "wild_rank": "6"}
    )
    assert wild.status_code == 400 and "without wild cards" in wild.get_json()["error"]
    option = call(
        client,
        "melds/check",
        {"rules": {"preset": "gin", "options": {"jokers": 2}}, "cards": ["5S", "6S", "7S"]},
    )
    assert option.status_code == 400 and "Gin's options" in option.get_json()["error"]
    spades = call(client, "melds/check", {"rules": "spades", "cards": ["5S", "6S", "7S"]})
    assert spades.status_code == 400 and "no melds to judge" in spades.get_json()["error"]


def test_arrange_leaves_the_least_deadwood(client: FlaskClient) -> None:
    # the longest run first (7C-8C-9C-10C) would leave 7H 7S too; the set of sevens and
    # 8C-9C-10C leave only the odd cards: KD 2H 3D 4S
    body = {"rules": "gin", "cards": ["7C", "7H", "7S", "8C", "9C", "10C", "KD", "2H", "3D", "4S"]}
    answer = call(client, "melds/arrange", body).get_json()
    assert answer["deadwood"] == 10 + 2 + 3 + 4
    assert sorted(map(sorted, (m["cards"] for m in answer["melds"]))) == [
        ["10C", "8C", "9C"],
        ["7C", "7H", "7S"],
    ]


def test_arrange_with_a_table_lays_off_as_the_defender(client: FlaskClient) -> None:
    body = {
        "rules": "gin",
        "cards": ["8S", "9S", "KH", "KD", "KC", "2H", "3H", "4D", "5D", "QC"],
        "table": [["5S", "6S", "7S"], ["9H", "9D", "9C"], ["2C", "3C", "4C"]],
    }
    answer = call(client, "melds/arrange", body).get_json()
    assert answer["layoffs"] == [
        {"onto": 0, "cards": ["8S", "9S"], "points": 17, "readings": ["8S", "9S"]}
    ]
    assert answer["deadwood"] == 24
    bad = call(client, "melds/arrange", body | {"table": [["5S", "6S", "8S"]]})
    assert bad.status_code == 422 and "table[0]" in bad.get_json()["error"]


def test_rounds_score_scores_a_gin_hand(client: FlaskClient) -> None:
    body = {
        "rules": "gin",
        "players": [
            {
                "name": "Ann",
                "cards": ["5S", "6S", "7S", "9H", "9D", "9C", "2C", "3C", "4C", "AD"],
                "knocked": True,
            },
            {"name": "Bob", "cards": ["8S", "9S", "KH", "KD", "KC", "2H", "3H", "4D", "5D", "QC"]},
        ],
    }
    answer = call(client, "rounds/score", body)
    assert answer.status_code == 200, answer.get_json()
    scored = {p["name"]: p for p in answer.get_json()["players"]}
    assert (scored["Ann"]["points"], scored["Bob"]["deadwood"]["points"]) == (23, 24)
    both = call(
        client, "rounds/score", body | {"players": [dict(p, knocked=True) for p in body["players"]]}
    )
    assert both.status_code == 422 and "both knocked" in both.get_json()["problems"][0]
    rummy_shaped = call(
        client, "rounds/score", {"rules": "gin", "ended_by": "stock_out", "players": []}
    )
    assert rummy_shaped.status_code == 400
