"""How a house-rule option is declared, and how its JSON value is read and written: the
machinery :class:`~.rules.Rules` declares its fields with.

:func:`option` declares a field of the rules as an option (its form group, how the new-game form
takes it, what it means, its range); :func:`_declared_option` derives from the field and its type
the :class:`Option` every reader of the options asks: the function that reads its JSON value (or
raises a :class:`RulesError` naming the option), the one that writes it, its choices. A
declaration that cannot work (a default that is not one of its values, a select of numbers
without a highest) is refused when the module is imported, not when a game is made.

>>> read = _int(1, 10)
>>> read("target", 5)
5
>>> read("target", 11)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
scorekeeper.engine.rule_options.RulesError: option 'target' takes a whole number from 1 to 10...
"""

from __future__ import annotations

import dataclasses
import difflib
import types
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar, Union, get_args, get_origin

from .cards import RANKS, Card, CardError, parse_rank

JSON = Any


#: Reads an option's JSON value (the option's name first, for the message) or raises RulesError.
Parse = Callable[[str, JSON], Any]


#: Writes an option's value as JSON.
Dump = Callable[[Any], JSON]


_T = TypeVar("_T")


class RulesError(ValueError):
    """An unknown option, or a bad value for one; the message names it."""

    def __init__(self, message: str, option: str | None = None) -> None:
        super().__init__(message)
        self.option = option


