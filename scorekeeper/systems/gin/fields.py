"""The Gin hand form's fields: what the scorer's phone sends, what it means, and the preview made
of it once the hand is scored (pure Python: no Flask, no store).

The form sends, per player (seat ``i`` from 0):

- ``cards-{i}``: the player's final cards as codes separated by spaces (``"AS 2S 10H"``; any
  case, ``T`` for ten, suit symbols too): ten, or eleven for the knocker's big gin;
- ``counted-{i}``: in the totals mode (``mode=counted``), the deadwood the table counted: the
  knocker's, or the defender's after laying off;

and per hand (one with two players; in partnership gin two, ``-0`` and ``-1`` after the name,
each between the players :func:`~.store.default_pairs` pairs):

- ``knocked``: the seat of the player who knocked, or ``dead`` for a dead hand (``dead_hand``
  on; in partnership gin both hands are dead or neither: the round keeps one mark);
- ``big_gin``: in the totals mode, the knocker melded all eleven cards (``big_gin`` on);

then ``upcard`` (Oklahoma: the first upcard, which may also be in a hand), ``mode`` (``cards``
or ``counted``), ``dealer``, ``version`` and ``key`` (against a stale form and a double save).

>>> from .rules import GinRules
>>> fields = HandFields.from_form(
...     {"cards-0": "5s 6s 7s 9h 9d 9c 2c 3c 4c ad", "cards-1": "8S 9S KH", "knocked": "0"},
...     2, 1)
>>> read = read_hand(fields, ["Ann", "Bob"], [("Ann", "Bob")], GinRules())
>>> read.missing, read.knockers, read.errors
(['Bob: 3 of 10 cards'], [0], {})
>>> read.cards[0][:3]
['5S', '6S', '7S']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ...engine.cards import JOKER, Card
from ...web import typed_cards as typed
from .round import Entry
from .rules import GinRules

#: The longest text kept of a field (an idempotency key is at most 100 characters).
MAX_FIELD = 200
MODES = ("cards", "counted")
#: The most a defender's counted deadwood can be (ten cards in no meld: four kings, four
#: queens and two jacks), as :func:`.hand.score_counted` allows.
MOST_DEADWOOD = 98
TEN = 10


def hand_field(name: str, hand: int, hands: int) -> str:
    """A per-hand field's name: ``knocked`` with one hand, ``knocked-1`` with two.

    >>> hand_field("knocked", 0, 1), hand_field("big_gin", 1, 2)
    ('knocked', 'big_gin-1')
    """
    return name if hands == 1 else f"{name}-{hand}"


@dataclass(frozen=True)
class HandFields:
    """The whole form, as text (nothing checked yet)."""

    cards: tuple[str, ...]  # per seat
    counted: tuple[str, ...]  # per seat
    knocked: tuple[str, ...]  # per hand: a seat, "dead", or ""
    big_gin: tuple[bool, ...]  # per hand
    upcard: str = ""
    mode: str = "cards"
    dealer: str = ""
    version: str = ""
    key: str = ""

    @classmethod
    def from_form(cls, form: Mapping[str, str], seats: int, hands: int) -> HandFields:
        def text(name: str) -> str:
            return (form.get(name) or "").strip()[:MAX_FIELD]

        mode = text("mode")
        return cls(
            tuple(text(f"cards-{seat}") for seat in range(seats)),
            tuple(text(f"counted-{seat}") for seat in range(seats)),
            tuple(text(hand_field("knocked", hand, hands)) for hand in range(hands)),
            tuple(bool(text(hand_field("big_gin", hand, hands))) for hand in range(hands)),
            text("upcard"),
            mode if mode in MODES else "cards",
            text("dealer"),
            text("version"),
            text("key"),
        )


def read_card(token: str) -> Card | None:
    """A card of the pack from what the scorer typed, None for anything else (a joker too).

    >>> read_card("t♥"), read_card("qs"), read_card("JK"), read_card("1S")
    (Card.from_code('10H'), Card.from_code('QS'), None, None)
    """
    return typed.read_card(token, jokers=False)


@dataclass(frozen=True)
class ReadHand:
    """The form read: each player's cards (codes, as the engine writes them) or counted
    deadwood, who knocked in each hand, the upcard; what is wrong with a field (``errors``, by
    field name) and what is still to give (``missing``, in words)."""

    mode: str
    cards: list[list[str]]
    counted: list[int | None]
    knockers: list[int | None]  # per hand: the seat that knocked
    big_gin: list[bool]  # per hand
    dead: bool
    upcard: str | None
    errors: dict[str, str] = field(default_factory=dict)
    missing: list[str] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return not self.errors and not self.missing

    def entries(self, names: Sequence[str]) -> list[Entry]:
        """The players' entries as the store takes them (in seat order)."""
        knocked = {seat for seat in self.knockers if seat is not None}
        big = {
            seat
            for seat, big_gin in zip(self.knockers, self.big_gin, strict=True)
            if seat is not None and big_gin
        }
        entries = []
        for seat, name in enumerate(names):
            if self.mode == "counted":
                entries.append(
                    Entry(
                        name,
                        knocked=seat in knocked,
                        counted=self.counted[seat],
                        big_gin=seat in big,
                    )
                )
            else:
                cards = [Card.from_code(code) for code in self.cards[seat]]
                entries.append(Entry(name, cards, seat in knocked))
        return entries


