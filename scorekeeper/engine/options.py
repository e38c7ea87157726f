"""A game family's house-rule options, read and written as JSON the way the rummy options of
:mod:`.rules` are, and refused the same way (a :class:`~.rules.RulesError` naming the option).

Each family keeps its rules in a frozen dataclass whose fields are its options; a table of
:class:`FamilyOption` says how each is entered on a form, what it means and what it takes.
:func:`with_options` changes some, :func:`stored` and :func:`from_stored` write and read a
game's snapshot (``{"game": <family>, ...every option}``).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Toy:
...     target: int = 100
...     doubled: bool = False
>>> TABLE = {o.name: o for o in (FamilyOption("target", "number", "score to reach", low=1),
...                                FamilyOption("doubled", "checkbox", "doubled"))}
>>> with_options(Toy(), TABLE, {"target": 250}, "Toy").target
250
>>> stored("toy", Toy(), TABLE)
{'game': 'toy', 'target': 100, 'doubled': False}
>>> with_options(Toy(), TABLE, {"targt": 5}, "Toy")
Traceback (most recent call last):
...
scorekeeper.engine.rule_options.RulesError: unknown option 'targt' (did you mean 'target'?)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from .rules import MOST, RulesError, unknown_option

Entry = Literal["number", "select", "checkbox"]
RulesT = TypeVar("RulesT")


@dataclass(frozen=True)
class FamilyOption:
    """One option: its name (a field of the family's rules), how a form takes it, what it
    means, and the values it takes."""

    name: str
    entry: Entry
    label: str
    low: int = 0
    high: int = MOST
    choices: tuple[str, ...] = ()
    optional: bool = False  # null (none) is a value

    def parse(self, value: Any) -> Any:
        """The option's value from JSON, or a RulesError naming the option."""
        name = self.name
        if value is None and self.optional:
            return None
        if self.entry == "checkbox":
            if not isinstance(value, bool):
                raise RulesError(f"option {name!r} takes true or false, not {value!r}", name)
            return value
        if self.entry == "select":
            if value not in self.choices:
                raise RulesError(
                    f"option {name!r} takes one of {', '.join(self.choices)}, not {value!r}", name
                )
            return value
        if (
            not isinstance(value, int)
            or isinstance(value, bool)
            or not self.low <= value <= self.high
        ):
            none = " or null (none)" if self.optional else ""
            raise RulesError(
                f"option {name!r} takes a whole number from {self.low} to {self.high}{none}, "
                f"not {value!r}",
                name,
            )
        return value


def with_options(
    rules: RulesT, table: Mapping[str, FamilyOption], options: Mapping[str, Any], family: str
) -> RulesT:
    """``rules`` with ``options`` (JSON values, named as in RULES.md) changed; ``family`` names
    the game in the message for an unknown option."""
    if not isinstance(options, Mapping):
        raise RulesError("options must be an object of option names and values")
    changes: dict[str, Any] = {}
    for name, value in options.items():
        option = table.get(name)
        if option is None:
            raise unknown_option(name, table, f"{family}'s options")
        changes[name] = option.parse(value)
    return dataclasses.replace(rules, **changes)  # type: ignore[type-var]


def stored(game: str, rules: object, table: Mapping[str, FamilyOption]) -> dict[str, Any]:
    """The rules as a game stores them: the family's marker, then every option."""
    return {"game": game} | {name: getattr(rules, name) for name in table}


def from_stored(
    default: RulesT, table: Mapping[str, FamilyOption], snapshot: Mapping[str, Any], family: str
) -> RulesT:
    """Rules a game stored (:func:`stored`); missing options keep ``default``'s."""
    return with_options(default, table, {k: v for k, v in snapshot.items() if k != "game"}, family)
