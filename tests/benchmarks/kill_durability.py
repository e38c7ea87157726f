"""Durability under kill -9: no round the server acknowledged is ever lost. Prints, asserts nothing.

    .venv/bin/python tests/benchmarks/kill_durability.py [--kills 5] [--database-url URL]

Starts ``scorekeeper serve`` on a fresh SQLite database in a temporary folder (or on
``--database-url``, e.g. a PostgreSQL database of its own), starts a game through the JSON API,
and then, ``--kills`` times: a client saves rounds as fast as the server answers, each with a key
of its own (``Idempotency-Key``), and the server is killed with SIGKILL at a random moment. After
each restart it checks that

* every round the server acknowledged (a 201) is on the board, with the scores it answered;
* every acknowledged round sent again with its key gives back that round, never a second one;
* the board's rounds are numbered 1..n without a gap.

It prints, per kill, the rounds acknowledged, the rounds found, and any round lost or doubled.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

BIN = Path(sys.executable).parent
ROUND = {
    "ended_by": "going_out",
    "players": [
        {"name": "Ann", "went_out": True, "melds": [["3C", "3D", "3S"], ["5D", "6D", "7D"]]},
        {"name": "Bob", "melds": [["6S", "7S", "8S"]], "hand": ["KH", "2C"]},
    ],
}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def call(
    base: str, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        base + path, data=data, method=method, headers={"Content-Type": "application/json"}
    )
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def start(env: dict[str, str], port: int) -> subprocess.Popen[bytes]:
    server = subprocess.Popen(
        [BIN / "scorekeeper", "serve", "--host", "127.0.0.1", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if call(base, "GET", "/api/v1/presets")[0] == 200:
                return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not start")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="kill_durability.py", description=__doc__.split("\n")[0])
    parser.add_argument("--kills", type=int, default=5)
    parser.add_argument("--database-url", help="default: SQLite in a temporary folder")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    folder = tempfile.mkdtemp(prefix="scorekeeper-kill-")
    url = args.database_url or f"sqlite:///{Path(folder) / 'kill.sqlite3'}"
    env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": "kill", "PUBLIC_BASE_URL": ""}
    env["RATELIMIT_ENABLED"] = "0"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    print(f"database: {url.split('@')[-1]}; {args.kills} kills (SIGKILL at a random moment)")
    server = start(env, port)
    players = [{"name": "Ann"}, {"name": "Bob"}]
    _, created = call(
        base, "POST", "/api/v1/games", {"name": "Kill", "rules": "rummy500", "players": players}
    )
    edit = "/" + created["edit_url"].split("/", 3)[3]
    view = "/" + created["view_url"].split("/", 3)[3]
    acknowledged: dict[str, dict[str, Any]] = {}  # key -> the answer
    lost = doubled = 0
    for kill in range(1, args.kills + 1):
        stop = threading.Event()
        sent = 0

        def save(stop: threading.Event) -> None:
            nonlocal sent
            while not stop.is_set():
                key = uuid.uuid4().hex
                try:
                    status, answer = call(
                        base, "POST", f"{edit}/rounds", ROUND, {"Idempotency-Key": key}
                    )
                except OSError:
                    return  # the server is gone
                sent += 1
                if status == 201:
                    acknowledged[key] = answer

        client = threading.Thread(target=save, args=(stop,))
        client.start()
        time.sleep(rng.uniform(0.3, 2.0))
        server.send_signal(signal.SIGKILL)
        server.wait()
        stop.set()
        client.join()
        server = start(env, port)
        _, board = call(base, "GET", f"{view}.json")
        numbers = [round_["number"] for round_ in board["rounds"]]
        gaps = numbers != list(range(1, len(numbers) + 1))
        by_number = {round_["number"]: round_ for round_ in board["rounds"]}
        missing = [k for k, a in acknowledged.items() if a["round"] not in by_number]
        # Every acknowledged round sent again gives back that round.
        again = [
            call(base, "POST", f"{edit}/rounds", ROUND, {"Idempotency-Key": key})
            for key in list(acknowledged)[-20:]
        ]
        repeated = [
            key
            for key, (status, answer) in zip(list(acknowledged)[-20:], again, strict=True)
            if status != 201 or answer["round"] != acknowledged[key]["round"]
        ]
        _, after = call(base, "GET", f"{view}.json")
        grew = len(after["rounds"]) - len(numbers)
        lost += len(missing)
        doubled += len(repeated) + max(grew, 0)
        print(
            f"  kill {kill}: {sent} saves sent, {len(acknowledged)} acknowledged in all, "
            f"{len(numbers)} on the board; lost {len(missing)}, "
            f"retried keys answered differently {len(repeated)}, numbering gaps {int(gaps)}",
            flush=True,
        )
    server.terminate()
    server.wait()
    print(f"acknowledged rounds lost: {lost}; rounds doubled by a retry: {doubled}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