def read_hand(
    fields: HandFields,
    names: Sequence[str],
    pairs: Sequence[tuple[str, str]],
    rules: GinRules,
) -> ReadHand:
    """Each field of the mode read (the other mode's are left as typed): an error for each one
    that cannot be read, and what is missing."""
    errors: dict[str, str] = {}
    missing: list[str] = []
    mode = fields.mode
    # the other mode's fields keep what was typed there, unread: a switch of mode loses nothing
    ignored: dict[str, str] = {}
    cards = [
        _read_cards(fields.cards[seat], name, errors if mode == "cards" else ignored, seat)
        for seat, name in enumerate(names)
    ]
    counted = [
        _read_counted(fields.counted[seat], name, errors if mode == "counted" else ignored, seat)
        for seat, name in enumerate(names)
    ]
    knockers, dead = _read_knocks(fields, names, pairs, rules, errors)
    seat_of = {name: seat for seat, name in enumerate(names)}
    hands = len(pairs)
    for hand, pair in enumerate(pairs):
        seats = [seat_of[player] for player in pair]
        if mode == "cards":
            _twice(cards, seats, names, errors)
            most = 11 if rules.big_gin else TEN
            for seat in seats:
                count = len(cards[seat])
                if count > most:
                    errors.setdefault(f"cards-{seat}", _too_many(names[seat], count, rules))
                elif count < TEN and not (dead and count == 0):
                    missing.append(f"{names[seat]}: {count} of {TEN} cards")
        elif not dead:
            missing.extend(f"{names[seat]}'s deadwood" for seat in seats if counted[seat] is None)
        if not dead and knockers[hand] is None and hand_field("knocked", hand, hands) not in errors:
            missing.append("who knocked" if hands == 1 else f"who knocked in {' and '.join(pair)}")
    upcard: str | None = None
    if rules.oklahoma:
        if fields.upcard:
            card = read_card(fields.upcard)
            if card is None:
                errors["upcard"] = f"The upcard {fields.upcard!r} is not a card (as 7H or QS)."
            else:
                upcard = card.code()
        elif not dead:
            missing.append("the upcard")
    big_gin = [big and mode == "counted" for big in fields.big_gin]
    return ReadHand(mode, cards, counted, knockers, big_gin, dead, upcard, errors, missing)


def _read_knocks(
    fields: HandFields,
    names: Sequence[str],
    pairs: Sequence[tuple[str, str]],
    rules: GinRules,
    errors: dict[str, str],
) -> tuple[list[int | None], bool]:
    """Who knocked in each hand (a seat, None if not given), and whether the round is dead."""
    seat_of = {name: seat for seat, name in enumerate(names)}
    knockers: list[int | None] = []
    deads: list[bool] = []
    for hand, pair in enumerate(pairs):
        name = hand_field("knocked", hand, len(pairs))
        value = fields.knocked[hand]
        deads.append(value == "dead")
        knocker: int | None = None
        if value == "dead":
            if not rules.dead_hand:
                errors[name] = "These rules play without dead hands: who knocked?"
        elif value.isascii() and value.isdigit() and int(value) in [seat_of[p] for p in pair]:
            knocker = int(value)
        elif value:
            errors[name] = f"Who knocked: {' or '.join(pair)}?"
        knockers.append(knocker)
    if any(deads) and not all(deads):
        # the store keeps one dead mark for the round (partnership gin's two hands)
        for hand, is_dead in enumerate(deads):
            if is_dead:
                errors[hand_field("knocked", hand, len(pairs))] = (
                    "A partnership round is dead for both hands or neither: who knocked here?"
                )
    return knockers, any(deads)


def _read_cards(text: str, name: str, errors: dict[str, str], seat: int) -> list[str]:
    """The cards of a field, as codes; the words that are no card named in ``errors``."""
    codes, bad = typed.typed_cards(text, jokers=False)
    if bad:
        joker = any(word.upper() in (JOKER, "JOKER") for word in bad)
        errors[f"cards-{seat}"] = (
            f"{name}: {' '.join(bad)} {'is' if len(bad) == 1 else 'are'} not "
            f"{'a card' if len(bad) == 1 else 'cards'} of the pack (a rank A 2–10 J Q K and "
            f"a suit S H D C, as 10H or QS{'; Gin plays without jokers' if joker else ''})."
        )
    return codes


def _read_counted(text: str, name: str, errors: dict[str, str], seat: int) -> int | None:
    if not text:
        return None
    if text.isascii() and text.isdigit() and int(text) <= MOST_DEADWOOD:
        return int(text)
    errors[f"counted-{seat}"] = f"{name}'s deadwood is a number from 0 to {MOST_DEADWOOD}."
    return None


def _twice(
    cards: list[list[str]], seats: Sequence[int], names: Sequence[str], errors: dict[str, str]
) -> None:
    """A card given twice in one hand (one pack a hand): named on the field it came back in."""
    seen: dict[str, int] = {}
    for seat in seats:
        for code in cards[seat]:
            if code in seen:
                where = "" if seen[code] == seat else f" (and {names[seen[code]]}'s)"
                errors.setdefault(
                    f"cards-{seat}",
                    f"{code} is given twice{where}: Gin plays with one pack.",
                )
            seen[code] = seat


def _too_many(name: str, count: int, rules: GinRules) -> str:
    allowed = "ten (eleven for the knocker's big gin)" if rules.big_gin else "ten (no big gin)"
    return f"{name} has {count} cards: a hand shows {allowed}."


# --- the preview ----------------------------------------------------------------------------
