"""Indian Rummy over JSON: a pool-101 game with an elimination and a rejoin to the last player
in, a game of three deals with chips, a points game, every figure by hand; the 422s that name
what is wrong (nothing stored); and the stateless endpoints under Indian rules."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

pytestmark = pytest.mark.db

#: A valid show when sevens are wild: 2H-3H-4H pure, 5C-6C-JK(7C), 9S 9D 9C, KD KS KH KC.
SHOW = ["2H", "3H", "4H", "5C", "6C", "JK", "9S", "9D", "9C", "KD", "KS", "KH", "KC"]


def start(
    client: FlaskClient, rules: Any, players: tuple[str, ...] = ("Ann", "Bob", "Cy")
) -> dict[str, str]:
    made = client.post(
        "/api/v1/games",
        json={
            "name": "Rummy night",
            "rules": rules,
            "players": [{"name": n} for n in players],
            "dealer": players[0],
        },
    )
    assert made.status_code == 201, made.get_json()
    body = made.get_json()
    return {
        "edit": body["edit_url"].removeprefix("http://scores.test"),
        "view": body["view_url"].removeprefix("http://scores.test"),
    }


def deal(shower: str, **others: Any) -> dict[str, Any]:
    """A deal: ``shower`` shows SHOW; each other player's counted points, a drop, or an entry."""
    players = [{"name": shower, "cards": SHOW, "declared": True}]
    for name, value in others.items():
        if isinstance(value, int):
            players.append({"name": name, "counted": value})
        elif isinstance(value, str):
            players.append({"name": name, "drop": value})
        else:
            players.append({"name": name, **value})
    return {"players": players, "wild_rank": "7"}


def post(client: FlaskClient, game: dict[str, str], body: Any, key: str) -> Any:
    return client.post(f"{game['edit']}/rounds", json=body, headers={"Idempotency-Key": key})


def board(client: FlaskClient, game: dict[str, str]) -> Any:
    return client.get(f"{game['view']}.json").get_json()


def totals(now: Any) -> dict[str, Any]:
    return {t["name"]: t for t in now["totals"]}


def test_a_pool_101_game_with_an_elimination_a_rejoin_and_the_last_player_in(
    client: FlaskClient,
) -> None:
    game = start(client, "indian-pool-101")
    assert post(client, game, deal("Ann", Bob=60, Cy=80), "d1").status_code == 201
    second = post(client, game, deal("Bob", Ann=30, Cy=40), "d2")
    assert second.status_code == 201, second.get_json()
    now = board(client, game)
    # Ann 30, Bob 60, Cy 120: Cy is out; the highest still in is 60 (< 80): Cy may rejoin at 61
    assert {n: t["total"] for n, t in totals(now).items()} == {"Ann": 30, "Bob": 60, "Cy": 120}
    assert totals(now)["Cy"]["out"] is True and "Cy may rejoin at 61" in now["reason"]
    assert now["next_dealer"] == "Ann"  # Cy's turn to deal, but Cy is out: the deal passes on
    # the fewest points lead a pool
    page = client.get(game["view"]).get_data(as_text=True)
    assert page.index(">Ann<") < page.index(">Bob<") < page.index(">Cy<")
    late = post(client, game, deal("Ann", Bob=10, Cy=10), "d3x")  # Cy dealt in without a rejoin
    assert late.status_code == 422 and "Cy" in late.get_json()["error"]
    third = post(client, game, deal("Ann", Bob=45, Cy={"counted": 20, "rejoin": True}), "d3")
    assert third.status_code == 201, third.get_json()
    now = board(client, game)
    # Cy back at 61, + 20 = 81; Bob 105: out, and the highest in (81) is not below 80
    assert {n: t["total"] for n, t in totals(now).items()} == {"Ann": 30, "Bob": 105, "Cy": 81}
    assert totals(now)["Cy"]["rejoined"] is True and totals(now)["Bob"]["out"] is True
    refused = post(client, game, deal("Cy", Ann=10, Bob={"counted": 10, "rejoin": True}), "d4x")
    assert refused.status_code == 422, refused.get_json()
    assert post(client, game, deal("Cy", Ann=80), "d4").status_code == 201
    end = board(client, game)
    assert end["finished"] and end["winners"] == ["Cy"]
    assert {n: t["total"] for n, t in totals(end).items()} == {"Ann": 110, "Bob": 105, "Cy": 81}
    assert post(client, game, deal("Cy", Ann=10), "d5").status_code == 409  # the pool is won


