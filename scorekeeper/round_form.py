"""The round form: its fields (what the scorer's phone sends) ↔ the engine's round record.

The form holds the whole state of a round being entered; the server is stateless. Per player
(seat ``i``, from 0) the form sends ``p{i}-mode`` (``cards`` or ``totals``), ``p{i}-table`` and
``p{i}-hand`` (card codes, space-separated, in tap order), ``p{i}-layout`` (empty: the app
groups the table cards; otherwise a grouping by hand, below) and ``p{i}-melded`` /
``p{i}-in_hand`` (numbers, in totals mode).

A grouping by hand is groups separated by ``/``; in a group, flag words then card codes::

    3C 3D 3S / once 4C 4D 4H 4S / @1.0 9S / @2.1 final JK 8H!

``@<seat>.<meld>`` lays the group off onto meld number ``<meld>`` (from 0) of the player in seat
``<seat>`` (from 0); ``once`` marks a meld laid down all at once, ``doubled`` a set doubled by the
dealer's joker, ``final`` a layoff after someone went out; ``!`` after a code marks a card taken
by a Rummy call.

>>> groups = parse_layout("3c 3d 3s / @1.0 final 9S!", seats=2)
>>> groups[1]
Group(cards=(Card.from_code('9S'),), called=(True,), onto=(1, 0), once=False, doubled=False, final=True)
>>> format_layout(groups)
'3C 3D 3S / @1.0 final 9S!'

Nothing here reads a request: :func:`interpret` takes the fields as a mapping and the game's
facts (:class:`FormGame`), and gives the engine's :class:`~.engine.scoring.RoundRecord`, the
grouping of every player's table cards, and the field errors, keyed by field name.
"""  # noqa: E501 (a doctest's output line)

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from .engine.arrange import arrange
from .engine.cards import (
    RANKS,
    SUIT_NAMES,
    SUITS,
    Card,
    CardError,
    format_cards,
    parse_rank,
    rank_name,
)
from .engine.melds import CardReading, Verdict, check_meld
from .engine.points import Context, card_points, divide
from .engine.rules import Rules
from .engine.scoring import (
    LayoffRecord,
    MeldRecord,
    PlayerRecord,
    PlayerScore,
    RoundRecord,
    RoundScore,
    TeamScore,
)

__all__ = [
    "FormError",
    "FormGame",
    "Group",
    "GroupView",
    "Interpretation",
    "PlayerFields",
    "PlayerPlan",
    "Preview",
    "PreviewPlayer",
    "RoundFields",
    "blank_fields",
    "card_name",
    "display_order",
    "fields_for_record",
    "format_layout",
    "interpret",
    "parse_codes",
    "parse_layout",
    "preview",
    "valid_key",
    "warnings_digest",
]

#: The longest text field taken (longer is cut): far more than any real round needs.
MAX_FIELD = 2000
#: The most card codes in one field.
MAX_CARDS = 120
#: The most table cards the app groups by itself for one player (the search grows fast beyond).
MAX_AUTO = 40
#: Totals-mode points: whole numbers from 0 to this.
MAX_POINTS = 100_000
#: The longest idempotency key (the column's width).
MAX_KEY = 100
FLAG_WORDS = ("once", "doubled", "final")
JOKER_EFFECTS = ("wild", "double", "split")
STOCK = "stock"
NOBODY_OUT = "The round ended by going out, but nobody is marked as out."
KIND_NAMES = {"set": "set", "run": "run", "wild_set": "set of wilds", "joker_set": "set of jokers"}


class FormError(ValueError):
    """A field that cannot be read; the message names the token."""


# --- the fields -----------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerFields:
    """One player's fields, as text."""

    mode: str = "cards"
    table: str = ""
    hand: str = ""
    layout: str = ""
    melded: str = ""
    in_hand: str = ""

    @property
    def by_totals(self) -> bool:
        return self.mode == "totals"


