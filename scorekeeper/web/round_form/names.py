"""Players' names as the round form's narrow places show them (tabs, "Went out", the dealer):
short, and never cut into ambiguity. A name's distinct part (what follows the leading words it
shares with another name: the whole name when it shares none) if it fits; else the whole name,
its first or last word, its initials.

>>> short_names(["Grandma Jo", "Grandma Sue", "Uncle Bob", "Uncle Ben"])
('Jo', 'Sue', 'Bob', 'Ben')
>>> short_names(["Ann", "Bob", "Cy", "Dee"])
('Ann', 'Bob', 'Cy', 'Dee')
>>> short_names(["Mary Ann Smith", "Mary Ann Jones", "Bartholomew", "Bartholomeus"])
('Smith', 'Jones', 'Bartholomew', 'Bartholomeus')
>>> short_names(["Jo Anne", "Jo Ann", "Alexander Great", "Alexander Small"], limit=4)
('Anne', 'Ann', 'AG', 'AS')
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["limit_for", "short_names"]


def limit_for(players: int) -> int:
    """The characters a label has room for on a 390 px phone (tabs in up to four columns)."""
    return {1: 24, 2: 16, 3: 11}.get(players, 8)


def _shared(words: list[str], other: list[str]) -> int:
    """How many leading words two names share (never all of ``words``)."""
    count = 0
    while (
        count < len(words) - 1
        and count < len(other)
        and words[count].casefold() == other[count].casefold()
    ):
        count += 1
    return count


def _candidates(index: int, split: list[list[str]], names: Sequence[str]) -> list[str]:
    words = split[index]
    shared = max((_shared(words, w) for j, w in enumerate(split) if j != index), default=0)
    initials = "".join(word[:1] for word in words).upper()
    last = words[-1] if len(words[-1]) > 1 else ""
    out = [" ".join(words[shared:]), names[index], words[0], last, initials]
    return [c for c in dict.fromkeys(out) if c]


def short_names(names: Sequence[str], limit: int | None = None) -> tuple[str, ...]:
    """Each name's label: the first candidate (the module docstring) that fits ``limit`` and no
    other name's label takes; failing all, the whole name (the page may cut it)."""
    limit = limit_for(len(names)) if limit is None else limit
    split = [name.split() or [name] for name in names]
    options = [
        [c for c in _candidates(i, split, names) if len(c) <= limit] for i in range(len(names))
    ]
    labels = [opts[0] if opts else name for opts, name in zip(options, names, strict=True)]
    for _ in range(8):  # move the colliding ones on to their next candidate
        folded = [label.casefold() for label in labels]
        clashes = [i for i, label in enumerate(folded) if folded.count(label) > 1]
        if not clashes:
            break
        for i in clashes:
            rest = [c for c in options[i] if c.casefold() not in folded]
            labels[i] = rest[0] if rest else names[i]
    folded = [label.casefold() for label in labels]
    return tuple(
        label if folded.count(label.casefold()) == 1 else name
        for label, name in zip(labels, names, strict=True)
    )
