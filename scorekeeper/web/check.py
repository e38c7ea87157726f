"""Is this legal? The referee's page: ``/check`` on its own (any preset, options changed), and
from a game (``/s/<token>/check``, ``/w/<token>/check``: that game's rules, packs and the round's
wild rank).

A question is a GET (API.md, "The referee page"): ``rules`` (a preset id), ``cards`` and
``onto`` (codes separated by spaces, a wild's declared reading as ``JK=5C``), ``wild_rank``,
``joker_effect`` (Dealer's Gambit) and, on ``/check`` alone, ``opt-<option>`` fields as the
new-game form sends them. So a verdict is a link: it works without JavaScript and can be shared.
An unknown preset, a bad card code or a bad option value is a 400 page naming it.

The verdict is the engine's (:func:`~scorekeeper.engine.melds.check_meld`); this module only asks
it again under other house rules: each option a reason names, and the few options a meld often
turns on, set the other way (:func:`ruling`), to say what the other setting would decide.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, cast
from urllib.parse import urlencode

from flask import Blueprint, abort, make_response, redirect, render_template, request, url_for
from markupsafe import Markup
from sqlalchemy import select
from werkzeug.wrappers import Response as BaseResponse

from ..engine.cards import (
    RANKS,
    SUITS,
    Card,
    CardError,
    declared_code,
    parse_declared,
    parse_rank,
    rank_name,
)
from ..engine.melds import CardReading, Verdict, check_meld, layoff_readings, meld_readings
from ..engine.points import Context
from ..engine.presets import PRESETS, Preset
from ..engine.rules import JOKER_EFFECTS, OPTIONS, Rules, RulesError
from ..engine.system import SYSTEMS
from ..store import records
from ..store.db import db
from ..store.models import Game, Round
from ..store.scoreboard import next_wild_rank
from . import links
from .filters import SUIT_SYMBOLS, card_text
from .game_form import DEFAULT_PRESET, OptionGroup, option_groups, read_options
from .systems import WebSystem, web_system

bp = Blueprint("check", __name__)

#: The option groups the standalone page offers to change (the others never decide a meld).
MELD_GROUPS = ("deck", "melds", "wild cards", "points")
#: At most this many cards in ``cards`` or ``onto`` (more than any meld holds with four packs).
MOST_CARDS = 40


class BadQuestion(ValueError):
    """A question the referee cannot read (a bad preset, card code, rank or option value)."""


# --- the question --------------------------------------------------------------------------


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


def parse_codes(text: str, where: str) -> tuple[tuple[Card, ...], tuple[Card | None, ...]]:
    """Cards and their declared readings from ``5S JK=6S, 7s``; a BadQuestion names a bad one."""
    words = [word for word in re.split(r"[\s,]+", text.strip()) if word]
    if len(words) > MOST_CARDS:
        raise BadQuestion(
            f"{where}: {len(words)} cards; the referee looks at {MOST_CARDS} at most."
        )
    pairs = []
    for word in words:
        try:
            pairs.append(parse_declared(word))
        except CardError as error:
            raise BadQuestion(f"{where}: {error}.") from None
    return tuple(card for card, _ in pairs), tuple(reading for _, reading in pairs)


def _refuse_tame(
    ctx: Context, where: str, cards: Sequence[Card], declared: Sequence[Card | None]
) -> None:
    for card, reading in zip(cards, declared, strict=True):
        if reading is not None and not ctx.is_wild(card):
            raise BadQuestion(
                f"{where}: {declared_code(card, reading)} declares a reading, but {card} is not "
                "wild here (only a wild card may be declared as another card)."
            )


def _wild_rank(args: Mapping[str, str], default: str | None) -> str | None:
    if "wild_rank" not in args:
        return default
    text = args["wild_rank"].strip()
    if not text or text.lower() == "none":
        return None
    try:
        return parse_rank(text)
    except CardError as error:
        raise BadQuestion(f"wild_rank: {error}.") from None


def _joker_effect(args: Mapping[str, str], rules: Rules) -> str | None:
    effect = args.get("joker_effect", "").strip()
    if not effect or not rules.dealer_joker:
        return None
    if effect not in JOKER_EFFECTS:
        raise BadQuestion(
            f"joker_effect: {effect!r} is not an effect; the dealer names one of "
            f"{', '.join(JOKER_EFFECTS)}."
        )
    return effect


def read_question(
    args: Mapping[str, str], rules: Rules, packs: int, default_wild: str | None
) -> Question:
    """The question the query asks under ``rules`` (a BadQuestion names what is wrong)."""
    wild_rank = _wild_rank(args, default_wild)
    question = Question(rules, packs, wild_rank, _joker_effect(args, rules))
    cards, declared = parse_codes(args.get("cards", ""), "cards")
    onto, onto_declared = parse_codes(args.get("onto", ""), "onto")
    ctx = question.context
    _refuse_tame(ctx, "onto", onto, onto_declared)
    _refuse_tame(ctx, "cards", cards, declared)
    return Question(
        rules, packs, wild_rank, question.joker_effect, cards, declared, onto, onto_declared
    )


# --- the ruling ----------------------------------------------------------------------------

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

    def sentence(self, named: bool) -> Markup:
        """``With it on, this is a run worth 26.`` (``named``: the reason just named it)."""
        bool_setting = self.setting in ("on", "off")
        who = Markup("it") if named and bool_setting else option_code(self.option)
        if self.option == "joker_effect":
            lead = Markup("If the dealer names {} for the jokers").format(self.setting)
        else:
            lead = Markup("With {} {}").format(who, self.setting)
        still = "still " if not self.legal and named else ""
        text = self.outcome().replace(" not ", f" {still}not ", 1)
        return Markup("{}, {}.").format(lead, said(text.removesuffix(".")))


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


_OPTION_IN_TEXT = re.compile(r"\b(" + "|".join(sorted(OPTIONS, key=len, reverse=True)) + r")\b")


def options_named(text: str) -> tuple[str, ...]:
    """The house-rule options a reason names, in order (``(around_the_corner)``)."""
    seen: list[str] = []
    for name in _OPTION_IN_TEXT.findall(text):
        if name not in seen:
            seen.append(name)
    return tuple(seen)


def option_code(name: str) -> Markup:
    return Markup('<code class="option-name">{}</code>').format(name)


def said(text: str) -> Markup:
    """The engine's words with card codes as faces and each option named set as code."""
    faces = str(card_text(text))
    return Markup(_OPTION_IN_TEXT.sub(lambda m: str(option_code(m.group(1))), faces))


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


