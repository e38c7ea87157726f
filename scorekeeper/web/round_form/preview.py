"""What the scorer sees under the card picker: the engine's score of the form's round, per group.

Each meld with its verdict and points, each layoff with the meld it goes onto, each hand, each
player's total: all from the engine's :class:`~scorekeeper.engine.scoring.RoundScore` of the
interpretation's record (nothing is scored again here), read from its structured fields (the
verdicts, the problem codes, where each hand went), never from its prose. A wild card of a meld
that could stand for more than one card carries its choices (:class:`ReadingChoice`), each with
the player's whole grouping as it would be with that reading declared: the phone sends it back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from ...engine.cards import SUIT_NAMES, Card, rank_name
from ...engine.melds import CardReading, Verdict, check_meld, meld_readings
from ...engine.points import Context, card_points
from ...engine.scoring import PlayerScore, RoundScore, TeamScore
from .layout import FLAG_WORDS, Group, format_layout
from .reading import Interpretation, PlayerPlan

__all__ = [
    "HAND_HIDDEN",
    "KIND_NAMES",
    "GroupView",
    "Preview",
    "PreviewPlayer",
    "ReadingChoice",
    "card_name",
    "preview",
    "reading_choices",
]

#: The move sheet's moves that do not apply to a card in hand (``data-hide`` on its chips).
HAND_HIDDEN = "hand flag:once flag:doubled flag:final flag:called"
KIND_NAMES = {"set": "set", "run": "run", "wild_set": "set of wilds", "joker_set": "set of jokers"}
#: The engine's problem (its code) while nobody is chosen yet: the form asks for that instead.
NOBODY_OUT = "nobody_out"


def card_name(card: Card) -> str:
    """A card in words, for screen readers.

    >>> card_name(Card.from_code("QH")), card_name(Card.from_code("10S")), card_name(Card("JK"))
    ('queen of hearts', '10 of spades', 'joker')
    """
    if card.is_joker:
        return "joker"
    return f"{rank_name(card.rank)} of {SUIT_NAMES[card.suit]}"


@dataclass(frozen=True)
class ReadingChoice:
    """One thing a wild card of a meld may stand for (``card`` None: undeclared, the engine
    reads it), with the player's grouping as it would be with that choice (``layout``)."""

    card: Card | None
    layout: str
    chosen: bool  # what the card stands for now (declared, or the engine's reading)


@dataclass(frozen=True)
class GroupView:
    """One group of a player's table cards as the preview shows it."""

    index: int  # in the player's groups (the layout's order)
    group: Group
    meld_number: int | None  # for a meld
    legal: bool
    kind: str | None
    points: int
    reasons: tuple[str, ...]
    notes: tuple[str, ...]
    stands_for: tuple[Card | None, ...]  # per card: what a wild stands for
    target_name: str | None = None  # for a layoff: whose meld, and its cards
    target_cards: tuple[Card, ...] = ()
    #: Per card: what else it may stand for (empty: nothing to choose).
    choices: tuple[tuple[ReadingChoice, ...], ...] = ()

    @property
    def cards(self) -> tuple[tuple[int, Card, bool, Card | None], ...]:
        """(position, card, called, stands for) per card."""
        return tuple(
            zip(
                range(len(self.group.cards)),
                self.group.cards,
                self.group.called,
                self.stands_for,
                strict=True,
            )
        )

    @property
    def moves_hidden(self) -> str:
        """The move sheet's moves that do not apply to a card of this group: into the group
        itself, and the flags of the other kind of group (``data-hide`` on its chips)."""
        if self.group.onto is None:
            return f"meld:{self.index} flag:final"
        seat, meld = self.group.onto
        return f"onto:{seat}.{meld} flag:once flag:doubled"

    def flags_on(self, position: int) -> str:
        """The move sheet's flags that are on for card ``position`` (``data-on``)."""
        group = self.group
        flags = zip(FLAG_WORDS, (group.once, group.doubled, group.final), strict=True)
        on = [f"flag:{word}" for word, set_ in flags if set_]
        return " ".join([*on, "flag:called"] if group.called[position] else on)

    def choices_at(self, position: int) -> tuple[ReadingChoice, ...]:
        return self.choices[position] if position < len(self.choices) else ()

    def declared_at(self, position: int) -> Card | None:
        return self.group.declared[position]


