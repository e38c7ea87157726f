"""The Indian Rummy deal form's preview (pure Python: no Flask, no store): each player as the
form gives them, or as the deal scored them: the melds with their "pure" marks, the cards that
count, the declarer's verdict with its reason, what each pays; the deal's result in words, what
is still missing, or why the rules refuse the deal. Read from the form's fields (:mod:`.fields`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ...engine.cards import Card
from .deal import DealResult, Scored
from .fields import ROLE_WORDS, ReadDeal, Seating
from .melds import Meld
from .rules import HAND_SIZE, IndianRules
from .show import check_show, loser_count


@dataclass(frozen=True)
class MeldView:
    """A meld as the preview draws it: each card with what a wild stands in for (None: the card
    stands as itself), its kind (``sequence`` or ``set``) and whether it is pure."""

    cards: list[tuple[str, str | None]]
    kind: str
    pure: bool

    @property
    def mark(self) -> str:
        """The meld's mark: ``pure`` (a pure sequence), ``impure`` (a sequence), ``set``."""
        return "set" if self.kind == "set" else "pure" if self.pure else "impure"


@dataclass(frozen=True)
class PlayerView:
    """One player as the preview shows them."""

    seat: int
    name: str
    role: str  # a role of :data:`.fields.ROLES`, or "out"
    count: int  # cards given
    melds: list[MeldView]
    unmatched: list[str]  # the cards left out of the melds (a loser's: those that count)
    points: int | None  # what they pay (None: not known yet)
    valid: bool | None  # the declarer's (and a judged wrong show's) verdict, once all given
    reasons: list[str]  # why the show is not valid
    lines: list[str]  # how the points are made
    counted: bool  # the points the table counted, no cards
    out_score: int | None  # a pool player out: their score
    rejoin_at: int | None  # the score a rejoin comes in at, while the offer is open
    rejoins: bool

    @property
    def role_words(self) -> str:
        return ROLE_WORDS[self.role]


@dataclass(frozen=True)
class Preview:
    players: list[PlayerView]
    result: str | None  # once scored: "Ann wins the deal: Bob pays 45, Cy 20 (first drop)"
    after: str | None  # the game after the deal (a pool's scores, the chips)
    missing: list[str]  # what is still to give
    problem: str | None  # why the rules refuse the deal, or a field that cannot be read
    wild_rank: str | None
    verdict: PlayerView | None = None  # the declarer, once their show is judged

    @property
    def scored(self) -> bool:
        return self.result is not None


_API_FIELD = re.compile(r" \((?:cards|counted|melds|rejoin|drop|declared|decks|wild_rank)\)$")


def reason(error: Exception) -> str:
    """Why the rules refuse a deal, as the engine words it, without the API's field names (to
    follow "Nothing was saved:").

    >>> reason(ValueError("Bob has 12 cards: a hand is 13 (cards)."))
    'Bob has 12 cards: a hand is 13'
    >>> reason(ValueError("wild_rank: the cut joker's rank is needed to judge the cards"))
    "the cut joker's rank is needed to judge the cards"
    """
    text = str(error).rstrip(".")
    text = _API_FIELD.sub("", text).removeprefix("wild_rank: ")
    return text.replace(" as wrong_show beside the later declarer (declared)", " as a wrong show")


def sentence(error: Exception | str) -> str:
    """A reason as a sentence: capitalised, with a full stop.

    >>> sentence(ValueError("nobody declared: mark the player who showed with declared"))
    'Nobody declared: mark the player who showed with declared.'
    """
    text = reason(error) if isinstance(error, Exception) else error.rstrip(".")
    return text[:1].upper() + text[1:] + "."


def meld_view(meld: Meld) -> MeldView:
    cards = [
        (card.code(), None if card is stood else stood.code())
        for card, stood in zip(meld.cards, meld.stands_for, strict=True)
    ]
    return MeldView(cards, meld.kind, meld.pure)


def invalid_show(read: ReadDeal, seating: Seating) -> str | None:
    """Why the declarer's 13 cards make no show (a refusal while ``wrong_show_ends`` is off: the
    hand goes on), or None."""
    for seat in read.declarers:
        if read.used[seat] and len(read.cards[seat]) == HAND_SIZE:
            show = check_show([Card.from_code(c) for c in read.cards[seat]], read.wild_rank)
            if not show.valid:
                name = seating.names[seat]
                return (
                    f"{name}'s show is not valid: {'; '.join(show.reasons)}. The hand goes on: "
                    f"mark {name} as a wrong show, and who showed after"
                )
    return None


def build_preview(
    read: ReadDeal,
    seating: Seating,
    rules: IndianRules,
    scored: DealResult | None,
    problem: str | None,
    after: str | None,
) -> Preview:
    """The preview of the form as read: ``scored`` once the deal is all in and stands (with the
    game ``after`` it); else each player as given so far. A field that cannot be read is the
    problem shown first."""
    by_name = {player.name: player for player in scored.players} if scored else {}
    players = []
    for seat, name in enumerate(seating.names):
        entry = by_name.get(name)
        if entry is not None:
            players.append(_as_scored(read, seat, entry))
        else:
            players.append(_as_given(read, seating, rules, seat))
    if problem is None and read.errors:
        problem = next(iter(read.errors.values()))
    declarer = next((p for p in players if p.role == "showed" and p.valid is not None), None)
    return Preview(
        players,
        result_words(scored) if scored else None,
        after if scored else None,
        [] if read.errors else list(read.missing),
        problem,
        read.wild_rank,
        declarer,
    )


