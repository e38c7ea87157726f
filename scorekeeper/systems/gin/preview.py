"""The Gin hand form's preview (pure Python: no Flask, no store): each player's cards as
tapped, or as scored (melds, deadwood, the defender's layoffs drawn onto the knocker's melds),
the hand's result in words, what is still missing, or why the rules refuse the hand. Read from
the form's fields (:mod:`.fields`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ...engine.cards import Card
from .fields import ReadHand
from .melds import deadwood_points, least_deadwood
from .round import Scored


@dataclass(frozen=True)
class LaidOnto:
    """The knocker's meld with what the defender laid off onto it (codes)."""

    meld: list[str]
    laid: list[str]


@dataclass(frozen=True)
class PlayerPreview:
    """One player as the preview shows them: their melds and deadwood (the best arrangement of
    the cards tapped so far, or as scored), what they laid off, and what they score."""

    seat: int
    name: str
    count: int  # cards given
    melds: list[LaidOnto]  # a knocker's carry the defender's layoffs
    deadwood: list[str]
    deadwood_points: int | None  # None: not known yet (a card twice, too many cards)
    before_layoffs: int | None  # the defender's deadwood before laying off, when it differs
    layoffs: list[LaidOnto]  # a defender's: each knocker's meld and the cards laid onto it
    knocked: bool
    counted: bool  # the figure the table counted, no cards
    points: int | None  # once scored
    lines: list[str]  # how the points are made (the winner's)


@dataclass(frozen=True)
class HandPreview:
    """One hand (two with partnership gin): its players and its result in words."""

    index: int
    players: list[PlayerPreview]
    result: str | None


@dataclass(frozen=True)
class SidePoints:
    side: str
    points: int


@dataclass(frozen=True)
class Preview:
    hands: list[HandPreview]
    result: str | None  # every hand's result, once scored ("Ann knocked with 1: Bob 24: …")
    missing: list[str]  # what is still to give
    problem: str | None  # why the rules refuse the hand, or a field that cannot be read
    sides: list[SidePoints]  # partnership gin: what each side makes of the round

    @property
    def scored(self) -> bool:
        return self.result is not None


def reason(error: Exception) -> str:
    """Why the rules refuse a hand, as the engine words it (to follow "Nothing was saved:").

    >>> reason(ValueError("upcard: Oklahoma needs the first upcard (it sets the knock limit)"))
    'Oklahoma needs the first upcard (it sets the knock limit)'
    """
    return str(error).removeprefix("upcard: ").rstrip(".")


def sentence(error: Exception) -> str:
    """Why the rules refuse a hand, as a sentence: capitalised, with a full stop.

    >>> sentence(ValueError("nobody knocked in Ann and Bob's hand, and it is not dead"))
    "Nobody knocked in Ann and Bob's hand, and it is not dead."
    """
    text = reason(error)
    return text[:1].upper() + text[1:] + "."


def build_preview(
    read: ReadHand,
    names: Sequence[str],
    pairs: Sequence[tuple[str, str]],
    scored: Sequence[Scored] | None,
    problem: str | None,
    headlines: Sequence[str],
    sides: Mapping[str, str | None],
) -> Preview:
    """The preview of the form as read: ``scored`` (in seat order) once the whole hand is in and
    stands, with each hand's ``headlines``; else each player's cards arranged as tapped so far.
    A field that cannot be read is the problem shown first."""
    by_name = {entry.name: entry for entry in scored or ()}
    seat_of = {name: seat for seat, name in enumerate(names)}
    hands = []
    for index, pair in enumerate(pairs):
        players = []
        entries = [by_name.get(name) for name in pair]
        for name, entry in zip(pair, entries, strict=True):
            seat = seat_of[name]
            if entry is None:
                players.append(_as_tapped(read, seat, name, index))
            else:
                other = next(e for e in entries if e is not entry)
                assert other is not None
                players.append(_as_scored(read, seat, entry, other))
        hands.append(HandPreview(index, players, headlines[index] if scored else None))
    if problem is None and read.errors:
        problem = next(iter(read.errors.values()))
    points: dict[str, int] = {}
    if scored:
        for entry in scored:
            side = sides.get(entry.name)
            if side:
                points[side] = points.get(side, 0) + entry.points
    return Preview(
        hands,
        "; ".join(headlines) if scored else None,
        [] if read.errors else list(read.missing),
        problem,
        [SidePoints(side, total) for side, total in points.items()],
    )


def _as_tapped(read: ReadHand, seat: int, name: str, hand: int) -> PlayerPreview:
    """A player before the hand is scored: their best arrangement so far."""
    knocked = read.knockers[hand] == seat
    if read.mode == "counted":
        figure = read.counted[seat]
        return PlayerPreview(seat, name, 0, [], [], figure, None, [], knocked, True, None, [])
    codes = read.cards[seat]
    melds: list[LaidOnto] = []
    deadwood: list[str] = []
    points: int | None = None
    if 0 < len(codes) <= 11 and len(set(codes)) == len(codes):
        best = least_deadwood([Card.from_code(code) for code in codes]).arrangements[0]
        melds = [LaidOnto([card.code() for card in meld], []) for meld in best.melds]
        deadwood = [card.code() for card in best.deadwood]
        points = deadwood_points(best.deadwood)
    elif not codes:
        points = 0
    return PlayerPreview(
        seat, name, len(codes), melds, deadwood, points, None, [], knocked, False, None, []
    )


def _as_scored(read: ReadHand, seat: int, entry: Scored, other: Scored) -> PlayerPreview:
    """A player as the hand scored them: a knocker's melds carry what the defender laid off."""
    knocker_melds = other.melds if entry.layoffs else ()
    onto: dict[int, list[str]] = {}
    for card, meld in entry.layoffs:
        onto.setdefault(meld, []).append(card.code())
    laid_on_mine: dict[int, list[str]] = {}
    for card, meld in other.layoffs:
        laid_on_mine.setdefault(meld, []).append(card.code())
    melds = [
        LaidOnto([card.code() for card in meld], laid_on_mine.get(place, []))
        for place, meld in enumerate(entry.melds)
    ]
    layoffs = [
        LaidOnto([card.code() for card in knocker_melds[place]], laid)
        for place, laid in sorted(onto.items())
    ]
    before = entry.deadwood_before_layoffs
    # the layoff line says what laying off did: its cards are drawn apart
    lines = [line for line in entry.lines if not line.startswith("laid off ")]
    return PlayerPreview(
        seat,
        entry.name,
        len(read.cards[seat]),
        melds,
        [card.code() for card in entry.deadwood],
        entry.deadwood_points,
        before if before != entry.deadwood_points else None,
        layoffs,
        entry.knocked,
        read.mode == "counted",
        entry.points,
        lines if entry.points else [],
    )
