"""Melds already on the table: the readings their wilds keep, and the one verdict every path
asks for cards laid off onto one (:func:`judge`).

A wild keeps the reading it was melded with (RULES.md): the one declared, or, undeclared, one the
meld has on its own. In ``5S JK 7S`` that is 6S, its only one, so a 6S cannot be laid off onto it
(unless the real card may go beside the wild: ``real_card_for_wild``); ``5S 6S JK`` has two
(4S or 7S), and is read as the layoffs need. The check endpoint, the referee page, the
arrangement's referee (the API's grouping and the round form's) and the round's scoring all read
a table meld so.

>>> from .cards import parse_cards
>>> from .presets import rules_for
>>> ctx = Context(rules_for("rummy500", {"jokers": 2}))
>>> meld = tuple(parse_cards(["5S", "JK", "7S"]))
>>> two_ways = tuple(parse_cards(["5S", "6S", "JK"]))
>>> kept_readings(ctx, meld), kept_readings(ctx, two_ways)
((None, Card.from_code('6S'), None), ())
>>> judge(parse_cards(["6S"]), ctx, meld).legal
False
>>> judge(parse_cards(["8S"]), ctx, meld).legal, judge(parse_cards(["7S"]), ctx, two_ways).legal
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from .cards import Card
from .melds import (
    StandingMeld,
    Verdict,
    check_meld,
    layoff_readings,
    layoff_refusal,
    meld_readings,
    words,
)
from .points import Context


def kept_readings(
    ctx: Context, cards: Sequence[Card], declared: Sequence[Card | None] = ()
) -> tuple[Card | None, ...]:
    """The readings a table meld's wilds keep, per card (None: not a wild, or free): those
    declared, or, undeclared, the one reading the meld has on its own when it has only one; ``()``
    where every wild is free."""
    if any(reading is not None for reading in declared):
        return tuple(declared)
    readings = meld_readings(cards, ctx)
    if len(readings) != 1:
        return ()
    verdict, _ = readings[0]
    kept = tuple(r.as_card if ctx.is_wild(r.card) else None for r in verdict.readings)
    return kept if any(reading is not None for reading in kept) else ()


def table_pins(
    ctx: Context, onto: Sequence[Card], fixed: Mapping[int, Card] | None = None
) -> dict[int, Card]:
    """The readings held for ``check_meld`` on cards laid off onto the meld ``onto``: those
    declared (``fixed``, by position in ``(*onto, *cards)``), and, when nothing of ``onto`` is
    declared, the readings its wilds keep (:func:`kept_readings`)."""
    fixed = dict(fixed or {})
    if not onto or any(index < len(onto) for index in fixed):
        return fixed
    kept = kept_readings(ctx, onto)
    return {index: card for index, card in enumerate(kept) if card is not None} | fixed


def judge(
    cards: Sequence[Card],
    ctx: Context,
    onto: Sequence[Card] = (),
    fixed: Mapping[int, Card] | None = None,
) -> Verdict:
    """The verdict on ``cards`` as a meld, or laid off onto the meld ``onto`` on the table: the
    one referee every path asks. ``fixed`` holds declared readings (positions in
    ``(*onto, *cards)``).

    A wild keeps the reading it was melded with (RULES.md), so cards laid off onto a meld that
    holds wilds stand only if one reading the meld has on its own takes them, that reading kept
    (the round's scoring reads a meld the same way: :func:`.melds.layoff_readings`); among the
    readings that do, the one that scores most, as the scoring takes it. ``8H 9H`` cannot go
    onto ``7H JD JC`` with jacks wild: 7H-8H-9H-10H-JH takes them, but 7H with the jacks as
    10H and JH was never a meld.
    """
    fixed = dict(fixed or {})
    onto = tuple(onto)
    if not onto or not any(ctx.is_wild(card) for card in onto):
        return check_meld(cards, ctx, onto, fixed or None)
    onto_fixed = {i: card for i, card in fixed.items() if i < len(onto)}
    mine = {i - len(onto): card for i, card in fixed.items() if i >= len(onto)}
    readings = meld_readings(onto, ctx, onto_fixed or None)
    if not readings:  # not a meld on its own: the verdict on the cards together says why
        return check_meld(cards, ctx, onto, fixed or None)
    return laid_onto(cards, ctx, readings, mine)


def laid_onto(
    cards: Sequence[Card],
    ctx: Context,
    readings: Sequence[tuple[Verdict, StandingMeld]],
    fixed: Mapping[int, Card] | None = None,
) -> Verdict:
    """The verdict on ``cards`` (``fixed``: their declared readings) laid off onto a meld on
    the table that has these ``readings`` on its own (:func:`.melds.meld_readings`, not empty):
    the best of those that take them, that reading kept, else why the first does not."""
    best: tuple[int, Verdict] | None = None
    for meld, standing in readings:
        for laid, _ in layoff_readings(standing, cards, ctx, fixed or None)[:1]:
            if best is None or meld.points + laid.points > best[0]:
                best = (meld.points + laid.points, laid)
    if best is not None:
        return best[1]
    refused = layoff_refusal(readings[0][1], cards, ctx, fixed or None)
    if len(readings) == 1 or not refused.reasons:
        return refused
    # several readings, none of which takes the cards: say so, not why the first does not
    onto = readings[0][1].cards
    said = words.no_reading_takes(cards, onto, [standing.as_cards for _, standing in readings])
    return replace(refused, reasons=(refused.reasons[0], said))
