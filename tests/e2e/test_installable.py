"""Installable (issue 13, item 5): a web manifest with icons, theme-color, standalone display; a
service worker (secure contexts only: 127.0.0.1 is one) that keeps the app shell, so that the
scorer's page and the round form open without the network. On a plain-http LAN address the
browser offers no service worker and install.js does nothing: the pages work as before."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import ConsoleErrors, LiveServer
from .test_offline import OFFLINE
from .test_table_ux import new_game

expect = pytest.importorskip("playwright.sync_api").expect


def test_the_manifest_and_its_icons(live_server: LiveServer, phone: Any) -> None:
    phone.goto(live_server.url + "/")
    href = phone.locator('link[rel="manifest"]').get_attribute("href")
    assert phone.locator('meta[name="theme-color"]').count() >= 1
    manifest = phone.request.get(live_server.url + href)
    assert manifest.ok
    body = manifest.json()
    assert body["display"] == "standalone" and body["start_url"] == "/"
    assert body["theme_color"] and body["name"] == "Scorekeeper"
    sizes = {icon["sizes"] for icon in body["icons"]}
    assert {"192x192", "512x512"} <= sizes
    base = live_server.url + href.rsplit("/", 1)[0] + "/"
    for icon in body["icons"]:
        assert phone.request.get(base + icon["src"]).ok, icon["src"]


def test_the_scorers_pages_open_without_the_network(
    live_server: LiveServer, phone: Any, console_errors: ConsoleErrors
) -> None:
    console_errors.allow(*OFFLINE)
    scorer = new_game(live_server, "rummy500", ["Ann", "Bob", "Cy"])
    phone.goto(live_server.url + scorer)
    assert phone.evaluate("window.isSecureContext")
    phone.evaluate("navigator.serviceWorker.ready.then(() => true)")
    for path in (scorer, scorer + "/rounds/new"):  # now through the service worker: kept
        phone.goto(live_server.url + path)
        phone.wait_for_load_state("networkidle")
    assert phone.evaluate("navigator.serviceWorker.controller !== null")
    saved_key = phone.locator('input[name="key"]').input_value()
    phone.locator(".went-out label.choice", has_text="Ann").tap()
    for face in ["8♠", "9♠", "10♠"]:
        phone.get_by_role("button", name=face, exact=True).tap()
    phone.get_by_role("button", name="Save round").tap()
    expect(phone.locator(".flash", has_text="Round 1 saved")).to_be_visible()

    phone.context.set_offline(True)
    phone.goto(live_server.url + scorer)
    expect(phone.get_by_role("link", name="Record round 2")).to_be_visible()
    phone.goto(live_server.url + scorer + "/rounds/new")
    expect(phone.get_by_role("button", name="Save round")).to_be_visible()
    expect(phone.locator(".card-btn").first).to_be_visible()  # its script and styles too
    # the kept copy carries the saved round's key: the page takes a fresh one
    fresh = phone.locator('input[name="key"]').input_value()
    assert fresh != saved_key and len(fresh) == 32
    phone.context.set_offline(False)
