"""History and stats on a phone: who wins most in two taps from the home page, the filters, and
every page of them fitting 360 to 430 px with thumb-sized targets, light and dark."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.scoring import PlayerRecord, RoundRecord
from scorekeeper.engine.standings import Seat
from scorekeeper.store import records
from scorekeeper.store.db import db

from .conftest import LiveServer, scrolls_sideways


def by_totals(goer: str, **points: tuple[int, int]) -> RoundRecord:
    return RoundRecord(
        tuple(
            PlayerRecord(name, went_out=name == goer, melded_points=melded, hand_points=held)
            for name, (melded, held) in points.items()
        )
    )


@pytest.fixture(scope="module")
def scorer_paths(live_server: LiveServer) -> Iterator[list[str]]:
    """Two games with winners: Annabelle beats Bartholomew; Cy beats Annabelle."""
    with live_server.app.app_context():
        first = records.create_game(
            "Monday at Ann's", rules_for("rummy500"), [Seat("Annabelle"), Seat("Bartholomew")]
        )
        records.store_round(first, by_totals("Annabelle", Annabelle=(520, 0), Bartholomew=(40, 20)))
        second = records.create_game(
            "Tuesday", rules_for("rummy500"), [Seat("Annabelle"), Seat("Cy")], preset="rummy500"
        )
        records.store_round(second, by_totals("Cy", Cy=(510, 0), Annabelle=(60, 35)))
        paths = [f"/s/{first.scorer_token}", f"/s/{second.scorer_token}"]
        db.session.remove()
    yield paths


def open_games(page: Any, live_server: LiveServer, paths: list[str]) -> None:
    for path in paths:
        page.goto(live_server.url + path)


def test_who_wins_most_is_two_taps_from_home(
    phone: Any, live_server: LiveServer, scorer_paths: list[str]
) -> None:
    open_games(phone, live_server, scorer_paths)
    phone.goto(live_server.url + "/")
    phone.get_by_role("link", name="History and stats: who wins most").click()
    leaders = phone.locator(".leaders")
    assert "Wins most" in leaders.inner_text() and "Goes out most" in leaders.inner_text()
    cards = phone.locator(".history-card .game-card-name")
    assert cards.all_inner_texts()[:2] == ["Tuesday", "Monday at Ann's"]
    phone.select_option("#filter-player", label="Cy")
    phone.get_by_role("button", name="Show").click()
    assert cards.all_inner_texts() == ["Tuesday"]
    assert "player=cy" in phone.url
    phone.get_by_role("link", name="Stats").click()
    assert phone.locator("svg.bars").count() == 2
    assert phone.locator(".person-card h3").all_inner_texts()[:1] in (["Annabelle"], ["Cy"])
    phone.select_option("#versus-a", label="Annabelle")
    phone.select_option("#versus-b", label="Cy")
    phone.get_by_role("button", name="Compare").click()
    assert "1 game together" in phone.locator("main").inner_text()
    phone.get_by_role("link", name="Games").click()
    phone.locator(".game-card-name", has_text="Tuesday").click()
    assert phone.url.endswith(scorer_paths[1] + "/story")  # a finished game opens its story


@pytest.mark.parametrize("dark", [False, True])
@pytest.mark.parametrize("width", [360, 430])
@pytest.mark.parametrize("path", ["/history", "/stats", "/stats?a=annabelle&b=cy", "/players"])
def test_every_history_page_fits_a_phone(
    new_phone: Any,
    live_server: LiveServer,
    scorer_paths: list[str],
    path: str,
    width: int,
    dark: bool,
) -> None:
    page = new_phone(dark=dark, width=width)
    open_games(page, live_server, scorer_paths)
    answer = page.goto(live_server.url + path)
    assert answer.status == 200
    assert not scrolls_sideways(page)
    targets = page.locator(
        "main a.button, main button, .history-tabs a, main select, .game-card-name"
    )
    assert targets.count() > 0
    for index in range(targets.count()):
        box = targets.nth(index).bounding_box()
        if box is not None:  # hidden ones have none
            assert box["height"] >= 40, targets.nth(index).inner_text()


def test_head_to_head_counts_finished_games_and_its_chart_says_what_it_shows(
    phone: Any, live_server: LiveServer
) -> None:
    """Issue 36, item 13: Dora won the game that is over; Eli leads the one still in play, which
    is no game he finished ahead in. The rounds each scored more in are "rounds won". The chart
    has a caption, and its axes say what they count."""
    with live_server.app.app_context():
        over = records.create_game(
            "Over", rules_for("rummy500"), [Seat("Dora"), Seat("Eli")], preset="rummy500"
        )
        records.store_round(over, by_totals("Dora", Dora=(510, 0), Eli=(30, 10)))
        playing = records.create_game(
            "Playing", rules_for("rummy500"), [Seat("Dora"), Seat("Eli")], preset="rummy500"
        )
        records.store_round(playing, by_totals("Eli", Eli=(90, 0), Dora=(20, 5)))
        records.store_round(playing, by_totals("Eli", Eli=(40, 0), Dora=(10, 15)))
        paths = [f"/s/{over.scorer_token}", f"/s/{playing.scorer_token}"]
        db.session.remove()
    open_games(phone, live_server, paths)
    phone.goto(live_server.url + "/stats?a=dora&b=eli#versus")
    main = phone.locator("main")
    assert "2 games together, 1 finished, 3 rounds." in main.inner_text()
    table = phone.locator(".versus-table")
    assert table.locator("tr", has_text="Finished ahead").locator("td").all_inner_texts() == [
        "1",
        "0",
    ]
    assert table.locator("tr", has_text="Rounds won").locator("td").all_inner_texts() == [
        "1",
        "2",
    ]
    assert "Rounds ahead" not in main.inner_text()
    figure = phone.locator("figure", has=phone.locator("svg.chart:not(.bars)"))
    caption = figure.locator("figcaption")
    assert caption.inner_text() == "Games won, one game together after another"
    assert caption.is_visible()
    chart = phone.get_by_role("img", name="Games won, one game together after another")
    chart.scroll_into_view_if_needed()
    for name in ("Games played together", "Games won"):
        axis = chart.locator("text.axis-name", has_text=name)
        assert axis.is_visible()
        box, frame = axis.bounding_box(), chart.bounding_box()
        assert box is not None and frame is not None
        assert frame["x"] <= box["x"] and box["x"] + box["width"] <= frame["x"] + frame["width"]
    assert not scrolls_sideways(phone)
