"""Gin Rummy's house-rule options and presets (RULES.md, "Gin Rummy"), read and written as JSON
like every family's (:mod:`scorekeeper.engine.options`). Pure Python.

A Gin game keeps its rules as :func:`to_dict` gives them: ``"game": "gin"`` first, then every
option. The presets: ``gin`` (to 100), ``gin-oklahoma`` (the upcard sets the knock limit),
``gin-hollywood`` (three games at once) and ``gin-partnership`` (two sides of two, to 125).

>>> rules = gin_rules_for("gin-oklahoma", {"undercut_bonus": 20})
>>> rules.oklahoma, rules.undercut_bonus, rules.target
(True, 20, 100)
>>> from_dict(to_dict(rules)) == rules
True
>>> gin_rules_for("gin", {"knock_limt": 5})
Traceback (most recent call last):
...
scorekeeper.engine.rule_options.RulesError: unknown option 'knock_limt' (did you mean 'knock_limit'?)
"""  # noqa: E501 (a doctest's line)

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...engine import options as family_options
from ...engine.options import FamilyOption
from ...engine.rules import RulesError
from .game import GameRules, ShutoutRule
from .hand import HandRules

#: The marker of a Gin game's stored rules (``{"game": "gin", ...}``).
GAME = "gin"


@dataclass(frozen=True)
class GinRules:
    """Gin's house rules (RULES.md option names and defaults)."""

    knock_limit: int = 10
    undercut_bonus: int = 25
    gin_bonus: int = 25
    big_gin: bool = True
    big_gin_bonus: int = 31
    dead_hand: bool = True
    target: int = 100
    game_bonus: int = 100
    line_bonus: int = 25
    shutout_rule: ShutoutRule = "double"
    oklahoma: bool = False
    hollywood: bool = False
    partnership: bool = False

    def hand(self) -> HandRules:
        """What scoring one hand needs."""
        return HandRules(
            knock_limit=self.knock_limit,
            undercut_bonus=self.undercut_bonus,
            gin_bonus=self.gin_bonus,
            big_gin=self.big_gin,
            big_gin_bonus=self.big_gin_bonus,
            oklahoma=self.oklahoma,
        )

    def game(self) -> GameRules:
        """What a game of hands needs."""
        return GameRules(
            target=self.target,
            game_bonus=self.game_bonus,
            line_bonus=self.line_bonus,
            shutout_rule=self.shutout_rule,
            hollywood=self.hollywood,
        )


#: Every Gin option, in the order of RULES.md ("Gin Rummy").
GIN_OPTIONS: dict[str, FamilyOption] = {
    option.name: option
    for option in (
        FamilyOption("knock_limit", "number", "most deadwood a knock may keep", high=10),
        FamilyOption("undercut_bonus", "number", "undercut bonus", low=1, high=1000),
        FamilyOption("gin_bonus", "number", "gin bonus", low=1, high=1000),
        FamilyOption("big_gin", "checkbox", "big gin (all eleven cards melded)"),
        FamilyOption("big_gin_bonus", "number", "big gin bonus", low=1, high=1000),
        FamilyOption("dead_hand", "checkbox", "no knock before the stock runs low: a dead hand"),
        FamilyOption("target", "number", "score that ends a game", low=1, high=10_000),
        FamilyOption("game_bonus", "number", "game bonus", high=10_000),
        FamilyOption("line_bonus", "number", "line (box) bonus for each hand won", high=1000),
        FamilyOption(
            "shutout_rule",
            "select",
            "when the loser won no hand",
            choices=("double", "bonus", "none"),
        ),
        FamilyOption("oklahoma", "checkbox", "Oklahoma: the first upcard sets the knock limit"),
        FamilyOption("hollywood", "checkbox", "Hollywood: three games scored at once"),
        FamilyOption("partnership", "checkbox", "two sides of two"),
    )
}


@dataclass(frozen=True)
class GinPreset:
    id: str
    name: str
    summary: str
    rules: GinRules


