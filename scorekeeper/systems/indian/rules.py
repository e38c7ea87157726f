"""Indian Rummy's house-rule options, presets and packs (RULES.md, "Indian Rummy"), read and
written as JSON like every family's (:mod:`scorekeeper.engine.options`). Pure Python.

An Indian game keeps its rules as :func:`to_dict` gives them: ``"game": "indian"`` first, then
every option. The presets: ``indian-points`` (one deal settled in points), ``indian-pool-101``
and ``indian-pool-201`` (out at the limit, one rejoin), ``indian-deals`` (chips over 2 deals).

>>> rules = indian_rules_for("indian-pool-201")
>>> rules.pool_limit, rules.first_drop, rules.middle_drop, rules.rejoin_below, rules.max_points
(201, 25, 50, 175, 80)
>>> from_dict(to_dict(rules)) == rules
True
>>> indian_rules_for("indian-points", {"max_point": 60})
Traceback (most recent call last):
...
scorekeeper.engine.rule_options.RulesError: unknown option 'max_point' (did you mean 'max_points'?)
>>> packs_for(IndianRules(), 2), packs_for(IndianRules(), 5)
(Packs(decks=1, jokers=1), Packs(decks=2, jokers=2))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ...engine import options as family_options
from ...engine.options import FamilyOption
from ...engine.rules import RulesError

#: The marker of an Indian game's stored rules (``{"game": "indian", ...}``).
GAME = "indian"
#: Cards dealt to each player.
HAND_SIZE = 13
#: The players a deal takes (RULES.md: 2–6; seven or more is refused).
FEWEST_PLAYERS, MOST_PLAYERS = 2, 6
#: Chips each player starts a deals game with, for each player at the table (RULES.md: 80 ×
#: players).
CHIPS_PER_PLAYER = 80

Variant = Literal["points", "pool", "deals"]
Auto = Literal["auto"]


class IndianError(ValueError):
    """A deal or a game that cannot have been played so (the message names the player or the
    field): the API's 422."""


@dataclass(frozen=True)
class NumberOrAuto(FamilyOption):
    """An option that takes ``"auto"`` or one of a few whole numbers (``decks``, ``jokers``),
    or only those numbers (``pool_limit``, ``deals``). Entered as a select, whose choices are
    text: a number sent by the form as text is read as the number."""

    def parse(self, value: Any) -> Any:
        if value == "auto" and "auto" in self.choices:
            return value
        number = value
        if isinstance(value, str) and value.strip().isdigit():
            number = int(value.strip())
        if isinstance(number, int) and not isinstance(number, bool) and str(number) in self.choices:
            return number
        raise RulesError(
            f"option {self.name!r} takes one of {', '.join(self.choices)}, not {value!r}",
            self.name,
        )


#: What a pool limit brings with it unless the options set them too (RULES.md: drops 25/50 and
#: a rejoin below 175 at 201).
POOL_DEFAULTS: dict[int, dict[str, int]] = {
    101: {"first_drop": 20, "middle_drop": 40, "rejoin_below": 80},
    201: {"first_drop": 25, "middle_drop": 50, "rejoin_below": 175},
}


@dataclass(frozen=True)
class IndianRules:
    """Indian Rummy's house rules (RULES.md option names and defaults: the ``indian-points``
    preset)."""

    decks: int | Auto = "auto"
    jokers: int | Auto = "auto"
    cut_joker: bool = True
    max_points: int = 80
    first_drop: int = 20
    middle_drop: int = 40
    wrong_show: int = 80
    wrong_show_ends: bool = False
    indian_variant: Variant = "points"
    point_value: int = 1
    pool_limit: int = 101
    rejoin: bool = True
    rejoin_below: int = 80
    deals: int = 2


#: Every Indian option, in the order of RULES.md ("Indian Rummy").
INDIAN_OPTIONS: dict[str, FamilyOption] = {
    option.name: option
    for option in (
        NumberOrAuto(
            "decks",
            "select",
            "packs of 52 cards (auto: one for two players, two for three to six)",
            choices=("auto", "1", "2", "3"),
        ),
        NumberOrAuto(
            "jokers",
            "select",
            "printed jokers in play (auto: one a pack)",
            choices=("auto", "0", "1", "2", "3", "4", "5", "6"),
        ),
        FamilyOption("cut_joker", "checkbox", "a card cut at the deal makes its rank wild"),
        FamilyOption("max_points", "number", "most a loser pays in a deal", low=1, high=1000),
        FamilyOption("first_drop", "number", "a drop before the first draw", high=1000),
        FamilyOption("middle_drop", "number", "a drop later in the deal", high=1000),
        FamilyOption("wrong_show", "number", "a wrong show", high=1000),
        FamilyOption("wrong_show_ends", "checkbox", "a wrong show ends the deal"),
        FamilyOption(
            "indian_variant",
            "select",
            "points (a deal settled on its own), pool (out at the limit) or deals (chips)",
            choices=("points", "pool", "deals"),
        ),
        FamilyOption("point_value", "number", "what a point is worth (points)", low=1),
        NumberOrAuto(
            "pool_limit", "select", "a pool score that puts a player out", choices=("101", "201")
        ),
        FamilyOption("rejoin", "checkbox", "a player who is out may rejoin once (pool)"),
        FamilyOption(
            "rejoin_below",
            "number",
            "a rejoin is allowed while the highest score still in is below this (pool)",
            low=1,
            high=1000,
        ),
        NumberOrAuto("deals", "select", "deals in a deals game", choices=("2", "3", "6")),
    )
}


