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
from ..engine.points import Context
from ..engine.presets import PRESETS, Preset
from ..engine.rules import JOKER_EFFECTS, Rules
from ..engine.ruling import OPTION_IN_TEXT, Flip, Question, ruling
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


def option_code(name: str) -> Markup:
    return Markup('<code class="option-name">{}</code>').format(name)


def said(text: str) -> Markup:
    """The engine's words with card codes as faces and each option named set as code."""
    faces = str(card_text(text))
    return Markup(OPTION_IN_TEXT.sub(lambda m: str(option_code(m.group(1))), faces))


@bp.app_template_global()
def flip_sentence(flip: Flip, named: bool) -> Markup:
    """``With it on, this is a run worth 26.`` (``named``: the reason just named it)."""
    bool_setting = flip.setting in ("on", "off")
    who = Markup("it") if named and bool_setting else option_code(flip.option)
    if flip.option == "joker_effect":
        lead = Markup("If the dealer names {} for the jokers").format(flip.setting)
    else:
        lead = Markup("With {} {}").format(who, flip.setting)
    still = "still " if not flip.legal and named else ""
    text = flip.outcome().replace(" not ", f" {still}not ", 1)
    return Markup("{}, {}.").format(lead, said(text.removesuffix(".")))


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
