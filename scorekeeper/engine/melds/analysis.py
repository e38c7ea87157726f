"""The analysis of one meld: its cards, sorted, read as each kind of meld the rules allow, and
the best legal reading kept (or every reason none is legal).

:func:`_analyse_all` says what is wrong with the cards as a whole (a natural card read as
another, a rank out of the pack, jokers that are not wild, too few cards), tries a set
(:mod:`.sets`) and a run (:mod:`.runs`) where the cards' shape allows one, and takes the reading
that scores most, or a set of wild cards, or a set of jokers. Most melds players lay are natural
sets and runs, told at once without all that (:func:`_natural_meld`). Analyses of short melds are
cached (:func:`_analyse`): the arrangement asks about the same groups again and again.
"""

from __future__ import annotations

from functools import lru_cache

from ..cards import JOKER_CARD, Card
from ..points import Context, card_points
from . import words
from .reading import _Analysis, _Attempt, _Pins, _Reading
from .runs import _run_order, _try_run
from .sets import _try_set

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
        reasons.append(words.not_wild(misread))
    omitted = []
    if rules.omit_ranks:
        omitted = [c for c in cards if not c.is_joker and c.rank in rules.omit_ranks]
        omitted += [
            pin
            for pin in pins
            if pin is not None and not pin.is_joker and pin.rank in rules.omit_ranks
        ]
    if omitted:
        reasons.append(words.not_in_pack(omitted))
    jokers = [card for card in naturals if card.is_joker]
    if jokers:
        if len(jokers) == n:
            analysis = _joker_set(cards, ctx, reasons)
            if analysis[0] is None:
                return analysis, ()
            points = analysis[2]
            return analysis, (_Reading("joker_set", cards, points, analysis[3], 0),)
        reasons.append(words.JOKERS_NOT_WILD)
    fewest = {"sets_only": rules.min_set, "runs_only": rules.min_run}.get(
        rules.meld_kinds, min(rules.min_set, rules.min_run)
    )
    if n < fewest:
        reasons.append(words.too_few_cards(fewest, n))

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
        reasons.append(words.WILDS_ONLY)
    if not attempts and not in_wild_set:
        if rules.meld_kinds == "sets_only" and run_shape and not set_shape:
            reasons.append(words.RUNS_NOT_ALLOWED)
        elif rules.meld_kinds == "runs_only" and set_shape and not run_shape:
            reasons.append(words.SETS_NOT_ALLOWED)
        elif not jokers:
            reasons.append(words.different_ranks(natural_ranks))
            if rules.meld_kinds != "sets_only":
                reasons.append(words.NOT_ONE_SUIT)

    legal = [a.reading for a in attempts if a.reading is not None]
    if not reasons and legal:
        # Most points; then wilds in their own place read as themselves; then the highest cards.
        best = max(legal, key=lambda r: (sum(r.points), -sum(r.wild), r.rank_sum))
        notes = words.notes(cards, best.as_cards, best.wild, sum(a.fits for a in attempts) > 1)
        others = tuple(r for a in attempts for r in a.readings)
        return (best.kind, best.as_cards, best.points, best.wild, (), notes), others
    as_themselves = not pinned or all(
        pin is None or pin == card for card, pin in zip(cards, pins, strict=True)
    )
    if not reasons and all(wild) and rules.wild_sets and n >= rules.min_set and as_themselves:
        points = tuple(card_points(ctx, card) for card in cards)
        reading = _Reading("wild_set", cards, points, wild, 0)
        return ("wild_set", cards, points, wild, (), (words.WILD_SET,)), (reading,)
    if all(wild) and not legal:
        reasons.append(words.NO_NATURAL)
    too_few = n < fewest  # already said once for every kind of meld
    for attempt in attempts:
        reasons.extend(
            r
            for r in attempt.reasons
            if r not in reasons and not (too_few and words.says_too_few(r))
        )
    return (None, cards, (), wild, tuple(reasons), ()), ()


def _natural_meld(cards: tuple[Card, ...], ctx: Context) -> _Analysis | None:
    """A legal set or run of natural cards only, told at once (most melds players lay are); None
    where the whole analysis is needed: anything else, a run holding an ace or going round the
    end of the ranks, anything illegal (for its reasons). It reads such a meld as the whole
    analysis does, which the tests hold it to: each card as itself, no notes.

    >>> from ..cards import parse_cards
    >>> from ..presets import rules_for
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


def _joker_set(cards: tuple[Card, ...], ctx: Context, reasons: list[str]) -> _Analysis:
    n = len(cards)
    if n < ctx.rules.min_set:
        reasons.append(words.joker_set_too_small(ctx.rules.min_set, n))
    if reasons:
        return None, cards, (), (False,) * n, tuple(reasons), ()
    points = tuple(card_points(ctx, card) for card in cards)
    return "joker_set", cards, points, (False,) * n, (), (words.JOKER_SET,)
