"""POST /api/v1/deal."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

SEATS = ["Ann", "Bob", "Cy", "Dee"]
UPCARDS = {"Ann": "7H", "Bob": "KS", "Cy": "AD", "Dee": "4C"}


def deal(client: FlaskClient, **body: Any) -> tuple[int, Any]:
    response = client.post("/api/v1/deal", json=body)
    return response.status_code, response.get_json()


def test_api_md_example(client: FlaskClient) -> None:
    status, body = deal(
        client, rules="rummy5000", players=SEATS, dealer="Dee", upcards=UPCARDS, round=1
    )
    assert status == 200
    assert body == {
        "cards": {"Ann": 8, "Bob": 11, "Cy": 12, "Dee": 5},
        "wild_rank": "4",
        "next_dealer": "Ann",
        "redeal": [],
    }


@pytest.mark.parametrize(
    ("rules", "cards"),
    [
        ({"preset": "george2500"}, {"Ann": 7, "Bob": 13, "Cy": 14, "Dee": 4}),
        (
            {"preset": "rummy5000", "options": {"upcard_ace": 15}},
            {"Ann": 8, "Bob": 11, "Cy": 16, "Dee": 5},
        ),
        (
            {
                "preset": "rummy5000",
                "options": {"upcard_face_cards": "rank", "upcard_count": "total"},
            },
            {"Ann": 7, "Bob": 13, "Cy": 11, "Dee": 4},
        ),
    ],
)
def test_upcard_options(client: FlaskClient, rules: dict[str, Any], cards: dict[str, int]) -> None:
    status, body = deal(client, rules=rules, players=SEATS, dealer="Dee", upcards=UPCARDS)
    assert status == 200
    assert body["cards"] == cards


def test_redeal_leaves_players_out_of_cards(client: FlaskClient) -> None:
    rules = {"preset": "rummy5000", "options": {"upcard_min_rank": "4"}}
    upcards = {**UPCARDS, "Ann": "2H", "Dee": "3C"}
    status, body = deal(client, rules=rules, players=SEATS, dealer="Dee", upcards=upcards)
    assert status == 200
    assert body["redeal"] == ["Ann", "Dee"]
    assert body["cards"] == {"Bob": 11, "Cy": 12}
    assert body["wild_rank"] is None


def test_wild_upcards_count_upcard_wild_cards(client: FlaskClient) -> None:
    """Seed 000: "When permanent wild cards are used, they usually correspond to a larger number
    of cards, such as 15, 20 or even 25." A wild 2 with 20: 20 more, 21 in all."""
    rules = {"preset": "rummy5000", "options": {"wild_ranks": ["2"], "upcard_wild_cards": 20}}
    upcards = {**UPCARDS, "Ann": "2H"}
    status, body = deal(client, rules=rules, players=SEATS, dealer="Dee", upcards=upcards)
    assert status == 200
    assert body["redeal"] == []
    assert body["cards"] == {"Ann": 21, "Bob": 11, "Cy": 12, "Dee": 5}


def test_fixed_deal(client: FlaskClient) -> None:
    status, body = deal(client, rules="rummy500", players=["Ann", "Bob"], dealer="Ann")
    assert (status, body["cards"], body["next_dealer"]) == (200, {"Ann": 13, "Bob": 13}, "Bob")


@pytest.mark.parametrize(
    ("rotation", "winner", "following"),
    [("right", None, "Cy"), ("winner", "Bob", "Bob"), ("winner", None, None)],
)
def test_rotation(
    client: FlaskClient, rotation: str, winner: str | None, following: str | None
) -> None:
    rules = {"preset": "rummy5000", "options": {"dealer_rotation": rotation}}
    status, body = deal(
        client, rules=rules, players=SEATS, dealer="Dee", upcards=UPCARDS, winner=winner
    )
    assert (status, body["next_dealer"]) == (200, following)


def test_progression_round(client: FlaskClient) -> None:
    rules = {"preset": "rummy500", "options": {"round_wild": "progression"}}
    status, body = deal(client, rules=rules, players=SEATS, dealer="Ann", round=12)
    assert (status, body["wild_rank"]) == (200, "Q")


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"dealer": "Eve"}, "'Eve'"),
        ({"upcards": {"Ann": "7H", "Bob": "KS", "Cy": "AD"}}, "Dee"),
        ({"upcards": {**UPCARDS, "Cy": "7H"}}, "7H"),
        ({"upcards": {**UPCARDS, "Cy": "1H"}}, "upcards.Cy: '1H' is not a card"),
        ({"players": ["Ann"]}, "players"),
        ({"round": 0}, "round"),
        ({"round": "1"}, "round"),
        ({"winner": "Zed"}, "'Zed'"),
        ({"rules": "rummy50000"}, "rummy50000"),
        ({"seats": SEATS}, "seats: is not a known field"),
    ],
)
def test_bad_deals(client: FlaskClient, changes: dict[str, Any], named: str) -> None:
    body = {"rules": "rummy5000", "players": SEATS, "dealer": "Dee", "upcards": UPCARDS, **changes}
    status, answer = deal(client, **body)
    assert status == 400
    assert named in answer["error"]
