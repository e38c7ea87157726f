"""Is this a legal meld? A verdict with the kind, what each wild stands for, points, and reasons.

>>> from .presets import rules_for
>>> sixes_wild = Context(rules_for("rummy5000"), wild_rank="6")
>>> verdict = check_meld(parse_cards(["8S", "6H", "10S"]), sixes_wild)
>>> verdict.legal, verdict.kind, verdict.points
(True, 'run', 115)
>>> [f"{r.card} as {r.as_card}" for r in verdict.readings if r.wild]
['6H as 9S']
>>> plain = Context(rules_for("rummy500"))
>>> check_meld(parse_cards(["KS", "AS", "2S"]), plain).reasons
('K-A-2 goes around the corner, which these rules do not allow (around_the_corner).',)
>>> run = parse_cards(["6S", "7S", "8S", "9S"])
>>> check_meld(parse_cards(["10S"]), plain, extends=run).legal
True
>>> check_meld(parse_cards(["9S"]), plain, extends=run).legal
False
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from typing import NamedTuple

from .cards import (
    JOKER_CARD,
    RANKS,
    SUITS,
    Card,
    card_of,
    format_cards,
    parse_cards,
    rank_name,
)
from .deck import deck_counts, overused
from .points import Context, card_points

__all__ = [
    "CardReading",
    "Context",
    "StandingMeld",
    "Verdict",
    "check_meld",
    "layoff_readings",
    "meld_readings",
    "most_cards",
    "parse_cards",
]

#: Positions in a meld (``extends`` first, then ``cards``) and the card each stands for there.
Fixed = Mapping[int, Card]
_Pins = tuple[Card | None, ...]


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


@dataclass(frozen=True)
class _Reading:
    kind: str
    as_cards: tuple[Card, ...]  # per card, in the order of the analysed cards
    points: tuple[int, ...]
    wild: tuple[bool, ...]
    rank_sum: int  # tie-break: the reading whose wilds stand for the highest cards


@dataclass(frozen=True)
class _Attempt:
    """One kind of meld tried: its best legal reading, or the reasons none is legal."""

    reading: _Reading | None
    reasons: tuple[str, ...]
    fits: int = 0  # how many legal readings there were
    readings: tuple[_Reading, ...] = ()  # every legal reading, when asked for


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

    >>> from .presets import rules_for
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
        reason = (
            f"{format_cards(cards)} cannot be laid off onto {format_cards(extends)}: a set "
            "of wild cards takes only wild cards."
        )
        return Verdict(False, None, verdict.readings, len(extends), 0, (reason,))
    if not verdict.legal and extends and ctx.rules.real_card_for_wild != "none":
        beside = _laid_beside(extends, cards, ctx, pins)
        if beside is not None:
            verdict = beside
    deck = _deck_reasons(combined, ctx)
    if deck:
        first = verdict.reasons[:1] if extends and not verdict.legal else ()
        if extends and verdict.legal:
            first = (f"{format_cards(cards)} cannot be laid off onto {format_cards(extends)}.",)
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

    >>> from .presets import rules_for
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
    reasons = [f"A meld here holds at most {most} cards; this would hold {n}."]
    if extends:
        reasons.insert(
            0,
            f"{format_cards(cards)} cannot be laid off onto a meld of {len(extends)} cards.",
        )
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
        f"{card} stands for {pin}"
        for card, pin in zip(cards, pins, strict=True)
        if pin is not None and pin != card
    ]
    said = (
        (f"{', '.join(kept)}: a wild keeps the reading it was melded or declared with.",)
        if kept
        else ()
    )
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
        reasons = (
            f"{format_cards(cards[added_from:])} cannot be laid off onto "
            f"{format_cards(cards[:added_from])}.",
            *reasons,
        )
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
    note = (
        f"{format_cards(beside)} laid beside the wild card that stands for it "
        f"(real_card_for_wild: {ctx.rules.real_card_for_wild})."
    )
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

    >>> from .presets import rules_for
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
        reason = (
            f"{format_cards(cards)} cannot be laid off onto {format_cards(standing.cards)}: "
            "each wild card takes one real card beside it."
        )
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


_Analysis = tuple[
    str | None,
    tuple[Card, ...],
    tuple[int, ...],
    tuple[bool, ...],
    tuple[str, ...],
    tuple[str, ...],
]


#: Analyses of melds of up to this many cards are cached (a legal meld is rarely longer).
_CACHED_CARDS = 16


@lru_cache(maxsize=8192)
def _analyse(
    cards: tuple[Card, ...], ctx: Context, fixed: _Pins | None = None, told: bool = True
) -> _Analysis:
    """The best legal reading of sorted ``cards`` (with ``fixed`` readings), or every reason
    there is none."""
    return _analyse_all(cards, ctx, fixed or (None,) * len(cards), every=False, told=told)[0]


def _analysis(
    cards: tuple[Card, ...], ctx: Context, fixed: _Pins | None, told: bool = True
) -> _Analysis:
    """``_analyse``, cached only for melds short enough to be worth keeping."""
    if fixed is not None and all(pin is None for pin in fixed):
        fixed = None
    if len(cards) > _CACHED_CARDS:
        return _analyse.__wrapped__(cards, ctx, fixed, told)
    return _analyse(cards, ctx, fixed, told)


def _analyse_all(
    cards: tuple[Card, ...], ctx: Context, fixed: _Pins, every: bool, told: bool = True
) -> tuple[_Analysis, tuple[_Reading, ...]]:
    """The best legal reading of sorted ``cards`` (every legal one too, when ``every``), or every
    reason there is none (some, sooner, unless ``told``). ``fixed[i]``, when set, is the card
    that card ``i`` must stand for."""
    rules = ctx.rules
    n = len(cards)
    wilds = ctx.wild_cards
    wild = tuple(map(wilds.__contains__, cards))
    # Readings held fixed are rare (a declared wild, a melded one): most melds skip them.
    pinned = fixed.count(None) != n
    if not every and not pinned and not any(wild):
        plain = _natural_meld(cards, ctx)
        if plain is not None:
            return plain, ()
    naturals = [card for card, is_wild in zip(cards, wild, strict=True) if not is_wild]
    reasons: list[str] = []
    pins = fixed
    if pinned:
        pins = tuple(pin if w else None for pin, w in zip(fixed, wild, strict=True))

    misread = (
        [
            card
            for card, w, pin in zip(cards, wild, fixed, strict=True)
            if not w and pin is not None and pin != card
        ]
        if pinned
        else []
    )
    if misread:
        reasons.append(
            f"{format_cards(misread)} {'is' if len(misread) == 1 else 'are'} not wild here: "
            "a natural card stands for itself."
        )
    omitted = []
    if rules.omit_ranks:
        omitted = [c for c in cards if not c.is_joker and c.rank in rules.omit_ranks]
        omitted += [
            pin
            for pin in pins
            if pin is not None and not pin.is_joker and pin.rank in rules.omit_ranks
        ]
    if omitted:
        reasons.append(
            f"{format_cards(omitted)} {'is' if len(omitted) == 1 else 'are'} not in "
            f"the pack: these rules take out the {rank_name(omitted[0].rank, True)} "
            "(omit_ranks)."
        )
    jokers = [card for card in naturals if card.is_joker]
    if jokers:
        if len(jokers) == n:
            analysis = _joker_set(cards, ctx, reasons)
            if analysis[0] is None:
                return analysis, ()
            points = analysis[2]
            return analysis, (_Reading("joker_set", cards, points, analysis[3], 0),)
        reasons.append("Jokers are not wild here: they meld only in a set of jokers.")
    fewest = {"sets_only": rules.min_set, "runs_only": rules.min_run}.get(
        rules.meld_kinds, min(rules.min_set, rules.min_run)
    )
    if n < fewest:
        reasons.append(f"A meld needs at least {fewest} cards; this has {n}.")

    # A wild fixed as itself (a joker as the joker) was read in a set of wild cards.
    in_wild_set = pinned and any(pin is not None and pin.is_joker for pin in pins)
    anchors = [card for card in naturals if not card.is_joker]
    if pinned:
        anchors += [pin for pin in pins if pin is not None and not pin.is_joker]
    attempts: list[_Attempt] = []
    natural_ranks = {card.rank for card in anchors}
    natural_suits = {card.suit for card in anchors}
    set_shape = len(natural_ranks) <= 1 and not in_wild_set
    run_shape = len(natural_suits) <= 1 and not jokers and not in_wild_set
    if set_shape and rules.meld_kinds != "runs_only" and not jokers:
        attempts.append(_try_set(cards, wild, ctx, pins, every))
    if run_shape and rules.meld_kinds != "sets_only":
        # Why no run fits is told only if nothing else is legal (the reasons cost the most).
        told_run = told and (bool(reasons) or not any(attempt.reading for attempt in attempts))
        attempts.append(_try_run(cards, wild, ctx, pins, every, told_run))
    if in_wild_set and not all(wild):
        reasons.append("A set of wild cards takes only wild cards.")
    if not attempts and not in_wild_set:
        if rules.meld_kinds == "sets_only" and run_shape and not set_shape:
            reasons.append("Runs are not allowed under these rules, only sets (meld_kinds).")
        elif rules.meld_kinds == "runs_only" and set_shape and not run_shape:
            reasons.append("Sets are not allowed under these rules, only runs (meld_kinds).")
        elif not jokers:
            ranks = " ".join(sorted(natural_ranks, key=RANKS.index))
            reasons.append(f"Not a set: the cards are of different ranks ({ranks}).")
            if rules.meld_kinds != "sets_only":
                reasons.append("Not a run: the cards are not all of one suit.")

    legal = [a.reading for a in attempts if a.reading is not None]
    if not reasons and legal:
        # Most points; then wilds in their own place read as themselves; then the highest cards.
        best = max(legal, key=lambda r: (sum(r.points), -sum(r.wild), r.rank_sum))
        notes = _notes(cards, best, sum(a.fits for a in attempts) > 1)
        others = tuple(r for a in attempts for r in a.readings)
        return (best.kind, best.as_cards, best.points, best.wild, (), notes), others
    as_themselves = not pinned or all(
        pin is None or pin == card for card, pin in zip(cards, pins, strict=True)
    )
    if not reasons and all(wild) and rules.wild_sets and n >= rules.min_set and as_themselves:
        points = tuple(card_points(ctx, card) for card in cards)
        reading = _Reading("wild_set", cards, points, wild, 0)
        return ("wild_set", cards, points, wild, (), ("A set of wild cards.",)), (reading,)
    if all(wild) and not legal:
        reasons.append(
            "A meld needs at least one natural card; wild cards alone make a meld "
            "only where these rules allow it (wild_sets)."
        )
    too_few = n < fewest  # already said once for every kind of meld
    for attempt in attempts:
        reasons.extend(
            r
            for r in attempt.reasons
            if r not in reasons and not (too_few and "needs at least" in r)
        )
    return (None, cards, (), wild, tuple(reasons), ()), ()


def _natural_meld(cards: tuple[Card, ...], ctx: Context) -> _Analysis | None:
    """A legal set or run of natural cards only, told at once (most melds players lay are); None
    where the whole analysis is needed: anything else, a run holding an ace or going round the
    end of the ranks, anything illegal (for its reasons). It reads such a meld as the whole
    analysis does, which the tests hold it to: each card as itself, no notes.

    >>> from .presets import rules_for
    >>> _natural_meld(tuple(parse_cards(["5S", "6S", "7S"])), Context(rules_for("rummy500")))
    ('run', (Card.from_code('5S'), Card.from_code('6S'), Card.from_code('7S')), (5, 6, 7), (False, False, False), (), ())
    """  # noqa: E501 (a doctest's output line)
    rules = ctx.rules
    n = len(cards)
    if (n < rules.min_set and n < rules.min_run) or JOKER_CARD in cards:
        return None
    first = cards[0]
    ranks = {card.rank for card in cards}
    if len(ranks) == 1:  # a set
        if rules.meld_kinds == "runs_only" or n < rules.min_set or first.rank in rules.omit_ranks:
            return None
        room = 4 * ctx.packs if rules.set_duplicates_allowed else 4
        most = min(room, rules.max_set) if rules.max_set is not None else room
        if n > most or n < {"sets_only": rules.min_set, "runs_only": rules.min_run}.get(
            rules.meld_kinds, min(rules.min_set, rules.min_run)
        ):
            return None
        if not rules.set_duplicates_allowed and len({c.suit for c in cards}) < n:
            return None
        kind = "set"
    else:  # a run without an ace, not round the end of the ranks
        if rules.meld_kinds == "sets_only" or n < rules.min_run or len(ranks) < n:
            return None
        if "A" in ranks or len({c.suit for c in cards}) > 1 or ranks & set(rules.omit_ranks):
            return None
        seq, at = _run_order(rules.omit_ranks)
        places = [at[rank] for rank in ranks]
        if max(places) - min(places) + 1 != n or n > len(seq):
            return None
        kind = "run"
    return (kind, cards, tuple(card_points(ctx, c) for c in cards), (False,) * n, (), ())


def _notes(cards: tuple[Card, ...], best: _Reading, ambiguous: bool) -> tuple[str, ...]:
    stands = [
        f"{card} as {as_card}"
        for card, as_card, is_wild in zip(cards, best.as_cards, best.wild, strict=True)
        if card != as_card or is_wild
    ]
    notes = [f"{', '.join(stands)}." if stands else ""]
    if ambiguous and stands:
        notes.append("Other readings fit too; this is the one that scores most.")
    return tuple(note for note in notes if note)


def _joker_set(cards: tuple[Card, ...], ctx: Context, reasons: list[str]) -> _Analysis:
    n = len(cards)
    if n < ctx.rules.min_set:
        reasons.append(f"A set of jokers needs at least {ctx.rules.min_set}; this has {n}.")
    if reasons:
        return None, cards, (), (False,) * n, tuple(reasons), ()
    points = tuple(card_points(ctx, card) for card in cards)
    return "joker_set", cards, points, (False,) * n, (), ("A set of jokers.",)


def wild_limit_allows(limit: str, wilds: int, naturals: int) -> bool:
    """Whether ``wild_limit`` lets a meld hold ``wilds`` cards counted as wild beside
    ``naturals`` counted as natural (the one statement of the rule: the referee's reasons and
    the arrangement's shortcuts all ask it).

    >>> wild_limit_allows("one_per_three", 2, 4), wild_limit_allows("naturals_majority", 2, 2)
    (True, False)
    """
    if limit == "one":
        return wilds <= 1
    if limit == "one_per_three":
        return wilds <= (wilds + naturals) // 3
    if limit == "naturals_majority":
        return wilds < naturals
    return True


def _wild_limit_reason(ctx: Context, wilds: int, naturals: int) -> str | None:
    limit = ctx.rules.wild_limit
    if wild_limit_allows(limit, wilds, naturals):
        return None
    n = wilds + naturals
    itself = (
        " (a wild in its own place counts as wild here: wild_as_itself)"
        if ctx.rules.wild_as_itself == "wild"
        else ""
    )
    if limit == "one":
        return f"This meld holds {wilds} wild cards; these rules allow one (wild_limit){itself}."
    if limit == "one_per_three":
        return (
            f"This meld holds {wilds} wild cards; a meld of {n} may hold {n // 3} "
            f"(wild_limit: one per three cards){itself}."
        )
    return (
        f"This meld holds {wilds} wild and {naturals} natural cards; these rules need "
        f"more natural cards than wilds (wild_limit){itself}."
    )


def _counted_wilds(ctx: Context, plain: int, in_place: int) -> tuple[int, int]:
    """(wild, natural) counts for the wild limit, after ``wild_as_itself``."""
    if ctx.rules.wild_as_itself == "wild":
        return plain + in_place, 0
    return plain, in_place


def _try_set(
    cards: tuple[Card, ...], wild: tuple[bool, ...], ctx: Context, pins: _Pins, every: bool
) -> _Attempt:
    rules = ctx.rules
    n = len(cards)
    natural = [card for card, w in zip(cards, wild, strict=True) if not w]
    anchors = natural + [pin for pin in pins if pin is not None]
    if anchors:
        candidates = [anchors[0].rank]
    else:
        candidates = sorted({c.rank for c in cards if not c.is_joker}, key=RANKS.index)
        if not candidates:
            return _Attempt(None, ())
    duplicates = (
        [f"{anchors[0].rank}{s}" for s, n in Counter(c.suit for c in anchors).items() if n > 1]
        if len({c.suit for c in anchors}) < len(anchors)
        else []
    )
    reasons: list[str] = []
    if duplicates and not rules.set_duplicates_allowed:
        reasons.append(
            f"{' '.join(duplicates)} twice: identical cards may share a set only "
            "where these rules allow it (set_duplicates_allowed)."
        )
    room = 4 * ctx.packs if rules.set_duplicates_allowed else 4
    most = min(room, rules.max_set) if rules.max_set is not None else room
    if n > most:
        reasons.append(f"A set here holds at most {most} cards; this has {n}.")
    if n < rules.min_set:
        reasons.append(f"A set needs at least {rules.min_set} cards; this has {n}.")
    best: _Reading | None = None
    fits = 0
    found: list[_Reading] = []
    structural = bool(reasons)
    for rank in candidates:
        used = Counter(card.suit for card in anchors)
        in_place: list[bool] = []
        for card, w, pin in zip(cards, wild, pins, strict=True):
            place = (
                w
                and pin is None
                and card.rank == rank
                and (rules.set_duplicates_allowed or not used[card.suit])
            )
            if place:
                used[card.suit] += 1
            in_place.append(place or (w and pin == card))
        others = [
            i
            for i, (w, p) in enumerate(zip(wild, in_place, strict=True))
            if w and not p and pins[i] is None
        ]
        choices = _set_suits(len(others), used, rules.set_duplicates_allowed, every)
        for choice, suits in enumerate(choices):
            as_cards = [
                pin if pin is not None else card for card, pin in zip(cards, pins, strict=True)
            ]
            for index, suit in zip(others, suits, strict=True):
                as_cards[index] = card_of(rank, suit)
            plain = sum(w and not p for w, p in zip(wild, in_place, strict=True))
            anchored = len(natural) + sum(in_place)
            wilds, naturals = _counted_wilds(ctx, plain, sum(in_place))
            limit = _wild_limit_reason(ctx, wilds, len(natural) + naturals)
            if limit and limit not in reasons and (natural or anchored):
                reasons.append(limit)
            # The size and duplicates rule every reading out; the wild limit only this rank's
            # (wild cards alone may make a set of the rank of any of them).
            if structural or limit or not anchored:
                break
            points = tuple(
                card_points(ctx, card, as_card=as_card)
                for card, as_card in zip(cards, as_cards, strict=True)
            )
            counted = tuple(
                w and (not p or rules.wild_as_itself == "wild")
                for w, p in zip(wild, in_place, strict=True)
            )
            reading = _Reading("set", tuple(as_cards), points, counted, RANKS.index(rank) * n)
            if every:
                found.append(reading)
            if choice:
                continue  # another choice of suits: the same points, for a later layoff's sake
            fits += 1
            if best is None or (sum(points), reading.rank_sum) > (sum(best.points), best.rank_sum):
                best = reading
    return _Attempt(best, () if best else tuple(reasons), fits, tuple(found))


def _set_suits(
    count: int, used: Counter[str], duplicates: bool, every: bool
) -> list[tuple[str, ...]]:
    """Suits for the wilds of a set that do not stand in their own place: the first free suits
    (then any), and with ``every`` each other choice of distinct free suits too."""
    taken = Counter(used)
    first: list[str] = []
    for _ in range(count):
        free = [s for s in SUITS if not taken[s]] or list(SUITS)
        taken[free[0]] += 1
        first.append(free[0])
    choices = [tuple(first)]
    if every and not duplicates and count:
        open_suits = [s for s in SUITS if not used[s]]
        choices += [
            suits for suits in itertools.permutations(open_suits, count) if suits != choices[0]
        ]
    return choices


def _sorted_order(cards: tuple[Card, ...]) -> list[int]:
    """The places of ``cards`` in sorted order (as ``Card``'s own ordering), keyed without
    calling back into Python: the referee sorts every meld it is asked about."""
    return sorted(range(len(cards)), key=[(card.rank, card.suit) for card in cards].__getitem__)


def _run_ranks(ctx: Context) -> tuple[str, ...]:
    return _run_order(ctx.rules.omit_ranks)[0]


@lru_cache(maxsize=32)
def _run_order(omitted: tuple[str, ...]) -> tuple[tuple[str, ...], dict[str, int]]:
    """The ranks a run goes through, low to high, and each one's place among them."""
    seq = tuple(rank for rank in RANKS if rank not in omitted)
    return seq, {rank: i for i, rank in enumerate(seq)}


def window_starts(held: Iterable[int], length: int, size: int) -> list[int]:
    """The first places of the windows of ``length`` places (in a run order of ``size``, going
    round past the end) that hold every place in ``held``.

    >>> window_starts([3, 5], 4, 13), window_starts([0, 12], 3, 13)
    ([2, 3], [11, 12])
    """
    if length >= size:
        return list(range(size))
    full = (1 << size) - 1
    band = (1 << length) - 1
    fits = full
    for p in held:
        # The starts p - length + 1 ... p, round the order: a band of bits rotated there.
        k = (p - length + 1) % size
        fits &= ((band << k) | (band >> (size - k))) & full
    return [s for s in range(size) if fits >> s & 1]


def _try_run(
    cards: tuple[Card, ...],
    wild: tuple[bool, ...],
    ctx: Context,
    pins: _Pins,
    every: bool,
    told: bool = True,
) -> _Attempt:
    """Try every window of ranks the run could fill; keep the best legal one, else why not
    (unless not ``told``: then windows that cannot read are not looked into for reasons)."""
    rules = ctx.rules
    n = len(cards)
    natural = [card for card, w in zip(cards, wild, strict=True) if not w]
    anchors = natural + [pin for pin in pins if pin is not None]
    suits = (
        [anchors[0].suit]
        if anchors
        else [s for s in SUITS if any(c.suit == s for c in cards if not c.is_joker)]
    )
    seq, at = _run_order(rules.omit_ranks)
    size = len(seq)
    reasons: list[str] = []
    if n < rules.min_run:
        reasons.append(f"A run needs at least {rules.min_run} cards; this has {n}.")
    repeated = (
        [rank for rank, count in Counter(c.rank for c in anchors).items() if count > 1]
        if len({c.rank for c in anchors}) < len(anchors)
        else []
    )
    if repeated:
        reasons.append(f"A run cannot hold two {rank_name(repeated[0], True)}.")
    if n > size:
        reasons.append(f"A run can hold at most {size} cards; this has {n}.")
    if reasons or not suits:
        return _Attempt(None, tuple(reasons))

    ace_in_seq = seq[0] == "A"
    if anchors:
        # Only the windows that hold every anchor's rank can fit (the others fail in _fit_run).
        held = {at[card.rank] for card in anchors if card.rank in at}
        passes = [list(itertools.product(suits, window_starts(held, n, size)))]
    else:
        # Wild cards alone read as a run only with one standing in its own place (see
        # _place_run): only the windows of a suit holding such a card's rank can fit. The
        # leftover wilds of the arrangement ask this of a great many groups.
        windows = [
            (suit, start)
            for suit in suits
            for start in sorted(
                {
                    start
                    for card in cards
                    if card.suit == suit and card.rank in at
                    for start in window_starts((at[card.rank],), n, size)
                }
            )
        ]
        # Under a wild limit, first the windows where as many as can stand in their own place
        # keep to it (in the others every reading breaks it); all of them, in order, only
        # if none of those reads, for the reasons.
        hopeful = [
            (suit, start)
            for suit, start in windows
            if _alone_keeps_limit(ctx, cards, suit, start, at, size)
        ]
        if not told:
            passes = [hopeful]
        elif hopeful and len(hopeful) < len(windows):
            passes = [hopeful, windows]
        else:
            passes = [windows]
    # Each card's points wherever it lies: all but an ace low and a joker priced as the card
    # it stands for (worked out once, not for every window).
    base = tuple(card_points(ctx, card) for card in cards)
    for tried in passes:
        best: _Reading | None = None
        fits = 0
        found: list[_Reading] = []
        blocked: list[tuple[int, list[str]]] = []
        for suit, start in tried:
            slots = [seq[(start + i) % size] for i in range(n)]
            shape = window_shape(start, n, size, ace_in_seq)
            if shape is None:
                continue
            _, ace_low, ace_high, corner = shape
            problems = []
            if corner and not rules.around_the_corner:
                low, high = (slots.index("A") - 1, slots.index("A") + 1)
                around = f"{slots[max(low, 0)]}-A-{slots[min(high, n - 1)]}"
                problems.append(
                    f"{around} goes around the corner, which these rules do not allow "
                    "(around_the_corner)."
                )
            if ace_low and "A" in slots and not corner and rules.ace_high_only:
                problems.append(
                    "An ace is high only under these rules (A-2-3 is not a run here)"
                    + (
                        " (ace_position)."
                        if rules.ace_position == "high_only"
                        else ": the low cards are out of the pack (omit_ranks)."
                    )
                )
            if ace_high and rules.ace_position == "low_only":
                problems.append(
                    "An ace is low only under these rules (Q-K-A is not a run here) (ace_position)."
                )
            fitted = _fit_run(
                cards, wild, ctx, suit, slots, start, ace_low and not corner, pins, base
            )
            if fitted is None:
                continue
            reading, limit = fitted
            if limit:
                problems.append(limit)
            if problems:
                blocked.append((len(problems), problems))
                continue
            fits += 1
            if every:
                found.append(reading)
            # Most points; then wilds in their own place read as themselves; then the highest.
            if best is None or (sum(reading.points), -sum(reading.wild), reading.rank_sum) > (
                sum(best.points),
                -sum(best.wild),
                best.rank_sum,
            ):
                best = reading
        if best is not None:
            break
    if best is not None:
        return _Attempt(best, (), fits, tuple(found))
    if blocked:
        fewest = min(count for count, _ in blocked)
        for count, problems in blocked:
            if count == fewest:
                reasons.extend(p for p in problems if p not in reasons)
        return _Attempt(None, tuple(reasons))
    return _Attempt(None, (_gap_reason(natural, n - len(natural)),))


def _alone_keeps_limit(
    ctx: Context, cards: tuple[Card, ...], suit: str, start: int, at: dict[str, int], size: int
) -> bool:
    """Whether wild cards alone as a run of ``suit`` from place ``start`` (of ``size`` places
    in the run order, ``at`` each rank's) keep to the wild limit with as many as can standing
    in their own place (with fewer, a reading breaks it more)."""
    n = len(cards)
    own = len(
        {
            at[card.rank]
            for card in cards
            if card.suit == suit and card.rank in at and (at[card.rank] - start) % size < n
        }
    )
    return wild_limit_allows(ctx.rules.wild_limit, *_counted_wilds(ctx, n - own, own))


def window_shape(
    start: int, length: int, size: int, ace_first: bool
) -> tuple[bool, bool, bool, bool] | None:
    """How a window of ``length`` ranks from ``start`` sits in a run order of ``size`` ranks
    (the ace first, when ``ace_first``): (wraps past the king, ace low at its start, ace high at
    its end, goes around the corner); None when it cannot exist (no ace to wrap through).

    >>> window_shape(11, 3, 13, True)  # Q-K-A
    (True, False, True, False)
    >>> window_shape(12, 3, 13, True)  # K-A-2
    (True, False, False, True)
    """
    wraps = start + length > size
    if wraps and not ace_first:
        return None
    ace_low = ace_first and start == 0
    ace_high = ace_first and wraps and (start + length - 1) % size == 0
    return wraps, ace_low, ace_high, wraps and not ace_high


def _fit_run(
    cards: tuple[Card, ...],
    wild: tuple[bool, ...],
    ctx: Context,
    suit: str,
    slots: list[str],
    start: int,
    ace_low: bool,
    pins: _Pins,
    base: Sequence[int],
) -> tuple[_Reading, str | None] | None:
    """Place the cards in one window of ranks; None when the natural cards (and the wilds whose
    reading is fixed) do not fit it."""
    free = set(range(len(slots)))
    placed: dict[int, int] = {}
    fixed_in_place = fixed_plain = 0
    slot_of = {rank: i for i, rank in enumerate(slots)}
    for index, (card, w, pin) in enumerate(zip(cards, wild, pins, strict=True)):
        if w and pin is None:
            continue
        at = pin if pin is not None else card
        slot = slot_of.get(at.rank)
        if at.suit != suit or slot is None or slot not in free:
            return None
        free.discard(slot)
        placed[index] = slot
        if w and pin == card:
            fixed_in_place += 1
        elif w:
            fixed_plain += 1
    wild_indices = [i for i, w in enumerate(wild) if w and pins[i] is None]
    # A wild in its own natural place takes that place, unless a joker priced as represented
    # is worth more there than where the wild would then leave it (JD wild at 9, JK as JD):
    # then each choice of the wilds that keep their own place is tried.
    own = [
        i for i in wild_indices if cards[i].suit == suit and slot_of.get(cards[i].rank, -1) in free
    ]
    own = [i for n, i in enumerate(own) if cards[i] not in [cards[j] for j in own[:n]]]  # one each
    choices: list[Sequence[int]] = [own]
    rules = ctx.rules
    priced = rules.joker_points == "as_represented" and rules.override_points("JK") is None
    if own and len(own) <= 4 and priced and any(cards[i].is_joker for i in wild_indices):
        choices = [c for k in range(len(own), -1, -1) for c in itertools.combinations(own, k)]
    best: tuple[tuple[bool, int, int, int], _Reading, str | None] | None = None
    for keep in choices:
        fitted = _place_run(
            cards,
            wild,
            ctx,
            (suit, slots, start, ace_low),
            wild_indices,
            keep,
            free,
            placed,
            (fixed_in_place, fixed_plain),
            base,
        )
        if fitted is None:
            continue
        reading, limit, in_place = fitted
        rank = (limit is None, sum(reading.points), in_place + fixed_in_place, reading.rank_sum)
        if best is None or rank > best[0]:
            best = (rank, reading, limit)
    if best is None:
        return None
    return best[1], best[2]


def _place_run(
    cards: tuple[Card, ...],
    wild: tuple[bool, ...],
    ctx: Context,
    window: tuple[str, list[str], int, bool],
    wild_indices: list[int],
    keep: Sequence[int],
    free: set[int],
    pinned: dict[int, int],
    fixed: tuple[int, int],
    base: Sequence[int],
) -> tuple[_Reading, str | None, int] | None:
    """The wilds of a run placed in one window: those in ``keep`` in their own place, the
    others in the free places (jokers priced as represented where they score most); with the wild
    limit's complaint, if any, and how many wilds stand in their own place."""
    suit, slots, start, ace_low = window
    fixed_in_place, fixed_plain = fixed
    free = set(free)
    placed = dict(pinned)
    for index in keep:
        slot = slots.index(cards[index].rank)
        free.discard(slot)
        placed[index] = slot
    in_place = len(keep)
    rest = sorted((i for i in wild_indices if i not in placed), key=lambda i: not cards[i].is_joker)
    # The jokers take the places they score most in (the highest, on equal points): a joker
    # priced as represented is worth most as the ace low where that scores the ace's points
    # (ace_low_points null), not as the highest place.
    order = sorted(free, reverse=True)
    if any(cards[i].is_joker for i in rest):
        order.sort(
            key=lambda slot: card_points(
                ctx, JOKER_CARD, as_card=card_of(slots[slot], suit), ace_low=ace_low and slot == 0
            ),
            reverse=True,
        )
    for index, slot in zip(rest, order, strict=True):
        placed[index] = slot
    natural = len(cards) - sum(wild)
    wilds, naturals = _counted_wilds(ctx, len(rest) + fixed_plain, in_place + fixed_in_place)
    limit = _wild_limit_reason(ctx, wilds, natural + naturals)
    as_cards = tuple(card_of(slots[placed[i]], suit) for i in range(len(cards)))
    points = tuple(
        card_points(ctx, card, as_card=as_card, ace_low=ace_low and placed[i] == 0)
        if card.is_joker or (ace_low and placed[i] == 0 and card.rank == "A")
        else base[i]
        for i, (card, as_card) in enumerate(zip(cards, as_cards, strict=True))
    )
    counted = tuple(
        w and (card != as_card or ctx.rules.wild_as_itself == "wild")
        for w, card, as_card in zip(wild, cards, as_cards, strict=True)
    )
    if natural + in_place + fixed_in_place == 0:
        return None  # no natural card anchors it: at best a set of wild cards
    ranks = sum(start + placed[i] for i in rest)
    return _Reading("run", as_cards, points, counted, ranks), limit, in_place


def _gap_reason(natural: list[Card], wilds: int) -> str:
    numbers = sorted(card.number for card in natural)
    highs = sorted(14 if n == 1 else n for n in numbers)
    span = min(numbers[-1] - numbers[0], highs[-1] - highs[0]) + 1 if numbers else 0
    needed = span - len(numbers)
    have = {0: "no wild card", 1: "only 1 wild card"}.get(wilds, f"only {wilds} wild cards")
    return (
        f"Not a run: {format_cards(natural)} need {needed} more "
        f"card{'s' if needed != 1 else ''} between them and there is {have} to fill "
        f"{'them' if needed != 1 else 'it'}."
    )
