"""The presets of RULES.md, looked up by id; a preset plus overrides is a new rules value.

>>> get_preset("rummy5000").rules.wild_points
100
>>> rules_for("rummy500-fives", {"target": 300}).target
300
>>> get_preset("rumy500")
Traceback (most recent call last):
...
scorekeeper.engine.rule_options.RulesError: unknown preset 'rumy500' (did you mean 'rummy500'?); the presets are rummy500, rummy500-fives, rummy500-pips, rummy100, rummy5000, rummy5000-minus, george2500, partnership500, persian, dealers-gambit
"""  # noqa: E501 (a doctest's output line)

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass

from .rules import JSON, Rules, RulesError


@dataclass(frozen=True)
class Preset:
    id: str
    name: str
    summary: str
    rules: Rules


def _points(**by_rank: int) -> dict[str, int]:
    points = {"A": 15, "J": 10, "Q": 10, "K": 10, **{str(n): n for n in range(2, 11)}}
    points.update({rank.removeprefix("r"): pts for rank, pts in by_rank.items()})
    return points


_FIVES = {"card_points": _points(**{f"r{n}": 5 for n in range(2, 10)}), "ace_low_points": 5}
_PIPS = {
    "card_points": _points(A=1, J=11, Q=12, K=13),
    "ace_low_points": 1,
    "ace_position": "low_only",  # seed 001: "A cannot follow a sequence of K"
    "rummy_call_points": 15,
}
_5000 = {
    "deal": "upcard",
    "round_wild": "dealer_upcard",
    "card_points": _points(A=100, **{f"r{n}": 5 for n in range(2, 10)}),
    "ace_low_points": None,
    "joker_points": 100,
    "wild_points": 100,
    "wild_ace_points": 200,
    "scoring": "melds_plus_hands_to_goer",
    "set_duplicates_allowed": True,
    "layoff_requires_own_meld": True,
    "real_card_for_wild": "lay_beside",
    "target": 5000,
}

_BASE = Rules()
_SPECS: list[tuple[str, str, str, str | None, dict[str, JSON]]] = [
    (
        "rummy500",
        "Rummy 500",
        "Melds minus hand; 2-10 face value, J Q K 10, ace 15; first to 500.",
        None,
        {},
    ),
    (
        "rummy500-fives",
        "Rummy 500, fives and tens",
        "Melds minus hand; 2-9 score 5, 10-K 10, ace 15 (5 when low), joker 15; first to 500.",
        "rummy500",
        _FIVES,
    ),
    (
        "rummy500-pips",
        "Rummy 500, pip count",
        "Melds minus hand; ace 1 and low only, 2-10 face value, J 11, Q 12, K 13; "
        "15 for a Rummy call.",
        "rummy500",
        _PIPS,
    ),
    (
        "rummy100",
        "Rummy 500 divided by five",
        "Fives and tens with every score divided by five; first to 100.",
        "rummy500-fives",
        {"points_divisor": 5, "target": 100},
    ),
    (
        "rummy5000",
        "5000 Rummy",
        "Upcard deal, the dealer's upcard rank is wild; aces and wilds 100; "
        "whoever goes out collects the hands; first to 5000.",
        None,
        _5000,
    ),
    (
        "rummy5000-minus",
        "5000 Rummy, hands deducted",
        "5000 Rummy with hands deducted and 200 for going out.",
        "rummy5000",
        {"scoring": "melds_minus_hand", "going_out_bonus": 200},
    ),
    (
        "george2500",
        "2500 Rummy (George)",
        "Sets only with at most one wild each, double pack without twos; first to 2500.",
        "rummy5000",
        {
            "meld_kinds": "sets_only",
            "wild_limit": "one",
            "decks": 2,
            "omit_ranks": ["2"],
            "upcard_count": "total",
            "upcard_face_cards": "rank",
            "upcard_ace": 14,
            "target": 2500,
        },
    ),
    (
        "partnership500",
        "Partnership 500 Rum",
        "Rummy 500 for four in two sides; partners' scores pooled; the higher side over 500 wins.",
        "rummy500",
        {"partnership": True},
    ),
    (
        "persian",
        "Persian Rummy",
        "Sides of two, four jokers (20, sets of jokers only), a four laid at once doubles, "
        "25 for going out; two deals, 50 to the side ahead, which wins the difference.",
        "partnership500",
        {
            "jokers": 4,
            "jokers_wild": False,
            "joker_points": 20,
            "ace_position": "high_only",
            "ace_low_points": None,
            "double_four_laid_at_once": True,
            "going_out_bonus": 25,
            "max_deals": 2,
            "target": None,
            "final_bonus_best": 50,
            "settlement": "difference",
        },
    ),
    (
        "dealers-gambit",
        "Dealer's Gambit",
        "Rummy 500 with two jokers worth 0 whose effect the dealer names each round "
        "(wild, double a set, split); deal passes right; first to 250.",
        "rummy500",
        {
            "jokers": 2,
            "joker_points": 0,
            "dealer_joker": True,
            "dealer_rotation": "right",
            "target": 250,
        },
    ),
]


def _build() -> dict[str, Preset]:
    presets: dict[str, Preset] = {}
    for preset_id, name, summary, parent, options in _SPECS:
        base = presets[parent].rules if parent else _BASE
        presets[preset_id] = Preset(preset_id, name, summary, base.with_options(options))
    return presets


#: Every preset of the Rummy 500 family, by id, in RULES.md order (the other families keep
#: their own: scorekeeper.systems).
PRESETS: dict[str, Preset] = _build()


def get_preset(preset_id: str) -> Preset:
    """The preset with this id; the error names it and lists the ids."""
    preset = PRESETS.get(preset_id) if isinstance(preset_id, str) else None
    if preset is None:
        close = difflib.get_close_matches(str(preset_id), PRESETS, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise RulesError(
            f"unknown preset {preset_id!r}{hint}; the presets are {', '.join(PRESETS)}", "preset"
        )
    return preset


def rules_for(preset_id: str = "rummy500", options: Mapping[str, JSON] | None = None) -> Rules:
    """The rules of a preset with some options changed."""
    return get_preset(preset_id).rules.with_options(options or {})
