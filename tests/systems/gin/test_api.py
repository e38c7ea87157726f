"""Gin over JSON: a game to 100 from the cards with every figure checked by hand, the shutout,
Hollywood's three columns, partnership gin, the totals mode, and the 422s that name what is
wrong (nothing stored)."""

from __future__ import annotations

import csv
import io
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

pytestmark = pytest.mark.db

#: Ann knocks with 1 (AD); Bob melds the kings, lays off 8S 9S onto 5S-6S-7S, keeps 24.
KNOCK = {
    "players": [
        {
            "name": "Ann",
            "cards": ["5S", "6S", "7S", "9H", "9D", "9C", "2C", "3C", "4C", "AD"],
            "knocked": True,
        },
        {"name": "Bob", "cards": ["8S", "9S", "KH", "KD", "KC", "2H", "3H", "4D", "5D", "QC"]},
    ]
}
#: Ann knocks with 8 (8D); Bob keeps AC 2D 3C = 6 (nothing of it lays off): undercut, 2 + 25.
UNDERCUT = {
    "players": [
        {
            "name": "Ann",
            "cards": ["AS", "2S", "3S", "4H", "5H", "6H", "7C", "8C", "9C", "8D"],
            "knocked": True,
        },
        {"name": "Bob", "cards": ["KH", "KD", "KC", "9D", "10D", "JD", "QD", "AC", "2D", "3C"]},
    ]
}
#: Ann goes gin with ten spades; Bob holds no meld: 79 (K Q J 10 9 8 7 6 5 4).
GIN = {
    "players": [
        {
            "name": "Ann",
            "cards": ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S"],
            "knocked": True,
        },
        {"name": "Bob", "cards": ["KH", "QD", "JC", "10H", "9D", "8C", "7H", "6D", "5C", "4H"]},
    ]
}


def start(
    client: FlaskClient, rules: Any = "gin", players: tuple[str, ...] = ("Ann", "Bob")
) -> dict[str, str]:
    response = client.post(
        "/api/v1/games",
        json={"name": "Gin night", "rules": rules, "players": [{"name": n} for n in players]},
    )
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    return {
        "edit": body["edit_url"].removeprefix("http://scores.test"),
        "view": body["view_url"].removeprefix("http://scores.test"),
    }


def post(client: FlaskClient, game: dict[str, str], body: Any, key: str) -> Any:
    return client.post(f"{game['edit']}/rounds", json=body, headers={"Idempotency-Key": key})


def board(client: FlaskClient, game: dict[str, str]) -> Any:
    return client.get(f"{game['view']}.json").get_json()


def by_name(answer: Any) -> dict[str, Any]:
    return {player["name"]: player for player in answer.get_json()["players"]}


def test_the_presets_list_gin(client: FlaskClient) -> None:
    presets = {p["id"]: p for p in client.get("/api/v1/presets").get_json()}
    assert {"gin", "gin-oklahoma", "gin-hollywood", "gin-partnership"} <= set(presets)
    assert presets["gin"]["options"]["knock_limit"] == 10
    assert presets["gin-partnership"]["options"]["target"] == 125


def test_a_knock_is_scored_from_the_cards_as_api_md_says(client: FlaskClient) -> None:
    game = start(client)
    answer = post(client, game, KNOCK, "k1")
    assert answer.status_code == 201, answer.get_json()
    ann, bob = by_name(answer)["Ann"], by_name(answer)["Bob"]
    assert (ann["result"], ann["points"], ann["deadwood"]) == (
        "knock",
        23,
        {"points": 1, "cards": ["AD"]},
    )
    assert [meld["kind"] for meld in ann["melds"]] == ["run", "set", "run"] or len(
        ann["melds"]
    ) == 3
    assert bob["deadwood"]["points"] == 24 and bob["deadwood_before_layoffs"] == 41
    onto = ann["melds"][bob["layoffs"][0]["onto"]]["cards"]
    assert sorted(bob["layoffs"][0]["cards"]) == ["8S", "9S"] and "7S" in onto
    assert ann["lines"] == ["Bob's deadwood 24 − Ann's 1 = 23"] and bob["points"] == 0


