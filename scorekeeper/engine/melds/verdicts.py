"""The referee's verdict on one meld, or on cards laid off onto a meld on the table:
:func:`check_meld`, the one function every path that judges a meld asks.

A verdict tells, card by card in the order given, what each card stands for and scores, the
meld's kind and points, and every reason it is not legal (:mod:`.words`). Around the analysis of
the cards (:mod:`.analysis`) it adds what the meld as a whole must keep to: no more cards than a
meld can hold, no card more often than the packs hold it, the readings held fixed (declared by
the scorer, or kept since the meld was melded), a set of wild cards taking only wilds, and real
cards laid beside the wilds that stand for them (``real_card_for_wild``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import NamedTuple

from ..cards import JOKER_CARD, Card
from ..deck import deck_counts, overused
from ..points import Context, card_points
from . import words
from .analysis import _analysis
from .reading import Fixed, _Analysis, _Pins, _sorted_order
from .runs import _run_ranks


class CardReading(NamedTuple):
    """One card of a meld: what it stands for there, what it scores, whether it counts as wild.

    (A named tuple: the referee makes one per card of every meld it checks, three times faster
    than a frozen dataclass.)
    """

    card: Card
    as_card: Card
    points: int
    wild: bool


@dataclass(frozen=True)
class Verdict:
    """The referee's answer for one meld (or for cards laid off onto a meld on the table)."""

    legal: bool
    kind: str | None
    readings: tuple[CardReading, ...]
    added_from: int
    points: int
    reasons: tuple[str, ...]
    notes: tuple[str, ...] = ()

    def is_legal(self) -> bool:
        return self.legal

    @property
    def added(self) -> tuple[CardReading, ...]:
        """The readings of the cards checked (without the meld they extend)."""
        return self.readings[self.added_from :]


def check_meld(
    cards: Sequence[Card],
    ctx: Context,
    extends: Sequence[Card] = (),
    fixed: Fixed | None = None,
    *,
    reasons: bool = True,
) -> Verdict:
    """Check ``cards`` as one meld, or as cards laid off onto the meld ``extends``.

    With ``extends`` the meld and its layoffs must still be one legal meld; ``points`` are those of
    the laid-off cards. A wild reads as the legal card that scores most, unless ``fixed`` says what
    it stands for: ``fixed`` maps positions in ``(*extends, *cards)`` to the card the card there
    stands for (a reading declared by the scorer, or one a melded wild keeps for the rest of the
    round), and the verdict holds to it. Without ``reasons`` (the arrangement, which asks only
    what a group scores) an illegal verdict may give fewer reasons than there are, sooner.

    >>> from ..cards import parse_cards
    >>> from ..presets import rules_for
    >>> ctx = Context(rules_for("rummy500", {"jokers": 2}))
    >>> check_meld(parse_cards(["6S"]), ctx, parse_cards(["5S", "JK", "7S"])).legal
    True
    >>> kept = check_meld(parse_cards(["6S"]), ctx, parse_cards(["5S", "JK", "7S"]),
    ...                   fixed={1: Card("6", "S")})
    >>> kept.legal, kept.reasons[1]
    (False, 'JK stands for 6S: a wild keeps the reading it was melded or declared with.')
    >>> check_meld(parse_cards(["5S", "5S", "5H"]), Context(rules_for("rummy500"))).reasons[0]
    '5S twice, but one pack holds it once.'
    """
    cards = tuple(cards)
    extends = tuple(extends)
    combined = extends + cards
    added_from = len(extends)
    most = most_cards(ctx)
    if len(combined) > most:
        return _too_many(cards, extends, ctx, most)
    pins = _pins(combined, fixed)
    verdict = _check(combined, ctx, added_from, pins, reasons)
    if not verdict.legal and pins is not None:
        free = _check(combined, ctx, added_from, None)
        if free.legal:
            verdict = _kept_reading(verdict, combined, pins, ctx)
    if (
        verdict.kind not in (None, "wild_set")
        and extends
        and _check(extends, ctx, 0, pins[:added_from] if pins else None).kind == "wild_set"
    ):
        reason = words.onto_wild_set(cards, extends)
        return Verdict(False, None, verdict.readings, len(extends), 0, (reason,))
    if not verdict.legal and extends and ctx.rules.real_card_for_wild != "none":
        beside = _laid_beside(extends, cards, ctx, pins)
        if beside is not None:
            verdict = beside
    deck = _deck_reasons(combined, ctx)
    if deck:
        first = verdict.reasons[:1] if extends and not verdict.legal else ()
        if extends and verdict.legal:
            first = (words.not_laid_off(cards, extends),)
        rest = verdict.reasons[len(first) :]
        readings = tuple(
            CardReading(r.card, r.card, card_points(ctx, r.card), ctx.is_wild(r.card))
            for r in verdict.readings
        )
        return Verdict(False, None, readings, verdict.added_from, 0, (*first, *deck, *rest))
    return verdict