@dataclass(frozen=True)
class PreviewPlayer:
    plan: PlayerPlan
    score: PlayerScore | None
    groups: tuple[GroupView, ...]
    hand_points: tuple[int, ...]
    went_out: bool
    goer: str | None = None  # who went out (whom a hand may go to)

    @property
    def seat(self) -> int:
        return self.plan.seat

    @property
    def name(self) -> str:
        return self.plan.name

    @property
    def total(self) -> int:
        return self.score.total if self.score else 0

    @property
    def melds(self) -> tuple[GroupView, ...]:
        return tuple(g for g in self.groups if g.meld_number is not None)

    @property
    def hand_note(self) -> str | None:
        """What the hand does, from the engine's score: ``-12``, ``12, to Ann``, ``12, not
        counted``; None when it is worth nothing."""
        score = self.score
        if score is None or score.hand_counts is None:
            return None
        points = score.hand_points
        if score.hand_counts == "against":
            return f"-{points}"
        if score.hand_counts == "to_goer":
            return f"{points}, to {self.goer}"
        return f"{points}, not counted"

    @property
    def layoffs(self) -> tuple[GroupView, ...]:
        return tuple(g for g in self.groups if g.meld_number is None)


@dataclass(frozen=True)
class Preview:
    players: tuple[PreviewPlayer, ...]
    problems: tuple[str, ...]
    warnings: tuple[str, ...]
    errors: Mapping[str, str] = field(default_factory=dict)
    pending: Mapping[str, str] = field(default_factory=dict)
    teams: tuple[TeamScore, ...] = ()  # each side's sums, when the game has sides
    #: Who went out, worked out by the form (nobody marked; the one with nothing in hand).
    inferred_out: PreviewPlayer | None = None
    #: Nobody marked and several with nothing in hand: one of them went out.
    asked_out: tuple[PreviewPlayer, ...] = ()

    def targets(self) -> list[tuple[int, int, int, str, tuple[Card, ...]]]:
        """Every meld on the table: (seat, meld number, group index, owner, cards)."""
        return [
            (p.seat, g.meld_number, g.index, p.name, g.group.cards)
            for p in self.players
            for g in p.melds
            if g.meld_number is not None
        ]


def _stands_for(
    verdict: Verdict, cards: tuple[Card, ...], first: int = 0
) -> tuple[Card | None, ...]:
    readings: Sequence[CardReading | None] = verdict.readings[first : first + len(cards)]
    shown: list[Card | None] = []
    for card, reading in zip(cards, [*readings, *[None] * len(cards)], strict=False):
        shown.append(
            reading.as_card
            if reading is not None
            and reading.card == card
            and (reading.wild or reading.as_card != card)
            else None
        )
    return tuple(shown)


def _meld_view(index: int, group: Group, number: int, verdict: Verdict, points: int) -> GroupView:
    """A meld with the engine's verdict and the points it counted."""
    shown = [c for c in group.cards if not (group.doubled and c.is_joker)]
    stands = dict(zip(range(len(shown)), _stands_for(verdict, tuple(shown)), strict=True))
    # a doubled set's joker is a marker: it stands for nothing
    position = iter(range(len(shown)))
    stands_all = tuple(
        None if group.doubled and card.is_joker else stands.get(next(position))
        for card in group.cards
    )
    return GroupView(
        index,
        group,
        number,
        verdict.legal,
        verdict.kind,
        points if verdict.legal else 0,
        verdict.reasons,
        verdict.notes,
        stands_all,
    )


