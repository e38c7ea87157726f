"""Time big POST /api/v1/melds/arrange requests over HTTP (the Flask test client): a script
that prints figures, not a test.

    .venv/bin/python tests/benchmarks/time_arrange_api.py

Each request is the largest the endpoint takes or near it: 40 and 64 cards from two packs with
jokers and a wild rank, with and without 32 table melds, under a few presets.
"""

from __future__ import annotations

import random
import time
from typing import Any

from scorekeeper import create_app
from scorekeeper.engine.cards import ALL_CARDS

RULES: list[Any] = [
    {"preset": "rummy5000", "options": {"decks": 2, "jokers": 4}},
    {"preset": "rummy500", "options": {"decks": 2, "jokers": 4, "wild_ranks": ["2"]}},
    {"preset": "rummy500", "options": {"decks": 2, "jokers": 4, "wild_limit": "one"}},
]


def pile(rng: random.Random, size: int) -> list[str]:
    deck = [card.code() for card in ALL_CARDS] * 2 + ["JK"] * 4
    return rng.sample(deck, size)


def table(rng: random.Random) -> list[list[str]]:
    melds = []
    for _ in range(32):
        suit = rng.choice("SHDC")
        start = rng.randrange(2, 9)
        melds.append([f"{rank}{suit}" for rank in range(start, start + 3)])
    return melds


def main() -> None:
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    client = app.test_client()
    rng = random.Random(7)
    worst = 0.0
    for rules in RULES:
        for size in (40, 64):
            for with_table in (False, True):
                body = {"rules": rules, "cards": pile(rng, size), "wild_rank": "6"}
                if with_table:
                    body["table"] = table(rng)
                start = time.perf_counter()
                response = client.post("/api/v1/melds/arrange", json=body)
                took = time.perf_counter() - start
                worst = max(worst, took)
                answer = response.get_json()
                print(
                    f"{rules['preset']:10} {sorted(rules['options'])!s:40} {size} cards"
                    f"{' + 32 table melds' if with_table else '':18} {response.status_code} "
                    f"exact={answer.get('exact')} {took * 1000:7.0f} ms"
                )
    print(f"slowest: {worst * 1000:.0f} ms")


if __name__ == "__main__":
    main()
