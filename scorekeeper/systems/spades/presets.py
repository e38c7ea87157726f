"""Spades' house-rule options and its presets (``spades``, ``spades-300``), read and written as
JSON like the rummy options of :mod:`.rules`, and validated the same way (a :class:`RulesError`
naming the option).

A Spades game keeps its rules as :func:`to_dict` gives them: ``"game": "spades"`` first, which
tells a Spades game's stored rules from a rummy game's, then every option.

>>> rules = spades_rules_for("spades", {"target": 250, "nil_tricks": "count_toward_contract"})
>>> rules.target, rules.nil_tricks, rules.bag_limit
(250, 'count_toward_contract', 10)
>>> from_dict(to_dict(rules)) == rules
True
>>> spades_rules_for("spades", {"bag_limt": 5})
Traceback (most recent call last):
...
scorekeeper.engine.rule_options.RulesError: unknown option 'bag_limt' (did you mean 'bag_limit'?)
>>> spades_rules_for("spades", {"min_side_bid": 14})
Traceback (most recent call last):
...
scorekeeper.engine.rule_options.RulesError: option 'min_side_bid' takes a whole number from 1 to 13 or null (none), not 14
"""  # noqa: E501 (a doctest's output line)

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...engine import options as family_options
from ...engine.options import FamilyOption
from ...engine.rules import Rules, RulesError
from ...engine.standings import RoundResult, Seat, Standings, StandingsError, standings
from .rules import TRICKS, SpadesRules

#: The marker of a Spades game's stored rules (``{"game": "spades", ...}``).
GAME = "spades"

#: A Spades option (the family options of :mod:`scorekeeper.engine.options`).
SpadesOption = FamilyOption


#: Every Spades option, in the order of RULES.md ("Spades").
SPADES_OPTIONS: dict[str, SpadesOption] = {
    option.name: option
    for option in (
        SpadesOption("target", "number", "score that ends the game", low=1),
        SpadesOption("bag_limit", "number", "bags that cost the penalty", low=1, high=100),
        SpadesOption("bag_penalty", "number", "what every bag_limit bags cost"),
        SpadesOption("nil_points", "number", "a nil bid made (or lost when it fails)"),
        SpadesOption("blind_nil_points", "number", "a blind nil made (or lost when it fails)"),
        SpadesOption(
            "nil_tricks",
            "select",
            "a nil bidder's tricks are",
            choices=("bags", "count_toward_contract"),
        ),
        SpadesOption("blind_nil_allowed", "checkbox", "blind nil may be bid"),
        SpadesOption(
            "min_side_bid",
            "number",
            "each side bids at least (none: no minimum)",
            low=1,
            high=TRICKS,
            optional=True,
        ),
    )
}


def with_options(rules: SpadesRules, options: Mapping[str, Any]) -> SpadesRules:
    """``rules`` with ``options`` (JSON values, named as in RULES.md) changed."""
    return family_options.with_options(rules, SPADES_OPTIONS, options, "Spades")


def to_dict(rules: SpadesRules) -> dict[str, Any]:
    """The rules as a game stores them: the marker, then every option."""
    return family_options.stored(GAME, rules, SPADES_OPTIONS)


def from_dict(stored: Mapping[str, Any]) -> SpadesRules:
    """Rules a game stored (:func:`to_dict`); missing options take the ``spades`` preset's."""
    return family_options.from_stored(SpadesRules(), SPADES_OPTIONS, stored, "Spades")


def is_spades(stored: Mapping[str, Any]) -> bool:
    """Whether a game's stored rules are Spades'."""
    return stored.get("game") == GAME


