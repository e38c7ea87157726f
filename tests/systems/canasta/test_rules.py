"""Canasta's and Hand and Foot's options and presets (systems/canasta/rules.py): JSON in and
out, the seven presets as RULES.md gives them, refusals naming the option, the minimum first
meld by score and by round."""

from __future__ import annotations

import json

import pytest

from scorekeeper.engine.rules import RulesError
from scorekeeper.systems.canasta.rules import (
    CANASTA_OPTIONS,
    CANASTA_PRESETS,
    HANDFOOT_DEFAULTS,
    HANDFOOT_OPTIONS,
    CanastaRules,
    books_to_go_out,
    canasta_rules_for,
    decks_for,
    from_dict,
    going_out_for,
    next_minimum,
    summary,
    to_dict,
    with_options,
)


@pytest.mark.parametrize("preset", sorted(CANASTA_PRESETS))
def test_every_preset_round_trips_through_json(preset: str) -> None:
    rules = canasta_rules_for(preset)
    stored = to_dict(rules)
    table = HANDFOOT_OPTIONS if rules.handfoot else CANASTA_OPTIONS
    assert set(stored) == {"game", *table}
    assert from_dict(stored) == rules
    assert from_dict(json.loads(json.dumps(stored))) == rules
    assert all(line.endswith(".") for line in summary(rules))


def test_the_seven_presets() -> None:
    assert list(CANASTA_PRESETS) == [
        "canasta",
        "canasta-2p",
        "canasta-3p",
        "canasta-cutthroat",
        "hand-and-foot",
        "hand-and-foot-60",
        "hand-and-foot-90",
    ]


def test_canasta_presets_hold_what_rules_md_says() -> None:
    plain = canasta_rules_for("canasta")
    assert (plain.game, plain.players, plain.partners, plain.hand_size, plain.target) == (
        "canasta",
        4,
        True,
        11,
        5000,
    )
    assert (plain.min_naturals, plain.max_wilds, plain.wild_limit) == (
        2,
        3,
        "naturals_at_least_wilds",
    )
    assert (plain.natural_canasta_bonus, plain.mixed_canasta_bonus, plain.wild_canasta_bonus) == (
        500,
        300,
        None,
    )
    assert (plain.red_three_points, plain.red_threes_all_four) == (100, 800)
    assert (plain.red_three_penalty_if, plain.red_three_penalty) == ("no_meld", "full")
    assert (plain.going_out_bonus, plain.concealed_bonus, plain.canastas_to_go_out) == (
        100,
        200,
        1,
    )
    assert plain.initial_meld_minimums == ((None, 15), (0, 50), (1500, 90), (3000, 120))
    assert plain.settlement == "difference"
    two = canasta_rules_for("canasta-2p")
    assert (two.players, two.partners, two.hand_size, two.draw, two.canastas_to_go_out) == (
        2,
        False,
        15,
        2,
        2,
    )
    three = canasta_rules_for("canasta-3p")
    assert (three.players, three.partners, three.hand_size, three.cutthroat) == (
        3,
        False,
        13,
        False,
    )
    cut = canasta_rules_for("canasta-cutthroat")
    assert (cut.players, cut.cutthroat, cut.hand_size, cut.draw) == (3, True, 13, 2)
    assert (cut.red_threes_per_player, cut.canastas_to_go_out, cut.target) == (True, 2, 7500)


def test_hand_and_foot_presets_hold_what_rules_md_says() -> None:
    foot = canasta_rules_for("hand-and-foot")
    assert foot == HANDFOOT_DEFAULTS
    assert (foot.game, foot.players, foot.partners, foot.decks, foot.hand_size) == (
        "handfoot",
        4,
        True,
        "players_plus_one",
        11,
    )
    assert (foot.max_wilds, foot.wild_limit, foot.card_points) == (
        3,
        "naturals_majority",
        "standard",
    )
    assert (foot.clean_book_bonus, foot.dirty_book_bonus) == (500, 300)
    assert (foot.sevens_book_bonus, foot.wild_book_bonus) == (None, None)
    assert (foot.going_out_bonus, foot.perfect_draw_bonus, foot.red_three_rule) == (
        100,
        100,
        "penalty",
    )
    assert (foot.black_three_in_hand_points, foot.books_to_go_out) == (5, ((1, 1),))
    assert (foot.rounds, foot.initial_meld_minimums_by_round, foot.target) == (
        4,
        (50, 90, 120, 150),
        None,
    )
    sixty = canasta_rules_for("hand-and-foot-60")
    assert sixty.initial_meld_minimums_by_round == (60, 90, 120, 150)
    assert sixty.red_three_rule == "bonus"
    ninety = canasta_rules_for("hand-and-foot-90")
    assert ninety.initial_meld_minimums_by_round == (90, 120, 150, 180)
    assert ninety.books_to_go_out == ((1, 1), (2, 2), (3, 3), (4, 4))
    assert ninety.going_out_bonus == (100, 200, 300, 400)
    assert ninety.sevens_book_bonus == 1500


