"""A scorer that survives the Wi-Fi (issue 13, item 6): a round saved while the server cannot be
reached is kept on the phone with its idempotency key and sent once when it answers again; the
board says how old its numbers are while it cannot reach the server. Offline, the round form says
so and shows no score it did not get from the server; the outbox knows this phone's own rounds,
so that a form the service worker kept is never taken for another phone's (issue 36, items 10
and 11)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.standings import Seat
from scorekeeper.store import records
from scorekeeper.store.db import db
from scorekeeper.store.models import Game
from scorekeeper.systems.spades import store as spades
from scorekeeper.systems.spades.presets import spades_rules_for

from .conftest import ConsoleErrors, LiveServer
from .test_table_ux import new_game, tab

expect = pytest.importorskip("playwright.sync_api").expect

OFFLINE = ("ERR_INTERNET_DISCONNECTED", "Failed to fetch", "ERR_NETWORK")


def game_state(live_server: LiveServer, scorer: str) -> tuple[list[int], list[Any] | None]:
    """The rounds (or hands) the server holds, and the bids noted for a Spades hand in play."""
    with live_server.app.app_context():
        game = db.session.execute(
            db.select(Game).filter_by(scorer_token=scorer.rsplit("/", 1)[1])
        ).scalar_one()
        db.session.refresh(game)
        bids = (game.system_data or {}).get("bids_in_play")
        return [stored.number for stored in game.rounds], bids


def rounds_of(live_server: LiveServer, scorer: str) -> list[int]:
    return game_state(live_server, scorer)[0]


def posts_to(phone: Any, path_end: str) -> list[str]:
    """The POSTs the page makes to an address ending ``path_end`` from now on."""
    posts: list[str] = []
    phone.on(
        "requestfinished",
        lambda request: (
            posts.append(request.url)
            if request.method == "POST" and request.url.endswith(path_end)
            else None
        ),
    )
    return posts


def test_a_round_saved_offline_is_sent_once(
    live_server: LiveServer, phone: Any, console_errors: ConsoleErrors
) -> None:
    console_errors.allow(*OFFLINE)
    scorer = new_game(live_server, "rummy500", ["Ann", "Bob", "Cy"])
    phone.goto(live_server.url + scorer + "/rounds/new")
    phone.locator(".went-out label.choice", has_text="Ann").tap()
    for face in ["8♠", "9♠", "10♠"]:
        phone.get_by_role("button", name=face, exact=True).tap()
    expect(phone.get_by_role("tab", name=re.compile(r"^Ann\b")).locator(".tab-total")).to_have_text(
        "27"
    )
    phone.wait_for_load_state("networkidle")
    posts = posts_to(phone, "/rounds/new")

    phone.context.set_offline(True)
    phone.get_by_role("button", name="Save round").tap()
    status = phone.locator("#outbox-status")
    expect(status).to_contain_text("saved on this phone, will send")
    stored = phone.evaluate("JSON.parse(localStorage.getItem('scorekeeper.outbox'))")
    assert len(stored) == 1 and len(stored[0]["key"]) == 32  # kept with its idempotency key
    assert rounds_of(live_server, scorer) == []
    phone.wait_for_timeout(4500)  # a retry while still offline changes nothing
    expect(status).to_contain_text("will send")

    phone.context.set_offline(False)
    expect(status).to_contain_text("sent", timeout=10000)
    assert rounds_of(live_server, scorer) == [1]
    assert phone.evaluate("localStorage.getItem('scorekeeper.outbox')") == "[]"
    phone.wait_for_timeout(5000)  # nothing is sent again
    assert len(posts) == 1
    assert rounds_of(live_server, scorer) == [1]
    phone.get_by_role("link", name="See the standings").tap()
    expect(phone.locator(".flash", has_text="Round 1 saved")).to_be_visible()


def test_a_kept_round_goes_from_the_scorers_page_and_never_twice(
    live_server: LiveServer, new_phone: Any, console_errors: ConsoleErrors
) -> None:
    """A round kept on the phone whose answer was lost (the server has it already) is sent
    from the scorer's page with the same key: still one round."""
    console_errors.allow(*OFFLINE)
    phone = new_phone()
    scorer = new_game(live_server, "rummy500", ["Ann", "Bob", "Cy"])
    phone.goto(live_server.url + scorer + "/rounds/new")
    phone.locator(".went-out label.choice", has_text="Bob").tap()
    phone.get_by_role("tab", name=re.compile(r"^Bob\b")).tap()
    for face in ["3♣", "3♦", "3♥"]:
        phone.get_by_role("button", name=face, exact=True).tap()
    phone.wait_for_load_state("networkidle")
    form = phone.locator("form.round-form")
    body = form.evaluate("f => new URLSearchParams(new FormData(f)).toString()")
    key = phone.locator('input[name="key"]').input_value()
    phone.get_by_role("button", name="Save round").tap()  # saved, and then kept as if unanswered
    expect(phone.locator(".flash", has_text="Round 1 saved")).to_be_visible()
    phone.evaluate(
        """([action, body, key, done]) => localStorage.setItem('scorekeeper.outbox',
        JSON.stringify([{key, action, body, number: '1', done, at: Date.now()}]))""",
        [live_server.url + scorer + "/rounds/new", body, key, scorer + "#standings"],
    )
    phone.reload()
    # The scorer's page sends what the phone kept (its status line may come and go before a
    # slow machine looks): the outbox empties, and the server still holds one round.
    phone.wait_for_function("localStorage.getItem('scorekeeper.outbox') === '[]'", timeout=15000)
    assert rounds_of(live_server, scorer) == [1]


