"""Indian Rummy's show check and loser count beside a brute force: a script that prints
figures, not a test.

    .venv/bin/python tests/benchmarks/bench_indian.py [--hands 2000] [--seed 2026]

Corpora, each ``--hands`` hands drawn with ``--seed``:

* random: two packs and two printed jokers shuffled; a cut card turned (its rank wild; a printed
  joker cut: the aces), then thirteen cards;
* meld-rich: thirteen cards from a corner of two packs (two or three suits, seven ranks) with
  0 to 6 wilds (the cut rank's cards and the printed jokers): valid shows are common and the
  wilds have choices to make.

For each hand, the show check and the loser count (``max_points`` 80) are each timed alone
(``perf_counter`` around one call, the garbage collector paused during it as ``timeit`` does:
a collection of the whole corpus falling in one call cost tens of milliseconds that the same
hand timed again does not), ours and the brute force's; the script prints the median and the
worst per hand, and how many hands the two disagree on (the aim: 0).

* ours: ``systems.indian.show.check_show`` and ``loser_count`` (the exact search, with the
  arrangement and the reasons);
* brute force: ``tests/systems/indian/test_oracle.py``: every group of the hand's cards judged,
  every collection of disjoint groups weighed (its answer only: valid or not, the points).
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from systems.indian.test_oracle import brute_count, brute_show  # noqa: E402

from scorekeeper.engine.cards import ALL_CARDS, JOKER_CARD, RANKS, Card  # noqa: E402
from scorekeeper.systems.indian.show import check_show, loser_count  # noqa: E402

DECK = [card for card in ALL_CARDS if not card.is_joker] * 2 + [JOKER_CARD, JOKER_CARD]
Hand = tuple[list[Card], str]


def random_hands(count: int, rng: random.Random) -> list[Hand]:
    hands = []
    for _ in range(count):
        cut, *hand = rng.sample(DECK, 14)
        hands.append((hand, "A" if cut.is_joker else cut.rank))
    return hands


def meld_rich_hands(count: int, rng: random.Random) -> list[Hand]:
    hands = []
    for _ in range(count):
        wild = rng.choice(RANKS)
        suits = rng.choice(["SH", "HD", "SDC", "HC"])
        low = rng.randint(1, 7)
        corner = [
            card
            for card in DECK
            if not card.is_joker
            and card.rank != wild
            and card.suit in suits
            and low <= card.number <= low + 6
        ]
        wilds = [card for card in DECK if card.is_joker or card.rank == wild]
        how_many = rng.randint(0, 6)
        hands.append((rng.sample(wilds, how_many) + rng.sample(corner, 13 - how_many), wild))
    return hands


def timed(
    answer: Callable[[list[Card], str], Any], hands: Sequence[Hand]
) -> tuple[list[float], list[Any]]:
    seconds, answers = [], []
    for hand, wild in hands:
        gc.disable()
        start = time.perf_counter()
        found = answer(hand, wild)
        seconds.append(time.perf_counter() - start)
        gc.enable()
        answers.append(found)
    return seconds, answers


def line(name: str, seconds: list[float], differ: int | None) -> str:
    median, worst = statistics.median(seconds) * 1e3, max(seconds) * 1e3
    said = f"{name:<24} median {median:8.3f} ms   worst {worst:8.3f} ms"
    return said + ("" if differ is None else f"   disagreements {differ}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    corpora = {
        "random": random_hands(args.hands, rng),
        "meld-rich": meld_rich_hands(args.hands, rng),
    }
    for corpus, hands in corpora.items():
        valid = 0
        print(f"-- {corpus}: {len(hands)} thirteen-card hands, seed {args.seed}")
        checks: list[
            tuple[str, Callable[[list[Card], str], Any], Callable[[list[Card], str], Any]]
        ] = [
            ("show check", lambda h, w: check_show(h, w).valid, brute_show),
            ("loser count", lambda h, w: loser_count(h, w).points, brute_count),
        ]
        for what, ours, brute in checks:
            our_seconds, our_answers = timed(ours, hands)
            brute_seconds, brute_answers = timed(brute, hands)
            differ = sum(a != b for a, b in zip(our_answers, brute_answers, strict=True))
            print(line(f"{what}, ours", our_seconds, differ))
            print(line(f"{what}, brute force", brute_seconds, None))
            if what == "show check":
                valid = sum(bool(a) for a in our_answers)
        print(f"   ({valid} valid shows)")


if __name__ == "__main__":
    main()