def reading_choices(
    plan: PlayerPlan, index: int, stands_for: tuple[Card | None, ...], ctx: Context
) -> tuple[tuple[ReadingChoice, ...], ...]:
    """Per card of meld ``plan.groups[index]``: what a wild may stand for there, where there is
    a choice (more than one legal reading, or a declaration to take back), else ``()``. The
    choices keep the meld's other declarations; each carries the player's whole grouping with it.

    >>> from scorekeeper.engine.presets import rules_for
    >>> from .layout import parse_layout
    >>> ctx = Context(rules_for("rummy500", {"jokers": 2}))
    >>> plan = PlayerPlan(0, "Ann", False, tuple(parse_layout("5S 6S JK / 8H 8D 8C", 1)))
    >>> choices = reading_choices(plan, 0, (None, None, Card.from_code("7S")), ctx)
    >>> [(c.card.code() if c.card else None, c.layout, c.chosen) for c in choices[2]]
    [('4S', '5S 6S JK=4S / 8H 8D 8C', False), ('7S', '5S 6S JK=7S / 8H 8D 8C', True)]
    >>> choices[0], choices[1]
    ((), ())
    """
    group = plan.groups[index]
    if group.doubled or group.onto is not None:
        return ((),) * len(group.cards)

    def layout_with(position: int, reading: Card | None) -> str:
        groups = list(plan.groups)
        groups[index] = group.declaring(position, reading)
        return format_layout(groups)

    out: list[tuple[ReadingChoice, ...]] = []
    for position, card in enumerate(group.cards):
        if not ctx.is_wild(card):
            out.append(())
            continue
        others = {i: c for i, c in group.fixed().items() if i != position}
        options = sorted(
            {
                verdict.readings[position].as_card
                for verdict, _ in meld_readings(group.cards, ctx, others)
            },
            key=lambda c: (c.number, c.suit),
        )
        declared = group.declared[position]
        if len(options) < 2 and declared is None:
            out.append(())
            continue
        now = declared or stands_for[position] or card  # a wild in its own place: itself
        row = [
            ReadingChoice(option, layout_with(position, option), option == now)
            for option in options
        ]
        if declared is not None:
            row.append(ReadingChoice(None, layout_with(position, None), False))
        out.append(tuple(row))
    return tuple(out)


#: The engine's note on a meld read the way that scores most, among other readings that fit.
SCORES_MOST = "Other readings fit too; this is the one that scores most."
#: What the preview says instead when every reading scores the same (a wild worth 0, say).
SCORE_ALIKE = "Other readings fit too; they all score the same."


def honest_notes(group: Group, notes: tuple[str, ...], ctx: Context) -> tuple[str, ...]:
    """The engine's notes on a meld, without "the one that scores most" where every reading
    that fits scores the same.

    >>> from scorekeeper.engine.presets import rules_for
    >>> from .layout import parse_layout
    >>> ctx = Context(rules_for("dealers-gambit"), joker_effect="wild")
    >>> group = parse_layout("5S 6S JK", 1)[0]
    >>> honest_notes(group, ("JK as 7S.", SCORES_MOST), ctx)
    ('JK as 7S.', 'Other readings fit too; they all score the same.')
    """
    if SCORES_MOST not in notes:
        return notes
    fixed = None if group.doubled else group.fixed()
    points = {verdict.points for verdict, _ in meld_readings(group.cards, ctx, fixed)}
    if len(points) > 1:
        return notes
    return tuple(SCORE_ALIKE if note == SCORES_MOST else note for note in notes)


