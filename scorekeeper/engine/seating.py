"""Seating sides as the table chose them: partners sit across, every side the same size.

A table names its sides ("Ann and Bob against Cy and Dee"); the seats then go round the table
taking one player of each side in turn, so that partners sit across (seats 1 and 3, 2 and 4 at
four) and play alternates between the sides. The sides keep the names the table gave them.

>>> seat_sides([("Ann", "NS"), ("Bob", "NS"), ("Cy", "EW"), ("Dee", "EW")])
[('Ann', 'NS'), ('Cy', 'EW'), ('Bob', 'NS'), ('Dee', 'EW')]

Three sides of two at six seats sit across too (seats 1 and 4, 2 and 5, 3 and 6):

>>> [name for name, _ in seat_sides([("A", "x"), ("B", "y"), ("C", "z"),
...                                  ("D", "x"), ("E", "y"), ("F", "z")])]
['A', 'B', 'C', 'D', 'E', 'F']

Sides that cannot sit so are refused, naming them:

>>> seat_sides([("Ann", "Ann"), ("Bob", "Bob")])
Traceback (most recent call last):
  ...
scorekeeper.engine.seating.SeatingError: side Ann has 1 player and side Bob has 1 player: a side \
needs two players or more

>>> seat_sides([("Ann", "NS"), ("Bob", "NS"), ("Cy", "NS"), ("Dee", "EW")])
Traceback (most recent call last):
  ...
scorekeeper.engine.seating.SeatingError: side NS has 3 players and side EW has 1 player: \
every side needs as many players as the others (two and two at four), so that partners sit across
"""

from __future__ import annotations

from collections.abc import Sequence


class SeatingError(ValueError):
    """Sides that cannot be seated as given (the message names them)."""


def _count(side: str, players: int) -> str:
    return f"side {side} has {players} player{'s' if players != 1 else ''}"


def seat_sides(
    players: Sequence[tuple[str, str]], *, sides: int | None = None
) -> list[tuple[str, str]]:
    """The players (name, side) in seat order: one of each side in turn, the sides in the order
    they were first named, each side's players in the order given. ``sides``: how many sides
    the game needs (any number of two or more when None). A SeatingError names a side that is
    alone, bigger or smaller than the others, or sides of the wrong number.

    >>> seat_sides([("Ann", "Us"), ("Bob", "Them"), ("Cy", "Them")])
    Traceback (most recent call last):
      ...
    scorekeeper.engine.seating.SeatingError: side Us has 1 player and side Them has 2 players: \
every side needs as many players as the others, so that partners sit across
    >>> seat_sides([("A", "x"), ("B", "x"), ("C", "y"), ("D", "y"), ("E", "z"), ("F", "z")],
    ...            sides=2)
    Traceback (most recent call last):
      ...
    scorekeeper.engine.seating.SeatingError: this game is played by 2 sides, not 3 (x, y, z)
    """
    members: dict[str, list[str]] = {}
    for name, side in players:
        members.setdefault(side, []).append(name)
    if sides is not None and len(members) != sides:
        raise SeatingError(
            f"this game is played by {sides} sides, not {len(members)} ({', '.join(members)})"
        )
    if len(members) < 2:
        raise SeatingError(f"partners need at least two sides, not only {next(iter(members), '')}")
    sizes = {len(names) for names in members.values()}
    counts = " and ".join(_count(side, len(names)) for side, names in members.items())
    if len(sizes) > 1:
        four = " (two and two at four)" if len(players) == 4 else ""
        raise SeatingError(
            f"{counts}: every side needs as many players as the others{four}, "
            "so that partners sit across"
        )
    if sizes == {1}:
        raise SeatingError(f"{counts}: a side needs two players or more")
    (size,) = sizes
    return [(members[side][turn], side) for turn in range(size) for side in members]
