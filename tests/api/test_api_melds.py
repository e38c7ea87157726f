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


# --- declared wild readings ------------------------------------------------------------------

JOKERS = {"options": {"jokers": 2}}


def test_a_declared_reading_is_binding(client: FlaskClient) -> None:
    status, body = check(client, rules=JOKERS, cards=["5S", "jk=6s", "7S"])
    assert (status, body["legal"], body["kind"]) == (200, True, "run")
    joker = body["cards"][1]
    assert (joker["card"], joker["as"], joker["reading"], joker["declared"]) == (
        "JK",
        "6S",
        "JK=6S",
        True,
    )
    assert [card["reading"] for card in body["cards"]] == ["5S", "JK=6S", "7S"]


def test_an_undeclared_wild_shows_its_reading_the_same_way(client: FlaskClient) -> None:
    status, body = check(client, rules="rummy5000", cards=["8S", "6H", "10S"], wild_rank="6")
    assert status == 200
    assert [(c["reading"], c["declared"]) for c in body["cards"]] == [
        ("8S", False),
        ("6H=9S", False),
        ("10S", False),
    ]


def test_a_declared_reading_that_breaks_the_meld_is_a_verdict(client: FlaskClient) -> None:
    status, body = check(client, rules=JOKERS, cards=["5S", "JK=9S", "7S"])
    assert (status, body["legal"]) == (200, False)
    assert "JK stands for 9S" in " ".join(body["reasons"])
    assert body["cards"][1]["reading"] == "JK=9S"


def test_a_declaration_on_the_meld_extended_holds(client: FlaskClient) -> None:
    """RULES.md: with 5S-JK-7S on the table (JK as 6S), a 6S cannot be laid off onto it."""
    status, body = check(client, rules=JOKERS, cards=["6S"], extends=["5S", "JK=6S", "7S"])
    assert (status, body["legal"]) == (200, False)
    status, body = check(client, rules=JOKERS, cards=["6S"], extends=["5S", "JK=4S", "7S"])
    assert (status, body["legal"]) == (200, True)
    status, body = check(client, rules=JOKERS, cards=["JK=8S"], extends=["5S", "JK=6S", "7S"])
    assert (status, body["legal"], body["cards"][0]["reading"]) == (200, True, "JK=8S")


@pytest.mark.parametrize(
    ("body", "named"),
    [
        (
            {"rules": JOKERS, "cards": ["5S=6S", "JK", "7S"]},
            "cards[0]: 5S=6S declares a reading, but 5S is not wild",
        ),
        (
            {"rules": JOKERS, "cards": ["8S"], "extends": ["5S", "6S", "7S=JK"]},
            "extends[2]: 7S=JK declares a reading, but 7S is not wild",
        ),
        ({"rules": JOKERS, "cards": ["5S", "JK=1X", "7S"]}, "cards[1]: 'JK=1X': the reading '1X'"),
        ({"rules": JOKERS, "cards": ["5S", "JK=", "7S"]}, "cards[1]: 'JK=': the reading after"),
        # jokers are not wild when the dealer nominated "double" (Dealer's Gambit)
        (
            {"rules": "dealers-gambit", "cards": ["5S", "JK=6S", "7S"], "joker_effect": "double"},
            "cards[1]: JK=6S declares a reading, but JK is not wild",
        ),
    ],
)
def test_bad_declarations_are_400(client: FlaskClient, body: dict[str, Any], named: str) -> None:
    response = client.post("/api/v1/melds/check", json=body)
    assert response.status_code == 400
    assert named in response.get_json()["error"]


# --- POST /melds/arrange ---------------------------------------------------------------------


def arrange(client: FlaskClient, **body: Any) -> tuple[int, Any]:
    response = client.post("/api/v1/melds/arrange", json=body)
    return response.status_code, response.get_json()


API_MD_ARRANGE = {
    "rules": "rummy5000",
    "cards": ["3C", "3D", "3S", "5D", "6D", "6H", "8D", "KS"],
    "wild_rank": "6",
    "table": [["9S", "10S", "JS"]],
}


