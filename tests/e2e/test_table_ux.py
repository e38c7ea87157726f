"""At the table (issue 13): names told apart, landing on the standings after Save, the Persian
four laid down at once in one tap, labels never cut into ambiguity, the "Type the cards" tap
area, an honest note on wild readings that all score alike, and axe-core on the round form.
"""

from __future__ import annotations

import contextlib
import re
from typing import Any

import pytest

from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.standings import Seat
from scorekeeper.store import records

from .conftest import PHONE, LiveServer, axe_violations

expect = pytest.importorskip("playwright.sync_api").expect

FAMILY = ["Grandma Jo", "Grandma Sue", "Uncle Bob", "Uncle Ben"]


def new_game(live_server: LiveServer, rules: str, names: list[str], **extra: Any) -> str:
    """A game started in the store (the API's limit on new games is for strangers): the
    scorer's path."""
    with live_server.app.app_context():
        seats = [
            Seat(name, "AB"[seat % 2] if rules == "persian" else None)
            for seat, name in enumerate(names)
        ]
        game = records.create_game(
            f"{rules} at the table", rules_for(rules), seats, preset=rules, **extra
        )
        return f"/s/{game.scorer_token}"


def in_view(locator: Any) -> bool:
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


def tab(page: Any, name: str) -> Any:
    return page.get_by_role("tab", name=re.compile(rf"^{name}\b"))


CUT = "el => el.scrollWidth > el.clientWidth + 1"


def test_names_with_a_common_start_are_told_apart(live_server: LiveServer, phone: Any) -> None:
    phone.goto(live_server.url + new_game(live_server, "rummy5000", FAMILY) + "/rounds/new")
    tabs = phone.locator(".player-tab .tab-name .short-name")
    expect(tabs).to_have_text(["Jo", "Sue", "Bob", "Ben"])
    chips = phone.locator(".went-out .face-name .short-name")
    expect(chips).to_have_text(["Jo", "Sue", "Bob", "Ben"])
    for label in [*tabs.all(), *chips.all()]:
        assert not label.evaluate(CUT), f"{label.inner_text()} is cut short"
    # the whole name is what a screen reader hears, and what a tap selects
    tab(phone, "Uncle Ben").tap()
    expect(tab(phone, "Uncle Ben")).to_have_attribute("aria-selected", "true")
    phone.locator(".went-out label.choice", has_text="Grandma Sue").tap()
    expect(phone.locator('input[name="went_out"][value="1"]')).to_be_checked()
    # the dealer's choices too: "Sue deals", not "Grandma S…"
    phone.locator("#dealer").select_option(label="Sue deals")
    assert phone.locator("#dealer").input_value() == "Grandma Sue"


SELECT_FITS = """el => {
  const style = getComputedStyle(el);
  const ctx = document.createElement("canvas").getContext("2d");
  ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const text = el.options[el.selectedIndex].text;
  const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
  return ctx.measureText(text).width <= room;
}"""


def test_the_round_settings_read_whole(live_server: LiveServer, phone: Any) -> None:
    phone.goto(live_server.url + new_game(live_server, "rummy5000", FAMILY) + "/rounds/new")
    wild, dealer = phone.locator("#wild_rank"), phone.locator("#dealer")
    expect(wild.locator("option:checked")).to_have_text("Wild: ?")
    for select, choice in ((wild, "10s wild"), (dealer, "Sue deals"), (dealer, "Dealer: ?")):
        select.select_option(label=choice)
        assert select.evaluate(SELECT_FITS), f"{choice!r} is cut short"
    for choice in ("Wild: ?", "Qs wild"):
        wild.select_option(label=choice)
        assert wild.evaluate(SELECT_FITS), f"{choice!r} is cut short"


