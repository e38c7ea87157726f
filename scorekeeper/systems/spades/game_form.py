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
from .presets import SPADES_OPTIONS, SPADES_PRESETS, with_options
from .rules import SpadesRules

#: Spades seats four: the form shows four player rows.
SPADES_PLAYERS = 4


@dataclass(frozen=True)
class NewSpadesGame:
    name: str
    preset: str
    rules: SpadesRules
    options: dict[str, Any]  # the options changed from the preset's
    players: list[str]  # as seated: partners across
    dealer: str | None
    teams: list[str] | None = None  # each player's side, in seat order


def read_spades_options(
    form: Form, base: SpadesRules, errors: Errors
) -> tuple[dict[str, Any], SpadesRules]:
    """The options the form changes from ``base``, and the rules they make."""
    return read_family_options(form, base, SPADES_OPTIONS, with_options, errors)


def parse_new_spades_game(form: Form, today: date) -> NewSpadesGame:
    """The Spades game the form asks for, or :class:`FormInvalid` with a message per field."""
    errors: Errors = {}
    preset = SPADES_PRESETS[_first(form, "preset")]
    options: dict[str, Any] = {}
    rules = preset.rules
    if options_stale(form):
        errors["preset"] = (
            f"The house rules below are now {preset.name}'s: check them, then start the game."
        )
    else:
        options, rules = read_spades_options(form, preset.rules, errors)
    name = read_name(form, "name", MAX_GAME_NAME, errors)
    players: list[str] = []
    rows: list[int] = []
    picked: list[tuple[str, str]] = []
    seen: set[str] = set()
    for row in range(SPADES_PLAYERS):
        player = read_name(form, player_field(row), MAX_NAME, errors)
        if not player:
            continue
        picked.append((player, _first(form, side_field(row)) or default_side(len(picked))))
        if player_field(row) in errors:
            pass
        elif player.casefold() in seen:
            errors[player_field(row)] = f"{player} is named twice: give each a different name."
        seen.add(player.casefold())
        players.append(player)
        rows.append(row)
    if len(players) != SPADES_PLAYERS:
        errors["players"] = "Spades is for four players: name four."
    dealer = None
    chosen = _first(form, "dealer").strip()
    if chosen:
        if chosen.isascii() and chosen.isdigit() and int(chosen) in rows:
            dealer = players[rows.index(int(chosen))]
        else:
            errors["dealer"] = "Choose one of the players, or nobody yet."
    teams: list[str] | None = None
    if not errors:
        try:  # the sides picked, seated so that partners sit across
            seated = seat_sides([(s.name, s.team or "") for s in named_sides(form, picked, errors)])
            players, teams = [n for n, _ in seated], [t for _, t in seated]
        except SeatingError as error:
            errors["sides"] = message(error)
    if errors:
        raise FormInvalid(errors)
    return NewSpadesGame(
        name or f"{preset.name}, {today.day} {today:%b}",
        preset.id,
        rules,
        options,
        players,
        dealer,
        teams,
    )


def spades_option_groups(base: SpadesRules, form: Form | None = None) -> list[OptionGroup]:
    """Spades' options as one group of inputs, holding ``base``'s values or what ``form`` sent."""
    return family_option_groups("spades", base, SPADES_OPTIONS, form)
