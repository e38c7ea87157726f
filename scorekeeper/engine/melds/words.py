"""The referee's words: every reason and note a verdict gives, as the scorer reads it.

The analysis (:mod:`.analysis`, :mod:`.sets`, :mod:`.runs`) and the verdicts (:mod:`.verdicts`,
:mod:`.standing`) decide what is wrong with a meld; this module only says it, so that the
sentences, their grammar and the option each one names are kept together. A sentence names the
option of RULES.md it hangs on, in brackets, where there is one.

>>> from ..cards import parse_cards
>>> gap(parse_cards(["5S", "9S"]), 1)
'Not a run: 5S 9S need 3 more cards between them and there is only 1 wild card to fill them.'
>>> not_wild(parse_cards(["7H"]))
'7H is not wild here: a natural card stands for itself.'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import RANKS, Card, format_cards, rank_name
from ..points import Context

# --- notes on a legal meld -----------------------------------------------------------------

JOKER_SET = "A set of jokers."
WILD_SET = "A set of wild cards."


def notes(
    cards: Sequence[Card], as_cards: Sequence[Card], wild: Sequence[bool], ambiguous: bool
) -> tuple[str, ...]:
    """What the wilds (and the cards read as another) stand for; that other readings fit too,
    where they do."""
    stands = [
        f"{card} as {as_card}"
        for card, as_card, is_wild in zip(cards, as_cards, wild, strict=True)
        if card != as_card or is_wild
    ]
    said = [f"{', '.join(stands)}." if stands else ""]
    if ambiguous and stands:
        said.append("Other readings fit too; this is the one that scores most.")
    return tuple(note for note in said if note)


def laid_beside(cards: Sequence[Card], how: str) -> str:
    """The note on real cards laid beside the wilds that stand for them."""
    return (
        f"{format_cards(cards)} laid beside the wild card that stands for it "
        f"(real_card_for_wild: {how})."
    )


# --- the meld as a whole -------------------------------------------------------------------

JOKERS_NOT_WILD = "Jokers are not wild here: they meld only in a set of jokers."
WILDS_ONLY = "A set of wild cards takes only wild cards."
RUNS_NOT_ALLOWED = "Runs are not allowed under these rules, only sets (meld_kinds)."
SETS_NOT_ALLOWED = "Sets are not allowed under these rules, only runs (meld_kinds)."
NOT_ONE_SUIT = "Not a run: the cards are not all of one suit."
NO_NATURAL = (
    "A meld needs at least one natural card; wild cards alone make a meld "
    "only where these rules allow it (wild_sets)."
)


def _are(cards: Sequence[Card]) -> str:
    return "is" if len(cards) == 1 else "are"


def not_wild(cards: Sequence[Card]) -> str:
    """Natural cards given a reading other than themselves."""
    return f"{format_cards(cards)} {_are(cards)} not wild here: a natural card stands for itself."


def not_in_pack(cards: Sequence[Card]) -> str:
    """Cards of ranks these rules take out of the pack (named by the first one's rank)."""
    return (
        f"{format_cards(cards)} {_are(cards)} not in "
        f"the pack: these rules take out the {rank_name(cards[0].rank, True)} "
        "(omit_ranks)."
    )


def too_few_cards(fewest: int, n: int) -> str:
    return f"A meld needs at least {fewest} cards; this has {n}."


def says_too_few(reason: str) -> bool:
    """Whether ``reason`` is one of the "needs at least" sentences (a meld's, a set's, a
    run's): said once for the meld, not again for each kind tried."""
    return "needs at least" in reason


def too_many_cards(most: int, n: int) -> str:
    return f"A meld here holds at most {most} cards; this would hold {n}."


def different_ranks(ranks: Iterable[str]) -> str:
    listed = " ".join(sorted(ranks, key=RANKS.index))
    return f"Not a set: the cards are of different ranks ({listed})."


def joker_set_too_small(least: int, n: int) -> str:
    return f"A set of jokers needs at least {least}; this has {n}."


# --- sets ----------------------------------------------------------------------------------


def set_duplicates(codes: Sequence[str]) -> str:
    return (
        f"{' '.join(codes)} twice: identical cards may share a set only "
        "where these rules allow it (set_duplicates_allowed)."
    )


def set_too_big(most: int, n: int) -> str:
    return f"A set here holds at most {most} cards; this has {n}."


def set_too_small(least: int, n: int) -> str:
    return f"A set needs at least {least} cards; this has {n}."


# --- runs ----------------------------------------------------------------------------------

ACE_LOW_ONLY = "An ace is low only under these rules (Q-K-A is not a run here) (ace_position)."


def run_too_short(least: int, n: int) -> str:
    return f"A run needs at least {least} cards; this has {n}."


def run_repeats(rank: str) -> str:
    return f"A run cannot hold two {rank_name(rank, True)}."


def run_too_long(most: int, n: int) -> str:
    return f"A run can hold at most {most} cards; this has {n}."


def around_the_corner(slots: Sequence[str]) -> str:
    """A window of ranks (``slots``, low to high) that goes from the king through the ace."""
    low, high = (slots.index("A") - 1, slots.index("A") + 1)
    around = f"{slots[max(low, 0)]}-A-{slots[min(high, len(slots) - 1)]}"
    return f"{around} goes around the corner, which these rules do not allow (around_the_corner)."


def ace_high_only(by_option: bool) -> str:
    """An ace low where aces are high only: by ``ace_position`` (``by_option``), or because the
    low ranks are out of the pack."""
    return "An ace is high only under these rules (A-2-3 is not a run here)" + (
        " (ace_position)." if by_option else ": the low cards are out of the pack (omit_ranks)."
    )


def gap(natural: list[Card], wilds: int) -> str:
    """Natural cards of one suit too far apart for the wilds there are to fill between them."""
    numbers = sorted(card.number for card in natural)
    highs = sorted(14 if n == 1 else n for n in numbers)
    span = min(numbers[-1] - numbers[0], highs[-1] - highs[0]) + 1 if numbers else 0
    needed = span - len(numbers)
    have = {0: "no wild card", 1: "only 1 wild card"}.get(wilds, f"only {wilds} wild cards")
    return (
        f"Not a run: {format_cards(natural)} need {needed} more "
        f"card{'s' if needed != 1 else ''} between them and there is {have} to fill "
        f"{'them' if needed != 1 else 'it'}."
    )


# --- the wild limit ------------------------------------------------------------------------


def wild_limit(ctx: Context, wilds: int, naturals: int) -> str:
    """A meld of ``wilds`` cards counted as wild and ``naturals`` counted as natural that
    breaks ``wild_limit``."""
    limit = ctx.rules.wild_limit
    n = wilds + naturals
    itself = (
        " (a wild in its own place counts as wild here: wild_as_itself)"
        if ctx.rules.wild_as_itself == "wild"
        else ""
    )
    if limit == "one":
        return f"This meld holds {wilds} wild cards; these rules allow one (wild_limit){itself}."
    if limit == "one_per_three":
        return (
            f"This meld holds {wilds} wild cards; a meld of {n} may hold {n // 3} "
            f"(wild_limit: one per three cards){itself}."
        )
    return (
        f"This meld holds {wilds} wild and {naturals} natural cards; these rules need "
        f"more natural cards than wilds (wild_limit){itself}."
    )


# --- laying off ----------------------------------------------------------------------------


def not_laid_off(cards: Sequence[Card], onto: Sequence[Card]) -> str:
    return f"{format_cards(cards)} cannot be laid off onto {format_cards(onto)}."


def not_laid_off_onto_size(cards: Sequence[Card], size: int) -> str:
    """Cards that cannot be laid off onto a meld of ``size`` cards, told without reading it."""
    return f"{format_cards(cards)} cannot be laid off onto a meld of {size} cards."


def onto_wild_set(cards: Sequence[Card], onto: Sequence[Card]) -> str:
    return (
        f"{format_cards(cards)} cannot be laid off onto {format_cards(onto)}: a set "
        "of wild cards takes only wild cards."
    )


def beside_taken(cards: Sequence[Card], onto: Sequence[Card]) -> str:
    """A layoff that only a wild already holding its real card beside it could take."""
    return (
        f"{format_cards(cards)} cannot be laid off onto {format_cards(onto)}: "
        "each wild card takes one real card beside it."
    )


def kept_readings(pairs: Sequence[tuple[Card, Card]]) -> str:
    """Wilds (each with the card it stands for) whose reading a verdict held fixed."""
    kept = [f"{card} stands for {pin}" for card, pin in pairs]
    return f"{', '.join(kept)}: a wild keeps the reading it was melded or declared with."


def no_reading_takes(
    cards: Sequence[Card], onto: Sequence[Card], readings: Sequence[Sequence[Card]]
) -> str:
    """A layoff that no reading of a table meld with several takes (up to three are named)."""
    shown = [format_cards(sorted(reading, key=_low_to_high)) for reading in readings[:3]]
    more = len(readings) - len(shown)
    named = ", ".join(shown[:-1]) + f" or {shown[-1]}" if len(shown) > 1 else shown[0]
    if more:
        named = f"{', '.join(shown)} and {more} more"
    return (
        f"{format_cards(onto)} can stand for {named} on its own, and none of them takes "
        f"{format_cards(cards)}: a wild keeps the reading it was melded or declared with."
    )


def _low_to_high(card: Card) -> tuple[int, str]:
    return (card.number, card.suit)
