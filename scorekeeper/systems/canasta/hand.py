"""One Canasta hand or Hand and Foot round scored per side (API.md, "Canasta and Hand and Foot
rounds"). Pure Python.

Each side comes in one of three forms, mixed freely in a round: a ``total`` the table added up
(nothing is added to it); counts (canastas or books, red threes, the points melded and the
points left in hand, typed or counted by card value); or the melds themselves and the cards
left in its players' hands (each meld judged). A side scores the points it melded + its bonuses
− the points left in its hands; :func:`score_round` scores every side at once and refuses, as
``problems``, what cannot have been played (two sides going out, more red threes than the packs
hold, more canastas than the cards allow, a figure not a multiple of 5, an illegal meld);
``warnings`` keep a score as recorded (going out without the canastas or books needed, red
threes turned negative, the points melded too few for the canastas claimed).

API.md's example: Ann & Cy in counts, who went out; Bob & Dee in melds.

>>> from .melds import cards
>>> from .rules import CanastaRules
>>> ann = SideEntry("Ann & Cy", natural_canastas=1, mixed_canastas=1, red_threes=1,
...                 melded_points=380, in_hand_points=25)
>>> bob = SideEntry("Bob & Dee", melds=(cards("KS KH KD KC KS KH JK"), cards("7S 7H 7D")),
...                 red_threes=1, hands=(cards("4S JK"), cards("9H")))
>>> scored = score_round(CanastaRules(), RoundEntry((ann, bob), went_out=WentOut("Ann & Cy")))
>>> [(side.side, side.melded, side.bonus, side.in_hand, side.total) for side in scored.sides]
[('Ann & Cy', 380, 1000, 25, 1355), ('Bob & Dee', 125, 400, 65, 460)]
>>> scored.sides[0].lines
('melded cards +380', '1 natural canasta +500', '1 mixed canasta +300', '1 red three +100', 'went out +100', 'cards in hand −25')
>>> scored.problems, scored.columns
((), {'Ann & Cy': 1355, 'Bob & Dee': 460})
"""  # noqa: E501 (a doctest's output line)

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from ...engine.cards import Card
from .melds import (
    CANASTA_SIZE,
    JudgedMeld,
    Problem,
    card_points,
    is_red_three,
    judge_meld,
)
from .rules import CanastaRules, books_to_go_out, decks_for, going_out_for

Form = Literal["total", "counts", "melds"]
EndedBy = Literal["going_out", "stock_out"]
#: The card values the counts form takes (``melded_cards``, ``in_hand_cards``).
CARD_VALUES = (50, 20, 10, 5)
#: What a red three still held counts under Hand and Foot's ``penalty`` (and ``both``).
RED_THREE_HELD_PENALTY = 500
#: Red threes in a pack; ranks that make canastas (4 up to A); cards of a rank in a pack.
RED_THREES_PER_DECK, MELD_RANKS, RANK_PER_DECK, WILDS_PER_DECK = 2, 11, 4, 6
#: The least points a canasta or book of each kind can hold (seven 5s; six 5s and a two;
#: seven twos).
LEAST_POINTS = {"natural": 35, "mixed": 50, "wild": 140, "sevens": 35}


@dataclass(frozen=True)
class Penalty:
    """Points entered against a side with the reason (never derived)."""

    points: int
    reason: str


@dataclass(frozen=True)
class SideEntry:
    """One side's hand in any form (API.md's field names). ``natural_canastas`` and
    ``mixed_canastas`` are Canasta's; Hand and Foot counts ``clean_books``, ``dirty_books`` and
    the special books. ``red_threes`` are the ones laid out (cutthroat: per player)."""

    side: str
    players: tuple[str, ...] = ()
    total: int | None = None
    natural_canastas: int = 0
    mixed_canastas: int = 0
    wild_canastas: int = 0
    clean_books: int = 0
    dirty_books: int = 0
    sevens_books: int = 0
    wild_books: int = 0
    red_threes: int | Mapping[str, int] = 0
    melded_points: int | None = None
    melded_cards: Mapping[int, int] | None = None
    in_hand_points: int | None = None
    in_hand_cards: Mapping[int, int] | None = None
    red_threes_in_hand: int = 0
    black_threes_in_hand: int = 0
    perfect_draws: int = 0
    melds: Sequence[Sequence[Card]] | None = None
    hands: Sequence[Sequence[Card]] = ()
    penalties: Sequence[Penalty] = ()
    went_out: bool = False

    @property
    def form(self) -> Form:
        return (
            "total" if self.total is not None else "melds" if self.melds is not None else "counts"
        )