def kept_readings(question: Question, ctx: Context) -> dict[int, Card]:
    """The readings the meld on the table keeps: those declared, or, undeclared, the one
    reading it has on its own when it has only one (``5S JK 7S``: the joker is 6S, and stays
    6S whatever is laid off onto it, as a round's scoring reads it). RULES.md: once melded, a
    wild keeps its reading."""
    fixed = question.fixed
    if not question.onto or any(i < len(question.onto) for i in fixed):
        return fixed
    readings = meld_readings(question.onto, ctx)
    if len(readings) != 1:
        return fixed
    verdict, _ = readings[0]
    kept = {
        i: reading.as_card
        for i, reading in enumerate(verdict.readings)
        if ctx.is_wild(reading.card) and reading.as_card != reading.card
    }
    return kept | fixed


def verdict_under(question: Question, ctx: Context) -> Verdict:
    """The engine's verdict on the question in this round's context."""
    fixed = kept_readings(question, ctx)
    return check_meld(question.cards, ctx, question.onto, fixed or None)


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
    kept = kept_readings(question, ctx)
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


# --- the page ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Where:
    """Where the question is asked: on its own (``game`` None) or from a game's link."""

    endpoint: str
    game: Game | None = None
    token: str | None = None
    preset: Preset | None = None
    options: dict[str, Any] = field(default_factory=dict)  # changed from the preset (alone)
    default_wild: str | None = None  # the round in play's wild rank (from a game)
    wild_source: str | None = None  # where the game's default wild rank comes from, in words
    groups: list[OptionGroup] = field(default_factory=list)

    def url(self, question: Question | None, external: bool = False, **extra: str) -> str:
        """This page's address asking ``question`` (only what differs from the defaults)."""
        values: dict[str, str] = {}
        if self.game is None and self.preset is not None:
            values["rules"] = self.preset.id
            values |= _option_fields(self.preset.rules, question.rules if question else None)
        if question is not None:
            for key in ("cards", "onto"):
                if question.codes(key):
                    values[key] = question.codes(key)
            if question.wild_rank != self.default_wild:
                values["wild_rank"] = question.wild_rank or ""
            if question.joker_effect:
                values["joker_effect"] = question.joker_effect
        values |= extra
        if self.game is not None and external:
            # a verdict shared from the scorer's page opens the watchers' link: never the scorer's
            base = links.public_url("check.watcher_check", token=self.game.watcher_token)
        elif self.game is not None:
            base = url_for(self.endpoint, token=self.token)
        else:
            base = links.public_url(self.endpoint) if external else url_for(self.endpoint)
        return base + ("?" + urlencode(values) if values else "")