@dataclass(frozen=True)
class RoundFields:
    """The whole form, as text (nothing checked yet)."""

    players: tuple[PlayerFields, ...]
    dealer: str = ""
    wild_rank: str = ""
    joker_effect: str = ""
    went_out: str = ""
    version: str = ""
    key: str = ""
    accept_warnings: bool = False
    warnings_seen: str = ""
    current: int = 0

    @classmethod
    def from_fields(cls, fields: Mapping[str, str], seats: int) -> RoundFields:
        """The form's fields for ``seats`` players; missing fields are empty.

        >>> form = RoundFields.from_fields({"p1-table": " 8s 9s ", "went_out": "1"}, 2)
        >>> form.players[1].table, form.players[0].mode, form.went_out
        ('8s 9s', 'cards', '1')
        """

        def text(name: str) -> str:
            value = fields.get(name, "")
            return value.strip()[:MAX_FIELD] if isinstance(value, str) else ""

        players = tuple(
            PlayerFields(
                mode="totals" if text(f"p{i}-mode") == "totals" else "cards",
                table=text(f"p{i}-table"),
                hand=text(f"p{i}-hand"),
                layout=text(f"p{i}-layout"),
                melded=text(f"p{i}-melded"),
                in_hand=text(f"p{i}-in_hand"),
            )
            for i in range(seats)
        )
        current = text("current")
        return cls(
            players,
            dealer=text("dealer"),
            wild_rank=text("wild_rank"),
            joker_effect=text("joker_effect"),
            went_out=text("went_out"),
            version=text("version"),
            key=text("key"),
            accept_warnings=text("accept_warnings") in ("1", "on", "yes", "true"),
            warnings_seen=text("warnings_seen"),
            current=int(current) if current.isdigit() and int(current) < seats else 0,
        )

    def to_fields(self) -> dict[str, str]:
        """The fields as the form sends them (for tests and for re-rendering)."""
        fields = {
            "dealer": self.dealer,
            "wild_rank": self.wild_rank,
            "joker_effect": self.joker_effect,
            "went_out": self.went_out,
            "version": self.version,
            "key": self.key,
            "current": str(self.current),
            "warnings_seen": self.warnings_seen,
        }
        if self.accept_warnings:
            fields["accept_warnings"] = "1"
        for i, player in enumerate(self.players):
            fields.update(
                {
                    f"p{i}-mode": player.mode,
                    f"p{i}-table": player.table,
                    f"p{i}-hand": player.hand,
                    f"p{i}-layout": player.layout,
                    f"p{i}-melded": player.melded,
                    f"p{i}-in_hand": player.in_hand,
                }
            )
        return fields


def blank_fields(
    seats: int, *, dealer: str = "", wild_rank: str = "", version: int = 0, key: str = ""
) -> RoundFields:
    """A new round's form: nobody has any cards yet."""
    return RoundFields(
        tuple(PlayerFields() for _ in range(seats)),
        dealer=dealer,
        wild_rank=wild_rank,
        version=str(version),
        key=key,
    )


def valid_key(text: str) -> str | None:
    """An idempotency key as the form sent it: 1 to 100 visible ASCII characters, else None.

    >>> valid_key("3f2a"), valid_key(""), valid_key("a b"), valid_key("\\x00")
    ('3f2a', None, None, None)
    """
    if 1 <= len(text) <= MAX_KEY and all("!" <= char <= "~" for char in text):
        return text
    return None


def warnings_digest(warnings: Iterable[str]) -> str:
    """A short fingerprint of the warnings the scorer was shown (and may accept).

    >>> warnings_digest(["a"]) == warnings_digest(["a"]) != warnings_digest(["b"])
    True
    """
    return hashlib.sha256("\n".join(warnings).encode()).hexdigest()[:16]


# --- codes and groupings --------------------------------------------------------------------


