"""The contract every registered game family keeps: a new family gets these tests by registering
(``scorekeeper.systems.FAMILIES``). Its presets parse and round-trip through the stored snapshot;
it implements every layer of the interface; a game starts from each preset, a round of its own
posts and scores, and its pages and JSON answer before and after it."""

from __future__ import annotations

import ast
import html
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask, url_for
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.api.systems import ApiSystem
from scorekeeper.engine.system import SYSTEMS, GameSystem, system_of
from scorekeeper.store import history, records
from scorekeeper.store.db import db
from scorekeeper.store.models import Game
from scorekeeper.store.systems import StoreSystem
from scorekeeper.systems import FAMILIES
from scorekeeper.web.systems import WebSystem

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"
TEMPLATES = PACKAGE.parent / "templates"
PRESETS = [(family, preset) for family in FAMILIES for preset in family.presets]
NAMES = ["Ann", "Bob", "Cy", "Dee"]


def ids(value: Any) -> str:
    return value if isinstance(value, str) else value.id


def test_every_family_is_registered_once_with_its_presets(app: Flask) -> None:
    assert list(SYSTEMS) == list(FAMILIES)
    assert [preset.id for preset in SYSTEMS.presets()] == [p for _, p in PRESETS]
    assert len({family.id for family in FAMILIES}) == len(FAMILIES)


@pytest.mark.parametrize("family", FAMILIES, ids=ids)
def test_a_family_implements_every_layer(family: GameSystem) -> None:
    for layer in (GameSystem, StoreSystem, WebSystem, ApiSystem):
        assert isinstance(family, layer), f"{family.id} is not a whole {layer.__name__}"


@pytest.mark.parametrize(("family", "preset"), PRESETS, ids=ids)
def test_a_preset_round_trips_through_its_snapshot(family: GameSystem, preset: str) -> None:
    rules = family.rules_for(preset)
    assert rules == family.presets[preset].rules
    stored = family.rules_to_stored(rules)
    assert family.owns(stored)
    assert system_of(stored) is family  # no other family claims the snapshot
    assert family.rules_from_stored(stored) == rules
    assert family.rules_from_stored(stored, strict=True) == rules
    assert family.summary(rules) and all(isinstance(line, str) for line in family.summary(rules))


def _names(family: GameSystem, preset: str) -> list[str]:
    """The players a game of the preset seats: four where it may, else as many as it must."""
    allowed = family.seating(family.presets[preset].rules).players
    return NAMES[: 4 if 4 in allowed else allowed[0]]


def _start(client: FlaskClient, family: GameSystem, preset: str) -> tuple[str, str]:
    sides = family.seating(family.presets[preset].rules).sides
    players = [{"name": name} | ({"team": "North" if seat % 2 else "South"} if sides else {})
               for seat, name in enumerate(_names(family, preset))]  # fmt: skip
    answer = client.post(
        "/api/v1/games", json={"name": f"{preset} night", "rules": preset, "players": players}
    )
    assert answer.status_code == 201, answer.get_json()
    made = answer.get_json()
    return made["edit_url"].rsplit("/", 1)[1], made["view_url"].rsplit("/", 1)[1]


def _pages(client: FlaskClient, scorer: str, watcher: str) -> None:
    for url in (f"/s/{scorer}", f"/w/{watcher}", f"/s/{scorer}/rules", f"/w/{watcher}/rules",
                f"/s/{scorer}/story", f"/w/{watcher}/story", f"/w/{watcher}.csv",
                f"/w/{watcher}/board"):  # fmt: skip
        assert client.get(url).status_code == 200, url


@pytest.mark.db
@pytest.mark.parametrize(("family", "preset"), PRESETS, ids=ids)
def test_a_game_starts_takes_a_round_and_shows_it(
    app: Flask, client: FlaskClient, family: ApiSystem, preset: str
) -> None:
    assert client.get(f"/games/new?preset={preset}").status_code == 200
    scorer, watcher = _start(client, family, preset)
    _pages(client, scorer, watcher)
    entry = client.get(f"/s/{scorer}/rounds/new", follow_redirects=True)
    assert entry.status_code == 200
    names = _names(family, preset)
    body = family.example_round(family.presets[preset].rules, names)
    start = {t["name"]: t["total"] for t in client.get(f"/w/{watcher}.json").get_json()["totals"]}
    posted = client.post(f"/s/{scorer}/rounds", json=body, headers={"Idempotency-Key": "k1"})
    assert posted.status_code == 201, posted.get_json()
    again = client.post(f"/s/{scorer}/rounds", json=body, headers={"Idempotency-Key": "k1"})
    assert again.status_code == 201 and again.get_json() == posted.get_json()  # a retry
    board = client.get(f"/w/{watcher}.json").get_json()
    assert (len(board["rounds"]), board["next_round"], board["version"]) == (1, 2, 2)
    # the board moved by the round's totals: a round scored is a round counted (a family may
    # start from other than 0: chips)
    scored = {p["name"]: p.get("total") for p in posted.get_json()["players"]}
    totals = {t["name"]: t["total"] - start[t["name"]] for t in board["totals"]}
    assert set(totals) == set(names)
    if all(value is not None for value in scored.values()):
        assert totals == scored
    else:  # scored by sides: a player's total is their side's
        sides = {t["team"]: t["total"] for t in posted.get_json()["teams"]}
        assert sorted(set(totals.values())) == sorted(set(sides.values()))
    _pages(client, scorer, watcher)
    assert client.get(f"/s/{scorer}/rounds/1", follow_redirects=True).status_code == 200
    _stored_data(app, family, scorer)


