"""Gin's least deadwood against two peers, side by side: a script that prints figures, not a
test.

    .venv/bin/pip install -e '.[bench]'  # the peers: open-spiel (C++) and rlcard (Python)
    .venv/bin/python tests/benchmarks/bench_gin.py [--hands 20000] [--seed 2026]

Corpora, each ``--hands`` ten-card hands drawn with ``--seed``:

* random: ten cards from the whole pack;
* meld-rich: ten cards from two suits and ranks 3 to 9 and the others' 3 to 5 (runs and sets
  cross, so the search has choices to make).

For each hand, each implementation's least deadwood is timed alone (``perf_counter`` around one
call, a few tenths of a microsecond of it the timer's own); the script prints the median and the
worst per hand, and how many hands disagree with ours (the aim: 0).

* ours: ``systems.gin.melds.least_deadwood`` (every arrangement that leaves the least, not only
  its count; its cache is cleared before each corpus);
* OpenSpiel 2.0.2: ``pyspiel.gin_rummy.GinRummyUtils(13, 4, 10).min_deadwood`` (C++ through
  pybind11; cards 0–51, rank ``card % 13`` with the ace 0);
* rlcard 1.2.0: ``get_best_meld_clusters`` and ``get_deadwood_count`` (pure Python).

A peer that is not installed is left out, and the script says so.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from scorekeeper.engine.cards import ALL_CARDS, RANKS, SUITS, Card
from scorekeeper.systems.gin import melds

PACK = [card for card in ALL_CARDS if not card.is_joker]


def corpora(hands: int, seed: int) -> dict[str, list[list[Card]]]:
    rng = random.Random(seed)
    rich = [c for c in PACK if c.suit in "SH" and 3 <= c.number <= 9] + [
        c for c in PACK if c.suit in "DC" and 3 <= c.number <= 5
    ]
    return {
        "random": [rng.sample(PACK, 10) for _ in range(hands)],
        "meld-rich": [rng.sample(rich, 10) for _ in range(hands)],
    }


def ours() -> Callable[[list[Card]], int]:
    return lambda hand: melds.least_deadwood(hand).points


def openspiel() -> Callable[[list[Card]], int] | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    code = {card: SUITS.index(card.suit) * 13 + RANKS.index(card.rank) for card in PACK}

    def least(hand: list[Card]) -> int:
        return int(utils.min_deadwood([code[card] for card in hand]))

    return least


def rlcard() -> Callable[[list[Card]], int] | None:
    try:
        from rlcard.games.gin_rummy.utils import melding  # type: ignore[import-not-found]
        from rlcard.games.gin_rummy.utils import utils as rl  # type: ignore[import-not-found]
    except ImportError:
        return None
    text = {card: ("T" if card.rank == "10" else card.rank) + card.suit for card in PACK}
    theirs = {card: rl.card_from_text(text[card]) for card in PACK}

    def least(hand: list[Card]) -> int:
        cards = [theirs[card] for card in hand]
        best = melding.get_best_meld_clusters(cards)
        if not best:
            return sum(rl.get_deadwood_value(card) for card in cards)
        return int(rl.get_deadwood_count(cards, best[0]))

    return least


def timed(
    least: Callable[[list[Card]], int], hands: Sequence[list[Card]]
) -> tuple[list[float], list[int]]:
    seconds, answers = [], []
    for hand in hands:
        start = time.perf_counter()
        answer = least(hand)
        seconds.append(time.perf_counter() - start)
        answers.append(answer)
    return seconds, answers


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    contenders: dict[str, Any] = {
        "ours": ours(),
        "OpenSpiel (C++)": openspiel(),
        "rlcard (Python)": rlcard(),
    }
    for name, least in contenders.items():
        if least is None:
            print(f"{name}: not installed (pip install -e '.[bench]'), left out")
    for corpus, hands in corpora(args.hands, args.seed).items():
        print(f"-- {corpus}: {len(hands)} ten-card hands, seed {args.seed}")
        melds._least.cache_clear()
        base_seconds, base = timed(contenders["ours"], hands)
        for name, least in contenders.items():
            if least is None:
                continue
            seconds, answers = (base_seconds, base) if name == "ours" else timed(least, hands)
            differ = sum(a != b for a, b in zip(answers, base, strict=True))
            print(
                f"{name:<18} median {statistics.median(seconds) * 1e6:7.1f} µs   "
                f"worst {max(seconds) * 1e6:8.1f} µs   disagreements {differ}"
            )


if __name__ == "__main__":
    main()