@dataclass(frozen=True)
class Group:
    """A group of one player's table cards: a meld (``onto`` None) or a layoff onto meld
    ``onto[1]`` of the player in seat ``onto[0]``. ``called[i]``: card ``i`` was taken by a
    Rummy call."""

    cards: tuple[Card, ...]
    called: tuple[bool, ...] = ()
    onto: tuple[int, int] | None = None
    once: bool = False
    doubled: bool = False
    final: bool = False

    def __post_init__(self) -> None:
        if len(self.called) != len(self.cards):
            object.__setattr__(
                self, "called", (*self.called, *(False,) * len(self.cards))[: len(self.cards)]
            )

    @property
    def is_layoff(self) -> bool:
        return self.onto is not None

    def text(self) -> str:
        """The group as written in a layout: target, flags, then codes (``!`` for a call)."""
        words = [f"@{self.onto[0]}.{self.onto[1]}"] if self.onto is not None else []
        words += [
            word
            for word, on in zip(FLAG_WORDS, (self.once, self.doubled, self.final), strict=True)
            if on
        ]
        words += [
            card.code() + ("!" if called else "")
            for card, called in zip(self.cards, self.called, strict=True)
        ]
        return " ".join(words)


def card_name(card: Card) -> str:
    """A card in words, for screen readers.

    >>> card_name(Card.from_code("QH")), card_name(Card.from_code("10S")), card_name(Card("JK"))
    ('queen of hearts', '10 of spades', 'joker')
    """
    if card.is_joker:
        return "joker"
    return f"{rank_name(card.rank)} of {SUIT_NAMES[card.suit]}"


def _card(token: str) -> Card:
    try:
        return Card.from_code(token)
    except CardError as error:
        raise FormError(str(error)) from None


def parse_codes(text: str) -> list[Card]:
    """Card codes separated by spaces (or commas); the error names the first bad one.

    >>> format_cards(parse_codes("8s, t♥ jk"))
    '8S 10H JK'
    >>> parse_codes("8S 8H!")
    Traceback (most recent call last):
    ...
    scorekeeper.round_form.FormError: '8H!': a Rummy call (!) is marked in the grouping, not here
    """
    tokens = text.replace(",", " ").split()
    if len(tokens) > MAX_CARDS:
        raise FormError(f"{len(tokens)} cards is more than any round holds (at most {MAX_CARDS})")
    cards = []
    for token in tokens:
        if token.endswith("!") and len(token) > 1:
            raise FormError(f"{token!r}: a Rummy call (!) is marked in the grouping, not here")
        cards.append(_card(token))
    return cards


def _codes_leniently(text: str) -> tuple[list[Card], str | None]:
    """The cards that can be read, and the first error (the bad ones are left out)."""
    try:
        return parse_codes(text), None
    except FormError as error:
        first = str(error)
    cards = []
    for token in text.replace(",", " ").split()[:MAX_CARDS]:
        try:
            cards.extend(parse_codes(token))
        except FormError:
            continue
    return cards, first


def _target(token: str, seats: int) -> tuple[int, int]:
    seat, dot, meld = token[1:].partition(".")
    if not (dot and seat.isdigit() and meld.isdigit() and len(seat) < 4 and len(meld) < 4):
        raise FormError(
            f"{token!r} is not a layoff target: write @<seat>.<meld>, counting "
            "from 0, e.g. @1.0 for the first meld of the second player"
        )
    if int(seat) >= seats:
        raise FormError(f"{token!r}: there is no seat {seat} (the seats are 0 to {seats - 1})")
    return int(seat), int(meld)