# Canasta's minimum by the side's total before the hand: below 0: 15; 0–1495: 50;
# 1500–2995: 90; 3000 and up: 120.
@pytest.mark.parametrize(
    ("total", "minimum"),
    [(-500, 15), (-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (8000, 120)],
)
def test_canasta_minimum_by_score(total: int, minimum: int) -> None:
    assert next_minimum(CanastaRules(), total) == minimum


@pytest.mark.parametrize(
    ("preset", "minimums"),
    [
        ("hand-and-foot", [50, 90, 120, 150, None]),
        ("hand-and-foot-60", [60, 90, 120, 150, None]),
        ("hand-and-foot-90", [90, 120, 150, 180, None]),
    ],
)
def test_hand_and_foot_minimum_by_round(preset: str, minimums: list[int | None]) -> None:
    rules = canasta_rules_for(preset)
    assert [next_minimum(rules, 99999, number) for number in range(1, 6)] == minimums


def test_per_round_options() -> None:
    ninety = canasta_rules_for("hand-and-foot-90")
    assert [going_out_for(ninety, n) for n in range(1, 5)] == [100, 200, 300, 400]
    assert [books_to_go_out(ninety, n) for n in range(1, 5)] == [(1, 1), (2, 2), (3, 3), (4, 4)]
    assert [books_to_go_out(HANDFOOT_DEFAULTS, n) for n in (1, 4)] == [(1, 1), (1, 1)]
    assert going_out_for(CanastaRules(), 3) == 100


def test_options_change_and_read_lists() -> None:
    changed = with_options(
        CanastaRules(), {"initial_meld_minimums": [[None, 15], [0, 50], [2000, 100]]}
    )
    assert changed.initial_meld_minimums == ((None, 15), (0, 50), (2000, 100))
    assert next_minimum(changed, 1999) == 50 and next_minimum(changed, 2000) == 100
    foot = with_options(
        HANDFOOT_DEFAULTS, {"rounds": 5, "initial_meld_minimums_by_round": [50, 90, 120, 150, 180]}
    )
    assert next_minimum(foot, 0, 5) == 180 and next_minimum(foot, 0, 6) is None


def test_packs() -> None:
    assert decks_for(CanastaRules()) == 2
    assert decks_for(HANDFOOT_DEFAULTS) == 5
    assert decks_for(with_options(HANDFOOT_DEFAULTS, {"decks": "per_player"}), 6) == 6


@pytest.mark.parametrize(
    ("rules", "options", "option"),
    [
        (CanastaRules(), {"clean_book_bonus": 400}, "clean_book_bonus"),
        (HANDFOOT_DEFAULTS, {"concealed_bonus": 300}, "concealed_bonus"),
        (CanastaRules(), {"cutthroat": True}, "cutthroat"),
        (CanastaRules(), {"initial_meld_minimums": [[0, 50], [0, 90]]}, "initial_meld_minimums"),
        (CanastaRules(), {"initial_meld_minimums": [[0, 50], [None, 90]]}, "initial_meld_minimums"),
        (CanastaRules(), {"going_out_bonus": "lots"}, "going_out_bonus"),
        (HANDFOOT_DEFAULTS, {"books_to_go_out": [[1, 1], [2]]}, "books_to_go_out"),
        (
            HANDFOOT_DEFAULTS,
            {"initial_meld_minimums_by_round": [50, 90]},
            "initial_meld_minimums_by_round",
        ),
        (HANDFOOT_DEFAULTS, {"red_three_rule": "sometimes"}, "red_three_rule"),
    ],
)
def test_refusals_name_the_option(
    rules: CanastaRules, options: dict[str, object], option: str
) -> None:
    with pytest.raises(RulesError) as refused:
        with_options(rules, options)
    assert refused.value.option == option or option in str(refused.value)


def test_unknown_preset_and_stored_game() -> None:
    with pytest.raises(RulesError, match="unknown preset"):
        canasta_rules_for("canasta-4p")
    with pytest.raises(RulesError, match="not Canasta"):
        from_dict({"game": "gin"})
