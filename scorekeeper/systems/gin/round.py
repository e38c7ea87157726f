"""A Gin round as the table records it (API.md, "Gin Rummy and Indian Rummy rounds"): each
player's final cards and who knocked, the upcard under Oklahoma, or a dead hand; scored into
what each player's entry shows. Pure Python.

A round is one hand between two players, or in partnership gin one hand per pair of opponents
(``pairs``, each a player of each side). Refused, naming the player (a :class:`.hand.GinError`):
two knockers in a hand, none in a hand that is not dead, a player in no hand or in two.

>>> from .melds import cards
>>> from .rules import GinRules
>>> ann = Entry("Ann", cards("5S 6S 7S 9H 9D 9C 2C 3C 4C AD"), knocked=True)
>>> bob = Entry("Bob", cards("8S 9S KH KD KC 2H 3H 4D 5D QC"))
>>> for scored in score_round(GinRules(), GinRound((ann, bob))):
...     print(scored.name, scored.result, scored.points, scored.deadwood_points, scored.lines)
Ann knock 23 1 ("Bob's deadwood 24 − Ann's 1 = 23",)
Bob knock 0 24 ('laid off 8S 9S',)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ...engine.cards import Card
from .hand import GinError, HandKind, HandResult, Player, score_counted, score_hand
from .melds import Meld, deadwood_points, least_deadwood
from .rules import GinRules


@dataclass(frozen=True)
class Entry:
    """A player's part of the round: their final cards, and whether they knocked. A table that
    counts for itself gives ``counted`` instead of the cards: the knocker's deadwood, the
    defender's after laying off (and ``big_gin`` for a knock of eleven melded cards)."""

    name: str
    cards: tuple[Card, ...]
    knocked: bool = False
    counted: int | None = None
    big_gin: bool = False
    melds: tuple[Meld, ...] | None = None  # as laid on the table, where the scorer gives them

    def __init__(
        self,
        name: str,
        cards: Sequence[Card] = (),
        knocked: bool = False,
        *,
        counted: int | None = None,
        big_gin: bool = False,
        melds: Sequence[Sequence[Card]] | None = None,
    ) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "cards", tuple(cards))
        object.__setattr__(self, "knocked", knocked)
        object.__setattr__(self, "counted", counted)
        object.__setattr__(self, "big_gin", big_gin)
        object.__setattr__(self, "melds", None if melds is None else tuple(map(tuple, melds)))


@dataclass(frozen=True)
class GinRound:
    players: tuple[Entry, ...]
    upcard: Card | None = None
    dead: bool = False


@dataclass(frozen=True)
class Scored:
    """What one player's entry shows: their melds, their deadwood (after laying off, and
    before), what they laid off onto which of the knocker's melds, the hand's result, what they
    score, and why."""

    name: str
    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    deadwood_points: int
    deadwood_before_layoffs: int
    layoffs: tuple[tuple[Card, int], ...]
    result: HandKind
    points: int
    lines: tuple[str, ...]
    knocked: bool = False
    warnings: tuple[str, ...] = ()  # melds as laid that leave more than the best would


def score_round(
    rules: GinRules, round: GinRound, pairs: Sequence[tuple[str, str]] | None = None
) -> list[Scored]:
    """Each player's entry, in the order given; a GinError for a round that cannot have been
    played so."""
    by_name = {entry.name: entry for entry in round.players}
    if len(by_name) != len(round.players):
        raise GinError("a player is named twice")
    hands = [tuple(pair) for pair in pairs] if pairs else [tuple(by_name)]
    seen = [name for pair in hands for name in pair]
    if sorted(seen) != sorted(by_name) or any(len(pair) != 2 for pair in hands):
        raise GinError(
            "each hand is between two players, and every player plays one: "
            + ", ".join(" and ".join(pair) for pair in hands)
        )
    scored: dict[str, Scored] = {}
    for first, second in hands:
        a, b = by_name[first], by_name[second]
        for entry in _scored_hand(rules, round, a, b):
            scored[entry.name] = entry
    return [scored[entry.name] for entry in round.players]


def _scored_hand(rules: GinRules, round: GinRound, a: Entry, b: Entry) -> tuple[Scored, Scored]:
    if a.knocked and b.knocked:
        raise GinError(f"{a.name} and {b.name} both knocked: one knock ends a hand")
    if round.dead:
        if a.knocked or b.knocked:
            raise GinError("a dead hand has no knock")
        _check_dead(a, b)
        return _dead(a), _dead(b)
    if not (a.knocked or b.knocked):
        raise GinError(f"nobody knocked in {a.name} and {b.name}'s hand, and it is not dead")
    knocker, defender = (a, b) if a.knocked else (b, a)
    if defender.big_gin:
        raise GinError(f"{defender.name} did not knock: only the knocker has big gin")
    if (knocker.counted is None) != (defender.counted is None):
        raise GinError(
            f"{a.name} and {b.name}'s hand is given by the cards or by the counts, not both"
        )
    if knocker.counted is not None and defender.counted is not None:
        if knocker.melds is not None or defender.melds is not None:
            raise GinError("melds as laid come with the cards, not with a count")
        return _counted_hand(rules, round, a, b, knocker, defender)
    if knocker.big_gin and len(knocker.cards) != 11:
        raise GinError(f"{knocker.name}'s big gin shows eleven cards, not {len(knocker.cards)}")
    result = score_hand(
        rules.hand(),
        Player(knocker.name, knocker.cards, knocker.melds),
        Player(defender.name, defender.cards, defender.melds),
        upcard=round.upcard,
    )
    mine = _warned(_knocker(result, knocker, defender.name), result.warnings)
    theirs = _warned(_defender(result, defender, knocker.name), result.warnings)
    return (mine, theirs) if a.knocked else (theirs, mine)


