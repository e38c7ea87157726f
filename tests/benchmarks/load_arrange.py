"""Eight of the worst arrangement requests at once, and the health check meanwhile: a script
that prints figures, not a test.

    .venv/bin/python tests/benchmarks/load_arrange.py [--port 8767] [--rounds 3]

It starts the real server (``scorekeeper serve``, waitress, 8 threads) on loopback, sends the
pathological piles of the arrangement benchmark to ``POST /api/v1/melds/arrange`` eight at a
time, and asks ``GET /healthz`` every 20 ms while they run: the baseline is the same health
check with the server idle, in the same run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from arrange_corpus import PATHOLOGICAL


def _get(url: str) -> float:
    start = time.perf_counter()
    with urllib.request.urlopen(url, timeout=30) as response:
        response.read()
    return time.perf_counter() - start


def _post(url: str, body: dict[str, object]) -> tuple[float, dict[str, object]]:
    data = json.dumps(body).encode()
    request = urllib.request.Request(url, data, {"Content-Type": "application/json"})
    start = time.perf_counter()
    with urllib.request.urlopen(request, timeout=60) as response:
        answer = json.loads(response.read())
    return time.perf_counter() - start, answer


def _report(label: str, seconds: list[float]) -> str:
    return (
        f"{label:<44} n={len(seconds):<4} median {statistics.median(seconds) * 1e3:8.1f} ms"
        f"   worst {max(seconds) * 1e3:8.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--port", type=int, default=8767)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    base = f"http://127.0.0.1:{args.port}"
    command = Path(sys.executable).parent / "scorekeeper"
    server = subprocess.Popen(
        [str(command), "serve", "--host", "127.0.0.1", "--port", str(args.port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            try:
                _get(base + "/healthz")
                break
            except OSError:
                time.sleep(0.1)
        idle = [_get(base + "/healthz") for _ in range(50)]
        bodies = [
            {
                "rules": {"preset": case.preset, "options": dict(case.options)},
                "cards": case.codes.split(),
                "wild_rank": case.wild_rank,
            }
            for case in PATHOLOGICAL
        ]
        requests: list[float] = []
        exact: list[bool] = []
        busy: list[float] = []
        for _ in range(args.rounds):
            done = threading.Event()

            def poll(done: threading.Event = done) -> None:
                while not done.is_set():
                    busy.append(_get(base + "/healthz"))
                    time.sleep(0.02)

            def send(body: dict[str, object]) -> None:
                took, answer = _post(base + "/api/v1/melds/arrange", body)
                requests.append(took)
                exact.append(bool(answer.get("exact")))

            poller = threading.Thread(target=poll)
            poller.start()
            senders = [
                threading.Thread(target=send, args=(bodies[i % len(bodies)],)) for i in range(8)
            ]
            for sender in senders:
                sender.start()
            for sender in senders:
                sender.join()
            done.set()
            poller.join()
        print(_report("GET /healthz, server idle (baseline)", idle))
        print(_report("GET /healthz, 8 worst arranges running", busy))
        print(_report("POST /melds/arrange, 8 at once", requests))
        print(f"answers exact: {sum(exact)} of {len(exact)}")
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
