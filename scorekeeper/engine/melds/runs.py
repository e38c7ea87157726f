"""The readings of cards as a run: the windows of ranks it could fill, the wilds placed in
one, and why it is not one.

A run's ranks go low to high without the ranks taken out of the pack (:func:`_run_order`), round
past the king where the ace allows it (:func:`window_shape`). Only the windows that hold every
natural card's rank are tried (:func:`window_starts`); in each, the wilds whose reading is free
take their own place or the places left, jokers priced as represented where they score most
(:func:`_fit_run`). The arrangement's search reads windows with the same two functions, so that
it and the referee agree.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache

from ..cards import JOKER_CARD, RANKS, SUITS, Card, card_of
from ..points import Context, card_points
from . import words
from .reading import _Attempt, _counted_wilds, _Pins, _Reading, wild_limit_allows, wild_limit_reason


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
        reasons.append(words.run_too_short(rules.min_run, n))
    repeated = (
        [rank for rank, count in Counter(c.rank for c in anchors).items() if count > 1]
        if len({c.rank for c in anchors}) < len(anchors)
        else []
    )
    if repeated:
        reasons.append(words.run_repeats(repeated[0]))
    if n > size:
        reasons.append(words.run_too_long(size, n))
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
                problems.append(words.around_the_corner(slots))
            if ace_low and "A" in slots and not corner and rules.ace_high_only:
                problems.append(words.ace_high_only(rules.ace_position == "high_only"))
            if ace_high and rules.ace_position == "low_only":
                problems.append(words.ACE_LOW_ONLY)
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
    return _Attempt(None, (words.gap(natural, n - len(natural)),))


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
    limit = wild_limit_reason(ctx, wilds, natural + naturals)
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