def test_the_board_says_how_old_its_numbers_are(
    live_server: LiveServer, new_phone: Any, console_errors: ConsoleErrors
) -> None:
    console_errors.allow(*OFFLINE)
    board = new_phone()
    scorer = new_game(live_server, "rummy500", ["Ann", "Bob", "Cy"])
    with live_server.app.app_context():
        token = db.session.execute(
            db.select(Game.watcher_token).filter_by(scorer_token=scorer.rsplit("/", 1)[1])
        ).scalar_one()
    board.goto(f"{live_server.url}/w/{token}")
    board.wait_for_load_state("networkidle")
    board.context.set_offline(True)
    banner = board.locator("#connection")
    expect(banner).to_be_visible(timeout=15000)
    expect(banner).to_contain_text(re.compile(r"these scores are .* old \(from \d"))
    board.context.set_offline(False)
    board.evaluate("document.dispatchEvent(new Event('board-wake'))")
    expect(banner).to_be_hidden(timeout=15000)


def test_a_busy_server_is_no_answer(
    live_server: LiveServer, phone: Any, console_errors: ConsoleErrors
) -> None:
    """A 503 (a proxy while the server restarts) or a 429 keeps the round on the phone, to try
    again: never taken as the server refusing it."""
    console_errors.allow(*OFFLINE, "503")
    scorer = new_game(live_server, "rummy500", ["Ann", "Bob", "Cy"])
    phone.goto(live_server.url + scorer + "/rounds/new")
    phone.locator(".went-out label.choice", has_text="Ann").tap()
    for face in ["8♠", "9♠", "10♠"]:
        phone.get_by_role("button", name=face, exact=True).tap()
    phone.wait_for_load_state("networkidle")
    busy = {"left": 1}

    def once_busy(route: Any) -> None:
        if route.request.method == "POST" and busy["left"]:
            busy["left"] -= 1
            route.fulfill(status=503, body="restarting")
        else:
            route.continue_()

    phone.route("**/rounds/new", once_busy)
    phone.get_by_role("button", name="Save round").tap()
    status = phone.locator("#outbox-status")
    expect(status).to_contain_text("saved on this phone, will send")
    expect(status).to_contain_text("sent", timeout=10000)
    assert rounds_of(live_server, scorer) == [1]


def spades_game(live_server: LiveServer) -> str:
    """A Spades game to 300 (Ann & Cy against Bob & Dee): the scorer's path."""
    with live_server.app.app_context():
        game = spades.create_spades_game(
            "Late", spades_rules_for("spades-300"), ["Ann", "Bob", "Cy", "Dee"], preset="spades-300"
        )
        return f"/s/{game.scorer_token}"


def bid_and_tricks(phone: Any, bids: list[str], tricks: list[str] | None = None) -> None:
    for seat, bid in enumerate(bids):
        phone.locator(f'#bid-{seat}-set .pick:has(input[value="{bid}"])').tap()
    if tricks:
        phone.locator(".later-tricks summary").tap()
        for seat, taken in enumerate(tricks):
            phone.locator(f'#tricks-{seat}-set .pick:has(input[value="{taken}"])').tap()
        expect(phone.locator("#tricks-count")).to_contain_text("13 of 13")
    phone.wait_for_load_state("networkidle")


