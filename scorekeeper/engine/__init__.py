"""The engine: the rules of the Rummy 500 family as plain values, with no web or database in them.

It holds the cards and their notation (``cards``), the house rules, each option declared once
(``rules``; how an option is declared and read, ``rule_options``), the presets of RULES.md
(``presets``), checking a meld (``melds``, a package), the exact search for the best grouping of
a pile (``arrange``), scoring a round (``scoring``; a round as recorded and as scored,
``rounds``; the melds on the table, ``meld_scoring``), the standings and sides of a game
(``standings``), the deal helper (``deal``) and the interface every game family is scored through
(``system``; the families themselves live in ``scorekeeper.systems``). It imports nothing outside
itself but the standard library (no Flask, no SQLAlchemy, no pydantic), and everything it returns
is an immutable value. Its public API is exported here, so one import is enough:

>>> from scorekeeper.engine import Context, arrange, check_meld, format_cards, parse_cards
>>> from scorekeeper.engine import rules_for
>>> ctx = Context(rules_for("rummy500", {"jokers": 2}))
>>> verdict = check_meld(parse_cards(["5S", "JK", "7S"]), ctx)
>>> verdict.legal, verdict.kind, verdict.points, verdict.notes
(True, 'run', 27, ('JK as 6S.',))
>>> best = arrange(parse_cards("5S 6S 7S 9D 9H 9C KD".split()), ctx)
>>> [format_cards(group.cards) for group in best.melds], best.points, format_cards(best.unplaced)
(['5S 6S 7S', '9C 9D 9H'], 45, 'KD')

The submodules stay importable by their own names (``scorekeeper.engine.melds``); note that the
functions :func:`arrange` and :func:`standings` are exported under their modules' names, so
``from scorekeeper.engine import arrange`` is the function.
"""

from .arrange import DEFAULT_BUDGET, Arrangement, Group, arrange
from .cards import (
    RANKS,
    SUIT_NAMES,
    SUITS,
    Card,
    CardError,
    declared_code,
    format_cards,
    parse_cards,
    parse_declared,
    parse_rank,
    rank_name,
)
from .deal import DealError, DealPlan, next_dealer, plan_deal, round_wild_rank
from .melds import CardReading, Verdict, check_meld, meld_readings
from .points import Context, card_points
from .presets import PRESETS, Preset, get_preset, rules_for
from .rules import (
    GROUPS,
    JOKER_EFFECTS,
    OPTIONS,
    JokerEffect,
    Option,
    Rules,
    RulesError,
    option_groups,
)
from .scoring import (
    LayoffRecord,
    MeldRecord,
    PlayerRecord,
    PlayerScore,
    RoundRecord,
    RoundScore,
    TeamScore,
    score_round,
)
from .standings import RoundResult, Seat, Standings, StandingsError, sides, standings
from .workload import arranging

__all__ = [
    "DEFAULT_BUDGET",
    "GROUPS",
    "JOKER_EFFECTS",
    "OPTIONS",
    "PRESETS",
    "RANKS",
    "SUITS",
    "SUIT_NAMES",
    "Arrangement",
    "Card",
    "CardError",
    "CardReading",
    "Context",
    "DealError",
    "DealPlan",
    "Group",
    "JokerEffect",
    "LayoffRecord",
    "MeldRecord",
    "Option",
    "PlayerRecord",
    "PlayerScore",
    "Preset",
    "RoundRecord",
    "RoundResult",
    "RoundScore",
    "Rules",
    "RulesError",
    "Seat",
    "Standings",
    "StandingsError",
    "TeamScore",
    "Verdict",
    "arrange",
    "arranging",
    "card_points",
    "check_meld",
    "declared_code",
    "format_cards",
    "get_preset",
    "meld_readings",
    "next_dealer",
    "option_groups",
    "parse_cards",
    "parse_declared",
    "parse_rank",
    "plan_deal",
    "rank_name",
    "round_wild_rank",
    "rules_for",
    "score_round",
    "sides",
    "standings",
]
