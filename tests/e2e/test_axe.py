"""axe-core (pinned, installed from npm by .ci/run) on every page, light and dark: 0 violations.

The pages are opened with a 5000 Rummy game for four that has a round and a deal in progress,
so that the scorer's page shows its deal helper and the round form its picker and preview.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.standings import Seat
from scorekeeper.store import records
from scorekeeper.store.db import db
from scorekeeper.store.models import Game
from scorekeeper.systems.spades import store as spades
from scorekeeper.systems.spades.presets import spades_rules_for

from .conftest import LiveServer, axe_violations

PLAYERS = ["Grandma Jo", "Grandma Sue", "Uncle Bob", "Uncle Ben"]


@pytest.fixture(scope="module")
def paths(live_server: LiveServer) -> dict[str, str]:
    client = live_server.app.test_client()
    with live_server.app.app_context():
        game = records.create_game(
            "Axe at the kitchen table",
            rules_for("rummy5000"),
            [Seat(name) for name in PLAYERS],
            preset="rummy5000",
            dealer="Uncle Ben",
        )
        scorer, watcher = f"/s/{game.scorer_token}", f"/w/{game.watcher_token}"
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
    assert response.status_code == 201
    spades_paths = _spades_paths(live_server)
    return spades_paths | {
        "home": "/",
        "new game": "/games/new",
        "scorer": scorer,
        "round": scorer + "/rounds/new",
        "correction": scorer + "/rounds/1",
        "delete": scorer + "/rounds/1/delete",
        "board": watcher,
        "check": "/check",
        "game check": scorer + "/check",
        "rules": scorer + "/rules",
        "story": scorer + "/story",
        "board rules": watcher + "/rules",
        "history": "/history",
        "stats": "/stats",
        "players": "/players",
    }


def _spades_paths(live_server: LiveServer) -> dict[str, str]:
    """A Spades game with a hand played and the next hand's bids noted (its form opens on the
    tricks), and one with none (its form opens on the bids)."""
    client = live_server.app.test_client()
    with live_server.app.app_context():
        games = [
            spades.create_spades_game(
                f"Spades {n}", spades_rules_for("spades"), PLAYERS, preset="spades"
            )
            for n in (1, 2)
        ]
        noted = games[0].id
        scorer, watcher = f"/s/{games[0].scorer_token}", f"/w/{games[0].watcher_token}"
        fresh = f"/s/{games[1].scorer_token}"
    hand = [("nil", 0), (4, 5), (3, 4), (5, 4)]
    players = [
        {"name": name, "bid": bid, "tricks": tricks}
        for name, (bid, tricks) in zip(PLAYERS, hand, strict=True)
    ]
    response = client.post(
        scorer + "/rounds",
        json={"players": players},
        headers={"Idempotency-Key": uuid.uuid4().hex},
    )
    assert response.status_code == 201
    with live_server.app.app_context():  # the next hand's bids: every board shows them
        stored = db.session.get(Game, noted)
        assert stored is not None
        spades.note_bids(stored, [3, "nil", 4, "blind_nil"])
    return {
        "spades scorer": scorer,
        "spades bids": fresh + "/hands/new",
        "spades tricks": scorer + "/hands/new",
        "spades correction": scorer + "/hands/1",
        "spades delete": scorer + "/hands/1/delete",
        "spades board": watcher,
    }


PAGES = [
    "spades scorer",
    "spades bids",
    "spades tricks",
    "spades correction",
    "spades delete",
    "spades board",
    "home",
    "new game",
    "scorer",
    "round",
    "correction",
    "delete",
    "board",
    "check",
    "game check",
    "rules",
    "story",
    "board rules",
    "history",
    "stats",
    "players",
]


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
@pytest.mark.parametrize("name", PAGES)
def test_every_page_passes_axe(
    live_server: LiveServer,
    new_phone: Any,
    axe_source: str,
    paths: dict[str, str],
    name: str,
    dark: bool,
) -> None:
    page = new_phone(dark=dark)
    response = page.goto(live_server.url + paths[name])
    assert response.status == 200
    page.wait_for_load_state("networkidle")
    found = axe_violations(page, axe_source)
    assert not found, f"{name} ({'dark' if dark else 'light'}):\n" + "\n".join(found)
