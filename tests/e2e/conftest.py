"""Browser tests: the app served by waitress in a thread, driven by Playwright in the machine's
Chromium (``apt-get install chromium``; Playwright's own browser download does not work here).

Every page is opened as a phone sees it (390×844, touch). A console error (a script failing, a
Content-Security-Policy violation) fails the test that caused it.
"""

from __future__ import annotations

import json
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask_migrate import upgrade  # type: ignore[import-untyped]
from waitress.server import create_server

from scorekeeper import create_app
from scorekeeper.store.db import db

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
PHONE = {"width": 390, "height": 844}
#: Chromium as this machine's probe starts it: no calls home, which the closed network refuses.
CHROMIUM_ARGS = [
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

playwright_api = pytest.importorskip("playwright.sync_api")


class LiveServer:
    """The app on a free port of 127.0.0.1, served by waitress in a daemon thread."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.server = create_server(app, host="127.0.0.1", port=0, threads=8)
        self.url = f"http://127.0.0.1:{self.server.effective_port}"  # type: ignore[union-attr]
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.closing = False

    def _run(self) -> None:
        try:
            self.server.run()
        except OSError:
            # closed from the test's thread while the loop waited on the socket (EBADF)
            if not self.closing:
                raise

    def __enter__(self) -> LiveServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.closing = True
        self.server.close()
        self.thread.join(timeout=5)


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("live")
    app = create_app(
        {
            "SECRET_KEY": "e2e",
            "SERVER_NAME": None,
            # one client address makes every game of the run: the limits are tested on their
            # own (tests/web/test_limits.py)
            "RATELIMIT_ENABLED": False,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'live.sqlite3'}",
        }
    )
    with app.app_context():
        upgrade()
    with LiveServer(app) as server:
        app.config["PUBLIC_BASE_URL"] = server.url  # links and QR codes point at this server
        yield server
    with app.app_context():
        db.session.remove()
        for engine in db.engines.values():
            engine.dispose()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"no Chromium at {CHROMIUM}: .ci/run installs it (apt-get)")
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


class ConsoleErrors(list[str]):
    """What the browser reported as errors; a test that causes some on purpose allows them."""

    def __init__(self) -> None:
        super().__init__()
        self.allowed: list[str] = []

    def allow(self, *fragments: str) -> None:
        self.allowed.extend(fragments)

    def check(self) -> None:
        unexpected = [
            error for error in self if not any(fragment in error for fragment in self.allowed)
        ]
        assert not unexpected, "the browser reported errors:\n" + "\n".join(unexpected)


@pytest.fixture
def console_errors() -> ConsoleErrors:
    return ConsoleErrors()


@pytest.fixture
def new_phone(browser: object, console_errors: ConsoleErrors) -> Iterator[object]:
    """A factory of phone pages, each in its own browser context (its own cookies)."""
    contexts = []
    errors = console_errors

    def open_phone(dark: bool = False, width: int = PHONE["width"], **options: Any) -> object:
        """A phone page; ``options``: more of Playwright's context options (a time zone …)."""
        context = browser.new_context(  # type: ignore[attr-defined]
            viewport={"width": width, "height": PHONE["height"]},
            is_mobile=True,
            has_touch=True,
            color_scheme="dark" if dark else "light",
            **options,
        )
        contexts.append(context)
        page = context.new_page()
        page.on(
            "console",
            lambda message: (
                errors.append(f"{message.type}: {message.text}")
                if message.type == "error"
                else None
            ),
        )
        page.on("pageerror", lambda error: errors.append(f"page error: {error}"))
        return page

    yield open_phone
    for context in contexts:
        context.close()
    errors.check()


@pytest.fixture
def phone(new_phone: object) -> object:
    """One phone page (390×844, touch)."""
    return new_phone()  # type: ignore[operator]


def scrolls_sideways(page: object) -> bool:
    return bool(
        page.evaluate(  # type: ignore[attr-defined]
            "document.documentElement.scrollWidth > window.innerWidth"
        )
    )


#: axe-core, pinned: .ci/run installs it from npm into .venv/axe (AXE_CORE names another copy).
AXE_VERSION = "4.14.1"
AXE_CORE = Path(
    os.environ.get(
        "AXE_CORE",
        Path(__file__).parents[2] / ".venv/axe/node_modules/axe-core/axe.min.js",
    )
)


@pytest.fixture(scope="session")
def axe_source() -> str:
    """axe-core's script (run in the page by :func:`axe_violations`)."""
    install = f"npm install --prefix .venv/axe axe-core@{AXE_VERSION}"
    package = AXE_CORE.parent / "package.json"
    found = json.loads(package.read_text(encoding="utf-8"))["version"] if package.exists() else None
    if found != AXE_VERSION:
        missing = f"axe-core {AXE_VERSION} not at {AXE_CORE} (found: {found})"
        if os.environ.get("CI"):
            pytest.fail(f"{missing}: .ci/run installs it ({install})")
        pytest.skip(f"{missing} ({install})")
    return AXE_CORE.read_text(encoding="utf-8")


def axe_violations(page: object, source: str) -> list[str]:
    """axe-core's violations on the page as it stands: one line per element, rule first.
    Evaluated through the browser's debugging channel, which the page's CSP does not govern."""
    if not page.evaluate("typeof window.axe === 'object'"):  # type: ignore[attr-defined]
        page.evaluate(source + "\n;0")  # type: ignore[attr-defined]
    found = page.evaluate(  # type: ignore[attr-defined]
        """() => axe.run(document, {resultTypes: ["violations"]}).then(r => r.violations
            .flatMap(v => v.nodes.map(n => v.id + " at " + n.target.join(" ") + ": "
            + n.failureSummary.replace(/\\s+/g, " "))))"""
    )
    return list(found)
