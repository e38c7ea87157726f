"""Spades on the pages: starting a game from the new-game form, the hand form (bids first, tricks
after, the missing tricks named), double taps, stale forms, corrections and deletions, and every
page of a Spades game answering (never a 500)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from scorekeeper.store.changes import StaleGame
from scorekeeper.store.db import db
from scorekeeper.store.models import Game, Round
from scorekeeper.systems.spades import store as spades
from scorekeeper.systems.spades.presets import spades_rules_for

pytestmark = pytest.mark.db

NAMES = ("Ann", "Bob", "Cy", "Dee")


def hidden(page: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', page)
    assert found, f"no field {name}"
    return html.unescape(found.group(1))


def text(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


@pytest.fixture
def game(app: Flask) -> dict[str, str]:
    with app.app_context():
        made = spades.create_spades_game(
            "Late", spades_rules_for("spades-300"), list(NAMES), preset="spades-300", dealer="Dee"
        )
        return {"scorer": made.scorer_token, "watcher": made.watcher_token}


def open_form(client: FlaskClient, token: str, path: str = "new") -> dict[str, str]:
    response = client.get(f"/s/{token}/hands/{path}")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    fields = {"csrf_token": hidden(page, "csrf_token"), "version": hidden(page, "version")}
    if path == "new":
        fields["key"] = hidden(page, "key")
    return fields


def hand_fields(bids: tuple[object, ...], tricks: tuple[object, ...] = ()) -> dict[str, str]:
    data = {f"bid-{seat}": str(bid) for seat, bid in enumerate(bids)}
    data |= {f"tricks-{seat}": str(taken) for seat, taken in enumerate(tricks)}
    return data


def count(app: Flask, model: Any = Round) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model)) or 0


def test_the_new_game_form_offers_spades_and_starts_a_game(app: Flask, client: FlaskClient) -> None:
    page = client.get("/games/new").get_data(as_text=True)
    assert 'value="spades"' in page and 'value="spades-300"' in page
    form = client.get("/games/new?preset=spades").get_data(as_text=True)
    assert "partners sit across" in form and 'name="player-4"' not in form
    assert 'name="opt-bag_limit"' in form and 'name="opt-nil_tricks"' in form
    csrf = hidden(form, "csrf_token")
    data = {
        "csrf_token": csrf,
        "preset": "spades",
        "options_for": "spades",
        **{f"player-{row}": name for row, name in enumerate(NAMES)},
        "opt-target": "250",
        "opt-min_side_bid": "",
        "dealer": "3",
    }
    response = client.post("/games/new", data=data)
    assert response.status_code == 303
    with app.app_context():
        made = db.session.scalar(select(Game))
        assert made is not None and made.preset == "spades"
        assert spades.spades_rules(made).target == 250
        assert [p.team for p in made.players] == ["Ann & Cy", "Bob & Dee"] * 2
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Bids of hand 1" in page and "Dee" in page


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"player-3": ""}, "players", "name four"),
        ({"opt-bag_limit": "0"}, "opt-bag_limit", "from 1 to 100"),
        ({"opt-nil_tricks": "sometimes"}, "opt-nil_tricks", "takes one of bags"),
        ({"opt-target": "lots"}, "opt-target", "not a whole number"),
        ({"opt-min_side_bid": "14"}, "opt-min_side_bid", "from 1 to 13"),
    ],
)
def test_the_new_game_form_refuses_bad_spades_options(
    app: Flask, client: FlaskClient, changes: dict[str, str], field: str, message: str
) -> None:
    form = client.get("/games/new?preset=spades").get_data(as_text=True)
    data = {
        "csrf_token": hidden(form, "csrf_token"),
        "preset": "spades",
        "options_for": "spades",
        **{f"player-{row}": name for row, name in enumerate(NAMES)},
        **changes,
    }
    response = client.post("/games/new", data=data)
    assert response.status_code == 422
    assert message in text(response.get_data(as_text=True))
    assert count(app, Game) == 0


def test_bids_first_then_tricks_make_a_hand(
    app: Flask, client: FlaskClient, game: dict[str, str]
) -> None:
    token = game["scorer"]
    assert client.get(f"/s/{token}/rounds/new").headers["Location"].endswith("/hands/new")
    form = open_form(client, token)
    response = client.post(
        f"/s/{token}/hands/new", data={**form, **hand_fields((4, "nil", 3, 5)), "save": "bids"}
    )
    assert response.status_code == 303 and count(app) == 0
    board = text(client.get(f"/w/{game['watcher']}").get_data(as_text=True))
    assert "Ann & Cy bid 7" in board and "Bob & Dee bid 5 · Bob nil" in board
    again = client.post(  # the same bids tapped twice: nothing changes, no conflict
        f"/s/{token}/hands/new", data={**form, **hand_fields((4, "nil", 3, 5)), "save": "bids"}
    )
    assert again.status_code == 303
    form = open_form(client, token)
    page = client.get(f"/s/{token}/hands/new").get_data(as_text=True)
    assert 'name="bid-1" value="nil" checked' in page  # the noted bids come back
    short = {**form, **hand_fields((4, "nil", 3, 5), (5, 0, 3, 4)), "save": "hand"}
    response = client.post(f"/s/{token}/hands/new", data=short)
    assert response.status_code == 422
    assert "add up to 12, not 13 (1 missing)" in text(response.get_data(as_text=True))
    whole = {**short, **hand_fields((4, "nil", 3, 5), (5, 0, 3, 5))}
    assert client.post(f"/s/{token}/hands/new", data=whole).status_code == 303
    assert client.post(f"/s/{token}/hands/new", data=whole).status_code == 303  # double tap
    assert count(app) == 1
    page = text(client.get(f"/s/{token}").get_data(as_text=True))
    # AC bid 7 took 8: 71, 1 bag; BD: Dee 5 made, Bob nil made: 150
    assert "Ann & Cy 71" in page or re.search(r"Ann & Cy.*71", page)
    assert "Bob & Dee" in page and "150" in page and "nil made +100" in page
    with app.app_context():
        stored = db.session.scalar(select(Game))
        assert stored is not None and spades.bids_in_play(stored) is None


def test_the_preview_names_the_missing_tricks_and_scores_a_whole_hand(
    client: FlaskClient, game: dict[str, str]
) -> None:
    token = game["scorer"]
    form = open_form(client, token)
    part = client.post(
        f"/s/{token}/hands/preview",
        data={**form, **hand_fields((4, "nil", 3, 5), (5, 0, "", ""))},
        headers={"HX-Request": "true"},
    )
    assert "Tricks: 5 of 13 · 8 missing" in text(part.get_data(as_text=True))
    whole = client.post(
        f"/s/{token}/hands/preview",
        data={**form, **hand_fields((4, "nil", 3, 5), (5, 0, 3, 5))},
        headers={"HX-Request": "true"},
    )
    shown = text(whole.get_data(as_text=True))
    assert "13 of 13" in shown and "+71" in shown and "+150" in shown


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (hand_fields((4, "nil", 3), (5, 0, 3, 5)), "What did Dee bid?"),
        (hand_fields((4, "nil", 3, 14), (5, 0, 3, 5)), "A bid is nil, blind nil or 1 to 13"),
        (hand_fields((4, "nil", 3, 5), (5, 0, 3, 6)), "add up to 14, not 13 (1 too many)"),
        (hand_fields((4, "nil", 3, 5), (5, 0, 3, "x")), "Tricks are 0 to 13"),
    ],
)
def test_a_hand_that_cannot_be_is_refused_and_nothing_stored(
    app: Flask, client: FlaskClient, game: dict[str, str], fields: dict[str, str], message: str
) -> None:
    form = open_form(client, game["scorer"])
    response = client.post(
        f"/s/{game['scorer']}/hands/new", data={**form, **fields, "save": "hand"}
    )
    assert response.status_code == 422
    assert message in text(response.get_data(as_text=True))
    assert count(app) == 0


def test_a_stale_form_is_a_conflict_and_a_correction_and_a_deletion_work(
    app: Flask, client: FlaskClient, game: dict[str, str]
) -> None:
    token = game["scorer"]
    first = open_form(client, token)
    second = open_form(client, token)
    played = {**hand_fields((4, 2, 3, 2), (5, 2, 4, 2)), "save": "hand"}
    assert client.post(f"/s/{token}/hands/new", data={**first, **played}).status_code == 303
    stale = client.post(f"/s/{token}/hands/new", data={**second, **played})
    assert stale.status_code == 409 and count(app) == 1
    fix = open_form(client, token, "1")
    corrected = {**fix, **hand_fields((4, 2, 3, 2), (4, 2, 4, 3)), "save": "hand", "dealer": "Bob"}
    assert client.post(f"/s/{token}/hands/1", data=corrected).status_code == 303
    assert client.post(f"/s/{token}/hands/1", data=corrected).status_code == 409  # old version
    with app.app_context():
        stored = db.session.scalar(select(Round))
        assert stored is not None
        tricks = [p.system_data["tricks"] for p in stored.parts]  # type: ignore[index]
        assert tricks == [4, 2, 4, 3] and stored.dealer is not None
    ask = client.get(f"/s/{token}/rounds/1/delete")
    assert ask.headers["Location"].endswith("/hands/1/delete")
    page = client.get(ask.headers["Location"]).get_data(as_text=True)
    assert "Delete hand 1" in page
    response = client.post(
        f"/s/{token}/rounds/1/delete",
        data={"csrf_token": hidden(page, "csrf_token"), "version": hidden(page, "version")},
    )
    assert response.status_code == 303 and count(app) == 0


def test_the_form_without_csrf_stores_nothing(
    app: Flask, client: FlaskClient, game: dict[str, str]
) -> None:
    form = open_form(client, game["scorer"])
    del form["csrf_token"]
    played = {**hand_fields((4, 2, 3, 2), (5, 2, 4, 2)), "save": "hand"}
    response = client.post(f"/s/{game['scorer']}/hands/new", data={**form, **played})
    assert response.status_code == 400 and count(app) == 0


def test_a_watchers_token_and_a_rummy_game_get_no_hand_form(
    client: FlaskClient, game: dict[str, str]
) -> None:
    assert client.get(f"/s/{game['watcher']}/hands/new").status_code == 404
    assert client.get(f"/s/{game['scorer']}/hands/9").status_code == 404


def test_every_page_of_a_spades_game_answers(
    app: Flask, client: FlaskClient, game: dict[str, str]
) -> None:
    token, watcher = game["scorer"], game["watcher"]
    form = open_form(client, token)
    played = {**hand_fields((4, 2, 3, "blind_nil"), (5, 4, 4, 0)), "save": "hand"}
    assert client.post(f"/s/{token}/hands/new", data={**form, **played}).status_code == 303
    for url in (
        f"/s/{token}",
        f"/w/{watcher}",
        f"/w/{watcher}/board?since=0",
        f"/s/{token}/rules",
        f"/w/{watcher}/rules",
        f"/s/{token}/story",
        f"/w/{watcher}/story",
        f"/s/{token}/check",
        f"/w/{watcher}/check",
        f"/w/{watcher}.csv",
        f"/w/{watcher}.json",
        "/history",
        "/stats",
        "/players",
        "/",
    ):
        response = client.get(url)
        assert response.status_code < 500, url
        assert response.status_code in (200, 404), url
    board = text(client.get(f"/w/{watcher}").get_data(as_text=True))
    assert "blind nil made +200" in board and "Totals after each hand" in board


def test_the_rules_story_csv_and_referee_of_a_spades_game(
    client: FlaskClient, game: dict[str, str]
) -> None:
    token, watcher = game["scorer"], game["watcher"]
    form = open_form(client, token)
    played = {**hand_fields(("nil", 4, 5, 3), (0, 4, 6, 3)), "save": "hand"}
    assert client.post(f"/s/{token}/hands/new", data={**form, **played}).status_code == 303
    rules = text(client.get(f"/w/{watcher}/rules").get_data(as_text=True))
    assert "Started from Spades to 300, unchanged" in rules
    assert "Every 10 bags cost 100" in rules and "bag_limit" in rules and "Meld" not in rules
    assert "Is this legal?" not in rules
    assert client.get(f"/s/{token}/check").status_code == 404
    story = text(client.get(f"/s/{token}/story").get_data(as_text=True))
    assert "Hands" in story and "Ann: nil made +100" in story and "Hand 1 recorded" in story
    rows = client.get(f"/w/{watcher}.csv").get_data(as_text=True).splitlines()
    assert rows[0].endswith(",bid,tricks")
    # Ann & Cy: Ann nil made, Cy 5 took 6: +100 +50 +1 on Ann's row (the side's first seat)
    assert "Late," in rows[1] and ",1,Ann,Ann & Cy,,hand,,,,,,151,151,nil,0" in rows[1]
    assert ",1,Cy,Ann & Cy,,hand,,,,,,0,0,5,6" in rows[2]


def test_history_and_stats_count_spades_games_and_wins(app: Flask, client: FlaskClient) -> None:
    form = client.get("/games/new?preset=spades-300").get_data(as_text=True)
    data = {
        "csrf_token": hidden(form, "csrf_token"),
        "preset": "spades-300",
        "options_for": "spades-300",
        **{f"player-{row}": name for row, name in enumerate(NAMES)},
        "opt-target": "100",
    }
    scorer = client.post("/games/new", data=data).headers["Location"]
    token = scorer.rstrip("/").split("/s/")[1]
    for _ in range(2):  # Ann & Cy bid 8 and make it twice: 160 to 60, over 100
        fields = open_form(client, token)
        played = {**hand_fields((4, 2, 4, 1), (4, 2, 4, 3)), "save": "hand"}
        assert client.post(f"/s/{token}/hands/new", data={**fields, **played}).status_code == 303
    page = text(client.get(scorer).get_data(as_text=True))
    assert "Ann & Cy wins" in page
    history = text(client.get("/history").get_data(as_text=True))
    assert "Spades to 300" in history and "Ann & Cy" in history
    stats = text(client.get("/stats").get_data(as_text=True))
    assert "Ann" in stats and "Bob" in stats


def test_the_preview_fills_in_the_last_players_tricks(
    client: FlaskClient, game: dict[str, str]
) -> None:
    form = open_form(client, game["scorer"])
    part = client.post(
        f"/s/{game['scorer']}/hands/preview",
        data={**form, **hand_fields((4, "nil", 3, 5), (5, 0, "", 3))},
        headers={"HX-Request": "true"},
    ).get_data(as_text=True)
    assert 'id="tricks-2-set" hx-swap-oob="true"' in part
    assert 'name="tricks-2" value="5" checked' in part and "13 of 13" in text(part)
    none = client.post(  # two players without tricks: nothing is filled in
        f"/s/{game['scorer']}/hands/preview",
        data={**form, **hand_fields((4, "nil", 3, 5), (5, 0, "", ""))},
        headers={"HX-Request": "true"},
    ).get_data(as_text=True)
    assert 'hx-swap-oob="true"' in none and "tricks-2-set" not in none


TEXT = st.one_of(
    st.sampled_from(["", "nil", "blind_nil", "0", "4", "13", "14", "-1", "x", "²", "1" * 200]),
    st.text(max_size=8),
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    fields=st.dictionaries(
        st.sampled_from(
            [f"{kind}-{seat}" for kind in ("bid", "tricks") for seat in range(5)]
            + ["save", "version", "key", "dealer", "hand"]
        ),
        TEXT,
    ),
    path=st.sampled_from(["new", "preview"]),
)
def test_any_form_is_answered_never_a_500(
    client: FlaskClient, game: dict[str, str], fields: dict[str, str], path: str
) -> None:
    form = open_form(client, game["scorer"])
    response = client.post(
        f"/s/{game['scorer']}/hands/{path}", data={"csrf_token": form["csrf_token"], **fields}
    )
    assert response.status_code in (200, 303, 409, 422)


def test_bids_saved_twice_from_a_stale_form_are_no_conflict(
    app: Flask, client: FlaskClient, game: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A double tap racing its twin (both read the game before either noted the bids; the twin
    commits first, so this one's version is stale): the same bids are noted, so it lands on the
    game page; other bids from that stale form are a conflict."""
    token = game["scorer"]
    form = open_form(client, token)
    with app.app_context():
        stored = db.session.scalar(select(Game))
        assert stored is not None
        spades.note_bids(stored, [4, "nil", 3, 5])  # the twin, stored first

    def raced(*args: object, **kwargs: object) -> bool:
        raise StaleGame("the twin took the version")

    monkeypatch.setattr(spades, "note_bids", raced)
    same = {**form, **hand_fields((4, "nil", 3, 5)), "save": "bids"}
    assert client.post(f"/s/{token}/hands/new", data=same).status_code == 303
    other = {**form, **hand_fields((4, "nil", 3, 6)), "save": "bids"}
    assert client.post(f"/s/{token}/hands/new", data=other).status_code == 409


def test_the_game_line_names_the_target_once(client: FlaskClient, game: dict[str, str]) -> None:
    """'Spades to 300' already says the target: the line under the game's name does not say
    'to 300' again, on the scorer's page or the board."""
    for path in (f"/s/{game['scorer']}", f"/w/{game['watcher']}"):
        words = text(client.get(path).get_data(as_text=True))
        assert "Spades to 300 · 4 players" in words
        assert "· to 300" not in words
