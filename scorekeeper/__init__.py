"""scorekeeper: a companion for card nights played with real cards."""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask

PACKAGE_DIR = Path(__file__).resolve().parent


def _web_folder(name: str) -> str:
    """A web folder: inside the package in a built wheel, beside it in the source tree."""
    packaged = PACKAGE_DIR / name
    return str(packaged if packaged.is_dir() else PACKAGE_DIR.parent / name)


def _stored_secret_key(instance_path: str) -> str:
    """A secret key made once and kept in the instance folder, so sessions survive restarts.

    Created with O_EXCL so that several workers starting at once agree on one key.
    """
    path = Path(instance_path) / "secret_key"
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text(encoding="ascii").strip()
    with os.fdopen(fd, "w", encoding="ascii") as file:
        key = secrets.token_hex(32)
        file.write(key)
    return key


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """The app factory: configuration, extensions, blueprints, game systems."""
    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder=_web_folder("templates"),
        static_folder=_web_folder("static"),
    )
    app.config.from_mapping(
        MAX_CONTENT_LENGTH=256 * 1024,  # the largest real request (a round) is a few KiB
    )
    app.json.sort_keys = False  # type: ignore[attr-defined]  # keep fields in documented order
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    # the address phones reach, for QR codes and shared links (else the LAN address is used)
    app.config.setdefault("PUBLIC_BASE_URL", os.environ.get("PUBLIC_BASE_URL") or None)
    # behind a reverse proxy that sets X-Forwarded-Proto/-For/-Host (web/security.py)
    app.config.setdefault("PROXY_FIX", os.environ.get("PROXY_FIX", "") not in ("", "0"))
    public = app.config["PUBLIC_BASE_URL"] or ""
    # served over https: the session cookie is never sent in clear (Flask's default is False)
    app.config["SESSION_COOKIE_SECURE"] |= public.startswith("https://")
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = os.environ.get("SECRET_KEY") or _stored_secret_key(
            app.instance_path
        )

    from .store import db
    from .web import compress, csrf, filters, security

    security.init_app(app)
    compress.init_app(app)
    csrf.init_app(app)
    filters.init_app(app)
    db.init_app(app)  # the database (instance SQLite, or DATABASE_URL) and `flask db` migrations

    from . import api
    from .systems import register_all

    register_all()  # every game family, behind the one interface (systems/)
    from .web import (
        board,
        check,
        errors,
        games,
        health,
        history,
        home,
        limits,
        polls,
        story,
        systems,
    )

    errors.init_app(app)  # HTML error pages, JSON where the client wants JSON (api.errors)
    for blueprint in (
        home.bp,
        health.bp,
        *api.blueprints,
        games.bp,
        board.bp,
        check.bp,
        story.bp,
        history.bp,
    ):
        app.register_blueprint(blueprint)
    systems.init_app(app)  # each family's own pages, and game_system() for the templates
    limits.init_app(app)  # per-client limits on starting games and on writes
    polls.init_app(app)  # unchanged board polls answered before Flask
    return app
