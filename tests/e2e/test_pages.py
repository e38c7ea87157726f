"""Every page opens on a phone from 360 to 430 px wide without errors and without sideways
scrolling, in light and dark."""

from __future__ import annotations

import json
import uuid
from typing import Any
from urllib.parse import urlsplit

import pytest

from .conftest import LiveServer, scrolls_sideways

PLAYERS = ["Annabelle", "Bartholomew", "Cy", "Dee", "Evangeline", "Fay", "Gus", "Hildegard"]


@pytest.fixture(scope="module")
def game_paths(live_server: LiveServer) -> dict[str, str]:
    """A 5000 Rummy game for eight with long names and a round: the paths of its pages."""
    client = live_server.app.test_client()
    links = client.post(
        "/api/v1/games",
        json={
            "name": "A long evening at the kitchen table",
            "rules": "rummy5000",
            "players": [{"name": name} for name in PLAYERS],
        },
    ).get_json()
    scorer, watcher = urlsplit(links["edit_url"]).path, urlsplit(links["view_url"]).path
    players: list[dict[str, Any]] = [
        {"name": name, "melded_points": 40, "hand_points": 5} for name in PLAYERS
    ]
    players[0] = {
        "name": PLAYERS[0],
        "went_out": True,
        "melds": [["8S", "9S", "10S", "JS"]],
        "hand": [],
    }
    response = client.post(
        scorer + "/rounds",
        json={"ended_by": "going_out", "wild_rank": "4", "players": players},
        headers={"Idempotency-Key": uuid.uuid4().hex},
    )
    assert response.status_code == 201, json.dumps(response.get_json())
    return {
        "home": "/",
        "new game": "/games/new",
        "scorer": scorer,
        "round": scorer + "/rounds/new",
        "correction": scorer + "/rounds/1",
        "delete": scorer + "/rounds/1/delete",
        "board": watcher,
    }


@pytest.mark.parametrize("width", [360, 430])
@pytest.mark.parametrize(
    "name", ["home", "new game", "scorer", "round", "correction", "delete", "board"]
)
def test_every_page_fits_a_phone(
    live_server: LiveServer, new_phone: Any, game_paths: dict[str, str], name: str, width: int
) -> None:
    page = new_phone(width=width, dark=width == 360)
    response = page.goto(live_server.url + game_paths[name])
    assert response.status == 200
    page.wait_for_load_state("networkidle")
    assert not scrolls_sideways(page), f"{name} scrolls sideways at {width} px"
