"""An Indian Rummy deal scored on the phone at 390×844 from the cards: a pool game started from
the new-game form; the cut joker one tap on the picker; the declarer one tap ("Showed") and
their 13 cards, the show judged in the status line as the 13th goes in; each loser's 13 cards
(the picker moves on by itself) or one tap for a drop; then the game page. Counts the taps and
prints them (``-s``); the aims (issue 30): a declaration checked in 13 card taps + 1, each loser
in at most 13 + 1, a drop in one.

    .venv/bin/python -m pytest tests/e2e/test_indian.py -s -q
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import LiveServer, axe_violations, scrolls_sideways

expect = pytest.importorskip("playwright.sync_api").expect

#: Sevens wild (the 7♦ cut). Ann shows 2♥ 3♥ 4♥ · 5♣ 6♣ Jkr · 9♠ 9♦ 9♣ · K♠ K♥ K♦ K♣: valid. Bob
#: keeps A♠ 2♠ 3♠ 4♠ · 8♣ 9♣ 7♠ and pays Q♠ Q♦ 2♣ 5♦ 8♦ K♥ = 45 (K♥ and 9♣: the second pack's).
ANN = ["2H", "3H", "4H", "5C", "6C", "JK", "9S", "9D", "9C", "KD", "KS", "KH", "KC"]
BOB = ["2S", "3S", "4S", "8C", "9C", "7S", "QS", "QD", "2C", "5D", "8D", "KH", "AS"]
#: No pure sequence: 5♥ 6♥ Jkr and 8♣ 9♣ 7♠ both stand on a wild.
NO_PURE = ["5H", "6H", "JK", "8C", "9C", "7S", "9S", "9D", "9H", "KD", "KS", "KH", "KC"]


class Taps:
    """Every tap the scorer makes, counted (and by what they were for)."""

    def __init__(self) -> None:
        self.count = 0

    def tap(self, locator: Any) -> None:
        locator.tap()
        self.count += 1

    def since(self, start: int) -> int:
        return self.count - start


def card(page: Any, code: str) -> Any:
    return page.locator(f'.ind-card[data-card="{code}"]')


def role(page: Any, seat: int, words: str) -> Any:
    return page.locator(f'.ind-player[data-seat="{seat}"] .entry-choice', has_text=words)


def start_game(page: Any, url: str, preset: str = "indian-pool-101") -> None:
    page.goto(url + "/games/new")
    page.locator(f"label[for='preset-{preset}']").tap()
    # the form's players and rules are swapped in for the preset: names typed after that
    expect(page.locator('input[name="options_for"]')).to_have_value(preset)
    for row, name in enumerate(["Ann", "Bob", "Cy"]):
        page.locator(f"#player-{row}").fill(name)
    page.get_by_role("button", name="Start game").tap()
    expect(page.locator(".record .button")).to_have_text("Record deal 1")


def test_a_deal_from_the_cards_in_the_taps_the_issue_aims_at(
    live_server: LiveServer, new_phone: Any, axe_source: str
) -> None:
    phone = new_phone()
    start_game(phone, live_server.url)
    taps = Taps()
    taps.tap(phone.locator(".record .button"))
    expect(phone.locator("h1")).to_contain_text("Deal 1")
    # the picker starts on the cut joker: one tap makes sevens wild
    cut = phone.locator('.ind-dest[data-dest="cut"]')
    expect(cut).to_have_attribute("aria-pressed", "true")
    before = taps.count
    taps.tap(card(phone, "7D"))
    cut_taps = taps.since(before)
    expect(cut).to_contain_text("7♦")
    expect(card(phone, "7S")).to_have_class(re.compile(r"\bis-wild\b"))
    # the declaration: one tap for who showed, then the 13 cards
    before = taps.count
    taps.tap(phone.locator('.ind-show[data-seat="0"]'))
    ann = phone.locator('.ind-dest[data-seat="0"]')
    expect(ann).to_have_attribute("aria-pressed", "true")
    for code in ANN:
        box = card(phone, code).bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, box
        taps.tap(card(phone, code))
    status = phone.locator("#ind-status")
    expect(status).to_contain_text("Ann’s show is valid")
    declaration = taps.since(before)
    preview = phone.locator("#ind-preview")
    expect(preview.locator(".ind-meld.is-pure")).to_contain_text("2♥ 3♥ 4♥")
    expect(preview.locator(".ind-meld.is-impure")).to_contain_text("Jkr")
    # 13 cards: the picker has moved on to Bob; the K♥ is still there once (two packs)
    bob = phone.locator('.ind-dest[data-seat="1"]')
    expect(ann).to_contain_text("13/13")
    expect(bob).to_have_attribute("aria-pressed", "true")
    expect(card(phone, "KH")).to_be_enabled()
    before = taps.count
    for code in BOB:
        taps.tap(card(phone, code))
    loser = taps.since(before)
    expect(bob).to_contain_text("13/13")
    # both K♥ held now: the third is struck through for everyone else
    cy = phone.locator('.ind-dest[data-seat="2"]')
    expect(cy).to_have_attribute("aria-pressed", "true")
    expect(card(phone, "KH")).to_be_disabled()
    before = taps.count
    taps.tap(role(phone, 2, "1st drop"))
    drop = taps.since(before)
    expect(status).to_have_text("✓ Ann wins the deal: Bob pays 45, Cy 20 (first drop)")
    expect(preview).to_contain_text("unmatched Q♠ Q♦ 2♣ 5♦ 8♦ K♥ = 45")
    expect(preview).to_contain_text("Pool after it: Ann 0 · Bob 45 · Cy 20")
    assert not scrolls_sideways(phone)
    assert axe_violations(phone, axe_source) == []
    taps.tap(phone.get_by_role("button", name="Save deal"))
    expect(phone.locator(".flash, .notice").first).to_contain_text("Deal 1 saved")
    expect(phone.locator(".competitor", has_text="Bob")).to_contain_text("45")
    expect(phone.locator(".competitor", has_text="Cy")).to_contain_text("20")
    expect(phone.locator(".record .button")).to_have_text("Record deal 2")
    print(
        f"\nIndian Rummy, one deal from the cards: {taps.count} taps in all (Record deal 1, the "
        f"cut {cut_taps}, the declaration {declaration} = Showed + 13 cards, Bob {loser} = 13 "
        f"cards, the picker moving on by itself, Cy's drop {drop}, Save deal 1)"
    )
    assert cut_taps == 1
    assert declaration == 13 + 1
    assert loser <= 13 + 1
    assert drop == 1


def test_a_show_that_is_not_valid_says_why_before_anything_is_saved(
    live_server: LiveServer, new_phone: Any, console_errors: Any, axe_source: str
) -> None:
    console_errors.allow("422")  # the show refused on purpose
    phone = new_phone(dark=True, width=360)
    start_game(phone, live_server.url, "indian-points")
    phone.locator(".record .button").tap()
    card(phone, "7D").tap()
    phone.locator('.ind-show[data-seat="1"]').tap()  # Bob showed
    for code in NO_PURE:
        card(phone, code).tap()
    status = phone.locator("#ind-status")
    expect(status).to_contain_text(
        "Bob’s show is not valid: no pure sequence: 5♥ 6♥ Jkr and 8♣ 9♣ 7♠ are impure"
    )
    expect(phone.locator("#ind-preview .ind-verdict")).to_contain_text("Not a valid show")
    box = card(phone, "KC").bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44, box  # the narrowest phone too
    assert not scrolls_sideways(phone)
    phone.get_by_role("button", name="Save deal").tap()
    expect(phone.locator(".notice-error").first).to_contain_text("Nothing was saved")
    assert axe_violations(phone, axe_source) == []  # the refusal and the form again, dark


def test_two_copies_a_take_back_and_the_totals_capped_as_typed(
    live_server: LiveServer, new_phone: Any, axe_source: str
) -> None:
    phone = new_phone(width=430)
    start_game(phone, live_server.url)
    phone.locator(".record .button").tap()
    card(phone, "7D").tap()
    phone.locator('.ind-show[data-seat="0"]').tap()
    # two packs: a second tap gives Ann the second 9♥, a third takes both back; ⌫ the last card
    card(phone, "9H").tap()
    card(phone, "9H").tap()
    expect(phone.locator("#cards-0")).to_have_value("9H 9H")
    expect(card(phone, "9H")).to_have_attribute("data-held", "×2")
    card(phone, "9H").tap()
    expect(phone.locator("#cards-0")).to_have_value("")
    card(phone, "QS").tap()
    card(phone, "KS").tap()
    phone.locator(".ind-back").tap()
    expect(phone.locator("#cards-0")).to_have_value("QS")
    # the totals: each loser's points, capped at 80 as they are typed; Ann's word is taken
    phone.locator(".entry-mode .entry-choice", has_text="Totals").tap()
    phone.locator(".ind-back").tap()  # Ann's QS back out: no cards, the table's word
    phone.locator('.ind-dest[data-seat="1"]').tap()
    phone.locator("#counted-1").fill("95")
    expect(phone.locator("#counted-1")).to_have_value("80")
    phone.locator('.ind-dest[data-seat="2"]').tap()
    phone.locator("#counted-2").fill("30")
    phone.locator("#counted-2").press("Tab")
    expect(phone.locator("#ind-status")).to_have_text("✓ Ann wins the deal: Bob pays 80, Cy 30")
    assert not scrolls_sideways(phone)
    assert axe_violations(phone, axe_source) == []
    phone.get_by_role("button", name="Save deal").tap()
    expect(phone.locator(".flash, .notice").first).to_contain_text("Deal 1 saved")
    expect(phone.locator(".competitor", has_text="Bob")).to_contain_text("80")


def totals_deal(page: Any, shower: int, counted: dict[int, int], rejoin: int | None = None) -> None:
    """One deal in the totals mode on the scorer's phone: who showed (their word taken), each
    loser's points, a rejoin; saved."""
    page.locator(".record .button").tap()
    page.locator(".entry-mode .entry-choice", has_text="Totals").tap()
    if rejoin is not None:
        page.locator(f'.ind-out-row[data-seat="{rejoin}"] .ind-rejoin').tap()
    page.locator(f'.ind-show[data-seat="{shower}"]').tap()
    for seat, points in counted.items():
        page.locator(f'.ind-dest[data-seat="{seat}"]').tap()
        page.locator(f"#counted-{seat}").fill(str(points))
        page.locator(f"#counted-{seat}").press("Tab")
    expect(page.locator("#ind-status")).to_contain_text("✓")
    page.get_by_role("button", name="Save deal").tap()
    expect(page.locator(".flash, .notice").first).to_contain_text("saved")


