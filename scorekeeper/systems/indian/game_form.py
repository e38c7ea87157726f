"""The new-game form for Indian Rummy (no Flask in here): two to six players in seat order and
Indian Rummy's own options (:data:`~.rules.INDIAN_OPTIONS`), read and drawn like every family's
(:mod:`scorekeeper.web.family_form`).

>>> game = parse_new_indian_game({"preset": ["indian-pool-101"], "player-0": ["Ann"],
...     "player-1": ["Bob"], "player-2": ["Cy"]}, date(2026, 12, 1))
>>> game.name, game.players, game.rules.indian_variant
('Indian Rummy, pool 101, 1 Dec', ['Ann', 'Bob', 'Cy'], 'pool')
>>> parse_new_indian_game({"preset": ["indian-points"], "player-0": ["Ann"]}, date(2026, 12, 1))
Traceback (most recent call last):
...
scorekeeper.web.game_form.FormInvalid: {'players': 'Indian Rummy is for 2 to 6 players: name at least two.'}
"""  # noqa: E501 (a doctest's output line)

from __future__ import annotations

from datetime import date

from ...web.family_form import NewFamilyGame, family_option_groups, parse_new_family_game
from ...web.game_form import Form, OptionGroup
from .rules import INDIAN_OPTIONS, INDIAN_PRESETS, IndianRules, with_options

#: The player rows the form shows.
MOST_PLAYERS = 6


def _players_problem(rules: IndianRules, named: int) -> str | None:
    return None if named >= 2 else "Indian Rummy is for 2 to 6 players: name at least two."


def parse_new_indian_game(form: Form, today: date) -> NewFamilyGame[IndianRules]:
    """The Indian game the form asks for, or :class:`FormInvalid` with a message per field."""
    return parse_new_family_game(
        form,
        today,
        INDIAN_PRESETS,
        INDIAN_OPTIONS,
        with_options,
        rows=MOST_PLAYERS,
        players_problem=_players_problem,
    )


def indian_option_groups(base: IndianRules, form: Form | None = None) -> list[OptionGroup]:
    """Indian Rummy's options as one group of inputs, holding ``base``'s values or what
    ``form`` sent."""
    return family_option_groups("indian", base, INDIAN_OPTIONS, form)
