"""The round form's fields read into the engine's round record, with every field error at once.

:func:`interpret` takes the fields (:class:`~.fields.RoundFields`) and the game's facts
(:class:`FormGame`), and gives the engine's :class:`~scorekeeper.engine.scoring.RoundRecord`,
the grouping of every player's table cards (by hand, or by the app: :mod:`.auto_grouping`), and
the field errors, keyed by field name.

>>> from scorekeeper.engine.presets import rules_for
>>> game = FormGame(rules_for("rummy500"), ("Ann", "Bob"))
>>> fields = RoundFields.from_fields({"p0-table": "3c 3d 3s", "p1-hand": "KH 9X"}, 2)
>>> reading = interpret(fields, game)
>>> reading.players[0].layout, reading.errors, reading.pending
('3S 3D 3C', {'p1-hand': "Bob, in hand: '9X' is not a card: expected a rank (A 2 3 4 5 6 7 8 9 10 J Q K) and a suit (S H D C), or JK"}, {})

Nobody was marked as out, but Ann is the only one with cards down and none in hand: she went out.

>>> reading.went_out, reading.went_out_inferred
(0, True)
"""  # noqa: E501 (a doctest's output line)

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from ...engine.cards import RANKS, Card, CardError, parse_rank
from ...engine.points import Context
from ...engine.rules import JOKER_EFFECTS, Rules
from ...engine.scoring import LayoffRecord, MeldRecord, PlayerRecord, RoundRecord
from ...engine.workload import arranging
from .auto_grouping import Arranged, group_automatically
from .fields import STOCK, RoundFields, valid_key
from .layout import (
    FormError,
    Group,
    fitted,
    format_layout,
    parse_codes_leniently,
    parse_layout,
)

__all__ = [
    "JOKER_EFFECTS",
    "MAX_POINTS",
    "FormGame",
    "Interpretation",
    "PlayerPlan",
    "context_of",
    "interpret",
    "nothing_in_hand",
]

#: Totals-mode points: whole numbers from 0 to this.
MAX_POINTS = 100_000


@dataclass(frozen=True)
class FormGame:
    """What the form needs to know of the game: its rules, the players in seat order, and who
    melded in an earlier round (for ``opening``)."""

    rules: Rules
    names: tuple[str, ...]
    melded_before: frozenset[str] = frozenset()

    @property
    def packs(self) -> int:
        return self.rules.packs(len(self.names))

    def ranks(self) -> tuple[str, ...]:
        """The ranks in the pack."""
        return tuple(rank for rank in RANKS if rank not in self.rules.omit_ranks)


@dataclass(frozen=True)
class PlayerPlan:
    """One player as the form says: by totals, or table cards in groups and a hand."""

    seat: int
    name: str
    by_totals: bool
    groups: tuple[Group, ...] = ()
    hand: tuple[Card, ...] = ()
    hand_made: bool = False  # the grouping was made by hand (p{i}-layout), not by the app
    #: False when the app's grouping is not known to be the best (its search stopped at the
    #: work budget): the form asks the scorer to check it. Never stops a save.
    auto_exact: bool = True
    melded_points: int | None = None
    hand_points: int | None = None

    def melds(self) -> list[tuple[int, Group]]:
        """(index in ``groups``, group) of every meld, in meld-number order."""
        return [(index, group) for index, group in enumerate(self.groups) if not group.is_layoff]

    @property
    def layout(self) -> str:
        return format_layout(self.groups)


