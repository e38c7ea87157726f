"""Partners picked on the new-game form at 390×844: a tap per player whose side is not the one
across, side names optional; the game then seats partners across and scores the sides as
picked, under the names given (issue "Behind a proxy, teams as the table chose them")."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.store.db import db
from scorekeeper.store.models import Game

from .conftest import LiveServer, scrolls_sideways

expect = pytest.importorskip("playwright.sync_api").expect


def seated(live_server: LiveServer, name: str) -> list[tuple[str, str | None]]:
    with live_server.app.app_context():
        game = db.session.execute(db.select(Game).filter_by(name=name)).scalar_one()
        return [(player.name, player.team) for player in game.players]


@pytest.mark.parametrize(
    ("preset", "names", "seating"),
    [
        (
            "persian",
            {},
            [("Ann", "Ann & Bob"), ("Cy", "Cy & Dee"), ("Bob", "Ann & Bob"), ("Dee", "Cy & Dee")],
        ),
        (
            "spades",
            {"1": "Us", "2": "Them"},
            [("Ann", "Us"), ("Cy", "Them"), ("Bob", "Us"), ("Dee", "Them")],
        ),
    ],
)
def test_partners_are_picked_by_a_tap_and_seated_across(
    live_server: LiveServer,
    phone: Any,
    preset: str,
    names: dict[str, str],
    seating: list[tuple[str, str]],
) -> None:
    phone.goto(f"{live_server.url}/games/new?preset={preset}")
    expect(phone.locator(".player-row")).to_have_count(4)  # two sides of two: four rows
    phone.locator("#game-name").fill(f"Sides {preset}")
    for row, name in enumerate(["Ann", "Bob", "Cy", "Dee"]):
        phone.locator(f"#player-{row}").fill(name)
    # Ann and Bob are partners: two taps (Bob to side 1, Cy to side 2)
    phone.get_by_label("Player 2 on side 1").tap()
    phone.get_by_label("Player 3 on side 2").tap()
    expect(phone.get_by_label("Player 2 on side 1")).to_be_checked()
    for side, name in names.items():
        phone.locator(f"#side-name-{side}").fill(name)
    assert not scrolls_sideways(phone)
    box = phone.locator(".side-choice").first.bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44  # thumb-sized
    phone.get_by_role("button", name="Start game").tap()
    expect(phone.locator("h1")).to_have_text(f"Sides {preset}")
    assert seated(live_server, f"Sides {preset}") == seating
