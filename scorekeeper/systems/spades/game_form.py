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

from datetime import date

from ...web.family_form import NewFamilyGame, family_option_groups, parse_new_family_game
from ...web.game_form import Form, OptionGroup
from .presets import SPADES_OPTIONS, SPADES_PRESETS, with_options
from .rules import SpadesRules

#: Spades seats four: the form shows four player rows.
SPADES_PLAYERS = 4


def _players_problem(rules: SpadesRules, named: int) -> str | None:
    return None if named == SPADES_PLAYERS else "Spades is for four players: name four."


def parse_new_spades_game(form: Form, today: date) -> NewFamilyGame[SpadesRules]:
    """The Spades game the form asks for, or :class:`FormInvalid` with a message per field:
    four players seated so that partners sit across."""
    return parse_new_family_game(
        form,
        today,
        SPADES_PRESETS,
        SPADES_OPTIONS,
        with_options,
        rows=SPADES_PLAYERS,
        players_problem=_players_problem,
        in_sides=lambda rules: True,
    )


def spades_option_groups(base: SpadesRules, form: Form | None = None) -> list[OptionGroup]:
    """Spades' options as one group of inputs, holding ``base``'s values or what ``form`` sent."""
    return family_option_groups("spades", base, SPADES_OPTIONS, form)
