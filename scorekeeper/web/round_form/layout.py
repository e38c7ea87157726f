"""The grouping grammar: card codes, and a player's table cards grouped by hand, read and written.

A grouping by hand is groups separated by ``/``; in a group, flag words then card codes::

    3C 3D 3S / once 4C 4D 4H 4S / @1.0 9S / @2.1 final JK 8H!

``@<seat>.<meld>`` lays the group off onto meld number ``<meld>`` (from 0) of the player in seat
``<seat>`` (from 0); ``once`` marks a meld laid down all at once, ``doubled`` a set doubled by the
dealer's joker, ``final`` a layoff after someone went out; ``=<code>`` after a wild card declares
what it stands for (``JK=5C``); ``!`` after a code marks a card taken by a Rummy call
(``JK=5C!``). The grammar lives here only: the phone never reads or writes it (regrouping is a
request the server answers, :mod:`.regroup`).

>>> groups = parse_layout("3c 3d 3s / @1.0 final 9S!", seats=2)
>>> groups[1]
Group(cards=(Card.from_code('9S'),), called=(True,), onto=(1, 0), once=False, doubled=False, final=True, declared=(None,))
>>> format_layout(groups)
'3C 3D 3S / @1.0 final 9S!'
>>> format_layout(parse_layout("5s 6s jk=4s", seats=2))
'5S 6S JK=4S'
"""  # noqa: E501 (a doctest's output line)

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from ...engine.cards import Card, CardError

__all__ = [
    "FLAG_WORDS",
    "MAX_CARDS",
    "FormError",
    "Group",
    "card_token",
    "fitted",
    "format_layout",
    "parse_card_token",
    "parse_codes",
    "parse_codes_leniently",
    "parse_layout",
]

#: The most card codes in one field.
MAX_CARDS = 120
FLAG_WORDS = ("once", "doubled", "final")


class FormError(ValueError):
    """A field that cannot be read; the message names the token."""


@dataclass(frozen=True)
class Group:
    """A group of one player's table cards: a meld (``onto`` None) or a layoff onto meld
    ``onto[1]`` of the player in seat ``onto[0]``. ``called[i]``: card ``i`` was taken by a
    Rummy call; ``declared[i]``: what the scorer declared wild card ``i`` stands for (None:
    undeclared, the engine reads it)."""

    cards: tuple[Card, ...]
    called: tuple[bool, ...] = ()
    onto: tuple[int, int] | None = None
    once: bool = False
    doubled: bool = False
    final: bool = False
    declared: tuple[Card | None, ...] = ()

    def __post_init__(self) -> None:
        n = len(self.cards)
        if len(self.called) != n:
            object.__setattr__(self, "called", (*self.called, *(False,) * n)[:n])
        if len(self.declared) != n:
            object.__setattr__(self, "declared", (*self.declared, *(None,) * n)[:n])

    def fixed(self) -> dict[int, Card]:
        """The declared readings by position (as the engine's records and ``check_meld``
        take them)."""
        return {i: card for i, card in enumerate(self.declared) if card is not None}

    def declaring(self, position: int, reading: Card | None) -> Group:
        """The group with card ``position`` declared as ``reading`` (None: undeclared).

        >>> group = parse_layout("5S 6S JK", seats=1)[0]
        >>> group.declaring(2, Card.from_code("4S")).text()
        '5S 6S JK=4S'
        """
        declared = list(self.declared)
        declared[position] = reading
        return replace(self, declared=tuple(declared))

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
            card_token(card, called, reading)
            for card, called, reading in zip(self.cards, self.called, self.declared, strict=True)
        ]
        return " ".join(words)


def card_token(card: Card, called: bool = False, reading: Card | None = None) -> str:
    """One card as a grouping writes it: its code, ``=`` and its declared reading, ``!`` for
    a Rummy call.

    >>> card_token(Card.from_code("JK"), True, Card.from_code("10C"))
    'JK=10C!'
    """
    return card.code() + (f"={reading.code()}" if reading else "") + ("!" if called else "")


def parse_card_token(token: str) -> tuple[Card, bool, Card | None]:
    """A card as a grouping writes it (:func:`card_token`): the card, called, its declared
    reading.

    >>> parse_card_token("jk=5c!") == parse_card_token("JK!=5C")
    True
    >>> parse_card_token("jk=5c!")
    (Card.from_code('JK'), True, Card.from_code('5C'))
    >>> parse_card_token("JK=")
    Traceback (most recent call last):
    ...
    scorekeeper.web.round_form.layout.FormError: 'JK=': write what the wild stands for after '=', e.g. JK=5C
    >>> parse_card_token("JK=JK")
    Traceback (most recent call last):
    ...
    scorekeeper.web.round_form.layout.FormError: 'JK=JK': a wild stands for a card of the pack, not a joker
    """  # noqa: E501 (a doctest's output line)
    called = token.endswith("!") and len(token) > 1
    body = token[:-1] if called else token
    code, equals, reading = body.partition("=")
    if code.endswith("!") and len(code) > 1:  # JK!=5C, read as JK=5C!
        code, called = code[:-1], True
    card = _card(code)
    if not equals:
        return card, called, None
    if not reading:
        raise FormError(f"{token!r}: write what the wild stands for after '=', e.g. JK=5C")
    try:
        stands_for = Card.from_code(reading)
    except CardError as error:
        raise FormError(f"{token!r}: the reading {error}") from None
    if stands_for.is_joker:
        raise FormError(f"{token!r}: a wild stands for a card of the pack, not a joker")
    return card, called, stands_for


