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

from dataclasses import dataclass
from datetime import date
from typing import Any

from ...web.family_form import family_option_groups, read_family_options
from ...web.game_form import (
    MAX_GAME_NAME,
    MAX_NAME,
    Errors,
    Form,
    FormInvalid,
    OptionGroup,
    _first,
    options_stale,
    player_field,
    read_name,
)
from .rules import INDIAN_OPTIONS, INDIAN_PRESETS, IndianRules, with_options

#: The player rows the form shows.
MOST_PLAYERS = 6


@dataclass(frozen=True)
class NewIndianGame:
    name: str
    preset: str
    rules: IndianRules
    options: dict[str, Any]  # the options changed from the preset's
    players: list[str]  # in seat order
    dealer: str | None


def parse_new_indian_game(form: Form, today: date) -> NewIndianGame:
    """The Indian game the form asks for, or :class:`FormInvalid` with a message per field."""
    errors: Errors = {}
    preset = INDIAN_PRESETS[_first(form, "preset")]
    options: dict[str, Any] = {}
    rules = preset.rules
    if options_stale(form):
        errors["preset"] = (
            f"The house rules below are now {preset.name}'s: check them, then start the game."
        )
    else:
        options, rules = read_family_options(
            form, preset.rules, INDIAN_OPTIONS, with_options, errors
        )
    name = read_name(form, "name", MAX_GAME_NAME, errors)
    players: list[str] = []
    rows: list[int] = []
    seen: set[str] = set()
    for row in range(MOST_PLAYERS):
        player = read_name(form, player_field(row), MAX_NAME, errors)
        if not player:
            continue
        if player_field(row) not in errors and player.casefold() in seen:
            errors[player_field(row)] = f"{player} is named twice: give each a different name."
        seen.add(player.casefold())
        players.append(player)
        rows.append(row)
    if len(players) < 2:
        errors["players"] = "Indian Rummy is for 2 to 6 players: name at least two."
    dealer = None
    chosen = _first(form, "dealer").strip()
    if chosen:
        if chosen.isascii() and chosen.isdigit() and int(chosen) in rows:
            dealer = players[rows.index(int(chosen))]
        else:
            errors["dealer"] = "Choose one of the players, or nobody yet."
    if errors:
        raise FormInvalid(errors)
    return NewIndianGame(
        name or f"{preset.name}, {today.day} {today:%b}",
        preset.id,
        rules,
        options,
        players,
        dealer,
    )


def indian_option_groups(base: IndianRules, form: Form | None = None) -> list[OptionGroup]:
    """Indian Rummy's options as one group of inputs, holding ``base``'s values or what
    ``form`` sent."""
    return family_option_groups("indian", base, INDIAN_OPTIONS, form)