@dataclass(frozen=True)
class Interpretation:
    """The form read: the engine's record (as far as it could be read), the grouping of each
    player's cards, the errors by field name, and what is still to be chosen (``pending``)."""

    players: tuple[PlayerPlan, ...]
    record: RoundRecord
    context: Context
    errors: Mapping[str, str]
    pending: Mapping[str, str]
    dealer: str | None
    went_out: int | None
    version: int | None
    key: str | None
    bad_layoffs: frozenset[tuple[int, int]] = frozenset()  # (seat, group index)
    #: Nobody was marked as out: ``went_out`` is the one player with cards down and nothing in
    #: hand (:func:`nothing_in_hand`). A mark on the form always wins.
    went_out_inferred: bool = False
    #: Nobody was marked: the seats with cards down and nothing in hand (one: who went out).
    out_candidates: tuple[int, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.errors

    def all_errors(self) -> dict[str, str]:
        """Errors and what is still to be chosen: what stops a save."""
        return {**self.pending, **self.errors}


def _points(text: str, what: str, name: str) -> tuple[int, str | None]:
    value = text.replace(" ", "")
    if value == "":
        return 0, None
    if value.isdigit() and len(value) <= 7 and int(value) <= MAX_POINTS:
        return int(value), None
    if value.startswith("-") and value[1:].isdigit():
        return 0, f"{name}: {what} cannot be negative ({text!r})"
    return 0, f"{name}: {what} must be a whole number from 0 to {MAX_POINTS}, not {text[:20]!r}"


def _round_wilds(
    fields: RoundFields, rules: Rules, errors: dict[str, str]
) -> tuple[str | None, str | None]:
    """The round's wild rank and the dealer's joker effect, as far as they can be read."""
    wild_rank: str | None = None
    if rules.round_wild != "none" and fields.wild_rank:
        try:
            wild_rank = parse_rank(fields.wild_rank)
        except CardError as error:
            errors["wild_rank"] = str(error)
        else:
            if wild_rank in rules.omit_ranks:
                errors["wild_rank"] = (
                    f"{wild_rank} is not in the pack under these rules (omit_ranks)"
                )
                wild_rank = None
    joker_effect: str | None = None
    if rules.dealer_joker and fields.joker_effect:
        if fields.joker_effect in JOKER_EFFECTS:
            joker_effect = fields.joker_effect
        else:
            errors["joker_effect"] = (
                f"the dealer's joker is wild, double or split, not {fields.joker_effect[:20]!r}"
            )
    return wild_rank, joker_effect


def nothing_in_hand(fields: RoundFields) -> tuple[int, ...]:
    """The seats that could have gone out: something on the table and nothing in hand (by
    cards, or by totals: points on the table and none in hand). Every other player still holds
    cards when a round ends, so a lone seat here is who went out.

    >>> fields = RoundFields.from_fields(
    ...     {"p0-table": "8S 9S 10S", "p1-hand": "KD", "p2-mode": "totals", "p2-melded": "30"}, 4
    ... )
    >>> nothing_in_hand(fields)  # seat 0 by cards, seat 2 by totals; seat 3 has nothing yet
    (0, 2)
    """
    seats = []
    for seat, entry in enumerate(fields.players):
        if entry.by_totals:
            (melded, bad_melded), (in_hand, bad_in_hand) = (
                _points(text, "points", "") for text in (entry.melded, entry.in_hand)
            )
            down = melded > 0 and in_hand == 0 and not (bad_melded or bad_in_hand)
        else:
            down = bool(entry.table or entry.layout) and not entry.hand
        if down:
            seats.append(seat)
    return tuple(seats)


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def context_of(fields: RoundFields, game: FormGame) -> Context:
    """The round's rules as the form sets them (its wild rank, the dealer's joker effect), as
    :func:`interpret` reads them: what is wild this round."""
    wild_rank, joker_effect = _round_wilds(fields, game.rules, {})
    return Context(game.rules, wild_rank, joker_effect, packs=game.packs)


def interpret(
    fields: RoundFields, game: FormGame, *, memo: Arranged | None = None
) -> Interpretation:
    """Read the form: every field error at once, and a record made of what could be read.
    ``memo`` keeps the app's searches for another reading in the same request."""
    rules, names = game.rules, game.names
    seats = len(names)
    errors: dict[str, str] = {}
    pending: dict[str, str] = {}

    dealer: str | None = fields.dealer or None
    if dealer is not None and dealer not in names:
        errors["dealer"] = f"{dealer[:40]!r} is not a player in this game"
        dealer = None
    wild_rank, joker_effect = _round_wilds(fields, rules, errors)
    went_out: int | None = None
    inferred = False
    candidates: tuple[int, ...] = ()
    stock_out = fields.went_out == STOCK
    if not fields.went_out:
        candidates = nothing_in_hand(fields)
        if len(candidates) == 1:
            went_out, inferred = candidates[0], True
        elif candidates:
            pending["went_out"] = (
                f"{_and([names[seat] for seat in candidates])} have nothing in hand: "
                "choose who went out."
            )
        else:
            pending["went_out"] = "Choose who went out, or that the stock ran out."
    elif not stock_out:
        if fields.went_out.isdigit() and int(fields.went_out) < seats:
            went_out = int(fields.went_out)
        else:
            errors["went_out"] = (
                f"{fields.went_out[:20]!r} is not a seat in this game: choose "
                "who went out, or that the stock ran out"
            )
    version = int(fields.version) if fields.version.isdigit() and len(fields.version) < 10 else None
    key = valid_key(fields.key)

    ctx = Context(rules, wild_rank, joker_effect, packs=game.packs)
    plans: list[PlayerPlan] = []
    piles: dict[int, list[Card]] = {}  # seat → table cards, for the players the app groups
    for seat, (name, entry) in enumerate(zip(names, fields.players, strict=True)):
        prefix = f"p{seat}-"
        if entry.by_totals:
            melded, bad_melded = _points(entry.melded, "melded points", name)
            if bad_melded:
                errors[prefix + "melded"] = bad_melded
            in_hand, bad_in_hand = _points(entry.in_hand, "points in hand", name)
            if bad_in_hand:
                errors[prefix + "in_hand"] = bad_in_hand
            plans.append(PlayerPlan(seat, name, True, melded_points=melded, hand_points=in_hand))
            continue
        table, bad_table = parse_codes_leniently(entry.table)
        if bad_table:
            errors[prefix + "table"] = f"{name}, on the table: {bad_table}"
        hand, bad_hand = parse_codes_leniently(entry.hand)
        if bad_hand:
            errors[prefix + "hand"] = f"{name}, in hand: {bad_hand}"
        groups: list[Group] = []
        hand_made = bool(entry.layout)
        if hand_made:
            try:
                groups, _ = fitted(parse_layout(entry.layout, seats), table)
            except FormError as bad_layout:
                errors[prefix + "layout"] = f"{name}'s grouping: {bad_layout}"
                hand_made = False
        if not hand_made:
            piles[seat] = table
        plans.append(PlayerPlan(seat, name, False, tuple(groups), tuple(hand), hand_made))

    by_hand = {plan.seat: plan.groups for plan in plans if plan.hand_made}
    with arranging() as budget:
        grouped = group_automatically(piles, by_hand, ctx, budget, memo)
    plans = [
        replace(
            plan,
            groups=grouped.groups[plan.seat],
            auto_exact=plan.seat not in grouped.inexact,
        )
        if plan.seat in grouped.groups
        else plan
        for plan in plans
    ]
    bad = _check_targets(plans, errors)
    opening = frozenset(
        plan.name
        for plan in plans
        if plan.name not in game.melded_before and (plan.melds() or (plan.melded_points or 0) > 0)
    )
    players = tuple(_player_record(plan, plans, went_out, bad) for plan in plans)
    record = RoundRecord(
        players, "stock_out" if stock_out else "going_out", wild_rank, joker_effect, opening
    )
    return Interpretation(
        tuple(plans),
        record,
        ctx,
        errors,
        pending,
        dealer,
        went_out,
        version,
        key,
        frozenset(bad),
        inferred,
        candidates,
    )


def _check_targets(plans: list[PlayerPlan], errors: dict[str, str]) -> set[tuple[int, int]]:
    """Layoffs by hand onto melds that are not there: an error each; (seat, group index)."""
    bad = set()
    for plan in plans:
        for index, group in enumerate(plan.groups):
            if group.onto is None:
                continue
            seat, meld = group.onto
            target = plans[seat]
            count = len(target.melds())
            problem = None
            if target.by_totals:
                problem = f"{target.name} is recorded by totals, with no melds to lay off onto"
            elif meld >= count:
                have = (
                    f"{target.name}'s melds are 0 to {count - 1}"
                    if count
                    else f"{target.name} has no melds"
                )
                problem = f"{target.name} has no meld {meld} ({have})"
            if problem:
                bad.add((plan.seat, index))
                errors.setdefault(
                    f"p{plan.seat}-layout", f"{plan.name}'s grouping: '@{seat}.{meld}': {problem}"
                )
    return bad


def _player_record(
    plan: PlayerPlan, plans: list[PlayerPlan], went_out: int | None, bad: set[tuple[int, int]]
) -> PlayerRecord:
    out = plan.seat == went_out
    if plan.by_totals:
        return PlayerRecord(
            plan.name,
            went_out=out,
            melded_points=plan.melded_points or 0,
            hand_points=plan.hand_points or 0,
        )
    melds = []
    layoffs = []
    called: list[Card] = []
    for index, group in enumerate(plan.groups):
        called += [card for card, on in zip(group.cards, group.called, strict=True) if on]
        declared = group.declared if group.fixed() else ()
        if group.onto is None:
            melds.append(MeldRecord(group.cards, group.once, group.doubled, declared))
        elif (plan.seat, index) not in bad:
            seat, meld = group.onto
            layoffs.append(LayoffRecord(plans[seat].name, meld, group.cards, group.final, declared))
    return PlayerRecord(
        plan.name,
        went_out=out,
        melds=tuple(melds),
        layoffs=tuple(layoffs),
        hand=plan.hand,
        called=tuple(called),
    )