def test_a_spades_hand_saved_offline_is_sent_once(
    live_server: LiveServer, phone: Any, console_errors: ConsoleErrors
) -> None:
    console_errors.allow(*OFFLINE)
    scorer = spades_game(live_server)
    phone.goto(live_server.url + scorer + "/hands/new")
    bid_and_tricks(phone, ["3", "3", "3", "4"], ["4", "3", "3"])  # Dee's 3 is the rest
    posts = posts_to(phone, "/hands/new")
    phone.context.set_offline(True)
    phone.get_by_role("button", name="Save hand").tap()
    status = phone.locator("#outbox-status")
    expect(status).to_contain_text("Hand 1 saved on this phone, will send")
    stored = phone.evaluate("JSON.parse(localStorage.getItem('scorekeeper.outbox'))")
    assert len(stored) == 1 and "save=hand" in stored[0]["body"]  # the button went with it
    assert rounds_of(live_server, scorer) == []

    phone.context.set_offline(False)
    expect(status).to_contain_text("Hand 1: sent", timeout=10000)
    assert rounds_of(live_server, scorer) == [1]
    phone.wait_for_timeout(5000)  # nothing is sent again
    assert len(posts) == 1
    assert rounds_of(live_server, scorer) == [1]


def test_spades_bids_saved_offline_are_noted_when_the_server_answers(
    live_server: LiveServer, phone: Any, console_errors: ConsoleErrors
) -> None:
    """Bids are saved before the hand is played: kept on the phone, they are noted when the
    server answers, and the form can still save the hand."""
    console_errors.allow(*OFFLINE)
    scorer = spades_game(live_server)
    phone.goto(live_server.url + scorer + "/hands/new")
    bid_and_tricks(phone, ["2", "nil", "5", "4"])
    phone.context.set_offline(True)
    phone.get_by_role("button", name="Save bids").tap()
    status = phone.locator("#outbox-status")
    expect(status).to_contain_text("Bids of hand 1 saved on this phone, will send")
    assert game_state(live_server, scorer) == ([], None)
    expect(phone.get_by_role("button", name="Save hand")).to_be_enabled()

    phone.context.set_offline(False)
    expect(status).to_contain_text("Bids of hand 1: sent", timeout=10000)
    assert game_state(live_server, scorer) == ([], [2, "nil", 5, 4])


# --- issue 36: an offline scorer that tells the truth, an outbox that knows its own rounds -----


def test_the_offline_round_form_says_so_and_shows_no_score(
    live_server: LiveServer, phone: Any, console_errors: ConsoleErrors
) -> None:
    """Item 10: while the preview cannot reach the server the form says so, keeps the tapped
    cards in sight, and shows no total (nor who went out) it did not work out."""
    console_errors.allow(*OFFLINE)
    scorer = new_game(live_server, "rummy500", ["Ann", "Bob", "Cy"])
    phone.goto(live_server.url + scorer + "/rounds/new")
    phone.wait_for_load_state("networkidle")
    preview = phone.locator("#round-preview")
    expect(preview.locator(".preview-player", has_text="Ann")).to_contain_text("No cards yet")

    phone.context.set_offline(True)
    for face in ["8♠", "9♠", "10♠"]:
        phone.get_by_role("button", name=face, exact=True).tap()
    tab(phone, "Bob").tap()
    phone.get_by_role("button", name="In hand").tap()
    phone.get_by_role("button", name="4♥", exact=True).tap()

    expect(preview).to_contain_text("Offline: this round will be scored when the server answers")
    # every player's cards as tapped, in sight
    ann = preview.locator(".unscored-player", has_text="Ann")
    expect(ann).to_have_text("Ann: on the table 8♠ 9♠ 10♠")
    expect(preview.locator(".unscored-player", has_text="Bob")).to_have_text("Bob: in hand 4♥")
    expect(preview.locator(".unscored-player", has_text="Cy")).to_have_text("Cy: no cards yet")
    for player in preview.locator(".unscored-player").all():
        expect(player).to_be_visible()
    # no number the server did not give: no totals, no "went out" worked out
    expect(preview.locator(".preview-totals, .preview-total")).to_have_count(0)
    for name in ["Ann", "Bob", "Cy"]:
        expect(tab(phone, name).locator(".tab-total")).not_to_have_text(re.compile(r"\d"))
    expect(phone.locator("#went-out-note")).to_have_text("")
    phone.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    phone.screenshot(path="/tmp/offline-round-form.png")

    # the server answers again: the round is scored, by the server
    phone.context.set_offline(False)
    expect(preview).not_to_contain_text("Offline", timeout=10000)
    expect(tab(phone, "Ann").locator(".tab-total")).to_have_text("27")
    expect(phone.locator("#went-out-note")).to_contain_text("Ann, with nothing in hand")