def parse_layout(text: str, seats: int) -> list[Group]:
    """A grouping by hand (the grammar is in this module's docstring); empty groups are skipped.

    >>> [g.text() for g in parse_layout("doubled 3c 3d 3s jk / 8h 9h!", seats=2)]
    ['doubled 3C 3D 3S JK', '8H 9H!']
    >>> parse_layout("@0.1 once 5S", seats=2)
    Traceback (most recent call last):
    ...
    scorekeeper.round_form.FormError: 'once' marks a meld, not a layoff (@0.1)
    >>> parse_layout("3C 3D / @4.0 5S", seats=3)
    Traceback (most recent call last):
    ...
    scorekeeper.round_form.FormError: '@4.0': there is no seat 4 (the seats are 0 to 2)
    """
    groups = []
    chunks = text.split("/")
    if sum(len(chunk.split()) for chunk in chunks) > MAX_CARDS + 3 * len(chunks):
        raise FormError(f"more than {MAX_CARDS} cards")
    for chunk in chunks:
        words = chunk.replace(",", " ").split()
        if not words:
            continue
        onto: tuple[int, int] | None = None
        flags: set[str] = set()
        cards: list[Card] = []
        called: list[bool] = []
        for word in words:
            lower = word.lower()
            if lower in FLAG_WORDS:
                flags.add(lower)
            elif word.startswith("@"):
                if onto is not None:
                    raise FormError(f"{word!r}: a group lays off onto one meld only")
                onto = _target(word, seats)
            else:
                bare = word[:-1] if word.endswith("!") and len(word) > 1 else word
                cards.append(_card(bare))
                called.append(bare != word)
        where = f"@{onto[0]}.{onto[1]}" if onto else ""
        if onto is not None and flags & {"once", "doubled"}:
            flag = "once" if "once" in flags else "doubled"
            raise FormError(f"{flag!r} marks a meld, not a layoff ({where})")
        if onto is None and "final" in flags:
            raise FormError("'final' marks a layoff (@<seat>.<meld>), not a meld")
        if not cards:
            raise FormError(f"the group {chunk.strip()!r} has no cards")
        groups.append(
            Group(
                tuple(cards),
                tuple(called),
                onto,
                "once" in flags,
                "doubled" in flags,
                "final" in flags,
            )
        )
    return groups


def format_layout(groups: Iterable[Group]) -> str:
    return " / ".join(group.text() for group in groups)


# --- the game as the form needs it ----------------------------------------------------------


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


# --- interpreting the form ------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerPlan:
    """One player as the form says: by totals, or table cards in groups and a hand."""

    seat: int
    name: str
    by_totals: bool
    groups: tuple[Group, ...] = ()
    hand: tuple[Card, ...] = ()
    hand_made: bool = False  # the grouping was made by hand (p{i}-layout), not by the app
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


def _reconciled(groups: list[Group], table: list[Card]) -> list[Group]:
    """The grouping made to hold exactly the table cards: cards it has that the table field
    lacks are dropped, table cards it lacks go into its last group."""
    left = Counter(table)
    kept = []
    for group in groups:
        pairs = []
        for card, called in zip(group.cards, group.called, strict=True):
            if left[card] > 0:
                left[card] -= 1
                pairs.append((card, called))
        if pairs:
            kept.append(
                replace(group, cards=tuple(c for c, _ in pairs), called=tuple(k for _, k in pairs))
            )
    extra = []
    for card in table:
        if left[card] > 0:
            left[card] -= 1
            extra.append(card)
    if extra:
        if kept:
            last = kept[-1]
            kept[-1] = replace(
                last, cards=last.cards + tuple(extra), called=last.called + (False,) * len(extra)
            )
        else:
            kept.append(Group(tuple(extra)))
    return kept


def _circular_order(numbers: list[int]) -> dict[int, int]:
    """Positions of rank numbers (1-13) in a run read from its low end, the ace high or low
    (or round the corner): the largest gap between ranks is where the run starts.

    >>> sorted(_circular_order([12, 13, 1]).items(), key=lambda kv: kv[1])
    [(12, 0), (13, 1), (1, 2)]
    """
    unique = sorted(set(numbers))
    if len(unique) < 2:
        return {n: i for i, n in enumerate(unique)}
    gaps = [((unique[(i + 1) % len(unique)] - n) % 13, i) for i, n in enumerate(unique)]
    _, widest = max(gaps)
    start = (widest + 1) % len(unique)
    ordered = unique[start:] + unique[:start]
    return {n: i for i, n in enumerate(ordered)}


def _sort_key(card: Card) -> tuple[int, int, int]:
    return (card.is_joker, card.number, SUITS.index(card.suit) if card.suit else 0)


