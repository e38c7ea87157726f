"""The grouping grammar: card codes, and a player's table cards grouped by hand, read and written.

A grouping by hand is groups separated by ``/``; in a group, flag words then card codes::

    3C 3D 3S / once 4C 4D 4H 4S / @1.0 9S / @2.1 final JK 8H!

``@<seat>.<meld>`` lays the group off onto meld number ``<meld>`` (from 0) of the player in seat
``<seat>`` (from 0); ``once`` marks a meld laid down all at once, ``doubled`` a set doubled by the
dealer's joker, ``final`` a layoff after someone went out; ``!`` after a code marks a card taken
by a Rummy call. (static/js/round.js reads and writes the same grammar.)

>>> groups = parse_layout("3c 3d 3s / @1.0 final 9S!", seats=2)
>>> groups[1]
Group(cards=(Card.from_code('9S'),), called=(True,), onto=(1, 0), once=False, doubled=False, final=True)
>>> format_layout(groups)
'3C 3D 3S / @1.0 final 9S!'
"""  # noqa: E501 (a doctest's output line)

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..engine.cards import Card, CardError

__all__ = [
    "FLAG_WORDS",
    "MAX_CARDS",
    "FormError",
    "Group",
    "format_layout",
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
    scorekeeper.round_form.layout.FormError: '8H!': a Rummy call (!) is marked in the grouping, not here
    """  # noqa: E501 (a doctest's output line)
    tokens = text.replace(",", " ").split()
    if len(tokens) > MAX_CARDS:
        raise FormError(f"{len(tokens)} cards is more than any round holds (at most {MAX_CARDS})")
    cards = []
    for token in tokens:
        if token.endswith("!") and len(token) > 1:
            raise FormError(f"{token!r}: a Rummy call (!) is marked in the grouping, not here")
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

    >>> [g.text() for g in parse_layout("doubled 3c 3d 3s jk / 8h 9h!", seats=2)]
    ['doubled 3C 3D 3S JK', '8H 9H!']
    >>> parse_layout("@0.1 once 5S", seats=2)
    Traceback (most recent call last):
    ...
    scorekeeper.round_form.layout.FormError: 'once' marks a meld, not a layoff (@0.1)
    >>> parse_layout("3C 3D / @4.0 5S", seats=3)
    Traceback (most recent call last):
    ...
    scorekeeper.round_form.layout.FormError: '@4.0': there is no seat 4 (the seats are 0 to 2)
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
    """The groups written in the grammar, as :func:`parse_layout` reads them back."""
    return " / ".join(group.text() for group in groups)
