"""A whole game of Spades to 300 scored on the phone at 390×844 (issue 12): started from the
new-game form after a rummy game in the same browser, each hand's bids noted before it is played
(the board shows the contracts) and its tricks after, the live totals and the missing tricks as
the scorer taps, until a side wins. Counts the taps per hand and prints them (``-s``).

    .venv/bin/python -m pytest tests/e2e/test_spades.py -s
"""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import LiveServer, scrolls_sideways

expect = pytest.importorskip("playwright.sync_api").expect

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]  # Ann & Cy against Bob & Dee

#: Each hand: every player's bid and tricks, in seat order, and the sides' totals after it.
HANDS: list[tuple[list[tuple[str, str]], dict[str, int]]] = [
    # AC bid 7 took 8: 71; BD bid 5 took 5: 50
    ([("4", "5"), ("3", "2"), ("3", "3"), ("2", "3")], {"Ann & Cy": 71, "Bob & Dee": 50}),
    # Ann nil made, Cy 5 took 6: +100 +50 +1; BD bid 7 took 7: 70
    ([("nil", "0"), ("4", "4"), ("5", "6"), ("3", "3")], {"Ann & Cy": 222, "Bob & Dee": 120}),
    # AC bid 8 took 9: 81, past 300; BD bid 4 took 4: 40
    ([("6", "7"), ("2", "2"), ("2", "2"), ("2", "2")], {"Ann & Cy": 303, "Bob & Dee": 160}),
]


class Taps:
    """Every tap the scorer makes, counted."""

    def __init__(self) -> None:
        self.count = 0

    def tap(self, locator: Any) -> None:
        locator.tap()
        self.count += 1


def pick(page: Any, kind: str, seat: int, value: str) -> Any:
    """The button for ``value`` in a player's bid or tricks grid."""
    return page.locator(f'#{kind}-{seat}-set .pick:has(input[value="{value}"])')


def test_a_whole_game_of_spades_on_the_phone(live_server: LiveServer, new_phone: Any) -> None:
    phone = new_phone()
    phone.goto(live_server.url + "/games/new")
    phone.locator("label[for='preset-spades-300']").tap()
    expect(phone.locator("#people .field-hint")).to_contain_text("partners sit across")
    for row, name in enumerate(PLAYERS):
        phone.locator(f"#player-{row}").fill(name)
    phone.get_by_role("button", name="Start game").tap()
    expect(phone.locator(".record .button")).to_have_text("Bids of hand 1")
    scorer = phone.url
    board = new_phone()  # a watcher's phone, following the board
    board.goto(phone.locator("#watch-url").input_value())

    taps_per_hand = []
    for number, (plays, totals) in enumerate(HANDS, 1):
        taps = Taps()
        # before the hand: the bids
        taps.tap(phone.locator(".record .button"))
        expect(phone.locator("h1")).to_contain_text(f"Hand {number}")
        for seat, (bid, _) in enumerate(plays):
            target = pick(phone, "bid", seat, bid)
            box = target.bounding_box()
            assert box["width"] >= 44 and box["height"] >= 44, box
            taps.tap(target)
        expect(phone.locator("#tricks-count")).to_contain_text("13 missing")
        taps.tap(phone.get_by_role("button", name="Save bids"))
        expect(phone.locator(".flash, .notice").first).to_contain_text("Bids of hand")
        contract = sum(int(b) for b, _ in plays[0::2] if b.isdigit())
        expect(board.locator(".contracts")).to_contain_text(f"Ann & Cy bid {contract}")
        # after the hand: the tricks; the totals and the missing tricks follow the taps
        expect(phone.locator(".record .button")).to_have_text(f"Tricks of hand {number}")
        taps.tap(phone.locator(".record .button"))
        for seat, (_, tricks) in enumerate(plays[:-1]):
            taps.tap(pick(phone, "tricks", seat, tricks))
        # the last player's tricks are the rest of the 13: filled in, nothing to tap
        expect(phone.locator(f'input[name="tricks-3"][value="{plays[3][1]}"]')).to_be_checked()
        expect(phone.locator("#tricks-3-set legend")).to_contain_text("(the rest)")
        expect(phone.locator("#tricks-count")).to_contain_text("13 of 13")
        expect(phone.locator(".spades-totals")).to_contain_text(str(totals["Ann & Cy"]))
        assert not scrolls_sideways(phone)
        taps.tap(phone.get_by_role("button", name="Save hand"))
        expect(phone.locator(".flash, .notice").first).to_contain_text(f"Hand {number} saved")
        for side, total in totals.items():
            expect(phone.locator(".competitor", has_text=side)).to_contain_text(str(total))
            expect(board.locator(".competitor", has_text=side)).to_contain_text(str(total))
        taps_per_hand.append(taps.count)

    expect(phone.locator(".result-winner")).to_have_text("Ann & Cy wins")
    expect(board.locator(".result-winner")).to_have_text("Ann & Cy wins")
    assert phone.url.startswith(scorer)
    assert not scrolls_sideways(board)
    print(
        f"\nSpades, {len(HANDS)} hands to 300: taps per hand {taps_per_hand} (open the bids, "
        "4 bids, Save bids; open the tricks, 3 tricks (the fourth is the rest), Save hand)"
    )
    assert taps_per_hand == [11] * len(HANDS)


def test_a_correction_and_tricks_that_do_not_add_up(
    live_server: LiveServer, new_phone: Any, console_errors: Any
) -> None:
    console_errors.allow("422")  # the hand refused on purpose
    phone = new_phone()
    phone.goto(live_server.url + "/games/new?preset=spades")
    for row, name in enumerate(PLAYERS):
        phone.locator(f"#player-{row}").fill(name)
    phone.get_by_role("button", name="Start game").tap()
    phone.locator(".record .button").tap()
    for seat, bid in enumerate(["3", "3", "3", "blind_nil"]):
        pick(phone, "bid", seat, bid).tap()
    phone.locator(".later-tricks summary").tap()  # bids and tricks at once
    for seat, tricks in enumerate(["4", "4", "4"]):
        pick(phone, "tricks", seat, tricks).tap()
    expect(phone.locator('input[name="tricks-3"][value="1"]')).to_be_checked()  # the rest
    pick(phone, "tricks", 3, "2").tap()  # a miscount
    expect(phone.locator("#tricks-count")).to_contain_text("1 too many")
    phone.get_by_role("button", name="Save hand").tap()
    expect(phone.locator(".notice-error")).to_contain_text("add up to 14, not 13 (1 too many)")
    pick(phone, "tricks", 3, "1").tap()
    phone.get_by_role("button", name="Save hand").tap()
    expect(phone.locator(".flash, .notice").first).to_contain_text("Hand 1 saved")
    phone.locator("#round-1-details summary").tap()
    expect(phone.locator("#round-1-details")).to_contain_text("Dee: blind nil failed −200")
    phone.locator("#round-1-details").get_by_role("link", name="Correct").tap()
    pick(phone, "tricks", 3, "0").tap()
    pick(phone, "tricks", 1, "5").tap()
    expect(phone.locator("#tricks-count")).to_contain_text("13 of 13")
    phone.get_by_role("button", name="Save hand").tap()
    expect(phone.locator(".flash, .notice").first).to_contain_text("Hand 1 corrected")
    phone.locator("#round-1-details summary").tap()
    expect(phone.locator("#round-1-details")).to_contain_text("Dee: blind nil made +200")
