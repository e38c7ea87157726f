"""Many phones saving rounds at once through the real server: a script that prints figures, not
a test.

    .venv/bin/python tests/benchmarks/concurrent_saves.py [--writers 16] [--saves 40]
        [--port 8799]

It starts ``scorekeeper serve`` (waitress, as the README runs it) on a fresh SQLite database in
a temporary folder, with the rate limits off, starts one game per writer (Rummy 500, two
players, target 100,000), then has every writer save ``--saves`` rounds by totals over the API
(``POST /s/<token>/rounds`` with an Idempotency-Key), all released at once, each on a new
connection. The baseline, in the same run, is one writer alone saving the same number of rounds.
It prints the statuses (every one should be a 201: issue 36, item 4 found 500s "database is
locked"), and the median, 99th percentile and worst time of a save.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROUND = {
    "ended_by": "going_out",
    "players": [
        {"name": "Ann", "went_out": True, "melded_points": 10, "hand_points": 0},
        {"name": "Bob", "melded_points": 0, "hand_points": 5},
    ],
}


def request(port: int, method: str, path: str, body: Any = None, **headers: str) -> tuple[int, Any]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        sent = None if body is None else json.dumps(body)
        connection.request(method, path, sent, {"Content-Type": "application/json", **headers})
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def new_game(port: int, name: str) -> str:
    status, body = request(
        port,
        "POST",
        "/api/v1/games",
        {
            "name": name,
            "rules": {"preset": "rummy500", "options": {"target": 100_000}},
            "players": [{"name": "Ann"}, {"name": "Bob"}],
        },
    )
    assert status == 201, body
    return "/" + json.loads(body)["edit_url"].split("//", 1)[1].split("/", 1)[1]


def run(port: int, writers: int, saves: int) -> tuple[Counter[int], list[float]]:
    edits = [new_game(port, f"writer {n}") for n in range(writers)]
    statuses: Counter[int] = Counter()
    seconds: list[float] = []
    start = threading.Barrier(writers)

    def write(writer: int) -> None:
        start.wait()
        for save in range(saves):
            began = time.perf_counter()
            status, _ = request(
                port,
                "POST",
                edits[writer] + "/rounds",
                ROUND,
                **{"Idempotency-Key": f"{writer}-{save}"},
            )
            seconds.append(time.perf_counter() - began)
            statuses[status] += 1

    threads = [threading.Thread(target=write, args=(n,)) for n in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses, seconds


def report(label: str, statuses: Counter[int], seconds: list[float]) -> str:
    seconds = sorted(seconds)
    p99 = seconds[min(len(seconds) - 1, int(len(seconds) * 0.99))]
    return (
        f"{label:<22} statuses {dict(statuses)}   median {statistics.median(seconds) * 1e3:6.1f} ms"
        f"   p99 {p99 * 1e3:7.1f} ms   worst {seconds[-1] * 1e3:7.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--writers", type=int, default=16)
    parser.add_argument("--saves", type=int, default=40)
    parser.add_argument("--port", type=int, default=8799)
    args = parser.parse_args()
    folder = tempfile.TemporaryDirectory()
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{Path(folder.name) / 'saves.sqlite3'}",
        "SECRET_KEY": "bench",
        "RATELIMIT_ENABLED": "0",
    }
    command = Path(sys.executable).parent / "scorekeeper"
    server = subprocess.Popen(
        [str(command), "serve", "--host", "127.0.0.1", "--port", str(args.port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if request(args.port, "GET", "/healthz")[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise SystemExit("the server did not start")
            time.sleep(0.2)
        print(f"SQLite, scorekeeper serve; {args.saves} saves per writer")
        print(report("baseline: 1 writer", *run(args.port, 1, args.saves)))
        print(report(f"{args.writers} writers at once", *run(args.port, args.writers, args.saves)))
    finally:
        server.terminate()
        server.wait(timeout=30)
        folder.cleanup()


if __name__ == "__main__":
    main()