def test_type_the_cards_ends_where_its_words_end(live_server: LiveServer, phone: Any) -> None:
    phone.goto(live_server.url + new_game(live_server, "rummy5000", FAMILY) + "/rounds/new")
    summary = phone.locator("#player-0 summary").bounding_box()
    switch = phone.locator("#player-0 .mode-switch").bounding_box()
    assert summary is not None and switch is not None
    assert summary["x"] + summary["width"] <= switch["x"], "its tap area runs under the switch"
    phone.locator("#player-0 .mode-switch label", has_text="Totals").tap()
    expect(phone.locator("#p0-melded")).to_be_visible()
    expect(phone.locator("#player-0 details.typed")).not_to_have_attribute("open", "")


def test_after_save_the_scorer_lands_on_the_standings(live_server: LiveServer, phone: Any) -> None:
    scorer = new_game(live_server, "rummy5000", FAMILY, dealer="Uncle Ben")
    phone.goto(live_server.url + scorer + "/rounds/new")
    phone.locator("#wild_rank").select_option("4")
    phone.locator(".went-out label.choice", has_text="Grandma Jo").tap()
    for face in ["8♠", "9♠", "10♠"]:
        phone.get_by_role("button", name=face, exact=True).tap()
    expect(tab(phone, "Grandma Jo").locator(".tab-total")).to_have_text("20")
    phone.get_by_role("button", name="Save round").tap()
    expect(phone.locator(".flash", has_text="Round 1 saved")).to_be_visible()
    assert phone.url.endswith("#standings")
    phone.wait_for_timeout(200)  # the jump to the anchor
    assert in_view(phone.locator(".flash", has_text="Round 1 saved"))
    for name in FAMILY:
        assert in_view(phone.locator("#standings .competitor", has_text=name)), name
    assert in_view(phone.get_by_role("link", name="Record round 2"))
    assert covered_controls(phone) == []  # the message covers nothing where the save lands
    phone.evaluate("window.scrollTo(0, 0)")
    phone.wait_for_timeout(100)
    assert covered_controls(phone) == []  # nor the Rules, Is this legal? and Story buttons
    expect(phone.get_by_role("link", name="Rules")).to_be_visible()


#: Every control on screen whose middle is hidden under something else (a toast, a bar).
COVERED = """() => [...document.querySelectorAll('a[href], button, input, select, summary, label')]
  .filter(el => {
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(el).visibility === 'hidden') return false;
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    if (y < 0 || y > innerHeight || x < 0 || x > innerWidth) return false;
    const top = document.elementFromPoint(x, y);
    return top && !el.contains(top) && !top.contains(el) && !(el.control && el.control === top)
      && !(top.closest('label') && top.closest('label').control === el);
  })
  .map(el => el.outerHTML.slice(0, 80))"""


def covered_controls(page: Any) -> list[str]:
    return list(page.evaluate(COVERED))


def test_a_persian_four_asks_laid_down_at_once(live_server: LiveServer, phone: Any) -> None:
    phone.goto(
        live_server.url
        + new_game(live_server, "persian", ["Ann", "Bob", "Cy", "Dee"])
        + "/rounds/new"
    )
    for face in ["K♠", "K♥", "K♦", "K♣"]:
        phone.get_by_role("button", name=face, exact=True).tap()
    # 40, and 25 for going out: Ann alone has nothing in hand, so she is taken as out
    expect(tab(phone, "Ann").locator(".tab-total")).to_have_text("65")
    once = phone.locator(".preview-player.is-current").get_by_role(
        "button", name=re.compile("Laid down at once")
    )
    expect(once).to_have_attribute("aria-pressed", "false")
    once.tap()  # the one tap
    expect(tab(phone, "Ann").locator(".tab-total")).to_have_text("105")
    expect(once).to_have_attribute("aria-pressed", "true")
    expect(phone.locator("#p0-layout")).to_have_value(re.compile("once"))
    # three of a kind is not asked
    phone.get_by_role("button", name="K♣", exact=True).tap()
    expect(tab(phone, "Ann").locator(".tab-total")).to_have_text("55")
    expect(once).to_have_count(0)


