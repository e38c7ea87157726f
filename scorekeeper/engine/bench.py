"""Benchmark: meld checks and pile arrangement over a fixed, seeded corpus. Prints figures.

    python -m scorekeeper.engine.bench [--seed 2026] [--piles 40] [--brute-max 8]

Piles are what a player really lays down in 5000 Rummy with two packs and jokers: random legal
sets and runs drawn from the packs (a wild standing in for some of their cards), 10, 20 or 30
cards with 0 to 6 wild cards, some laid off onto melds already on the table. Each size is timed
twice: the pile as built ("complete": every card meant to go somewhere), and the same kind of
pile with one or two stray cards tapped in too (a mis-tap, or a card not yet placed), the case
the scorer meets on every tap. The brute-force search runs beside the exact one on the piles
small enough for it to finish (6 to 8 cards), and the two must agree. Every time is cold: the
referee's cache is cleared before each call.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass

from .arrange import Arrangement, arrange
from .brute import Score, best_score
from .cards import ALL_CARDS, JOKER_CARD, RANKS, SUITS, Card
from .melds import check_meld
from .points import Context
from .presets import rules_for


@dataclass(frozen=True)
class Pile:
    cards: tuple[Card, ...]
    table: tuple[tuple[Card, ...], ...]
    wild_rank: str
    wilds: int


def _meld(rng: random.Random, deck: list[Card]) -> list[Card]:
    """A random set or run (3-6 cards) of cards still in ``deck``."""
    for _ in range(100):
        if rng.random() < 0.5:
            rank = rng.choice(RANKS)
            pool = [c for c in deck if c.rank == rank]
            size = rng.randint(3, 4)
        else:
            suit = rng.choice(SUITS)
            size = rng.randint(3, 6)
            start = rng.randint(0, len(RANKS) - size)
            wanted = [Card(r, suit) for r in RANKS[start : start + size]]
            pool = [c for c in wanted if c in deck]
            if len(pool) < size:
                continue
        if len(pool) >= size:
            chosen = rng.sample(pool, size) if len(pool) > size else pool
            for card in chosen:
                deck.remove(card)
            return chosen
    return []


def make_pile(rng: random.Random, size: int, wilds: int, strays: int = 0) -> Pile:
    """A pile of ``size`` cards: melds (some cut to a single card, a layoff or a natural the
    wilds complete), ``wilds`` wild cards, and ``strays`` cards drawn at random from the packs."""
    wild_rank = rng.choice(RANKS)
    deck = [c for c in ALL_CARDS if c.rank != wild_rank] * 2
    wild_cards = [JOKER_CARD] * 4 + [Card(wild_rank, s) for s in SUITS] * 2
    rng.shuffle(wild_cards)
    table = tuple(tuple(_meld(rng, deck)) for _ in range(2))
    cards: list[Card] = []
    naturals = size - wilds - strays
    while len(cards) < naturals:
        meld = _meld(rng, deck)
        if rng.random() < 0.15 and meld:
            meld = meld[:1]  # a single card: a layoff, or a natural the wilds complete
        cards += meld
    cards = cards[:naturals]
    for _ in range(strays):
        stray = rng.choice(deck)
        deck.remove(stray)
        cards.append(stray)
    cards += wild_cards[:wilds]
    return Pile(tuple(cards), table, wild_rank, wilds)


def _clear_caches() -> None:
    from .melds import _analyse

    _analyse.cache_clear()


def _report(label: str, seconds: list[float], unit: str = "ms") -> str:
    scale = 1e3 if unit == "ms" else 1e6
    return (
        f"{label:<44} n={len(seconds):<5} median {statistics.median(seconds) * scale:8.2f} "
        f"{unit}   worst {max(seconds) * scale:8.2f} {unit}"
    )


def _score(result: Arrangement) -> Score:
    groups = (*result.melds, *result.layoffs)
    return (sum(len(g.cards) for g in groups), result.points, -len(groups))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--piles", type=int, default=40, help="piles per size and wild count")
    parser.add_argument("--brute-max", type=int, default=8, help="largest pile for brute force")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    rules = rules_for("rummy5000", {"jokers": 4, "decks": 2})

    # One meld check, cold (no cache): random 3-6 card melds, legal and not.
    meld_times: list[float] = []
    for _ in range(2000):
        deck = list(ALL_CARDS) * 2 + [JOKER_CARD] * 4
        cards = _meld(rng, deck) if rng.random() < 0.7 else rng.sample(deck, rng.randint(3, 6))
        ctx = Context(rules, rng.choice(RANKS), packs=2)
        _clear_caches()
        start = time.perf_counter()
        check_meld(cards, ctx)
        meld_times.append(time.perf_counter() - start)
    print(_report("check one meld (uncached)", meld_times, "µs"))

    everything: list[float] = []
    for size in (10, 20, 30):
        for wilds in (0, 2, 4, 6):
            for strays, label in ((0, "complete"), (1, "stray cards")):
                times: list[float] = []
                for _ in range(args.piles):
                    pile = make_pile(rng, size, wilds, rng.randint(1, 2) if strays else 0)
                    ctx = Context(rules, pile.wild_rank, packs=2)
                    _clear_caches()
                    start = time.perf_counter()
                    arrange(pile.cards, ctx, pile.table)
                    times.append(time.perf_counter() - start)
                everything += times
                print(_report(f"arrange {size} cards, {wilds} wilds, {label}", times), flush=True)
    print(_report("arrange, every pile above", everything))

    disagree = 0
    for size in (6, 7, 8):
        exact: list[float] = []
        brute: list[float] = []
        for _ in range(10):
            pile = make_pile(rng, size, rng.randint(0, 2), rng.randint(0, 1))
            ctx = Context(rules, pile.wild_rank, packs=2)
            _clear_caches()
            start = time.perf_counter()
            result = arrange(pile.cards, ctx, pile.table)
            exact.append(time.perf_counter() - start)
            if size <= args.brute_max:
                _clear_caches()
                start = time.perf_counter()
                score = best_score(pile.cards, ctx, pile.table)
                brute.append(time.perf_counter() - start)
                disagree += score != _score(result)
        print(_report(f"arrange {size} cards", exact))
        if brute:
            print(_report(f"  brute force {size} cards", brute))
    if args.brute_max >= 6:
        print(f"brute force and arrange disagree on {disagree} piles")


if __name__ == "__main__":
    main()