def _warned(scored: Scored, warnings: tuple[str, ...]) -> Scored:
    """The entry with the hand's warnings about its own melds."""
    own = tuple(warning for warning in warnings if warning.startswith(f"{scored.name}'s "))
    return replace(scored, warnings=own) if own else scored


def _counted_hand(
    rules: GinRules, round: GinRound, a: Entry, b: Entry, knocker: Entry, defender: Entry
) -> tuple[Scored, Scored]:
    assert knocker.counted is not None and defender.counted is not None
    result = score_counted(
        rules.hand(),
        knocker.name,
        knocker.counted,
        defender.name,
        defender.counted,
        big_gin=knocker.big_gin,
        upcard=round.upcard,
    )
    scored = []
    for entry in (a, b):
        points = result.points if result.winner == entry.name else 0
        lines = (result.line,) if result.winner == entry.name else ()
        scored.append(
            Scored(
                entry.name,
                (),
                (),
                entry.counted or 0,
                entry.counted or 0,
                (),
                result.kind,
                points,
                lines,
                knocked=entry.knocked,
            )
        )
    return scored[0], scored[1]


def _check_dead(a: Entry, b: Entry) -> None:
    """A dead hand's cards, where given: ten each, of one pack."""
    seen: set[Card] = set()
    for entry in (a, b):
        if entry.big_gin:
            raise GinError(f"{entry.name}: a dead hand has no big gin")
        if entry.cards and len(entry.cards) != 10:
            raise GinError(f"{entry.name} has {len(entry.cards)} cards: a dead hand shows ten")
        for card in entry.cards:
            if card.is_joker:
                raise GinError("Gin Rummy plays without jokers")
            if card in seen:
                raise GinError(f"{card.code()} is given twice: Gin plays with one pack")
            seen.add(card)


def _dead(entry: Entry) -> Scored:
    if entry.counted is not None or not entry.cards:
        deadwood = entry.counted or 0
        return Scored(
            entry.name, (), (), deadwood, deadwood, (), "dead", 0, ("dead hand: nobody scores",)
        )
    best = least_deadwood(entry.cards).arrangements[0]
    return Scored(
        entry.name,
        best.melds,
        best.deadwood,
        best.points,
        best.points,
        (),
        "dead",
        0,
        ("dead hand: nobody scores",),
    )


def _knocker(result: HandResult, entry: Entry, opponent: str) -> Scored:
    assert result.knocker is not None and result.defence is not None
    laid = result.knocker
    theirs = result.defence.points
    lines: tuple[str, ...]
    if result.kind in ("gin", "big_gin"):
        word = "big gin" if result.kind == "big_gin" else "gin"
        bonus = result.points // (2 if result.doubled else 1) - theirs
        lines = (f"{word} +{bonus}", f"{opponent}'s deadwood {theirs}")
    elif result.kind == "knock":
        lines = (
            f"{opponent}'s deadwood {theirs} − {entry.name}'s {laid.points} = "
            f"{theirs - laid.points}",
        )
    else:
        lines = ()
    if result.doubled and result.winner == entry.name:
        lines += ("spade upcard: doubled",)
    points = result.points if result.winner == entry.name else 0
    return Scored(
        entry.name,
        laid.melds,
        laid.deadwood,
        laid.points,
        laid.points,
        (),
        result.kind,
        points,
        lines,
        knocked=True,
    )


def _defender(result: HandResult, entry: Entry, opponent: str) -> Scored:
    assert result.knocker is not None and result.defence is not None
    defence = result.defence
    before = least_deadwood(entry.cards).points
    lines: tuple[str, ...] = ()
    if defence.layoffs:
        lines += ("laid off " + " ".join(card.code() for card, _ in defence.layoffs),)
    if result.kind == "undercut":
        mine = result.knocker.points
        lines += (
            f"{opponent}'s deadwood {mine} − {entry.name}'s {defence.points} = "
            f"{mine - defence.points}",
            f"undercut +{result.points // (2 if result.doubled else 1) - (mine - defence.points)}",
        )
        if result.doubled:
            lines += ("spade upcard: doubled",)
    points = result.points if result.winner == entry.name else 0
    return Scored(
        entry.name,
        defence.melds,
        defence.deadwood,
        deadwood_points(defence.deadwood),
        before,
        defence.layoffs,
        result.kind,
        points,
        lines,
    )
