"""A Gin hand scored on the phone at 390×844 from the cards: a game started from the new-game
form, each player's ten cards tapped in the card picker (it moves on to the next player by
itself), one tap for who knocked, the result in words before saving, then the game page.
Counts the taps and prints them (``-s``); a whole hand must take at most cards + 4 taps.

    .venv/bin/python -m pytest tests/e2e/test_gin.py -s -q
"""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import LiveServer, axe_violations, scrolls_sideways

expect = pytest.importorskip("playwright.sync_api").expect

#: Ann knocks with 1 (the ace of diamonds); Bob has 24 after laying off 8S 9S: Ann +23.
ANN = ["5S", "6S", "7S", "9H", "9D", "9C", "2C", "3C", "4C", "AD"]
BOB = ["8S", "9S", "KH", "KD", "KC", "2H", "3H", "4D", "5D", "QC"]


class Taps:
    """Every tap the scorer makes, counted."""

    def __init__(self) -> None:
        self.count = 0

    def tap(self, locator: Any) -> None:
        locator.tap()
        self.count += 1


def card(page: Any, code: str) -> Any:
    return page.locator(f'.gin-card[data-card="{code}"]')


def start_game(page: Any, url: str, preset: str = "gin") -> None:
    page.goto(url + "/games/new")
    page.locator(f"label[for='preset-{preset}']").tap()
    # the form's players and rules are swapped in for the preset: names typed after that
    expect(page.locator('input[name="options_for"]')).to_have_value(preset)
    page.locator("#player-0").fill("Ann")
    page.locator("#player-1").fill("Bob")
    if preset == "gin-partnership":
        return  # two more players to name
    expect(page.locator("#player-2")).to_have_count(0)
    page.get_by_role("button", name="Start game").tap()
    expect(page.locator(".record .button")).to_have_text("Record hand 1")


def test_a_hand_from_the_cards_in_at_most_cards_plus_four_taps(
    live_server: LiveServer, new_phone: Any, axe_source: str
) -> None:
    phone = new_phone()
    start_game(phone, live_server.url)
    taps = Taps()
    taps.tap(phone.locator(".record .button"))
    expect(phone.locator("h1")).to_contain_text("Hand 1")
    ann, bob = phone.locator('.gin-dest[data-seat="0"]'), phone.locator('.gin-dest[data-seat="1"]')
    expect(ann).to_have_attribute("aria-pressed", "true")
    for code in ANN:
        box = card(phone, code).bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, box
        taps.tap(card(phone, code))
    # ten cards: the picker has moved on to Bob, and Ann's cards are taken for him
    expect(ann).to_contain_text("10/10")
    expect(bob).to_have_attribute("aria-pressed", "true")
    expect(card(phone, "AD")).to_be_disabled()
    for code in BOB:
        taps.tap(card(phone, code))
    expect(bob).to_contain_text("10/10")
    expect(phone.locator("#gin-status")).to_contain_text("who knocked")
    taps.tap(phone.locator(".gin-knock .entry-choice", has_text="Ann"))
    # the result in words before saving, the layoffs drawn onto the knocker's melds
    expect(phone.locator("#gin-status")).to_have_text("✓ Ann knocked with 1: Bob 24: Ann +23")
    preview = phone.locator("#gin-preview")
    expect(preview).to_contain_text("Laid off 8♠ 9♠ onto 5♠ 6♠ 7♠")
    expect(preview.locator(".gin-laid")).to_contain_text("8♠ 9♠")
    expect(preview).to_contain_text("Deadwood 1: A♦")
    assert not scrolls_sideways(phone)
    assert axe_violations(phone, axe_source) == []
    taps.tap(phone.get_by_role("button", name="Save hand"))
    expect(phone.locator(".flash, .notice").first).to_contain_text("Hand 1 saved")
    expect(phone.locator(".competitor", has_text="Ann")).to_contain_text("23")
    expect(phone.locator("#rounds")).to_contain_text("Ann knocked with 1: Bob 24: Ann +23")
    expect(phone.locator(".record .button")).to_have_text("Record hand 2")
    cards = len(ANN) + len(BOB)
    print(
        f"\nGin, one hand from the cards: {taps.count} taps for {cards} cards (Record hand, "
        f"{cards} cards, who knocked, Save hand; the picker moved on to Bob by itself)"
    )
    assert taps.count <= cards + 4