def progression_game(live_server: LiveServer) -> str:
    """Rummy 500 with the wild rank by round (aces, then twos…) and Ann dealing first, so that
    the next round's dealer and wild rank are known: the scorer's path."""
    with live_server.app.app_context():
        game = records.create_game(
            "Offline night",
            rules_for("rummy500", {"round_wild": "progression"}),
            [Seat("Ann"), Seat("Bob"), Seat("Cy")],
            preset="rummy500",
            dealer="Ann",
        )
        return f"/s/{game.scorer_token}"


def through_the_service_worker(phone: Any, live_server: LiveServer, scorer: str) -> None:
    """The scorer's page, opened again once the service worker is ready (it keeps pages)."""
    phone.goto(live_server.url + scorer)
    phone.evaluate("navigator.serviceWorker.ready.then(() => true)")
    phone.goto(live_server.url + scorer)
    assert phone.evaluate("navigator.serviceWorker.controller !== null")


def enter_round(phone: Any, goer: str, faces: list[str]) -> None:
    phone.locator(".went-out label.choice", has_text=goer).tap()
    tab(phone, goer).tap()
    for face in faces:
        phone.get_by_role("button", name=face, exact=True).tap()


def round_settings(phone: Any) -> tuple[str, str]:
    return phone.locator("#dealer").input_value(), phone.locator("#wild_rank").input_value()


def test_a_round_kept_offline_is_the_same_round_after_a_reload(
    live_server: LiveServer, phone: Any, console_errors: ConsoleErrors
) -> None:
    """Item 11: reloaded offline, the form is the round this phone keeps (its cards, its key),
    so that saving it again is the same round, never a second one from "another phone"."""
    console_errors.allow(*OFFLINE)
    scorer = progression_game(live_server)
    through_the_service_worker(phone, live_server, scorer)
    phone.get_by_role("link", name="Record round 1").tap()
    assert round_settings(phone) == ("Ann", "A")
    phone.wait_for_load_state("networkidle")

    phone.context.set_offline(True)
    enter_round(phone, "Ann", ["8♠", "9♠", "10♠"])
    phone.get_by_role("button", name="Save round").tap()
    status = phone.locator("#outbox-status")
    expect(status).to_contain_text("Round 1 saved on this phone, will send")
    kept = phone.evaluate("JSON.parse(localStorage.getItem('scorekeeper.outbox'))")

    phone.reload()
    expect(phone.locator(".round-note")).to_contain_text("This is round 1 as this phone keeps it")
    expect(status).to_contain_text("Round 1 saved on this phone, will send")
    expect(phone.locator(".round-head h1")).to_have_text("Round 1")
    assert phone.locator('input[name="key"]').input_value() == kept[0]["key"]
    expect(phone.locator("#round-preview")).to_contain_text("8♠ 9♠ 10♠")
    assert round_settings(phone) == ("Ann", "A")
    phone.get_by_role("button", name="Save round").tap()  # saved again: the same round
    expect(status).to_contain_text("Round 1 saved on this phone, will send")
    assert phone.evaluate("JSON.parse(localStorage.getItem('scorekeeper.outbox')).length") == 1

    phone.context.set_offline(False)
    expect(status).to_contain_text("Round 1: sent", timeout=10000)
    expect(phone.locator(".round-note")).to_have_count(0)  # nothing waits any more
    phone.wait_for_timeout(1000)  # nothing else is sent
    assert rounds_of(live_server, scorer) == [1]
    assert "another phone" not in phone.content()
    # the next round's form follows the server: Bob deals, twos are wild
    phone.get_by_role("link", name="See the standings").tap()
    phone.get_by_role("link", name="Record round 2").tap()
    assert round_settings(phone) == ("Bob", "2")