def display_order(cards: Sequence[Card], ctx: Context) -> tuple[Card, ...]:
    """A meld's cards as a player lays them out: a run from its low end (wilds in the places
    they stand for), a set by suit with wilds last.

    >>> from .engine.presets import rules_for
    >>> ctx = Context(rules_for("rummy5000"), wild_rank="6")
    >>> format_cards(display_order([Card.from_code(c) for c in "10S 6H 8S".split()], ctx))
    '8S 6H 10S'
    >>> format_cards(display_order([Card.from_code(c) for c in "AS KS QS".split()], ctx))
    'QS KS AS'
    """
    cards = tuple(cards)
    verdict = check_meld(cards, ctx) if len(cards) > 1 else None
    if verdict is None or not verdict.legal:
        return tuple(sorted(cards, key=_sort_key))
    if verdict.kind == "run":
        places = _circular_order([r.as_card.number for r in verdict.readings])
        pairs = sorted(
            zip(verdict.readings, cards, strict=True),
            key=lambda pair: places.get(pair[0].as_card.number, 0),
        )
        return tuple(card for _, card in pairs)
    pairs = sorted(
        zip(verdict.readings, cards, strict=True),
        key=lambda pair: (pair[0].wild, _sort_key(pair[1])),
    )
    return tuple(card for _, card in pairs)


@dataclass
class _TableMeld:
    seat: int
    meld: int
    cards: list[Card]


def _group_automatically(
    plans: list[PlayerPlan], piles: dict[int, list[Card]], ctx: Context, errors: dict[str, str]
) -> list[PlayerPlan]:
    """Group the table cards of the players whose grouping the app makes (``piles``: seat to
    table cards), in two passes; players grouped by hand keep theirs."""
    # pass 1: each player's own melds
    melds: dict[int, list[Group]] = {}
    leftovers: dict[int, list[Card]] = {}
    for plan in plans:
        if plan.seat in piles:
            pile = piles[plan.seat]
            if len(pile) > MAX_AUTO:
                errors[f"p{plan.seat}-layout"] = (
                    f"{plan.name} has {len(pile)} cards on the table, too many to group "
                    f"automatically (at most {MAX_AUTO}): group them by hand"
                )
                melds[plan.seat] = [Group(tuple(pile))]
                leftovers[plan.seat] = []
                continue
            found = arrange(pile, ctx, table=[])
            melds[plan.seat] = [Group(display_order(g.cards, ctx)) for g in found.melds]
            leftovers[plan.seat] = list(found.unplaced)
        elif not plan.by_totals:
            melds[plan.seat] = [group for group in plan.groups if not group.is_layoff]
    # pass 2: the cards left over, laid off onto any meld on the table (or new melds)
    table = [
        _TableMeld(seat, index, list(group.cards))
        for seat in sorted(melds)
        for index, group in enumerate(melds[seat])
        if not group.doubled
    ]
    where = {(entry.seat, entry.meld): entry for entry in table}
    for plan in plans:
        if plan.hand_made:
            for group in plan.groups:
                if group.onto is not None and group.onto in where:
                    where[group.onto].cards.extend(group.cards)
    layoffs: dict[int, list[Group]] = {}
    for plan in plans:
        left = leftovers.get(plan.seat)
        if not left:
            continue
        found = arrange(left, ctx, table=[entry.cards for entry in table])
        laid = []
        for layoff in found.layoffs:
            assert layoff.onto is not None
            target = table[layoff.onto]
            laid.append(
                Group(tuple(sorted(layoff.cards, key=_sort_key)), onto=(target.seat, target.meld))
            )
            target.cards.extend(layoff.cards)
        for found_meld in found.melds:
            new = Group(display_order(found_meld.cards, ctx))
            melds[plan.seat].append(new)
            entry = _TableMeld(plan.seat, len(melds[plan.seat]) - 1, list(new.cards))
            table.append(entry)
            where[(entry.seat, entry.meld)] = entry
        if found.unplaced:  # one meld the engine can explain as illegal; the scorer fixes it
            melds[plan.seat].append(Group(tuple(sorted(found.unplaced, key=_sort_key))))
        layoffs[plan.seat] = laid
    return [
        replace(plan, groups=tuple(melds[plan.seat]) + tuple(layoffs.get(plan.seat, ())))
        if plan.seat in piles
        else plan
        for plan in plans
    ]


