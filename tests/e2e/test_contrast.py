"""Contrast, light and dark (issue 36, item 16): every text at 4.5:1 (3:1 when large) against
what is behind it, every control at 3:1 by its boundary, its fill or its words, in each state
the pages put it in: cards tapped and used up by another player on the round form, the referee's
Clear with the picker on either pile and held down, a disabled Undo, a round being saved.

contrast.js measures the page as painted (alpha and opacity composited through the ancestors);
this file opens the pages and puts the controls in their states. axe-core (test_axe.py) checks
text contrast too, but skips text it cannot place and never measures a control's boundary.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.scoring import PlayerRecord, RoundRecord, meld
from scorekeeper.engine.standings import Seat
from scorekeeper.store import records

from .conftest import LiveServer

expect = pytest.importorskip("playwright.sync_api").expect

MEASURE = (Path(__file__).parent / "contrast.js").read_text(encoding="utf-8")
#: what is folded away is painted too once opened: the pages are measured with it open
OPEN_ALL = "document.querySelectorAll('details').forEach(d => { d.open = true; })"


class Contrast:
    """The failures seen on one page over its states, each told once."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.failures: dict[tuple[str, str, str], str] = {}

    def measure(self, state: str) -> None:
        found = self.page.evaluate(f"({MEASURE})(document.body)")
        assert found["checked"] > 0, f"{state}: nothing measured"
        for f in found["failures"]:
            key = (f["where"], f["fg"], f["bg"])
            also = f" (its words {f['text']} of their need)" if f.get("text") is not None else ""
            self.failures.setdefault(
                key,
                f"{state}: {f['kind']} {f['where']} {f['what']!r}: {f['fg']} on {f['bg']} "
                f"= {f['ratio']}:1, needs {f['need']}:1{also}",
            )

    def check(self, scheme: str) -> None:
        assert not self.failures, f"{len(self.failures)} below the WCAG minimum ({scheme}):\n" + (
            "\n".join(self.failures.values())
        )


