"""Text responses are gzipped for clients that accept it, and still answer conditional requests."""

from __future__ import annotations

import gzip

import pytest
from flask.testing import FlaskClient


@pytest.mark.parametrize(
    "path", ["/static/vendor/htmx/htmx.min.js", "/static/css/app.css", "/api/v1/presets"]
)
def test_text_is_gzipped_when_accepted(client: FlaskClient, path: str) -> None:
    with client.get(path) as plain:
        plain_body = plain.data
    packed = client.get(path, headers={"Accept-Encoding": "gzip, deflate, br"})
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert gzip.decompress(packed.data) == plain_body
    assert len(packed.data) < len(plain_body) / 2


def test_a_compressed_static_file_still_answers_304(client: FlaskClient) -> None:
    first = client.get("/static/css/app.css", headers={"Accept-Encoding": "gzip"})
    assert first.headers["ETag"].startswith('W/"')
    with client.get(
        "/static/css/app.css",
        headers={"Accept-Encoding": "gzip", "If-None-Match": first.headers["ETag"]},
    ) as again:
        assert again.status_code == 304
        assert again.data == b""


def test_small_bodies_are_left_alone(client: FlaskClient) -> None:
    with client.get("/static/icons/icon.svg", headers={"Accept-Encoding": "gzip"}) as response:
        assert response.status_code == 200
        assert len(response.data) < 512
        assert "Content-Encoding" not in response.headers
