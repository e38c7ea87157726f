"""Fuzz every endpoint from the app's own /api/v1/openapi.json (schemathesis).

Bounded and deterministic: a fixed number of examples per endpoint, derandomized, no example
database. Checked: never a 5xx, only documented statuses and content types, and every response
body matches its documented schema. (Schema-valid requests may still be refused with a 400, e.g. a
dealer who is not among the players: the schema cannot say that, so acceptance is not checked.)

``POST /api/v1/games`` writes, so the app has a database of its own: a temporary SQLite file built
by the migrations, removed when the module's tests are done.
"""

from __future__ import annotations

import json
import tempfile
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import hypothesis
import pytest
import schemathesis
from flask import Flask
from flask_migrate import upgrade  # type: ignore[import-untyped]
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from scorekeeper import create_app
from scorekeeper.store.db import db

#: Refusals of a request the document allows, for what the document could have said: a preset
#: or an option an endpoint does not take, a header's form. Other 400s of schema-valid data are
#: the ones API.md gives (a card declared as another that is not wild, a card twice in one pack,
#: a dealer who is not playing), and 422s are refusals the schema cannot express.
DOCUMENTED_REFUSALS = ("rules: unknown preset", "If-Match:", "Idempotency-Key:")
OPTION_REFUSAL = "rules: unknown option"


@schemathesis.check
def schema_valid_is_not_refused_for_what_the_document_says(
    ctx: object, response: Any, case: schemathesis.Case
) -> None:
    """A request generated from the document (positive data) is never refused with a 400 for
    a preset, an option name or a header the document offers (issue 36, item 8)."""
    if case.meta is None or not case.meta.generation.mode.is_positive:
        return
    if response.status_code != 400:
        return
    message = json.loads(response.content)["error"]
    refused_for = DOCUMENTED_REFUSALS
    if case.operation.path != "/api/v1/games":  # a game's options depend on its family
        refused_for += (OPTION_REFUSAL,)
    for prefix in refused_for:
        assert prefix not in message, f"the document offered what was refused: {message}"


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    schema_valid_is_not_refused_for_what_the_document_says,
]


_DATABASE_DIR = tempfile.TemporaryDirectory(prefix="scorekeeper-schema-")


def _app() -> Flask:
    # Built at import: schemathesis parametrizes at collection time, and its lazy
    # from_fixture loader does not work with this pytest (it reads a removed node attribute).
    # Keep this config in step with the `app` fixture of tests/conftest.py.
    database = Path(_DATABASE_DIR.name) / "schema.sqlite3"
    app = create_app(
        {"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}"}
    )
    with app.app_context():
        upgrade()
    return app


APP = _app()
schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", APP)
# A game, so that the fuzzing of a game's routes reaches past "no game has this link".
_GAME = APP.test_client().post(
    "/api/v1/games",
    json={"name": "Fuzzed", "rules": "rummy500", "players": [{"name": "Ann"}, {"name": "Bob"}]},
)
TOKENS = {
    "/s/{token}/rounds": _GAME.get_json()["edit_url"].split("/s/")[1],
    "/w/{token}.json": _GAME.get_json()["view_url"].split("/w/")[1],
}
# And a game of Spades with a hand played, so that its answers are checked against the document.
_SPADES = (
    APP.test_client()
    .post(
        "/api/v1/games",
        json={"name": "Fuzzed", "rules": "spades", "players": [{"name": n} for n in "ABCD"]},
    )
    .get_json()
)
SPADES_TOKENS = {
    "/s/{token}/rounds": _SPADES["edit_url"].split("/s/")[1],
    "/w/{token}.json": _SPADES["view_url"].split("/w/")[1],
}
_HAND = [{"name": n, "bid": 3, "tricks": t} for n, t in zip("ABCD", (4, 3, 3, 3), strict=True)]
_PLAYED = APP.test_client().post(
    f"/s/{SPADES_TOKENS['/s/{token}/rounds']}/rounds",
    json={"players": _HAND},
    headers={"Idempotency-Key": "played"},
)
assert _PLAYED.status_code == 201


@pytest.fixture(scope="module", autouse=True)
def _remove_the_database() -> Iterator[None]:
    yield
    with APP.app_context():
        db.session.remove()
        for engine in db.engines.values():
            engine.dispose()
    _DATABASE_DIR.cleanup()


def test_every_endpoint_is_fuzzed() -> None:
    # schemathesis leaves out the document's own endpoint, which the other tests fetch
    fuzzed = {
        (operation.method.upper(), operation.path)
        for operation in (result.ok() for result in schema.get_all_operations())
    }
    assert {
        ("GET", "/api/v1/presets"),
        ("POST", "/api/v1/deal"),
        ("POST", "/api/v1/melds/check"),
        ("POST", "/api/v1/melds/arrange"),
        ("POST", "/api/v1/rounds/score"),
        ("POST", "/api/v1/games"),
        ("POST", "/s/{token}/rounds"),
        ("GET", "/w/{token}.json"),
    } <= fuzzed


@schema.parametrize()
@hypothesis.settings(
    max_examples=40,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(hypothesis.HealthCheck),
)
def test_api_conforms_to_its_schema(case: schemathesis.Case) -> None:
    # Mostly a game's own token (the rummy game's, or the Spades game's), sometimes whatever was
    # generated (mostly a 404).
    pick = zlib.crc32(repr(case.body).encode()) % 4
    if case.operation.path in TOKENS and case.path_parameters is not None and pick:
        tokens = SPADES_TOKENS if pick == 1 else TOKENS
        case.path_parameters["token"] = tokens[case.operation.path]
    # the WSGI client does not gunzip: ask for the body as it is
    case.call_and_validate(checks=CHECKS, headers={"Accept-Encoding": "identity"})


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [("GET", "/w/{token}.json", None), ("POST", "/s/{token}/rounds", {"players": _HAND})],
)
def test_a_spades_game_answers_as_documented(
    method: str, path: str, body: dict[str, object] | None
) -> None:
    """The Spades board (its hands as rounds, teams[].bags) and a hand posted again (the same
    201), checked against the document like every fuzzed answer."""
    operation = schema[path][method]
    kwargs: dict[str, object] = {"path_parameters": {"token": SPADES_TOKENS[path]}}
    if body is not None:
        kwargs |= {"body": body, "headers": {"Idempotency-Key": "played"}}
    case = operation.Case(**kwargs)  # type: ignore[arg-type]
    response = case.call_and_validate(checks=CHECKS, headers={"Accept-Encoding": "identity"})
    assert response.status_code in (200, 201)