def test_a_pool_101_game_with_an_elimination_and_a_rejoin_on_the_phone(
    live_server: LiveServer, new_phone: Any
) -> None:
    phone = new_phone()
    start_game(phone, live_server.url)
    totals_deal(phone, 0, {1: 60, 2: 80})  # Ann 0, Bob 60, Cy 80
    totals_deal(phone, 1, {0: 30, 2: 40})  # Ann 30, Bob 60, Cy 120: out
    standings = phone.locator("#standings")
    expect(standings.locator(".competitor", has_text="Cy")).to_contain_text("may rejoin at 61")
    # Cy rejoins at the highest still in + 1 = 61, and pays 20: 81; Bob 105: out
    totals_deal(phone, 0, {1: 45, 2: 20}, rejoin=2)
    expect(standings.locator(".competitor", has_text="Cy")).to_contain_text("81")
    expect(standings.locator(".competitor", has_text="Cy")).to_contain_text("rejoined")
    expect(standings.locator(".competitor", has_text="Bob")).to_contain_text("105")
    totals_deal(phone, 2, {0: 80})  # Ann 110: out; Cy is the last player in
    expect(phone.locator("body")).to_contain_text("Cy is the last player in")
    expect(phone.locator(".notice", has_text="The game is over")).to_contain_text("Cy won")
    assert not scrolls_sideways(phone)