@dataclass(frozen=True)
class WentOut:
    """Who went out: the side, the player where known, and whether concealed."""

    side: str
    player: str | None = None
    concealed: bool = False


@dataclass(frozen=True)
class RoundEntry:
    """A hand (Canasta) or round (Hand and Foot): every side, how it ended, who went out;
    cutthroat's ``lone_hand``; Hand and Foot's ``round_number`` (from 1)."""

    sides: tuple[SideEntry, ...]
    ended_by: EndedBy = "going_out"
    went_out: WentOut | None = None
    lone_hand: str | None = None
    round_number: int = 1


@dataclass(frozen=True)
class Bonus:
    """One itemised bonus: its kind (``natural_canasta``, ``red_threes``, ``went_out`` …), how
    many, and the points (negative ones too: red threes turned minus, penalties)."""

    kind: str
    count: int
    points: int


@dataclass(frozen=True)
class SideScore:
    """A side's hand: ``melded`` + ``bonus`` − ``in_hand`` = ``total`` (a side given as a total:
    the three are None), the bonuses itemised, the lines that say it, the judged melds (melds
    form), ``red_three_points`` per player where given so (cutthroat), and what is wrong."""

    side: str
    players: tuple[str, ...]
    form: Form
    melded: int | None
    bonus: int | None
    in_hand: int | None
    total: int
    bonuses: tuple[Bonus, ...] = ()
    lines: tuple[str, ...] = ()
    melds: tuple[JudgedMeld, ...] = ()
    red_three_points: Mapping[str, int] = field(default_factory=dict)
    warnings: tuple[Problem, ...] = ()
    problems: tuple[Problem, ...] = ()


@dataclass(frozen=True)
class RoundScore:
    """Every side scored, the round's warnings and problems (each naming its side), and what
    the round adds to each competitor's column: the sides, or under cutthroat the players."""

    sides: tuple[SideScore, ...]
    warnings: tuple[Problem, ...]
    problems: tuple[Problem, ...]
    columns: dict[str, int]

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass
class _Tally:
    """What a side's counts or melds come to before the bonuses are priced."""

    books: dict[str, int]  # natural/mixed/wild (Canasta), clean/dirty/sevens/wild (H&F)
    melded: int
    in_hand: int
    held_red: int
    laid_red: dict[str, int]  # per player (or the side's name)
    melds: tuple[JudgedMeld, ...] = ()
    warnings: list[Problem] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _signed(points: int) -> str:
    return f"+{points}" if points >= 0 else f"−{-points}"


def _by_value(counted: Mapping[int, int], name: str, side: str, problems: list[Problem]) -> int:
    """Points from counts of cards by value (``{"50": 2, "20": 6}``; JSON keys as text)."""
    total = 0
    for value, count in counted.items():
        number = int(value) if str(value).isdigit() else -1
        if number not in CARD_VALUES or count < 0:
            problems.append(
                Problem(
                    "bad_card_value",
                    f"{name} counts cards worth 50, 20, 10 or 5: not {count} × {value}",
                    side,
                    name,
                )
            )
            continue
        total += number * count
    return total


def _five(value: int | None, name: str, side: str, problems: list[Problem]) -> None:
    if value is not None and value % 5:
        problems.append(
            Problem("not_multiple_of_5", f"{name} {value} is not a multiple of 5", side, name)
        )