def test_a_game_to_100_with_every_figure_by_hand(client: FlaskClient) -> None:
    game = start(client)
    assert post(client, game, KNOCK, "k1").status_code == 201  # Ann +23
    undercut = post(client, game, UNDERCUT, "k2")
    assert undercut.status_code == 201, undercut.get_json()
    bob = by_name(undercut)["Bob"]
    assert (bob["result"], bob["points"], bob["deadwood"]["points"]) == ("undercut", 27, 6)
    now = board(client, game)
    assert {t["name"]: t["total"] for t in now["totals"]} == {"Ann": 23, "Bob": 27}
    assert not now["finished"] and now["reason"] == "Bob leads with 27 (73 to reach 100)"
    gin = post(client, game, GIN, "k3")  # Ann gin: 25 + 79 = 104, 127 in hands
    assert by_name(gin)["Ann"]["points"] == 104
    end = board(client, game)
    # Ann: 127 + game 100 + 2 hands' line 50 = 277; Bob: 27 + 1 hand's line 25 = 52
    assert {t["name"]: t["total"] for t in end["totals"]} == {"Ann": 277, "Bob": 52}
    assert end["finished"] and end["winners"] == ["Ann"]
    assert end["reason"] == "Ann won the game, 277 to 52"
    assert [r["ended_by"] for r in end["rounds"]] == ["knock", "undercut", "gin"]
    late = post(client, game, KNOCK, "k4")
    assert late.status_code == 409  # the game is over


def test_a_shutout_doubles_the_winners_whole_score(client: FlaskClient) -> None:
    game = start(client)
    post(client, game, KNOCK, "k1")  # Ann +23
    post(client, game, GIN, "k2")  # Ann +104: 127, Bob won no hand
    end = board(client, game)
    # (127 + 100 + 2 × 25) × 2 = 554
    assert {t["name"]: t["total"] for t in end["totals"]} == {"Ann": 554, "Bob": 0}
    bonus = start(client, {"preset": "gin", "options": {"shutout_rule": "bonus"}})
    post(client, bonus, KNOCK, "k1")
    post(client, bonus, GIN, "k2")
    # 127 + 200 (the game bonus doubled) + 50
    assert board(client, bonus)["totals"][0]["total"] == 377


def test_hollywood_scores_three_columns(client: FlaskClient) -> None:
    game = start(client, "gin-hollywood")
    post(client, game, KNOCK, "k1")  # Ann's first win: game 1 only, 23
    post(client, game, UNDERCUT, "k2")  # Bob's first: game 1, 27
    post(client, game, KNOCK, "k3")  # Ann's second: games 1 and 2, 23 each
    now = board(client, game)
    columns = [column["totals"] for column in now["columns"]]
    assert columns == [{"Ann": 46, "Bob": 27}, {"Ann": 23, "Bob": 0}, {"Ann": 0, "Bob": 0}]
    assert not any(column["finished"] for column in now["columns"])
    assert now["target"] is None  # each game has the target, not the sums
    assert now["reason"] == (
        "Game 1: Ann leads 46 to 27; game 2: Ann leads 23 to 0; game 3: no hand won yet"
    )
    post(client, game, GIN, "k4")  # Ann's third: all three, 104 each: games 1, 2 and 3 end
    end = board(client, game)
    assert [c["finished"] for c in end["columns"]] == [True, True, True]
    # game 1: Ann 150 + 100 + 3 lines 75 = 325, Bob 27 + 25 = 52
    # game 2: Ann 127 + 100 + 2 lines 50, Bob won none there: shutout, (277) × 2 = 554
    # game 3: Ann 104 + 100 + 25 = 229, shutout: 458
    assert [c["totals"] for c in end["columns"]] == [
        {"Ann": 325, "Bob": 52},
        {"Ann": 554, "Bob": 0},
        {"Ann": 458, "Bob": 0},
    ]
    assert {t["name"]: t["total"] for t in end["totals"]} == {"Ann": 1337, "Bob": 52}
    assert end["finished"] and end["winners"] == ["Ann"]