def test_arrange_the_api_md_example(client: FlaskClient) -> None:
    status, body = arrange(client, **API_MD_ARRANGE)
    assert status == 200
    assert set(body) >= {"melds", "layoffs", "unplaced", "points", "exact"}
    # sixes are wild: 6D stands in its own place, 6H fills 7D; KS needs a wild for QS, and the
    # one wild left is worth more in the run (API.md's figures there are only illustrative)
    assert body["melds"] == [
        {"cards": ["3C", "3D", "3S"], "kind": "set", "points": 15, "readings": ["3C", "3D", "3S"]},
        {
            "cards": ["5D", "6D", "6H", "8D"],
            "kind": "run",
            "points": 210,
            "readings": ["5D", "6D", "6H=7D", "8D"],
        },
    ]
    assert (body["layoffs"], body["unplaced"], body["points"], body["exact"]) == (
        [],
        ["KS"],
        225,
        True,
    )
    assert body["points"] == sum(m["points"] for m in body["melds"]) + sum(
        lo["points"] for lo in body["layoffs"]
    )


def test_arrange_lays_off_onto_the_table(client: FlaskClient) -> None:
    status, body = arrange(
        client,
        rules="rummy500",
        cards=["3C", "5D", "3D", "6D", "9S", "3S", "7D", "KH"],
        table=[["6S", "7S", "8S"], ["QH", "QS", "QC"]],
    )
    assert status == 200
    assert [m["cards"] for m in body["melds"]] == [["3C", "3D", "3S"], ["5D", "6D", "7D"]]
    assert body["layoffs"] == [{"onto": 0, "cards": ["9S"], "points": 9, "readings": ["9S"]}]
    assert (body["unplaced"], body["points"], body["exact"]) == (["KH"], 36, True)


def test_arrange_with_no_meld_to_make(client: FlaskClient) -> None:
    status, body = arrange(client, rules="rummy500", cards=["2C", "9H"])
    assert status == 200
    assert body == {
        "melds": [],
        "layoffs": [],
        "unplaced": ["2C", "9H"],
        "points": 0,
        "exact": True,
    }


def test_arrange_a_big_pile_within_the_budget(client: FlaskClient) -> None:
    """40 cards from two packs with jokers: an answer, exact or the best found at the budget."""
    codes = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS 2H 2D 2C 5H 5D 5C KH KD KC AS"
    codes += " 3H 4H 6H 7H 9D 10D JD QD 8C 8H 8D JK JK 4C 4D AH AD QS QH 10C"
    pile = codes.split()
    rules = {"preset": "rummy500", "options": {"decks": 2, "jokers": 2}}
    status, body = arrange(client, rules=rules, cards=pile, table=[["9H", "10H", "JH"]])
    assert status == 200
    assert isinstance(body["exact"], bool)
    placed = [c for m in body["melds"] for c in m["cards"]]
    placed += [c for lo in body["layoffs"] for c in lo["cards"]]
    assert sorted(placed + body["unplaced"]) == sorted(pile)
    assert body["points"] == sum(m["points"] for m in body["melds"]) + sum(
        lo["points"] for lo in body["layoffs"]
    )


def test_arrange_honours_a_declared_table_meld(client: FlaskClient) -> None:
    """RULES.md: with 5S JK 7S on the table (the joker as 6S), a 6S does not go onto it
    (real_card_for_wild: none), declared or not: its only reading is kept, as scoring keeps it."""
    for table in ([["5S", "JK=6S", "7S"]], [["5S", "JK", "7S"]]):
        status, body = arrange(client, rules=JOKERS, cards=["6S", "8S"], table=table)
        assert status == 200
        assert body["layoffs"] == [{"onto": 0, "cards": ["8S"], "points": 8, "readings": ["8S"]}]
        assert (body["unplaced"], body["exact"]) == (["6S"], True)


