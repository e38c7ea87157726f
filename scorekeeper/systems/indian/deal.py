"""One deal of Indian Rummy scored from the players' entries (API.md, "Gin Rummy and Indian
Rummy rounds"). Pure Python.

Each player dealt in has an entry: their 13 cards at the end (or, in totals mode, the points
the table counted), and whether they declared (showed), dropped (``first`` or ``middle``) or
made a wrong show. The declarer's show is judged; the winner scores 0 and each loser pays their
count (at most ``max_points``), a drop or a wrong show. Refused, naming the player or the field
(an :class:`IndianError`, the API's 422): two declarers, a hand of the wrong size, a card the
packs cannot hold, a drop and a declaration together, an invalid show while ``wrong_show_ends``
is off ("not a valid show: the hand goes on": the scorer marks that player ``wrong_show``
beside the later declarer).

>>> from .melds import cards
>>> from .rules import IndianRules
>>> deal = Deal(
...     (
...         Entry("Ann", cards("2H 3H 4H 5C 6C JK 9S 9D 9C KD KS KH KC"), declared=True),
...         Entry("Bob", cards("2S 3S 4S 8C 9C 7S QS QD 2C 5D 8D KH AS")),
...         Entry("Cy", drop="first"),
...     ),
...     wild_rank="7",
... )
>>> for player in score_deal(IndianRules(), deal).players:
...     print(player.name, player.points, player.lines)
Ann 0 ('valid show: wins the deal',)
Bob 45 ('unmatched QS QD 2C 5D 8D KH = 45',)
Cy 20 ('drop (first) 20',)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ...engine.cards import Card, CardError, format_cards
from .melds import Meld, WildRank, read_wild_rank
from .rules import HAND_SIZE, IndianError, IndianRules, Packs, packs_for
from .show import Count, Show, check_show, count_as_laid, loser_count, show_as_laid

__all__ = ["Deal", "DealResult", "Entry", "IndianError", "Scored", "score_deal"]

Drop = Literal["first", "middle"]
#: What a player was in the deal: its winner, a loser paying their count, a drop, a wrong
#: show, or (a wrong show having ended the deal under ``wrong_show_ends``) none of these.
Role = Literal["winner", "loser", "drop", "wrong_show", "ended"]


@dataclass(frozen=True)
class Entry:
    """A player's part of the deal: their final cards (13) or, in totals mode, the points the
    table ``counted``; ``declared`` (they showed), ``drop`` (``"first"`` or ``"middle"``),
    ``wrong_show``; the melds as laid where the scorer gives them (checked, never arranged
    again); and ``rejoin`` (a pool player coming back in with this deal: the game's to judge).
    """

    name: str
    cards: tuple[Card, ...]
    declared: bool
    drop: Drop | None
    wrong_show: bool
    counted: int | None
    melds: tuple[tuple[Card, ...], ...] | None
    rejoin: bool

    def __init__(
        self,
        name: str,
        cards: Sequence[Card] = (),
        *,
        declared: bool = False,
        drop: Drop | None = None,
        wrong_show: bool = False,
        counted: int | None = None,
        melds: Sequence[Sequence[Card]] | None = None,
        rejoin: bool = False,
    ) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "cards", tuple(cards))
        object.__setattr__(self, "declared", declared)
        object.__setattr__(self, "drop", drop)
        object.__setattr__(self, "wrong_show", wrong_show)
        object.__setattr__(self, "counted", counted)
        object.__setattr__(self, "melds", None if melds is None else tuple(map(tuple, melds)))
        object.__setattr__(self, "rejoin", rejoin)


@dataclass(frozen=True)
class Deal:
    """The players dealt in, in seat order, and the rank the cut joker made wild (``"7"``; a
    printed joker cut: ``"A"``), or None without a cut joker."""

    players: tuple[Entry, ...]
    wild_rank: str | None = None


@dataclass(frozen=True)
class Scored:
    """What one player's entry shows: their part, what they pay (0 for the winner), their
    melds (with ``pure`` marks) and the cards that count, the declarer's verdict
    (``valid_show``, with ``reasons`` when not), and the lines that say why."""

    name: str
    role: Role
    points: int
    melds: tuple[Meld, ...]
    unmatched: tuple[Card, ...]
    lines: tuple[str, ...]
    valid_show: bool | None = None  # the declarer's (and a judged wrong show's)
    reasons: tuple[str, ...] = ()
    counted_all: bool = False  # no pure sequence and second: every card counted
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True)
class DealResult:
    """The deal scored: each player's entry in the order given, the winner (None when a wrong
    show ended it), the wild rank, the packs it was played with, and who rejoined with it."""

    players: tuple[Scored, ...]
    winner: str | None
    wild_rank: WildRank
    packs: Packs
    ended_by_wrong_show: bool = False
    rejoins: tuple[str, ...] = ()

    @property
    def points(self) -> dict[str, int]:
        """What each player pays in the deal (the winner 0)."""
        return {player.name: player.points for player in self.players}


def score_deal(rules: IndianRules, deal: Deal) -> DealResult:
    """The deal's result; an IndianError, naming the player or the field, for a deal that
    cannot have been played so."""
    entries = deal.players
    packs = packs_for(rules, len(entries))
    names = [entry.name for entry in entries]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise IndianError(f"{', '.join(twice)} is named twice")
    for entry in entries:
        _check_entry(entry)
    _check_copies(entries, packs)
    wild_rank = _wild_rank(rules, deal)
    declarers = [entry for entry in entries if entry.declared]
    if len(declarers) > 1:
        raise IndianError(
            f"{' and '.join(e.name for e in declarers)} both declared: one show ends the deal "
            "(declared)"
        )
    wrong = [entry for entry in entries if entry.wrong_show]
    if rules.wrong_show_ends and wrong:
        if len(wrong) > 1:
            raise IndianError(
                f"{' and '.join(e.name for e in wrong)} each made a wrong show, but the first "
                "ended the deal (wrong_show_ends)"
            )
        if declarers:
            raise IndianError(
                f"{wrong[0].name}'s wrong show ended the deal (wrong_show_ends): "
                f"{declarers[0].name} cannot declare after it"
            )
        return _ended(rules, entries, wrong[0], None, packs, wild_rank)
    if declarers:
        declarer = declarers[0]
        show = _judged_show(declarer, wild_rank)
        if show is not None and not show.valid:
            if rules.wrong_show_ends:
                return _ended(rules, entries, declarer, show, packs, wild_rank)
            raise IndianError(
                f"{declarer.name}: not a valid show: the hand goes on ({'; '.join(show.reasons)})"
                f". Record {declarer.name} as wrong_show beside the later declarer (declared)"
            )
        winner = _winner(declarer, show)
    else:
        playing = [entry for entry in entries if not entry.drop and not entry.wrong_show]
        if len(playing) != 1:
            raise IndianError("nobody declared: mark the player who showed with declared")
        winner = Scored(
            playing[0].name, "winner", 0, (), (), ("the others dropped: wins the deal",)
        )
    scored = [
        winner if entry.name == winner.name else _loser(rules, entry, wild_rank)
        for entry in entries
    ]
    return DealResult(tuple(scored), winner.name, wild_rank, packs, rejoins=_rejoins(entries))


def _rejoins(entries: Sequence[Entry]) -> tuple[str, ...]:
    return tuple(entry.name for entry in entries if entry.rejoin)


def _check_entry(entry: Entry) -> None:
    name = entry.name
    if entry.drop not in (None, "first", "middle"):
        raise IndianError(f"{name}: drop takes first or middle, not {entry.drop!r}")
    if entry.drop and entry.declared:
        raise IndianError(f"{name} both dropped and declared: a player who dropped cannot show")
    if entry.drop and entry.wrong_show:
        raise IndianError(f"{name} both dropped and made a wrong show: mark one (drop)")
    if entry.declared and entry.wrong_show:
        raise IndianError(
            f"{name} is marked both declared and wrong_show: a show is judged (declared); a "
            "wrong show beside a later declarer is wrong_show"
        )
    if entry.counted is not None:
        if entry.cards or entry.melds is not None:
            raise IndianError(f"{name}: give the cards or the points counted, not both (counted)")
        if entry.counted < 0:
            raise IndianError(f"{name}: counted {entry.counted} is below 0 (counted)")
        if entry.declared or entry.drop or entry.wrong_show:
            role = "the declarer scores 0" if entry.declared else "a drop or a wrong show pays"
            raise IndianError(f"{name}: {role} by the rules, not a count (counted)")
    if entry.melds is not None and not entry.cards:
        raise IndianError(f"{name}: melds as laid come with the cards (melds)")
    counts = entry.declared or not (entry.drop or entry.wrong_show)
    if counts and entry.cards and len(entry.cards) != HAND_SIZE:
        raise IndianError(f"{name} has {len(entry.cards)} cards: a hand is {HAND_SIZE} (cards)")


def _check_copies(entries: Sequence[Entry], packs: Packs) -> None:
    """No card given more often, across every player, than the packs hold."""
    given = Counter(card for entry in entries for card in entry.cards)
    for card, times in sorted(given.items(), key=lambda item: item[0].code()):
        held = packs.jokers if card.is_joker else packs.decks
        if times <= held:
            continue
        holders = ", ".join(entry.name for entry in entries if card in entry.cards)
        if card.is_joker:
            hold = {0: "these rules play without jokers", 1: "these packs hold 1 joker"}.get(
                held, f"these packs hold {held} jokers"
            )
        else:
            packs_words = "one pack holds" if packs.decks == 1 else f"{packs.decks} packs hold"
            hold = f"{packs_words} it " + {1: "once", 2: "twice"}.get(held, f"{held} times")
        given_words = {1: "once", 2: "twice"}.get(times, f"{times} times")
        raise IndianError(f"{card.code()} is given {given_words} ({holders}), but {hold} (cards)")


def _wild_rank(rules: IndianRules, deal: Deal) -> WildRank:
    try:
        rank = read_wild_rank(deal.wild_rank)
    except CardError as error:
        raise IndianError(f"wild_rank: {error}") from None
    if rank is not None and not rules.cut_joker:
        raise IndianError("wild_rank: these rules play without a cut joker (cut_joker)")
    judged = any(
        entry.cards and (entry.declared or not (entry.drop or entry.wrong_show))
        for entry in deal.players
    )
    if rank is None and rules.cut_joker and judged:
        raise IndianError(
            "wild_rank: the cut joker's rank is needed to judge the cards (cut_joker is on)"
        )
    return rank


def _judged_show(declarer: Entry, wild_rank: WildRank) -> Show | None:
    """The declarer's show judged (None: no cards given, the table's word taken)."""
    if not declarer.cards:
        return None
    if declarer.melds is not None:
        try:
            return show_as_laid(declarer.cards, declarer.melds, wild_rank)
        except IndianError as error:
            raise IndianError(f"{declarer.name}: {error} (melds)") from None
    return check_show(declarer.cards, wild_rank)


def _winner(declarer: Entry, show: Show | None) -> Scored:
    """The declarer's entry: their show's melds (none when the cards were not given)."""
    line = "valid show" if show else "declared (cards not given)"
    melds = show.melds if show else ()
    return Scored(declarer.name, "winner", 0, melds, (), (f"{line}: wins the deal",), True)


def _capped(points: int, cap: int) -> str:
    return f"{points}, capped at {cap}" if points > cap else str(points)


def _loser(rules: IndianRules, entry: Entry, wild_rank: WildRank) -> Scored:
    name = entry.name
    if entry.drop:
        paid = rules.first_drop if entry.drop == "first" else rules.middle_drop
        return Scored(name, "drop", paid, (), (), (f"drop ({entry.drop}) {paid}",))
    if entry.wrong_show:
        return _wrong_show(rules, entry, None, wild_rank)
    if entry.counted is not None:
        paid = min(entry.counted, rules.max_points)
        return Scored(
            name, "loser", paid, (), (), (f"counted {_capped(entry.counted, rules.max_points)}",)
        )
    if not entry.cards:
        raise IndianError(f"{name}: give {name}'s cards, the points counted, or a drop (cards)")
    warnings: tuple[str, ...] = ()
    if entry.melds is not None:
        try:
            count = count_as_laid(entry.cards, entry.melds, wild_rank, rules.max_points)
        except IndianError as error:
            raise IndianError(f"{name}: {error} (melds)") from None
        best = loser_count(entry.cards, wild_rank, rules.max_points)
        if best.points < count.points:
            warnings = (
                f"{name}'s melds as laid pay {count.points}; the best arrangement pays "
                f"{best.points}",
            )
    else:
        count = loser_count(entry.cards, wild_rank, rules.max_points)
    return Scored(
        name,
        "loser",
        count.points,
        count.melds,
        count.unmatched,
        (_count_line(count, rules.max_points),),
        counted_all=count.counted_all,
        warnings=warnings,
    )


def _count_line(count: Count, cap: int) -> str:
    """``unmatched 7S 8D KH = 25``, or why every card counts."""
    if count.counted_all:
        return f"{count.reason}: every card counts {_capped(count.uncapped, cap)}"
    if not count.unmatched:
        return "every card in a meld: 0"
    return f"unmatched {format_cards(count.unmatched)} = {_capped(count.uncapped, cap)}"


def _wrong_show(rules: IndianRules, entry: Entry, show: Show | None, wild_rank: WildRank) -> Scored:
    """A wrong show: ``wrong_show`` points, with why the cards make no show where they are
    given (a warning when they do make one)."""
    if show is None and len(entry.cards) == HAND_SIZE and (wild_rank or not rules.cut_joker):
        show = check_show(entry.cards, wild_rank)
    line = f"wrong show {rules.wrong_show}"
    warnings: tuple[str, ...] = ()
    if show is not None and show.valid:
        warnings = (f"{entry.name}'s cards make a valid show: check the wrong show",)
    elif show is not None:
        line += f" ({'; '.join(show.reasons)})"
    return Scored(
        entry.name,
        "wrong_show",
        rules.wrong_show,
        show.melds if show is not None else (),
        show.unmatched if show is not None else (),
        (line,),
        valid_show=None if show is None else show.valid,
        reasons=() if show is None else show.reasons,
        warnings=warnings,
    )


def _ended(
    rules: IndianRules,
    entries: Sequence[Entry],
    shower: Entry,
    show: Show | None,
    packs: Packs,
    wild_rank: WildRank,
) -> DealResult:
    """A wrong show that ended the deal (``wrong_show_ends``): it pays, everyone else 0, and
    nobody wins."""
    scored = []
    for entry in entries:
        if entry.name == shower.name:
            scored.append(_wrong_show(rules, entry, show, wild_rank))
        else:
            words = f"{shower.name}'s wrong show ended the deal: 0"
            scored.append(Scored(entry.name, "ended", 0, (), (), (words,)))
    return DealResult(
        tuple(scored), None, wild_rank, packs, ended_by_wrong_show=True, rejoins=_rejoins(entries)
    )