def test_partnership_gin_adds_each_sides_hands(client: FlaskClient) -> None:
    game = start(client, "gin-partnership", ("Ann", "Bob", "Cy", "Dee"))
    # round 1: Ann plays Bob, Cy plays Dee
    hand = {
        "players": [
            {"name": "Ann", "counted": 3, "knocked": True},
            {"name": "Bob", "counted": 20},
            {"name": "Cy", "counted": 9},
            {"name": "Dee", "counted": 0, "knocked": True},
        ]
    }
    answer = post(client, game, hand, "k1")
    assert answer.status_code == 201, answer.get_json()
    # Ann +17; Dee gin: 25 + 9 = 34
    assert {p["name"]: p["points"] for p in answer.get_json()["players"]} == {
        "Ann": 17, "Bob": 0, "Cy": 0, "Dee": 34,
    }  # fmt: skip
    assert {t["team"]: t["total"] for t in answer.get_json()["teams"]} == {
        "Ann & Cy": 17,
        "Bob & Dee": 34,
    }
    assert {t["team"]: t["total"] for t in board(client, game)["teams"]} == {
        "Ann & Cy": 17,
        "Bob & Dee": 34,
    }


def test_a_table_that_counts_for_itself(client: FlaskClient) -> None:
    game = start(client)
    hand = {
        "players": [{"name": "Ann", "counted": 8, "knocked": True}, {"name": "Bob", "counted": 6}]
    }
    answer = post(client, game, hand, "k1")
    bob = by_name(answer)["Bob"]
    assert (bob["result"], bob["points"]) == ("undercut", 27)
    assert bob["lines"] == ["Undercut: Bob 6 against Ann's 8: Bob +27"]


def test_oklahoma_takes_the_upcard(client: FlaskClient) -> None:
    game = start(client, "gin-oklahoma")
    missing = post(client, game, KNOCK, "k1")
    assert missing.status_code == 422 and "upcard" in missing.get_json()["error"]
    # a spade 2: the limit is 2, Ann's 1 may knock; the hand is doubled: 46
    answer = post(client, game, KNOCK | {"upcard": "2S"}, "k2")
    assert by_name(answer)["Ann"]["points"] == 46
    ace = post(client, game, KNOCK | {"upcard": "AH"}, "k3")  # an ace: gin only
    assert ace.status_code == 422 and "cannot knock with 1" in ace.get_json()["error"]
    plain = start(client)
    refused = post(client, plain, KNOCK | {"upcard": "2S"}, "k1")
    assert refused.status_code == 422 and "upcard" in refused.get_json()["error"]


def _with(base: dict[str, Any], seat: int, **changes: Any) -> dict[str, Any]:
    players = [dict(player) for player in base["players"]]
    players[seat].update(changes)
    return {**base, "players": players}


@pytest.mark.parametrize(
    ("body", "said"),
    [
        (
            _with(KNOCK, 1, cards=["AD", "9S", "KH", "KD", "KC", "2H", "3H", "4D", "5D", "QC"]),
            "AD is given twice",
        ),
        (_with(KNOCK, 0, cards=[*KNOCK["players"][0]["cards"], "KS"]), "eleven"),
        (
            _with(UNDERCUT, 0, cards=["AS", "2S", "3S", "4H", "5H", "6H", "7C", "8C", "QH", "KS"]),
            "cannot knock",
        ),
        (_with(KNOCK, 0, knocked=False), "nobody knocked"),
        (_with(KNOCK, 1, knocked=True), "both knocked"),
        (_with(KNOCK, 1, cards=["8S", "9S"]), "Bob has 2 cards"),
        (_with(KNOCK, 1, name="Cy"), "Cy is not seated"),
    ],
    ids=["twice", "eleven", "over-limit", "no-knock", "two-knocks", "short", "stranger"],
)
def test_bad_hands_are_refused_naming_why_and_nothing_is_stored(
    client: FlaskClient, body: dict[str, Any], said: str
) -> None:
    game = start(client)
    answer = post(client, game, body, "k1")
    assert answer.status_code == 422, answer.get_json()
    assert said in answer.get_json()["error"], answer.get_json()
    assert board(client, game)["rounds"] == [] and board(client, game)["version"] == 1