def summary(rules: SpadesRules) -> list[str]:
    """The rules in short plain-English lines.

    >>> for line in summary(SpadesRules())[:2]: print(line)
    Four players in two sides, partners across; each bids nil, blind nil or 1 to 13.
    A side's contract made: 10 a trick bid and 1 a bag (each trick over); set: -10 a trick bid.
    """
    blind = f"blind nil {rules.blind_nil_points}" if rules.blind_nil_allowed else "no blind nil"
    tricks = (
        "bags for the side"
        if rules.nil_tricks == "bags"
        else "counted toward the partner's contract"
    )
    lines = [
        "Four players in two sides, partners across; each bids nil, "
        + ("blind nil " if rules.blind_nil_allowed else "")
        + "or 1 to 13.",
        "A side's contract made: 10 a trick bid and 1 a bag (each trick over); "
        "set: -10 a trick bid.",
        f"Nil {rules.nil_points}, {blind}, lost when the bidder takes a trick; "
        f"a nil bidder's tricks are {tricks}.",
        f"Every {rules.bag_limit} bags cost {rules.bag_penalty}.",
    ]
    if rules.min_side_bid is not None:
        lines.append(f"Each side bids at least {rules.min_side_bid}.")
    lines.append(f"First side to {rules.target}; no ties for first: play on until one is ahead.")
    return lines


def as_rules(rules: SpadesRules) -> Rules:
    """The rummy rules a Spades game shares the standings, history and stats with: two sides
    (partners across), its target, and play on through a tie for first. A hand's points are
    the sides', worked out by :mod:`.spades`; the shared standings add them up as they do a
    partnership game's, and judge the end the same way (checked against
    :func:`~.spades.spades_standings` in the tests).

    >>> as_rules(SpadesRules(target=300)).target, as_rules(SpadesRules()).tie_rule
    (300, 'play_on')
    """
    return Rules().with_options(
        {"partnership": True, "target": rules.target, "tie_rule": "play_on"}
    )


def side_standings(
    rules: SpadesRules, seats: Sequence[Seat], results: Sequence[RoundResult]
) -> Standings:
    """The standings from each hand's side points (``RoundResult.sides``; a player's own total
    is always 0). The shared standings add them up as they do a partnership game's
    (:func:`as_rules`), with a side's points on its first seat, where they also put a final
    bonus; so a player's total there is their side's on the first seat and 0 on the partner.

    >>> seats = [Seat("Ann", "Ann & Cy"), Seat("Bob", "Bob & Dee"),
    ...          Seat("Cy", "Ann & Cy"), Seat("Dee", "Bob & Dee")]
    >>> zero = dict.fromkeys(["Ann", "Bob", "Cy", "Dee"], 0)
    >>> hands = [RoundResult(zero, None, {"Ann & Cy": 280, "Bob & Dee": -100})] * 2
    >>> board = side_standings(SpadesRules(), seats, hands)
    >>> board.team_totals, board.totals["Ann"], board.totals["Cy"], board.winners
    ({'Ann & Cy': 560, 'Bob & Dee': -200}, 560, 0, ['Ann & Cy'])
    """
    first: dict[str, str] = {}
    for seat in seats:
        first.setdefault(seat.team or seat.name, seat.name)
    for number, result in enumerate(results, 1):
        strangers = sorted(set(result.sides) - set(first))
        if strangers:
            raise StandingsError(f"hand {number}: no side {', '.join(strangers)} in this game")
    on_seats = [
        RoundResult(
            {
                name: points + sum(p for side, p in result.sides.items() if first[side] == name)
                for name, points in result.totals.items()
            },
            result.went_out,
        )
        for result in results
    ]
    return standings(as_rules(rules), seats, on_seats)


@dataclass(frozen=True)
class SpadesPreset:
    id: str
    name: str
    summary: str
    rules: SpadesRules


SPADES_PRESETS: dict[str, SpadesPreset] = {
    preset.id: preset
    for preset in (
        SpadesPreset(
            "spades",
            "Spades",
            "Four in two sides, partners across; bid tricks, make your contract, "
            "mind the bags; nil and blind nil; first side to 500.",
            SpadesRules(),
        ),
        SpadesPreset(
            "spades-300",
            "Spades to 300",
            "Spades for a shorter night: first side to 300.",
            SpadesRules(target=300),
        ),
    )
}


def spades_rules_for(preset_id: str, options: Mapping[str, Any] | None = None) -> SpadesRules:
    """The rules of a Spades preset with some options changed."""
    preset = SPADES_PRESETS.get(preset_id)
    if preset is None:
        raise RulesError(
            f"unknown preset {preset_id!r}; Spades' presets are {', '.join(SPADES_PRESETS)}",
            "preset",
        )
    return with_options(preset.rules, options or {})