@lru_cache(maxsize=64)
def most_cards(ctx: Context) -> int:
    """The most cards any legal meld can hold under these rules: a run the ranks in the pack, a
    set its room, a set of jokers the jokers in play, a set of wilds the wild cards in the packs.

    >>> from ..presets import rules_for
    >>> most_cards(Context(rules_for("rummy500"))), most_cards(Context(rules_for("george2500"), packs=2))
    (13, 8)
    """  # noqa: E501 (a doctest's line)
    rules = ctx.rules
    sizes = [0]
    if rules.meld_kinds != "sets_only":
        sizes.append(len(_run_ranks(ctx)))
    if rules.meld_kinds != "runs_only":
        room = 4 * ctx.packs if rules.set_duplicates_allowed else 4
        sizes.append(min(room, rules.max_set) if rules.max_set is not None else room)
    if not ctx.jokers_wild:
        sizes.append(rules.jokers)
    if rules.wild_sets:
        deck = deck_counts(rules, ctx.packs)
        sizes.append(sum(count for card, count in deck.items() if ctx.is_wild(card)))
    return max(sizes)


def _too_many(
    cards: tuple[Card, ...], extends: tuple[Card, ...], ctx: Context, most: int
) -> Verdict:
    """The cheap refusal: more cards than any meld can hold, told without analysing them."""
    n = len(extends) + len(cards)
    readings = tuple(
        CardReading(card, card, card_points(ctx, card), ctx.is_wild(card))
        for card in extends + cards
    )
    reasons = [words.too_many_cards(most, n)]
    if extends:
        reasons.insert(0, words.not_laid_off_onto_size(cards, len(extends)))
    return Verdict(False, None, readings, len(extends), 0, tuple(reasons))


def _deck_reasons(cards: Sequence[Card], ctx: Context) -> list[str]:
    """A meld never holds a card more often than the packs do, nor a joker where there is none
    (ranks taken out of the pack are told by the analysis itself)."""
    if len(set(cards)) == len(cards) and (ctx.rules.jokers or JOKER_CARD not in cards):
        return []  # no card twice (the common case): within any packs
    counts = Counter(cards)
    if all(
        count <= (ctx.rules.jokers if card.is_joker else ctx.packs)
        for card, count in counts.items()
    ):
        return []  # the common case, told without building the deck
    kept = [card for card in cards if card.is_joker or card.rank not in ctx.rules.omit_ranks]
    return overused(kept, ctx.rules, ctx.packs)


def _pins(cards: tuple[Card, ...], fixed: Fixed | None) -> _Pins | None:
    if not fixed:
        return None
    for index in fixed:
        if not 0 <= index < len(cards):
            raise IndexError(f"fixed reading at {index}, but the meld has {len(cards)} cards")
    return tuple(fixed.get(index) for index in range(len(cards)))


def _kept_reading(verdict: Verdict, cards: tuple[Card, ...], pins: _Pins, ctx: Context) -> Verdict:
    """Illegal only because of the readings held fixed: say which."""
    if any(
        pin not in (None, card) and not ctx.is_wild(card)
        for card, pin in zip(cards, pins, strict=True)
    ):
        return verdict  # a natural card "read" as another: the analysis says so
    kept = [
        (card, pin)
        for card, pin in zip(cards, pins, strict=True)
        if pin is not None and pin != card
    ]
    said = (words.kept_readings(kept),) if kept else ()
    first = verdict.reasons[:1] if verdict.added_from else ()
    return Verdict(False, None, verdict.readings, verdict.added_from, 0, (*first, *said))


def _check(
    cards: tuple[Card, ...],
    ctx: Context,
    added_from: int,
    pins: _Pins | None = None,
    told: bool = True,
) -> Verdict:
    order = _sorted_order(cards)
    key = tuple(map(cards.__getitem__, order))
    fixed = tuple(map(pins.__getitem__, order)) if pins is not None else None
    analysis = _analysis(key, ctx, fixed, told)
    return _verdict(cards, order, analysis, ctx, added_from)


