"""Gzip for pages, styles and scripts: a phone on a crowded Wi-Fi gets a third of the bytes.

waitress does not compress, and a card night may run on a laptop with no proxy in front, so the
app does it for text responses that are worth it. Done once per response; static files are
small and few, so compressing them on each full (non-304) load costs little.
"""

from __future__ import annotations

import gzip

from flask import Flask, Response, request

MIN_SIZE = 512  # smaller bodies gain nothing worth a header
_COMPRESSIBLE = ("text/", "application/json", "application/javascript", "image/svg+xml")


def compress_response(response: Response) -> Response:
    """Gzip the body if the client accepts it and it is text of some size."""
    response.vary.add("Accept-Encoding")
    if (
        response.status_code < 200
        or response.status_code in (204, 206, 304)
        or "Content-Encoding" in response.headers
        or (response.is_streamed and not response.direct_passthrough)
        or not (response.mimetype or "").startswith(_COMPRESSIBLE)
        or not request.accept_encodings.quality("gzip")
    ):
        return response
    response.direct_passthrough = False  # send_file's body, read here once
    source = response.response
    body = response.get_data()
    if hasattr(source, "close"):
        source.close()  # the file send_file opened; get_data has read it all
    if len(body) < MIN_SIZE:
        return response
    response.set_data(gzip.compress(body, compresslevel=6))
    response.headers["Content-Encoding"] = "gzip"
    etag, weak = response.get_etag()
    if etag and not weak:
        response.set_etag(etag, weak=True)  # a different representation of the same thing
    return response


def init_app(app: Flask) -> None:
    app.after_request(compress_response)
