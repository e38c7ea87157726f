"""The arrangement of another commit beside the working tree's, in one process: a script that
prints figures, not a test.

    .venv/bin/python tests/benchmarks/ab_arrange.py [--base HEAD] [--sizes 30 40] [--seed 7]

This machine's speed drifts by a fifth or more from one run to the next, so two benchmark runs
minutes apart do not compare. Here the engine of ``--base`` is exported (``git archive``) into a
package of another name, and both arrange the same corpus piles (every mix, 12 piles per size)
interleaved, each three times: the figure is the least CPU time of the three, per pile, summed
per mix. Every answer is compared too: cards placed, points, groups, whether exact.
"""

from __future__ import annotations

import argparse
import importlib
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from arrange_corpus import MIXES, Mix, Pile, make_pile, peer_mix

from scorekeeper.engine import melds
from scorekeeper.engine.arrange import arrange

ROOT = Path(__file__).resolve().parents[2]


def _export(base: str, into: Path) -> str:
    """``scorekeeper/`` at ``base`` as the package ``scorekeeper_base`` in ``into``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", base, "scorekeeper"],
        check=True,
        capture_output=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    (into / "scorekeeper").rename(into / "scorekeeper_base")
    sys.path.insert(0, str(into))
    return "scorekeeper_base"


def _base_modules(name: str) -> dict[str, ModuleType]:
    return {
        part: importlib.import_module(f"{name}.engine.{part}")
        for part in ("arrange", "cards", "melds", "points", "rules")
    }


def _base_call(base: dict[str, ModuleType], pile: Pile) -> tuple[Any, ...]:
    """The same pile as the base engine's own objects (its Card, Rules and Context)."""
    card = base["cards"].Card.from_code
    rules = base["rules"].Rules.from_dict(pile.mix.rules.to_dict())
    ctx = base["points"].Context(rules, pile.wild_rank, pile.joker_effect, packs=pile.mix.packs)
    return (
        [card(c.code()) for c in pile.cards],
        ctx,
        [[card(c.code()) for c in meld] for meld in pile.table],
    )


def _cells(peer: bool) -> list[tuple[Mix, int | None]]:
    """Every mix of the corpus, or the peer's mix with each count of jokers."""
    if peer:
        return [(peer_mix(), jokers) for jokers in (0, 1, 2)]
    return [(mix, None) for mix in MIXES]


def _answer(result: Any) -> tuple[tuple[int, int, int], bool]:
    groups = (*result.melds, *result.layoffs)
    return (sum(len(g.cards) for g in groups), result.points, -len(groups)), result.exact


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="HEAD", help="the commit to compare with")
    parser.add_argument("--sizes", type=int, nargs="+", default=[30, 40])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--mix", action="append", help="only these mixes (by name)")
    parser.add_argument(
        "--peer",
        action="store_true",
        help="the piles of the benchmark's peer section instead (Rummikub-like, 0-2 jokers)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        base = _base_modules(_export(args.base, Path(folder)))
        rng = random.Random(args.seed)
        totals: dict[str, list[float]] = {}
        differ = 0
        for mix, jokers in _cells(args.peer):
            for size in args.sizes:
                for _ in range(12):
                    pile = make_pile(
                        rng, mix, size, **({"wilds": jokers, "table_melds": 0} if args.peer else {})
                    )
                    if args.mix and mix.name not in args.mix:
                        continue
                    old_call = _base_call(base, pile)
                    times = [float("inf"), float("inf")]
                    for _ in range(3):
                        base["melds"]._analyse.cache_clear()
                        start = time.process_time()
                        old = base["arrange"].arrange(*old_call)
                        times[0] = min(times[0], time.process_time() - start)
                        melds._analyse.cache_clear()
                        start = time.process_time()
                        new = arrange(pile.cards, pile.context(), pile.table)
                        times[1] = min(times[1], time.process_time() - start)
                    if _answer(old) != _answer(new):
                        differ += 1
                        print(f"  differs: {pile.describe()}\n    {_answer(old)} -> {_answer(new)}")
                    name = f"{mix.name}, {jokers} jokers" if args.peer else mix.name
                    cell = totals.setdefault(name, [0.0, 0.0, 0.0, 0, 0])
                    cell[0] += times[0]
                    cell[1] += times[1]
                    cell[2] = max(cell[2], times[1])
                    cell[3] += getattr(old, "work", 0)
                    cell[4] += new.work
        print(
            f"{'mix':52} {'base':>9} {'now':>9}  change  worst now (CPU ms, min of 3)"
            "   work (budget steps, base -> now: the same on any run)"
        )
        for name, (old_s, new_s, worst, old_w, new_w) in totals.items():
            change = (new_s / old_s - 1) * 100 if old_s else 0.0
            steps = f"{old_w:>9} -> {new_w:>9} {(new_w / old_w - 1) * 100 if old_w else 0:+5.0f}%"
            print(
                f"{name:52} {old_s * 1000:9.0f} {new_s * 1000:9.0f}  {change:+5.0f}%  "
                f"{worst * 1000:9.1f}   {steps}"
            )
        old_all = sum(v[0] for v in totals.values())
        new_all = sum(v[1] for v in totals.values())
        print(
            f"{'all':52} {old_all * 1000:9.0f} {new_all * 1000:9.0f}  "
            f"{(new_all / old_all - 1) * 100 if old_all else 0:+5.0f}%  answers differ on {differ}"
        )


if __name__ == "__main__":
    main()