def _verdict(
    cards: tuple[Card, ...],
    order: list[int],
    analysis: _Analysis,
    ctx: Context,
    added_from: int,
) -> Verdict:
    """The analysis of the sorted cards, told card by card in the order they were given."""
    kind, as_cards, points, wild, reasons, notes = analysis
    readings: list[CardReading | None] = [None] * len(cards)
    for position, index in enumerate(order):
        if kind is None:
            readings[index] = CardReading(
                cards[index], cards[index], card_points(ctx, cards[index]), wild[position]
            )
        else:
            readings[index] = CardReading(
                cards[index], as_cards[position], points[position], wild[position]
            )
    final = tuple(r for r in readings if r is not None)
    added = sum(r.points for r in final[added_from:]) if kind is not None else 0
    if kind is None and added_from:
        reasons = (words.not_laid_off(cards[added_from:], cards[:added_from]), *reasons)
    return Verdict(kind is not None, kind, final, added_from, added, reasons, notes)


def _laid_beside(
    meld: tuple[Card, ...],
    added: tuple[Card, ...],
    ctx: Context,
    pins: _Pins | None = None,
) -> Verdict | None:
    """Real cards laid beside the wilds that stand for them (``real_card_for_wild``)."""
    beside = _beside(meld, added, ctx, pins, frozenset())
    if beside is None:
        return None
    verdict = beside[0]
    # The laid-off cards' readings in the order the cards were given (the cards laid beside
    # come last out of _beside).
    pool = list(verdict.readings[len(meld) :])
    ordered = []
    for card in added:
        reading = next(r for r in pool if r.card == card)
        pool.remove(reading)
        ordered.append(reading)
    return replace(verdict, readings=verdict.readings[: len(meld)] + tuple(ordered))


def _beside(
    meld: tuple[Card, ...],
    added: tuple[Card, ...],
    ctx: Context,
    pins: _Pins | None,
    used: frozenset[int],
) -> tuple[Verdict, frozenset[int], tuple[int, ...]] | None:
    """The verdict with real cards laid beside wilds, the wilds (positions in ``meld``) that took
    one, and the positions in ``added`` of the cards that went into the meld instead.

    With the meld's readings fixed (``pins``), a real card goes beside a wild that stands for
    exactly that card and has none beside it yet (``used``); without, beside any wild that some
    legal reading of the meld has stand for it. Either way the meld is then read with each such
    wild standing for its real card, the other cards laid off included (a wild keeps one
    reading: never a set of tens for the ten beside it and a run of clubs for the five laid
    off).
    """
    base = _check(meld, ctx, 0, pins[: len(meld)] if pins else None)
    if not base.legal:
        return None
    beside: list[Card] = []
    rest = list(range(len(added)))
    taken = set(used)
    # Each wild takes at most one real card, and all of them must fit the meld at once: the meld
    # with every such wild read as its real card must still be legal.
    held: list[Card | None] = list(pins[: len(meld)]) if pins is not None else [None] * len(meld)
    free = [
        index
        for index, reading in enumerate(base.readings)
        if reading.wild and index not in used and (pins is None or reading.card != reading.as_card)
    ]
    for position, card in enumerate(added):
        if ctx.is_wild(card):
            continue
        for index in free:
            if pins is not None:
                fits = base.readings[index].as_card == card
            else:
                trial = (*held[:index], card, *held[index + 1 :])
                fits = _check(meld, ctx, 0, trial).legal
            if fits:
                held[index] = card
                free.remove(index)
                taken.add(index)
                beside.append(card)
                rest.remove(position)
                break
    if not beside:
        return None
    rest_pins = (*held, *(pins[len(meld) + i] if pins is not None else None for i in rest))
    verdict = _check(meld + tuple(added[i] for i in rest), ctx, len(meld), rest_pins)
    if not verdict.legal:
        return None
    extra = tuple(CardReading(card, card, card_points(ctx, card), False) for card in beside)
    laid = verdict.points if rest else 0
    note = words.laid_beside(beside, ctx.rules.real_card_for_wild)
    return (
        Verdict(
            True,
            verdict.kind,
            verdict.readings + extra,
            len(meld),
            laid + sum(r.points for r in extra),
            (),
            (*verdict.notes, note),
        ),
        frozenset(taken),
        tuple(rest),
    )
