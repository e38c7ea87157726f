"""A game that takes no more rounds offers none (issue 36, item 15), at 390×844: over by its
rules, or marked finished, its scorer's page says why and has no "Record round N", no deal
helper's "Record this round" and no "Mark finished"; reopened, the round comes back."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.scoring import PlayerRecord, RoundRecord
from scorekeeper.engine.standings import Seat
from scorekeeper.store import records
from scorekeeper.store.db import db
from scorekeeper.store.models import Game

from .conftest import LiveServer

expect = pytest.importorskip("playwright.sync_api").expect


def new_game(live_server: LiveServer, name: str, target: int) -> str:
    with live_server.app.app_context():
        game = records.create_game(
            name, rules_for("rummy500", {"target": target}), [Seat("Ann"), Seat("Bob")]
        )
        # Ann goes out with 60 melded; Bob keeps 5 in hand
        records.store_round(
            game,
            RoundRecord(
                players=(
                    PlayerRecord("Ann", went_out=True, melded_points=60, hand_points=0),
                    PlayerRecord("Bob", melded_points=0, hand_points=5),
                )
            ),
        )
        return game.scorer_token


def offers_no_round(phone: Any) -> None:
    expect(phone.get_by_role("link", name="Record round 2")).to_have_count(0)
    expect(phone.get_by_role("link", name="Record this round")).to_have_count(0)
    expect(phone.get_by_role("button", name="Mark finished")).to_have_count(0)


def test_a_game_its_rules_ended_offers_no_round(live_server: LiveServer, phone: Any) -> None:
    token = new_game(live_server, "Over by the rules", target=50)
    phone.goto(f"{live_server.url}/s/{token}")
    expect(phone.get_by_text("Ann won")).not_to_have_count(0)
    offers_no_round(phone)
    # the round form itself sends the scorer back, saying why
    phone.goto(f"{live_server.url}/s/{token}/rounds/new")
    expect(phone.get_by_text("The game is over")).not_to_have_count(0)
    expect(phone.locator("form.round-form")).to_have_count(0)


def test_a_game_marked_finished_offers_no_round_until_reopened(
    live_server: LiveServer, phone: Any
) -> None:
    token = new_game(live_server, "Marked finished", target=500)
    phone.goto(f"{live_server.url}/s/{token}")
    expect(phone.get_by_role("link", name="Record round 2")).to_be_visible()
    phone.get_by_role("button", name="Mark finished").click()
    expect(phone.get_by_role("button", name="Reopen the game")).to_be_visible()
    offers_no_round(phone)
    phone.get_by_role("button", name="Reopen the game").click()
    expect(phone.get_by_role("link", name="Record round 2")).to_be_visible()
    with live_server.app.app_context():
        game = db.session.execute(db.select(Game).filter_by(scorer_token=token)).scalar_one()
        assert game.finished_at is None