#: Gin's presets, as the new-game form and ``GET /api/v1/presets`` list them.
GIN_PRESETS: dict[str, GinPreset] = {
    preset.id: preset
    for preset in (
        GinPreset("gin", "Gin Rummy", "Two players, knock at 10 or less, to 100.", GinRules()),
        GinPreset(
            "gin-oklahoma",
            "Oklahoma Gin",
            "The first upcard sets the knock limit; a spade doubles the hand.",
            GinRules(oklahoma=True),
        ),
        GinPreset(
            "gin-hollywood",
            "Hollywood Gin",
            "Three games scored at once, each to 100.",
            GinRules(hollywood=True),
        ),
        GinPreset(
            "gin-partnership",
            "Partnership Gin",
            "Two sides of two; each pair plays its own hand; to 125.",
            GinRules(partnership=True, target=125),
        ),
    )
}


def with_options(rules: GinRules, options: Mapping[str, Any]) -> GinRules:
    """``rules`` with ``options`` (JSON values, named as in RULES.md) changed. Oklahoma is for
    two players: in partnership gin each hand turns its own upcard, which a round of two hands
    does not record (a RulesError says so).

    >>> with_options(GinRules(), {"partnership": True, "oklahoma": True})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scorekeeper.engine.rule_options.RulesError: Oklahoma gin is for two players: ...
    """
    changed = family_options.with_options(rules, GIN_OPTIONS, options, "Gin")
    if changed.oklahoma and changed.partnership:
        raise RulesError(
            "Oklahoma gin is for two players: partnership gin's two hands each turn their own "
            "upcard",
            "oklahoma",
        )
    return changed


def gin_rules_for(preset_id: str, options: Mapping[str, Any] | None = None) -> GinRules:
    """A Gin preset's rules with some options changed; a RulesError names a bad one."""
    preset = GIN_PRESETS.get(preset_id)
    if preset is None:
        raise RulesError(
            f"unknown preset {preset_id!r}; Gin's presets are {', '.join(GIN_PRESETS)}", "preset"
        )
    return with_options(preset.rules, options or {})


def to_dict(rules: GinRules) -> dict[str, Any]:
    """The rules as a game stores them: the marker, then every option."""
    return family_options.stored(GAME, rules, GIN_OPTIONS)


def from_dict(stored: Mapping[str, Any]) -> GinRules:
    """Rules a game stored (:func:`to_dict`); missing options take the ``gin`` preset's."""
    return family_options.from_stored(GinRules(), GIN_OPTIONS, stored, "Gin")


def summary(rules: GinRules) -> list[str]:
    """The rules in short plain-English lines.

    >>> for line in summary(GinRules())[:2]: print(line)
    Two players, ten cards each; aces low (A-2-3 is a run, Q-K-A is not).
    Knock with 10 or less deadwood; undercut +25, gin +25, big gin +31.
    """
    players = "Two sides of two, each pair its own hand" if rules.partnership else "Two players"
    knock = (
        "The first upcard's points set the knock limit (an ace: gin only; a spade doubles)"
        if rules.oklahoma
        else f"Knock with {rules.knock_limit} or less deadwood"
    )
    big = f", big gin +{rules.big_gin_bonus}" if rules.big_gin else ""
    games = "Three games at once, each" if rules.hollywood else "First"
    shutout = {
        "double": "a shutout doubles the winner's score",
        "bonus": "a shutout doubles the game bonus",
        "none": "no shutout bonus",
    }[rules.shutout_rule]
    return [
        f"{players}, ten cards each; aces low (A-2-3 is a run, Q-K-A is not).",
        f"{knock}; undercut +{rules.undercut_bonus}, gin +{rules.gin_bonus}{big}.",
        f"{games} to {rules.target}: game +{rules.game_bonus}, line +{rules.line_bonus} a hand "
        f"won; {shutout}.",
    ]
