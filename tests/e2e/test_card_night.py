"""A card night on a phone: start a 5000 Rummy game for four, record a round by tapping cards
(a wild card, a layoff onto another player's meld, a player by totals), see the scores, correct
that round, record a second with a double tap on Save, and see the standings change.

The figures for the issue's note are printed (run with ``-s``): the taps the first round takes,
each one that is not a card named, and the bytes the round page costs over the wire on its first
load (compressed bodies and headers). Nobody taps "went out" in round 1 (Ann alone has nothing
in hand). Cy is counted by totals: "Totals" shows his boxes with the first focused, the
keyboard's Next moves to the second and then on to Dee (each Next counts as a tap).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

from .conftest import PHONE, LiveServer, scrolls_sideways

expect = pytest.importorskip("playwright.sync_api").expect


@dataclass
class Scorer:
    """The scorer's phone, counting every tap (and each field typed into, as one tap), each
    named in ``log``: "card" for a card, else what was tapped."""

    page: Any
    log: list[str] = field(default_factory=list)

    @property
    def taps(self) -> int:
        return len(self.log)

    def tap(self, locator: Any, what: str) -> None:
        locator.tap()
        self.log.append(what)

    def card(self, face: str) -> None:
        self.tap(self.page.get_by_role("button", name=face, exact=True), "card")

    def player(self, name: str) -> None:
        self.tap(self.page.get_by_role("tab", name=re.compile(rf"^{name}\b")), f"{name}'s tab")

    def destination(self, name: str) -> None:
        self.tap(self.page.get_by_role("button", name=name, exact=True), name)

    def went_out(self, name: str) -> None:
        self.tap(self.page.locator(".went-out label.choice", has_text=name), f"{name} went out")

    def typed(self, label: str, value: str) -> None:
        self.page.get_by_label(label, exact=True).fill(value)
        self.log.append(f"typed: {label}")

    def totals(self, seat: int, *numbers: str) -> None:
        """'Totals' for the player at ``seat``, then each number typed into the field focused
        for it, the keyboard's Next after each (to the next box, then to the next player)."""
        self.tap(self.page.locator(f"#player-{seat} .mode-switch label", has_text="Totals"),
                 "Totals")  # fmt: skip
        for number in numbers:
            self.page.keyboard.type(number)
            self.page.keyboard.press("Enter")
            self.log.append("Next")

    def others(self) -> str:
        """The taps that are not cards, in order, the same ones counted together."""
        counts = Counter(what for what in self.log if what != "card")
        return ", ".join(f"{what} ×{n}" if n > 1 else what for what, n in counts.items())

    def tab_total(self, name: str) -> Any:
        return self.page.get_by_role("tab", name=re.compile(rf"^{name}\b")).locator(".tab-total")


def standings(page: Any) -> dict[str, int]:
    names = page.locator("#standings .competitor-name").all_inner_texts()
    totals = page.locator("#standings .competitor-total").all_inner_texts()
    return {name.split()[0]: int(total) for name, total in zip(names, totals, strict=True)}


def start_game(scorer: Scorer, live_server: LiveServer) -> None:
    page = scorer.page
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="New game").first.tap()
    page.get_by_label("5000 Rummy", exact=True).check()
    # the preset's options come in by htmx: wait until the form is the 5000 one
    expect(page.locator("input[name=options_for]")).to_have_value("rummy5000")
    for seat, name in enumerate(["Ann", "Bob", "Cy", "Dee"]):
        page.locator(f"#player-{seat}").fill(name)
    page.locator("#player-3").press("Tab")  # leaving a name field refreshes the dealer's choices
    expect(page.locator("#dealer-field select option", has_text="Dee")).to_have_count(1)
    page.locator("#dealer-field select").select_option(label="Dee")
    page.get_by_role("button", name="Start game").tap()
    expect(page.get_by_role("link", name="Record round 1")).to_be_visible()


def first_load(browser: Any, url: str) -> tuple[int, int]:
    """The responses and bytes over the wire (compressed bodies and headers) of a page's first
    load on a phone with nothing cached and no service worker (as on a plain-http LAN; on
    127.0.0.1 the service worker would answer, and the page's own requests count 0 bytes)."""
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, service_workers="block"
    )
    wire: list[int] = []
    page = context.new_page()
    # sizes are known once a request has finished (on "response" the body is not yet in)
    page.on(
        "requestfinished",
        lambda request: wire.append(
            request.sizes()["responseHeadersSize"] + request.sizes()["responseBodySize"]
        ),
    )
    page.goto(url, wait_until="networkidle")
    context.close()
    return len(wire), sum(wire)


