"""The rounds the round form's sweep (``tests/benchmarks/sweep_rounds.py``) once saw refused:
the app grouped two players' table cards, and the round's scoring refused a layoff it had made.
Each layoff read a wild on the table otherwise than any reading its meld had on its own (7H JD
JC taking 8H 9H QH with jacks wild), or counted a table meld's wild as the card it stood for (a
second wild onto 10D KC QD under one wild a meld), or read the wilds of a meld already laid off
onto as it pleased, not as the earlier layoff had kept them. The grouping now holds a table
meld's wilds as the scoring does, so each round's grouping stands: every card is placed, or left
in one meld the scorer is told is illegal."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine.cards import parse_cards
from scorekeeper.engine.points import Context
from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.scoring import (
    LayoffRecord,
    MeldRecord,
    PlayerRecord,
    RoundRecord,
    score_round,
)
from scorekeeper.web.round_form.auto_grouping import group_automatically

NAMES = ("Ann", "Bob")

#: (preset, options, wild rank, Ann's table cards, Bob's), as the sweep dealt them.
REFUSED: list[tuple[str, dict[str, Any], str | None, str, str]] = [
    ("rummy5000", {"around_the_corner": True, "min_run": 4, "decks": 2}, "K",
     "10H 10D KC 3H 3H 3C 5H 5H KD AH AH KH 4H", "10H 10D KS 2H KS KC 3C"),
    ("rummy5000-minus", {"set_duplicates_allowed": False, "joker_points": 15,
     "wild_ranks": ["K", "3"], "jokers_wild": False, "min_set": 4, "wild_as_itself": "wild",
     "decks": 2}, "J", "10C 3S 3D JC 10C JH JD 9H", "5C KD KC KC JS JS 3H 3D 9S KS KH"),
    ("rummy500-pips", {"meld_kinds": "runs_only", "max_set": None, "ace_position": "low_only",
     "wild_points": 20, "omit_ranks": ["7"], "four_aces_points": None, "wild_ranks": ["A"],
     "decks": 2}, None, "2C 3C 4C 2S AH AD 3C 4C AS 3H AD AC 9S AS AH", "AC 2C 5C"),
    ("rummy5000", {"meld_kinds": "runs_only", "wild_ace_points": 30, "wild_ranks": ["7"],
     "min_run": 4, "decks": 2}, "A", "AD AD 7D AS",
     "2S 3S 7C 7C 2S 3S 7H 7D 8D AS AH AC QD 5C 8C"),
    ("partnership500", {"meld_kinds": "sets_and_runs", "set_duplicates_allowed": False,
     "ace_low_points": None, "min_set": 4, "jokers": 2, "wild_ranks": ["K", "3"],
     "max_set": None, "decks": 2}, None, "5S 6S KH 6H 9H",
     "10H KD KC 5C KH 7C 8C 3H 3D 3C QC 6D KD 8D"),
    ("rummy5000", {"ace_position": "high_only", "wild_limit": "one", "four_aces_points": 100,
     "wild_ranks": ["K", "3"], "jokers_wild": False, "real_card_for_wild": "none", "decks": 1},
     "8", "10D KC QD 8S 8H 3C 3H 3D 8D JH KD KH AH", "3S 8C KS"),
    ("rummy5000", {"around_the_corner": False, "decks": 1}, "J",
     "5S JH 7S 10S 8H 9H QH", "10H 10D 10C 7H JD JC KH KC JS"),
    ("rummy5000", {"wild_points": 20, "ace_position": "high_only", "real_card_for_wild": "none",
     "min_run": 3, "jokers": 4, "decks": 2}, "4", "4H 4C KS AS 5S 5C 4S KD",
     "2H 2C 4H 3S 3S 4S 4D 4D JK AD"),
    ("rummy500", {"wild_as_itself": "wild", "wild_ranks": ["K", "3"], "jokers": 4,
     "wild_sets": False, "around_the_corner": True, "decks": 2}, None,
     "10S 3C KH AD AC 3H 9H JK JK 9H KC JK AS AD AC 4H", "3D KS KH"),
    ("rummy5000", {"wild_cards": ["QS"], "decks": 1}, "6",
     "10D 6H 6D KD 7S 8S QS 10S JS 9H 9C 6C", "AC 6S 3C 9D 5S 9S"),
    # --seed 2: 6H 10H JH laid onto 7H 8H 9H 4H 4D QH (fours wild, 10H and JH beside the fours
    # that stand for them) keep the fours as 10H and JH, so Bob's 3H cannot follow
    ("rummy5000-minus", {"wild_points": 20, "wild_cards": [], "decks": 1}, "4",
     "9D 6H 10H JH", "10D JD 4C 7H 8H 9H 4H 4D QH 9S 9C 4S 3H"),
]  # fmt: skip


@pytest.mark.parametrize(("preset", "options", "wild_rank", "ann", "bob"), REFUSED)
def test_the_scoring_takes_the_apps_grouping(
    preset: str, options: dict[str, Any], wild_rank: str | None, ann: str, bob: str
) -> None:
    rules = rules_for(preset, options)
    ctx = Context(rules, wild_rank=wild_rank, packs=rules.packs(None))
    piles = {0: parse_cards(ann.split()), 1: parse_cards(bob.split())}
    grouped = group_automatically(piles, {}, ctx)
    players = []
    for seat, name in enumerate(NAMES):
        groups = grouped.groups[seat]
        melds = [MeldRecord(g.cards) for g in groups if g.onto is None]
        layoffs = [
            LayoffRecord(NAMES[g.onto[0]], g.onto[1], g.cards) for g in groups if g.onto is not None
        ]
        players.append(PlayerRecord(name, went_out=seat == 0, melds=melds, layoffs=layoffs))
    score = score_round(rules, RoundRecord(tuple(players), wild_rank=wild_rank))
    illegal = [v for p in score.players for v in p.verdicts if not v.legal]
    assert len(illegal) <= len(NAMES)  # at most one meld a player of cards placed nowhere
    assert "layoff_refused" not in score.problem_codes, score.problems