@dataclass(frozen=True)
class IndianPreset:
    id: str
    name: str
    summary: str
    rules: IndianRules


#: Indian Rummy's presets, as the new-game form and ``GET /api/v1/presets`` list them.
INDIAN_PRESETS: dict[str, IndianPreset] = {
    preset.id: preset
    for preset in (
        IndianPreset(
            "indian-points",
            "Indian Rummy, points",
            "13 cards, a pure sequence to show; each loser pays the winner their points.",
            IndianRules(),
        ),
        IndianPreset(
            "indian-pool-101",
            "Indian Rummy, pool 101",
            "Out at 101; drops 20 and 40; one rejoin; the last player in wins.",
            IndianRules(indian_variant="pool"),
        ),
        IndianPreset(
            "indian-pool-201",
            "Indian Rummy, pool 201",
            "Out at 201; drops 25 and 50; one rejoin; the last player in wins.",
            IndianRules(
                indian_variant="pool",
                pool_limit=201,
                first_drop=25,
                middle_drop=50,
                rejoin_below=175,
            ),
        ),
        IndianPreset(
            "indian-deals",
            "Indian Rummy, deals",
            "Two deals for chips (80 a player each); the most chips wins.",
            IndianRules(indian_variant="deals"),
        ),
    )
}


def with_options(rules: IndianRules, options: Mapping[str, Any]) -> IndianRules:
    """``rules`` with ``options`` (JSON values, named as in RULES.md) changed. A pool limit
    brings its own drops and rejoin line (:data:`POOL_DEFAULTS`) unless the options set them
    too; a rejoin line at or above the limit is refused.

    >>> changed = with_options(IndianRules(indian_variant="pool"), {"pool_limit": 201})
    >>> changed.first_drop, changed.middle_drop, changed.rejoin_below
    (25, 50, 175)
    >>> with_options(IndianRules(), {"pool_limit": 201, "first_drop": 30}).first_drop
    30
    >>> with_options(IndianRules(), {"rejoin_below": 101})
    Traceback (most recent call last):
    ...
    scorekeeper.engine.rule_options.RulesError: rejoin_below 101 must be below the pool limit 101
    """
    changed = family_options.with_options(rules, INDIAN_OPTIONS, options, "Indian Rummy")
    if isinstance(options, Mapping) and changed.pool_limit != rules.pool_limit:
        followers = {
            name: value
            for name, value in POOL_DEFAULTS[changed.pool_limit].items()
            if name not in options
        }
        changed = family_options.with_options(changed, INDIAN_OPTIONS, followers, "Indian Rummy")
    if changed.rejoin_below >= changed.pool_limit:
        raise RulesError(
            f"rejoin_below {changed.rejoin_below} must be below the pool limit "
            f"{changed.pool_limit}",
            "rejoin_below",
        )
    return changed


def indian_rules_for(preset_id: str, options: Mapping[str, Any] | None = None) -> IndianRules:
    """An Indian preset's rules with some options changed; a RulesError names a bad one."""
    preset = INDIAN_PRESETS.get(preset_id)
    if preset is None:
        raise RulesError(
            f"unknown preset {preset_id!r}; Indian Rummy's presets are {', '.join(INDIAN_PRESETS)}",
            "preset",
        )
    return with_options(preset.rules, options or {})


def to_dict(rules: IndianRules) -> dict[str, Any]:
    """The rules as a game stores them: the marker, then every option.

    >>> list(to_dict(IndianRules()))[:4]
    ['game', 'decks', 'jokers', 'cut_joker']
    """
    return family_options.stored(GAME, rules, INDIAN_OPTIONS)


def from_dict(stored: Mapping[str, Any]) -> IndianRules:
    """Rules a game stored (:func:`to_dict`); missing options take the ``indian-points``
    preset's (a missing drop or rejoin line follows the stored pool limit)."""
    return with_options(IndianRules(), {k: v for k, v in stored.items() if k != "game"})