def result_words(result: DealResult) -> str:
    """The deal's result in one line.

    >>> from .deal import DealResult
    >>> from .rules import Packs
    >>> players = (Scored("Ann", "winner", 0, (), (), ()), Scored("Bob", "loser", 45, (), (), ()),
    ...            Scored("Cy", "drop", 20, (), (), ("drop (first) 20",)))
    >>> result_words(DealResult(players, "Ann", "7", Packs(2, 2)))
    'Ann wins the deal: Bob pays 45, Cy 20 (first drop)'
    """
    paying: list[str] = []
    for player in result.players:
        if player.name == result.winner or player.role == "ended":
            continue
        what = " (wrong show)" if player.role == "wrong_show" else ""
        if player.role == "drop":
            what = " (first drop)" if "(first)" in " ".join(player.lines) else " (middle drop)"
        pays = "pays " if not paying else ""
        paying.append(f"{player.name} {pays}{player.points}{what}")
    if result.winner is None:
        return f"A wrong show ended the deal: {', '.join(paying)}; nobody wins it"
    return f"{result.winner} wins the deal: {', '.join(paying)}"


def _as_scored(read: ReadDeal, seat: int, player: Scored) -> PlayerView:
    role = "won" if player.role == "winner" and read.roles[seat] == "lost" else read.roles[seat]
    return PlayerView(
        seat,
        player.name,
        role,
        len(read.cards[seat]) if read.used[seat] else 0,
        [meld_view(meld) for meld in player.melds],
        # a loser's cards that count are in their line ("unmatched … = 45")
        [card.code() for card in player.unmatched] if player.role != "loser" else [],
        player.points,
        player.valid_show if player.role in ("winner", "wrong_show") else None,
        list(player.reasons),
        [*player.lines, *player.warnings],
        read.counted[seat] is not None,
        None,
        None,
        seat in read.rejoins,
    )


def _as_given(read: ReadDeal, seating: Seating, rules: IndianRules, seat: int) -> PlayerView:
    """A player before the deal is scored: their cards arranged as given so far."""
    role = read.roles[seat]
    name = seating.names[seat]
    codes = read.cards[seat]
    melds: list[MeldView] = []
    unmatched: list[str] = []
    points: int | None = None
    valid: bool | None = None
    reasons: list[str] = []
    lines: list[str] = []
    judged = rules.cut_joker is False or read.wild_rank is not None
    hand = [Card.from_code(code) for code in codes]
    if role in ("first", "middle"):
        points = rules.first_drop if role == "first" else rules.middle_drop
        lines.append(f"{ROLE_WORDS[role]} {points}")
    elif read.counted[seat] is not None:
        points = min(read.counted[seat] or 0, rules.max_points)
    elif role == "out" or not codes or not judged or len(codes) > HAND_SIZE:
        pass
    elif role == "lost" and len(codes) == HAND_SIZE:
        count = loser_count(hand, read.wild_rank, rules.max_points)
        melds = [meld_view(meld) for meld in count.melds]
        unmatched = [card.code() for card in count.unmatched] if not count.counted_all else []
        points = count.points
        if count.counted_all:
            lines.append(f"{count.reason}: every card counts {count.uncapped}")
    else:
        show = check_show(hand, read.wild_rank)
        melds = [meld_view(meld) for meld in show.melds]
        unmatched = [card.code() for card in show.unmatched]
        if len(codes) == HAND_SIZE and role in ("showed", "wrong_show"):
            valid, reasons = show.valid, list(show.reasons)
    if role == "wrong_show":
        points = rules.wrong_show
    return PlayerView(
        seat,
        name,
        role,
        len(codes),
        melds,
        unmatched,
        points,
        valid,
        reasons,
        lines,
        read.counted[seat] is not None,
        seating.out.get(seat),
        seating.rejoin_at.get(seat),
        seat in read.rejoins,
    )


def after_words(
    rules: IndianRules, names: Sequence[str], totals: Mapping[str, int], out: Mapping[str, bool]
) -> str | None:
    """The game after the deal, in one line: a pool's scores (who is out), the chips.

    >>> from .rules import IndianRules
    >>> after_words(IndianRules(indian_variant="pool"), ["Ann", "Cy"], {"Ann": 20, "Cy": 104},
    ...             {"Ann": False, "Cy": True})
    'Pool after it: Ann 20 · Cy 104 (out)'
    """
    if rules.indian_variant == "points":
        return None
    shown = [
        f"{name} {totals[name]}{' (out)' if out.get(name) else ''}"
        for name in names
        if name in totals
    ]
    word = "Pool" if rules.indian_variant == "pool" else "Chips"
    return f"{word} after it: {' · '.join(shown)}"