def test_a_dead_hand_scores_nobody_and_a_retry_is_the_same_hand(client: FlaskClient) -> None:
    game = start(client)
    dead = {"players": [{"name": "Ann"}, {"name": "Bob"}], "dead": True}
    first = post(client, game, dead, "k1")
    assert first.status_code == 201, first.get_json()
    assert post(client, game, dead, "k1").get_json() == first.get_json()
    other = post(client, game, KNOCK, "k1")
    assert other.status_code == 422 and "already used" in other.get_json()["error"]
    now = board(client, game)
    assert len(now["rounds"]) == 1 and now["rounds"][0]["ended_by"] == "dead"


def test_the_export_and_the_story_tell_each_hand(client: FlaskClient) -> None:
    game = start(client)
    post(client, game, KNOCK, "k1")
    post(client, game, GIN, "k2")
    rows = list(
        csv.DictReader(io.StringIO(client.get(f"{game['view']}.csv").get_data(as_text=True)))
    )
    hands = [
        (r["round"], r["player"], r["ended_by"], r["total"]) for r in rows if r["round"] != "final"
    ]
    assert hands == [
        ("1", "Ann", "knock", "23"),
        ("1", "Bob", "knock", "0"),
        ("2", "Ann", "gin", "104"),
        ("2", "Bob", "gin", "0"),
    ]
    finals = {r["player"]: r["total"] for r in rows if r["round"] == "final"}
    assert finals == {"Ann": str(554 - 127)}  # the end's bonuses, doubled by the shutout
    story = client.get(f"{game['view']}/story").get_data(as_text=True)
    assert "Ann gin +25 + 79" in story


def test_the_stats_count_each_players_hands_gins_and_undercuts(client: FlaskClient) -> None:
    game = start(client)
    post(client, game, KNOCK, "k1")  # Ann wins
    post(client, game, UNDERCUT, "k2")  # Bob undercuts Ann
    post(client, game, GIN, "k3")  # Ann gin
    client.get(game["edit"])  # this browser now knows the game
    page = client.get("/stats").get_data(as_text=True)
    text = " ".join(re.sub(r"<[^>]+>", " ", page).split())
    assert "Gin Rummy: hands won 2 · gins 1 · undercuts given 0 · undercuts taken 1" in text
    assert "Gin Rummy: hands won 1 · gins 0 · undercuts given 1 · undercuts taken 0" in text


def test_melds_as_laid_are_taken_as_they_are(client: FlaskClient) -> None:
    game = start(client)
    # Ann lays 9H 9D 9C and 2C 3C 4C, keeping 5S 6S 7S out: 18 + 1 = 19 is over the limit
    laid = _with(KNOCK, 0, melds=[["9H", "9D", "9C"], ["2C", "3C", "4C"]])
    over = post(client, game, laid, "k1")
    assert over.status_code == 422 and "cannot knock with 19" in over.get_json()["error"]
    # a meld that is none is refused, naming it
    wrong = post(client, game, _with(KNOCK, 1, melds=[["2H", "3H", "4D"]]), "k2")
    assert wrong.status_code == 422 and "Bob's meld 2H 3H 4D" in wrong.get_json()["error"]
    # Bob keeps his kings out of a meld: 30 more deadwood than he had to, and a warning
    kept = post(client, game, _with(KNOCK, 1, melds=[]), "k3")
    assert kept.status_code == 201, kept.get_json()
    bob = by_name(kept)["Bob"]
    assert (bob["deadwood"]["points"], by_name(kept)["Ann"]["points"]) == (54, 53)
    assert bob["warnings"] == [
        "Bob's melds as laid leave 54 deadwood after laying off; the best arrangement leaves 24"
    ]
    # stored as laid: the board scores it the same way
    assert board(client, game)["totals"][0]["total"] == 53