def unknown_option(name: object, known: Iterable[str], listed_as: str) -> RulesError:
    """The error for an option no one declared: the closest name it may have meant, else every
    name (``listed_as``: "the options", "Spades' options" …).

    >>> str(unknown_option("targt", ["target", "tie_rule"], "the options"))
    "unknown option 'targt' (did you mean 'target'?)"
    """
    names = list(known)
    close = difflib.get_close_matches(str(name), names, n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else f"; {listed_as} are {', '.join(names)}"
    return RulesError(f"unknown option {name!r}{hint}", str(name))


# --- how an option is entered ---------------------------------------------------------------------

#: The groups of the settings form, in RULES.md order.
GroupName = Literal["deck", "melds", "wild cards", "points", "round scoring", "ending", "dealing"]


GROUPS: tuple[GroupName, ...] = get_args(GroupName)


#: How the new-game form takes an option: one of its values from a list (``select``), a tick
#: (``checkbox``), a whole number (``number``; empty for none when the option may be null), a
#: number per rank (``points``), words such as ranks or cards (``list``), ``name:number`` pairs
#: (``pairs``), or a whole number or one of the option's words (``number_or_choice``).
Entry = Literal["select", "checkbox", "number", "points", "list", "pairs", "number_or_choice"]


# --- reading option values ------------------------------------------------------------------------


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(low: int, high: int | None = None) -> Callable[[str, JSON], int]:
    def parse(name: str, value: JSON) -> int:
        if not _is_int(value) or value < low or (high is not None and value > high):
            bound = f"from {low} to {high}" if high is not None else f"{low} or more"
            raise RulesError(f"option {name!r} takes a whole number {bound}, not {value!r}", name)
        return int(value)

    return parse


def _optional(parse: Callable[[str, JSON], Any]) -> Callable[[str, JSON], Any]:
    def parse_optional(name: str, value: JSON) -> Any:
        return None if value is None else parse(name, value)

    return parse_optional


def _bool(name: str, value: JSON) -> bool:
    if not isinstance(value, bool):
        raise RulesError(f"option {name!r} takes true or false, not {value!r}", name)
    return value


def _rank(name: str, value: JSON) -> str:
    try:
        return parse_rank(value) if isinstance(value, str) else parse_rank(str(int(value)))
    except (CardError, ValueError, TypeError):
        raise RulesError(
            f"option {name!r} takes ranks ({' '.join(RANKS)}), not {value!r}", name
        ) from None


def _ranks(name: str, value: JSON) -> tuple[str, ...]:
    if not isinstance(value, (list, tuple)):
        raise RulesError(f'option {name!r} takes a list of ranks, such as ["2"]', name)
    ranks = {_rank(name, item) for item in value}
    return tuple(rank for rank in RANKS if rank in ranks)


def _cards(name: str, value: JSON) -> tuple[str, ...]:
    if not isinstance(value, (list, tuple)):
        raise RulesError(f'option {name!r} takes a list of cards, such as ["JS", "JH"]', name)
    try:
        return tuple(sorted({Card.from_code(item).code() for item in value}))
    except CardError as error:
        raise RulesError(f"option {name!r}: {error}", name) from None


#: The largest number any option takes (points, bonuses, targets): a player's total for a round,
#: stored as a 32-bit integer, then fits (216 cards of four packs at this, doubled twice, is
#: 86 million; the largest such integer is 2,147 million).
MOST = 100_000


def _card_points(name: str, value: JSON) -> tuple[int, ...]:
    # A partial mapping is merged over the preset's points by with_options; here it must be whole.
    if not isinstance(value, Mapping):
        raise RulesError(f'option {name!r} takes points per rank, such as {{"A": 15}}', name)
    points = {
        _rank(name, rank): _int(0, MOST)(f"{name}.{rank}", pts) for rank, pts in value.items()
    }
    missing = [rank for rank in RANKS if rank not in points]
    if missing:
        raise RulesError(f"option {name!r} has no points for {' '.join(missing)}", name)
    return tuple(points[rank] for rank in RANKS)


def _card_overrides(name: str, value: JSON) -> tuple[tuple[str, int], ...]:
    if not isinstance(value, Mapping):
        raise RulesError(f'option {name!r} takes points per card, such as {{"QS": 45}}', name)
    try:
        parsed = {
            Card.from_code(code).code(): _int(0, MOST)(f"{name}.{code}", pts)
            for code, pts in value.items()
        }
    except CardError as error:
        raise RulesError(f"option {name!r}: {error}", name) from None
    return tuple(sorted(parsed.items()))


def _hand_size(name: str, value: JSON) -> tuple[tuple[str, int], ...]:
    if not isinstance(value, Mapping) or "other" not in value:
        raise RulesError(
            f'option {name!r} takes cards per player count with an "other" entry, '
            'such as {"2": 13, "other": 7}',
            name,
        )
    sizes: dict[str, int] = {}
    for key, size in value.items():
        if key != "other" and not (str(key).isdigit() and 2 <= int(key) <= 8):
            raise RulesError(
                f'option {name!r}: {key!r} is not a player count (2-8) or "other"', name
            )
        sizes[str(key)] = _int(1, 52)(f"{name}.{key}", size)
    return tuple(sorted(sizes.items()))


def _choice(choices: tuple[str | int, ...]) -> Parse:
    def parse(name: str, value: JSON) -> str | int:
        if isinstance(value, bool) or value not in choices:
            raise RulesError(
                f"option {name!r} takes one of {', '.join(map(str, choices))}, not {value!r}", name
            )
        return choices[choices.index(value)]

    return parse


def _number_or_word(words: tuple[str | int, ...], low: int, high: int | None, takes: str) -> Parse:
    def parse(name: str, value: JSON) -> int | str:
        if isinstance(value, str) and value in words:
            return value
        if not _is_int(value) or value < low or (high is not None and value > high):
            raise RulesError(f"option {name!r} takes {takes}, not {value!r}", name)
        return int(value)

    return parse


# --- writing option values ------------------------------------------------------------------------


def _dump_card_points(value: Any) -> JSON:
    return dict(zip(RANKS, value, strict=True))


def _same(value: Any) -> JSON:
    return value


def _dump_pairs(value: Any) -> JSON:
    return dict(value)


def _dump_list(value: Any) -> JSON:
    return list(value)


# --- declaring an option --------------------------------------------------------------------------

_DECLARED = "option"  # the key of the declaration in a field's metadata


@dataclass(frozen=True)
class _Declared:
    group: GroupName
    entry: Entry
    label: str
    low: int
    high: int | None
    values: tuple[str, ...]
    takes: str
    hint: str
    parse: Parse | None
    dump: Dump | None


def option(
    default: _T,
    group: GroupName,
    entry: Entry,
    label: str,
    *,
    low: int = 0,
    high: int | None = None,
    values: tuple[str, ...] = (),
    takes: str = "",
    hint: str = "",
    parse: Parse | None = None,
    dump: Dump | None = None,
) -> _T:
    """Declare a field of :class:`Rules` as a house-rule option named as the field.

    ``default`` is the ``rummy500`` preset's value, ``group`` the settings form's group, ``entry``
    how the form takes it, ``label`` what it means. The values it takes follow the field's type: a
    ``bool``; a whole number from ``low`` to ``high``; a ``Literal``'s values; ``None`` (JSON null)
    when the type admits it. ``values`` lists the values of a select that the type does not spell
    (ranks); ``takes`` is what a number-or-word option's error says it takes (``{words}``,
    ``{low}`` and ``{high}`` filled in); ``hint`` says what to type in a ``list`` or ``pairs``
    input; ``parse`` and ``dump`` read and write a value the type alone does not describe (cards,
    points per rank). The JSON of a tuple is a list, of a tuple of pairs an object.
    """
    declared = _Declared(group, entry, label, low, high, values, takes, hint, parse, dump)
    return field(default=default, metadata={_DECLARED: declared})


@dataclass(frozen=True)
class Option:
    """One house-rule option, as its field of :class:`Rules` declares it."""

    name: str
    group: GroupName
    entry: Entry
    label: str
    default: Any  # the rummy500 preset's value
    #: A select's values, in order; a number-or-word option's words; otherwise empty.
    choices: tuple[str | int, ...]
    optional: bool  # null (None) is a value: "none"
    low: int  # the range of a whole number
    high: int | None
    hint: str
    parse: Parse
    dump: Dump


def _members(annotation: Any) -> tuple[Any, ...]:
    """The types a field's annotation unites (``int | None`` -> ``int, NoneType``)."""
    if get_origin(annotation) in (Union, types.UnionType):
        return get_args(annotation)
    return (annotation,)


def _declared_option(declared_field: dataclasses.Field[Any], annotation: Any) -> Option:
    name = declared_field.name
    declared: _Declared = declared_field.metadata[_DECLARED]
    members = tuple(member for member in _members(annotation) if member is not type(None))
    optional = len(members) < len(_members(annotation))
    words = tuple(
        word for member in members if get_origin(member) is Literal for word in get_args(member)
    )
    numbers = int in members
    low, high = declared.low, declared.high
    if high is None and numbers and declared.entry != "select":
        high = MOST  # every number has a highest, so that totals fit the database
    parse: Parse
    if declared.parse is not None:
        parse = declared.parse
    elif members == (bool,):
        parse = _bool
    elif members == (int,):
        parse = _int(low, high)
    elif words and numbers:
        takes = declared.takes.format(words=" or ".join(map(str, words)), low=low, high=high)
        parse = _number_or_word(words, low, high, takes)
    elif words and len(members) == 1:
        parse = _choice(words)
    elif declared.values and members == (str,):
        parse = _choice(declared.values)
    else:
        raise TypeError(f"option {name!r}: nothing says how to read a {annotation}")
    if optional:
        parse = _optional(parse)
    dump = declared.dump
    if dump is None:
        dump = _same
        if get_origin(members[0]) is tuple:
            dump = _dump_pairs if get_origin(get_args(members[0])[0]) is tuple else _dump_list
    choices: tuple[str | int, ...] = ()
    if declared.entry == "select":
        if numbers and high is None:
            raise TypeError(f"option {name!r}: a select of numbers needs a highest")
        span = range(low, high + 1) if numbers and high is not None else range(0)
        choices = (*words, *declared.values, *span)
    elif declared.entry == "number_or_choice":
        choices = words
    kinds: dict[Entry, bool] = {
        "select": bool(choices),
        "checkbox": members == (bool,),
        "number": members == (int,),
        "number_or_choice": bool(words) and numbers,
    }
    if not kinds.get(declared.entry, True):
        raise TypeError(f"option {name!r}: a {declared.entry} input cannot take a {annotation}")
    if parse(name, dump(declared_field.default)) != declared_field.default:
        raise TypeError(f"option {name!r}: its default is not one of its values")
    return Option(
        name,
        declared.group,
        declared.entry,
        declared.label,
        declared_field.default,
        choices,
        optional,
        low,
        high,
        declared.hint,
        parse,
        dump,
    )