def test_arrange_with_a_declaration_choosing_between_readings(client: FlaskClient) -> None:
    # 5S 6S JK: the joker may be 4S or 7S; declared 4S, the 7S goes onto it; declared 7S, not
    status, body = arrange(client, rules=JOKERS, cards=["7S", "KD"], table=[["5S", "6S", "JK=4S"]])
    assert (status, body["layoffs"], body["unplaced"]) == (
        200,
        [{"onto": 0, "cards": ["7S"], "points": 7, "readings": ["7S"]}],
        ["KD"],
    )
    status, body = arrange(client, rules=JOKERS, cards=["7S", "KD"], table=[["5S", "6S", "JK=7S"]])
    assert (status, body["layoffs"], body["unplaced"]) == (200, [], ["7S", "KD"])
    status, body = arrange(client, rules=JOKERS, cards=["7S", "KD"], table=[["5S", "6S", "JK"]])
    assert (status, len(body["layoffs"])) == (200, 1)


def test_arrange_honours_a_declared_card_of_the_pile(client: FlaskClient) -> None:
    status, body = arrange(client, rules=JOKERS, cards=["5S", "JK=6S", "7S", "9H"])
    assert status == 200
    assert body["melds"] == [
        {
            "cards": ["5S", "7S", "JK"],
            "kind": "run",
            "points": 27,
            "readings": ["5S", "7S", "JK=6S"],
        }
    ]
    assert body["unplaced"] == ["9H"]


def test_arrange_refuses_to_guess_against_a_declaration(client: FlaskClient) -> None:
    # the best grouping reads the joker as 4S or 8S; declared 9S it cannot stand there
    status, body = arrange(client, rules=JOKERS, cards=["5S", "6S", "7S", "JK=9S"])
    assert status == 422
    assert "JK=9S" in body["error"] and "by hand" in body["error"]


def test_arrange_refuses_an_illegal_declared_table_meld(client: FlaskClient) -> None:
    status, body = arrange(client, rules=JOKERS, cards=["8S"], table=[["5S", "JK=9S", "7S"]])
    assert status == 422
    assert body["error"].startswith("table[0]: 5S JK=9S 7S is not a legal meld as declared")


@pytest.mark.parametrize(
    ("body", "named"),
    [
        ({"rules": "rummy500", "cards": ["8S", "XX"]}, "cards[1]: 'XX' is not a card"),
        ({"rules": "rummy500", "cards": []}, "cards"),
        ({"rules": "rummy500", "cards": ["8S"] * 65}, "cards"),
        ({"rules": "rummy500", "cards": ["8S"], "table": [["9S"]] * 33}, "table"),
        ({"rules": "rummy500", "cards": ["8S"], "table": [["9S"] * 33]}, "table[0]"),
        ({"rules": "rummy500", "cards": ["8S"], "table": [[]]}, "table[0]"),
        ({"rules": "rummy500", "cards": ["8S"], "table": [["9S", "1S"]]}, "table[0][1]"),
        ({"rules": "rummy500", "cards": ["8S"], "wild_rank": "1"}, "wild_rank"),
        ({"rules": "rummy5001", "cards": ["8S"]}, "unknown preset 'rummy5001'"),
        ({"rules": "rummy500", "cards": ["8S"], "tabel": []}, "tabel: is not a known field"),
        (
            {"rules": JOKERS, "cards": ["8S=JK", "9S"]},
            "cards[0]: 8S=JK declares a reading, but 8S is not wild",
        ),
        (
            {"rules": JOKERS, "cards": ["8S"], "table": [["5S", "6S=JK", "7S"]]},
            "table[0][1]: 6S=JK declares a reading, but 6S is not wild",
        ),
        (
            {"rules": JOKERS, "cards": ["JK=5S", "JK", "6S", "7S"]},
            "cards[0]: JK=5S is declared, but cards holds JK 2 times",
        ),
    ],
)
def test_bad_arrangements_are_400(client: FlaskClient, body: dict[str, Any], named: str) -> None:
    response = client.post("/api/v1/melds/arrange", json=body)
    assert response.status_code == 400, response.get_json()
    assert named in response.get_json()["error"]