def _card(token: str) -> Card:
    try:
        return Card.from_code(token)
    except CardError as error:
        raise FormError(str(error)) from None


def parse_codes(text: str) -> list[Card]:
    """Card codes separated by spaces (or commas); the error names the first bad one.

    >>> from scorekeeper.engine.cards import format_cards
    >>> format_cards(parse_codes("8s, t♥ jk"))
    '8S 10H JK'
    >>> parse_codes("8S 8H!")
    Traceback (most recent call last):
    ...
    scorekeeper.web.round_form.layout.FormError: '8H!': a Rummy call (!) is marked in the grouping, not here
    """  # noqa: E501 (a doctest's output line)
    tokens = text.replace(",", " ").split()
    if len(tokens) > MAX_CARDS:
        raise FormError(f"{len(tokens)} cards is more than any round holds (at most {MAX_CARDS})")
    cards = []
    for token in tokens:
        if token.endswith("!") and len(token) > 1:
            raise FormError(f"{token!r}: a Rummy call (!) is marked in the grouping, not here")
        if "=" in token:
            raise FormError(f"{token!r}: what a wild stands for (=) is declared in the grouping")
        cards.append(_card(token))
    return cards


def parse_codes_leniently(text: str) -> tuple[list[Card], str | None]:
    """The cards that can be read, and the first error (the bad ones are left out).

    >>> cards, error = parse_codes_leniently("8S XX 9S")
    >>> " ".join(card.code() for card in cards), error
    ('8S 9S', "'XX' is not a card: expected a rank (A 2 3 4 5 6 7 8 9 10 J Q K) and a suit (S H D C), or JK")
    """  # noqa: E501 (a doctest's output line)
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

    >>> [g.text() for g in parse_layout("doubled 3c 3d 3s jk / 8h 9h! / 8C JK=9C", seats=2)]
    ['doubled 3C 3D 3S JK', '8H 9H!', '8C JK=9C']
    >>> parse_layout("@0.1 once 5S", seats=2)
    Traceback (most recent call last):
    ...
    scorekeeper.web.round_form.layout.FormError: 'once' marks a meld, not a layoff (@0.1)
    >>> parse_layout("3C 3D / @4.0 5S", seats=3)
    Traceback (most recent call last):
    ...
    scorekeeper.web.round_form.layout.FormError: '@4.0': there is no seat 4 (the seats are 0 to 2)
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
        declared: list[Card | None] = []
        for word in words:
            lower = word.lower()
            if lower in FLAG_WORDS:
                flags.add(lower)
            elif word.startswith("@"):
                if onto is not None:
                    raise FormError(f"{word!r}: a group lays off onto one meld only")
                onto = _target(word, seats)
            else:
                card, call, reading = parse_card_token(word)
                cards.append(card)
                called.append(call)
                declared.append(reading)
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
                tuple(declared),
            )
        )
    return groups


def format_layout(groups: Iterable[Group]) -> str:
    """The groups written in the grammar, as :func:`parse_layout` reads them back."""
    return " / ".join(group.text() for group in groups)


def fitted(groups: Sequence[Group], table: Sequence[Card]) -> tuple[list[Group], tuple[int, ...]]:
    """The grouping made to hold exactly the table cards: cards it has that the table lacks are
    dropped (the later copies first), table cards it lacks go into its last group; and the meld
    numbers (counted from 0 among the groups that are not layoffs) of the melds it emptied.

    >>> groups, emptied = fitted(parse_layout("3C 3D 3S / 9S / @1.0 JS", 2), parse_codes("3C 3D 3S JS 10S"))
    >>> format_layout(groups), emptied
    ('3C 3D 3S / @1.0 JS 10S', (1,))
    """  # noqa: E501 (a doctest's input line)
    left = Counter(table)
    kept = []
    emptied = []
    melds = 0
    for group in groups:
        kept_cards = []
        for card, called, reading in zip(group.cards, group.called, group.declared, strict=True):
            if left[card] > 0:
                left[card] -= 1
                kept_cards.append((card, called, reading))
        if kept_cards:
            cards, calls, readings = zip(*kept_cards, strict=True)
            kept.append(replace(group, cards=cards, called=calls, declared=readings))
        elif not group.is_layoff:
            emptied.append(melds)
        melds += not group.is_layoff
    extra = []
    for card in table:
        if left[card] > 0:
            left[card] -= 1
            extra.append(card)
    if extra:
        if kept:
            last = kept[-1]
            kept[-1] = replace(
                last,
                cards=last.cards + tuple(extra),
                called=last.called + (False,) * len(extra),
                declared=last.declared + (None,) * len(extra),
            )
        else:
            kept.append(Group(tuple(extra)))
    return kept, tuple(emptied)