def test_a_hand_the_knocker_could_not_knock_with_is_refused_with_its_reason(
    live_server: LiveServer, new_phone: Any, console_errors: Any, axe_source: str
) -> None:
    console_errors.allow("422")  # the hand refused on purpose
    phone = new_phone(width=360)
    start_game(phone, live_server.url)
    phone.locator(".record .button").tap()
    for code in ANN + BOB:
        card(phone, code).tap()
    phone.locator(".gin-knock .entry-choice", has_text="Bob").tap()
    status = phone.locator("#gin-status")
    expect(status).to_contain_text("Bob cannot knock with 41: the limit is 10")
    box = card(phone, "KC").bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44, box  # the narrowest phone too
    assert not scrolls_sideways(phone)
    phone.get_by_role("button", name="Save hand").tap()
    expect(phone.locator(".notice-error").first).to_contain_text(
        "Nothing was saved: Bob cannot knock with 41: the limit is 10."
    )
    assert axe_violations(phone, axe_source) == []  # the refusal and the form again
    # the form comes back as it was: the cards, the knock; Ann's knock is one tap away
    expect(phone.locator('.gin-dest[data-seat="1"]')).to_contain_text("10/10")
    phone.locator(".gin-knock .entry-choice", has_text="Ann").tap()
    expect(status).to_contain_text("Ann +23")
    phone.get_by_role("button", name="Save hand").tap()
    expect(phone.locator(".flash, .notice").first).to_contain_text("Hand 1 saved")


def test_a_card_tapped_again_comes_out_and_the_typed_field_follows(
    live_server: LiveServer, new_phone: Any
) -> None:
    phone = new_phone(dark=True, width=430)
    start_game(phone, live_server.url)
    phone.locator(".record .button").tap()
    card(phone, "QS").tap()
    card(phone, "KS").tap()
    card(phone, "QS").tap()  # a slip, taken back
    expect(phone.locator("#cards-0")).to_have_value("KS")
    expect(card(phone, "KS")).to_have_attribute("aria-pressed", "true")
    phone.locator('.gin-dest[data-seat="1"]').tap()
    expect(card(phone, "KS")).to_be_disabled()  # Ann's: taken for Bob
    phone.locator(".entry-typed summary").tap()
    phone.locator("#cards-1").fill("ah 2h t♥")
    expect(card(phone, "10H")).to_have_attribute("aria-pressed", "true")
    phone.locator("#cards-1").press("Tab")  # the change: the preview arranges them
    expect(phone.locator("#gin-status")).to_contain_text("Bob: 3 of 10 cards")
    assert not scrolls_sideways(phone)


def test_an_oklahoma_hand_takes_one_tap_more_for_the_upcard(
    live_server: LiveServer, new_phone: Any, axe_source: str
) -> None:
    phone = new_phone(dark=True)
    start_game(phone, live_server.url, "gin-oklahoma")
    taps = Taps()
    taps.tap(phone.locator(".record .button"))
    for code in ANN + BOB:
        taps.tap(card(phone, code))
    # both hands in: the picker moves on to the upcard, which may be a card of a hand
    upcard = phone.locator('.gin-dest[data-dest="upcard"]')
    expect(upcard).to_have_attribute("aria-pressed", "true")
    expect(card(phone, "7S")).to_be_enabled()
    taps.tap(card(phone, "7S"))
    expect(upcard).to_contain_text("7♠")
    taps.tap(phone.locator(".gin-knock .entry-choice", has_text="Ann"))
    expect(phone.locator("#gin-status")).to_have_text(
        "✓ Ann knocked with 1: Bob 24: Ann +46 (spade upcard: doubled)"
    )
    assert axe_violations(phone, axe_source) == []
    taps.tap(phone.get_by_role("button", name="Save hand"))
    expect(phone.locator(".flash, .notice").first).to_contain_text("Hand 1 saved")
    expect(phone.locator(".competitor", has_text="Ann")).to_contain_text("46")
    cards = len(ANN) + len(BOB)
    print(f"\nOklahoma gin, one hand: {taps.count} taps for {cards} cards and the upcard")
    assert taps.count <= cards + 4