def interpret(fields: RoundFields, game: FormGame) -> Interpretation:
    """Read the form: every field error at once, and a record made of what could be read."""
    rules, names = game.rules, game.names
    seats = len(names)
    errors: dict[str, str] = {}
    pending: dict[str, str] = {}

    dealer: str | None = fields.dealer or None
    if dealer is not None and dealer not in names:
        errors["dealer"] = f"{dealer[:40]!r} is not a player in this game"
        dealer = None
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
    went_out: int | None = None
    stock_out = fields.went_out == STOCK
    if not fields.went_out:
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
    piles: dict[int, list[Card]] = {}
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
        table, bad_table = _codes_leniently(entry.table)
        if bad_table:
            errors[prefix + "table"] = f"{name}, on the table: {bad_table}"
        hand, bad_hand = _codes_leniently(entry.hand)
        if bad_hand:
            errors[prefix + "hand"] = f"{name}, in hand: {bad_hand}"
        groups: list[Group] = []
        hand_made = bool(entry.layout)
        if hand_made:
            try:
                groups = _reconciled(parse_layout(entry.layout, seats), table)
            except FormError as bad_layout:
                errors[prefix + "layout"] = f"{name}'s grouping: {bad_layout}"
                hand_made = False
        if not hand_made:
            piles[seat] = table
        plans.append(PlayerPlan(seat, name, False, tuple(groups), tuple(hand), hand_made))

    plans = _group_automatically(plans, piles, ctx, errors)
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
        tuple(plans), record, ctx, errors, pending, dealer, went_out, version, key, frozenset(bad)
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
        if group.onto is None:
            melds.append(MeldRecord(group.cards, group.once, group.doubled))
        elif (plan.seat, index) not in bad:
            seat, meld = group.onto
            layoffs.append(LayoffRecord(plans[seat].name, meld, group.cards, group.final))
    return PlayerRecord(
        plan.name,
        went_out=out,
        melds=tuple(melds),
        layoffs=tuple(layoffs),
        hand=plan.hand,
        called=tuple(called),
    )


# --- a stored round back into the form ------------------------------------------------------


def _groups_of(player: PlayerRecord, seat_of: Mapping[str, int]) -> list[Group]:
    calls = Counter(player.called)

    def flags(cards: tuple[Card, ...]) -> tuple[bool, ...]:
        marks = []
        for card in cards:
            marks.append(calls[card] > 0)
            calls[card] -= 1
        return tuple(marks)

    groups = [Group(m.cards, flags(m.cards), None, m.laid_at_once, m.doubled) for m in player.melds]
    groups += [
        Group(lo.cards, flags(lo.cards), (seat_of[lo.player], lo.meld), final=lo.final)
        for lo in player.layoffs
        if lo.player in seat_of
    ]
    return groups


def _shape(groups: Iterable[Group]) -> list[tuple[object, ...]]:
    """A grouping compared as the engine sees it: melds in order, layoffs in any order."""
    melds: list[tuple[object, ...]] = []
    layoffs: list[tuple[object, ...]] = []
    for group in groups:
        cards = tuple(sorted(group.cards))
        flags = (
            group.once,
            group.doubled,
            group.final,
            tuple(sorted(card for card, on in zip(group.cards, group.called, strict=True) if on)),
        )
        if group.onto is None:
            melds.append((cards, flags))
        else:
            layoffs.append((group.onto, cards, flags))
    return [*melds, *sorted(layoffs, key=repr)]


