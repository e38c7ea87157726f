"""Spades says "hand" throughout, on the phone at 390×844: the hand in play reads as one sentence
("Hand 2: Cy deals, bidding"), Undo takes back "hand 1 added", and the hand form's lines show a
bag penalty as its own line, which its points include."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import LiveServer

expect = pytest.importorskip("playwright.sync_api").expect

#: Ann and Cy bid 1 each and take 12: ten bags, so the penalty strikes in the first hand.
BAGGED = {
    "players": [
        {"name": "Ann", "bid": 1, "tricks": 6},
        {"name": "Bob", "bid": "nil", "tricks": 0},
        {"name": "Cy", "bid": 1, "tricks": 6},
        {"name": "Dee", "bid": 1, "tricks": 1},
    ]
}


def test_spades_words_on_the_phone(live_server: LiveServer, phone: Any) -> None:
    client = live_server.app.test_client()
    made = client.post(
        "/api/v1/games",
        json={
            "name": "Words",
            "rules": "spades",
            "players": [{"name": n} for n in ("Ann", "Bob", "Cy", "Dee")],
            "dealer": "Bob",
        },
    ).get_json()
    scorer = made["edit_url"].rsplit("/", 1)[1]
    posted = client.post(f"/s/{scorer}/rounds", json=BAGGED, headers={"Idempotency-Key": "w1"})
    assert posted.status_code == 201, posted.get_json()
    phone.goto(f"{live_server.url}/s/{scorer}")
    expect(phone.locator(".spades-in-play .in-play-line")).to_have_text("Hand 2: Cy deals, bidding")
    expect(phone.locator("#undo-what")).to_have_text("Takes back: hand 1 added")
    phone.goto(f"{live_server.url}/s/{scorer}/hands/1")
    lines = phone.locator(".preview-lines li").first
    expect(lines).to_contain_text("contract 2 made +20 · 10 bags +10 · 10 bags −100")
    expect(phone.locator(".spades-totals tbody tr").first).to_contain_text("-70")
