"""Time whole Gin hands scored through ``POST /api/v1/rounds/score`` (the app's full WSGI stack,
by the Flask test client), beside a bare Flask app answering the same JSON in the same run: a
script that prints figures, not a test.

    .venv/bin/python tests/benchmarks/time_gin_api.py [--hands 2000] [--seed 2026]

Corpus: ``--hands`` hands dealt from one shuffled pack, ten cards each, from a meld-rich corner
of the pack (two suits' 3 to 9 and the others' 3 to 5, so that most hands can knock): the player
with the least deadwood knocks when it is 10 or less, else the hand is drawn again. Each request
carries both players' cards; the server arranges both, finds the defender's layoffs against every
arrangement of the knocker's least deadwood, and answers the hand. Prints the median, p99 and
worst per request of each, and checks every answer is a 200.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from flask import Flask, jsonify, request

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from scorekeeper import create_app
from scorekeeper.engine.cards import ALL_CARDS
from scorekeeper.systems.gin import melds
from scorekeeper.systems.gin.melds import least_deadwood

PACK = [card for card in ALL_CARDS if not card.is_joker]
RICH = [c for c in PACK if c.suit in "SH" and 3 <= c.number <= 9] + [
    c for c in PACK if c.suit in "DC" and 3 <= c.number <= 5
]


def hands(count: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    found: list[dict[str, Any]] = []
    while len(found) < count:
        dealt = rng.sample(RICH, 20)
        first, second = dealt[:10], dealt[10:]
        points = (least_deadwood(first).points, least_deadwood(second).points)
        knocker = 0 if points[0] <= points[1] else 1
        if points[knocker] > 10:
            continue
        found.append(
            {
                "rules": "gin",
                "players": [
                    {"name": "Ann", "cards": [c.code() for c in first], "knocked": knocker == 0},
                    {"name": "Bob", "cards": [c.code() for c in second], "knocked": knocker == 1},
                ],
            }
        )
    return found


def bare() -> Flask:
    app = Flask("hello")

    @app.post("/hello")
    def hello() -> Any:
        return jsonify(ok=True, players=len(request.get_json()["players"]))

    return app


def timed(client: Any, path: str, bodies: list[dict[str, Any]]) -> list[float]:
    times = []
    for body in bodies:
        start = time.perf_counter()
        answer = client.post(path, json=body)
        times.append(time.perf_counter() - start)
        assert answer.status_code == 200, answer.get_json()
    return times


def show(name: str, times: list[float]) -> None:
    ordered = sorted(times)
    p99 = ordered[int(len(ordered) * 0.99) - 1]
    print(
        f"{name:<34} median {statistics.median(times) * 1000:7.3f} ms   "
        f"p99 {p99 * 1000:7.3f} ms   worst {max(times) * 1000:7.3f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    bodies = hands(args.hands, args.seed)
    melds._least.cache_clear()  # the corpus was arranged once to pick the knocker
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    baseline = timed(bare().test_client(), "/hello", bodies[:200])  # warm up
    scored = timed(app.test_client(), "/api/v1/rounds/score", bodies[:200])
    baseline = timed(bare().test_client(), "/hello", bodies)
    scored = timed(app.test_client(), "/api/v1/rounds/score", bodies)
    print(f"{len(bodies)} Gin hands (meld-rich, knockable), seed {args.seed}")
    show("bare Flask hello (baseline)", baseline)
    show("POST /api/v1/rounds/score (gin)", scored)


if __name__ == "__main__":
    main()