def test_readings_that_all_score_alike_say_so(live_server: LiveServer, phone: Any) -> None:
    phone.goto(
        live_server.url
        + new_game(live_server, "dealers-gambit", ["Ann", "Bob", "Cy", "Dee"])
        + "/rounds/new"
    )
    phone.locator("#joker_effect").select_option("wild")
    for face in ["5♠", "6♠", "Joker"]:
        phone.get_by_role("button", name=face, exact=True).tap()
    notes = phone.locator(".preview-player.is-current .group-notes")
    expect(notes).to_contain_text("they all score the same")
    expect(notes).not_to_contain_text("scores most")


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_round_form_passes_axe(
    live_server: LiveServer, new_phone: Any, axe_source: str, dark: bool
) -> None:
    phone = new_phone(dark=dark)
    phone.goto(live_server.url + new_game(live_server, "rummy5000", FAMILY) + "/rounds/new")
    phone.locator("#wild_rank").select_option("4")
    for face in ["8♠", "4♥", "10♠"]:
        phone.get_by_role("button", name=face, exact=True).tap()
    # Jo taken as out (nothing in hand): the dashed chip and the legend's note
    expect(phone.locator(".went-out label.choice.is-inferred")).to_have_count(1)
    found = axe_violations(phone, axe_source)
    assert not found, "\n".join(found)
    phone.get_by_role("button", name="In hand", exact=True).tap()
    for face in ["5♥", "K♦"]:  # red cards selected in hand
        phone.get_by_role("button", name=face, exact=True).tap()
    expect(phone.locator(".preview-player.is-current .group-hand .chip")).to_have_count(2)
    found = axe_violations(phone, axe_source)
    assert not found, "\n".join(found)
    phone.locator(".preview-player.is-current .group-hand .chip").first.tap()  # the move sheet
    expect(phone.locator(".move-sheet:not([hidden])")).to_be_visible()
    found = axe_violations(phone, axe_source)
    assert not found, "\n".join(found)


def test_the_deal_helper_takes_a_tap_per_upcard(live_server: LiveServer, phone: Any) -> None:
    """Four upcards and 'Record this round': 5 taps, the dealer and the wild rank following."""
    scorer = new_game(live_server, "rummy5000", ["Ann", "Bob", "Cy", "Dee"], dealer="Dee")
    phone.goto(live_server.url + scorer)
    helper = phone.locator("#deal-helper")
    expect(helper.locator(".deal-upcards li.is-next")).to_contain_text("Ann")  # Dee's left
    taps = 0
    for rank in ["7", "K", "A", "4"]:  # Ann, Bob, Cy, then Dee the dealer
        helper.get_by_role("button", name=rank, exact=True).tap()
        taps += 1
    expect(helper.locator(".deal-wild")).to_contain_text("4s")
    expect(helper.locator(".deal-upcards")).to_contain_text("A")
    assert in_view(helper.get_by_role("link", name="Record this round"))
    helper.get_by_role("link", name="Record this round").tap()
    taps += 1
    expect(phone.locator("#wild_rank")).to_have_value("4")
    expect(phone.locator("#dealer")).to_have_value("Dee")
    assert taps <= 5
    print(f"\nthe deal helper for four: {taps} taps")


def test_upcards_tapped_faster_than_the_server_answers_are_all_kept(
    live_server: LiveServer, phone: Any
) -> None:
    """The deal helper's posts are held until all four ranks are tapped (a slow Wi-Fi): each
    tap shows at once, and the answer that lands holds all four (a tap was lost when each post
    carried only the upcards of the last answer)."""
    scorer = new_game(live_server, "rummy5000", ["Ann", "Bob", "Cy", "Dee"], dealer="Dee")
    phone.goto(live_server.url + scorer)
    helper = phone.locator("#deal-helper")
    held: list[Any] = []
    phone.route(re.compile(r".*/deal$"), lambda route: held.append(route))
    for rank in ["7", "K", "A", "4"]:
        helper.get_by_role("button", name=rank, exact=True).tap()
    expect(helper.locator(".deal-upcard")).to_have_text(["7", "K", "A", "4"])
    phone.unroute(re.compile(r".*/deal$"))
    assert held, "the taps were posted"
    for route in held:
        with contextlib.suppress(Exception):  # a post replaced by a later one was aborted
            route.continue_()
    expect(helper.locator(".deal-wild")).to_contain_text("4s")
    expect(helper.locator(".deal-upcard")).to_have_text(["7", "K", "A", "4"])


