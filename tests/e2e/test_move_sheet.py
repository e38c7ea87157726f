"""Regrouping on the scorer's phone: tapping a card's chip opens the move sheet, and each move is a
request the server answers (the grouping grammar and the wild rules live in Python only). A card
moved from one meld to another and back, a new meld made of cards from the hand, a card laid off
by hand onto another player's meld: the preview, the tabs' totals and the typed fields follow, and
the round is saved as regrouped.

Rummy 500 counts 2-10 at face value, J Q K 10 (RULES.md); a player's hand counts against them.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.standings import Seat
from scorekeeper.store import records
from scorekeeper.store.db import db
from scorekeeper.store.models import Game

from .conftest import LiveServer, scrolls_sideways

expect = pytest.importorskip("playwright.sync_api").expect


def new_game(live_server: LiveServer) -> tuple[str, int]:
    """A Rummy 500 game of Ann, Bob and Cy: its scorer link and id."""
    with live_server.app.app_context():
        game = records.create_game(
            "Moves", rules_for("rummy500"), [Seat("Ann"), Seat("Bob"), Seat("Cy")], dealer="Cy"
        )
        return f"{live_server.url}/s/{game.scorer_token}", game.id


class Scorer:
    def __init__(self, page: Any) -> None:
        self.page = page

    def cards(self, *faces: str) -> None:
        for face in faces:
            self.page.get_by_role("button", name=face, exact=True).tap()

    def player(self, seat: int) -> None:
        self.page.locator(f'.player-tab[data-seat="{seat}"]').tap()

    def total(self, seat: int) -> Any:
        return self.page.locator(f"#tab-total-{seat}")

    def chip(self, seat: int, code: str) -> Any:
        return self.page.locator(f'.preview-player[data-seat="{seat}"] .chip[data-card="{code}"]')

    def move(self, seat: int, code: str, target: str) -> None:
        """Tap the card's chip, then the move sheet's button whose text has ``target``."""
        self.chip(seat, code).tap()
        sheet = self.page.locator(f'.move-sheet[data-seat="{seat}"]')
        expect(sheet).to_be_visible()
        button = sheet.locator("button:visible", has_text=re.compile(target))
        expect(button).to_have_count(1)
        button.tap()
        expect(sheet).to_be_hidden()

    def group(self, seat: int, code: str) -> Any:
        """The preview's group (a meld, or a layoff) that holds the card."""
        return self.page.locator(f'.preview-player[data-seat="{seat}"] li.group').filter(
            has=self.page.locator(f'.chip[data-card="{code}"]')
        )


