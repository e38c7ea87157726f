"""Players across games: a person is known by name, and two names can be one person.

Names are matched by their :func:`name_key` ("ann", " Ann " and "ANN" are one name). When
someone typed "Ann" one week and "Annie" the next, :func:`merge` records that "Annie" is "Ann"
(a :class:`.models.PlayerAlias`); :func:`separate` takes that back. Merges live in a *scope*:
:data:`HOUSEHOLD` on a household server (everyone shares every game), else one browser's own
(``browser:<id>``), so that two groups of friends on one hosted server never merge each other's
names. A merge never changes a game: the seats keep the names as typed, only the history and the
stats see one person.

May import: the engine, Flask-SQLAlchemy (as the rest of the store).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import delete, select

from .db import db
from .models import PlayerAlias

#: The scope of a household server's merges.
HOUSEHOLD = "household"
#: The longest name (the player column's width).
NAME_LENGTH = 40


class PeopleError(ValueError):
    """A merge that cannot be made (a name merged into itself, an empty name)."""


def name_key(name: str) -> str:
    """A name as it is matched across games: spaces trimmed and collapsed, case folded.

    >>> name_key("  Ann  Marie "), name_key("ANN marie")
    ('ann marie', 'ann marie')
    """
    return " ".join(name.split()).casefold()[:NAME_LENGTH]


def browser_scope() -> str:
    """A new browser's scope (its id is kept in its session)."""
    return "browser:" + secrets.token_urlsafe(16)


@dataclass(frozen=True)
class People:
    """Who is who within a scope: each name's person (the merges), and how a person is shown."""

    scope: str
    merged: dict[str, str]  # a merged name's key -> the person's name as given when merging
    names: dict[str, str]  # a person's key -> the name shown for them

    def key(self, name: str) -> str:
        """The key of the person playing under ``name``."""
        key = name_key(name)
        person = self.merged.get(key)
        return key if person is None else name_key(person)

    def person(self, name: str) -> str:
        """The name shown for the person playing under ``name``."""
        key = self.key(name)
        return self.names.get(key, self.merged.get(name_key(name), name))

    def same(self, name: str, other: str) -> bool:
        return self.key(name) == self.key(other)

    def aliases(self) -> list[tuple[str, str]]:
        """(name, person) for each merge, by person then name."""
        return sorted(
            ((self.names.get(key, key), person) for key, person in self.merged.items()),
            key=lambda pair: (name_key(pair[1]), name_key(pair[0])),
        )


def people(scope: str, seen: Iterable[str] = ()) -> People:
    """The scope's merges; ``seen`` are the names as played (newest first): a person is shown
    as a merge named them, else by the newest spelling seen."""
    rows = db.session.execute(
        select(PlayerAlias.key, PlayerAlias.name, PlayerAlias.person).where(
            PlayerAlias.scope == scope
        )
    ).all()
    merged = {key: person for key, _, person in rows}
    names: dict[str, str] = {}
    for key, name, _ in rows:
        names.setdefault(key, name)
    for person in merged.values():
        names[name_key(person)] = person
    for name in seen:
        names.setdefault(name_key(name), " ".join(name.split()))
    return People(scope, merged, names)


def merge(scope: str, name: str, into: str) -> None:
    """Record that ``name`` is the same person as ``into`` (within ``scope``). Names merged into
    ``name`` before follow it; ``into`` may itself be a merged name (its person is taken)."""
    name, into = " ".join(name.split()), " ".join(into.split())
    if not name or not into:
        raise PeopleError("Choose two names to merge.")
    current = people(scope)
    person = current.person(into) if name_key(into) in current.merged else into
    key, target = name_key(name), name_key(person)
    if key == target:
        raise PeopleError(f"{name} and {into} are already one person.")
    try:
        for row in db.session.scalars(select(PlayerAlias).where(PlayerAlias.scope == scope)):
            if name_key(row.person) == key:  # merged into `name` before: now into `person`
                row.person = person
        db.session.execute(
            delete(PlayerAlias).where(
                PlayerAlias.scope == scope, PlayerAlias.key.in_([key, target])
            )
        )
        db.session.add(
            PlayerAlias(scope=scope, key=key, name=name[:NAME_LENGTH], person=person[:NAME_LENGTH])
        )
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise


def separate(scope: str, name: str) -> bool:
    """Take back the merge of ``name`` (it is its own person again); whether there was one."""
    try:
        result = db.session.execute(
            delete(PlayerAlias).where(PlayerAlias.scope == scope, PlayerAlias.key == name_key(name))
        )
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    return bool(getattr(result, "rowcount", 0))
