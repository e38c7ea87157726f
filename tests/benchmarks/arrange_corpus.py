"""The corpus of the arrangement benchmark (``bench_arrange.py``): rules mixes and seeded piles.

A pile is what a player really lays on the table in one round, drawn from the packs the rules
play with: mostly cards that form melds (sets and runs the rules allow, some cut short to a card
or two that a wild completes or that lays off), some wild cards (jokers, wild ranks, the round's
wild rank), a few stray cards (a mis-tap, a card not yet placed), and on some piles one to three
legal melds already on the table to lay off onto. Pile and table together never hold a card more
often than the packs do, never a card of an omitted rank, never more jokers than the rules have.

Importable (``tests/engine/test_bench_corpus.py`` checks the piles respect the packs), so it
lives beside the script rather than inside it; nothing here times anything.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from scorekeeper.engine.cards import ALL_CARDS, JOKER_CARD, RANKS, SUITS, Card, parse_cards
from scorekeeper.engine.deck import deck_counts
from scorekeeper.engine.melds import check_meld
from scorekeeper.engine.points import Context
from scorekeeper.engine.presets import PRESETS, rules_for
from scorekeeper.engine.rules import Rules

SIZES = (10, 20, 30, 40)

#: Each house-rule option the arrangement reads, and values to draw it from: random mixes of
#: them (a preset with a few changed), beside the mixes people play, for the property test
#: (``tests/engine/test_arrange.py``) and the sweep against the brute force (``sweep_mixes.py``).
OPTION_VALUES: dict[str, list[Any]] = {
    "jokers": [0, 1, 2, 4],
    "wild_ranks": [[], ["2"], ["7"], ["K", "3"], ["A"]],
    "wild_cards": [[], ["JS", "JH"], ["QS"], ["AD"]],
    "jokers_wild": [True, False],
    "wild_limit": ["none", "one", "one_per_three", "naturals_majority"],
    "wild_as_itself": ["natural", "wild"],
    "wild_sets": [False, True],
    "real_card_for_wild": ["none", "lay_beside", "swap"],
    "joker_points": [15, 50, "as_represented"],
    "wild_points": [None, 0, 20],
    "wild_ace_points": [None, 0, 30],
    "ace_low_points": [1, 5, None],
    "card_overrides": [{}, {"QS": 40}],
    "four_aces_points": [None, 100],
    "set_duplicates_allowed": [False, True],
    "ace_position": ["low_or_high", "low_only", "high_only"],
    "around_the_corner": [False, True],
    "meld_kinds": ["sets_and_runs", "sets_only", "runs_only"],
    "min_run": [3, 4],
    "min_set": [3, 4],
    "max_set": [None, 3, 6],
    "omit_ranks": [[], ["2"], ["2", "3"], ["7"]],
}
BRUTE_SIZES = (6, 7, 8)


@dataclass(frozen=True)
class Mix:
    """A rules mix: a preset, some options changed, the packs a round is dealt from."""

    name: str
    preset: str
    options: Mapping[str, Any] = field(default_factory=dict)
    packs: int = 1
    #: Whether rounds have a wild rank (the dealer's upcard) when the rules call for one.
    round_wild: bool = True
    #: The dealer's joker effects to draw from (Dealer's Gambit), or (None,).
    joker_effects: tuple[str | None, ...] = (None,)

    @cached_property
    def rules(self) -> Rules:
        return rules_for(self.preset, dict(self.options))

    def describe(self) -> str:
        options = ", ".join(f"{k}={v}" for k, v in self.options.items()) or "as the preset"
        wild = ""
        if self.rules.round_wild == "dealer_upcard":
            wild = " + a round wild rank" if self.round_wild else " + no round wild rank"
        effects = f"; joker effect {'/'.join(map(str, self.joker_effects))}"
        return (
            f"{self.preset}: {options}; {self.packs} pack(s), {self.rules.jokers} jokers{wild}"
            f"{effects if self.joker_effects != (None,) else ''}"
        )


def _preset_mixes() -> list[Mix]:
    packs = {"rummy500-pips": 2, "rummy5000": 2, "rummy5000-minus": 2, "george2500": 2}
    mixes = []
    for preset_id in PRESETS:
        effects: tuple[str | None, ...] = (None,)
        if PRESETS[preset_id].rules.dealer_joker:
            effects = ("wild", "double", "split")
        mixes.append(Mix(preset_id, preset_id, {}, packs.get(preset_id, 1), joker_effects=effects))
    return mixes


_5000 = {"decks": 2, "jokers": 4}
#: Every preset as it stands, then option mixes over rummy5000 and rummy500: each wild limit,
#: joker points fixed and as represented, 0, 1 and 2 wild ranks, wild_as_itself both ways,
#: duplicates in sets on and off, ace positions and around the corner, sets only, wild sets.
MIXES: tuple[Mix, ...] = (
    *_preset_mixes(),
    Mix("5000 no round wild (0 wild ranks)", "rummy5000", _5000, 2, round_wild=False),
    Mix("5000 limit one", "rummy5000", {**_5000, "wild_limit": "one"}, 2),
    Mix("5000 limit one_per_three", "rummy5000", {**_5000, "wild_limit": "one_per_three"}, 2),
    Mix(
        "5000 naturals_majority as_represented",
        "rummy5000",
        {**_5000, "wild_limit": "naturals_majority", "joker_points": "as_represented"},
        2,
    ),
    Mix(
        "5000 as_itself wild, one_per_three, 2 wild ranks",
        "rummy5000",
        {**_5000, "wild_as_itself": "wild", "wild_limit": "one_per_three", "wild_ranks": ["2"]},
        2,
    ),
    Mix(
        "5000 3 packs, 6 jokers, 2 wild ranks",
        "rummy5000",
        {"decks": 3, "jokers": 6, "wild_ranks": ["2"]},
        3,
    ),
    Mix(
        "5000 4 packs, 8 jokers, 3 wild ranks, majority",
        "rummy5000",
        {
            "decks": 4,
            "jokers": 8,
            "wild_ranks": ["2", "3"],
            "wild_limit": "naturals_majority",
            "joker_points": "as_represented",
        },
        4,
    ),
    Mix("5000 no duplicates in sets", "rummy5000", {**_5000, "set_duplicates_allowed": False}, 2),
    Mix("5000 around the corner", "rummy5000", {**_5000, "around_the_corner": True}, 2),
    Mix("5000 sets only", "rummy5000", {**_5000, "meld_kinds": "sets_only"}, 2),
    Mix("5000 wild sets", "rummy5000", {**_5000, "wild_sets": True}, 2),
    Mix("500 jokers as_represented", "rummy500", {"jokers": 2, "joker_points": "as_represented"}),
    Mix("500 1 wild rank (2s)", "rummy500", {"jokers": 2, "wild_ranks": ["2"]}),
    Mix(
        "500 2 wild ranks, 2 packs",
        "rummy500",
        {"decks": 2, "jokers": 4, "wild_ranks": ["2", "3"]},
        2,
    ),
    Mix(
        "500 limit one, as_itself wild",
        "rummy500",
        {"jokers": 2, "wild_ranks": ["7"], "wild_limit": "one", "wild_as_itself": "wild"},
    ),
    Mix(
        "500 naturals_majority, one-eyed jacks",
        "rummy500",
        {"jokers": 2, "wild_cards": ["JS", "JH"], "wild_limit": "naturals_majority"},
    ),
    Mix(
        "500 duplicates in sets, 2 packs",
        "rummy500",
        {"decks": 2, "jokers": 2, "set_duplicates_allowed": True},
        2,
    ),
    Mix("500 ace high only", "rummy500", {"jokers": 2, "ace_position": "high_only"}),
    Mix("500 ace low only", "rummy500", {"ace_position": "low_only"}),
    Mix("500 around the corner", "rummy500", {"jokers": 2, "around_the_corner": True}),
    Mix("500 sets only", "rummy500", {"jokers": 2, "meld_kinds": "sets_only"}),
    Mix("500 runs only, min run 4", "rummy500", {"meld_kinds": "runs_only", "min_run": 4}),
    Mix(
        "500 wild sets, 2s wild", "rummy500", {"jokers": 2, "wild_ranks": ["2"], "wild_sets": True}
    ),
    Mix("500 2x44 (no 2s, 3s)", "rummy500", {"decks": 2, "omit_ranks": ["2", "3"]}, 2),
)


@dataclass(frozen=True)
class Pile:
    """One player's table cards for one round, the melds already on the table, and the round."""

    mix: Mix
    cards: tuple[Card, ...]
    table: tuple[tuple[Card, ...], ...]
    wild_rank: str | None
    joker_effect: str | None = None

    def context(self) -> Context:
        return Context(self.mix.rules, self.wild_rank, self.joker_effect, packs=self.mix.packs)

    @property
    def wilds(self) -> int:
        ctx = self.context()
        return sum(ctx.is_wild(card) or card.is_joker for card in self.cards)

    def describe(self) -> str:
        table = " | ".join(" ".join(c.code() for c in meld) for meld in self.table) or "-"
        return (
            f"[{self.mix.name}] wild rank {self.wild_rank or '-'}"
            f"{f', joker effect {self.joker_effect}' if self.joker_effect else ''}: "
            f"{' '.join(c.code() for c in self.cards)}  table: {table}"
        )