CROWD = ["Ann", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal"]


@pytest.fixture(scope="module")
def games(live_server: LiveServer) -> dict[str, str]:
    """A Rummy 500 game for Ann and Bob, two jokers wild, with a round played (its round form
    opens on round 2), one with none (its Undo is disabled), and one of eight on the board."""
    with live_server.app.app_context():
        played = records.create_game(
            "Contrast",
            rules_for("rummy500", {"jokers": 2}),
            [Seat("Ann"), Seat("Bob")],
            preset="rummy500",
        )
        records.store_round(
            played,
            RoundRecord(
                (
                    PlayerRecord("Ann", went_out=True, melds=(meld("5S 6S 7S"),)),
                    PlayerRecord("Bob", melded_points=20, hand_points=5),
                )
            ),
            dealer="Bob",
        )
        # eight players: the board's chart draws a line (and a name) in each of its colours
        crowd = records.create_game(
            "Contrast, eight", rules_for("rummy500"), [Seat(n) for n in CROWD], preset="rummy500"
        )
        records.store_round(
            crowd,
            RoundRecord(
                tuple(
                    PlayerRecord(
                        name, went_out=seat == 0, melded_points=10 * seat, hand_points=5 * seat
                    )
                    for seat, name in enumerate(CROWD)
                )
            ),
        )
        fresh = records.create_game(
            "Contrast, new", rules_for("rummy500"), [Seat("Ann"), Seat("Bob")], preset="rummy500"
        )
        return {
            "scorer": f"/s/{played.scorer_token}",
            "board": f"/w/{crowd.watcher_token}",
            "fresh": f"/s/{fresh.scorer_token}",
        }


def card(page: Any, face: str) -> Any:
    return page.locator(".picker").get_by_role("button", name=face, exact=True)


def the_round_form(page: Any, urls: dict[str, str], contrast: Contrast) -> None:
    page.goto(urls["scorer"] + "/rounds/new")
    expect(page.locator(".picker-grid")).to_be_visible()
    contrast.measure("round form, nothing tapped")
    # Ann lays down three hearts and a joker and keeps a king: her cards pressed on each pile
    for face in ["7♥", "8♥", "9♥", "Joker"]:
        card(page, face).tap()
    page.locator(".dest-button", has_text="In hand").tap()
    card(page, "K♠").tap()
    expect(page.locator(".preview-player.is-current")).to_contain_text("K♠")
    page.evaluate(OPEN_ALL)
    contrast.measure("round form, Ann's cards on the table and in hand")
    # Bob's turn: Ann's cards are used (one pack: disabled), his own pressed; one joker each
    page.get_by_role("tab", name="Bob").tap()
    page.locator(".dest-button", has_text="On the table").tap()
    for face in ["2♣", "3♣", "4♣"]:
        card(page, face).tap()
    card(page, "Joker").tap()
    expect(card(page, "8♥")).to_be_disabled()
    expect(page.locator(".card-btn.is-wild.is-used")).to_have_count(1)  # a joker: one of two
    expect(page.locator(".preview-player.is-current")).to_contain_text("4♣")
    page.locator(".went-out label.choice", has_text="Bob").tap()
    page.evaluate(OPEN_ALL)
    contrast.measure("round form, Bob's turn with Ann's cards used")
    # a round being saved: the Save button waits, disabled (as round.js leaves it)
    page.evaluate(
        """() => { const form = document.querySelector('.round-form');
        form.classList.add('is-saving'); form.querySelector('.save-button').disabled = true; }"""
    )
    contrast.measure("round form, saving")


def the_check_page(page: Any, urls: dict[str, str], contrast: Contrast) -> None:
    page.goto(urls["scorer"] + "/check")
    clear = page.locator(".picker-clear")
    expect(clear).to_be_visible()
    contrast.measure("check page, nothing tapped")
    for face in ["K♠", "A♠", "2♠"]:
        card(page, face).tap()
    expect(page.locator("#verdict")).to_contain_text("Not legal")
    contrast.measure("check page, not legal")
    clear.tap()
    expect(page.locator("#verdict .verdict-empty")).to_be_visible()
    for face in ["5♦", "6♦", "7♦"]:
        card(page, face).tap()
    page.locator(".dest-button", has_text="Onto a meld").tap()
    card(page, "8♦").tap()  # the cards played are now "used" on the meld's pile
    expect(page.locator("#verdict")).to_contain_text("Legal")
    page.evaluate(OPEN_ALL)
    contrast.measure("check page, laid off onto a meld")
    # Clear is an action, never a pile, but it sits among the piles' buttons and the script
    # marks it as it marks them: pressed (as the old script left it, stuck) and held down, with
    # taps going to either pile
    for pile in ["Onto a meld", "Cards played"]:
        page.locator(".dest-button", has_text=pile).tap()
        clear.evaluate("el => el.setAttribute('aria-pressed', 'true')")
        contrast.measure(f"check page, {pile.lower()}, Clear marked pressed")
        clear.evaluate("el => el.setAttribute('aria-pressed', 'false')")
        with forced(page, ".picker-clear", ["hover", "active", "focus"]):
            contrast.measure(f"check page, {pile.lower()}, Clear held down")


@contextlib.contextmanager
def forced(page: Any, selector: str, states: list[str]) -> Iterator[None]:
    """The element in pseudo-classes a test cannot hold (:hover, :active), as DevTools forces
    them."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    cdp.send("CSS.forcePseudoState", {"nodeId": node, "forcedPseudoClasses": states})
    try:
        yield
    finally:
        cdp.send("CSS.forcePseudoState", {"nodeId": node, "forcedPseudoClasses": []})
        cdp.detach()


def the_scorer_page(page: Any, urls: dict[str, str], contrast: Contrast) -> None:
    page.goto(urls["scorer"])
    page.evaluate(OPEN_ALL)
    contrast.measure("scorer's page, a round played")
    page.goto(urls["fresh"])
    expect(page.get_by_role("button", name="Undo")).to_be_disabled()
    page.evaluate(OPEN_ALL)
    contrast.measure("scorer's page, nothing to undo")


def the_board(page: Any, urls: dict[str, str], contrast: Contrast) -> None:
    page.goto(urls["board"])
    page.wait_for_load_state("networkidle")
    page.evaluate(OPEN_ALL)
    contrast.measure("watchers' board")


def simple(path: str, state: str) -> Callable[[Any, dict[str, str], Contrast], None]:
    def visit(page: Any, urls: dict[str, str], contrast: Contrast) -> None:
        page.goto(urls["site"] + path)
        page.wait_for_load_state("networkidle")
        page.evaluate(OPEN_ALL)
        contrast.measure(state)

    return visit


PAGES = {
    "home": simple("/", "home"),
    "new game": simple("/games/new", "new game form"),
    "round form": the_round_form,
    "check": the_check_page,
    "scorer": the_scorer_page,
    "board": the_board,
    "history": simple("/history", "history"),
}


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
@pytest.mark.parametrize("name", list(PAGES))
def test_every_text_and_control_reads(
    live_server: LiveServer, new_phone: Any, games: dict[str, str], name: str, dark: bool
) -> None:
    page = new_phone(dark=dark)
    page.set_default_timeout(10_000)
    urls = {"site": live_server.url} | {key: live_server.url + p for key, p in games.items()}
    contrast = Contrast(page)
    PAGES[name](page, urls, contrast)
    contrast.check("dark" if dark else "light")
