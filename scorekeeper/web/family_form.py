"""The new-game form's options for a family that lists its own (:class:`FamilyOption`: Spades,
Gin), read and drawn like the rummy options (:mod:`.game_form`: the same fields,
``opt-<option>``, and errors). No Flask in here.

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
from typing import Any, TypeVar

from ..engine.options import FamilyOption
from ..engine.rules import RulesError
from .game_form import Errors, Form, OptionGroup, OptionInput, _first, _sent, option_field

RulesT = TypeVar("RulesT")


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
