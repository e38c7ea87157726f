"""One time format, in the viewer's own time, everywhere (issue 36, item 14): a phone in New York
(12-hour clock) and one in Kolkata (24-hour) each see the same moment the same way on the story,
the history and the board (its "scores from" note while the server cannot be reached, and a time a
poll swaps in), with no "UTC" and no mix of clocks."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from playwright.sync_api import expect

from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.scoring import PlayerRecord, RoundRecord
from scorekeeper.engine.standings import Seat
from scorekeeper.store import records
from scorekeeper.store.db import db
from scorekeeper.store.models import GameChange

from .conftest import ConsoleErrors, LiveServer, scrolls_sideways

#: The moment every time of the game is set to, and what each phone must show for it.
MOMENT = datetime(2026, 3, 1, 13, 28, tzinfo=UTC)
ZONES = [
    # zone, locale, the date and time, the date alone, the time alone
    ("America/New_York", "en-US", "Sun, Mar 1, 2026, 8:28 AM", "Sun, Mar 1, 2026", "8:28 AM"),
    ("Asia/Kolkata", "en-GB", "Sun, 1 Mar 2026, 18:58", "Sun, 1 Mar 2026", "18:58"),
]


def plain(text: str) -> str:
    """Text with the narrow and no-break spaces Intl may put before "AM" as plain spaces."""
    return re.sub(r"[\u202f\u00a0]", " ", text)


@pytest.fixture(scope="module")
def game_links(live_server: LiveServer) -> Iterator[dict[str, str]]:
    """A game with one round, started, changed and listed at MOMENT; its links."""
    with live_server.app.app_context():
        game = records.create_game(
            "Sunday", rules_for("rummy500"), [Seat("Ann"), Seat("Bob")], preset="rummy500"
        )
        records.store_round(
            game,
            RoundRecord(
                (
                    PlayerRecord("Ann", went_out=True, melded_points=60, hand_points=0),
                    PlayerRecord("Bob", melded_points=10, hand_points=25),
                )
            ),
        )
        game.created_at = MOMENT
        for change in db.session.scalars(
            db.select(GameChange).where(GameChange.game_id == game.id)
        ):
            change.created_at = MOMENT
        db.session.commit()
        links = {"scorer": f"/s/{game.scorer_token}", "watcher": f"/w/{game.watcher_token}"}
        db.session.remove()
    yield links


@pytest.fixture
def zoned_phone(new_phone: Callable[..., Any]) -> Callable[..., Any]:
    """A factory of phone pages (390×844, touch) in a time zone and a locale."""

    def open_phone(timezone_id: str, locale: str) -> Any:
        # the board's polls go past page.route, not through a service worker
        return new_phone(timezone_id=timezone_id, locale=locale, service_workers="block")

    return open_phone


def clocks(text: str) -> set[str]:
    """The kinds of clock a text shows: "12h" for a time with AM or PM, "24h" for one without."""
    return {"12h" if suffix else "24h" for suffix in re.findall(r"\d:\d\d(\s?[AP]M)?", text)}


@pytest.mark.parametrize(("zone", "locale", "both", "day", "clock"), ZONES)
def test_the_story_history_and_board_show_one_local_format(
    live_server: LiveServer,
    zoned_phone: Callable[..., Any],
    console_errors: ConsoleErrors,
    game_links: dict[str, str],
    zone: str,
    locale: str,
    both: str,
    day: str,
    clock: str,
) -> None:
    phone = zoned_phone(zone, locale)
    twelve = "12h" if clock.endswith("M") else "24h"

    # The story: started, and each change, at MOMENT in the phone's own time.
    phone.goto(live_server.url + game_links["watcher"] + "/story")
    meta = plain(phone.locator(".game-meta").inner_text())
    assert f"started {both}" in meta, meta
    events = [plain(text) for text in phone.locator(".event-when time").all_inner_texts()]
    assert events and set(events) == {both}, events
    story = plain(phone.locator("main").inner_text())
    assert "UTC" not in story and clocks(story) == {twelve}
    assert not scrolls_sideways(phone)

    # The history: the date alone, in the same format.
    phone.goto(live_server.url + game_links["scorer"])  # this phone knows the game
    phone.goto(live_server.url + "/history")
    card = phone.locator(".history-card", has_text="Sunday")
    assert plain(card.locator("time").inner_text()) == day

    # The board, its poll failing with the phone's clock at MOMENT: "the scores are from" then.
    phone.clock.set_fixed_time(MOMENT)
    phone.goto(live_server.url + game_links["watcher"])
    console_errors.allow("ERR_FAILED", "Failed to fetch")  # the polls made to fail here
    phone.route("**/board?since=*", lambda route: route.abort())
    phone.evaluate("document.dispatchEvent(new Event('board-wake'))")
    banner = phone.locator("#connection")
    expect(banner).to_be_visible(timeout=8000)
    said = plain(banner.inner_text())
    assert f"(from {clock})" in said, said
    assert both.endswith(clock)  # the clock part of the story's date and time
    assert "UTC" not in said and clocks(said) == {twelve}

    # A time that a poll swaps in is shown the same way.
    phone.unroute("**/board?since=*")
    phone.route(
        "**/board?since=*",
        lambda route: route.fulfill(
            status=200,
            content_type="text/html",
            body='<div id="live"><p id="swapped">Saved <time datetime="2026-03-01T13:28:00Z" '
            'data-local="datetime">Sun 1 Mar 2026, 13:28 UTC</time></p></div>',
        ),
    )
    phone.evaluate("document.dispatchEvent(new Event('board-wake'))")
    swapped = phone.locator("#swapped time")
    expect(swapped).to_have_count(1, timeout=8000)
    expect(swapped).to_have_text(re.compile(re.escape(both).replace(r"\ ", r"[\s\u202f]")))
