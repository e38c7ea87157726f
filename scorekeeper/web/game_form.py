"""The new-game form: its fields, and what a submitted form means (no Flask in here).

A submitted form is a mapping of field names to the values sent (``request.form.to_dict(flat=
False)``). The fields:

- ``preset``: a preset id; ``name``: the game's name (empty: the preset's name and the date);
- ``player-0`` … ``player-7``: the players in seat order (empty ones are left out); under
  partnership rules ``side-0`` … ``side-7``, the side each player plays for, ``1`` or ``2``
  (a tap per player; by default partners sit across), and ``side-name-1``, ``side-name-2``, the
  sides' names if the table wants some (else "Ann & Cy"). Players are then seated so that
  partners sit across (:func:`~scorekeeper.engine.seating.seat_sides`). A side name sent in
  place of ``1`` or ``2`` (a page from before) is read as the side's name;
- ``dealer``: the row (``"0"`` … ``"7"``) of the player who deals first, or empty;
- ``options_for``: the preset whose values the option inputs were filled with. A page without
  JavaScript cannot refill them when another preset is picked; such a form is sent back with
  the newly picked preset's options to check, rather than reading the old preset's values as
  changes;
- ``opt-<option>`` for each house-rule option (``opt-card_points-<rank>`` for the points per rank).
  A checkbox is sent as a hidden ``0`` followed by the box's ``1`` (so an unticked box is told
  from an option not sent); an option that is not sent keeps the preset's value, and only the
  options that differ from the preset's are kept as changes.

:func:`parse_new_game` gives a :class:`NewGame` or raises :class:`FormInvalid`, whose ``errors``
map each field to a message. :func:`option_groups` describes the option inputs for the template.

>>> game = parse_new_game({"preset": ["rummy500"], "player-0": ["Ann"], "player-1": ["Bob"],
...                        "opt-target": ["300"], "opt-min_run": ["3"]}, date(2026, 11, 29))
>>> game.name, game.options, game.rules.target, [seat.name for seat in game.seats]
('Rummy 500, 29 Nov', {'target': 300}, 300, ['Ann', 'Bob'])
>>> parse_new_game({"preset": ["rummy500"], "player-0": ["Ann"]}, date(2026, 11, 29))
Traceback (most recent call last):
...
scorekeeper.web.game_form.FormInvalid: {'players': 'Name at least two players.'}
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Literal, Protocol

from ..engine.cards import RANKS
from ..engine.names import clean_name, name_problem
from ..engine.presets import PRESETS
from ..engine.rules import OPTIONS, Option, Rules, RulesError
from ..engine.rules import option_groups as rule_groups
from ..engine.seating import SeatingError, seat_sides
from ..engine.standings import Seat, StandingsError, sides

#: Player rows on the form; the first ``MIN_PLAYERS`` named are needed.
MAX_PLAYERS = 8
MIN_PLAYERS = 2
MAX_NAME = 40  # a player's or a side's name (the columns' width)
MAX_GAME_NAME = 80
DEFAULT_PRESET = "rummy500"

Form = Mapping[str, Sequence[str]]
Errors = dict[str, str]
InputKind = Literal["select", "checkbox", "number", "text", "points"]


class FormInvalid(ValueError):
    """The form cannot start a game; ``errors`` maps each field to what is wrong with it."""

    def __init__(self, errors: Errors) -> None:
        super().__init__(errors)
        self.errors = errors


@dataclass(frozen=True)
class NewGame:
    """A game to start, as the form asked for it."""

    name: str
    preset: str
    rules: Rules
    options: dict[str, Any]  # the options changed from the preset's, as JSON values
    seats: list[Seat]
    dealer: str | None


# --- reading a submitted form ----------------------------------------------------------------


def _first(form: Form, name: str) -> str:
    values = form.get(name) or []
    return values[0] if values else ""


def _sent(form: Form, name: str) -> bool:
    return bool(form.get(name))


def read_name(form: Form, name_field: str, limit: int, errors: Errors) -> str:
    """The name typed in ``name_field``, cleaned (:func:`.names.clean_name`); what is wrong with
    it, if anything, goes into ``errors`` under the field. A blank field is "".

    >>> errors = {}
    >>> read_name({"p0": ["  Ann  Lee "]}, "p0", 40, errors)
    'Ann Lee'
    >>> read_name({"p1": [chr(0x200B)]}, "p1", 40, errors), errors
    ('', {'p1': 'This name shows nothing: type letters, digits or symbols.'})
    """
    typed = _first(form, name_field)
    name = clean_name(typed)
    if not name and not typed.strip():
        return ""
    problem = name_problem(name, limit)
    if problem is not None:
        errors[name_field] = (
            "This name shows nothing: type letters, digits or symbols."
            if not name or problem.startswith("has no")
            else f"At most {limit} characters (an emoji or a wide character counts as two)."
        )
    return name


def _is_digits(text: str) -> bool:
    """ASCII digits only (``"²".isdigit()`` is true, but ``int("²")`` fails)."""
    return text.isascii() and text.isdigit()


class Named(Protocol):
    """A preset of any family, as far as its name goes."""

    @property
    def name(self) -> str: ...


def default_name(preset: Named, today: date) -> str:
    """``5000 Rummy, 29 Nov``."""
    return f"{preset.name}, {today.day} {today:%b}"


def player_field(row: int) -> str:
    return f"player-{row}"


def side_field(row: int) -> str:
    return f"side-{row}"


#: The two sides a partnership form picks from.
SIDES = ("1", "2")


def side_name_field(side: str) -> str:
    return f"side-name-{side}"


def default_side(index: int) -> str:
    """The side of the ``index``-th player named (from 0) when none is picked: partners across."""
    return SIDES[index % 2]


def named_sides(form: Form, picked: Sequence[tuple[str, str]], errors: Errors) -> list[Seat]:
    """The players (name, side picked: ``1``, ``2`` or a side's name) with their sides named: as
    the form names them (``side-name-1``, ``-2``), else after their players ("Ann & Cy").

    >>> [(s.name, s.team) for s in named_sides({"side-name-2": ["Them"]},
    ...     [("Ann", "1"), ("Bob", "2"), ("Cy", "1"), ("Dee", "2")], {})]
    [('Ann', 'Ann & Cy'), ('Bob', 'Them'), ('Cy', 'Ann & Cy'), ('Dee', 'Them')]
    """
    labels: dict[str, str] = {}
    for side in SIDES:
        label = read_name(form, side_name_field(side), MAX_NAME, errors)
        members = [name for name, chosen in picked if chosen == side]
        labels[side] = label or " & ".join(members)
    if len({labels[side].casefold() for side in SIDES}) < len(SIDES) and all(
        any(chosen == side for _, chosen in picked) for side in SIDES
    ):
        errors["sides"] = "Give the two sides different names."
    return [Seat(name, labels.get(chosen, chosen)) for name, chosen in picked]


def option_field(option: str) -> str:
    return f"opt-{option}"


def _players(form: Form, partnership: bool, errors: Errors) -> tuple[list[Seat], list[int]]:
    """The named players in seat order, and the form row of each."""
    seats: list[Seat] = []
    rows: list[int] = []
    seen: dict[str, int] = {}
    side_spelling: dict[str, str] = {}
    for row in range(MAX_PLAYERS):
        name = read_name(form, player_field(row), MAX_NAME, errors)
        if not name:
            continue
        if player_field(row) in errors:
            pass
        elif name.casefold() in seen:
            errors[player_field(row)] = (
                f"{name} is already player {seen[name.casefold()] + 1}: "
                "give each player a different name."
            )
        else:
            seen[name.casefold()] = len(seats)
        side: str | None = None
        if partnership:
            side = read_name(form, side_field(row), MAX_NAME, errors) or default_side(len(seats))
            if side_field(row) in errors:
                pass
            elif side not in SIDES:  # "north" and "North" are one side, spelt as first written
                side = side_spelling.setdefault(side.casefold(), side)
        seats.append(Seat(name, side))
        rows.append(row)
    if len(seats) < MIN_PLAYERS:
        errors["players"] = "Name at least two players."
    elif partnership:
        seats = named_sides(form, [(seat.name, seat.team or "") for seat in seats], errors)
    return seats, rows


def _dealer(form: Form, seats: list[Seat], rows: list[int], errors: Errors) -> str | None:
    chosen = _first(form, "dealer").strip()
    if not chosen:
        return None
    if not _is_digits(chosen) or int(chosen) not in rows:
        errors["dealer"] = "Choose one of the players, or nobody yet."
        return None
    return seats[rows.index(int(chosen))].name


def options_stale(form: Form) -> bool:
    """Whether the option inputs were filled for another preset than the one picked."""
    shown = _first(form, "options_for")
    return bool(shown) and shown != _first(form, "preset")


def parse_new_game(form: Form, today: date) -> NewGame:
    """The game the form asks for, or :class:`FormInvalid` with a message per field."""
    errors: Errors = {}
    preset_id = _first(form, "preset")
    preset = PRESETS.get(preset_id)
    options: dict[str, Any] = {}
    if preset is None:
        errors["preset"] = "Choose one of the games."
        rules = PRESETS[DEFAULT_PRESET].rules
    elif options_stale(form):
        errors["preset"] = (
            f"The house rules below are now {preset.name}'s: check them, then start the game."
        )
        rules = preset.rules
    else:
        options, rules = read_options(form, preset.rules, errors)
    name = read_name(form, "name", MAX_GAME_NAME, errors)
    seats, rows = _players(form, rules.partnership, errors)
    dealer = _dealer(form, seats, rows, errors)
    if rules.partnership and not errors:
        try:  # seated so that partners sit across
            seats = [Seat(n, t) for n, t in seat_sides([(s.name, s.team or "") for s in seats])]
        except SeatingError as error:
            errors["sides"] = f"{str(error)[:1].upper()}{str(error)[1:]}."
    if not errors:
        try:
            sides(rules, seats)
        except StandingsError as error:
            errors["players"] = f"{str(error)[:1].upper()}{str(error)[1:]}."
    if errors or preset is None:
        raise FormInvalid(errors)
    return NewGame(name or default_name(preset, today), preset.id, rules, options, seats, dealer)


# --- the option inputs -----------------------------------------------------------------------


def _words(value: str) -> list[str]:
    return [word for word in re.split(r"[\s,;]+", value.strip()) if word]


def _pairs(text: str) -> dict[str, Any]:
    """``QS:45, 8H=10`` → ``{"QS": 45, "8H": 10}``."""
    pairs: dict[str, Any] = {}
    for word in _words(text):
        key, sep, value = word.replace("=", ":").partition(":")
        if not sep or not key or not re.fullmatch(r"-?\d+", value):
            raise ValueError(f"write each as name:number, such as QS:45 (not {word!r})")
        pairs[key.upper() if key.lower() != "other" else "other"] = int(value)
    return pairs


def _format_pairs(value: Any) -> str:
    return ", ".join(f"{key}:{number}" for key, number in dict(value).items())


def _number(text: str, optional: bool) -> Any:
    text = text.strip()
    if not text:
        if optional:
            return None
        raise ValueError("enter a number")
    if not re.fullmatch(r"[+-]?\d{1,9}", text):
        raise ValueError(f"{text!r} is not a whole number")
    return int(text)


def _label(choice: str | int) -> str:
    return str(choice).replace("_", " ")


def _select_reader(option: Option) -> Callable[[str], Any]:
    """A select's value as JSON: empty is none (when the option may be null), digits a number
    (when the option's values are numbers), anything else the text itself."""
    numbers = any(isinstance(choice, int) for choice in option.choices)

    def read(text: str) -> Any:
        if not text and option.optional:
            return None
        return int(text) if numbers and _is_digits(text) else text

    return read


def _number_or_word(text: str) -> Any:
    return _number(text, False) if text.strip().lstrip("+-").isdigit() else text.strip()


@dataclass(frozen=True)
class _Kind:
    """How one option is shown and read back."""

    kind: InputKind
    choices: tuple[tuple[str, str], ...] = ()
    hint: str = ""
    read: Callable[[str], Any] = lambda text: text
    show: Callable[[Any], str] = lambda value: "" if value is None else str(value)


def _kind(option: Option) -> _Kind:
    """The input for an option, as its declaration (:attr:`Option.entry`) asks."""
    match option.entry:
        case "checkbox":
            return _Kind("checkbox")
        case "points":
            return _Kind("points")
        case "select":
            choices = tuple((str(choice), _label(choice)) for choice in option.choices)
            if option.optional:
                choices = (("", "none"), *choices)
            return _Kind("select", choices, read=_select_reader(option))
        case "number":
            optional = option.optional
            return _Kind(
                "number",
                hint="empty: none" if optional else "",
                read=lambda text: _number(text, optional),
            )
        case "list":
            return _Kind("text", hint=option.hint, read=_words, show=" ".join)
        case "pairs":
            return _Kind("text", hint=option.hint, read=_pairs, show=_format_pairs)
        case "number_or_choice":
            words = " or ".join(map(str, option.choices))
            return _Kind("text", hint=option.hint or f"a number, or {words}", read=_number_or_word)


_KINDS: dict[str, _Kind] = {name: _kind(option) for name, option in OPTIONS.items()}


def _raw_value(form: Form, option: str) -> Any:
    """The JSON value the form sends for an option; KeyError when it is not sent."""
    kind = _KINDS[option]
    if kind.kind == "checkbox":
        if not _sent(form, option_field(option)):
            raise KeyError(option)
        return "1" in (form.get(option_field(option)) or [])
    if kind.kind == "points":
        points = {
            rank: _first(form, f"{option_field(option)}-{rank}")
            for rank in RANKS
            if _sent(form, f"{option_field(option)}-{rank}")
        }
        if not points:
            raise KeyError(option)
        return {rank: _number(text, False) for rank, text in points.items()}
    if not _sent(form, option_field(option)):
        raise KeyError(option)
    return kind.read(_first(form, option_field(option)))


def read_options(form: Form, base: Rules, errors: Errors) -> tuple[dict[str, Any], Rules]:
    """The options the form changes from ``base`` (the preset's rules), and the rules they make.

    Each bad value is put in ``errors`` under its field; the rules are then ``base``.
    """
    changed: dict[str, Any] = {}
    for name in OPTIONS:
        try:
            value = _raw_value(form, name)
        except KeyError:
            continue  # not sent: the preset's value
        except ValueError as error:
            errors[option_field(name)] = f"{str(error)[:1].upper()}{str(error)[1:]}."
            continue
        try:
            alone = base.with_options({name: value})
        except RulesError as error:
            errors[option_field(name)] = f"{str(error)[:1].upper()}{str(error)[1:]}."
            continue
        if getattr(alone, name) != getattr(base, name):
            changed[name] = OPTIONS[name].dump(getattr(alone, name))
    if any(key.startswith("opt-") for key in errors):
        return changed, base
    try:
        return changed, base.with_options(changed)
    except RulesError as error:  # options that do not go together (max_set below min_set)
        errors[option_field(error.option or "")] = f"{str(error)[:1].upper()}{str(error)[1:]}."
        return changed, base


@dataclass(frozen=True)
class OptionInput:
    """One option's input, as the template draws it."""

    option: str  # the option's name in RULES.md
    field: str  # the form field
    label: str
    kind: InputKind
    value: str  # what the input holds (a checkbox: "1" when ticked)
    choices: tuple[tuple[str, str], ...] = ()
    hint: str = ""
    points: tuple[tuple[str, str, str], ...] = ()  # card_points: (rank, field, value)
    changed: bool = False  # differs from the preset's value

    @property
    def checked(self) -> bool:
        return self.value == "1"


@dataclass(frozen=True)
class OptionGroup:
    name: str
    inputs: list[OptionInput] = field(default_factory=list)

    @property
    def changed(self) -> int:
        return sum(1 for item in self.inputs if item.changed)

    def has_error(self, errors: Mapping[str, str]) -> bool:
        return any(item.field in errors for item in self.inputs)


def _shown(option: Option, rules: Rules) -> str:
    kind = _KINDS[option.name]
    value = getattr(rules, option.name)
    if kind.kind == "checkbox":
        return "1" if value else ""
    return kind.show(value)


def option_groups(base: Rules, form: Form | None = None) -> list[OptionGroup]:
    """Every option's input, grouped as :func:`~scorekeeper.engine.rules.option_groups` gives
    them: holding ``base``'s values, or what ``form`` sent (a form sent back with errors)."""
    groups = []
    points_of = dict(zip(RANKS, base.card_points, strict=True))
    for group_name, options in rule_groups().items():
        inputs = []
        for option in options:
            kind = _KINDS[option.name]
            shown = _shown(option, base)
            value = shown
            points: tuple[tuple[str, str, str], ...] = ()
            if kind.kind == "points":
                sent = {
                    rank: _first(form, f"{option_field(option.name)}-{rank}")
                    if form is not None and _sent(form, f"{option_field(option.name)}-{rank}")
                    else str(points_of[rank])
                    for rank in RANKS
                }
                points = tuple(
                    (rank, f"{option_field(option.name)}-{rank}", sent[rank]) for rank in RANKS
                )
                changed = any(sent[rank].strip() != str(points_of[rank]) for rank in RANKS)
            else:
                if form is not None and _sent(form, option_field(option.name)):
                    values = form.get(option_field(option.name)) or []
                    value = (
                        ("1" if "1" in values else "")
                        if kind.kind == "checkbox"
                        else (_first(form, option_field(option.name)))
                    )
                changed = value.strip() != shown
            inputs.append(
                OptionInput(
                    option=option.name,
                    field=option_field(option.name),
                    label=f"{option.label[:1].upper()}{option.label[1:]}",
                    kind=kind.kind,
                    value=value,
                    choices=kind.choices,
                    hint=kind.hint,
                    points=points,
                    changed=changed,
                )
            )
        groups.append(OptionGroup(group_name, inputs))
    return groups