def test_a_wrong_upcard_is_one_tap_back(live_server: LiveServer, phone: Any) -> None:
    scorer = new_game(live_server, "rummy5000", ["Ann", "Bob", "Cy", "Dee"], dealer="Dee")
    phone.goto(live_server.url + scorer)
    helper = phone.locator("#deal-helper")
    helper.get_by_role("button", name="9", exact=True).tap()
    expect(helper.locator(".deal-upcards li.is-next")).to_contain_text("Bob")
    helper.get_by_role("button", name="Undo last upcard").tap()
    expect(helper.locator(".deal-upcards li.is-next")).to_contain_text("Ann")


def below_half(locator: Any) -> bool:
    box = locator.bounding_box()
    return box is not None and box["y"] >= PHONE["height"] / 2 and in_view(locator)


def test_the_reference_round_in_thumb_reach(live_server: LiveServer, phone: Any) -> None:
    """test_card_night's round 1 (5000 Rummy for four, fours wild), from the deal helper: the
    destination switch, the tabs and 'Went out' in the bottom half at every player change;
    the taps counted (a field tapped into counts one; the keyboard's Next counts one, and a field
    it moves to counts none). Nobody taps 'went out' (Ann alone has nothing in hand). Cy is
    counted by totals: 'Totals' shows his boxes with the first one ready, Next moves to the
    second, and Next again to Dee (no tap on her tab)."""
    scorer = new_game(live_server, "rummy5000", ["Ann", "Bob", "Cy", "Dee"], dealer="Dee")
    phone.goto(live_server.url + scorer)
    helper = phone.locator("#deal-helper")
    deal_taps = 0
    for rank in ["7", "K", "A", "4"]:
        helper.get_by_role("button", name=rank, exact=True).tap()
        deal_taps += 1
    helper.get_by_role("link", name="Record this round").tap()
    deal_taps += 1
    expect(phone.locator("#wild_rank")).to_have_value("4")
    taps, cards = 0, 0

    def tap(locator: Any) -> None:
        nonlocal taps
        locator.tap()
        taps += 1

    def card(face: str) -> None:
        nonlocal cards
        tap(phone.get_by_role("button", name=face, exact=True))
        cards += 1

    def player(name: str) -> None:
        assert below_half(tab(phone, name)), f"{name}'s tab is out of thumb reach"
        tap(tab(phone, name))
        switch = phone.get_by_role("button", name="In hand", exact=True)
        assert below_half(switch), "the destination switch is out of thumb reach"

    assert below_half(phone.locator(".went-out label.choice", has_text="Ann"))
    for face in ["8♠", "4♥", "10♠", "7♣", "7♦", "7♥"]:
        card(face)
    expect(phone.locator(".went-out label.choice.is-inferred")).to_have_text(re.compile("Ann"))
    assert below_half(phone.locator(".went-out label.choice", has_text="Ann"))
    player("Bob")
    for face in ["Q♣", "Q♦", "Q♥", "J♠"]:
        card(face)
    tap(phone.get_by_role("button", name="In hand", exact=True))
    for face in ["K♦", "2♣"]:
        card(face)
    player("Cy")
    table = phone.get_by_label("Points on the table (Cy)", exact=True)
    expect(table).to_be_hidden()  # Totals mode's box: not with the cards
    tap(phone.locator("#player-2 .mode-switch label", has_text="Totals"))
    expect(table).to_be_focused()
    phone.keyboard.type("30")
    phone.keyboard.press("Enter")  # the keyboard's Next: to the points in hand
    taps += 1
    expect(phone.get_by_label("Points in hand (Cy)", exact=True)).to_be_focused()
    phone.keyboard.type("15")
    phone.keyboard.press("Enter")  # Next again: on to Dee
    taps += 1
    expect(tab(phone, "Dee")).to_have_attribute("aria-selected", "true")
    tap(phone.get_by_role("button", name="In hand", exact=True))
    for face in ["5♠", "9♥", "A♣"]:
        card(face)
    expect(tab(phone, "Ann").locator(".tab-total")).to_have_text("270")
    expect(tab(phone, "Bob").locator(".tab-total")).to_have_text("40")
    tap(phone.get_by_role("button", name="Save round"))
    expect(phone.locator(".flash", has_text="Round 1 saved")).to_be_visible()
    print(
        f"\nthe reference round: {taps} taps for {cards} cards (cards + {taps - cards}), "
        f"after {deal_taps} for the deal"
    )
    assert cards == 15 and taps == 23  # cards + 8, the aim (cards + 10 before)