def test_a_card_night(live_server: LiveServer, browser: Any, phone: Any) -> None:
    scorer = Scorer(phone)
    page = phone
    start_game(scorer, live_server)
    scorer_url = page.url

    # --- round 1, by card pickers; the tap count starts with "Record round 1" -------------------
    scorer.tap(page.get_by_role("link", name="Record round 1"), "Record round 1")
    expect(page.get_by_role("button", name="Save round")).to_be_visible()
    round_page_requests, round_page_bytes = first_load(browser, page.url)
    assert round_page_bytes > 0
    assert not scrolls_sideways(page)

    page.locator("#wild_rank").select_option("4")
    scorer.log.append("wild rank")
    expect(page.locator('.card-btn[data-card="4H"] .wild-mark')).to_be_visible()
    for face in ["8♠", "4♥", "10♠", "7♣", "7♦", "7♥"]:  # 8-(4 as 9)-10 of spades, three 7s
        scorer.card(face)
    # nobody marked as out, and Ann alone has cards down and none in hand: no tap needed
    expect(page.locator(".went-out label.choice.is-inferred")).to_have_text(re.compile("Ann"))
    expect(page.locator("#went-out-note")).to_have_text(": Ann, with nothing in hand")
    scorer.player("Bob")
    for face in ["Q♣", "Q♦", "Q♥", "J♠"]:  # three queens, and the J♠ laid off on Ann's run
        scorer.card(face)
    scorer.destination("In hand")
    for face in ["K♦", "2♣"]:
        scorer.card(face)
    scorer.player("Cy")
    scorer.totals(2, "30", "15")  # ... and Next goes on to Dee
    expect(page.locator('input[name="p2-mode"][value="totals"]')).to_be_checked()
    expect(page.get_by_role("tab", name=re.compile(r"^Dee\b"))).to_have_attribute(
        "aria-selected", "true"
    )
    scorer.destination("In hand")
    for face in ["5♠", "9♥", "A♣"]:
        scorer.card(face)
    expect(page.locator(".went-out label.choice.is-inferred")).to_have_text(re.compile("Ann"))

    # The preview: Ann's run with the wild, Bob's layoff, and the running totals on the tabs.
    # Ann: 8♠ 5 + wild 100 + 10♠ 10 + three 7s 15 = 130, plus the hands she collects:
    # Bob's K♦ 2♣ 15, Cy's 15, Dee's 5♠ 9♥ A♣ 110 -> 270. Bob: queens 30 + J♠ 10 = 40.
    expect(scorer.tab_total("Ann")).to_have_text("270")
    expect(scorer.tab_total("Bob")).to_have_text("40")
    expect(scorer.tab_total("Cy")).to_have_text("30")
    expect(scorer.tab_total("Dee")).to_have_text("0")
    scorer.player("Bob")
    expect(page.locator("#round-preview")).to_contain_text("laid off")
    scorer.log.pop()  # looking at Bob's preview is not part of recording the round
    assert not scrolls_sideways(page)

    scorer.tap(page.get_by_role("button", name="Save round"), "Save round")
    expect(page.locator(".flash", has_text="Round 1 saved")).to_be_visible()
    assert standings(page) == {"Ann": 270, "Bob": 40, "Cy": 30, "Dee": 0}
    first_round_taps, first_round_cards = scorer.taps, scorer.log.count("card")
    first_round_others = scorer.others()
    # 15 cards and 10 other taps: Cy's Totals and two Nexts stand for his two typed numbers and
    # the tap on Dee's tab (27 before the went-out chip was worked out)
    assert (first_round_cards, first_round_taps) == (15, 25)

    # --- correct round 1: Dee also held the 6♠ (5 more for Ann) ----------------------------------
    page.locator("#rounds summary", has_text="Ann went out").first.tap()
    page.get_by_role("link", name="Correct round 1").tap()
    expect(page.get_by_role("heading", name=re.compile("Round 1"))).to_be_visible()
    scorer.player("Dee")
    scorer.destination("In hand")
    scorer.card("6♠")
    expect(scorer.tab_total("Ann")).to_have_text("275")
    scorer.tap(page.get_by_role("button", name="Save round"), "Save round")
    expect(page.locator(".flash", has_text="Round 1 corrected")).to_be_visible()
    assert standings(page) == {"Ann": 275, "Bob": 40, "Cy": 30, "Dee": 0}

    # --- round 2, nines wild, saved with a double tap -------------------------------------------
    page.get_by_role("link", name="Record round 2").tap()
    page.locator("#wild_rank").select_option("9")
    scorer.destination("In hand")
    scorer.card("K♠")
    scorer.player("Bob")
    for face in ["3♣", "3♦", "3♠", "5♥", "6♥", "7♥", "8♥"]:
        scorer.card(face)
    scorer.player("Cy")
    scorer.totals(2, "60", "0")  # on to Dee
    for face in ["A♠", "A♦", "9♣"]:  # two aces and a wild nine: 100 + 100 + 100
        scorer.card(face)
    scorer.destination("In hand")
    scorer.card("2♦")
    # Bob and Cy both have nothing in hand: the form cannot tell who went out, and asks
    expect(page.locator("#round-preview")).to_contain_text(
        "Bob and Cy have nothing in hand: choose who went out."
    )
    expect(page.locator(".went-out label.choice.is-inferred")).to_have_count(0)
    expect(page.locator("#went-out-note")).to_have_text(": Bob or Cy?")
    scorer.went_out("Bob")
    expect(page.locator("#went-out-note")).to_have_text("")
    # Bob: 15 + 20 = 35, plus Ann's K♠ 10 and Dee's 2♦ 5 -> 50
    expect(scorer.tab_total("Bob")).to_have_text("50")
    page.get_by_role("button", name="Save round").dblclick()
    expect(page.locator(".flash", has_text="Round 2 saved")).to_be_visible()
    assert standings(page) == {"Dee": 300, "Ann": 275, "Bob": 90, "Cy": 90}
    assert page.url.split("#")[0] == scorer_url

    # One round 2, never two: the watchers' JSON lists exactly the two rounds.
    view_url = page.locator('a[href*="/w/"]').first.get_attribute("href")
    board = json.loads(page.request.get(view_url + ".json").text())
    assert [round_["number"] for round_ in board["rounds"]] == [1, 2]
    assert {total["name"]: total["total"] for total in board["totals"]} == {
        "Ann": 275,
        "Bob": 90,
        "Cy": 90,
        "Dee": 300,
    }

    print(
        f"\nround 1 of 5000 Rummy for four: {first_round_taps} taps (selects and typed fields "
        f"count one each) for {first_round_cards} cards, cards + "
        f"{first_round_taps - first_round_cards}: {first_round_others}; the round page's first "
        f"load: {round_page_requests} responses, {round_page_bytes} bytes over the wire (gzip "
        "bodies and headers)"
    )
