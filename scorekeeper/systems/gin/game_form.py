"""The new-game form for Gin (no Flask in here): two players, or four in two sides of two for
partnership gin (partners across), and Gin's own options (:data:`~.rules.GIN_OPTIONS`), read
and drawn like every family's (:mod:`scorekeeper.web.family_form`).

>>> game = parse_new_gin_game({"preset": ["gin-oklahoma"], "player-0": ["Ann"],
...     "player-1": ["Bob"], "opt-undercut_bonus": ["20"]}, date(2026, 12, 1))
>>> game.name, game.players, game.rules.oklahoma, game.rules.undercut_bonus, game.options
('Oklahoma Gin, 1 Dec', ['Ann', 'Bob'], True, 20, {'undercut_bonus': 20})
>>> parse_new_gin_game({"preset": ["gin"], "player-0": ["Ann"]}, date(2026, 12, 1))
Traceback (most recent call last):
...
scorekeeper.web.game_form.FormInvalid: {'players': 'Gin is for two players: name two.'}
"""

from __future__ import annotations

from datetime import date

from ...web.family_form import NewFamilyGame, family_option_groups, parse_new_family_game
from ...web.game_form import Form, OptionGroup
from .rules import GIN_OPTIONS, GIN_PRESETS, GinRules, with_options


def _players_problem(rules: GinRules, named: int) -> str | None:
    if rules.partnership:
        return None if named == 4 else "Partnership gin is four players in two sides: name four."
    return None if named == 2 else "Gin is for two players: name two."


def parse_new_gin_game(form: Form, today: date) -> NewFamilyGame[GinRules]:
    """The Gin game the form asks for, or :class:`FormInvalid` with a message per field: two
    players, or four seated so that partners sit across."""
    return parse_new_family_game(
        form,
        today,
        GIN_PRESETS,
        GIN_OPTIONS,
        with_options,
        rows=4,
        players_problem=_players_problem,
        in_sides=lambda rules: rules.partnership,
    )


def gin_option_groups(base: GinRules, form: Form | None = None) -> list[OptionGroup]:
    """Gin's options as one group of inputs, holding ``base``'s values or what ``form`` sent."""
    return family_option_groups("gin", base, GIN_OPTIONS, form)