def fields_for_record(
    record: RoundRecord,
    game: FormGame,
    *,
    dealer: str | None,
    version: int,
    went_out: str | None = None,
) -> RoundFields:
    """The form filled from a stored round, to correct it. A player's grouping is left to the
    app (an empty layout) where the app would group the cards the same way."""
    seat_of = {name: seat for seat, name in enumerate(game.names)}
    by_name = {player.name: player for player in record.players}
    entries: list[PlayerFields] = []
    for name in game.names:
        player = by_name.get(name)
        if player is None:
            entries.append(PlayerFields())
        elif player.by_totals:
            entries.append(
                PlayerFields(
                    mode="totals",
                    melded=str(player.melded_points or 0),
                    in_hand=str(player.hand_points or 0),
                )
            )
        else:
            groups = _groups_of(player, seat_of)
            entries.append(
                PlayerFields(
                    table=format_cards(card for group in groups for card in group.cards),
                    hand=format_cards(player.hand),
                    layout=format_layout(groups),
                )
            )
    if went_out is None:
        goer = next((p.name for p in record.players if p.went_out), None)
        went_out = (
            STOCK
            if record.ended_by == "stock_out"
            else (str(seat_of[goer]) if goer in seat_of else "")
        )
    fields = RoundFields(
        tuple(entries),
        dealer=dealer or "",
        wild_rank=record.wild_rank or "",
        joker_effect=record.joker_effect or "",
        went_out=went_out,
        version=str(version),
    )
    return _auto_where_same(fields, game)


def _auto_where_same(fields: RoundFields, game: FormGame) -> RoundFields:
    """Empty the layouts that the app's own grouping reproduces."""
    stored = interpret(fields, game)
    if stored.errors:
        return fields
    wanted = {plan.seat: _shape(plan.groups) for plan in stored.players}
    players = list(fields.players)
    for seat, entry in enumerate(fields.players):
        if not entry.layout:
            continue
        trial = replace(
            fields,
            players=tuple(replace(p, layout="") if i == seat else p for i, p in enumerate(players)),
        )
        if _shape(interpret(trial, game).players[seat].groups) == wanted[seat]:
            players[seat] = replace(entry, layout="")
    emptied = replace(fields, players=tuple(players))
    check = interpret(emptied, game)
    if check.errors or any(_shape(plan.groups) != wanted[plan.seat] for plan in check.players):
        return fields
    return emptied


# --- the preview ----------------------------------------------------------------------------


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


@dataclass(frozen=True)
class PreviewPlayer:
    plan: PlayerPlan
    score: PlayerScore | None
    groups: tuple[GroupView, ...]
    hand_points: tuple[int, ...]
    hand_line: str | None
    went_out: bool

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
        """What the hand does, from the engine's line: ``-12``, ``12, to Ann``, …"""
        if self.hand_line is None:
            return None
        prefix = f"in hand {format_cards(self.plan.hand)}"
        return self.hand_line.removeprefix(prefix).strip()

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


def _meld_points(ctx: Context, group: Group, verdict: Verdict) -> int:
    """A meld's points as the engine counts them (doubled, four aces, laid at once)."""
    rules = ctx.rules
    points = verdict.points
    if group.doubled and ctx.joker_effect == "double" and verdict.kind == "set":
        points *= 2
    aces = [r for r in verdict.readings if r.card.rank == "A" and not r.wild]
    if rules.four_aces_points is not None and verdict.kind == "set" and len(aces) >= 4:
        points += divide(rules.four_aces_points, rules.points_divisor) - sum(
            r.points for r in aces[:4]
        )
    cards = [c for c in group.cards if not (group.doubled and c.is_joker)]
    if (
        group.once
        and rules.double_four_laid_at_once
        and verdict.kind in ("set", "joker_set")
        and len(cards) == 4
    ):
        points *= 2
    return points