def test_a_partnership_round_of_two_hands(live_server: LiveServer, new_phone: Any) -> None:
    phone = new_phone()
    start_game(phone, live_server.url, "gin-partnership")
    for row, name in enumerate(["Cy", "Dee"], 2):
        phone.locator(f"#player-{row}").fill(name)
    phone.get_by_role("button", name="Start game").tap()
    taps = Taps()
    taps.tap(phone.locator(".record .button"))
    # round 1: Ann against Bob, Cy against Dee; each hand has its own pack
    for code in ANN + BOB:
        taps.tap(card(phone, code))
    expect(phone.locator('.gin-dest[data-seat="2"]')).to_have_attribute("aria-pressed", "true")
    expect(card(phone, "AD")).to_be_enabled()  # Ann's, but Cy plays Dee
    for code in BOB + ANN:  # Cy has Bob's cards, Dee Ann's
        taps.tap(card(phone, code))
    # everyone has ten: the picker stays with Dee, whose cards Cy's are taken for
    expect(phone.locator('.gin-dest[data-seat="3"]')).to_have_attribute("aria-pressed", "true")
    expect(card(phone, "KC")).to_be_disabled()
    taps.tap(
        phone.locator(".gin-knock", has_text="Ann against Bob").locator(
            ".entry-choice", has_text="Ann"
        )
    )
    taps.tap(
        phone.locator(".gin-knock", has_text="Cy against Dee").locator(
            ".entry-choice", has_text="Dee"
        )
    )
    expect(phone.locator("#gin-preview")).to_contain_text("Ann & Cy +23 · Bob & Dee +23")
    assert not scrolls_sideways(phone)
    taps.tap(phone.get_by_role("button", name="Save hand"))
    expect(phone.locator(".flash, .notice").first).to_contain_text("Hand 1 saved")
    cards = 2 * (len(ANN) + len(BOB))
    print(f"\nPartnership gin, one round of two hands: {taps.count} taps for {cards} cards")
    assert taps.count <= cards + 4


#: A game to 100, every figure by hand: Ann knocks (+23); Bob undercuts Ann's 8 with 6 (2 + 25 =
#: +27); Ann goes gin against Bob's 79 (25 + 79 = +104): Ann 127 in hands, the game.
GAME = [
    (ANN, BOB, "Ann"),
    (
        ["AS", "2S", "3S", "4H", "5H", "6H", "7C", "8C", "9C", "8D"],
        ["KH", "KD", "KC", "9D", "10D", "JD", "QD", "AC", "2D", "3C"],
        "Ann",
    ),
    (
        ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S"],
        ["KH", "QD", "JC", "10H", "9D", "8C", "7H", "6D", "5C", "4H"],
        "Ann",
    ),
]


def record(phone: Any, ann: list[str], bob: list[str], knocker: str) -> None:
    """One hand from the cards on the scorer's phone, saved."""
    phone.locator(".record .button").tap()
    for code in [*ann, *bob]:
        card(phone, code).tap()
    phone.locator(".gin-knock .entry-choice", has_text=knocker).tap()
    expect(phone.locator("#gin-status")).to_contain_text("✓")
    phone.get_by_role("button", name="Save hand").tap()
    expect(phone.locator(".flash, .notice").first).to_contain_text("saved")


def test_a_game_to_100_on_the_phone_with_every_figure_by_hand(
    live_server: LiveServer, new_phone: Any
) -> None:
    phone = new_phone()
    start_game(phone, live_server.url)
    for ann, bob, knocker in GAME[:2]:
        record(phone, ann, bob, knocker)
    standings = phone.locator("#standings")
    expect(standings.locator(".competitor", has_text="Bob")).to_contain_text("27")
    expect(standings.locator(".competitor", has_text="Ann")).to_contain_text("23")
    record(phone, *GAME[2])
    # Ann: 127 + game 100 + line 2 × 25 = 277; Bob: 27 + line 25 = 52
    expect(phone.locator("body")).to_contain_text("Ann won the game, 277 to 52")
    expect(standings.locator(".competitor", has_text="Ann")).to_contain_text("277")
    expect(standings.locator(".competitor", has_text="Bob")).to_contain_text("52")
    expect(phone.locator("#rounds")).to_contain_text("Ann gin +25 + 79")
    assert not scrolls_sideways(phone)


def test_a_hollywood_match_on_the_phone(live_server: LiveServer, new_phone: Any) -> None:
    phone = new_phone()
    start_game(phone, live_server.url, "gin-hollywood")
    for ann, bob, knocker in [GAME[0], GAME[1], GAME[0], GAME[2]]:
        record(phone, ann, bob, knocker)
    columns = phone.locator(".gin-columns tbody tr")
    # game 1: Ann 150 + 100 + 3 lines, Bob 27 + 1 line; games 2 and 3: shutouts, doubled
    expect(columns.nth(0)).to_contain_text("325")
    expect(columns.nth(0)).to_contain_text("52")
    expect(columns.nth(1)).to_contain_text("554")
    expect(columns.nth(2)).to_contain_text("458")
    expect(phone.locator("body")).to_contain_text("Ann won the match, 1337 to 52")
