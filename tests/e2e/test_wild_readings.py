"""A wild card's reading on the scorer's phone: the joker's chip says what it stands for; tapping
it offers the meld's other readings, and choosing one declares it (``JK=4S`` in the grouping),
re-scores the round and is saved with it."""

from __future__ import annotations

import re
from typing import Any

import pytest

from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.standings import Seat
from scorekeeper.store import records

from .conftest import LiveServer, scrolls_sideways

expect = pytest.importorskip("playwright.sync_api").expect


def new_game(live_server: LiveServer) -> str:
    """A Rummy 500 game with two jokers worth the card they stand for; its scorer link."""
    rules = rules_for("rummy500", {"jokers": 2, "joker_points": "as_represented"})
    with live_server.app.app_context():
        game = records.create_game("Jokers", rules, [Seat("Ann"), Seat("Bob")], dealer="Bob")
        return f"{live_server.url}/s/{game.scorer_token}"


@pytest.mark.parametrize("width", [360, 430])
def test_declaring_what_a_joker_stands_for(
    live_server: LiveServer, new_phone: Any, width: int
) -> None:
    page = new_phone(width=width)
    scorer = new_game(live_server)
    page.goto(scorer + "/rounds/new")
    page.locator(".went-out label.choice", has_text="Ann").tap()
    for face in ["5♠", "6♠", "Joker"]:
        page.get_by_role("button", name=face, exact=True).tap()
    total = page.locator('.tab-total[data-total-for="0"]')
    expect(total).to_have_text("18")  # the joker as 7♠: 5 + 6 + 7

    chip = page.get_by_role("button", name=re.compile("joker as 7 of spades"))
    expect(chip).to_contain_text("=7♠")
    box = chip.bounding_box()
    assert box is not None and box["height"] >= 40 and box["width"] >= 40
    chip.tap()
    choices = page.get_by_role("group", name="What the joker in meld 1 stands for")
    expect(choices).to_be_visible()
    expect(choices.get_by_role("button", name="7 of spades")).to_have_attribute(
        "aria-pressed", "true"
    )
    other = choices.get_by_role("button", name="4 of spades")
    box = other.bounding_box()
    assert box is not None and box["height"] >= 40 and box["width"] >= 40
    assert not scrolls_sideways(page)
    other.tap()

    expect(total).to_have_text("15")  # declared as 4♠: 4 + 5 + 6
    chip = page.get_by_role("button", name=re.compile(r"joker as 4 of spades \(declared\)"))
    expect(chip).to_contain_text("=4♠")
    expect(page.locator("#p0-layout")).to_have_value("5S 6S JK=4S")

    # the app may choose again
    chip.tap()
    page.get_by_role("button", name="Let the app choose").tap()
    expect(total).to_have_text("18")
    expect(page.locator("#p0-layout")).to_have_value("5S 6S JK")

    page.get_by_role("button", name=re.compile("joker as 7 of spades")).tap()
    page.get_by_role("group", name="What the joker in meld 1 stands for").get_by_role(
        "button", name="4 of spades"
    ).tap()
    expect(total).to_have_text("15")
    page.get_by_role("button", name="Save round").tap()
    expect(page.locator(".flash", has_text="Round 1 saved")).to_be_visible()
