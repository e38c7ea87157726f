"""Behind a reverse proxy, for real: ``scorekeeper serve`` (waitress) told to trust the proxy, and
gunicorn with ``PROXY_FIX=1``, each sent the headers a TLS proxy sets. Then https is known (HSTS,
a ``Secure`` session cookie, with no https ``PUBLIC_BASE_URL``) and each client's own address keys
the rate limits. Untold, waitress ignores the same headers (a client could claim anything).
SQLite in a temporary folder: no PostgreSQL needed.
"""

from __future__ import annotations

import http.client
import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from .test_workers import BIN, free_port

NEW_GAME = b'{"name": "P", "rules": "rummy500", "players": [{"name": "A"}, {"name": "B"}]}'


def via_proxy(client: str) -> dict[str, str]:
    """What a TLS proxy adds for a request from ``client``."""
    return {
        "X-Forwarded-For": client,
        "X-Forwarded-Proto": "https",
        "X-Forwarded-Host": "cards.example.org",
    }


def send(port: int, method: str, path: str, headers: dict[str, str]) -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    body = NEW_GAME if method == "POST" else None
    sent = {"Content-Type": "application/json", "Connection": "close", **headers}
    connection.request(method, path, body=body, headers=sent)
    response = connection.getresponse()
    response.read()
    connection.close()
    return response


@contextmanager
def running(command: list[str], env: dict[str, str], port: int) -> Iterator[None]:
    log = Path(env["DATABASE_URL"].removeprefix("sqlite:///")).with_suffix(".log")
    with log.open("wb") as out:
        server = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=out)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if send(port, "GET", "/healthz", {}).status == 200:
                    break
            except OSError:
                pass
            assert server.poll() is None, log.read_text()
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.2)
        yield
    finally:
        server.terminate()
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(30)


def environment(tmp_path: Path, **more: str) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("PROXY_FIX", "TRUSTED_PROXY", "PUBLIC_BASE_URL", "RATELIMIT_ENABLED")
    }
    return {
        **env,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'proxied.sqlite3'}",
        "SECRET_KEY": "proxy-test",
        **more,
    }


def waitress(tmp_path: Path, port: int, *trust: str) -> tuple[list[str], dict[str, str]]:
    command = [str(BIN / "scorekeeper"), "serve", "--host", "127.0.0.1", "--port", str(port)]
    return [*command, *trust], environment(tmp_path)


def gunicorn(tmp_path: Path, port: int) -> tuple[list[str], dict[str, str]]:
    if shutil.which("gunicorn", path=str(BIN)) is None:
        pytest.skip("needs gunicorn (pip install '.[hosted]')")
    env = environment(tmp_path, PROXY_FIX="1")
    subprocess.run([BIN / "scorekeeper", "db", "upgrade"], env=env, check=True, timeout=120)
    command = [str(BIN / "gunicorn"), "-w", "1", "-b", f"127.0.0.1:{port}"]
    return [*command, "scorekeeper:create_app()"], env


@pytest.mark.parametrize(
    "server",
    [
        lambda tmp, port: waitress(tmp, port, "--trusted-proxy", "127.0.0.1"),
        lambda tmp, port: gunicorn(tmp, port),
    ],
    ids=["waitress", "gunicorn"],
)
def test_behind_a_trusted_proxy_https_and_the_client_are_known(
    tmp_path: Path, server: object
) -> None:
    port = free_port()
    command, env = server(tmp_path, port)  # type: ignore[operator]
    with running(command, env, port):
        health = send(port, "GET", "/healthz", via_proxy("203.0.113.7"))
        assert health.getheader("Strict-Transport-Security") == "max-age=31536000"
        page = send(port, "GET", "/games/new", via_proxy("203.0.113.7"))
        assert page.status == 200 and "Secure" in (page.getheader("Set-Cookie") or "")
        # each client its own bucket: 10 new games a minute
        first = [send(port, "POST", "/api/v1/games", via_proxy("203.0.113.7")) for _ in range(11)]
        assert [r.status for r in first] == [201] * 10 + [429]
        other = send(port, "POST", "/api/v1/games", via_proxy("198.51.100.9"))
        assert other.status == 201


def test_untold_waitress_ignores_forwarded_headers(tmp_path: Path) -> None:
    port = free_port()
    command, env = waitress(tmp_path, port)
    with running(command, env, port):
        health = send(port, "GET", "/healthz", via_proxy("203.0.113.7"))
        assert health.getheader("Strict-Transport-Security") is None
        page = send(port, "GET", "/games/new", via_proxy("203.0.113.7"))
        assert "Secure" not in (page.getheader("Set-Cookie") or "")
        # one bucket for whatever a client claims: the connection's own address counts
        sent = [
            send(port, "POST", "/api/v1/games", via_proxy(f"203.0.113.{n}")).status
            for n in range(11)
        ]
        assert sent == [201] * 10 + [429]
