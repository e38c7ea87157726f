"""A quick split for when the exact searches ran out of budget: part of :mod:`.arrange`.

Past the budget the answer is the best split found, for the scorer to finish by hand. Where the
searches found little (the candidates of a 40-card pile with four kinds of wild and table melds
can take the whole budget to list), the natural runs and sets alone left half the pile
unplaced. :func:`extend` takes such a split further, asking the referee each time: every card
left, the natural cards first and the richest first, goes where it adds most points (a meld of
the split, or the layoff onto a table meld); then two cards left and a wild left make a new meld
where they can; then the wilds left go where they add most. Not exact, and never claimed to be:
a better start for the hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from ..cards import Card
from ..melds import Context, Verdict, check_meld
from ..points import card_points
from ..table_melds import judge

#: A group of a split: its cards, the table meld it is laid off onto (None: a new meld), and
#: the referee's verdict on it.
Checked = tuple[tuple[Card, ...], int | None, Verdict]


def extend(
    cards: Sequence[Card],
    ctx: Context,
    table: Sequence[Sequence[Card]],
    start: Sequence[Checked],
    declared: Sequence[Mapping[int, Card]] = (),
) -> list[Checked]:
    """``start``'s groups with as many of the cards it leaves out added as the referee allows.

    >>> from ..presets import rules_for
    >>> from ..cards import parse_cards
    >>> ctx = Context(rules_for("rummy500", {"jokers": 2}))
    >>> pile = parse_cards(["5S", "6S", "7S", "8S", "9H", "9D", "JK"])
    >>> run, hearts = tuple(pile[:3]), parse_cards(["10H", "JH", "QH"])
    >>> groups = extend(pile, ctx, [hearts], [(run, None, check_meld(run, ctx))])
    >>> [(" ".join(c.code() for c in group), onto) for group, onto, _ in groups]
    [('5S 6S 7S 8S JK', None), ('9H', 0)]
    """
    melds = [list(group) for group, onto, _ in start if onto is None]
    layoffs = {onto: list(group) for group, onto, _ in start if onto is not None}
    worth = [verdict.points for _, onto, verdict in start if onto is None]
    laid = {onto: verdict.points for _, onto, verdict in start if onto is not None}
    left = Counter(cards)
    for group, _, _ in start:
        left.subtract(group)

    def place(card: Card) -> None:
        """The card where it adds most points, if anywhere."""
        best: tuple[int, int | None, int, Verdict] | None = None  # gain, onto, index, verdict
        for i, meld in enumerate(melds):
            verdict = check_meld([*meld, card], ctx)
            if verdict.legal and (best is None or verdict.points - worth[i] > best[0]):
                best = (verdict.points - worth[i], None, i, verdict)
        for target, meld_on_table in enumerate(table):
            fixed = declared[target] if target < len(declared) else None
            verdict = judge([*layoffs.get(target, []), card], ctx, meld_on_table, fixed)
            gain = verdict.points - laid.get(target, 0)
            if verdict.legal and (best is None or gain > best[0]):
                best = (gain, target, target, verdict)
        if best is None:
            return
        left[card] -= 1
        _, where, index, verdict = best
        if where is None:
            melds[index].append(card)
            worth[index] = verdict.points
        else:
            layoffs.setdefault(where, []).append(card)
            laid[where] = verdict.points

    def richest(cards: list[Card]) -> list[Card]:
        return sorted(cards, key=lambda c: (-card_points(ctx, c), c))

    # The natural cards left, the richest first; then new melds of two of them and a wild
    # (a gap filled, a pair made a set: a wild placed there places two more cards); then the
    # wilds left.
    for card in richest([c for c in left.elements() if not ctx.is_wild(c)]):
        place(card)
    rest = sorted(c for c in left.elements() if not ctx.is_wild(c))
    wilds = sorted(
        (c for c in left.elements() if ctx.is_wild(c)), key=lambda c: (card_points(ctx, c), c)
    )
    for a in range(len(rest)):
        for b in range(a + 1, len(rest)):
            first, second = rest[a], rest[b]
            if not left[first] or not left[second] or (first == second and left[first] < 2):
                continue
            near = first.suit == second.suit and abs(first.number - second.number) <= 2
            if first.rank != second.rank and not near:
                continue  # no meld of three holds them both
            for wild in dict.fromkeys(wilds):
                if not left[wild]:
                    continue
                verdict = check_meld([first, second, wild], ctx)
                if verdict.legal:
                    for card in (first, second, wild):
                        left[card] -= 1
                    melds.append([first, second, wild])
                    worth.append(verdict.points)
                    break
    for card in richest([c for c in left.elements() if ctx.is_wild(c)]):
        place(card)

    # Each group told again as the split gives it (its cards in order).
    out: list[Checked] = []
    for meld in melds:
        group = tuple(sorted(meld))
        out.append((group, None, check_meld(group, ctx)))
    for onto, layoff in layoffs.items():
        group = tuple(sorted(layoff))
        fixed = declared[onto] if onto < len(declared) else None
        out.append((group, onto, judge(group, ctx, table[onto], fixed)))
    return out
