"""One hand of Gin Rummy scored from the cards (RULES.md, "Gin Rummy"). Pure Python.

The knocker lays down the arrangement with the least deadwood; of several, the one that leaves
the defender the most deadwood after layoffs. The defender arranges their own melds and lays
off onto the knocker's (never onto a gin hand), leaving the least. Then:

* gin (no deadwood): ``gin_bonus`` plus the defender's deadwood, nothing laid off; big gin (all
  eleven melded, ``big_gin`` on): ``big_gin_bonus`` plus it;
* a knock under the defender's deadwood: the knocker scores the difference;
* the defender at or under the knocker: undercut, the defender scores the difference plus
  ``undercut_bonus``;
* Oklahoma: the upcard's points are the knock limit (an ace: gin only), a spade upcard doubles
  the hand; a dead hand (no knock when the stock ran low) scores nothing.

>>> from .melds import cards
>>> result = score_hand(HandRules(), Player("Ann", cards("5S 6S 7S 9H 9D 9C 2C 3C 4C AD")),
...                     Player("Bob", cards("8S 9S KH KD KC 2H 3H 4D 5D QC")))
>>> result.kind, result.winner, result.points, result.line
('knock', 'Ann', 23, 'Ann knocked with 1: Bob 24 after laying off 8S 9S: Ann +23')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ...engine.cards import Card, CardError
from .melds import (
    Arrangement,
    Meld,
    candidate_melds,
    deadwood_points,
    format_meld,
    least_deadwood,
    meld_problems,
    points,
)

HandKind = Literal["gin", "big_gin", "knock", "undercut", "dead"]


class GinError(ValueError):
    """A hand that cannot have been played so (named in the message)."""


@dataclass(frozen=True)
class HandRules:
    """What scoring one hand needs of the game's options (RULES.md's names and defaults)."""

    knock_limit: int = 10
    undercut_bonus: int = 25
    gin_bonus: int = 25
    big_gin: bool = True
    big_gin_bonus: int = 31
    oklahoma: bool = False


@dataclass(frozen=True)
class Player:
    """A player's final cards: ten, or eleven for big gin; and the melds as laid on the table,
    where the scorer gives them (``laid``: taken as they are, never arranged again)."""

    name: str
    cards: tuple[Card, ...]
    laid: tuple[Meld, ...] | None = None

    def __init__(
        self, name: str, cards: Sequence[Card], laid: Sequence[Sequence[Card]] | None = None
    ) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "cards", tuple(cards))
        object.__setattr__(self, "laid", None if laid is None else tuple(map(tuple, laid)))

    def as_laid(self) -> Arrangement | None:
        """The arrangement of the melds as laid (None: none given); a GinError names a meld
        that is not one, or a card it does not hold or lays twice."""
        if self.laid is None:
            return None
        used: set[Card] = set()
        for meld in self.laid:
            problems = meld_problems(meld)
            if problems:
                raise GinError(f"{self.name}'s meld {format_meld(meld)}: {problems[0]}")
            for card in meld:
                if card not in self.cards:
                    raise GinError(f"{self.name} lays {card.code()}, which is not in their cards")
                if card in used:
                    raise GinError(f"{self.name} lays {card.code()} in two melds")
                used.add(card)
        return Arrangement(self.laid, tuple(card for card in self.cards if card not in used))

    def unlike_best(self, laid: Arrangement) -> tuple[str, ...]:
        """A warning when the melds as laid leave more deadwood than the best arrangement."""
        best = least_deadwood(self.cards).points
        if laid.points <= best:
            return ()
        return (
            f"{self.name}'s melds as laid leave {laid.points} deadwood; the best arrangement "
            f"leaves {best}",
        )


@dataclass(frozen=True)
class Defence:
    """The defender's hand after the knock: their melds, what they laid off onto which of the
    knocker's melds (by its place in ``knocker.melds``), and the deadwood left."""

    melds: tuple[Meld, ...]
    layoffs: tuple[tuple[Card, int], ...]
    deadwood: tuple[Card, ...]

    @property
    def points(self) -> int:
        return deadwood_points(self.deadwood)


@dataclass(frozen=True)
class HandResult:
    kind: HandKind
    winner: str | None
    points: int  # what the winner scores (0 for a dead hand)
    knocker: Arrangement | None
    defence: Defence | None
    doubled: bool  # Oklahoma's spade upcard
    line: str
    #: melds as laid that leave more deadwood than the best arrangement would
    warnings: tuple[str, ...] = ()


