"""The Indian Rummy deal form's fields: what the scorer's phone sends, what it means, and the
deal's entries made of it (pure Python: no Flask, no store).

The form sends, per seat ``i`` (from 0, every player seated, those out of a pool too):

- ``role-{i}``: what the player did in the deal: ``showed`` (declared: the show is judged),
  ``lost`` (the default: pays the count), ``first`` or ``middle`` (a drop), ``wrong_show``;
- ``cards-{i}``: the player's 13 cards as codes separated by spaces (``"AS 2S 10H JK"``; any
  case, ``T`` for ten, suit symbols too; ``JK`` a printed joker). With two packs a card may be
  given twice, in one hand or two. A drop's cards are not read; a wrong show's are judged when
  all 13 are given (to say why it was wrong), else left aside;
- ``counted-{i}``: in the totals mode (``mode=counted``), the points the table counted for a
  loser (the deal caps them at ``max_points``; the page caps them as they are typed). A loser
  with no count but 13 cards is counted from the cards. The declarer's cards are optional in
  this mode: judged when all 13 are given, else the table's word is taken;
- ``rejoin-{i}``: a pool player who is out comes back in with this deal (whether the pool
  allows it is the game's to judge). A player out who does not rejoin is not dealt in: their
  other fields are not read;

and per deal: ``cut`` (the card turned up for the cut joker, ``7D``, or just its rank, ``7``;
``JK``, a printed joker, makes the aces wild; read only with ``cut_joker`` on), ``mode``
(``cards`` or ``counted``), ``dealer``, ``version`` and ``key`` (against a stale form and a
double save); a correction's form sends ``deal`` (its number) for the preview.

>>> from .rules import IndianRules
>>> fields = DealFields.from_form(
...     {"role-0": "showed", "cards-0": "2h 3h 4h 5c 6c jk 9s 9d 9c kd ks kh", "cut": "7d",
...      "role-2": "first"}, 3)
>>> read = read_deal(fields, Seating(["Ann", "Bob", "Cy"]), IndianRules())
>>> read.wild_rank, read.roles, read.missing
('7', ['showed', 'lost', 'first'], ['Ann: 12 of 13 cards', 'Bob: 0 of 13 cards'])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ...engine.cards import JOKER, Card, CardError
from ...web import typed_cards as typed
from .deal import Deal, Drop, Entry
from .melds import read_wild_rank, wild_rank_of_cut
from .rules import (
    FEWEST_PLAYERS,
    HAND_SIZE,
    MOST_PLAYERS,
    IndianError,
    IndianRules,
    Packs,
    packs_for,
)

#: The longest text kept of a field (an idempotency key is at most 100 characters).
MAX_FIELD = 200
MODES = ("cards", "counted")
#: What a player did in the deal, as ``role-{i}`` says it (``out``: a pool player not dealt in).
ROLES = ("showed", "lost", "first", "middle", "wrong_show")
ROLE_WORDS = {
    "showed": "showed",
    "lost": "lost",
    "first": "first drop",
    "middle": "middle drop",
    "wrong_show": "wrong show",
    "out": "out",
    "won": "won",  # the one player left when every other dropped
}
#: The most a count may be typed as (the deal caps it at ``max_points``).
MOST_COUNTED = 999


@dataclass(frozen=True)
class DealFields:
    """The whole form, as text (nothing checked yet)."""

    cards: tuple[str, ...]  # per seat
    counted: tuple[str, ...]  # per seat
    roles: tuple[str, ...]  # per seat: a role, or "" (lost)
    rejoin: tuple[bool, ...]  # per seat
    cut: str = ""
    mode: str = "cards"
    dealer: str = ""
    version: str = ""
    key: str = ""

    @classmethod
    def from_form(cls, form: Mapping[str, str], seats: int) -> DealFields:
        def text(name: str) -> str:
            return (form.get(name) or "").strip()[:MAX_FIELD]

        mode = text("mode")
        return cls(
            tuple(text(f"cards-{seat}") for seat in range(seats)),
            tuple(text(f"counted-{seat}") for seat in range(seats)),
            tuple(text(f"role-{seat}") for seat in range(seats)),
            tuple(bool(text(f"rejoin-{seat}")) for seat in range(seats)),
            text("cut"),
            mode if mode in MODES else "cards",
            text("dealer"),
            text("version"),
            text("key"),
        )


def fields_of(deal: Deal, names: Sequence[str], dealer: str, version: str) -> DealFields:
    """The form filled from a stored deal (a seat with no entry: out of the pool).

    >>> deal = Deal((Entry("Ann", declared=True), Entry("Cy", counted=90, rejoin=True)), "7")
    >>> fields = fields_of(deal, ["Ann", "Bob", "Cy"], "Ann", "4")
    >>> fields.roles, fields.counted, fields.rejoin, fields.mode, fields.cut
    (('showed', '', 'lost'), ('', '', '90'), (False, False, True), 'counted', '7')
    """
    by_name = {entry.name: entry for entry in deal.players}
    cards, counted, roles, rejoin = [], [], [], []
    for name in names:
        entry = by_name.get(name)
        if entry is None:  # out of the pool, not dealt in
            entry = Entry(name)
            roles.append("")
        else:
            role = "showed" if entry.declared else entry.drop or ""
            roles.append("wrong_show" if entry.wrong_show else role or "lost")
        cards.append(" ".join(card.code() for card in entry.cards))
        counted.append("" if entry.counted is None else str(entry.counted))
        rejoin.append(entry.rejoin)
    return DealFields(
        tuple(cards),
        tuple(counted),
        tuple(roles),
        tuple(rejoin),
        cut=deal.wild_rank or "",
        mode="counted" if any(e.counted is not None for e in deal.players) else "cards",
        dealer=dealer,
        version=version,
    )


def packs_by_players(rules: IndianRules) -> dict[str, list[int]]:
    """The packs (decks, jokers) for each number of players dealt in, for the picker.

    >>> packs_by_players(IndianRules())
    {'2': [1, 1], '3': [2, 2], '4': [2, 2], '5': [2, 2], '6': [2, 2]}
    """
    packs = {}
    for players in range(FEWEST_PLAYERS, MOST_PLAYERS + 1):
        try:
            found = packs_for(rules, players)
        except IndianError:
            continue
        packs[str(players)] = [found.decks, found.jokers]
    return packs


@dataclass(frozen=True)
class Seating:
    """Who may be dealt in: the players in seat order, the seats out of a pool before this deal
    (with their pool scores) and the seats that may rejoin now, at what score."""

    names: Sequence[str]
    out: Mapping[int, int] = field(default_factory=dict)
    rejoin_at: Mapping[int, int] = field(default_factory=dict)


def read_card(token: str) -> Card | None:
    """A card (a printed joker too) from what the scorer typed, None for anything else.

    >>> read_card("t♥"), read_card("jk"), read_card("1S")
    (Card.from_code('10H'), Card.from_code('JK'), None)
    """
    return typed.read_card(token, jokers=True)


def read_cut(text: str) -> str | None:
    """The wild rank a cut gives (the card turned up, or its rank; a joker: aces), or None for
    text that is neither.

    >>> read_cut("7d"), read_cut("10"), read_cut("JK"), read_cut("Q♠"), read_cut("X")
    ('7', '10', 'A', 'Q', None)
    """
    card = read_card(text)
    if card is not None:
        return wild_rank_of_cut(card)
    try:
        return read_wild_rank(text)
    except CardError:
        return None


@dataclass(frozen=True)
class ReadDeal:
    """The form read: who is dealt in and what they did (``roles`` per seat, ``out`` for a seat
    not dealt in), each player's cards (codes) and count, who rejoins, the wild rank; what is
    wrong with a field (``errors``, by field name) and what is still to give (``missing``)."""

    mode: str
    dealt: list[int]
    roles: list[str]
    cards: list[list[str]]  # every card given, per seat, as the engine writes them
    used: list[bool]  # per seat: whether the cards are the entry's (a drop's are not)
    counted: list[int | None]  # per seat: the count the entry takes
    rejoins: list[int]
    wild_rank: str | None
    packs: Packs | None
    errors: dict[str, str] = field(default_factory=dict)
    missing: list[str] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return not self.errors and not self.missing

    @property
    def declarers(self) -> list[int]:
        return [seat for seat in self.dealt if self.roles[seat] == "showed"]

    def entries(self, names: Sequence[str]) -> list[Entry]:
        """The entries of the players dealt in, in seat order, as the store takes them."""
        entries = []
        for seat in self.dealt:
            role = self.roles[seat]
            drop: Drop | None = "first" if role == "first" else None
            drop = "middle" if role == "middle" else drop
            entries.append(
                Entry(
                    names[seat],
                    [Card.from_code(code) for code in self.cards[seat]] if self.used[seat] else (),
                    declared=role == "showed",
                    drop=drop,
                    wrong_show=role == "wrong_show",
                    counted=self.counted[seat],
                    rejoin=seat in self.rejoins,
                )
            )
        return entries


def read_deal(fields: DealFields, seating: Seating, rules: IndianRules) -> ReadDeal:
    """Each field read: an error for each one that cannot be, and what is still missing."""
    names = seating.names
    errors: dict[str, str] = {}
    missing: list[str] = []
    seats = range(len(names))
    rejoins = [seat for seat in seats if fields.rejoin[seat]]
    dealt = [seat for seat in seats if seat not in seating.out or seat in rejoins]
    roles = [_read_role(fields.roles[seat], names[seat], f"role-{seat}", errors) for seat in seats]
    roles = [role if seat in dealt else "out" for seat, role in enumerate(roles)]
    packs: Packs | None = None
    try:
        packs = packs_for(rules, len(dealt))
    except IndianError as error:
        errors["players"] = f"{error}: who is dealt in?"
    unread: dict[str, str] = {}  # cards that cannot be read where they are not the entry's
    cards = [_read_cards(fields.cards[seat], names[seat], seat, unread) for seat in seats]
    used = [False] * len(names)
    counted: list[int | None] = [None] * len(names)
    winner_by_drops = _winner_by_drops(dealt, roles, rules)
    for seat in dealt:
        name, role, given = names[seat], roles[seat], len(cards[seat])
        if role in ("first", "middle"):
            continue  # a drop's cards are not read
        if f"cards-{seat}" in unread and (fields.mode == "cards" or role != "lost"):
            errors[f"cards-{seat}"] = unread[f"cards-{seat}"]
        if given > HAND_SIZE:
            errors.setdefault(f"cards-{seat}", f"{name} has {given} cards: a hand is {HAND_SIZE}.")
            continue
        if fields.mode == "counted" and role == "lost":
            counted[seat] = _read_counted(fields.counted[seat], name, seat, errors)
            if counted[seat] is None and f"cards-{seat}" in unread:
                errors[f"cards-{seat}"] = unread[f"cards-{seat}"]
            elif counted[seat] is None and given == HAND_SIZE:
                used[seat] = True  # no count, but every card: counted from the cards
            elif counted[seat] is None and f"counted-{seat}" not in errors:
                missing.append(f"{name}'s points")
            continue
        if role == "wrong_show" or (fields.mode == "counted" and role == "showed"):
            used[seat] = given == HAND_SIZE  # judged when all given, else the table's word
            if role == "showed" and 0 < given < HAND_SIZE:
                missing.append(f"{name}: {given} of {HAND_SIZE} cards (or none)")
            continue
        if seat == winner_by_drops and given == 0:
            continue  # the others dropped: nothing to count
        used[seat] = True
        if given < HAND_SIZE:
            missing.append(f"{name}: {given} of {HAND_SIZE} cards")
    if packs is not None:
        _copies(cards, used, names, packs, errors)
    declarers = [seat for seat in dealt if roles[seat] == "showed"]
    for seat in declarers[1:]:
        both = " and ".join(names[s] for s in declarers)
        errors.setdefault(f"role-{seat}", f"{both} both showed: one show ends the deal.")
    ended = rules.wrong_show_ends and any(roles[seat] == "wrong_show" for seat in dealt)
    if not declarers and winner_by_drops is None and not ended:
        missing.insert(0, "who showed")
    wild_rank = None
    if rules.cut_joker:
        wild_rank = read_cut(fields.cut) if fields.cut else None
        if fields.cut and wild_rank is None:
            errors["cut"] = f"The cut joker {fields.cut!r} is not a card (as 7D) or a rank (as 7)."
        elif wild_rank is None and any(used[seat] for seat in dealt):
            missing.insert(0, "the cut joker")
    return ReadDeal(
        fields.mode, dealt, roles, cards, used, counted, rejoins, wild_rank, packs, errors, missing
    )


def _winner_by_drops(dealt: Sequence[int], roles: Sequence[str], rules: IndianRules) -> int | None:
    """The one player still in when nobody showed and every other dropped (or showed wrong)."""
    if any(roles[seat] == "showed" for seat in dealt):
        return None
    if rules.wrong_show_ends and any(roles[seat] == "wrong_show" for seat in dealt):
        return None
    playing = [seat for seat in dealt if roles[seat] == "lost"]
    return playing[0] if len(playing) == 1 and len(dealt) > 1 else None


def _read_role(text: str, name: str, field_name: str, errors: dict[str, str]) -> str:
    if not text:
        return "lost"
    if text in ROLES:
        return text
    errors[field_name] = f"{name}: showed, lost, a first or middle drop, or a wrong show?"
    return "lost"


def _read_cards(text: str, name: str, seat: int, errors: dict[str, str]) -> list[str]:
    """The cards of a field, as codes; the words that are no card named in ``errors``."""
    codes, bad = typed.typed_cards(text, jokers=True)
    if bad:
        one = len(bad) == 1
        errors[f"cards-{seat}"] = (
            f"{name}: {' '.join(bad)} {'is' if one else 'are'} not {'a card' if one else 'cards'}"
            f" (a rank A 2–10 J Q K and a suit S H D C, as 10H or QS; {JOKER} a joker)."
        )
    return codes


def _read_counted(text: str, name: str, seat: int, errors: dict[str, str]) -> int | None:
    if not text:
        return None
    if text.isascii() and text.isdigit() and int(text) <= MOST_COUNTED:
        return int(text)
    errors[f"counted-{seat}"] = f"{name}'s points are a number from 0 to {MOST_COUNTED}."
    return None


def _copies(
    cards: Sequence[Sequence[str]],
    used: Sequence[bool],
    names: Sequence[str],
    packs: Packs,
    errors: dict[str, str],
) -> None:
    """A card given more often than the packs hold: named on the field it went over in."""
    seen: Counter[str] = Counter()
    holders: dict[str, list[str]] = {}
    for seat, codes in enumerate(cards):
        if not used[seat]:
            continue
        for code in codes:
            seen[code] += 1
            holders.setdefault(code, []).append(names[seat])
            held = packs.jokers if code == JOKER else packs.decks
            if seen[code] > held:
                who = " and ".join(dict.fromkeys(holders[code]))
                errors.setdefault(
                    f"cards-{seat}",
                    f"{code} is given {_times(seen[code])} ({who}): {_holds(code, packs)}.",
                )


def _times(count: int) -> str:
    return {1: "once", 2: "twice", 3: "three times"}.get(count, f"{count} times")


def _holds(code: str, packs: Packs) -> str:
    """What the packs hold of a card, in words.

    >>> _holds("7H", Packs(2, 2)), _holds("JK", Packs(2, 2))
    ('two packs hold it twice', 'the packs hold 2 jokers')
    """
    if code == JOKER:
        if packs.jokers == 0:
            return "these rules play without jokers"
        return f"the packs hold {packs.jokers} joker{'' if packs.jokers == 1 else 's'}"
    if packs.decks == 1:
        return "one pack holds it once"
    return f"{'two' if packs.decks == 2 else packs.decks} packs hold it {_times(packs.decks)}"