def _layoff_view(
    index: int, group: Group, verdict: Verdict | None, target: PlayerPlan | None
) -> GroupView:
    """A layoff with the engine's verdict (None: there is no such meld) and the meld it extends."""
    target_cards: tuple[Card, ...] = ()
    if target is not None and not target.by_totals and group.onto is not None:
        owner_melds = target.melds()
        if group.onto[1] < len(owner_melds):
            target_cards = owner_melds[group.onto[1]][1].cards
    target_name = target.name if target else None
    if verdict is None:
        return GroupView(
            index,
            group,
            None,
            False,
            None,
            0,
            ("There is no such meld to lay off onto.",),
            (),
            (None,) * len(group.cards),
            target_name,
            target_cards,
        )
    points = 0 if group.final else verdict.points
    return GroupView(
        index,
        group,
        None,
        verdict.legal,
        verdict.kind,
        points if verdict.legal else 0,
        # the first reason of a layoff that does not fit only repeats what the view shows
        tuple(
            verdict.reasons[1:]
            if not verdict.legal and len(verdict.reasons) > 1
            else verdict.reasons
        ),
        verdict.notes,
        _stands_for(verdict, group.cards, verdict.added_from),
        target_name,
        target_cards,
    )


def _views(
    plan: PlayerPlan, interpretation: Interpretation, score: PlayerScore | None
) -> tuple[GroupView, ...]:
    """Each of the player's groups with what the engine made of it. The record holds the
    player's melds in order, and their layoffs in order less those onto no meld
    (``bad_layoffs``), as the engine's verdicts and points are."""
    verdicts = score.verdicts if score else ()
    meld_points = score.meld_points if score else ()
    layoff_verdicts = score.layoff_verdicts if score else ()
    views = []
    number = 0  # melds so far
    laid = 0  # layoffs in the record so far
    for index, group in enumerate(plan.groups):
        if group.onto is None:
            if number < len(verdicts):
                view = _meld_view(index, group, number, verdicts[number], meld_points[number])
            else:  # a score of another record: the meld as it stands
                fixed = None if group.doubled else group.fixed()
                verdict = check_meld(group.cards, interpretation.context, fixed=fixed)
                view = _meld_view(index, group, number, verdict, verdict.points)
            choices = reading_choices(plan, index, view.stands_for, interpretation.context)
            notes = honest_notes(group, view.notes, interpretation.context)
            views.append(replace(view, choices=choices, notes=notes))
            number += 1
            continue
        verdict_of_layoff = None
        if (plan.seat, index) not in interpretation.bad_layoffs:
            if laid < len(layoff_verdicts):
                verdict_of_layoff = layoff_verdicts[laid]
            laid += 1
        plans = interpretation.players
        target = plans[group.onto[0]] if group.onto[0] < len(plans) else None
        views.append(_layoff_view(index, group, verdict_of_layoff, target))
    return tuple(views)


def preview(interpretation: Interpretation, score: RoundScore) -> Preview:
    """What the scorer sees under the picker, from ``score``: the engine's score of
    ``interpretation.record``."""
    ctx = interpretation.context
    plans = interpretation.players
    scores = {player.name: player for player in score.players}
    goer = next((player.name for player in score.players if player.went_out), None)
    players = []
    for plan in plans:
        player_score = scores.get(plan.name)
        players.append(
            PreviewPlayer(
                plan,
                player_score,
                _views(plan, interpretation, player_score),
                tuple(card_points(ctx, card) for card in plan.hand),
                interpretation.went_out == plan.seat,
                goer,
            )
        )
    problems = score.problems
    if "went_out" in interpretation.pending:
        problems = tuple(
            problem
            for problem, code in zip(problems, score.problem_codes, strict=True)
            if code != NOBODY_OUT
        )
    return Preview(
        tuple(players),
        tuple(problems),
        score.warnings,
        interpretation.errors,
        interpretation.pending,
        score.teams,
        players[interpretation.went_out]
        if interpretation.went_out_inferred and interpretation.went_out is not None
        else None,
        tuple(players[seat] for seat in interpretation.out_candidates)
        if len(interpretation.out_candidates) > 1
        else (),
    )