def _option_fields(preset: Rules, rules: Rules | None) -> dict[str, str]:
    """The ``opt-`` fields of the options ``rules`` changes from the preset's."""
    if rules is None or rules == preset:
        return {}
    values: dict[str, str] = {}
    before = option_groups(preset)
    after = option_groups(rules)
    for old_group, new_group in zip(before, after, strict=True):
        for old, new in zip(old_group.inputs, new_group.inputs, strict=True):
            if new.kind == "points":
                for (_, name, was), (_, _, now) in zip(old.points, new.points, strict=True):
                    if was != now:
                        values[name] = now
            elif new.value != old.value:
                values[new.field] = (
                    ("1" if new.checked else "0") if new.kind == "checkbox" else new.value
                )
    return values


def _grid(rules: Rules) -> dict[str, Any]:
    """The card picker's rows, as the round form draws them."""
    ranks = [rank for rank in RANKS if rank not in rules.omit_ranks]
    half = (len(ranks) + 1) // 2
    return {
        "halves": [ranks[:half], ranks[half:]],
        "suits": SUITS,
        "symbols": SUIT_SYMBOLS,
        "jokers": rules.jokers,
    }


def _wild_codes(question: Question) -> list[str]:
    ctx = question.context
    codes = [f"{rank}{suit}" for rank in RANKS for suit in SUITS]
    if question.rules.jokers:
        codes.append("JK")
    return [code for code in codes if ctx.is_wild(Card.from_code(code))]


def _elsewhere(where: Where, question: Question | None) -> str | None:
    """From a game: the same question on ``/check``, under the game's rules written as its
    preset and the options it changed, to try other house rules there."""
    if where.game is None or question is None:
        return None
    preset = where.preset or PRESETS[DEFAULT_PRESET]
    alone = Where("check.check_page", preset=preset)
    if question.packs != question.rules.packs(None):  # the game's players made it more packs
        question = replace(question, rules=question.rules.with_options({"decks": question.packs}))
    return alone.url(question, wild_rank=question.wild_rank or "")


def _is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def _answer(where: Where, question: Question | None, problem: str | None) -> BaseResponse:
    """The page (or, to htmx, its verdict), for ``question`` or the problem reading it."""
    the_ruling = ruling(question) if question is not None and question.cards else None
    rules = (
        question.rules
        if question is not None
        else (where.preset.rules if where.preset else Rules())
    )
    context = {
        "where": where,
        "question": question,
        "ruling": the_ruling,
        "problem": problem,
        "rules": rules,
        "grid": _grid(rules),
        "wild_codes": _wild_codes(question) if question is not None else [],
        "share_url": where.url(question, external=True) if the_ruling else None,
        "page_url": where.url(question),
        "args": request.args,
        "presets": PRESETS.values(),
        # families that judge on their own page: their presets lead there
        "elsewhere_presets": [
            preset
            for system in SYSTEMS
            if system.capabilities.referee and cast(WebSystem, system).referee_pages
            for preset in system.presets.values()
        ],
        "ranks": RANKS,
        "joker_effects": JOKER_EFFECTS,
        "said": said,
        "elsewhere_url": _elsewhere(where, question),
    }
    status = 400 if problem else 200
    template = "check/_verdict.html" if _is_htmx() else "check/page.html"
    response = make_response(render_template(template, **context), status)
    response.vary.add("HX-Request")
    if _is_htmx() and not problem:
        response.headers["HX-Replace-Url"] = where.url(question)
    return response


