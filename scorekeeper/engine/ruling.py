"""The referee's ruling on a question, and what other house rules would decide: the engine's
verdict on cards (laid off onto a meld on the table, or alone), each reason with the options it
names set the other way, the wilds' readings and what else they could stand for, what the round's
scoring would double, and the other settings that would turn the verdict. The referee page
(:mod:`scorekeeper.web.check`) reads the question from a query and renders the ruling; nothing
here knows of pages.

>>> from .cards import parse_cards
>>> from .presets import rules_for
>>> sixes = rules_for("rummy500", {"wild_ranks": ["6"]})
>>> asked = ruling(Question(sixes, 1, "6", None, tuple(parse_cards(["8S", "6H", "10S"]))))
>>> asked.legal, asked.kind_words, [w.as_card.code() for w in asked.wilds]
(True, 'a run', ['9S'])
>>> corner = ruling(Question(rules_for("rummy500"), 1, None, None,
...                          tuple(parse_cards(["KS", "AS", "2S"]))))
>>> corner.legal, [(f.option, f.setting, f.legal) for f in corner.reasons[0].flips]
(False, [('around_the_corner', 'on', True)])
>>> corner.reasons[0].flips[0].outcome()
'this is a run worth 27'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import Card, CardError, declared_code
from .melds import CardReading, Verdict, layoff_readings, meld_readings
from .points import Context
from .rules import JOKER_EFFECTS, OPTIONS, Rules, RulesError
from .table_melds import judge, table_pins


@dataclass(frozen=True)
class Question:
    """What the page was asked: the rules and round, the cards and the meld they go onto."""

    rules: Rules
    packs: int
    wild_rank: str | None
    joker_effect: str | None
    cards: tuple[Card, ...] = ()
    declared: tuple[Card | None, ...] = ()
    onto: tuple[Card, ...] = ()
    onto_declared: tuple[Card | None, ...] = ()

    @property
    def context(self) -> Context:
        return Context(self.rules, self.wild_rank, self.joker_effect, self.packs)

    @property
    def fixed(self) -> dict[int, Card]:
        """The declared readings by position in ``(*onto, *cards)``, as ``check_meld`` takes."""
        onto = {i: c for i, c in enumerate(self.onto_declared) if c is not None}
        mine = {len(self.onto) + i: c for i, c in enumerate(self.declared) if c is not None}
        return onto | mine

    def codes(self, which: str) -> str:
        """``cards`` or ``onto`` as the query writes them (``5S JK=6S 7S``)."""
        cards, declared = (
            (self.cards, self.declared) if which == "cards" else (self.onto, self.onto_declared)
        )
        return " ".join(
            declared_code(card, reading) for card, reading in zip(cards, declared, strict=True)
        )


KIND_WORDS = {
    "set": "a set",
    "run": "a run",
    "wild_set": "a set of wild cards",
    "joker_set": "a set of jokers",
}


@dataclass(frozen=True)
class Flip:
    """The verdict with one house-rule option (or the dealer's joker effect) set otherwise."""

    option: str
    setting: str  # the other setting in words: "on", "high only", "2"
    verdict: Verdict
    onto: bool  # cards laid off onto a meld

    @property
    def legal(self) -> bool:
        return self.verdict.legal

    def outcome(self) -> str:
        """What the other setting says: ``this is a run worth 26`` or why it still is not."""
        verdict = self.verdict
        if verdict.legal:
            if self.onto:
                return f"the layoff stands, worth {verdict.points}"
            return f"this is {KIND_WORDS.get(verdict.kind or '', 'a meld')} worth {verdict.points}"
        why = verdict.reasons[-1] if self.onto and len(verdict.reasons) > 1 else verdict.reasons[0]
        if self.onto:
            return f"the layoff does not stand: {why}"
        return f"it is not a meld: {why}"


@dataclass(frozen=True)
class Reason:
    text: str
    options: tuple[str, ...]
    flips: tuple[Flip, ...]


@dataclass(frozen=True)
class WildShown:
    """A wild card (or a card read as another) and what it stands for."""

    card: Card
    as_card: Card
    declared: bool
    others: tuple[Card, ...]  # the other cards it could stand for in a legal reading
    on_table: bool  # a card of the meld on the table, not one of the cards laid off
    kept: bool = False  # on the table, it keeps the one reading it was melded with


@dataclass(frozen=True)
class Ruling:
    question: Question
    verdict: Verdict
    reasons: tuple[Reason, ...]
    wilds: tuple[WildShown, ...]
    other_rules: tuple[Flip, ...]  # other settings that would decide it the other way
    notes: tuple[str, ...] = field(default=())

    @property
    def legal(self) -> bool:
        return self.verdict.legal

    @property
    def kind_words(self) -> str:
        return KIND_WORDS.get(self.verdict.kind or "", "not a meld")

    @property
    def laid(self) -> tuple[CardReading, ...]:
        return self.verdict.added

    @property
    def table(self) -> tuple[CardReading, ...]:
        return self.verdict.readings[: self.verdict.added_from]


OPTION_IN_TEXT = re.compile(r"\b(" + "|".join(sorted(OPTIONS, key=len, reverse=True)) + r")\b")


def options_named(text: str) -> tuple[str, ...]:
    """The house-rule options a reason names, in order (``(around_the_corner)``)."""
    seen: list[str] = []
    for name in OPTION_IN_TEXT.findall(text):
        if name not in seen:
            seen.append(name)
    return tuple(seen)


#: A note that only says what the wilds stand for (``JK as 6S.``): the page lists them itself.
_READING_NOTE = re.compile(r"^\S+ as \S+(, \S+ as \S+)*\.$")


def _setting_words(value: Any) -> str:
    if value is True:
        return "on"
    if value is False:
        return "off"
    if value is None or value == [] or value == ():
        return "none"
    if isinstance(value, (list, tuple)):
        return " ".join(map(str, value))
    return str(value).replace("_", " ")


#: The options that decide melds, in the order their other settings are tried. ``legal``: also
#: tried on a legal verdict (the others would only say that, say, a run is no set).
_DECIDING: tuple[tuple[str, bool], ...] = (
    ("meld_kinds", False),
    ("min_set", False),
    ("min_run", False),
    ("max_set", False),
    ("set_duplicates_allowed", True),
    ("decks", True),
    ("ace_position", True),
    ("around_the_corner", True),
    ("omit_ranks", False),
    ("jokers_wild", True),
    ("wild_limit", True),
    ("wild_as_itself", True),
    ("wild_sets", True),
    ("real_card_for_wild", True),
)


def _alternatives(question: Question, name: str) -> list[Any]:
    """The other values of an option worth trying for this question (JSON values)."""
    rules = question.rules
    option = OPTIONS[name]
    current = getattr(rules, name)
    n = len(question.cards) + len(question.onto)
    if option.entry == "checkbox":
        return [not current]
    if name == "decks":
        return [question.packs + 1] if question.packs < 4 else []
    if name == "omit_ranks":
        return [[]] if current else []
    if name in ("min_set", "min_run"):
        return [n] if option.low <= n < current else []
    if name == "max_set":
        return [None] if current is not None else []
    if option.entry == "select":
        return [choice for choice in option.choices if choice != current]
    return []


def verdict_under(question: Question, ctx: Context) -> Verdict:
    """The engine's verdict on the question in ``ctx`` (:func:`.table_melds.judge`: the meld on
    the table keeps its readings)."""
    return judge(question.cards, ctx, question.onto, question.fixed)


def _asked(question: Question, rules: Rules, joker_effect: str | None) -> Verdict:
    packs = rules.packs(None) if rules.decks != question.rules.decks else question.packs
    return verdict_under(question, Context(rules, question.wild_rank, joker_effect, packs))


def _flips(question: Question, names: Sequence[str], verdict: Verdict) -> list[Flip]:
    """The verdict under each other setting of ``names`` (those that can be asked)."""
    out = []
    for name in names:
        if name == "joker_effect":
            if not question.rules.dealer_joker:
                continue
            current = question.joker_effect or "wild"
            for effect in JOKER_EFFECTS:
                if effect != current:
                    flipped = _asked(question, question.rules, effect)
                    out.append(Flip(name, effect, flipped, bool(question.onto)))
            continue
        if name not in OPTIONS:
            continue
        for value in _alternatives(question, name):
            try:
                rules = question.rules.with_options({name: value})
                flipped = _asked(question, rules, question.joker_effect)
            except (RulesError, CardError, ValueError):
                continue  # a setting these rules cannot take together (max_set under min_set)
            out.append(Flip(name, _setting_words(value), flipped, bool(question.onto)))
    return out


def _decisive(flips: Sequence[Flip], verdict: Verdict) -> list[Flip]:
    """Per option, the first other setting that decides it the other way, else the first tried."""
    by_option: dict[str, list[Flip]] = {}
    for flip in flips:
        by_option.setdefault(flip.option, []).append(flip)
    kept = []
    for tried in by_option.values():
        turning = [flip for flip in tried if flip.legal != verdict.legal]
        kept.append(turning[0] if turning else tried[0])
    return kept


def _wilds(question: Question, verdict: Verdict) -> tuple[WildShown, ...]:
    """Each wild (or card read as another) with what it stands for and could stand for."""
    ctx = question.context
    fixed = question.fixed
    kept = table_pins(ctx, question.onto, fixed)
    others: dict[int, set[Card]] = {}
    if verdict.legal:
        readings: list[Verdict] = []
        if question.onto:
            onto_fixed = {i: c for i, c in fixed.items() if i < len(question.onto)}
            mine = {i - len(question.onto): c for i, c in fixed.items() if i >= len(question.onto)}
            for _, standing in meld_readings(question.onto, ctx, onto_fixed or None)[:8]:
                readings += [v for v, _ in layoff_readings(standing, question.cards, ctx, mine)]
        else:
            readings = [v for v, _ in meld_readings(question.cards, ctx, fixed or None)]
        for other in readings[:64]:
            for index, each in enumerate(other.readings):
                others.setdefault(index, set()).add(each.as_card)
    shown = []
    for index, card in enumerate(verdict.readings):
        if not verdict.legal or not (
            card.wild or card.card != card.as_card or ctx.is_wild(card.card)
        ):
            continue
        alternatives = sorted(others.get(index, set()) - {card.as_card})
        shown.append(
            WildShown(
                card.card,
                card.as_card,
                index in fixed,
                tuple(alternatives),
                index < verdict.added_from,
                index in kept and index not in fixed,
            )
        )
    return tuple(shown)


def _doubling(question: Question, verdict: Verdict) -> tuple[str, ...]:
    """What the round's scoring would double, which a meld on its own does not say: Persian
    fours laid at once, and a set the Dealer's Gambit dealer's joker lies on."""
    rules = question.rules
    if not verdict.legal or question.onto:
        return ()
    out = []
    fours = verdict.kind in ("set", "joker_set") and len(question.cards) == 4
    if rules.double_four_laid_at_once and fours:
        out.append(
            f"Laid down at once, this four of a kind counts double: {2 * verdict.points} "
            "(double_four_laid_at_once); a fourth card laid later adds only its own points."
        )
    if rules.dealer_joker and verdict.kind == "set":
        if question.joker_effect == "double":
            out.append(
                f"The dealer named double: with the dealer's joker laid on it, this set counts "
                f"{2 * verdict.points} and is sealed (it takes no layoffs)."
            )
        else:
            out.append(
                "Had the dealer named double, the dealer's joker laid on this set would make it "
                f"count {2 * verdict.points} and seal it."
            )
    return tuple(out)


#: The first reason of a refused layoff, which the page's headline already says.
_HEADLINE = re.compile(r"^.+ cannot be laid off onto [^:]+\.$")
#: Reasons whose option the engine's words do not name, and the option that decides them.
_UNNAMED = (
    ("a wild keeps the reading it was melded", "real_card_for_wild"),
    ("but one pack holds it once", "decks"),
)


def ruling(question: Question) -> Ruling:
    """The engine's verdict, each reason with the options it names set the other way, the
    wilds' readings, and the other settings that would decide it the other way."""
    ctx = question.context
    verdict = verdict_under(question, ctx)
    reasons = []
    named_all: list[str] = []
    told = list(verdict.reasons)
    if question.onto and len(told) > 1 and _HEADLINE.match(told[0]):
        told = told[1:]  # "6S cannot be laid off onto 5S JK 7S.": the page's headline says it
    for text in told:
        names = list(options_named(text))
        for words, option in _UNNAMED:
            if words in text and option not in names:
                names.append(option)
        if "Jokers are not wild here" in text:
            names.append("joker_effect" if question.rules.dealer_joker else "jokers_wild")
        named_all += names
        flips = _decisive(_flips(question, names, verdict), verdict)
        reasons.append(Reason(text, tuple(names), tuple(flips)))
    notes = tuple(note for note in verdict.notes if not _READING_NOTE.match(note))
    notes += _doubling(question, verdict)
    candidates = [
        name
        for name, on_legal in _DECIDING
        if (on_legal or not verdict.legal) and name not in named_all
    ]
    if question.rules.dealer_joker and "joker_effect" not in named_all:
        candidates.append("joker_effect")
    other = [
        flip
        for flip in _decisive(_flips(question, candidates, verdict), verdict)
        if flip.legal != verdict.legal
    ]
    return Ruling(question, verdict, tuple(reasons), _wilds(question, verdict), tuple(other), notes)