def _tally(rules: CanastaRules, entry: SideEntry, going_out: bool) -> _Tally:
    problems: list[Problem] = []
    warnings: list[Problem] = []
    side = entry.side
    laid = (
        dict(entry.red_threes)
        if isinstance(entry.red_threes, Mapping)
        else {side: entry.red_threes}
    )
    counts = {
        "natural_canastas": entry.natural_canastas,
        "mixed_canastas": entry.mixed_canastas,
        "wild_canastas": entry.wild_canastas,
        "clean_books": entry.clean_books,
        "dirty_books": entry.dirty_books,
        "sevens_books": entry.sevens_books,
        "wild_books": entry.wild_books,
        "red_threes_in_hand": entry.red_threes_in_hand,
        "black_threes_in_hand": entry.black_threes_in_hand,
        "perfect_draws": entry.perfect_draws,
        **{f"red_threes[{who}]": count for who, count in laid.items()},
    }
    for name, count in counts.items():
        if count < 0:
            problems.append(Problem("negative_count", f"{name} {count} is below 0", side, name))
    if entry.melds is None:
        if rules.handfoot:
            books = {
                "clean": entry.clean_books,
                "dirty": entry.dirty_books,
                "sevens": entry.sevens_books,
                "wild": entry.wild_books,
            }
        else:
            books = {
                "natural": entry.natural_canastas,
                "mixed": entry.mixed_canastas,
                "wild": entry.wild_canastas,
            }
        _five(entry.melded_points, "melded_points", side, problems)
        _five(entry.in_hand_points, "in_hand_points", side, problems)
        melded = (
            _by_value(entry.melded_cards, "melded_cards", side, problems)
            if entry.melded_cards is not None
            else entry.melded_points or 0
        )
        in_hand = (
            _by_value(entry.in_hand_cards, "in_hand_cards", side, problems)
            if entry.in_hand_cards is not None
            else entry.in_hand_points or 0
        )
        least = sum(LEAST_POINTS[_plain(kind)] * count for kind, count in books.items())
        if melded < least:
            warnings.append(
                Problem(
                    "melded_too_few",
                    f"{melded} melded is too few for the canastas or books claimed (at least "
                    f"{least}); kept as recorded",
                    side,
                    "melded_points",
                )
            )
        black = entry.black_threes_in_hand
        in_hand += black * (rules.black_three_in_hand_points if rules.handfoot else 5)
        return _Tally(
            books, melded, in_hand, entry.red_threes_in_hand, laid, (), warnings, problems
        )
    judged = tuple(judge_meld(rules, meld, going_out) for meld in entry.melds)
    books = dict.fromkeys(
        ("clean", "dirty", "sevens", "wild") if rules.handfoot else ("natural", "mixed", "wild"),
        0,
    )
    for number, meld in enumerate(judged):
        for problem in meld.problems:
            problems.append(
                Problem(
                    problem.code, f"meld {number + 1}: {problem.text}", side, f"melds[{number}]"
                )
            )
        if meld.ok and meld.kind != "meld":
            books[_kind_of(rules, meld)] += 1
    held = [card for hand in entry.hands for card in hand]
    held_red = sum(1 for card in held if is_red_three(card))
    black = sum(1 for card in held if card.rank == "3" and not is_red_three(card))
    in_hand = sum(card_points(card, rules.card_points) for card in held if card.rank != "3")
    in_hand += black * (rules.black_three_in_hand_points if rules.handfoot else 5)
    melded = sum(meld.points for meld in judged)
    return _Tally(books, melded, in_hand, held_red, laid, judged, warnings, problems)


def _plain(kind: str) -> str:
    """A Hand and Foot book's kind as Canasta names it (clean: natural, dirty: mixed)."""
    return {"clean": "natural", "dirty": "mixed"}.get(kind, kind)


def _kind_of(rules: CanastaRules, meld: JudgedMeld) -> str:
    if meld.special is not None:
        return meld.special
    if meld.naturals == 0:
        return "wild"
    if rules.handfoot:
        return "clean" if meld.natural else "dirty"
    return "natural" if meld.natural else "mixed"


