"""Security headers on every response, and what a cache may keep.

* Pages and JSON are ``Cache-Control: private, no-store`` unless their view says otherwise: the
  scorer's page carries the scorer link and a CSRF token, and no shared or disk cache may keep
  them (the board's poll and the game's JSON set their own, for their ETags).
* Static files are fingerprinted: ``url_for("static", ...)`` adds ``?v=`` and the first hex
  digits of the file's SHA-256, and a request with the current fingerprint may be cached for a
  year (``immutable``); a changed file gets a new URL. Without it (an old or typed URL) a cache
  must ask again (``no-cache``, answered 304 by its ETag).
* Over https (the request is secure, directly or through ``ProxyFix`` when ``PROXY_FIX`` is
  set): HSTS, and the session cookie is ``Secure`` (:class:`SecureWhenHttps`).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from flask import Flask, Response, current_app, has_request_context, request
from flask.sessions import SecureCookieSessionInterface
from werkzeug.middleware.proxy_fix import ProxyFix

#: Everything comes from the app itself (no CDN, no inline script or style). htmx works under it
#: as long as pages use no ``hx-on`` and no ``js:`` values (those need 'unsafe-eval'); its
#: indicator styles are a constructed stylesheet, which style-src does not block.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "Referrer-Policy": "no-referrer",  # game links carry their tokens in the URL
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Opener-Policy": "same-origin",
}


#: A year: what a fingerprinted static file may be kept for.
STATIC_MAX_AGE = 365 * 24 * 3600
HSTS = f"max-age={STATIC_MAX_AGE}"
_fingerprints: dict[tuple[str, str], str] = {}


def is_static(endpoint: str | None) -> bool:
    """The app's static files (``static``), or a blueprint's (a family's: ``spades.static``)."""
    return endpoint is not None and (endpoint == "static" or endpoint.endswith(".static"))


def fingerprint(filename: str, endpoint: str = "static") -> str:
    """The first 12 hex digits of a static file's SHA-256 (read once per process; "" if none)."""
    known = _fingerprints.get((endpoint, filename))
    if known is None or current_app.debug:
        if endpoint == "static":
            folder = current_app.static_folder
        else:
            blueprint = current_app.blueprints.get(endpoint.rsplit(".", 1)[0])
            folder = blueprint.static_folder if blueprint else None
        try:
            known = hashlib.sha256(Path(folder or "", filename).read_bytes()).hexdigest()[:12]
        except OSError:
            known = ""
        _fingerprints[(endpoint, filename)] = known
    return known


def add_fingerprint(endpoint: str, values: dict[str, object]) -> None:
    """``url_for("static", filename=...)`` (or a blueprint's static) gains ``v=<fingerprint>``."""
    if is_static(endpoint) and "filename" in values and "v" not in values:
        digest = fingerprint(str(values["filename"]), endpoint)
        if digest:
            values["v"] = digest


def add_security_headers(response: Response) -> Response:
    """Set the headers a view has not set itself, and what a cache may keep."""
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    if request.is_secure:
        response.headers.setdefault("Strict-Transport-Security", HSTS)
    if is_static(request.endpoint):
        filename = (request.view_args or {}).get("filename", "")
        current = request.args.get("v") == fingerprint(str(filename), str(request.endpoint)) != ""
        response.headers["Cache-Control"] = (
            f"public, max-age={STATIC_MAX_AGE}, immutable" if current else "no-cache"
        )
    elif "Cache-Control" not in response.headers:
        response.headers["Cache-Control"] = "private, no-store"
    return response


class SecureWhenHttps(SecureCookieSessionInterface):
    """The session cookie is ``Secure`` when configured so, and whenever the request is https."""

    def get_cookie_secure(self, app: Flask) -> bool:
        secure = super().get_cookie_secure(app)
        return secure or (has_request_context() and request.is_secure)


def init_app(app: Flask) -> None:
    if app.config.get("PROXY_FIX"):
        # Behind one reverse proxy that sets X-Forwarded-For/-Proto/-Host (only when told: a
        # client could otherwise claim https or any address).
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=1)  # type: ignore[method-assign]
    app.session_interface = SecureWhenHttps()
    app.url_defaults(add_fingerprint)
    app.after_request(add_security_headers)
