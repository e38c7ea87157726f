"""Random option mixes against the brute force: the arrangement, and the referee it rests on, under
mixes nobody wrote down. Prints what it found, asserts nothing.

    .venv/bin/python tests/benchmarks/sweep_mixes.py [--seed 1] [--seconds 120] [--most 7]
                                                     [--legal-tables]

Each pile: a preset with up to seven options changed, each drawn from ``OPTION_VALUES``
(``arrange_corpus.py``: every option the arrangement reads, mixes that make little sense
included), one to three packs, a round's wild rank where the rules have one; 3 to ``--most``
cards drawn mostly near one card (its rank, its suit within three ranks, the wild ranks, jokers)
so that they meld; 0-2 table melds of such cards (only legal ones with ``--legal-tables``; the API
takes any). Never a card more often than the packs hold. Each answer is checked group by group
by the referee, then its score against the brute force's (``scorekeeper.engine.brute``): a
disagreement is a different (cards, points), more groups where the answer says they are the
fewest, or an answer that is not exact. Where there is no table, the dynamic programme over ranks
is compared too, where it says it is exact (its answers are checked by the referee before use,
so a disagreement there costs work, not a wrong answer).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from arrange_corpus import OPTION_VALUES

from scorekeeper.engine.arrange import arrange
from scorekeeper.engine.arrange.budget import Budget
from scorekeeper.engine.arrange.dp import best_new_melds
from scorekeeper.engine.brute import best_score
from scorekeeper.engine.cards import ALL_CARDS, JOKER_CARD, RANKS, Card, format_cards
from scorekeeper.engine.melds import check_meld
from scorekeeper.engine.points import Context
from scorekeeper.engine.presets import PRESETS, rules_for
from scorekeeper.engine.rules import RulesError


def mix(rng: random.Random) -> tuple[str, dict[str, Any]]:
    names = rng.sample(sorted(OPTION_VALUES), rng.randint(0, 7))
    return rng.choice(sorted(PRESETS)), {name: rng.choice(OPTION_VALUES[name]) for name in names}


def round_of(
    rng: random.Random, packs: Sequence[int], decks: bool = False
) -> tuple[str, dict[str, Any], Context]:
    """A mix the rules take (drawn again until they do), and a round of it: a wild rank where
    the rules have one, the dealer's joker effect, a number of ``packs`` (the rules' ``decks``
    set to it with ``decks``, as the round's scoring counts packs from them)."""
    while True:
        preset, options = mix(rng)
        if decks:
            options["decks"] = count = rng.choice(packs)
        try:
            rules = rules_for(preset, options)
        except RulesError:
            continue
        break
    wild_rank = rng.choice([None, *RANKS]) if rules.round_wild != "none" else None
    joker_effect = rng.choice(["wild", "double"]) if rules.dealer_joker else None
    if not decks:
        count = rng.choice(packs)
    return preset, options, Context(rules, wild_rank, joker_effect, packs=count)


def deal(
    rng: random.Random, most: int, legal_tables: bool
) -> tuple[str, dict[str, Any], Context, list[Card], list[list[Card]]]:
    preset, options, ctx = round_of(rng, [1, 2, 2, 3])
    rules, wild_rank = ctx.rules, ctx.wild_rank
    centre = rng.choice(ALL_CARDS)
    near = [
        c
        for c in ALL_CARDS
        if c.rank in (centre.rank, wild_rank, *rules.wild_ranks)
        or (c.suit == centre.suit and abs(c.number - centre.number) <= 3)
    ]
    held: Counter[Card] = Counter()

    def draw() -> Card | None:
        roll = rng.random()
        card = JOKER_CARD if roll < 0.12 else rng.choice(near if roll < 0.8 else ALL_CARDS)
        held[card] += 1
        room = rules.jokers if card.is_joker else ctx.packs
        if held[card] > room or (not card.is_joker and card.rank in rules.omit_ranks):
            held[card] -= 1
            return None
        return card

    table = []
    for _ in range(rng.choice([0, 0, 1, 2])):
        meld = [c for c in (draw() for _ in range(rng.randint(2, 4))) if c is not None]
        if len(meld) >= 2 and (not legal_tables or check_meld(meld, ctx).legal):
            table.append(meld)
    pile = [c for c in (draw() for _ in range(rng.randint(3, most))) if c is not None]
    return preset, options, ctx, pile or [centre], table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--most", type=int, default=7, help="the most cards in a pile")
    parser.add_argument("--legal-tables", action="store_true")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    piles = differ = dp_differ = 0
    start = time.monotonic()
    while time.monotonic() - start < args.seconds:
        preset, options, ctx, pile, table = deal(rng, args.most, args.legal_tables)
        piles += 1
        result = arrange(pile, ctx, table)
        groups = (*result.melds, *result.layoffs)
        for group in groups:
            onto = table[group.onto] if group.onto is not None else ()
            verdict = check_meld(group.cards, ctx, onto)
            assert verdict.legal and verdict.points == group.points, group
        found = (sum(len(g.cards) for g in groups), result.points, -len(groups))
        best = best_score(pile, ctx, table)
        where = (
            f"{preset} {options} wild rank {ctx.wild_rank}, {ctx.packs} packs: "
            f"{format_cards(pile)} | table {[format_cards(m) for m in table]}"
        )
        if found[:2] != best[:2] or not result.exact or (result.fewest and found != best):
            differ += 1
            print(f"differs: {where}\n  arrange {found} exact={result.exact}, brute {best}")
        if not table:
            by_ranks = best_new_melds(pile, ctx, Budget(1_000_000))
            if by_ranks is not None and by_ranks[2] and by_ranks[0][:2] != best[:2]:
                dp_differ += 1
                print(f"DP differs: {where}\n  DP {by_ranks[0]}, brute {best}")
    print(
        f"{piles} piles in {args.seconds:.0f} s (seed {args.seed}, up to {args.most} cards"
        f"{', legal table melds' if args.legal_tables else ''}): arrange and the brute force "
        f"disagree on {differ}; the DP on its own on {dp_differ}"
    )


if __name__ == "__main__":
    main()