@bp.get("/check")
def check_page() -> BaseResponse:
    """Is this legal? Any preset, its options changed, any cards (and the meld they go onto)."""
    args = request.args
    preset_id = args.get("rules", "").strip() or DEFAULT_PRESET
    preset = PRESETS.get(preset_id)
    family = SYSTEMS.presets_by_id.get(preset_id)
    pages = cast(WebSystem, family).referee_pages if family is not None else None
    if preset is None and pages is not None:  # a family that judges on its own page
        return redirect(_with_args(url_for(pages.alone)), 303)
    if preset is None:
        base = PRESETS[DEFAULT_PRESET]
        where = Where("check.check_page", preset=base, groups=_groups(base.rules, None))
        return _answer(
            where,
            None,
            f"rules: there is no preset {preset_id!r}; the presets are {', '.join(PRESETS)}.",
        )
    form = args.to_dict(flat=False)
    stale = bool(args.get("options_for")) and args.get("options_for") != preset.id
    errors: dict[str, str] = {}
    options: dict[str, Any] = {}
    rules = preset.rules
    if not stale:
        options, rules = read_options(form, preset.rules, errors)
    where = Where(
        "check.check_page",
        preset=preset,
        options=options,
        groups=_groups(preset.rules, None if stale else form),
    )
    if errors:
        name, message = next(iter(errors.items()))
        return _answer(where, None, f"{name.removeprefix('opt-')}: {message}")
    return _ask(where, rules, rules.packs(None), None)


def _groups(rules: Rules, form: Mapping[str, list[str]] | None) -> list[OptionGroup]:
    return [group for group in option_groups(rules, form) if group.name in MELD_GROUPS]


def _ask(where: Where, rules: Rules, packs: int, default_wild: str | None) -> BaseResponse:
    try:
        question = read_question(request.args, rules, packs, default_wild)
    except BadQuestion as error:
        return _answer(where, Question(rules, packs, default_wild, None), str(error))
    return _answer(where, question, None)


def _with_args(url: str) -> str:
    """``url`` asking the request's question (its query string as it came)."""
    query = request.query_string.decode()
    return f"{url}?{query}" if query else url


def _from_game(game: Game, endpoint: str, token: str) -> BaseResponse:
    system = web_system(game)
    if not system.capabilities.referee:
        abort(
            404,
            f"A game of {system.name} has no melds: there is nothing for the referee to check.",
        )
    if system.referee_pages is not None:  # the family judges its melds on its own page
        own = system.referee_pages
        target = own.scorer if endpoint == "check.scorer_check" else own.watcher
        return redirect(_with_args(url_for(target, token=token)), 303)
    rules = records.game_rules(game)
    wild, source = _current_wild(game, rules)
    preset = PRESETS.get(game.preset or "")
    where = Where(
        endpoint, game=game, token=token, preset=preset, default_wild=wild, wild_source=source
    )
    return _ask(where, rules, rules.packs(len(game.players)), wild)


def _current_wild(game: Game, rules: Rules) -> tuple[str | None, str | None]:
    """The game's current deal's wild rank, and where it comes from in words: the round in
    play's (fixed by the rules, or shown by its deal); before that deal is noted, the last
    deal's, the one whose melds are on the table."""
    number = records.round_count(game) + 1
    wild = next_wild_rank(game)
    if rules.round_wild == "none":
        return wild, None
    if wild is not None:
        return wild, f"round {number}'s deal: {rank_name(wild, plural=True)} wild"
    last = db.session.scalar(
        select(Round.wild_rank).where(Round.game_id == game.id, Round.number == number - 1)
    )
    if last is None:
        return None, f"round {number}'s deal is not noted yet: choose its wild rank"
    return last, (
        f"the last deal's, round {number - 1}: {rank_name(last, plural=True)} wild "
        f"(round {number}'s deal is not noted yet)"
    )


@bp.get("/s/<token>/check")
def scorer_check(token: str) -> BaseResponse:
    """Is this legal? Under this game's rules, with the round's wild rank set."""
    return _from_game(links.scorer_game(token), "check.scorer_check", token)


@bp.get("/w/<token>/check")
def watcher_check(token: str) -> BaseResponse:
    """Is this legal? Under this game's rules, from the watchers' link."""
    return _from_game(links.watcher_game(token), "check.watcher_check", token)
