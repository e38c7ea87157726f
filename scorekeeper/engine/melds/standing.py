"""Melds as they stand on the table: every legal reading a meld can be left with, and the
layoffs onto it that keep its readings.

Once melded, a wild keeps its reading (RULES.md). So a meld on the table is a
:class:`StandingMeld`: its cards with what each stands for, and the wilds that have their real
card beside them. :func:`meld_readings` gives every way a meld can stand, :func:`layoff_readings`
every way cards can be laid off onto one with its readings kept (the round's scoring follows
each), and :func:`layoff_refusal` the referee's reasons where none can.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from ..cards import Card
from ..points import Context
from . import words
from .analysis import _analyse_all
from .reading import Fixed, _Pins, _sorted_order
from .verdicts import Verdict, _beside, _deck_reasons, _pins, _verdict, check_meld, most_cards


@dataclass(frozen=True)
class StandingMeld:
    """A meld as it stands on the table: its cards (the meld, then the layoffs that stood), what
    each card stands for there, and the wilds (by position) with their real card laid beside.

    Once melded, a wild keeps its reading: every layoff onto a standing meld is checked with these
    readings fixed.
    """

    cards: tuple[Card, ...]
    as_cards: tuple[Card, ...]
    beside: frozenset[int] = frozenset()

    def fixed(self) -> dict[int, Card]:
        """Every card's reading, as ``check_meld``'s ``fixed`` for a layoff onto this meld."""
        return dict(enumerate(self.as_cards))

    @cached_property
    def key(self) -> tuple[object, ...]:
        """Two standing melds with the same key take the same layoffs the same way."""
        pairs = sorted(
            f"{card}={as_card}" for card, as_card in zip(self.cards, self.as_cards, strict=True)
        )
        return (" ".join(pairs), tuple(sorted(self.beside)))


def meld_readings(
    cards: Sequence[Card], ctx: Context, fixed: Fixed | None = None
) -> tuple[tuple[Verdict, StandingMeld], ...]:
    """Every legal reading of ``cards`` as one meld (the one ``check_meld`` reports first; the
    others as they come), each with the meld it leaves on the table. Empty when none is legal.

    >>> from ..cards import parse_cards
    >>> from ..presets import rules_for
    >>> ctx = Context(rules_for("rummy500", {"jokers": 2}))
    >>> [v.readings[2].as_card.code() for v, _ in meld_readings(parse_cards(["5S", "6S", "JK"]), ctx)]
    ['7S', '4S']
    """  # noqa: E501 (a doctest's line)
    cards = tuple(cards)
    if len(cards) > most_cards(ctx) or _deck_reasons(cards, ctx):
        return ()
    return tuple(
        (verdict, StandingMeld(cards, tuple(r.as_card for r in verdict.readings)))
        for verdict in _every_reading(cards, ctx, 0, _pins(cards, fixed))
    )


def layoff_readings(
    standing: StandingMeld, cards: Sequence[Card], ctx: Context, fixed: Fixed | None = None
) -> tuple[tuple[Verdict, StandingMeld], ...]:
    """Every legal way to lay ``cards`` off onto ``standing`` with its readings kept (``fixed``:
    positions in ``cards`` and what they were declared as), each with the meld it leaves. Past what
    any meld can hold the answer is empty at once."""
    cards = tuple(cards)
    combined = standing.cards + cards
    if len(combined) > most_cards(ctx) or _deck_reasons(combined, ctx):
        return ()
    pins = (*standing.as_cards, *(fixed.get(i) if fixed else None for i in range(len(cards))))
    n = len(standing.cards)
    out = []
    for verdict in _every_reading(combined, ctx, n, pins):
        if standing.as_cards == tuple(r.as_card for r in verdict.readings[:n]):
            after = StandingMeld(
                combined, tuple(r.as_card for r in verdict.readings), standing.beside
            )
            out.append((verdict, after))
    if out or ctx.rules.real_card_for_wild == "none":
        return tuple(out)
    found = _beside(standing.cards, cards, ctx, pins, standing.beside)
    if found is None:
        return ()
    beside, used, rest = found
    in_meld = beside.readings[n : n + len(rest)]
    after = StandingMeld(
        standing.cards + tuple(r.card for r in in_meld),
        standing.as_cards + tuple(r.as_card for r in in_meld),
        used,
    )
    return ((beside, after),)


def layoff_refusal(
    standing: StandingMeld, cards: Sequence[Card], ctx: Context, fixed: Fixed | None = None
) -> Verdict:
    """Why ``cards`` cannot be laid off onto ``standing`` (when ``layoff_readings`` is empty)."""
    cards = tuple(cards)
    shifted = {len(standing.cards) + i: card for i, card in (fixed or {}).items()}
    verdict = check_meld(cards, ctx, standing.cards, {**standing.fixed(), **shifted})
    if verdict.legal:  # only a wild that already has its real card beside it stood in the way
        reason = words.beside_taken(cards, standing.cards)
        return Verdict(False, None, verdict.readings, verdict.added_from, 0, (reason,))
    return verdict


def _every_reading(
    cards: tuple[Card, ...], ctx: Context, added_from: int, pins: _Pins | None
) -> list[Verdict]:
    """Every legal reading of ``cards`` as one meld, the best first (as ``check_meld`` tells it)."""
    order = _sorted_order(cards)
    key = tuple(map(cards.__getitem__, order))
    fixed = tuple(map(pins.__getitem__, order)) if pins is not None else (None,) * len(cards)
    analysis, readings = _analyse_all(key, ctx, fixed, every=True)
    if analysis[0] is None:
        return []
    best = _verdict(cards, order, analysis, ctx, added_from)
    out = [best]
    seen = {tuple(r.as_card for r in best.readings)}
    for reading in readings:
        other = (reading.kind, reading.as_cards, reading.points, reading.wild, (), ())
        verdict = _verdict(cards, order, other, ctx, added_from)
        shape = tuple(r.as_card for r in verdict.readings)
        if shape not in seen:
            seen.add(shape)
            out.append(verdict)
    return out
