"""Times as every page writes them: a ``<time>`` with its UTC instant and a UTC text, for
static/js/times.js to show in the viewer's own time; the story, the history and the home page
write every time they show that one way."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.scoring import PlayerRecord, RoundRecord
from scorekeeper.engine.standings import Seat
from scorekeeper.store import access, records
from scorekeeper.store.db import db
from scorekeeper.store.models import GameChange
from scorekeeper.web.times import local_time

#: A moment: 8:28 in New York, 18:58 in Kolkata.
MOMENT = datetime(2026, 3, 1, 13, 28, tzinfo=UTC)
TAG = re.compile(r'<time datetime="([^"]+)" data-local="(datetime|date)">([^<]+)</time>')


@pytest.mark.parametrize(
    ("moment", "shown", "expected"),
    [
        (MOMENT, "datetime", ("2026-03-01T13:28:00Z", "datetime", "Sun 1 Mar 2026, 13:28 UTC")),
        (MOMENT, "date", ("2026-03-01T13:28:00Z", "date", "Sun 1 Mar 2026")),
        # an aware time in another zone, and a naive one (the store's are UTC)
        (
            datetime(2026, 3, 1, 18, 58, 30, tzinfo=timezone(timedelta(hours=5, minutes=30))),
            "datetime",
            ("2026-03-01T13:28:30Z", "datetime", "Sun 1 Mar 2026, 13:28 UTC"),
        ),
        (
            datetime(2026, 12, 31, 23, 5),
            "datetime",
            ("2026-12-31T23:05:00Z", "datetime", "Thu 31 Dec 2026, 23:05 UTC"),
        ),
    ],
)
def test_a_time_is_its_utc_instant_and_a_utc_text(
    moment: datetime, shown: str, expected: tuple[str, str, str]
) -> None:
    rendered = str(local_time(moment, shown))  # type: ignore[arg-type]
    assert TAG.fullmatch(rendered), rendered
    assert TAG.findall(rendered) == [expected]


def test_no_time_is_nothing_and_a_wrong_kind_is_refused() -> None:
    assert str(local_time(None)) == ""
    with pytest.raises(ValueError, match="'datetime' or 'date'"):
        local_time(MOMENT, "time")  # type: ignore[arg-type]


def test_the_filter_is_every_pages(app: Flask) -> None:
    with app.app_context():
        rendered = app.jinja_env.from_string("{{ moment|local_time('date') }}").render(
            moment=MOMENT
        )
    assert TAG.findall(rendered) == [("2026-03-01T13:28:00Z", "date", "Sun 1 Mar 2026")]


def times_shown(page: str) -> list[tuple[str, str, str]]:
    """Every ``<time>`` of a page as (datetime, kind, text); a time written any other way fails:
    a ``<time>`` without ``data-local`` or a "UTC" outside one."""
    found = TAG.findall(page)
    assert page.count("<time") == len(found), re.findall(r"<time[^>]*>[^<]*</time>", page)
    assert "UTC" not in TAG.sub("", page)
    return found


@pytest.mark.db
def test_the_story_writes_every_time_one_way(app: Flask, client: FlaskClient) -> None:
    """Started, finished, each change and when a scorer link was made: each a ``<time>`` of a
    date and a time, in UTC until the page's script shows it in the viewer's time."""
    with app.app_context():
        game = records.create_game(
            "Friday", rules_for("rummy500"), [Seat("Ann"), Seat("Bob")], preset="rummy500"
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
        access.replace_link(game, "scorer")
        records.finish_game(game)
        game.created_at = MOMENT - timedelta(hours=2)
        for change in db.session.scalars(db.select(GameChange)):
            change.created_at = MOMENT
        db.session.commit()
        watcher = game.watcher_token
        finished = game.finished_at
    assert finished is not None
    shown = times_shown(client.get(f"/w/{watcher}/story").get_data(as_text=True))
    assert {kind for _, kind, _ in shown} == {"datetime"}
    assert shown[0] == ("2026-03-01T11:28:00Z", "datetime", "Sun 1 Mar 2026, 11:28 UTC")
    assert shown[1][0] == finished.strftime("%Y-%m-%dT%H:%M:%SZ")  # finished
    # round 1 recorded, the new link, "finished" with that link and when it was made: 3 + 1
    at = ("2026-03-01T13:28:00Z", "datetime", "Sun 1 Mar 2026, 13:28 UTC")
    assert shown[2:] == [at] * 4


@pytest.mark.db
def test_the_history_and_home_write_dates_one_way(app: Flask, client: FlaskClient) -> None:
    app.config["HOUSEHOLD"] = True
    with app.app_context():
        game = records.create_game("Old", rules_for("rummy500"), [Seat("Ann"), Seat("Bob")])
        game.created_at = game.updated_at = MOMENT
        db.session.commit()
        records.create_game("New", rules_for("rummy500"), [Seat("Ann"), Seat("Bob")])
    history = times_shown(client.get("/history").get_data(as_text=True))
    assert ("2026-03-01T13:28:00Z", "date", "Sun 1 Mar 2026") in history
    assert {kind for _, kind, _ in history} == {"date"}
    home = client.get("/").get_data(as_text=True)
    assert TAG.findall(home) == [("2026-03-01T13:28:00Z", "date", "Sun 1 Mar 2026")]  # Old
    assert re.search(r'<time datetime="[^"]+">just now</time>', home)  # New: an age, no zone