_BONUS_WORDS = {
    "natural": "natural canasta",
    "mixed": "mixed canasta",
    "clean": "clean book",
    "dirty": "dirty book",
    "sevens": "sevens book",
}


def score_side(
    rules: CanastaRules,
    entry: SideEntry,
    went_out: WentOut | None = None,
    round_number: int = 1,
) -> SideScore:
    """One side's hand; ``went_out``: this side went out (None: it did not, or a stock out).

    >>> from .rules import CanastaRules
    >>> alone = score_side(CanastaRules(), SideEntry("Bob", red_threes=2, in_hand_points=85))
    >>> alone.total, alone.lines, [w.code for w in alone.warnings]
    (-285, ('2 red threes −200', 'cards in hand −85'), ['red_threes_negative'])
    """
    side = entry.side
    if entry.form == "total":
        assert entry.total is not None
        problems: list[Problem] = []
        _five(entry.total, "total", side, problems)
        return SideScore(
            side,
            entry.players,
            "total",
            None,
            None,
            None,
            entry.total,
            lines=(f"total {_signed(entry.total)} as recorded",),
            problems=tuple(problems),
        )
    tally = _tally(rules, entry, went_out is not None)
    bonuses: list[Bonus] = []
    lines = [f"melded cards +{tally.melded}"] if tally.melded else []

    def add(kind: str, count: int, points: int, line: str) -> None:
        bonuses.append(Bonus(kind, count, points))
        lines.append(f"{line} {_signed(points)}")

    for kind, count in tally.books.items():
        if count:
            price = _book_price(rules, kind)
            words = _BONUS_WORDS.get(kind, "wild book" if rules.handfoot else "wild canasta")
            add(f"{words.replace(' ', '_')}", count, count * price, _plural(count, words))
    made = sum(tally.books.values())
    warnings = list(tally.warnings)
    red_points = _red_threes(rules, tally, made, warnings, side)
    laid = sum(tally.laid_red.values())
    if laid and (not rules.handfoot or rules.red_three_rule != "penalty"):
        add("red_threes", laid, sum(red_points.values()), _plural(laid, "red three"))
    elif laid:
        warnings.append(
            Problem(
                "red_threes_not_scored",
                "red threes laid out score nothing under the penalty rule",
                side,
                "red_threes",
            )
        )
    if went_out is not None:
        concealed = went_out.concealed and not rules.handfoot
        points = rules.concealed_bonus if concealed else going_out_for(rules, round_number)
        add(
            "concealed" if concealed else "went_out",
            1,
            points,
            "went out concealed" if concealed else "went out",
        )
        warnings.extend(_going_out_warnings(rules, tally.books, side, round_number))
    if rules.handfoot and entry.perfect_draws and rules.perfect_draw_bonus:
        count = entry.perfect_draws
        add(
            "perfect_draws", count, count * rules.perfect_draw_bonus, _plural(count, "perfect draw")
        )
    problems = list(tally.problems)
    for number, penalty in enumerate(entry.penalties):
        _five(penalty.points, f"penalties[{number}].points", side, problems)
        if not penalty.reason.strip():
            problems.append(
                Problem(
                    "penalty_without_reason",
                    "a penalty needs its reason",
                    side,
                    f"penalties[{number}].reason",
                )
            )
        add("penalty", 1, penalty.points, f"penalty ({penalty.reason})")
    held_red = tally.held_red
    held_each = (
        RED_THREE_HELD_PENALTY
        if rules.handfoot and rules.red_three_rule != "bonus"
        else rules.red_three_points
    )
    if held_red and not rules.handfoot:
        warnings.append(
            Problem(
                "red_three_held",
                "a red three held: enter its penalty with the reason",
                side,
                "hands",
            )
        )
    in_hand = tally.in_hand + (held_red * held_each if rules.handfoot else 0)
    if in_hand:
        lines.append(f"cards in hand {_signed(-in_hand)}")
    bonus = sum(item.points for item in bonuses)
    return SideScore(
        side,
        entry.players,
        entry.form,
        tally.melded,
        bonus,
        in_hand,
        tally.melded + bonus - in_hand,
        tuple(bonuses),
        tuple(lines),
        tally.melds,
        red_points,
        tuple(warnings),
        tuple(problems),
    )


