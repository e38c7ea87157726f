"""The referee's quick reading of a set or run of natural cards (``melds._natural_meld``) against
its whole analysis: the same reading wherever the quick one answers, under many rules."""

import random

from scorekeeper.engine.cards import RANKS, SUITS, Card
from scorekeeper.engine.melds import _analyse_all, _natural_meld
from scorekeeper.engine.points import Context
from scorekeeper.engine.presets import PRESETS, rules_for

#: Options that change which natural melds are legal or what they score.
OPTIONS = [
    {},
    {"meld_kinds": "runs_only"},
    {"meld_kinds": "sets_only"},
    {"min_run": 4, "min_set": 4},
    {"set_duplicates_allowed": True, "max_set": 5},
    {"omit_ranks": ["2", "3"]},
    {"ace_position": "high_only"},
    {"around_the_corner": True},
    {"points_divisor": 5},
    {"card_overrides": {"7S": 70}},
]


def natural_melds(rng: random.Random, count: int) -> list[list[Card]]:
    """Sets (some with a suit twice), runs (some with a gap, an ace or round the end), and
    cards of no shape."""
    melds: list[list[Card]] = []
    for _ in range(count):
        shape = rng.random()
        n = rng.randint(2, 6)
        if shape < 0.4:
            rank = rng.choice(RANKS)
            melds.append([Card(rank, rng.choice(SUITS)) for _ in range(n)])
        elif shape < 0.85:
            suit, start = rng.choice(SUITS), rng.randrange(13)
            step = [0, 1, 1, 1, 2]
            places, place = [], start
            for _ in range(n):
                places.append(place % 13)
                place += rng.choice(step[1:]) if rng.random() < 0.9 else 0
            melds.append([Card(RANKS[p], suit) for p in places])
        else:
            melds.append([Card(rng.choice(RANKS), rng.choice(SUITS)) for _ in range(n)])
    return melds


def test_the_quick_reading_is_the_whole_analysis() -> None:
    rng = random.Random(12)
    told = 0
    for preset in PRESETS:
        for options in OPTIONS:
            rules = rules_for(preset, options) if preset != "spades" else None
            if rules is None:
                continue
            for packs in (1, 2):
                ctx = Context(rules, wild_rank=None, packs=packs)
                for meld in natural_melds(rng, 60):
                    cards = tuple(sorted(meld))
                    if any(ctx.is_wild(card) for card in cards):
                        continue
                    quick = _natural_meld(cards, ctx)
                    if quick is None:
                        continue
                    told += 1
                    whole = _analyse_all(cards, ctx, (None,) * len(cards), every=True)[0]
                    assert quick == whole, (preset, options, packs, cards)
    assert told > 1_000


def test_too_few_cards_go_to_the_whole_analysis() -> None:
    ctx = Context(rules_for("rummy500"))
    assert _natural_meld((), ctx) is None
    assert _natural_meld((Card("5", "S"),), ctx) is None