def test_rounds_entered_offline_one_after_another_are_this_phones(
    live_server: LiveServer, phone: Any, console_errors: ConsoleErrors
) -> None:
    """Item 11: the form the service worker kept is for a round this phone saved already: it
    becomes the next round (never the previous round's dealer and wild rank, which the phone
    cannot work out), the rounds go in order once the server answers, and a form open then
    takes the server's dealer and wild rank."""
    console_errors.allow(*OFFLINE)
    scorer = progression_game(live_server)
    through_the_service_worker(phone, live_server, scorer)
    phone.get_by_role("link", name="Record round 1").tap()
    enter_round(phone, "Ann", ["8♠", "9♠", "10♠"])
    phone.get_by_role("button", name="Save round").tap()
    expect(phone.locator(".flash", has_text="Round 1 saved")).to_be_visible()
    phone.wait_for_load_state("networkidle")

    phone.context.set_offline(True)
    phone.get_by_role("link", name="Record round 2").tap()  # the copy kept of round 1's form
    expect(phone.locator(".round-head h1")).to_have_text("Round 2")
    assert round_settings(phone) == ("", "")
    expect(phone.locator(".round-note")).to_contain_text("Round 1 was saved from this phone")
    expect(phone.locator(".card-btn.is-wild")).to_have_count(0)  # not the aces of round 1
    phone.screenshot(path="/tmp/offline-next-round.png")
    phone.locator("#dealer").select_option("Bob")
    phone.locator("#wild_rank").select_option("2")
    enter_round(phone, "Bob", ["3♣", "3♦", "3♥"])
    phone.get_by_role("button", name="Save round").tap()
    expect(phone.locator("#outbox-status")).to_contain_text("Round 2 saved on this phone")

    phone.get_by_role("link", name="Cancel").tap()
    phone.locator(".record a").tap()
    expect(phone.locator(".round-head h1")).to_have_text("Round 3")
    expect(phone.locator(".round-note")).to_contain_text("Round 2 is kept on this phone")
    expect(phone.locator("#outbox-status")).to_contain_text("Round 2 saved on this phone")
    assert round_settings(phone) == ("", "")

    phone.context.set_offline(False)
    expect(phone.locator("#outbox-status")).to_contain_text("Round 2: sent", timeout=10000)
    assert rounds_of(live_server, scorer) == [1, 2]
    # the form open meanwhile follows the server: Cy deals round 3, threes are wild
    expect(phone.locator("#dealer")).to_have_value("Cy", timeout=10000)
    expect(phone.locator("#wild_rank")).to_have_value("3")
    enter_round(phone, "Cy", ["5♣", "5♦", "5♥"])
    phone.get_by_role("button", name="Save round").tap()
    expect(phone.locator(".flash", has_text="Round 3 saved")).to_be_visible()
    assert rounds_of(live_server, scorer) == [1, 2, 3]
    assert "another phone" not in phone.content()


def test_a_kept_round_the_server_refuses_comes_back_as_itself(
    live_server: LiveServer, phone: Any, console_errors: ConsoleErrors
) -> None:
    """A kept round the server refuses comes back in its form with what stops it: the same
    round (its number, its key, its dealer), never taken for a round this phone saved."""
    console_errors.allow(*OFFLINE, "422")
    scorer = progression_game(live_server)
    phone.goto(live_server.url + scorer + "/rounds/new")
    phone.wait_for_load_state("networkidle")
    phone.context.set_offline(True)
    enter_round(phone, "Ann", ["8♠", "9♠", "5♥"])  # no meld: the server will refuse it
    phone.get_by_role("button", name="Save round").tap()
    expect(phone.locator("#outbox-status")).to_contain_text("Round 1 saved on this phone")
    key = phone.locator('input[name="key"]').input_value()

    phone.context.set_offline(False)
    expect(phone.locator(".notice", has_text="Nothing was saved")).to_be_visible(timeout=10000)
    expect(phone.locator(".round-head h1")).to_have_text("Round 1")
    expect(phone.locator(".round-note")).to_have_count(0)
    assert phone.locator('input[name="key"]').input_value() == key
    assert round_settings(phone) == ("Ann", "A")
    assert rounds_of(live_server, scorer) == []
