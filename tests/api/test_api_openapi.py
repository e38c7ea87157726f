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
