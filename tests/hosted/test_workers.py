"""Hosted mode, for real: gunicorn with two workers on PostgreSQL, through real HTTP.

A round saved through one worker shows on boards served by the other, and a retried save (the
same ``Idempotency-Key``) stores one round whichever worker answers. Runs in the PostgreSQL pass
of ``.ci/run`` (``TEST_DATABASE_URL``); skipped elsewhere. Which worker answered is logged by a
gunicorn hook (``post_request``: the worker's pid).
"""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from scorekeeper.store.db import database_url

pytestmark = pytest.mark.db

TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL")
BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def database() -> Iterator[str]:
    """A PostgreSQL database of its own (the app is configured by DATABASE_URL alone)."""
    if TEST_DATABASE_URL is None or shutil.which("gunicorn", path=str(BIN)) is None:
        pytest.skip("needs TEST_DATABASE_URL (PostgreSQL) and gunicorn")
    admin = sa.create_engine(database_url(TEST_DATABASE_URL), isolation_level="AUTOCOMMIT")
    name = f"hosted_{uuid.uuid4().hex[:12]}"
    with admin.connect() as connection:
        connection.execute(sa.text(f"CREATE DATABASE {name}"))
    try:
        yield str(sa.make_url(database_url(TEST_DATABASE_URL)).set(database=name))
    finally:
        with admin.connect() as connection:
            connection.execute(sa.text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        admin.dispose()


def request(
    port: int, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
) -> tuple[int, Any]:
    """One request on a new connection (so that either worker may take it)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        payload = None if body is None else json.dumps(body)
        sent = {"Content-Type": "application/json", "Connection": "close", **(headers or {})}
        connection.request(method, path, body=payload, headers=sent)
        response = connection.getresponse()
        data = response.read()
        is_json = response.getheader("Content-Type", "").startswith("application/json")
        return response.status, json.loads(data) if is_json else data
    finally:
        connection.close()


def test_two_workers_share_one_database(database: str, tmp_path: Path) -> None:
    env = {
        **os.environ,
        "DATABASE_URL": database,
        "SECRET_KEY": "hosted-test",
        "PUBLIC_BASE_URL": "https://cards.example.org",
    }
    subprocess.run([BIN / "scorekeeper", "db", "upgrade"], env=env, check=True, timeout=120)
    port = free_port()
    log = tmp_path / "served.log"
    conf = tmp_path / "gunicorn.conf.py"
    # Each request's worker, written as it is answered (gunicorn's access log is buffered).
    conf.write_text(
        "def post_request(worker, req, environ, resp):\n"
        f"    with open({str(log)!r}, 'a') as out:\n"
        "        out.write(f'{worker.pid} {req.method} {req.path}\\n')\n"
    )
    server = subprocess.Popen(
        [
            BIN / "gunicorn",
            "-w",
            "2",
            "-b",
            f"127.0.0.1:{port}",
            "-c",
            str(conf),
            "scorekeeper:create_app()",
        ],
        env=env,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if request(port, "GET", "/healthz")[0] == 200:
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, "gunicorn did not start"
            time.sleep(0.2)
        status, created = request(
            port,
            "POST",
            "/api/v1/games",
            {"name": "Hosted", "rules": "rummy500", "players": [{"name": "A"}, {"name": "B"}]},
        )
        assert status == 201
        edit = "/" + created["edit_url"].split("/", 3)[3]
        view = "/" + created["view_url"].split("/", 3)[3]
        round_ = {
            "ended_by": "going_out",
            "players": [
                {"name": "A", "went_out": True, "melds": [["3C", "3D", "3S"]], "hand": []},
                {"name": "B", "hand": ["5S", "KH"]},
            ],
        }
        # The same save sent again and again, each on a new connection: one round (and the
        # half-sent trick below makes sure both workers see it).
        answers = set()
        for _ in range(12):
            status, saved = request(
                port, "POST", f"{edit}/rounds", round_, {"Idempotency-Key": "k"}
            )
            assert status in (200, 201), saved
            answers.add(json.dumps(saved, sort_keys=True))
        assert len(answers) == 1  # the same round's scores every time
        # A board served by the worker that did not save. A sync worker reads one request at
        # a time, so a half-sent request keeps it busy: with both workers held, finishing one
        # held request frees exactly that worker (its pid is then in the log), and the next
        # request can only go to it.
        saver = first_pid(log, "POST", "/rounds")  # the worker that stored the round
        first, second = hold(port), hold(port)
        freed = finish(first, log)
        if freed == saver:
            first = hold(port)  # the saver again: the only free worker takes it
            freed = finish(second, log)
            second = first
        assert freed != saver
        status, board = request(port, "GET", f"{view}.json")  # only ``freed`` is free
        assert status == 200 and [r["number"] for r in board["rounds"]] == [1]
        assert logged(log, "GET", ".json") == {freed}
        finish(second, log)
    finally:
        server.terminate()
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:  # a worker still held by a half-sent request
            server.kill()
            server.wait(30)
    assert len(pids(log, "GET", "")) == 2  # both workers answered


def hold(port: int) -> socket.socket:
    """A request sent halfway: the worker that takes it waits for the rest."""
    held = socket.create_connection(("127.0.0.1", port))
    held.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
    time.sleep(0.2)  # taken by a worker
    return held


def finish(held: socket.socket, log: Path) -> str:
    """Send the rest of a held request; the pid of the worker that answered it."""
    before = len(log.read_text().splitlines())
    held.sendall(b"Connection: close\r\n\r\n")
    held.recv(1024)
    held.close()
    for _ in range(100):
        lines = log.read_text().splitlines()
        if len(lines) > before:
            return lines[-1].split()[0]
        time.sleep(0.02)
    raise AssertionError("the held request was not answered")


def first_pid(log: Path, method: str, ending: str) -> str:
    for line in log.read_text().splitlines():
        pid, seen, path = line.split()
        if seen == method and path.endswith(ending):
            return pid
    raise AssertionError(f"no {method} …{ending} in the log")


def logged(log: Path, method: str, ending: str) -> set[str]:
    """``pids``, once the log has them: gunicorn's post_request hook runs after the answer is
    sent, so the client can read the answer before its line is written."""
    for _ in range(100):
        found = pids(log, method, ending)
        if found:
            return found
        time.sleep(0.02)
    return set()


def pids(log: Path, method: str, ending: str) -> set[str]:
    """The pids of the workers that answered ``method`` requests whose path ends so."""
    found = set()
    for line in log.read_text().splitlines():
        match = re.match(r"(\d+) (\w+) (\S+)", line)
        if match and match.group(2) == method and match.group(3).endswith(ending):
            found.add(match.group(1))
    return found