def preview(interpretation: Interpretation, score: RoundScore) -> Preview:
    """What the scorer sees under the picker: each meld with its verdict and points, each
    layoff with the meld it goes onto, each hand, each player's total."""
    ctx = interpretation.context
    plans = interpretation.players
    scores = {player.name: player for player in score.players}
    meld_verdicts: dict[tuple[int, int], Verdict] = {}
    for plan in plans:
        player_score = scores.get(plan.name)
        verdicts = player_score.verdicts if player_score else ()
        for number, (_, _group) in enumerate(plan.melds()):
            if number < len(verdicts):
                meld_verdicts[(plan.seat, number)] = verdicts[number]
    layoff_verdicts = _layoff_verdicts(plans, ctx, interpretation.bad_layoffs)

    players = []
    for plan in plans:
        views = []
        number = 0
        for index, group in enumerate(plan.groups):
            if group.onto is None:
                verdict = meld_verdicts.get((plan.seat, number)) or check_meld(group.cards, ctx)
                shown = (
                    [c for c in group.cards if not (group.doubled and c.is_joker)]
                    if group.doubled
                    else list(group.cards)
                )
                stands = dict(
                    zip(range(len(shown)), _stands_for(verdict, tuple(shown)), strict=True)
                )
                # a doubled set's joker is a marker: it stands for nothing
                position = iter(range(len(shown)))
                stands_all = tuple(
                    None if group.doubled and card.is_joker else stands.get(next(position))
                    for card in group.cards
                )
                views.append(
                    GroupView(
                        index,
                        group,
                        number,
                        verdict.legal,
                        verdict.kind,
                        _meld_points(ctx, group, verdict) if verdict.legal else 0,
                        verdict.reasons,
                        verdict.notes,
                        stands_all,
                    )
                )
                number += 1
                continue
            seat, meld = group.onto
            target = plans[seat] if seat < len(plans) else None
            target_cards: tuple[Card, ...] = ()
            if target is not None and not target.by_totals:
                owner_melds = target.melds()
                if meld < len(owner_melds):
                    target_cards = owner_melds[meld][1].cards
            lv = layoff_verdicts.get((plan.seat, index))
            if lv is None:
                views.append(
                    GroupView(
                        index,
                        group,
                        None,
                        False,
                        None,
                        0,
                        ("There is no such meld to lay off onto.",),
                        (),
                        (None,) * len(group.cards),
                        target.name if target else None,
                        target_cards,
                    )
                )
                continue
            points = 0 if group.final else lv.points
            views.append(
                GroupView(
                    index,
                    group,
                    None,
                    lv.legal,
                    lv.kind,
                    points if lv.legal else 0,
                    tuple(lv.reasons[1:] if not lv.legal and len(lv.reasons) > 1 else lv.reasons),
                    lv.notes,
                    _stands_for(lv, group.cards, lv.added_from),
                    target.name if target else None,
                    target_cards,
                )
            )
        player_score = scores.get(plan.name)
        hand_line = next(
            (
                line
                for line in (player_score.lines if player_score else ())
                if line.startswith("in hand")
            ),
            None,
        )
        players.append(
            PreviewPlayer(
                plan,
                player_score,
                tuple(views),
                tuple(card_points(ctx, card) for card in plan.hand),
                hand_line,
                interpretation.went_out == plan.seat,
            )
        )
    problems = score.problems
    if "went_out" in interpretation.pending:
        problems = tuple(p for p in problems if p != NOBODY_OUT)
    return Preview(
        tuple(players),
        tuple(problems),
        score.warnings,
        interpretation.errors,
        interpretation.pending,
        score.teams,
    )


def _layoff_verdicts(
    plans: Sequence[PlayerPlan], ctx: Context, bad: frozenset[tuple[int, int]]
) -> dict[tuple[int, int], Verdict]:
    """Each layoff checked as the engine checks it: onto the meld with the layoffs before it
    (the layers in seat order, each one's layoffs in order)."""
    onto: dict[tuple[int, int], list[tuple[int, int, Group]]] = {}
    for plan in plans:
        for index, group in enumerate(plan.groups):
            if group.onto is not None and (plan.seat, index) not in bad:
                onto.setdefault(group.onto, []).append((plan.seat, index, group))
    verdicts = {}
    for plan in plans:
        for number, (_, meld) in enumerate(plan.melds()):
            table = tuple(c for c in meld.cards if not (meld.doubled and c.is_joker))
            for seat, index, group in onto.get((plan.seat, number), []):
                verdicts[(seat, index)] = check_meld(group.cards, ctx, extends=table)
                table = table + group.cards
    return verdicts