def layoffs(melds: Sequence[Meld], hand: Sequence[Card]) -> tuple[tuple[Card, int], ...]:
    """Every card of ``hand`` that can be laid off onto ``melds``, with the meld it goes on: a
    run takes the cards that continue it at either end, one after another (9 then 10 onto
    6-7-8); a set of three takes the fourth of its rank. A card that fits a run goes there (it
    may let another follow it).

    >>> from .melds import cards
    >>> [(c.code(), m) for c, m in layoffs([tuple(cards("6S 7S 8S")), tuple(cards("KH KD KC"))],
    ...                                    cards("9S 10S 5S KS QS 4H"))]
    [('5S', 0), ('9S', 0), ('10S', 0), ('KS', 1)]
    """
    held = {(card.suit, card.number): card for card in hand}
    laid: dict[Card, int] = {}
    for place, meld in enumerate(melds):
        if len({card.number for card in meld}) > 1:  # a run: follow it down, then up
            suit = meld[0].suit
            low, high = min(c.number for c in meld), max(c.number for c in meld)
            for step, start in ((-1, low - 1), (1, high + 1)):
                number = start
                while (suit, number) in held and held[suit, number] not in laid:
                    laid[held[suit, number]] = place
                    number += step
    for place, meld in enumerate(melds):
        if len(meld) == 3 and len({card.number for card in meld}) == 1:
            suits = {card.suit for card in meld}
            fourth = next(
                (c for c in hand if c.number == meld[0].number and c.suit not in suits), None
            )
            if fourth is not None and fourth not in laid:
                laid[fourth] = place
    return tuple(sorted(laid.items(), key=lambda item: (item[1], item[0].number)))


def defend(knocker_melds: Sequence[Meld], hand: Sequence[Card]) -> Defence:
    """The defender's arrangement that leaves the least deadwood once they have laid off onto
    the knocker's melds: every way of melding their own cards is tried (a meld of their own may
    keep a card from a layoff, or a layoff free a card from a meld)."""
    options = candidate_melds(hand)
    best: Defence | None = None

    def tried(chosen: tuple[Meld, ...], used: frozenset[Card], start: int) -> None:
        nonlocal best
        left = [card for card in hand if card not in used]
        laid = layoffs(knocker_melds, left)
        gone = {card for card, _ in laid}
        defence = Defence(chosen, laid, tuple(card for card in left if card not in gone))
        if best is None or defence.points < best.points:
            best = defence
        for position in range(start, len(options)):
            meld = options[position]
            if used.isdisjoint(meld):
                tried((*chosen, meld), used | frozenset(meld), position + 1)

    tried((), frozenset(), 0)
    assert best is not None
    return best


def knock_limit(rules: HandRules, upcard: Card | None) -> int:
    """The most deadwood a knock may keep: the rules', or under Oklahoma the upcard's points
    (an ace: gin only, 0)."""
    if not rules.oklahoma:
        return rules.knock_limit
    if upcard is None:
        raise GinError("upcard: Oklahoma needs the first upcard (it sets the knock limit)")
    return 0 if upcard.number == 1 else points(upcard)


def score_hand(
    rules: HandRules,
    knocker: Player,
    defender: Player,
    *,
    upcard: Card | None = None,
    dead: bool = False,
) -> HandResult:
    """The hand's result; a GinError for a hand that cannot have been played so."""
    _check_cards(rules, knocker, defender, upcard)
    doubled = rules.oklahoma and upcard is not None and upcard.suit == "S"
    if dead:
        return HandResult("dead", None, 0, None, None, doubled, "Dead hand: nobody scores")
    limit = knock_limit(rules, upcard)
    as_laid, own = knocker.as_laid(), defender.as_laid()
    warnings = knocker.unlike_best(as_laid) if as_laid else ()
    shown_ways = (as_laid,) if as_laid else least_deadwood(knocker.cards).arrangements
    mine = shown_ways[0].points
    if len(knocker.cards) == 11 and mine > 0:
        raise GinError(
            f"{knocker.name} has eleven cards: only big gin (all eleven melded) keeps eleven"
        )
    if mine > limit:
        raise GinError(
            f"{knocker.name} cannot knock with {mine}: the limit is {limit}"
            + (" (gin only)" if limit == 0 else "")
        )
    factor = 2 if doubled else 1
    if mine == 0:
        kind: HandKind = "big_gin" if len(knocker.cards) == 11 else "gin"
        bonus = rules.big_gin_bonus if kind == "big_gin" else rules.gin_bonus
        theirs = own or least_deadwood(defender.cards).arrangements[0]
        defence = Defence(theirs.melds, (), theirs.deadwood)
        score = (bonus + defence.points) * factor
        word = "Big gin" if kind == "big_gin" else "Gin"
        line = f"{word}: {knocker.name} +{bonus} + {defender.name}'s {defence.points} = +{score}"
        return HandResult(
            kind,
            knocker.name,
            score,
            shown_ways[0],
            defence,
            doubled,
            _noted(line, doubled),
            warnings + (defender.unlike_best(own) if own else ()),
        )
    # the knocker lays down what leaves the defender the most after layoffs
    laid_down, defence = max(
        ((shown, _defence(shown.melds, defender, own)) for shown in shown_ways),
        key=lambda pair: pair[1].points,
    )
    if (
        own is not None
        and defence.points > (best := defend(laid_down.melds, defender.cards)).points
    ):
        warnings += (
            f"{defender.name}'s melds as laid leave {defence.points} deadwood after laying off; "
            f"the best arrangement leaves {best.points}",
        )
    theirs_points = defence.points
    laid_text = (
        f" after laying off {' '.join(card.code() for card, _ in defence.layoffs)}"
        if defence.layoffs
        else ""
    )
    if mine < theirs_points:
        score = (theirs_points - mine) * factor
        line = (
            f"{knocker.name} knocked with {mine}: {defender.name} {theirs_points}{laid_text}: "
            f"{knocker.name} +{score}"
        )
        return HandResult(
            "knock",
            knocker.name,
            score,
            laid_down,
            defence,
            doubled,
            _noted(line, doubled),
            warnings,
        )
    score = (mine - theirs_points + rules.undercut_bonus) * factor
    line = (
        f"Undercut: {defender.name} {theirs_points}{laid_text} against {knocker.name}'s "
        f"{mine}: {defender.name} +{score}"
    )
    return HandResult(
        "undercut",
        defender.name,
        score,
        laid_down,
        defence,
        doubled,
        _noted(line, doubled),
        warnings,
    )


