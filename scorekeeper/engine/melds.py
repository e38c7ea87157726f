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
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from .cards import RANKS, SUITS, Card, format_cards, parse_cards, rank_name
from .points import Context, card_points

__all__ = ["CardReading", "Context", "Verdict", "check_meld", "parse_cards"]


@dataclass(frozen=True)
class CardReading:
    """One card of a meld: what it stands for there, what it scores, whether it counts as wild."""

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


def check_meld(cards: Sequence[Card], ctx: Context, extends: Sequence[Card] = ()) -> Verdict:
    """Check ``cards`` as one meld, or as cards laid off onto the meld ``extends``.

    With ``extends`` the meld and its layoffs must still be one legal meld; ``points`` are those of
    the laid-off cards. A wild reads as the legal card that scores most.
    """
    combined = tuple(extends) + tuple(cards)
    verdict = _check(combined, ctx, len(extends))
    if (
        verdict.kind not in (None, "wild_set")
        and extends
        and _check(tuple(extends), ctx, 0).kind == "wild_set"
    ):
        reason = (
            f"{format_cards(cards)} cannot be laid off onto {format_cards(extends)}: a set "
            "of wild cards takes only wild cards."
        )
        return Verdict(False, None, verdict.readings, len(extends), 0, (reason,))
    if not verdict.legal and extends and ctx.rules.real_card_for_wild != "none":
        beside = _laid_beside(tuple(extends), tuple(cards), ctx)
        if beside is not None:
            return beside
    return verdict


