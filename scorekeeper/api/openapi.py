"""The OpenAPI 3.1 document, generated from the endpoints declared with ``api_route``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import JsonSchemaMode, models_json_schema

from .endpoints import ENDPOINTS, Endpoint, resolved
from .types import ErrorBody

REF_TEMPLATE = "#/components/schemas/{model}"

DESCRIPTION = (
    "Stateless helpers for Rummy 500 and its family: the presets, a meld checker, the deal "
    "helper and round scoring; and POST /games, which starts a game kept on the server (its "
    "rounds and scoreboard are reached through the game's links, see the README). Every "
    'error is a JSON body {"error": "..."} with a 4xx status that names the field or '
    'card that is wrong. "rules" is a preset id or {"preset": ..., "options": {...}} '
    "with options named as in the rules catalogue."
)


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _summary_of(model: type[BaseModel]) -> str:
    doc = (model.__doc__ or "").strip()
    # pydantic gives models without a docstring an inherited one; only our own is worth showing
    return doc.split("\n")[0] if "__doc__" in model.__dict__ and doc else "the result"


def _operation(
    endpoint: Endpoint, refs: Mapping[tuple[Any, JsonSchemaMode], dict[str, Any]]
) -> dict[str, Any]:
    operation: dict[str, Any] = {
        "operationId": endpoint.operation_id,
        "summary": endpoint.summary,
        "description": endpoint.description,
    }
    if endpoint.body is not None:
        operation["requestBody"] = {
            "required": True,
            "content": {
                "application/json": {"schema": refs[(resolved(endpoint.body), "validation")]}
            },
        }
    models = {status: resolved(ref) for status, ref in sorted(endpoint.responses.items())}
    responses = {
        str(status): _json(refs[(model, "serialization")], _summary_of(model))
        for status, model in models.items()
    }
    for status, description in sorted(endpoint.errors.items()):
        responses.setdefault(str(status), _json(refs[(ErrorBody, "serialization")], description))
        if status in (429, 503):
            responses[str(status)]["headers"] = {"Retry-After": RETRY_AFTER}
    for status, description in sorted(endpoint.bodiless.items()):
        responses[str(status)] = {"description": description}
    operation["responses"] = dict(sorted(responses.items()))
    if endpoint.parameters:
        operation["parameters"] = list(endpoint.parameters)
    return operation


#: The header of a 429 or a 503: when to try again.
RETRY_AFTER = {
    "description": "seconds to wait before trying again",
    "schema": {"type": "integer", "minimum": 0},
}


def openapi_document(prefix: str, version: str) -> dict[str, Any]:
    """The document for every declared endpoint, their paths under ``prefix``."""
    wanted: list[tuple[type[BaseModel], JsonSchemaMode]] = [(ErrorBody, "serialization")]
    for endpoint in ENDPOINTS:
        if endpoint.body is not None:
            wanted.append((resolved(endpoint.body), "validation"))
        wanted.extend((resolved(ref), "serialization") for ref in endpoint.responses.values())
    unique = list(dict.fromkeys(wanted))
    refs, definitions = models_json_schema(unique, ref_template=REF_TEMPLATE)

    paths: dict[str, dict[str, Any]] = {}
    for endpoint in ENDPOINTS:
        path = endpoint.path if endpoint.absolute else prefix + endpoint.path
        paths.setdefault(path, {})[endpoint.method.lower()] = _operation(endpoint, refs)
    return {
        "openapi": "3.1.0",
        "info": {"title": "Scorekeeper API", "version": version, "description": DESCRIPTION},
        "paths": paths,
        "components": {"schemas": definitions.get("$defs", {})},
    }
