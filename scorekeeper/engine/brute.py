"""A brute-force arrangement search: slow and obviously right, to check :mod:`.arrange` against.

It tries every partition of the pile into blocks and every destination for each block (a new
meld, a layoff onto an unused table meld, or left unplaced) and keeps the best score. The
referee is asked once about each block and destination (the same block of the same pile cards
recurs in many partitions).

>>> from .presets import rules_for
>>> from .cards import parse_cards
>>> best_score(parse_cards(["3C", "3D", "3S", "KS"]), Context(rules_for("rummy500")))
(3, 9, -1)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .cards import Card
from .melds import Context, Verdict
from .table_melds import judge

Score = tuple[int, int, int]


def _partitions(items: list[int]) -> Iterator[list[list[int]]]:
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for partition in _partitions(rest):
        yield [[first], *partition]
        for i in range(len(partition)):
            yield [*partition[:i], [first, *partition[i]], *partition[i + 1 :]]


def best_score(pile: Sequence[Card], ctx: Context, table: Sequence[Sequence[Card]] = ()) -> Score:
    """(cards placed, points, -groups) of the best split, as :func:`.arrange.arrange` ranks them."""
    verdicts: dict[tuple[tuple[int, ...], int | None], Verdict] = {}

    def verdict(block: list[int], onto: int | None) -> Verdict:
        key = (tuple(block), onto)
        if key not in verdicts:
            # the one referee: a table meld's wilds keep a reading it has on its own
            verdicts[key] = judge(
                [pile[i] for i in block], ctx, table[onto] if onto is not None else ()
            )
        return verdicts[key]

    def best_labels(blocks: list[list[int]], index: int, used: frozenset[int]) -> Score:
        if index == len(blocks):
            return (0, 0, 0)
        options: list[Score] = [best_labels(blocks, index + 1, used)]  # left unplaced
        destinations: list[int | None] = [None, *(i for i in range(len(table)) if i not in used)]
        for onto in destinations:
            checked = verdict(blocks[index], onto)
            if not checked.legal:
                continue
            rest = best_labels(blocks, index + 1, used | {onto} if onto is not None else used)
            options.append((rest[0] + len(blocks[index]), rest[1] + checked.points, rest[2] - 1))
        return max(options)

    best: Score = (0, 0, 0)
    for partition in _partitions(list(range(len(pile)))):
        best = max(best, best_labels(partition, 0, frozenset()))
    return best
