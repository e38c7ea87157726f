"""The new-game form for a family that lists its own options (:class:`FamilyOption`: Spades,
Gin, Indian Rummy): the options read and drawn like the rummy options (:mod:`.game_form`: the
same fields, ``opt-<option>``, and errors), and the game read from the form (its name, the
players in seat order, the first dealer, the sides when the family's rules play in sides). No
Flask in here.

>>> from scorekeeper.engine.options import FamilyOption, with_options
>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Toy:
...     target: int = 100
>>> table = {"target": FamilyOption("target", "number", "score to reach", low=1)}
>>> def change(rules, options): return with_options(rules, table, options, "Toy")
>>> errors = {}
>>> read_family_options({"opt-target": ["250"]}, Toy(), table, change, errors)
({'target': 250}, Toy(target=250))
>>> read_family_options({"opt-target": ["0"]}, Toy(), table, change, errors)
({}, Toy(target=100))
>>> errors["opt-target"]
"Option 'target' takes a whole number from 1 to 100000, not 0."
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any, Generic, Protocol, TypeVar

from ..engine.options import FamilyOption
from ..engine.rules import RulesError
from ..engine.seating import SeatingError, seat_sides
from .game_form import (
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

RulesT = TypeVar("RulesT")
RulesT_co = TypeVar("RulesT_co", covariant=True)


class FamilyPreset(Protocol[RulesT_co]):
    """A family's preset as the form needs it."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def rules(self) -> RulesT_co: ...


@dataclass(frozen=True)
class NewFamilyGame(Generic[RulesT]):
    """A game the new-game form asks for."""

    name: str
    preset: str
    rules: RulesT
    options: dict[str, Any]  # the options changed from the preset's
    players: list[str]  # in seat order (in sides: partners across)
    dealer: str | None
    teams: list[str] | None = None  # each player's side, in seat order, when in sides


def message(error: Exception) -> str:
    """An error as the form shows it: a sentence."""
    text = str(error)
    return f"{text[:1].upper()}{text[1:]}."


def _read(option: FamilyOption, form: Form) -> Any:
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


def read_family_options(
    form: Form,
    base: RulesT,
    table: Mapping[str, FamilyOption],
    change: Callable[[RulesT, Mapping[str, Any]], RulesT],
    errors: Errors,
) -> tuple[dict[str, Any], RulesT]:
    """The options the form changes from ``base``, and the rules they make (``base`` when an
    option is wrong: its error is in ``errors``). ``change`` is the family's own
    ``with_options``, which may refuse a mix of options (named in ``errors`` under the last
    option of the mix the form changed)."""
    changed: dict[str, Any] = {}
    for option in table.values():
        try:
            value = _read(option, form)
            alone = change(base, {option.name: value})
        except KeyError:
            continue
        except (ValueError, RulesError) as error:
            errors[option_field(option.name)] = message(error)
            continue
        if getattr(alone, option.name) != getattr(base, option.name):
            changed[option.name] = getattr(alone, option.name)
    if any(key.startswith("opt-") for key in errors):
        return changed, base
    try:
        return changed, change(base, changed)
    except RulesError as error:
        errors[option_field(error.option or list(changed)[-1])] = message(error)
        return changed, base


def family_option_groups(
    group: str, base: object, table: Mapping[str, FamilyOption], form: Form | None = None
) -> list[OptionGroup]:
    """A family's options as one group of inputs, holding ``base``'s values or what ``form``
    sent."""
    inputs = []
    for option in table.values():
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
    return [OptionGroup(group, inputs)]


def parse_new_family_game(
    form: Form,
    today: date,
    presets: Mapping[str, FamilyPreset[RulesT]],
    table: Mapping[str, FamilyOption],
    change: Callable[[RulesT, Mapping[str, Any]], RulesT],
    *,
    rows: int,
    players_problem: Callable[[RulesT, int], str | None],
    in_sides: Callable[[RulesT], bool] = lambda rules: False,
) -> NewFamilyGame[RulesT]:
    """The game the form asks for, or :class:`FormInvalid` with a message per field. The form
    has ``rows`` player rows; ``players_problem`` says what is wrong with the number named
    under the rules chosen (None: nothing); in sides (``in_sides``) the players are seated so
    that partners sit across."""
    errors: Errors = {}
    preset = presets[_first(form, "preset")]
    options: dict[str, Any] = {}
    rules = preset.rules
    if options_stale(form):
        errors["preset"] = (
            f"The house rules below are now {preset.name}'s: check them, then start the game."
        )
    else:
        options, rules = read_family_options(form, preset.rules, table, change, errors)
    name = read_name(form, "name", MAX_GAME_NAME, errors)
    players: list[str] = []
    numbers: list[int] = []
    picked: list[tuple[str, str]] = []
    seen: set[str] = set()
    for row in range(rows):
        player = read_name(form, player_field(row), MAX_NAME, errors)
        if not player:
            continue
        picked.append((player, _first(form, side_field(row)) or default_side(len(picked))))
        if player_field(row) not in errors and player.casefold() in seen:
            errors[player_field(row)] = f"{player} is named twice: give each a different name."
        seen.add(player.casefold())
        players.append(player)
        numbers.append(row)
    if problem := players_problem(rules, len(players)):
        errors["players"] = problem
    dealer = None
    chosen = _first(form, "dealer").strip()
    if chosen:
        if chosen.isascii() and chosen.isdigit() and int(chosen) in numbers:
            dealer = players[numbers.index(int(chosen))]
        else:
            errors["dealer"] = "Choose one of the players, or nobody yet."
    teams: list[str] | None = None
    if not errors and in_sides(rules):
        try:  # the sides picked, seated so that partners sit across
            seated = seat_sides([(s.name, s.team or "") for s in named_sides(form, picked, errors)])
            players, teams = [n for n, _ in seated], [t for _, t in seated]
        except SeatingError as error:
            errors["sides"] = message(error)
    if errors:
        raise FormInvalid(errors)
    return NewFamilyGame(
        name or f"{preset.name}, {today.day} {today:%b}",
        preset.id,
        rules,
        options,
        players,
        dealer,
        teams,
    )