def test_who_went_out_needs_no_tap_when_one_hand_is_empty(
    live_server: LiveServer, phone: Any
) -> None:
    """Nobody marked: the one player with cards down and none in hand is taken as out (the
    chip shows it, dashed, and the legend says why), and the round is saved so."""
    scorer = new_game(live_server, "rummy5000", FAMILY, dealer="Uncle Ben")
    phone.goto(live_server.url + scorer + "/rounds/new?wild=4")
    inferred = phone.locator(".went-out label.choice.is-inferred")
    expect(inferred).to_have_count(0)
    expect(phone.locator("#went-out-note")).to_have_text("")
    for face in ["8♠", "9♠", "10♠"]:
        phone.get_by_role("button", name=face, exact=True).tap()
    expect(inferred).to_have_text(re.compile("Jo"))
    expect(phone.locator("#went-out-note")).to_have_text(": Grandma Jo, with nothing in hand")
    expect(phone.locator('input[name="went_out"]:checked')).to_have_count(0)  # not a mark
    tab(phone, "Grandma Sue").tap()
    phone.get_by_role("button", name="In hand", exact=True).tap()
    phone.get_by_role("button", name="K♦", exact=True).tap()
    # Jo collects Sue's K♦: 20 + 10
    expect(tab(phone, "Grandma Jo").locator(".tab-total")).to_have_text("30")
    expect(phone.locator(".preview-totals")).to_contain_text("Grandma Jo out")
    phone.get_by_role("button", name="Save round").tap()
    expect(phone.locator(".flash", has_text="Round 1 saved")).to_be_visible()
    expect(phone.locator("#rounds summary", has_text="Grandma Jo went out")).to_have_count(1)
    expect(phone.locator("#standings .competitor", has_text="Grandma Jo")).to_contain_text("30")


def test_two_empty_hands_ask_who_went_out_and_a_mark_wins(
    live_server: LiveServer, phone: Any
) -> None:
    scorer = new_game(live_server, "rummy5000", FAMILY, dealer="Uncle Ben")
    phone.goto(live_server.url + scorer + "/rounds/new?wild=4")
    inferred = phone.locator(".went-out label.choice.is-inferred")
    for face in ["8♠", "9♠", "10♠"]:
        phone.get_by_role("button", name=face, exact=True).tap()
    tab(phone, "Grandma Sue").tap()
    for face in ["Q♦", "Q♥", "Q♣"]:
        phone.get_by_role("button", name=face, exact=True).tap()
    expect(phone.locator("#round-preview")).to_contain_text(
        "Grandma Jo and Grandma Sue have nothing in hand: choose who went out."
    )
    expect(inferred).to_have_count(0)
    expect(phone.locator("#went-out-note")).to_have_text(": Grandma Jo or Grandma Sue?")
    phone.get_by_role("button", name="In hand", exact=True).tap()
    phone.get_by_role("button", name="K♦", exact=True).tap()
    expect(inferred).to_have_text(re.compile("Jo"))
    expect(tab(phone, "Grandma Jo").locator(".tab-total")).to_have_text("30")
    # the table says otherwise: the stock ran out; the mark wins over the empty hand
    phone.locator(".went-out label.choice", has_text="Stock out").tap()
    expect(inferred).to_have_count(0)
    expect(phone.locator("#went-out-note")).to_have_text("")
    expect(tab(phone, "Grandma Jo").locator(".tab-total")).to_have_text("20")