def test_moving_cards_making_a_meld_and_laying_off_by_hand(
    live_server: LiveServer, phone: Any
) -> None:
    scorer_url, game_id = new_game(live_server)
    page = phone
    scorer = Scorer(page)
    page.goto(scorer_url + "/rounds/new")
    page.locator(".went-out label.choice", has_text="Ann").tap()

    # Ann: the app makes a run of diamonds and a set of threes: 26 + 9
    scorer.cards("5♦", "6♦", "7♦", "8♦", "3♣", "3♦", "3♠")
    expect(scorer.total(0)).to_have_text("35")
    expect(page.locator("#p0-layout")).to_have_value("")  # grouped by the app

    # a card from one meld to another: the 8♦ onto the threes is not a set (✗), its run is 18
    scorer.move(0, "8D", "Meld \\d: 3")
    expect(scorer.total(0)).to_have_text("18")
    bad = scorer.group(0, "8D")
    expect(bad).to_have_class(re.compile("is-bad"))
    expect(bad).to_contain_text("not legal")
    expect(bad.locator(".chip")).to_have_count(4)
    layout = page.locator("#p0-layout").input_value()
    assert sorted(group.split() for group in layout.split(" / ")) == [
        ["3S", "3D", "3C", "8D"],
        ["5D", "6D", "7D"],
    ]
    assert not scrolls_sideways(page)
    # and back where it was
    scorer.move(0, "8D", "Meld \\d: 5")
    expect(scorer.total(0)).to_have_text("35")
    expect(scorer.group(0, "8D")).to_contain_text("run 26")

    # Bob: a set of queens, and three hearts left in hand (-9)
    scorer.player(1)
    scorer.cards("Q♣", "Q♦", "Q♥")
    page.get_by_role("button", name="In hand", exact=True).tap()
    scorer.cards("2♥", "3♥", "4♥")
    expect(scorer.total(1)).to_have_text("21")
    # a new meld of the hand's cards: one card alone is no meld, three in a row are a run
    scorer.move(1, "2H", "A new meld")
    expect(scorer.group(1, "2H")).to_contain_text("not legal")
    expect(page.locator("#p1-hand")).to_have_value("3H 4H")
    expect(page.locator("#p1-table")).to_have_value("QC QD QH 2H")
    scorer.move(1, "3H", "Meld 2")
    scorer.move(1, "4H", "Meld 2")
    expect(scorer.group(1, "4H")).to_contain_text("run 9")
    expect(scorer.total(1)).to_have_text("39")  # 30 + 9, nothing left in hand
    expect(page.locator("#p1-hand")).to_have_value("")

    # Cy: four nines (the app's set), and the K♥ in hand
    scorer.player(2)
    scorer.cards("9♠", "9♥", "9♣", "9♦")
    page.get_by_role("button", name="In hand", exact=True).tap()
    scorer.cards("K♥")
    expect(scorer.total(2)).to_have_text("26")
    # laid off by hand: the 9♦ onto Ann's run, which the preview checks as Ann's meld
    scorer.move(2, "9D", "Onto Ann's 5")
    layoff = scorer.group(2, "9D")
    expect(layoff).to_contain_text("onto Ann's")
    expect(layoff).to_contain_text("run 9")
    expect(layoff).to_have_class(re.compile("is-ok"))
    expect(scorer.total(2)).to_have_text("26")  # 27 + 9 - 10: the same points, laid elsewhere
    expect(page.locator("#p2-layout")).to_have_value(re.compile(r"^9\S 9\S 9\S / @0\.\d 9D$"))

    page.get_by_role("button", name="Save round").tap()
    expect(page.locator(".flash", has_text="Round 1 saved")).to_be_visible()
    with live_server.app.app_context():
        game = db.session.get(Game, game_id)
        assert game is not None
        stored = game.rounds[0]
        assert stored.cached_totals() == {"Ann": 35, "Bob": 39, "Cy": 26}
        record = records.round_record(stored)
    ann, bob, cy = record.players
    assert sorted(len(meld.cards) for meld in ann.melds) == [3, 4]
    assert [" ".join(c.code() for c in meld.cards) for meld in bob.melds] == [
        "QH QD QC",
        "2H 3H 4H",
    ]
    assert [(lo.player, [c.code() for c in lo.cards]) for lo in cy.layoffs] == [("Ann", ["9D"])]
    run = ann.melds[cy.layoffs[0].meld]
    assert [c.code() for c in run.cards] == ["5D", "6D", "7D", "8D"]


def test_a_meld_emptied_by_a_move_renumbers_the_layoffs_onto_later_melds(
    live_server: LiveServer, phone: Any
) -> None:
    """Ann's first meld goes: Cy's layoff onto her second meld follows it to its new number."""
    scorer_url, _ = new_game(live_server)
    page = phone
    scorer = Scorer(page)
    page.goto(scorer_url + "/rounds/new")
    page.locator(".went-out label.choice", has_text="Ann").tap()
    scorer.cards("5♦", "6♦", "7♦", "3♣", "3♦", "3♠")
    # Ann's grouping by hand: the threes first, then the run
    page.locator("#player-0 details.typed").evaluate("details => { details.open = true; }")
    page.locator("#p0-layout").fill("3C 3D 3S / 5D 6D 7D")
    page.locator("#p0-layout").press("Enter")
    page.wait_for_timeout(600)  # typing refreshes the preview once more, after a pause
    expect(page.locator('.preview-player[data-seat="0"]')).to_have_attribute(
        "data-layout", "3C 3D 3S / 5D 6D 7D"
    )
    scorer.player(2)
    scorer.cards("8♦")
    expect(scorer.group(2, "8D")).to_contain_text("onto Ann's")
    scorer.move(2, "8D", "A new meld")
    expect(page.locator("#p2-layout")).to_have_value("8D")
    scorer.move(2, "8D", "Onto Ann's 5")  # now laid off by hand: @0.1
    expect(page.locator("#p2-layout")).to_have_value("@0.1 8D")
    scorer.player(0)
    for code in ("3C", "3D", "3S"):
        scorer.move(0, code, "Back to the hand")
    expect(page.locator("#p0-layout")).to_have_value("5D 6D 7D")
    expect(page.locator("#p2-layout")).to_have_value("@0.0 8D")
    expect(scorer.total(2)).to_have_text("8")
