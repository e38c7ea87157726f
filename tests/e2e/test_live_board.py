"""The live scoreboard in a second browser: it follows the scorer's saves on its own, keeps the
viewer's place, says when it cannot reach the server and catches up afterwards; it offers no way
to change anything; the game page's QR code decodes to the watcher link at the public address.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from .conftest import ConsoleErrors, LiveServer

expect = pytest.importorskip("playwright.sync_api").expect

PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def start_game(page: Any, live_server: LiveServer) -> tuple[str, str]:
    """A Rummy 500 game for six, started through the API: (scorer path, watcher path)."""
    response = page.request.post(
        live_server.url + "/api/v1/games",
        data=json.dumps(
            {"name": "Live", "rules": "rummy500", "players": [{"name": n} for n in PLAYERS]}
        ),
        headers={"Content-Type": "application/json"},
    )
    assert response.status == 201
    links = response.json()
    return urlsplit(links["edit_url"]).path, urlsplit(links["view_url"]).path


def post_round(page: Any, live_server: LiveServer, scorer: str, goer: str) -> None:
    players = [
        {
            "name": name,
            "went_out": name == goer,
            "melds": [["3C", "3D", "3S"]] if name == goer else [],
            "hand": [],
        }
        for name in PLAYERS
    ]
    response = page.request.post(
        live_server.url + scorer + "/rounds",
        data=json.dumps({"ended_by": "going_out", "players": players}),
        headers={"Content-Type": "application/json", "Idempotency-Key": uuid.uuid4().hex},
    )
    assert response.status == 201


def total(page: Any, name: str) -> Any:
    return page.locator("#standings .competitor", has_text=name).locator(".competitor-total")


def test_the_board_follows_the_scorer(
    live_server: LiveServer, new_phone: Any, console_errors: ConsoleErrors
) -> None:
    scorer_page, board = new_phone(), new_phone(dark=True)
    scorer, watcher = start_game(scorer_page, live_server)
    board.goto(live_server.url + watcher)
    expect(total(board, "Ann")).to_have_text("0")
    for goer in PLAYERS[1:]:  # some rounds, so that the page scrolls
        post_round(scorer_page, live_server, scorer, goer)
    expect(total(board, "Fay")).to_have_text("9", timeout=5000)
    board.evaluate("window.notReloaded = true")
    board.locator("#round-2-details summary").click()  # a viewer opened round 2's lines
    board.evaluate("window.scrollTo(0, 400)")

    # The scorer records a round on the phone; the board shows it by itself.
    scorer_page.goto(live_server.url + scorer + "/rounds/new")
    scorer_page.locator(".went-out label.choice", has_text="Ann").tap()
    for face in ["3♣", "3♦", "3♠"]:
        scorer_page.get_by_role("button", name=face, exact=True).tap()
    scorer_page.get_by_role("button", name="Save round").tap()
    expect(scorer_page.locator(".flash", has_text="Round 6 saved")).to_be_visible()
    expect(total(board, "Ann")).to_have_text("9", timeout=4000)  # three 3s, 3 points each
    assert board.evaluate("window.notReloaded") is True
    assert board.evaluate("window.scrollY") == 400
    assert board.locator("#round-2-details").get_attribute("open") is not None

    # The Wi-Fi drops: the board says so; a save meanwhile shows once it is back.
    console_errors.allow("ERR_INTERNET_DISCONNECTED", "Failed to fetch")  # what we cause here
    board.context.set_offline(True)
    expect(board.locator("#connection")).to_be_visible(timeout=8000)
    post_round(scorer_page, live_server, scorer, "Bob")
    board.context.set_offline(False)
    expect(board.locator("#connection")).to_be_hidden(timeout=8000)
    expect(total(board, "Bob")).to_have_text("18", timeout=5000)

    # Nothing on the board changes the game, and the scorer's routes refuse its token.
    assert board.locator("form").count() == 0
    token = watcher.rsplit("/", 1)[1]
    for path in (f"/s/{token}", f"/s/{token}/rounds/new", f"/s/{token}/rounds/1"):
        assert board.request.get(live_server.url + path).status == 404
    assert (
        board.request.post(
            live_server.url + f"/s/{token}/rounds",
            data="{}",
            headers={"Content-Type": "application/json", "Idempotency-Key": "x"},
        ).status
        == 404
    )


@pytest.mark.skipif(shutil.which("zbarimg") is None, reason="zbarimg (zbar-tools) not installed")
def test_the_qr_code_is_the_watcher_link(
    live_server: LiveServer, phone: Any, tmp_path: Path
) -> None:
    public = "http://192.168.50.7:8000"
    scorer, watcher = start_game(phone, live_server)
    live_server.app.config["PUBLIC_BASE_URL"] = public
    try:
        phone.goto(live_server.url + scorer)
        image = tmp_path / "qr.png"
        phone.locator("#watch-qr svg").screenshot(path=str(image))
    finally:
        live_server.app.config["PUBLIC_BASE_URL"] = live_server.url
    decoded = subprocess.run(
        ["zbarimg", "--quiet", "--raw", str(image)], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert decoded == public + watcher
    # the scorer's own code stays folded away until a deliberate tap
    assert not phone.locator("#edit-qr svg").is_visible()


def test_a_board_on_a_replaced_link_says_so_and_stops_asking(
    live_server: LiveServer, new_phone: Any, console_errors: ConsoleErrors
) -> None:
    """Issue 36, item 12: the scorer makes a new scoreboard link; a board open on the old one
    is answered 404, which is no network drop: it says the link was replaced and stops polling."""
    console_errors.allow("404")  # the old link's answer, which the browser reports
    scorer_page, board = new_phone(), new_phone()
    scorer, watcher = start_game(scorer_page, live_server)
    board.goto(live_server.url + watcher)
    expect(total(board, "Ann")).to_have_text("0")
    polls: list[str] = []
    board.on(
        "request", lambda request: polls.append(request.url) if "/board" in request.url else None
    )

    scorer_page.goto(live_server.url + scorer)
    scorer_page.locator(".replace-links summary").tap()
    scorer_page.get_by_role("button", name="New scoreboard link").tap()
    expect(scorer_page.locator(".flash", has_text="The scoreboard has a new link")).to_be_visible()

    banner = board.locator("#connection")
    expect(banner).to_be_visible(timeout=8000)
    expect(banner).to_contain_text("link was replaced")
    expect(banner).to_contain_text("ask the scorer for the new one")
    expect(banner).not_to_contain_text("Trying again")
    expect(total(board, "Ann")).to_have_text("0")  # the last board stays, marked as stopped
    expect(board.locator(".share")).to_be_hidden()  # no QR code of the dead link to pass on
    board.screenshot(path="/tmp/replaced-link-board.png", full_page=False)
    asked = len(polls)
    board.evaluate("document.dispatchEvent(new Event('board-wake'))")
    board.wait_for_timeout(4000)  # more than two poll intervals
    assert len(polls) == asked, "the board still asks the old link"
    expect(banner).to_contain_text("link was replaced")
