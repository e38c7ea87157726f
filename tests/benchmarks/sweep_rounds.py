"""Random option mixes through the round form's loop: the app groups two players' table cards,
then the round's scoring reads that grouping. Counts the rounds whose scoring refuses a group the
app made that is not the one meld of cards the app could not place. Prints, asserts nothing.

    .venv/bin/python tests/benchmarks/sweep_rounds.py [--seed 1] [--seconds 90] [--rounds N]

Each round: a preset with up to six options changed (``OPTION_VALUES``, as ``sweep_mixes.py``
draws them), one or two packs (``decks`` set to match, as the scoring counts them), a round's wild
rank where the rules have one; about twenty cards dealt from the packs, mostly near one card so
that they meld, split between two players. The app's grouping
(``web.round_form.auto_grouping.group_automatically``) lays each player's cards out; the first
player goes out. A round counts when the scoring (``engine.scoring.score_round``) names a
problem though every meld it read is legal (a layoff refused, say), or when the grouping fails.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from sweep_mixes import round_of

from scorekeeper.engine.cards import ALL_CARDS, JOKER_CARD, Card, format_cards
from scorekeeper.engine.points import Context
from scorekeeper.engine.scoring import (
    LayoffRecord,
    MeldRecord,
    PlayerRecord,
    RoundRecord,
    score_round,
)
from scorekeeper.web.round_form.auto_grouping import group_automatically

NAMES = ("Ann", "Bob")


def deal(rng: random.Random) -> tuple[str, dict[str, object], Context, list[list[Card]]]:
    preset, options, ctx = round_of(rng, [1, 2], decks=True)
    rules, wild_rank, packs = ctx.rules, ctx.wild_rank, ctx.packs
    deck = [c for c in ALL_CARDS if c.rank not in rules.omit_ranks] * packs
    deck += [JOKER_CARD] * rules.jokers
    rng.shuffle(deck)
    centre = rng.choice(ALL_CARDS)
    near = [
        c
        for c in deck
        if c.is_joker
        or c.rank in (centre.rank, wild_rank, *rules.wild_ranks)
        or (c.suit == centre.suit and abs(c.number - centre.number) <= 3)
    ]
    dealt = Counter(near[:14]) + Counter(deck[:6])
    room = Counter(deck)
    cards = [card for card, n in dealt.items() for _ in range(min(n, room[card]))]
    rng.shuffle(cards)
    cut = rng.randint(3, max(3, len(cards) - 3))
    return preset, options, ctx, [cards[:cut], cards[cut:]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=90.0)
    parser.add_argument("--rounds", type=int, default=None, help="stop after this many rounds")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    rounds = refused = crashed = 0
    kinds: Counter[str] = Counter()
    start = time.monotonic()
    while time.monotonic() - start < args.seconds and rounds != args.rounds:
        preset, options, ctx, piles = deal(rng)
        try:
            grouped = group_automatically(dict(enumerate(piles)), {}, ctx)
        except Exception as error:  # (a failure is what this looks for)
            crashed += 1
            rounds += 1
            cards = [format_cards(pile) for pile in piles]
            print(f"failed: {preset} {options} wild rank {ctx.wild_rank}: {cards}: {error!r}")
            continue
        players = []
        for seat, name in enumerate(NAMES):
            melds = [MeldRecord(g.cards) for g in grouped.groups[seat] if g.onto is None]
            layoffs = [
                LayoffRecord(NAMES[g.onto[0]], g.onto[1], g.cards)
                for g in grouped.groups[seat]
                if g.onto is not None
            ]
            players.append(PlayerRecord(name, went_out=seat == 0, melds=melds, layoffs=layoffs))
        record = RoundRecord(tuple(players), wild_rank=ctx.wild_rank, joker_effect=ctx.joker_effect)
        score = score_round(ctx.rules, record)
        rounds += 1
        unplaced = any(not v.legal for p in score.players for v in p.verdicts)
        if score.problems and not unplaced:
            refused += 1
            kinds.update(score.problem_codes)
            shown = {
                NAMES[seat]: [
                    (f"@{NAMES[g.onto[0]]}.{g.onto[1]} " if g.onto else "") + format_cards(g.cards)
                    for g in groups
                ]
                for seat, groups in grouped.groups.items()
            }
            print(f"refused: {preset} {options} wild rank {ctx.wild_rank}: {shown}")
            for problem in score.problems:
                print(f"  {problem}")
    print(
        f"{rounds} rounds in {time.monotonic() - start:.0f} s (seed {args.seed}): the scoring "
        f"refused the app's grouping in {refused} ({dict(kinds)}); the grouping failed in "
        f"{crashed}"
    )


if __name__ == "__main__":
    main()
