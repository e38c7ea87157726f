"""Fixtures for the web tests: an app made for testing and its client (as in flaskr)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app


@pytest.fixture
def app() -> Iterator[Flask]:
    app = create_app({"TESTING": True, "SECRET_KEY": "test"})
    yield app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()
