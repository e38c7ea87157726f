"""Settling a dispute on a phone (390×844): from the game page to the referee's verdict, with
the rule named and what its other setting would say, counting the taps; the verdict's link on
another phone; the rules page and the story one tap from the game and the board."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.scoring import PlayerRecord, RoundRecord, meld
from scorekeeper.engine.standings import Seat
from scorekeeper.store import records

from .conftest import LiveServer, scrolls_sideways

expect = pytest.importorskip("playwright.sync_api").expect


class Taps:
    """Counts the taps a test makes, as a player would count them."""

    def __init__(self) -> None:
        self.count = 0

    def tap(self, locator: Any) -> None:
        locator.tap()
        self.count += 1


def new_game(live_server: LiveServer, preset: str = "rummy500", **options: Any) -> dict[str, str]:
    with live_server.app.app_context():
        game = records.create_game(
            "Kitchen table",
            rules_for(preset, options),
            [Seat("Ann"), Seat("Bob"), Seat("Cy")],
            preset=preset,
            dealer="Cy",
        )
        records.store_round(
            game,
            RoundRecord(
                (
                    PlayerRecord("Ann", went_out=True, melds=(meld("5S JK 7S"),)),
                    PlayerRecord("Bob", melded_points=20, hand_points=5),
                    PlayerRecord("Cy", melded_points=0, hand_points=12),
                )
            ),
            dealer="Cy",
        )
        return {
            "scorer": f"{live_server.url}/s/{game.scorer_token}",
            "watcher": f"{live_server.url}/w/{game.watcher_token}",
        }


def card(page: Any, face: str) -> Any:
    return page.locator(".picker").get_by_role("button", name=face, exact=True)


def test_settling_around_the_corner_from_the_game(live_server: LiveServer, phone: Any) -> None:
    game = new_game(live_server, jokers=2)
    page = phone
    page.goto(game["scorer"])
    taps = Taps()
    taps.tap(page.get_by_role("link", name="Is this legal?"))
    expect(page.get_by_role("heading", name="Is this legal?")).to_be_visible()
    for face in ["K♠", "A♠", "2♠"]:
        taps.tap(card(page, face))
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("Not legal")
    expect(verdict).to_contain_text("K-A-2 goes around the corner")
    expect(verdict.locator("code", has_text="around_the_corner").first).to_be_visible()
    expect(verdict).to_contain_text("With it on, this is a run worth 27.")
    assert taps.count == 4  # the game page's link, then three cards
    expect(verdict.locator(".verdict-head")).to_be_in_viewport()
    assert not scrolls_sideways(page)
    box = card(page, "K♠").bounding_box()
    assert box is not None and box["height"] >= 40 and box["width"] >= 40
    # the address is the verdict's link (as the page shares it, on the watchers' link)
    assert "cards=KS+AS+2S" in page.url
    shared = page.locator("#verdict-link").input_value()
    assert shared.startswith(game["watcher"] + "/check?cards=KS+AS+2S")


def test_settling_a_layoff_onto_a_melded_joker(live_server: LiveServer, new_phone: Any) -> None:
    game = new_game(live_server, jokers=2)
    page = new_phone()
    page.goto(game["watcher"])  # a watcher settles it from their own phone
    taps = Taps()
    taps.tap(page.get_by_role("link", name="Is this legal?"))
    taps.tap(card(page, "6♠"))
    expect(page.locator("#verdict")).to_contain_text("6♠ is not a meld")
    taps.tap(page.get_by_role("button", name="Onto a meld"))
    for face in ["5♠", "Joker", "7♠"]:
        taps.tap(card(page, face))
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("Not legal")
    expect(verdict).to_contain_text("a wild keeps the reading it was melded or declared with")
    expect(verdict).to_contain_text("With real_card_for_wild lay beside, the layoff stands")
    assert taps.count == 6
    assert not scrolls_sideways(page)
    expect(page.locator("#check-onto")).to_have_value("5S JK 7S")

    # the verdict's link, opened on another phone, says the same
    link = page.locator("#verdict-link").input_value()
    other = new_phone(dark=True)
    other.goto(link)
    expect(other.locator("#verdict")).to_have_text(verdict.inner_text(), use_inner_text=True)
    # a second tap takes a card out again
    taps.tap(card(page, "Joker"))
    expect(page.locator("#check-onto")).to_have_value("5S 7S")


def test_the_referee_works_without_javascript(live_server: LiveServer, browser: Any) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, java_script_enabled=False, is_mobile=True
    )
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/check?rules=persian")
        expect(page.locator(".picker")).to_be_hidden()
        page.locator("#check-cards").fill("JK 5S 5H")
        page.get_by_role("button", name="Check").click()
        verdict = page.locator("#verdict")
        expect(verdict).to_contain_text("Jokers are not wild here")
        expect(verdict).to_contain_text("With it on, this is a set worth 30.")
        assert "cards=JK+5S+5H" in page.url
    finally:
        context.close()


@pytest.mark.parametrize("width", [360, 430])
def test_the_new_pages_fit_a_phone(live_server: LiveServer, new_phone: Any, width: int) -> None:
    game = new_game(live_server, "rummy5000", jokers=2)
    page = new_phone(width=width)
    page.goto(game["watcher"])
    page.get_by_role("link", name="Rules").tap()
    expect(page.get_by_role("heading", name="Kitchen table: the rules")).to_be_visible()
    expect(page.locator(".rule-line.is-changed")).to_have_count(1)  # jokers
    assert not scrolls_sideways(page)
    page.get_by_role("link", name="Story").tap()
    expect(page.get_by_role("heading", name="Kitchen table: the story")).to_be_visible()
    expect(page.locator("#story-round-1")).to_contain_text("Jkr as 6♠")
    assert not scrolls_sideways(page)
    page.get_by_role("link", name="Is this legal?").tap()
    expect(page.locator(".picker")).to_be_visible()
    assert not scrolls_sideways(page)
    for link in page.locator(".game-nav a, .check-links a").all():
        box = link.bounding_box()
        assert box is not None and box["height"] >= 40


def test_clear_empties_the_pile(live_server: LiveServer, phone: Any) -> None:
    game = new_game(live_server, jokers=2)
    phone.goto(game["watcher"] + "/check")
    for face in ["K♠", "A♠"]:
        card(phone, face).tap()
    phone.get_by_role("button", name="Onto a meld").tap()
    card(phone, "Q♠").tap()
    expect(phone.locator("#check-onto")).to_have_value("QS")
    phone.get_by_role("button", name="Clear").tap()
    expect(phone.locator("#check-cards")).to_have_value("")
    expect(phone.locator("#check-onto")).to_have_value("")
    card(phone, "5♥").tap()  # the next tap starts a new pile, in the cards played
    expect(phone.locator("#check-cards")).to_have_value("5H")
    expect(phone.locator("#check-onto")).to_have_value("")
    expect(phone.locator("#verdict")).to_contain_text("5♥")


def test_the_referee_takes_the_current_deal_and_says_so(
    live_server: LiveServer, phone: Any
) -> None:
    with live_server.app.app_context():
        game = records.create_game(
            "Upcards", rules_for("rummy5000"), [Seat("Ann"), Seat("Bob")], preset="rummy5000"
        )
        records.store_round(
            game,
            RoundRecord(
                (
                    PlayerRecord("Ann", melded_points=30, hand_points=0),
                    PlayerRecord("Bob", melded_points=10, hand_points=5),
                ),
                ended_by="stock_out",
                wild_rank="7",
            ),
        )
        watcher = f"{live_server.url}/w/{game.watcher_token}"
    phone.goto(watcher)  # before the next deal is noted
    phone.get_by_role("link", name="Is this legal?").tap()
    expect(phone.locator("#check-wild")).to_have_value("7")
    expect(phone.locator("#check-wild-source")).to_contain_text("the last deal's, round 1")
    for face in ["7♠", "8♠", "9♠"]:
        card(phone, face).tap()
    expect(phone.locator("#verdict")).to_contain_text("Legal")
