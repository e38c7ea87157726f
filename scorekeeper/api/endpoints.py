"""One declaration per endpoint: its route, the model that validates its body, its responses.

:func:`api_route` registers the Flask view and records the endpoint for the OpenAPI document,
so the document is generated from the very models that validate requests:

    @api_route(bp, "POST", "/deal", body=DealRequest, responses={200: DealResponse})
    def deal(body: DealRequest) -> DealResponse: ...

A view returns a response model (status 200, or the first documented 2xx), ``(model, status)``
or ``(model, status, headers)``.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import wraps
from typing import Any, TypeVar

from flask import Blueprint, Response, jsonify, request
from pydantic import BaseModel, ValidationError

from .errors import ApiError, describe_validation_error
from .types import NAME_ERROR

RequestT = TypeVar("RequestT", bound=BaseModel)
View = Callable[..., Any]
#: A model, or what gives it when the document is made (one built from the registered families).
ModelRef = type[BaseModel] | Callable[[], type[BaseModel]]


def resolved(ref: ModelRef) -> type[BaseModel]:
    """The model a :data:`ModelRef` names."""
    return ref if isinstance(ref, type) else ref()


#: Errors every endpoint with a JSON body may answer, besides those it declares.
BODY_ERRORS = {
    400: "the body is not valid JSON, or a field, option or card is wrong (named in the message)",
    413: "the body is larger than the server accepts",
    415: "the body is not sent as JSON (Content-Type: application/json)",
}
#: Errors every unsafe request may answer: a client's write budget spent, a database too busy.
#: Both carry ``Retry-After`` (seconds).
WRITE_ERRORS = {
    429: "too many writes from this client in a minute (one budget across every route that "
    "writes or scores): nothing was done; try again after Retry-After seconds",
    503: "the database was too busy to take the change in time: nothing was stored; try again "
    "after Retry-After seconds",
}


def declared_errors(method: str, body: object, errors: dict[int, str] | None) -> dict[int, str]:
    """The errors an endpoint may answer: its own, and those of every body and every write."""
    return {
        **(BODY_ERRORS if body is not None else {}),
        **(WRITE_ERRORS if method not in ("GET", "HEAD") else {}),
        **(errors or {}),
    }


@dataclass(frozen=True)
class Endpoint:
    """What the OpenAPI document says about one endpoint."""

    method: str
    path: str  # below the blueprint's url_prefix
    operation_id: str
    summary: str
    description: str
    body: ModelRef | None
    responses: dict[int, ModelRef]
    errors: dict[int, str] = field(default_factory=dict)
    #: A path of its own (a game's link), not below the API's prefix.
    absolute: bool = False
    #: OpenAPI parameter objects (path and header parameters).
    parameters: tuple[dict[str, Any], ...] = ()
    #: Statuses answered without a body (304), each with what it means.
    bodiless: dict[int, str] = field(default_factory=dict)


#: Every endpoint declared with :func:`api_route`, in declaration order.
ENDPOINTS: list[Endpoint] = []


def parse_body(model: type[RequestT]) -> RequestT:
    """The request's JSON body validated by ``model``; an :class:`ApiError` naming what is wrong."""
    if not request.is_json:
        raise ApiError("the body must be JSON: send it with Content-Type: application/json", 415)
    raw = request.get_data(cache=True)  # raises 413 beyond MAX_CONTENT_LENGTH
    if not raw.strip():
        raise ApiError("the body is empty: expected a JSON object")
    try:
        return model.model_validate_json(raw)
    except ValidationError as error:
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):
            data = None  # the body is not JSON (or nested too deep to read): no path to walk
        # a well-formed body whose only fault is a name that cannot be shown: 422, like any
        # other request the schema allows and the server must refuse
        names_only = all(detail["type"] == NAME_ERROR for detail in error.errors())
        raise ApiError(describe_validation_error(error, data), 422 if names_only else 400) from None


def _to_response(result: Any, default_status: int) -> Response:
    content, status, *headers = result if isinstance(result, tuple) else (result, default_status)
    if isinstance(content, BaseModel):
        content = content.model_dump(mode="json", by_alias=True)
    response = jsonify(content)
    response.status_code = status
    for extra in headers:
        response.headers.update(extra)
    return response


def document(
    method: str,
    path: str,
    view: Callable[..., Any],
    *,
    responses: dict[int, ModelRef],
    body: ModelRef | None = None,
    errors: dict[int, str] | None = None,
    parameters: tuple[dict[str, Any], ...] = (),
    bodiless: dict[int, str] | None = None,
) -> None:
    """List in the OpenAPI document a route declared the plain Flask way (a game's JSON under
    its links, whose headers and statuses the view handles itself), so that the document, and
    the fuzzing driven by it, covers it too. ``path`` is absolute, in OpenAPI's ``{name}``
    form."""
    doc = inspect.cleandoc(view.__doc__ or "").replace("``", "`")
    ENDPOINTS.append(
        Endpoint(
            method,
            path,
            view.__name__,
            doc.split("\n")[0],
            doc,
            body,
            responses,
            declared_errors(method, body, errors),
            absolute=True,
            parameters=parameters,
            bodiless=bodiless or {},
        )
    )


def api_route(
    bp: Blueprint,
    method: str,
    path: str,
    *,
    responses: dict[int, ModelRef],
    body: type[BaseModel] | None = None,
    summary: str = "",
    errors: dict[int, str] | None = None,
) -> Callable[[View], View]:
    """Declare an endpoint: route it on ``bp`` and record it for the OpenAPI document.

    With ``body`` (a request model) the view receives the validated body as its first argument.
    """
    success = min(status for status in responses if status < 300)

    def decorate(view: View) -> View:
        doc = inspect.cleandoc(view.__doc__ or "").replace("``", "`")
        all_errors = declared_errors(method, body, errors)
        ENDPOINTS.append(
            Endpoint(
                method,
                path,
                view.__name__,
                summary or doc.split("\n")[0],
                doc,
                body,
                responses,
                all_errors,
            )
        )

        @wraps(view)
        def handle(**path_values: Any) -> Response:
            if body is not None:
                return _to_response(view(parse_body(body), **path_values), success)
            return _to_response(view(**path_values), success)

        bp.add_url_rule(path, view.__name__, handle, methods=[method])
        return view

    return decorate