def test_totals_mode_shows_its_boxes_ready_to_type(live_server: LiveServer, phone: Any) -> None:
    """The two numbers are Totals mode's: hidden with the cards; 'Totals' shows them with the
    first focused, and the switch the thumb tapped does not move."""
    phone.goto(live_server.url + new_game(live_server, "rummy5000", FAMILY) + "/rounds/new")
    tab(phone, "Uncle Bob").tap()
    totals_mode = phone.locator('input[name="p2-mode"][value="totals"]')
    expect(totals_mode).not_to_be_checked()
    table = phone.get_by_label("Points on the table (Uncle Bob)", exact=True)
    expect(table).to_be_hidden()
    expect(phone.get_by_role("button", name="Q♦", exact=True)).to_be_visible()
    switch = phone.locator("#player-2 .mode-switch label", has_text="Totals")
    place = switch.bounding_box()
    switch.tap()
    expect(totals_mode).to_be_checked()
    expect(table).to_be_focused()
    table.fill("30")
    expect(phone.get_by_role("button", name="Q♦", exact=True)).to_be_hidden()
    expect(phone.locator(".picker-note")).to_be_visible()
    moved = switch.bounding_box()  # what the thumb tapped stays under it (its tick widens it)
    assert place is not None and moved is not None and moved["y"] == place["y"]
    assert moved["x"] <= place["x"] + place["width"] / 2 <= moved["x"] + moved["width"]
    phone.get_by_label("Points in hand (Uncle Bob)", exact=True).fill("15")
    # 5000 Rummy: a hand goes to whoever went out, not against its holder
    expect(tab(phone, "Uncle Bob").locator(".tab-total")).to_have_text("30")
    expect(phone.locator('.preview-player[data-seat="2"]')).to_contain_text(
        "Counted: 30 on the table, 15 in hand."
    )
    # back to cards: the numbers stay typed, the cards count again
    phone.locator("#player-2 .mode-switch label", has_text="Cards").tap()
    expect(phone.get_by_role("button", name="Q♦", exact=True)).to_be_visible()
    expect(tab(phone, "Uncle Bob").locator(".tab-total")).to_have_text("0")


def test_the_keyboards_next_goes_on_to_the_next_player(live_server: LiveServer, phone: Any) -> None:
    """After the points on the table, the keyboard's Next (Enter) goes to the points in hand;
    after those, to the next player, with the keyboard put away so the tabs show again."""
    phone.goto(live_server.url + new_game(live_server, "rummy500", FAMILY) + "/rounds/new")
    tab(phone, "Grandma Sue").tap()
    phone.locator("#player-1 .mode-switch label", has_text="Totals").tap()
    table = phone.get_by_label("Points on the table (Grandma Sue)", exact=True)
    hand = phone.get_by_label("Points in hand (Grandma Sue)", exact=True)
    assert table.get_attribute("enterkeyhint") == hand.get_attribute("enterkeyhint") == "next"
    table.fill("40")
    table.press("Enter")
    expect(hand).to_be_focused()
    hand.fill("5")
    hand.press("Enter")
    expect(tab(phone, "Uncle Bob")).to_have_attribute("aria-selected", "true")
    expect(hand).not_to_be_focused()
    expect(phone.get_by_role("button", name="On the table", exact=True)).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(tab(phone, "Grandma Sue").locator(".tab-total")).to_have_text("35")