def run_order(rules: Rules) -> tuple[list[str], bool]:
    """The ranks a run may climb through, in order, and whether it may wrap around the corner."""
    ranks = [rank for rank in RANKS if rank not in rules.omit_ranks]
    if rules.around_the_corner and not rules.ace_high_only:
        return ranks, True
    if rules.ace_high_only:
        return [*ranks[1:], "A"] if "A" in ranks else ranks, False
    if rules.ace_position == "low_only":
        return ranks, False
    return [*ranks, "A"], False  # low or high: an ace at either end (never both: runs are short)


def _take(deck: Counter[Card], cards: Sequence[Card]) -> bool:
    need = Counter(cards)
    if any(deck[card] < count for card, count in need.items()):
        return False
    deck.subtract(need)
    return True


def _meld(rng: random.Random, deck: Counter[Card], rules: Rules, wild: Context) -> list[Card]:
    """A random set or run (as the rules allow) of natural cards still in ``deck``, or []."""
    kinds = {"sets_only": ("set",), "runs_only": ("run",)}.get(rules.meld_kinds, ("set", "run"))
    order, wraps = run_order(rules)
    for _ in range(60):
        if rng.choice(kinds) == "set":
            rank = rng.choice(order)
            pool = [c for c in deck.elements() if c.rank == rank and not wild.is_wild(c)]
            if not rules.set_duplicates_allowed:
                pool = list(dict.fromkeys(pool))
            size = rng.randint(rules.min_set, max(rules.min_set, min(4, len(pool))))
            if len(pool) < size:
                continue
            chosen = rng.sample(pool, size)
        else:
            size = rng.randint(rules.min_run, min(rules.min_run + 4, len(order) - 1))
            suit = rng.choice(SUITS)
            start = rng.randrange(len(order)) if wraps else rng.randint(0, len(order) - size)
            ranks = [order[(start + i) % len(order)] for i in range(size)]
            chosen = [Card(rank, suit) for rank in ranks]
            if any(wild.is_wild(c) for c in chosen):
                continue
        if _take(deck, chosen):
            return chosen
    return []