def _stored_data(app: Flask, family: ApiSystem, scorer: str) -> None:
    """The round as stored: its family's data fits its model, its side points are on sides
    exactly where the family scores sides as a whole, and the cached standings add them up."""
    with app.app_context():
        game = db.session.scalars(select(Game).filter_by(scorer_token=scorer)).one()
        family.check_data(game)
        (stored,) = game.rounds
        assert bool(stored.sides) == family.capabilities.side_points
        standing = records.cached_standings(game)
        if stored.sides:
            assert {p.total for p in stored.parts} == {0}  # nobody scores alone
            assert {s.name: s.total for s in stored.sides} == standing.team_totals


# --- the floors never name a family ---------------------------------------------------------

FLOORS = ("engine", "store", "web", "api")
#: a branch on a family: its name as a value, or a helper that asks whether a game is one
FAMILY_CHECK = re.compile(
    r"is_spades|spades_game|board\.spades|\.game ?== ?|== ?[\"'](spades|rummy500|gin|indian)[\"']"
)


def _floor_files() -> list[Path]:
    return [
        path
        for floor in FLOORS
        for path in (PACKAGE / floor).rglob("*.py")
        if "migrations" not in path.parts
    ]


def test_no_floor_branches_on_a_family() -> None:
    found = [
        f"{path.relative_to(PACKAGE.parent)}:{number}: {line.strip()}"
        for path in [*_floor_files(), *TEMPLATES.rglob("*.html")]
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if FAMILY_CHECK.search(line)
    ]
    assert found == []


def test_no_floor_imports_a_family() -> None:
    """The imports keep one direction: the systems import the floors, never the other way."""
    found = []
    for path in _floor_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                target = ("." * node.level) + (node.module or "")
                if "systems" in target.split(".") and not target.endswith(".systems"):
                    found.append(f"{path.relative_to(PACKAGE.parent)}: {target}")
                if target in ("..systems", "...systems", "scorekeeper.systems"):
                    found.append(f"{path.relative_to(PACKAGE.parent)}: {target}")
    assert found == []


@pytest.mark.parametrize("family", FAMILIES, ids=ids)
def test_a_family_serves_its_own_stylesheets_fingerprinted(
    app: Flask, client: FlaskClient, family: WebSystem
) -> None:
    with app.test_request_context():
        urls = [url_for(endpoint, filename=name) for endpoint, name in family.stylesheets]
    for url in urls:  # under /static/, so that the service worker keeps them too
        assert re.fullmatch(r"/static/.+\?v=[0-9a-f]{12}", url), url
        with client.get(url) as response:
            assert response.status_code == 200 and response.data
            assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"


@pytest.mark.db
@pytest.mark.parametrize(("family", "preset"), PRESETS, ids=ids)
def test_a_round_after_the_end_is_refused_and_nothing_stored(
    app: Flask, client: FlaskClient, family: ApiSystem, preset: str
) -> None:
    scorer, watcher = _start(client, family, preset)
    rules = family.presets[preset].rules
    body = family.example_round(rules, _names(family, preset), decisive=True)
    if family.target(family.rules_to_stored(rules)).open_ended:
        # no end of its own (each deal settled alone): ten deals and it plays on
        for number in range(1, 11):
            key = {"Idempotency-Key": f"k{number}"}
            assert client.post(f"/s/{scorer}/rounds", json=body, headers=key).status_code == 201
        assert not client.get(f"/w/{watcher}.json").get_json()["finished"]
        return
    for number in range(1, 11):
        key = {"Idempotency-Key": f"k{number}"}
        assert client.post(f"/s/{scorer}/rounds", json=body, headers=key).status_code == 201
        board = client.get(f"/w/{watcher}.json").get_json()
        if board["finished"]:
            break
    else:
        pytest.fail(f"{preset}: ten decisive rounds and the game is not over")
    assert board["winners"]
    late = client.post(f"/s/{scorer}/rounds", json=body, headers={"Idempotency-Key": "late"})
    assert late.status_code == 409, late.get_json()
    error = late.get_json()["error"]
    assert error.startswith("the game is over") and all(w in error for w in board["winners"])
    assert client.get(f"/w/{watcher}.json").get_json()["version"] == board["version"]
    # the pages: the scorer page names the winner, the next round's form leads back to it
    entry = client.get(f"/s/{scorer}/rounds/new", follow_redirects=True)
    assert entry.request.path == f"/s/{scorer}", entry.request.path
    shown = html.unescape(" ".join(re.sub(r"<[^>]+>", " ", entry.get_data(as_text=True)).split()))
    assert "The game is over: " in shown and all(w in shown for w in board["winners"])
    retried = client.post(f"/s/{scorer}/rounds", json=body, headers=key)  # the last, again
    assert retried.status_code == 201  # a retry answers as before: not a new round
    # taking the last round back opens the game again, through the same standings
    with app.app_context():
        game = db.session.scalars(select(Game).filter_by(scorer_token=scorer)).one()
        history.undo_last(game)
    again = client.post(f"/s/{scorer}/rounds", json=body, headers={"Idempotency-Key": "new"})
    assert again.status_code == 201