def test_a_game_of_three_deals_with_chips(client: FlaskClient) -> None:
    game = start(client, {"preset": "indian-deals", "options": {"deals": 3}})
    post(client, game, deal("Ann", Bob=30, Cy=50), "d1")  # Ann +80: 320, 210, 190
    post(client, game, deal("Bob", Ann=20, Cy=10), "d2")  # Bob +30: 300, 240, 180
    now = board(client, game)
    assert {n: t["chips"] for n, t in totals(now).items()} == {"Ann": 300, "Bob": 240, "Cy": 180}
    assert not now["finished"]
    post(client, game, deal("Cy", Ann=40, Bob=20), "d3")  # Cy +60: 260, 220, 240
    end = board(client, game)
    assert {n: t["chips"] for n, t in totals(end).items()} == {"Ann": 260, "Bob": 220, "Cy": 240}
    assert end["finished"] and end["winners"] == ["Ann"]


def test_a_points_game_settles_each_deal(client: FlaskClient) -> None:
    game = start(client, {"preset": "indian-points", "options": {"point_value": 2}})
    answer = post(client, game, deal("Ann", Bob=30, Cy="first"), "d1")
    assert answer.status_code == 201, answer.get_json()
    scored = {p["name"]: p for p in answer.get_json()["players"]}
    assert (scored["Ann"]["points"], scored["Bob"]["points"], scored["Cy"]["points"]) == (0, 30, 20)
    assert [m["pure"] for m in scored["Ann"]["melds"]].count(True) >= 1
    # Bob pays 30 and Cy's first drop 20: Ann +50, at 2 a point
    assert {n: t["total"] for n, t in totals(board(client, game)).items()} == {
        "Ann": 100,
        "Bob": -60,
        "Cy": -40,
    }


@pytest.mark.parametrize(
    ("body", "said"),
    [
        (deal("Ann", Bob={"cards": SHOW, "declared": True}, Cy=10), "both declared"),
        (deal("Ann", Bob={"cards": SHOW[:12]}, Cy=10), "Bob"),
        (deal("Ann", Bob={"drop": "first", "declared": True}, Cy=10), "Bob"),
        (
            {
                "players": [
                    {"name": "Ann", "cards": [*SHOW[:10], "2S", "5S", "8D"], "declared": True},
                    {"name": "Bob", "counted": 10},
                    {"name": "Cy", "counted": 10},
                ],
                "wild_rank": "7",
            },
            "not a valid show",
        ),
    ],
    ids=["two-declarers", "short-hand", "drop-and-declare", "invalid-show"],
)
def test_bad_deals_are_refused_naming_why(client: FlaskClient, body: Any, said: str) -> None:
    game = start(client, "indian-pool-101")
    answer = post(client, game, body, "d1")
    assert answer.status_code == 422, answer.get_json()
    assert said in answer.get_json()["error"]
    assert board(client, game)["rounds"] == []


def test_the_stateless_endpoints_judge_by_indian_rules(client: FlaskClient) -> None:
    qka = client.post(
        "/api/v1/melds/check", json={"rules": "indian-points", "cards": ["QH", "KH", "AH"]}
    )
    assert qka.get_json()["legal"] and qka.get_json()["pure"]
    ka2 = client.post(
        "/api/v1/melds/check", json={"rules": "indian-points", "cards": ["KH", "AH", "2H"]}
    )
    assert not ka2.get_json()["legal"] and ka2.get_json()["reasons"]
    impure = client.post(
        "/api/v1/melds/check",
        json={"rules": "indian-points", "cards": ["5H", "6H", "JK"], "wild_rank": "9"},
    ).get_json()
    assert impure["legal"] and not impure["pure"]
    arranged = client.post(
        "/api/v1/melds/arrange", json={"rules": "indian-points", "cards": SHOW, "wild_rank": "7"}
    ).get_json()
    assert arranged["valid_show"] and arranged["unplaced"] == [] and arranged["count"] == 0
    scored = client.post(
        "/api/v1/rounds/score", json=deal("Ann", Bob=30) | {"rules": "indian-points"}
    )
    assert scored.status_code == 200, scored.get_json()
    assert {p["name"]: p["points"] for p in scored.get_json()["players"]} == {"Ann": 0, "Bob": 30}


def test_the_stats_count_shows_drops_and_wrong_shows(client: FlaskClient) -> None:
    game = start(client, "indian-pool-101")
    post(client, game, deal("Ann", Bob=60, Cy="first"), "d1")
    post(client, game, deal("Ann", Bob="middle", Cy=10), "d2")
    client.get(game["edit"])  # this browser now knows the game
    page = client.get("/stats").get_data(as_text=True)
    shown = " ".join(re.sub(r"<[^>]+>", " ", page).split())
    assert "Indian Rummy: shows 2 · drops 0 · wrong shows 0" in shown  # Ann
    assert "Indian Rummy: shows 0 · drops 1 · wrong shows 0" in shown  # Bob, and Cy