def _defence(knocker_melds: Sequence[Meld], defender: Player, own: Arrangement | None) -> Defence:
    """The defender's best defence; with their melds as laid, those melds kept and the rest
    laid off where it fits."""
    if own is None:
        return defend(knocker_melds, defender.cards)
    laid = layoffs(knocker_melds, own.deadwood)
    gone = {card for card, _ in laid}
    return Defence(own.melds, laid, tuple(card for card in own.deadwood if card not in gone))


def score_counted(
    rules: HandRules,
    knocker: str,
    knocked_with: int,
    defender: str,
    defender_left: int,
    *,
    big_gin: bool = False,
    upcard: Card | None = None,
) -> HandResult:
    """A hand from the figures a table counted itself: the knocker's deadwood and the
    defender's after laying off (a knock with 0 is gin; ``big_gin``, all eleven melded). The
    same results as :func:`score_hand`, without the melds; a GinError for figures no hand
    can have.

    >>> score_counted(HandRules(), "Ann", 8, "Bob", 6).line
    "Undercut: Bob 6 against Ann's 8: Bob +27"
    >>> score_counted(HandRules(), "Ann", 0, "Bob", 14).points
    39
    """
    if knocker == defender:
        raise GinError("the knocker and the defender are one player")
    limit = knock_limit(rules, upcard)
    if upcard is not None and not rules.oklahoma:
        raise GinError("upcard: only Oklahoma gin takes the upcard")
    if not 0 <= knocked_with <= limit:
        raise GinError(
            f"{knocker} cannot knock with {knocked_with}: the limit is {limit}"
            + (" (gin only)" if limit == 0 else "")
        )
    most = 98  # ten cards, none melded: four kings, four queens and two jacks
    if not 0 <= defender_left <= most:
        raise GinError(f"{defender}'s deadwood is 0 to {most}, not {defender_left}")
    if big_gin and (knocked_with or not rules.big_gin):
        raise GinError(
            "big gin is all eleven cards melded: no deadwood"
            if rules.big_gin
            else "these rules play without big gin"
        )
    doubled = rules.oklahoma and upcard is not None and upcard.suit == "S"
    factor = 2 if doubled else 1
    if knocked_with == 0:
        kind: HandKind = "big_gin" if big_gin else "gin"
        bonus = rules.big_gin_bonus if big_gin else rules.gin_bonus
        score = (bonus + defender_left) * factor
        word = "Big gin" if big_gin else "Gin"
        line = f"{word}: {knocker} +{bonus} + {defender}'s {defender_left} = +{score}"
        return HandResult(kind, knocker, score, None, None, doubled, _noted(line, doubled))
    if knocked_with < defender_left:
        score = (defender_left - knocked_with) * factor
        line = (
            f"{knocker} knocked with {knocked_with}: {defender} {defender_left}: {knocker} +{score}"
        )
        return HandResult("knock", knocker, score, None, None, doubled, _noted(line, doubled))
    score = (knocked_with - defender_left + rules.undercut_bonus) * factor
    line = (
        f"Undercut: {defender} {defender_left} against {knocker}'s {knocked_with}: "
        f"{defender} +{score}"
    )
    return HandResult("undercut", defender, score, None, None, doubled, _noted(line, doubled))


def _noted(line: str, doubled: bool) -> str:
    return line + (" (spade upcard: doubled)" if doubled else "")


def _check_cards(rules: HandRules, knocker: Player, defender: Player, upcard: Card | None) -> None:
    if knocker.name == defender.name:
        raise GinError("the knocker and the defender are one player")
    sizes = (10, 11) if rules.big_gin else (10,)
    if len(knocker.cards) not in sizes:
        raise GinError(
            f"{knocker.name} has {len(knocker.cards)} cards: a knock shows "
            + ("ten (eleven for big gin)" if rules.big_gin else "ten")
        )
    if len(defender.cards) != 10:
        raise GinError(f"{defender.name} has {len(defender.cards)} cards: the defender shows ten")
    seen: set[Card] = set()
    for card in (*knocker.cards, *defender.cards):
        if card.is_joker:
            raise CardError("Gin Rummy plays without jokers")
        if card in seen:
            raise GinError(f"{card.code()} is given twice: Gin plays with one pack")
        seen.add(card)
    if upcard is not None and not rules.oklahoma:
        raise GinError("upcard: only Oklahoma gin takes the upcard")