def _book_price(rules: CanastaRules, kind: str) -> int:
    prices = {
        "natural": rules.natural_canasta_bonus,
        "mixed": rules.mixed_canasta_bonus,
        "clean": rules.clean_book_bonus,
        "dirty": rules.dirty_book_bonus,
        "sevens": rules.sevens_book_bonus,
        "wild": rules.wild_book_bonus if rules.handfoot else rules.wild_canasta_bonus,
    }
    return prices[kind] or 0


def _red_threes(
    rules: CanastaRules, tally: _Tally, made: int, warnings: list[Problem], side: str
) -> dict[str, int]:
    """The laid-out red threes' points per player (or for the side): 100 each, all four 800;
    Canasta's turn minus for a side that melded nothing (or made no canasta)."""
    each = rules.red_three_points
    if rules.handfoot:
        return {who: count * each for who, count in tally.laid_red.items()}
    four = RED_THREES_PER_DECK * 2
    points = {
        who: rules.red_threes_all_four if count == four else count * each
        for who, count in tally.laid_red.items()
    }
    nothing = made == 0 and (rules.red_three_penalty_if == "no_canasta" or tally.melded == 0)
    if nothing and any(points.values()):
        warnings.append(
            Problem(
                "red_threes_negative",
                "red threes count minus: the side melded nothing"
                if rules.red_three_penalty_if == "no_meld"
                else "red threes count minus: the side made no canasta",
                side,
                "red_threes",
            )
        )
        if rules.red_three_penalty == "per_card":
            return {who: -min(count, four) * each for who, count in tally.laid_red.items()}
        return {who: -value for who, value in points.items()}
    return points


def _going_out_warnings(
    rules: CanastaRules, books: Mapping[str, int], side: str, round_number: int
) -> list[Problem]:
    if rules.handfoot:
        clean_needed, dirty_needed = books_to_go_out(rules, round_number)
        clean = books["clean"] + books["sevens"]
        if clean >= clean_needed and sum(books.values()) >= clean_needed + dirty_needed:
            return []
        return [
            Problem(
                "went_out_without_books",
                f"went out with {clean} clean and {sum(books.values()) - clean} dirty books; "
                f"{clean_needed} clean and {dirty_needed} dirty needed (kept as recorded)",
                side,
                "went_out",
            )
        ]
    made = sum(books.values())
    if made >= rules.canastas_to_go_out:
        return []
    return [
        Problem(
            "went_out_without_canastas",
            f"went out with {_plural(made, 'canasta')}; {rules.canastas_to_go_out} needed "
            "(kept as recorded)",
            side,
            "went_out",
        )
    ]


