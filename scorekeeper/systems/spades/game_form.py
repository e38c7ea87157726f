"""The new-game form for Spades (no Flask in here): four players in seat order, partners across,
and Spades' own options (:data:`~.presets.SPADES_OPTIONS`), read and
drawn like the rummy options (:mod:`.game_form`: the same fields, ``opt-<option>``, and errors).

>>> game = parse_new_spades_game({"preset": ["spades-300"], "player-0": ["Ann"],
...     "player-1": ["Bob"], "player-2": ["Cy"], "player-3": ["Dee"], "opt-bag_limit": ["5"]},
...     date(2026, 12, 1))
>>> game.name, game.rules.target, game.rules.bag_limit, game.options
('Spades to 300, 1 Dec', 300, 5, {'bag_limit': 5})
>>> parse_new_spades_game({"preset": ["spades"], "player-0": ["Ann"]}, date(2026, 12, 1))
Traceback (most recent call last):
...
scorekeeper.web.game_form.FormInvalid: {'players': 'Spades is for four players: name four.'}
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from ...engine.rules import RulesError
from ...engine.seating import SeatingError, seat_sides
from ...web.game_form import (
    MAX_GAME_NAME,
    MAX_NAME,
    Errors,
    Form,
    FormInvalid,
    OptionGroup,
    OptionInput,
    _first,
    _sent,
    default_side,
    named_sides,
    option_field,
    options_stale,
    player_field,
    read_name,
    side_field,
)
from .presets import SPADES_OPTIONS, SPADES_PRESETS, SpadesOption, with_options
from .rules import SpadesRules

#: Spades seats four: the form shows four player rows.
SPADES_PLAYERS = 4


@dataclass(frozen=True)
class NewSpadesGame:
    name: str
    preset: str
    rules: SpadesRules
    options: dict[str, Any]  # the options changed from the preset's
    players: list[str]  # as seated: partners across
    dealer: str | None
    teams: list[str] | None = None  # each player's side, in seat order


def _message(error: Exception) -> str:
    text = str(error)
    return f"{text[:1].upper()}{text[1:]}."


def _read(option: SpadesOption, form: Form) -> Any:
    """The JSON value the form sends for an option; KeyError when it is not sent."""
    name = option_field(option.name)
    if not _sent(form, name):
        raise KeyError(option.name)
    if option.entry == "checkbox":
        return "1" in (form.get(name) or [])
    text = _first(form, name).strip()
    if option.entry == "select":
        return text
    if not text and option.optional:
        return None
    if not text.lstrip("+-").isascii() or not text.lstrip("+-").isdigit() or len(text) > 9:
        raise ValueError(f"{text!r} is not a whole number" if text else "enter a number")
    return int(text)


def read_spades_options(
    form: Form, base: SpadesRules, errors: Errors
) -> tuple[dict[str, Any], SpadesRules]:
    """The options the form changes from ``base``, and the rules they make (``base`` when an
    option is wrong: its error is in ``errors``)."""
    changed: dict[str, Any] = {}
    for option in SPADES_OPTIONS.values():
        try:
            value = _read(option, form)
            alone = with_options(base, {option.name: value})
        except KeyError:
            continue
        except (ValueError, RulesError) as error:
            errors[option_field(option.name)] = _message(error)
            continue
        if getattr(alone, option.name) != getattr(base, option.name):
            changed[option.name] = getattr(alone, option.name)
    if any(key.startswith("opt-") for key in errors):
        return changed, base
    return changed, with_options(base, changed)


def parse_new_spades_game(form: Form, today: date) -> NewSpadesGame:
    """The Spades game the form asks for, or :class:`FormInvalid` with a message per field."""
    errors: Errors = {}
    preset = SPADES_PRESETS[_first(form, "preset")]
    options: dict[str, Any] = {}
    rules = preset.rules
    if options_stale(form):
        errors["preset"] = (
            f"The house rules below are now {preset.name}'s: check them, then start the game."
        )
    else:
        options, rules = read_spades_options(form, preset.rules, errors)
    name = read_name(form, "name", MAX_GAME_NAME, errors)
    players: list[str] = []
    rows: list[int] = []
    picked: list[tuple[str, str]] = []
    seen: set[str] = set()
    for row in range(SPADES_PLAYERS):
        player = read_name(form, player_field(row), MAX_NAME, errors)
        if not player:
            continue
        picked.append((player, _first(form, side_field(row)) or default_side(len(picked))))
        if player_field(row) in errors:
            pass
        elif player.casefold() in seen:
            errors[player_field(row)] = f"{player} is named twice: give each a different name."
        seen.add(player.casefold())
        players.append(player)
        rows.append(row)
    if len(players) != SPADES_PLAYERS:
        errors["players"] = "Spades is for four players: name four."
    dealer = None
    chosen = _first(form, "dealer").strip()
    if chosen:
        if chosen.isascii() and chosen.isdigit() and int(chosen) in rows:
            dealer = players[rows.index(int(chosen))]
        else:
            errors["dealer"] = "Choose one of the players, or nobody yet."
    teams: list[str] | None = None
    if not errors:
        try:  # the sides picked, seated so that partners sit across
            seated = seat_sides([(s.name, s.team or "") for s in named_sides(form, picked, errors)])
            players, teams = [n for n, _ in seated], [t for _, t in seated]
        except SeatingError as error:
            errors["sides"] = _message(error)
    if errors:
        raise FormInvalid(errors)
    return NewSpadesGame(
        name or f"{preset.name}, {today.day} {today:%b}",
        preset.id,
        rules,
        options,
        players,
        dealer,
        teams,
    )


def spades_option_groups(base: SpadesRules, form: Form | None = None) -> list[OptionGroup]:
    """Spades' options as one group of inputs, holding ``base``'s values or what ``form`` sent."""
    inputs = []
    for option in SPADES_OPTIONS.values():
        value = getattr(base, option.name)
        shown = (
            ("1" if value else "")
            if option.entry == "checkbox"
            else ("" if value is None else str(value))
        )
        sent = shown
        if form is not None and _sent(form, option_field(option.name)):
            values = form.get(option_field(option.name)) or []
            sent = ("1" if "1" in values else "") if option.entry == "checkbox" else values[0]
        choices: tuple[tuple[str, str], ...] = tuple(
            (choice, choice.replace("_", " ")) for choice in option.choices
        )
        inputs.append(
            OptionInput(
                option=option.name,
                field=option_field(option.name),
                label=f"{option.label[:1].upper()}{option.label[1:]}",
                kind=option.entry,
                value=sent,
                choices=choices,
                hint="empty: none" if option.optional else "",
                changed=sent.strip() != shown,
            )
        )
    return [OptionGroup("spades", inputs)]