def make_pile(
    rng: random.Random,
    mix: Mix,
    size: int,
    *,
    wilds: int | None = None,
    table_melds: int | None = None,
    strays: int | None = None,
) -> Pile:
    """A pile of ``size`` cards under ``mix``; ``None`` draws the count at random."""
    rules = mix.rules
    wild_rank = None
    if rules.round_wild == "dealer_upcard" and mix.round_wild:
        wild_rank = rng.choice([r for r in RANKS if r not in rules.omit_ranks])
    ctx = Context(rules, wild_rank, rng.choice(mix.joker_effects), packs=mix.packs)
    deck = deck_counts(rules, mix.packs)

    specials = [c for c in deck.elements() if ctx.is_wild(c) or c.is_joker]
    if wilds is None:
        roll = rng.random()
        most = max(3, min(8, size // 3))
        wilds = 0 if roll < 0.25 else rng.randint(1, 3) if roll < 0.8 else rng.randint(3, most)
    chosen_wilds = rng.sample(specials, min(wilds, len(specials), size))
    deck.subtract(chosen_wilds)

    if table_melds is None:
        table_melds = rng.choice((0, 0, 0, 1, 2, 3))
    table: list[tuple[Card, ...]] = []
    for _ in range(table_melds * 5):
        if len(table) == table_melds:
            break
        meld = _meld(rng, deck, rules, ctx)
        room = deck.total() - (size - len(chosen_wilds))  # the pile must still fit in the packs
        if meld and (room < 0 or not check_meld(meld, ctx).legal):
            deck.update(meld)  # not a meld under these rules (e.g. a 3-card run, min run 4)
            continue
        if meld:
            table.append(tuple(meld))

    if strays is None:
        strays = rng.choice((0, 0, 1, 1, 2))
    strays = min(strays, size - len(chosen_wilds))
    naturals: list[Card] = []
    target = size - len(chosen_wilds) - strays
    for _ in range(200):
        if len(naturals) >= target:
            break
        meld = _meld(rng, deck, rules, ctx)
        if not meld:
            break
        if rng.random() < 0.15:  # a card or two: a layoff, or a natural the wilds complete
            keep = rng.randint(1, 2)
            deck.update(meld[keep:])
            meld = meld[:keep]
        naturals += meld
    deck.update(naturals[target:])
    naturals = naturals[:target]
    # strays (and any shortfall) from whatever is left in the packs
    while len(naturals) + len(chosen_wilds) < size:
        left = list(deck.elements())
        if not left:
            break
        card = rng.choice(left)
        deck[card] -= 1
        naturals.append(card)
    cards = naturals + chosen_wilds
    rng.shuffle(cards)  # the scorer taps them in any order
    return Pile(mix, tuple(cards), tuple(table), wild_rank, ctx.joker_effect)


def peer_mix() -> Mix:
    """Rummikub in our terms: 2 packs, 2 jokers as represented, sets of distinct suits, 1-13."""
    return Mix(
        "rummikub (500-pips)",
        "rummy500-pips",
        {"decks": 2, "jokers": 2, "joker_points": "as_represented", "ace_position": "low_only"},
        2,
    )


@dataclass(frozen=True)
class Pathological:
    """A pile the search once took minutes over, with its rules, round and what it took then."""

    name: str
    preset: str
    options: Mapping[str, Any]
    wild_rank: str | None
    codes: str
    before: str

    @cached_property
    def rules(self) -> Rules:
        return rules_for(self.preset, dict(self.options))

    @property
    def cards(self) -> list[Card]:
        return parse_cards(self.codes.split())

    def context(self) -> Context:
        packs = self.rules.packs()
        return Context(self.rules, self.wild_rank, packs=packs)


def _generated(name: str, mix: Mix, seed: int, wilds: int, before: str) -> Pathological:
    """A 40-card pile made under ``mix`` with its own seed (the same every run): ``wilds`` wild
    cards, two strays. Each seed was the slowest of seeds 0-11 for the search as it stood when
    this benchmark was written (0.5-1.7 s, where most such piles took 5-20 ms)."""
    pile = make_pile(random.Random(seed), mix, 40, wilds=wilds, strays=2, table_melds=0)
    codes = " ".join(card.code() for card in pile.cards)
    return Pathological(name, mix.preset, mix.options, pile.wild_rank, codes, before)


_PLAIN_5000 = Mix("5000 plain, 2 packs", "rummy5000", {"decks": 2}, 2)
_JOKERS_5000 = Mix("5000, 2 packs, 4 jokers", "rummy5000", {"decks": 2, "jokers": 4}, 2)

PATHOLOGICAL: tuple[Pathological, ...] = (
    Pathological(
        "(a) 5000 majority, jokers as represented, 30 cards",
        "rummy5000",
        {
            "decks": 2,
            "jokers": 4,
            "joker_points": "as_represented",
            "wild_limit": "naturals_majority",
        },
        "9",
        "KD 7D 2D 8D 10D QD AD 5D JD JD 6D 10D 3D 7D KD 3D QD AD 4D 6D 2D 4D 9D 9H JK 9D JK 9S "
        "9C 9C",
        "135 s",
    ),
    Pathological(
        "(b) 5000 4 packs, 8 jokers, 2s 3s 4s wild, 40 cards",
        "rummy5000",
        {
            "decks": 4,
            "jokers": 8,
            "wild_limit": "naturals_majority",
            "joker_points": "as_represented",
            "wild_ranks": ["2", "3"],
            "set_duplicates_allowed": True,
        },
        "4",
        "5H 6H 7H 8H 9H 10H JH QH KH 5S 6S 7S 9S 10S 8C 8C 8D 8D QD QD QS AS AC AD "
        "JK JK JK JK JK JK 2S 2H 2D 3C 3H 3S 4D 4C 4H 4S",
        "no answer after 300 s",
    ),
    Pathological(
        "(c) 5000 one_per_three, as_itself wild, 2s 7s wild, 30 cards",
        "rummy5000",
        {
            "decks": 2,
            "jokers": 4,
            "wild_limit": "one_per_three",
            "wild_as_itself": "wild",
            "wild_ranks": ["2"],
        },
        "7",
        "5H 6H 7H 8H 9H AS 2S 3S 4S 7C 7C 7D 7S 2H 2D 2C JK JK 10D JD QD KD 6C 6S 6D "
        "9S 10S JS QS 8C",
        "98 s",
    ),
    _generated("(d) 5000 plain, 2 packs, 40 cards", _PLAIN_5000, 10, 6, "1-2.6 s"),
    _generated("(d) 5000, 2 packs, 4 jokers, 40 cards", _JOKERS_5000, 9, 8, "6 s"),
)


# --- the piles of the old engine bench (scorekeeper/engine/bench.py), kept piece for piece -------
# tests/engine/test_arrange.py draws its random piles from here: same seed, same pile.


@dataclass(frozen=True)
class LegacyPile:
    cards: tuple[Card, ...]
    table: tuple[tuple[Card, ...], ...]
    wild_rank: str
    wilds: int


def _legacy_meld(rng: random.Random, deck: list[Card]) -> list[Card]:
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


def legacy_make_pile(rng: random.Random, size: int, wilds: int, strays: int = 0) -> LegacyPile:
    """A 5000 Rummy pile from two packs and four jokers, as the old bench made them."""
    wild_rank = rng.choice(RANKS)
    deck = [c for c in ALL_CARDS if c.rank != wild_rank] * 2
    wild_cards = [JOKER_CARD] * 4 + [Card(wild_rank, s) for s in SUITS] * 2
    rng.shuffle(wild_cards)
    table = tuple(tuple(_legacy_meld(rng, deck)) for _ in range(2))
    cards: list[Card] = []
    naturals = size - wilds - strays
    while len(cards) < naturals:
        meld = _legacy_meld(rng, deck)
        if rng.random() < 0.15 and meld:
            meld = meld[:1]
        cards += meld
    cards = cards[:naturals]
    for _ in range(strays):
        stray = rng.choice(deck)
        deck.remove(stray)
        cards.append(stray)
    cards += wild_cards[:wilds]
    return LegacyPile(tuple(cards), table, wild_rank, wilds)
