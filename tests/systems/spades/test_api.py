"""Spades over JSON: the presets, starting a game, posting hands (API.md's body), the 422 that
names the tricks' sum, keys and versions, and the scoreboard with each side's bags."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.systems.spades.presets import SPADES_OPTIONS

pytestmark = pytest.mark.db

#: API.md's hand (Ann & Cy against Bob & Dee): Cy's blind nil fails, Bob's nil is made.
API_MD_HAND = {
    "players": [
        {"name": "Ann", "bid": 4, "tricks": 5},
        {"name": "Bob", "bid": "nil", "tricks": 0},
        {"name": "Cy", "bid": "blind_nil", "tricks": 1},
        {"name": "Dee", "bid": 3, "tricks": 7},
    ]
}


def start(client: FlaskClient, rules: Any = "spades") -> dict[str, str]:
    response = client.post(
        "/api/v1/games",
        json={
            "name": "Late",
            "rules": rules,
            "players": [{"name": n} for n in ("Ann", "Bob", "Cy", "Dee")],
            "dealer": "Dee",
        },
    )
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    return {
        "edit": body["edit_url"].removeprefix("http://scores.test"),
        "view": body["view_url"].removeprefix("http://scores.test"),
    }


def post(client: FlaskClient, game: dict[str, str], body: Any, key: str, **headers: str) -> Any:
    return client.post(
        f"{game['edit']}/rounds", json=body, headers={"Idempotency-Key": key, **headers}
    )


def test_the_presets_list_spades_with_its_options(client: FlaskClient) -> None:
    presets = {p["id"]: p for p in client.get("/api/v1/presets").get_json()}
    assert presets["spades"]["options"] == {
        "game": "spades",
        "target": 500,
        "bag_limit": 10,
        "bag_penalty": 100,
        "nil_points": 100,
        "blind_nil_points": 200,
        "nil_tricks": "bags",
        "blind_nil_allowed": True,
        "min_side_bid": None,
    }
    assert list(presets["spades-300"]["options"]) == ["game", *SPADES_OPTIONS]
    assert presets["spades-300"]["options"]["target"] == 300
    assert any("bags cost 100" in line for line in presets["spades"]["lines"])


def test_a_hand_as_api_md_gives_it(client: FlaskClient) -> None:
    game = start(client)
    response = post(client, game, API_MD_HAND, "h1", **{"If-Match": '"1"'})
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    assert body["round"] == 1 and body["version"] == 2 and body["dealer"] == "Dee"
    assert response.headers["ETag"] == '"2"'
    teams = {t["team"]: t for t in body["teams"]}
    # Ann & Cy: Ann 4 made with 1 bag (Cy's blind nil trick is a bag too), blind nil failed
    assert teams["Ann & Cy"]["total"] == 40 + 2 - 200 and teams["Ann & Cy"]["bags"] == 2
    assert teams["Ann & Cy"]["lines"] == [
        "contract 4 made +40",
        "2 bags +2",
        "Cy: blind nil failed −200",
    ]
    # Bob & Dee: Dee 3 took 7 (4 bags), Bob's nil made
    assert teams["Bob & Dee"]["total"] == 30 + 4 + 100 and teams["Bob & Dee"]["bags"] == 4
    assert [p["bid"] for p in body["players"]] == [4, "nil", "blind_nil", 3]
    again = post(client, game, API_MD_HAND, "h1")
    assert again.status_code == 201 and again.get_json() == body  # the same answer, one hand
    board = client.get(f"{game['view']}.json").get_json()
    assert len(board["rounds"]) == 1 and board["rounds"][0]["ended_by"] == "hand"
    assert board["teams"] == [
        {"team": "Ann & Cy", "total": -158, "bags": 2},
        {"team": "Bob & Dee", "total": 134, "bags": 4},
    ]
    assert {t["name"]: t["total"] for t in board["totals"]} == {
        "Ann": -158, "Bob": 134, "Cy": -158, "Dee": 134
    }  # fmt: skip
    assert board["rules"]["preset"] == "spades" and board["rules"]["game"] == "spades"
    assert board["rounds"][0]["teams"][0]["lines"][0] == "contract 4 made +40"


@pytest.mark.parametrize(
    ("change", "status", "error"),
    [
        ({3: {"name": "Dee", "bid": 3, "tricks": 6}}, 422, "the tricks add up to 12, not 13"),
        ({3: {"name": "Dee", "bid": 14, "tricks": 7}}, 400, "players[3].bid"),
        ({3: {"name": "Dee", "bid": "blind", "tricks": 7}}, 400, "players[3].bid"),
        ({3: {"name": "Dee", "bid": 3, "tricks": 14}}, 400, "players[3].tricks"),
        ({3: {"name": "Zed", "bid": 3, "tricks": 7}}, 400, "Zed is not seated"),
        ({3: {"name": "Ann", "bid": 3, "tricks": 7}}, 400, "Ann is named more than once"),
    ],
)
def test_a_hand_that_cannot_be_is_refused(
    client: FlaskClient, change: dict[int, Any], status: int, error: str
) -> None:
    game = start(client)
    players = [change.get(i, p) for i, p in enumerate(API_MD_HAND["players"])]
    response = post(client, game, {"players": players}, "bad")
    assert response.status_code == status
    assert error in response.get_json()["error"]
    assert client.get(f"{game['view']}.json").get_json()["rounds"] == []
    assert post(client, game, API_MD_HAND, "bad").status_code == 201  # the key is not used up


def test_the_rules_options_decide(client: FlaskClient) -> None:
    game = start(client, {"preset": "spades", "options": {"blind_nil_allowed": False}})
    response = post(client, game, API_MD_HAND, "k")
    assert response.status_code == 422
    assert "Cy bid blind nil, which these rules do not allow" in response.get_json()["error"]
    bad = client.post(
        "/api/v1/games",
        json={
            "name": "X",
            "rules": {"preset": "spades", "options": {"bag_limt": 5}},
            "players": [{"name": n} for n in ("Ann", "Bob", "Cy", "Dee")],
        },
    )
    assert bad.status_code == 400 and "did you mean 'bag_limit'" in bad.get_json()["error"]
    three = client.post(
        "/api/v1/games",
        json={"name": "X", "rules": "spades", "players": [{"name": n} for n in "ABC"]},
    )
    assert three.status_code == 422 and "four players" in three.get_json()["error"]


def test_keys_and_versions(client: FlaskClient) -> None:
    game = start(client)
    assert post(client, game, API_MD_HAND, "a").status_code == 201
    other = {
        "players": [
            {**p, "tricks": t} for p, t in zip(API_MD_HAND["players"], (6, 0, 0, 7), strict=True)
        ]
    }
    reused = post(client, game, other, "a")
    assert reused.status_code == 422 and "already used for hand 1" in reused.get_json()["error"]
    stale = post(client, game, other, "b", **{"If-Match": '"1"'})
    assert stale.status_code == 409 and stale.get_json()["version"] == 2
    assert post(client, game, other, "b", **{"If-Match": '"2"'}).status_code == 201
    assert len(client.get(f"{game['view']}.json").get_json()["rounds"]) == 2


def test_a_rummy_round_body_on_a_spades_game_is_a_400(client: FlaskClient) -> None:
    game = start(client)
    rummy = {"ended_by": "stock_out", "players": [{"name": "Ann", "melded_points": 5}]}
    response = post(client, game, rummy, "r")
    assert response.status_code == 400


def test_the_document_describes_the_spades_hand(client: FlaskClient) -> None:
    document = client.get("/api/v1/openapi.json").get_json()
    schemas = document["components"]["schemas"]
    assert "SpadesRoundBody" in schemas and "SpadesRoundResponse" in schemas
    assert "bags" in schemas["SideTotalOut"]["properties"]
    presets = schemas["RulesObject"]["properties"]["preset"]["enum"]
    assert "spades" in presets and "spades-300" in presets


NAMES = st.sampled_from(["Ann", "Bob", "Cy", "Dee", "Zed", ""])
BIDS = st.one_of(
    st.integers(-2, 15),
    st.sampled_from(["nil", "blind_nil", "blind", "4"]),
    st.none(),
    st.booleans(),
)
PLAYER = st.fixed_dictionaries(
    {"name": NAMES, "bid": BIDS, "tricks": st.one_of(st.integers(-1, 14), st.just("3"))}
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(players=st.lists(PLAYER, min_size=0, max_size=5), dealer=st.one_of(st.none(), NAMES))
def test_any_hand_is_answered_never_a_500(
    client: FlaskClient, players: list[dict[str, Any]], dealer: str | None
) -> None:
    game = start(client)
    body: dict[str, Any] = {"players": players} | ({"dealer": dealer} if dealer is not None else {})
    response = post(client, game, body, "fuzz")
    assert response.status_code in (201, 400, 422), response.get_json()
    assert "error" in response.get_json() or response.status_code == 201