def test_a_game_of_three_deals_with_chips_on_the_phone(
    live_server: LiveServer, new_phone: Any
) -> None:
    phone = new_phone()
    phone.goto(live_server.url + "/games/new")
    phone.locator("label[for='preset-indian-deals']").tap()
    expect(phone.locator('input[name="options_for"]')).to_have_value("indian-deals")
    for row, name in enumerate(["Ann", "Bob", "Cy"]):
        phone.locator(f"#player-{row}").fill(name)
    phone.locator("details.option-group summary").first.tap()
    phone.locator("#opt-deals").select_option("3")
    phone.get_by_role("button", name="Start game").tap()
    totals_deal(phone, 0, {1: 30, 2: 50})  # 240 each to start: Ann 320, Bob 210, Cy 190
    totals_deal(phone, 1, {0: 20, 2: 10})  # Ann 300, Bob 240, Cy 180
    totals_deal(phone, 2, {0: 40, 1: 20})  # Ann 260, Bob 220, Cy 240
    standings = phone.locator("#standings")
    expect(standings.locator(".competitor", has_text="Ann")).to_contain_text("260 chips")
    expect(standings.locator(".competitor", has_text="Bob")).to_contain_text("220 chips")
    expect(standings.locator(".competitor", has_text="Cy")).to_contain_text("240 chips")
    expect(phone.locator("body")).to_contain_text("Ann won with 260 chips")
