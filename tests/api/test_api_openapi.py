"""GET /api/v1/openapi.json: an OpenAPI 3.1 document generated from the request models."""

from __future__ import annotations

import json
from typing import Any

from flask.testing import FlaskClient


def document(client: FlaskClient) -> dict[str, Any]:
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    body: dict[str, Any] = response.get_json()
    return body


def test_describes_every_endpoint(client: FlaskClient) -> None:
    doc = document(client)
    assert doc["openapi"].startswith("3.1")
    described = {(method, path) for path, item in doc["paths"].items() for method in item}
    assert described >= {
        ("get", "/api/v1/openapi.json"),
        ("get", "/api/v1/presets"),
        ("post", "/api/v1/melds/check"),
        ("post", "/api/v1/deal"),
    }


def test_posts_document_their_body_and_errors(client: FlaskClient) -> None:
    doc = document(client)
    error_ref = {"$ref": "#/components/schemas/ErrorBody"}
    for path, item in doc["paths"].items():
        for method, operation in item.items():
            if method != "post":
                continue
            assert operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
            for status in ("400", "413", "415"):
                schema = operation["responses"][status]["content"]["application/json"]["schema"]
                assert schema == error_ref, (path, status)
    assert doc["components"]["schemas"]["ErrorBody"]["required"] == ["error"]


def test_every_reference_resolves(client: FlaskClient) -> None:
    doc = document(client)
    text = json.dumps(doc)
    schemas = doc["components"]["schemas"]
    for name in {part.split('"')[0] for part in text.split("#/components/schemas/")[1:]}:
        assert name in schemas, name
    assert "$defs" not in text


def test_meld_response_uses_the_api_names(client: FlaskClient) -> None:
    reading = document(client)["components"]["schemas"]["CardReadingOut"]
    assert set(reading["required"]) == {"card", "as", "points", "wild", "reading", "declared"}


def test_the_arrangement_is_documented(client: FlaskClient) -> None:
    doc = document(client)
    operation = doc["paths"]["/api/v1/melds/arrange"]["post"]
    assert {"200", "400", "422"} <= set(operation["responses"])
    answer = doc["components"]["schemas"]["MeldArrangeResponse"]
    assert set(answer["required"]) >= {"melds", "layoffs", "unplaced", "points", "exact"}
    request = doc["components"]["schemas"]["MeldArrangeRequest"]
    assert request["properties"]["cards"]["maxItems"] == 64
    assert request["properties"]["table"]["maxItems"] == 32


def test_every_write_documents_its_429_and_503_with_retry_after(client: FlaskClient) -> None:
    paths = document(client)["paths"]
    writes = [
        (path, op) for path, ops in paths.items() for method, op in ops.items() if method != "get"
    ]
    assert len(writes) >= 6
    for path, operation in writes:
        for status in ("429", "503"):
            answer = operation["responses"].get(status)
            assert answer is not None, f"{path} does not document {status}"
            assert "Retry-After" in answer["headers"], path


def test_the_endpoints_that_judge_melds_offer_only_their_families_presets(
    client: FlaskClient,
) -> None:
    """Spades has no melds: check, arrange, deal and score-a-round do not offer its presets,
    while starting a game does; each family's presets come with its own options only, and a
    deal takes the families that deal by face-up cards (not Gin)."""
    schemas = document(client)["components"]["schemas"]

    def shapes(name: str) -> dict[str, list[str]]:
        return {
            shape["properties"]["preset"]["enum"][0]: shape["properties"]["options"][
                "propertyNames"
            ]["enum"]
            for shape in schemas[name]["anyOf"]
        }

    meld = shapes("MeldRulesObject")
    assert set(meld) == {"rummy500", "gin", "indian-points"}  # each family's first preset
    assert "jokers" in meld["rummy500"] and "knock_limit" not in meld["rummy500"]
    assert "knock_limit" in meld["gin"] and "jokers" not in meld["gin"]
    assert set(shapes("DealRulesObject")) == {"rummy500"}
    assert set(shapes("RoundRulesObject")) == {"rummy500"}
    assert set(shapes("GinRulesObject")) == {"gin"}
    assert set(shapes("IndianRulesObject")) == {"indian-points"}
    assert "max_points" in meld["indian-points"] and "jokers" not in meld["gin"]
    game_presets = schemas["RulesObject"]["properties"]["preset"]["enum"]
    assert "spades" in game_presets
    for name, kind in (
        ("MeldCheckRequest", "MeldRulesObject"),
        ("MeldArrangeRequest", "MeldRulesObject"),
        ("DealRequest", "DealRulesObject"),
        ("RoundScoreRequest", "RoundRulesObject"),
        ("GinScoreRequest", "GinRulesObject"),
        ("IndianScoreRequest", "IndianRulesObject"),
    ):
        rules = json.dumps(schemas[name]["properties"]["rules"])
        assert kind in rules and "spades" not in rules, name
