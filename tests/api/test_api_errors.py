"""Every API error is JSON {"error": ...} with a 4xx status that names what is wrong."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.api.round_models import RoundScoreRequest

GOOD_CHECK = '{"rules": "rummy500", "cards": ["8S", "9S", "10S"]}'


@pytest.mark.parametrize(
    ("method", "path", "kwargs", "status", "named"),
    [
        (
            "post",
            "/api/v1/melds/check",
            {"data": "{", "content_type": "application/json"},
            400,
            "not valid JSON",
        ),
        (
            "post",
            "/api/v1/melds/check",
            {"data": "", "content_type": "application/json"},
            400,
            "empty",
        ),
        (
            "post",
            "/api/v1/melds/check",
            {"data": "[1, 2]", "content_type": "application/json"},
            400,
            "the body: must be a JSON object",
        ),
        (
            "post",
            "/api/v1/melds/check",
            {"data": "null", "content_type": "application/json"},
            400,
            "the body",
        ),
        (
            "post",
            "/api/v1/melds/check",
            {"data": GOOD_CHECK, "content_type": "text/plain"},
            415,
            "Content-Type: application/json",
        ),
        ("post", "/api/v1/melds/check", {"data": GOOD_CHECK}, 415, "JSON"),
        (
            "post",
            "/api/v1/deal",
            {"data": '{"x": "' + "a" * 300_000 + '"}', "content_type": "application/json"},
            413,
            "too large",
        ),
        ("get", "/api/v1/deal", {}, 405, "POST"),
        ("put", "/api/v1/melds/check", {}, 405, "PUT is not allowed"),
        ("post", "/api/v1/presets", {"json": {}}, 405, "GET"),
        ("get", "/api/v1/nowhere", {}, 404, "/api/v1/nowhere"),
        ("post", "/api/v1/rounds/scores", {"json": {}}, 404, "/api/v1/rounds/scores"),
        ("get", "/api/v2/presets", {}, 404, "/api/v2/presets"),
    ],
)
def test_bad_requests(
    client: FlaskClient, method: str, path: str, kwargs: dict[str, Any], status: int, named: str
) -> None:
    response = getattr(client, method)(path, **kwargs)
    assert response.status_code == status
    assert response.is_json
    body = response.get_json()
    assert set(body) == {"error"}
    assert named in body["error"]


def test_405_names_the_allowed_methods(client: FlaskClient) -> None:
    response = client.get("/api/v1/melds/check")
    assert "POST" in response.headers["Allow"]


def test_pages_outside_the_api_keep_html_errors(client: FlaskClient) -> None:
    response = client.get("/no-such-page")
    assert response.status_code == 404
    assert not response.is_json


@pytest.mark.parametrize(
    ("players", "named"),
    [
        ([{"name": "Ann", "melds": [["3C", "3D", "XX"]]}], "players[0].melds[0][2]: 'XX'"),
        ([{"name": "Ann", "melds": [7]}], "players[0].melds[0]: expected a list of cards"),
        ([{"name": "Ann", "hand": ["9S!"]}], "players[0].hand[0]"),
        (
            [{"name": "Ann", "layoffs": [{"onto": {"player": "Bob"}, "cards": ["9S"]}]}],
            "players[0].layoffs[0].onto.meld: is required",
        ),
        ([{"name": "Cy", "melded_points": "40"}], "players[0].melded_points"),
        ([{"name": "Cy", "melded_points": 40, "melds": []}], "players[0].melds"),
        (["Ann"], "players[0]: expected a player object"),
    ],
)
def test_round_model_errors_name_the_path(players: list[Any], named: str) -> None:
    """The round models (their route comes later) report errors by path like the others."""
    from pydantic import ValidationError

    from scorekeeper.api.errors import describe_validation_error

    body = {"rules": "rummy500", "ended_by": "going_out", "players": players}
    with pytest.raises(ValidationError) as caught:
        RoundScoreRequest.model_validate(body)
    assert named in describe_validation_error(caught.value, body)


def test_round_model_accepts_the_api_md_example() -> None:
    body = {
        "rules": "rummy500",
        "wild_rank": None,
        "ended_by": "going_out",
        "players": [
            {
                "name": "Ann",
                "team": None,
                "went_out": True,
                "melds": [["3C", "3D", "3S"], {"cards": ["5D", "6D", "7D"], "laid_at_once": True}],
                "layoffs": [
                    {"onto": {"player": "Bob", "meld": 0}, "cards": ["9s!"], "final": True}
                ],
                "hand": [],
            },
            {"name": "Bob", "melds": [["6S", "7S", "8S"]], "hand": ["KH", "2C"]},
            {"name": "Cy", "melded_points": 40, "hand_points": 25},
        ],
        "joker_effect": "double",
        "opening": ["Ann"],
    }
    round_ = RoundScoreRequest.model_validate(body)
    assert round_.players[0].layoffs[0].cards == ["9S!"]  # type: ignore[union-attr]
    assert round_.players[2].melded_points == 40  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "path",
    ["/api/v1/melds/check", "/api/v1/melds/arrange", "/api/v1/rounds/score", "/api/v1/games"],
)
@pytest.mark.parametrize(
    "body",
    [
        "[" * 1000 + "]" * 1000,  # 2 KB: was a 500 (RecursionError)
        '{"rules": "rummy500", "cards": ' + "[" * 5000 + "]" * 5000 + "}",
        '{"rules": "rummy500", "x": ' + '{"a": ' * 3000 + "1" + "}" * 3000 + "}",
    ],
)
def test_json_nested_too_deep_is_a_400(client: FlaskClient, path: str, body: str) -> None:
    response = client.post(path, data=body, content_type="application/json")
    assert response.status_code == 400
    assert "not valid JSON" in response.get_json()["error"]


def test_a_games_round_nested_too_deep_is_a_400(client: FlaskClient) -> None:
    created = client.post(
        "/api/v1/games",
        json={"name": "Deep", "rules": "rummy500", "players": [{"name": "A"}, {"name": "B"}]},
    )
    assert created.status_code == 201, created.get_json()
    edit_url = created.get_json()["edit_url"]
    path = "/" + edit_url.split("/", 3)[3] + "/rounds"
    response = client.post(
        path,
        data="[" * 2000 + "]" * 2000,
        content_type="application/json",
        headers={"Idempotency-Key": "deep-1"},
    )
    assert response.status_code == 400
    assert "not valid JSON" in response.get_json()["error"]


@pytest.mark.parametrize(
    "if_match", ['""', "", 'W/""', '"1", "2"', '"abc"', "   ", "W/", ",", '"١"']
)
def test_a_bad_if_match_is_a_400(client: FlaskClient, if_match: str) -> None:
    """Found by the fuzzing once the game's routes were in the OpenAPI document: an empty
    If-Match was a 500."""
    created = client.post(
        "/api/v1/games",
        json={"name": "M", "rules": "rummy500", "players": [{"name": "A"}, {"name": "B"}]},
    )
    path = "/" + created.get_json()["edit_url"].split("/", 3)[3] + "/rounds"
    body = {"ended_by": "going_out", "players": [{"name": "A", "went_out": True}]}
    response = client.post(path, json=body, headers={"Idempotency-Key": "m", "If-Match": if_match})
    assert response.status_code == 400
    assert response.get_json()["error"].startswith("If-Match:")
