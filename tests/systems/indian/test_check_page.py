"""Indian Rummy's referee page: a meld judged with its pure mark or reason, a show judged (and
what the hand would pay), and the shared referee links send an Indian preset or game there."""

from __future__ import annotations

import html
import re

import pytest
from flask.testing import FlaskClient


def text(page: str) -> str:
    return html.unescape(" ".join(re.sub(r"<[^>]+>", " ", page).split()))


def test_a_meld_is_judged_pure_or_not(client: FlaskClient) -> None:
    pure = text(client.get("/indian/check?cards=QH+KH+AH").get_data(as_text=True))
    assert "Legal" in pure and "A pure sequence" in pure
    impure = text(client.get("/indian/check?cards=5H+6H+JK&wild_rank=9").get_data(as_text=True))
    assert "A sequence, not pure" in impure
    ka2 = text(client.get("/indian/check?cards=KH+AH+2H").get_data(as_text=True))
    assert "Not legal" in ka2


def test_a_show_is_judged_and_a_losing_hand_counted(client: FlaskClient) -> None:
    show = "2H+3H+4H+5C+6C+JK+9S+9D+9C+KD+KS+KH+KC"
    valid = text(client.get(f"/indian/check?hand={show}&wild_rank=7").get_data(as_text=True))
    assert "A valid show" in valid and "pure sequence" in valid
    two_sets = "2H+3H+4H+5C+5S+5D+9S+9H+9C+QD+QS+QH+QC"
    invalid = text(client.get(f"/indian/check?hand={two_sets}").get_data(as_text=True))
    assert "Not a valid show" in invalid and "only one sequence" in invalid
    assert "As a loser's hand it pays" in invalid


def test_what_it_cannot_read_is_said(client: FlaskClient) -> None:
    answer = client.get("/indian/check?cards=1S+2S+3S")
    assert answer.status_code == 400 and "'1S' is not a card" in text(answer.get_data(as_text=True))
    short = client.get("/indian/check?hand=2H+3H+4H")
    assert short.status_code == 400 and "a show is 13 cards, not 3" in text(
        short.get_data(as_text=True)
    )


@pytest.mark.db
def test_the_shared_referee_sends_indian_here(client: FlaskClient) -> None:
    moved = client.get("/check?rules=indian-pool-101&cards=QH+KH+AH")
    assert moved.status_code == 303
    assert moved.headers["Location"] == "/indian/check?rules=indian-pool-101&cards=QH+KH+AH"
    made = client.post(
        "/api/v1/games",
        json={"name": "G", "rules": "indian-points", "players": [{"name": "A"}, {"name": "B"}]},
    ).get_json()
    scorer = made["edit_url"].rsplit("/", 1)[1]
    assert client.get(f"/s/{scorer}/check").headers["Location"] == f"/s/{scorer}/indian/check"
    assert client.get(f"/s/{scorer}/indian/check?cards=QH+KH+AH").status_code == 200