@dataclass(frozen=True)
class Packs:
    """What a deal is played with: 52-card packs and printed jokers."""

    decks: int
    jokers: int


def packs_for(rules: IndianRules, players: int) -> Packs:
    """The packs for a deal of ``players`` (in a pool game, those dealt in): ``auto`` is one
    pack and one printed joker for two players, two packs and two jokers for three to six
    (jokers ``auto``: one a pack). An IndianError for fewer than two players, more than six, or
    packs too small to deal 13 cards each.

    >>> packs_for(IndianRules(), 7)
    Traceback (most recent call last):
    ...
    scorekeeper.systems.indian.rules.IndianError: Indian Rummy is for 2 to 6 players, not 7
    >>> packs_for(IndianRules(decks=1), 5)
    Traceback (most recent call last):
    ...
    scorekeeper.systems.indian.rules.IndianError: 5 players need 65 cards: 1 pack and 1 joker hold 53 (decks)
    """  # noqa: E501 (a doctest's output line)
    if not FEWEST_PLAYERS <= players <= MOST_PLAYERS:
        raise IndianError(
            f"Indian Rummy is for {FEWEST_PLAYERS} to {MOST_PLAYERS} players, not {players}"
        )
    decks = rules.decks if isinstance(rules.decks, int) else (1 if players == 2 else 2)
    jokers = rules.jokers if isinstance(rules.jokers, int) else decks
    needed = HAND_SIZE * players
    if needed > 52 * decks + jokers:
        pack_words = "1 pack" if decks == 1 else f"{decks} packs"
        joker_words = "1 joker" if jokers == 1 else f"{jokers} jokers"
        raise IndianError(
            f"{players} players need {needed} cards: {pack_words} and {joker_words} hold "
            f"{52 * decks + jokers} (decks)"
        )
    return Packs(decks, jokers)


def summary(rules: IndianRules) -> list[str]:
    """The rules in short plain-English lines.

    >>> for line in summary(indian_rules_for("indian-pool-101")): print(line)
    2 to 6 players, 13 cards each: one pack and a joker for two, two packs and two jokers for more.
    Wild: the printed jokers and the cut joker's rank (a joker cut: the aces).
    A show: all 13 cards in melds, two sequences or more, one of them pure; Q-K-A is a sequence, K-A-2 is not.
    A loser counts A K Q J 10 as 10, 2–9 their face, wilds 0, at most 80; first drop 20, middle drop 40, wrong show 80 (the hand goes on).
    Pool to 101: out at 101 or more; one rejoin while the highest score in is below 80, at that score + 1; the last player in wins.
    """  # noqa: E501 (doctest output lines)
    if rules.decks == "auto" and rules.jokers == "auto":
        packs = "one pack and a joker for two, two packs and two jokers for more"
    else:
        decks = (
            "one pack for two players, two for more"
            if rules.decks == "auto"
            else _count(rules.decks, "pack")
        )
        jokers = "a joker a pack" if rules.jokers == "auto" else _count(rules.jokers, "joker")
        packs = f"{decks}; {jokers}"
    wild = (
        "the printed jokers and the cut joker's rank (a joker cut: the aces)"
        if rules.cut_joker
        else "the printed jokers only"
    )
    wrong = "it ends the deal" if rules.wrong_show_ends else "the hand goes on"
    lines = [
        f"{FEWEST_PLAYERS} to {MOST_PLAYERS} players, {HAND_SIZE} cards each: {packs}.",
        f"Wild: {wild}.",
        "A show: all 13 cards in melds, two sequences or more, one of them pure; Q-K-A is a "
        "sequence, K-A-2 is not.",
        f"A loser counts A K Q J 10 as 10, 2–9 their face, wilds 0, at most {rules.max_points}; "
        f"first drop {rules.first_drop}, middle drop {rules.middle_drop}, wrong show "
        f"{rules.wrong_show} ({wrong}).",
    ]
    if rules.indian_variant == "points":
        lines.append(f"Points: each loser pays the winner their points × {rules.point_value}.")
    elif rules.indian_variant == "pool":
        rejoin = (
            f"one rejoin while the highest score in is below {rules.rejoin_below}, at that "
            "score + 1"
            if rules.rejoin
            else "no rejoining"
        )
        lines.append(
            f"Pool to {rules.pool_limit}: out at {rules.pool_limit} or more; {rejoin}; the last "
            "player in wins."
        )
    else:
        lines.append(
            f"Deals: {rules.deals} deals, {CHIPS_PER_PLAYER} chips a player each to start; the "
            "winner of a deal takes the losers' points; the most chips wins."
        )
    return lines


def _count(number: int, word: str) -> str:
    return f"{number} {word}" + ("" if number == 1 else "s")
