"""API errors: every one a JSON body ``{"error": "..."}`` with a 4xx status, naming what is wrong.

Errors are JSON under ``/api/`` and wherever the client asks for JSON (:func:`wants_json`: a JSON
body, a ``.json`` path, or an ``Accept`` that prefers JSON to HTML), as for a game's token routes
(``/s/<scorer_token>/rounds``, ``/w/<watcher_token>.json``); pages keep Flask's HTML errors.

Pydantic's error list becomes one readable sentence that names each field by its path in the
request, as a client wrote it: ``players[1].hand[0]: 'XX' is not a card …``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request
from pydantic import ValidationError
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from ..engine.cards import CardError
from ..engine.deal import DealError
from ..engine.rules import RulesError

#: At most this many problems are spelled out; the rest are counted.
MAX_PROBLEMS = 5
_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")

_MESSAGES = {
    "missing": "is required",
    "extra_forbidden": "is not a known field",
    "model_type": "must be a JSON object",
    "model_attributes_type": "must be a JSON object",
    "dict_type": "must be a JSON object",
    "list_type": "must be a JSON array",
}


class ApiError(Exception):
    """An error to answer with ``{"error": message}`` and this status."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


def error_response(message: str, status: int) -> tuple[Response, int]:
    return jsonify(error=message), status


def _path(loc: Sequence[int | str], data: Any) -> str:
    """The field path of ``loc`` as written in the request.

    Pydantic puts the name of a union member into ``loc`` (``rules.object.preset``); walking the
    request alongside tells real keys from such tags, which are left out.
    """
    parts: list[str] = []
    current: Any = data
    for position, item in enumerate(loc):
        last = position == len(loc) - 1
        if isinstance(current, list) and isinstance(item, int) and 0 <= item < len(current):
            parts.append(f"[{item}]")
            current = current[item]
        elif (isinstance(current, dict) and item in current) or last:
            if item == "[key]":
                parts.append(" (a key)")
            elif isinstance(item, str) and _IDENTIFIER.match(item):
                parts.append(f".{item}")
            else:
                parts.append(f"[{json.dumps(item)}]")
            current = current.get(item) if isinstance(current, dict) else None
    return "".join(parts).lstrip(".")


def describe_validation_error(error: ValidationError, data: Any) -> str:
    """One message for all of pydantic's errors, each naming its field path in ``data``."""
    problems: list[str] = []
    for detail in error.errors(include_url=False):
        if detail["type"] == "json_invalid":
            reason = detail.get("ctx", {}).get("error", "")
            return f"the body is not valid JSON: {reason}".rstrip(": ")
        message = _MESSAGES.get(detail["type"], detail["msg"]).removeprefix("Value error, ")
        path = _path(detail["loc"], data)
        problem = f"{path or 'the body'}: {message}"
        if problem not in problems:
            problems.append(problem)
    text = "; ".join(problems[:MAX_PROBLEMS])
    if len(problems) > MAX_PROBLEMS:
        text += f"; and {len(problems) - MAX_PROBLEMS} more"
    return text


def is_api_request() -> bool:
    return request.path == "/api" or request.path.startswith("/api/")


def wants_json() -> bool:
    """Whether an error is answered in JSON: under /api/, for a JSON body or a ``.json`` path,
    or when the client's ``Accept`` prefers JSON to HTML (``*/*`` and no ``Accept`` get HTML)."""
    if is_api_request() or request.path.endswith(".json") or request.is_json:
        return True
    return request.accept_mimetypes.best_match(["text/html", "application/json"]) == (
        "application/json"
    )


def json_errors(bp: Blueprint) -> None:
    """Answer an :class:`ApiError` raised by a view of ``bp`` with its JSON body and status."""

    @bp.errorhandler(ApiError)
    def api_error(error: ApiError) -> tuple[Response, int]:
        return error_response(error.message, error.status)


def init_errors(bp: Blueprint) -> None:
    """Answer errors in JSON: those raised by the API's views, and any HTTP error under /api/
    (or wherever :func:`wants_json`)."""
    json_errors(bp)

    @bp.errorhandler(RulesError)
    def rules_error(error: RulesError) -> tuple[Response, int]:
        return error_response(f"rules: {error}", 400)

    @bp.errorhandler(CardError)
    def card_error(error: CardError) -> tuple[Response, int]:
        return error_response(str(error), 400)

    @bp.errorhandler(DealError)
    def deal_error(error: DealError) -> tuple[Response, int]:
        return error_response(str(error), 400)


def http_error_json(error: HTTPException) -> tuple[Response, int]:
    """An HTTP error as the API's JSON body (``Allow`` and ``Retry-After`` kept)."""
    status = error.code or 500
    response, _ = error_response(_http_message(error, status), status)
    for name, value in error.get_headers():
        if name in ("Allow", "Retry-After"):
            response.headers[name] = value
    return response, status


def _http_message(error: HTTPException, status: int) -> str:
    if status == 503 and error.description:
        return error.description
    if status >= 500:
        return "the server failed to answer this request"
    if status == 404:
        if not is_api_request():
            return f"nothing at {request.path}"
        return f"no endpoint {request.path}: the endpoints are listed in /api/v1/openapi.json"
    if isinstance(error, MethodNotAllowed):
        # OPTIONS and HEAD come with every route; naming them would not help anyone
        allowed = ", ".join(sorted(set(error.valid_methods or ()) - {"OPTIONS", "HEAD"}))
        return f"{request.method} is not allowed on {request.path}" + (
            f": use {allowed}" if allowed else ""
        )
    if status == 413:
        limit = current_app.config.get("MAX_CONTENT_LENGTH")
        return f"the body is too large: at most {limit} bytes" if limit else "the body is too large"
    return error.description or error.name
