"""Gin's referee page: a meld judged with its reason, a hand's least deadwood (and a defender's
layoffs), what it cannot read; the shared referee links send a Gin preset or game there."""

from __future__ import annotations

import html
import re

import pytest
from flask.testing import FlaskClient


def text(page: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", page).split())


def test_a_meld_is_judged_with_its_reason(client: FlaskClient) -> None:
    qka = client.get("/gin/check?cards=QS+KS+AS")
    assert qka.status_code == 200
    assert "Not legal" in text(qka.get_data(as_text=True))
    assert "Q-K-A is not a run in Gin: aces are low (A-2-3 is)" in text(qka.get_data(as_text=True))
    fourth = text(client.get("/gin/check?cards=7D&onto=7S+7H+7C").get_data(as_text=True))
    assert "Legal" in fourth and "A set once laid off: the cards laid count 7" in fourth


def test_a_hand_is_arranged_for_the_least_deadwood(client: FlaskClient) -> None:
    page = text(client.get("/gin/check?hand=7C+7H+7S+8C+9C+10C+KD+2H+3D+4S").get_data(as_text=True))
    assert "Deadwood 19" in page
    defender = text(
        client.get("/gin/check?onto=5S+6S+7S&hand=8S+9S+KH+KD+KC+2H+3H+4D+5D+QC").get_data(
            as_text=True
        )
    )
    assert "Deadwood 24" in defender and "Laid off: 8♠ 9♠" in defender


@pytest.mark.parametrize(
    ("query", "said"),
    [("cards=JK+5S+6S", "'JK' is not a card of the pack"), ("cards=5S+5S+5H", "5S is there twice")],
)
def test_what_it_cannot_read_is_said(client: FlaskClient, query: str, said: str) -> None:
    answer = client.get(f"/gin/check?{query}")
    assert answer.status_code == 400 and said in html.unescape(answer.get_data(as_text=True))


@pytest.mark.db
def test_the_shared_referee_sends_gin_here(client: FlaskClient) -> None:
    moved = client.get("/check?rules=gin-oklahoma&cards=QS+KS+AS")
    assert moved.status_code == 303
    assert moved.headers["Location"] == "/gin/check?rules=gin-oklahoma&cards=QS+KS+AS"
    made = client.post(
        "/api/v1/games",
        json={"name": "G", "rules": "gin", "players": [{"name": "Ann"}, {"name": "Bob"}]},
    ).get_json()
    scorer = made["edit_url"].rsplit("/", 1)[1]
    watcher = made["view_url"].rsplit("/", 1)[1]
    assert client.get(f"/s/{scorer}/check").headers["Location"] == f"/s/{scorer}/gin/check"
    assert client.get(f"/w/{watcher}/check").headers["Location"] == f"/w/{watcher}/gin/check"
    assert client.get(f"/w/{watcher}/gin/check?cards=AS+2S+3S").status_code == 200
    rummy = client.post(
        "/api/v1/games",
        json={"name": "R", "rules": "rummy500", "players": [{"name": "Ann"}, {"name": "Bob"}]},
    ).get_json()
    assert client.get(f"/s/{rummy['edit_url'].rsplit('/', 1)[1]}/gin/check").status_code == 404
