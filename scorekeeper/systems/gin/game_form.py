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

from dataclasses import dataclass
from datetime import date
from typing import Any

from ...engine.seating import SeatingError, seat_sides
from ...web.family_form import family_option_groups, message, read_family_options
from ...web.game_form import (
    MAX_GAME_NAME,
    MAX_NAME,
    Errors,
    Form,
    FormInvalid,
    OptionGroup,
    _first,
    default_side,
    named_sides,
    options_stale,
    player_field,
    read_name,
    side_field,
)
from .rules import GIN_OPTIONS, GIN_PRESETS, GinRules, with_options


@dataclass(frozen=True)
class NewGinGame:
    name: str
    preset: str
    rules: GinRules
    options: dict[str, Any]  # the options changed from the preset's
    players: list[str]  # as seated: partners across
    dealer: str | None
    teams: list[str] | None = None  # each player's side, in seat order (partnership gin)


def players_for(rules: GinRules) -> int:
    """The player rows the form shows: two, or four for partnership gin."""
    return 4 if rules.partnership else 2


def parse_new_gin_game(form: Form, today: date) -> NewGinGame:
    """The Gin game the form asks for, or :class:`FormInvalid` with a message per field."""
    errors: Errors = {}
    preset = GIN_PRESETS[_first(form, "preset")]
    options: dict[str, Any] = {}
    rules = preset.rules
    if options_stale(form):
        errors["preset"] = (
            f"The house rules below are now {preset.name}'s: check them, then start the game."
        )
    else:
        options, rules = read_family_options(form, preset.rules, GIN_OPTIONS, with_options, errors)
    wanted = players_for(rules)
    name = read_name(form, "name", MAX_GAME_NAME, errors)
    players: list[str] = []
    rows: list[int] = []
    picked: list[tuple[str, str]] = []
    seen: set[str] = set()
    for row in range(4):
        player = read_name(form, player_field(row), MAX_NAME, errors)
        if not player:
            continue
        picked.append((player, _first(form, side_field(row)) or default_side(len(picked))))
        if player_field(row) not in errors and player.casefold() in seen:
            errors[player_field(row)] = f"{player} is named twice: give each a different name."
        seen.add(player.casefold())
        players.append(player)
        rows.append(row)
    if len(players) != wanted:
        errors["players"] = (
            "Partnership gin is four players in two sides: name four."
            if rules.partnership
            else "Gin is for two players: name two."
        )
    dealer = None
    chosen = _first(form, "dealer").strip()
    if chosen:
        if chosen.isascii() and chosen.isdigit() and int(chosen) in rows:
            dealer = players[rows.index(int(chosen))]
        else:
            errors["dealer"] = "Choose one of the players, or nobody yet."
    teams: list[str] | None = None
    if not errors and rules.partnership:
        try:  # the sides picked, seated so that partners sit across
            seated = seat_sides([(s.name, s.team or "") for s in named_sides(form, picked, errors)])
            players, teams = [n for n, _ in seated], [t for _, t in seated]
        except SeatingError as error:
            errors["sides"] = message(error)
    if errors:
        raise FormInvalid(errors)
    return NewGinGame(
        name or f"{preset.name}, {today.day} {today:%b}",
        preset.id,
        rules,
        options,
        players,
        dealer,
        teams,
    )


def gin_option_groups(base: GinRules, form: Form | None = None) -> list[OptionGroup]:
    """Gin's options as one group of inputs, holding ``base``'s values or what ``form`` sent."""
    return family_option_groups("gin", base, GIN_OPTIONS, form)