def _check(cards: tuple[Card, ...], ctx: Context, added_from: int) -> Verdict:
    order = sorted(range(len(cards)), key=lambda i: cards[i])
    key = tuple(cards[i] for i in order)
    kind, as_cards, points, wild, reasons, notes = _analyse(key, ctx)
    readings: list[CardReading | None] = [None] * len(cards)
    for position, index in enumerate(order):
        if kind is None:
            readings[index] = CardReading(
                cards[index],
                cards[index],
                card_points(ctx, cards[index]),
                ctx.is_wild(cards[index]),
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


def _laid_beside(meld: tuple[Card, ...], added: tuple[Card, ...], ctx: Context) -> Verdict | None:
    """Real cards laid beside the wilds that stand for them (``real_card_for_wild``)."""
    base = _check(meld, ctx, 0)
    if not base.legal:
        return None
    beside: list[Card] = []
    rest = list(added)
    # Each wild takes at most one real card, and all of them must fit the meld at once: the meld
    # with every such wild replaced by its real card must still be legal.
    standing = list(meld)
    free = [index for index, reading in enumerate(base.readings) if reading.wild]
    for card in added:
        if ctx.is_wild(card):
            continue
        for index in free:
            trial = (*standing[:index], card, *standing[index + 1 :])
            if _check(trial, ctx, 0).legal:
                standing[index] = card
                free.remove(index)
                beside.append(card)
                rest.remove(card)
                break
    if not beside:
        return None
    verdict = _check(meld + tuple(rest), ctx, len(meld)) if rest else base
    if not verdict.legal:
        return None
    extra = tuple(CardReading(card, card, card_points(ctx, card), False) for card in beside)
    laid = verdict.points if rest else 0
    note = (
        f"{format_cards(beside)} laid beside the wild card that stands for it "
        f"(real_card_for_wild: {ctx.rules.real_card_for_wild})."
    )
    return Verdict(
        True,
        verdict.kind,
        verdict.readings + extra,
        len(meld),
        laid + sum(r.points for r in extra),
        (),
        (*verdict.notes, note),
    )


_Analysis = tuple[
    str | None,
    tuple[Card, ...],
    tuple[int, ...],
    tuple[bool, ...],
    tuple[str, ...],
    tuple[str, ...],
]


@lru_cache(maxsize=200_000)
def _analyse(cards: tuple[Card, ...], ctx: Context) -> _Analysis:
    """The best legal reading of sorted ``cards``, or every reason there is none."""
    rules = ctx.rules
    n = len(cards)
    wild = tuple(ctx.is_wild(card) for card in cards)
    naturals = [card for card, is_wild in zip(cards, wild, strict=True) if not is_wild]
    reasons: list[str] = []

    omitted = [card for card in cards if not card.is_joker and card.rank in rules.omit_ranks]
    if omitted:
        reasons.append(
            f"{format_cards(omitted)} {'is' if len(omitted) == 1 else 'are'} not in "
            f"the pack: these rules take out the {rank_name(omitted[0].rank, True)} "
            "(omit_ranks)."
        )
    jokers = [card for card in naturals if card.is_joker]
    if jokers:
        if len(jokers) == n:
            return _joker_set(cards, ctx, reasons)
        reasons.append("Jokers are not wild here: they meld only in a set of jokers.")
    fewest = {"sets_only": rules.min_set, "runs_only": rules.min_run}.get(
        rules.meld_kinds, min(rules.min_set, rules.min_run)
    )
    if n < fewest:
        reasons.append(f"A meld needs at least {fewest} cards; this has {n}.")

    attempts: list[_Attempt] = []
    natural_ranks = {card.rank for card in naturals if not card.is_joker}
    natural_suits = {card.suit for card in naturals if not card.is_joker}
    set_shape = len(natural_ranks) <= 1
    run_shape = len(natural_suits) <= 1 and not jokers
    if set_shape and rules.meld_kinds != "runs_only" and not jokers:
        attempts.append(_try_set(cards, wild, ctx))
    if run_shape and rules.meld_kinds != "sets_only":
        attempts.append(_try_run(cards, wild, ctx))
    if not attempts:
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
        return best.kind, best.as_cards, best.points, best.wild, (), notes
    if not reasons and all(wild) and rules.wild_sets and n >= rules.min_set:
        points = tuple(card_points(ctx, card) for card in cards)
        return "wild_set", cards, points, wild, (), ("A set of wild cards.",)
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
    return None, cards, (), wild, tuple(reasons), ()


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


def _wild_limit_reason(ctx: Context, wilds: int, naturals: int) -> str | None:
    limit = ctx.rules.wild_limit
    n = wilds + naturals
    itself = (
        " (a wild in its own place counts as wild here: wild_as_itself)"
        if ctx.rules.wild_as_itself == "wild"
        else ""
    )
    if limit == "one" and wilds > 1:
        return f"This meld holds {wilds} wild cards; these rules allow one (wild_limit){itself}."
    if limit == "one_per_three" and wilds > n // 3:
        return (
            f"This meld holds {wilds} wild cards; a meld of {n} may hold {n // 3} "
            f"(wild_limit: one per three cards){itself}."
        )
    if limit == "naturals_majority" and wilds >= naturals:
        return (
            f"This meld holds {wilds} wild and {naturals} natural cards; these rules need "
            f"more natural cards than wilds (wild_limit){itself}."
        )
    return None


def _counted_wilds(ctx: Context, plain: int, in_place: int) -> tuple[int, int]:
    """(wild, natural) counts for the wild limit, after ``wild_as_itself``."""
    if ctx.rules.wild_as_itself == "wild":
        return plain + in_place, 0
    return plain, in_place


def _try_set(cards: tuple[Card, ...], wild: tuple[bool, ...], ctx: Context) -> _Attempt:
    rules = ctx.rules
    n = len(cards)
    natural = [card for card, w in zip(cards, wild, strict=True) if not w]
    if natural:
        candidates = [natural[0].rank]
    else:
        candidates = sorted({c.rank for c in cards if not c.is_joker}, key=RANKS.index)
        if not candidates:
            return _Attempt(None, ())
    copies = Counter(card.suit for card in natural)
    duplicates = [f"{natural[0].rank}{suit}" for suit, count in copies.items() if count > 1]
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
    for rank in candidates:
        used = Counter(card.suit for card in natural)
        as_cards: list[Card] = []
        in_place: list[bool] = []
        for card, w in zip(cards, wild, strict=True):
            place = (
                w and card.rank == rank and (rules.set_duplicates_allowed or not used[card.suit])
            )
            if place:
                used[card.suit] += 1
            in_place.append(place)
        for card, w, place in zip(cards, wild, in_place, strict=True):
            if not w or place:
                as_cards.append(card)
            else:
                free = [s for s in SUITS if not used[s]] or list(SUITS)
                used[free[0]] += 1
                as_cards.append(Card(rank, free[0]))
        plain = sum(w and not p for w, p in zip(wild, in_place, strict=True))
        anchored = len(natural) + sum(in_place)
        wilds, naturals = _counted_wilds(ctx, plain, sum(in_place))
        limit = _wild_limit_reason(ctx, wilds, len(natural) + naturals)
        if limit and limit not in reasons and (natural or anchored):
            reasons.append(limit)
        if reasons or not anchored:
            continue
        points = tuple(
            card_points(ctx, card, as_card=as_card)
            for card, as_card in zip(cards, as_cards, strict=True)
        )
        counted = tuple(
            w and (not p or rules.wild_as_itself == "wild")
            for w, p in zip(wild, in_place, strict=True)
        )
        reading = _Reading("set", tuple(as_cards), points, counted, RANKS.index(rank) * n)
        fits += 1
        if best is None or (sum(points), reading.rank_sum) > (sum(best.points), best.rank_sum):
            best = reading
    return _Attempt(best, () if best else tuple(reasons), fits)


def _run_ranks(ctx: Context) -> tuple[str, ...]:
    return tuple(rank for rank in RANKS if rank not in ctx.rules.omit_ranks)


def _try_run(cards: tuple[Card, ...], wild: tuple[bool, ...], ctx: Context) -> _Attempt:
    """Try every window of ranks the run could fill; keep the best legal one, else why not."""
    rules = ctx.rules
    n = len(cards)
    natural = [card for card, w in zip(cards, wild, strict=True) if not w]
    suits = (
        [natural[0].suit]
        if natural
        else [s for s in SUITS if any(c.suit == s for c in cards if not c.is_joker)]
    )
    seq = _run_ranks(ctx)
    size = len(seq)
    reasons: list[str] = []
    if n < rules.min_run:
        reasons.append(f"A run needs at least {rules.min_run} cards; this has {n}.")
    repeated = [rank for rank, count in Counter(c.rank for c in natural).items() if count > 1]
    if repeated:
        reasons.append(f"A run cannot hold two {rank_name(repeated[0], True)}.")
    if n > size:
        reasons.append(f"A run can hold at most {size} cards; this has {n}.")
    if reasons or not suits:
        return _Attempt(None, tuple(reasons))

    best: _Reading | None = None
    fits = 0
    blocked: list[tuple[int, list[str]]] = []
    ace_in_seq = seq[0] == "A"
    for suit, start in itertools.product(suits, range(size)):
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
        fitted = _fit_run(cards, wild, ctx, suit, slots, start, ace_low and not corner)
        if fitted is None:
            continue
        reading, limit = fitted
        if limit:
            problems.append(limit)
        if problems:
            blocked.append((len(problems), problems))
            continue
        fits += 1
        if best is None or (sum(reading.points), reading.rank_sum) > (
            sum(best.points),
            best.rank_sum,
        ):
            best = reading
    if best is not None:
        return _Attempt(best, (), fits)
    if blocked:
        fewest = min(count for count, _ in blocked)
        for count, problems in blocked:
            if count == fewest:
                reasons.extend(p for p in problems if p not in reasons)
        return _Attempt(None, tuple(reasons))
    return _Attempt(None, (_gap_reason(natural, n - len(natural)),))


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
) -> tuple[_Reading, str | None] | None:
    """Place the cards in one window of ranks; None when the natural cards do not fit it."""
    free = set(range(len(slots)))
    placed: dict[int, int] = {}
    for index, (card, w) in enumerate(zip(cards, wild, strict=True)):
        if w:
            continue
        if card.suit != suit or card.rank not in slots:
            return None
        slot = slots.index(card.rank)
        if slot not in free:
            return None
        free.discard(slot)
        placed[index] = slot
    wild_indices = [i for i, w in enumerate(wild) if w]
    in_place = 0
    for index in wild_indices:  # a wild in its own natural place takes that place first
        card = cards[index]
        if card.suit == suit and card.rank in slots and slots.index(card.rank) in free:
            slot = slots.index(card.rank)
            free.discard(slot)
            placed[index] = slot
            in_place += 1
    # The other wilds take the free places; jokers priced as represented take the highest.
    rest = sorted((i for i in wild_indices if i not in placed), key=lambda i: not cards[i].is_joker)
    for index, slot in zip(rest, sorted(free, reverse=True), strict=True):
        placed[index] = slot
    natural = len(cards) - len(wild_indices)
    wilds, naturals = _counted_wilds(ctx, len(rest), in_place)
    limit = _wild_limit_reason(ctx, wilds, natural + naturals)
    as_cards = tuple(Card(slots[placed[i]], suit) for i in range(len(cards)))
    points = tuple(
        card_points(ctx, card, as_card=as_card, ace_low=ace_low and placed[i] == 0)
        for i, (card, as_card) in enumerate(zip(cards, as_cards, strict=True))
    )
    counted = tuple(
        w and (i in rest or ctx.rules.wild_as_itself == "wild") for i, w in enumerate(wild)
    )
    if natural + in_place == 0:
        return None  # no natural card anchors it: at best a set of wild cards
    ranks = sum(start + placed[i] for i in rest)
    return _Reading("run", as_cards, points, counted, ranks), limit


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