def score_round(rules: CanastaRules, entry: RoundEntry) -> RoundScore:
    """Every side of a hand or round scored, with the round's refusals (:class:`Problem`, each
    naming its side and field) and warnings, and each competitor's column.

    >>> from .rules import CanastaRules
    >>> two = RoundEntry((SideEntry("A", total=100, went_out=True), SideEntry("B", total=98)),
    ...                  went_out=WentOut("B"))
    >>> [problem.code for problem in score_round(CanastaRules(), two).problems]
    ['not_multiple_of_5', 'two_went_out']
    """
    names = [side.side for side in entry.sides]
    goers = list(dict.fromkeys([side.side for side in entry.sides if side.went_out]))
    if entry.went_out is not None and entry.went_out.side not in goers:
        goers.append(entry.went_out.side)
    problems: list[Problem] = []
    if len(set(names)) < len(names):
        problems.append(Problem("side_twice", "a side is entered twice", None, "sides"))
    for name in goers:
        if name not in names:
            problems.append(Problem("unknown_side", f"{name!r} is not a side", name, "went_out"))
    if len(goers) > 1:
        problems.append(
            Problem(
                "two_went_out",
                f"only one side goes out, not {' and '.join(goers)}",
                None,
                "went_out",
            )
        )
    if entry.ended_by == "going_out" and not goers:
        problems.append(
            Problem(
                "no_one_went_out", "a hand ended by going out needs who went out", None, "went_out"
            )
        )
    if entry.ended_by == "stock_out" and goers:
        problems.append(
            Problem(
                "went_out_in_stock_out", "nobody goes out when the stock runs out", None, "went_out"
            )
        )
    goer: str | None = goers[0] if len(goers) == 1 and entry.ended_by == "going_out" else None
    how = entry.went_out
    scored = tuple(
        score_side(
            rules,
            side,
            (how if how is not None and how.side == side.side else WentOut(side.side))
            if side.side == goer
            else None,
            entry.round_number,
        )
        for side in entry.sides
    )
    problems.extend(_pack_problems(rules, entry))
    columns = _columns(rules, entry, scored, problems)
    return RoundScore(
        scored,
        tuple(w for side in scored for w in side.warnings),
        tuple(p for side in scored for p in side.problems) + tuple(problems),
        columns,
    )


def _pack_problems(rules: CanastaRules, entry: RoundEntry) -> list[Problem]:
    """More red threes than the packs hold; more canastas or books than the cards allow."""
    found: list[Problem] = []
    seated = sum(len(side.players) for side in entry.sides)
    all_seated = all(side.players for side in entry.sides)
    decks = decks_for(rules, seated if all_seated and rules.handfoot else None)
    red = 0
    books = {"natural": 0, "mixed": 0, "wild": 0}
    for side in entry.sides:
        if side.form == "total":
            continue
        tally = _tally(rules, side, False)
        red += tally.held_red + sum(tally.laid_red.values())
        for kind, count in tally.books.items():
            books["natural" if kind == "sevens" else _plain(kind)] += count
    if red > RED_THREES_PER_DECK * decks:
        found.append(
            Problem(
                "too_many_red_threes",
                f"{red} red threes: {decks} packs hold {RED_THREES_PER_DECK * decks}",
                None,
                "red_threes",
            )
        )
    naturals_in_mixed = max(CANASTA_SIZE - rules.max_wilds, rules.min_naturals, 4)
    word = "books" if rules.handfoot else "canastas"
    if (
        books["natural"] > MELD_RANKS * (RANK_PER_DECK * decks // CANASTA_SIZE)
        or CANASTA_SIZE * books["natural"] + naturals_in_mixed * books["mixed"]
        > MELD_RANKS * RANK_PER_DECK * decks
        or books["mixed"] + CANASTA_SIZE * books["wild"] > WILDS_PER_DECK * decks
    ):
        found.append(
            Problem(
                f"too_many_{word}",
                f"{sum(books.values())} {word} are more than {decks} packs allow",
                None,
                word,
            )
        )
    return found


def _columns(
    rules: CanastaRules,
    entry: RoundEntry,
    scored: tuple[SideScore, ...],
    problems: list[Problem],
) -> dict[str, int]:
    """What the round adds to each competitor: each side; under cutthroat each player (the
    lone hand its own result, each partner the partnership's without its red threes plus
    their own)."""
    if not rules.cutthroat:
        return {side.side: side.total for side in scored}
    lone = entry.lone_hand
    alone = [side for side in scored if len(side.players) == 1]
    if lone is None or [side.players[0] for side in alone] != [lone]:
        problems.append(
            Problem(
                "no_lone_hand",
                "cutthroat needs the lone hand: one side of one player, the other of two",
                None,
                "lone_hand",
            )
        )
        return {}
    columns: dict[str, int] = {}
    for side in scored:
        # red threes given per player: each partner keeps their own; given for the side, or
        # the lone hand's: the side's total as it is
        mine = side.red_three_points if side.side not in side.red_three_points else {}
        shared = side.total - sum(mine.values())
        for player in side.players:
            columns[player] = shared + mine.get(player, 0)
    return columns
