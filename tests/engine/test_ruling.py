"""The referee's what-if rulings (engine.ruling): each reason with the options it names set the
other way, the wilds' other readings, what the round's scoring would double, and the other
settings that would turn the verdict. Every figure here was worked out by hand from RULES.md."""

from __future__ import annotations

from typing import Any

from scorekeeper.engine.cards import Card, parse_cards
from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.ruling import Question, Ruling, options_named, ruling


def _asked(
    cards: str,
    preset: str = "rummy500",
    onto: str = "",
    wild_rank: str | None = None,
    joker_effect: str | None = None,
    **options: Any,
) -> Ruling:
    rules = rules_for(preset, options)
    return ruling(
        Question(
            rules,
            rules.packs(None),
            wild_rank,
            joker_effect,
            tuple(parse_cards(cards.split())),
            (None,) * len(cards.split()),
            tuple(parse_cards(onto.split())),
            (None,) * len(onto.split()),
        )
    )


def _flips(asked: Ruling) -> list[tuple[str, str, bool]]:
    return [(f.option, f.setting, f.legal) for reason in asked.reasons for f in reason.flips]


def test_round_the_corner_is_legal_with_the_option_on() -> None:
    asked = _asked("KS AS 2S")
    assert not asked.legal
    assert _flips(asked) == [("around_the_corner", "on", True)]
    assert asked.reasons[0].flips[0].outcome() == "this is a run worth 27"  # K 10, A 15, 2 2


def test_a_legal_run_names_what_would_refuse_it() -> None:
    asked = _asked("QS KS AS")
    assert asked.legal and asked.kind_words == "a run"
    turned = {(f.option, f.setting) for f in asked.other_rules}
    assert ("ace_position", "low only") in turned  # Q-K-A needs a high ace


def test_the_kept_reading_is_named_and_lay_beside_would_take_it() -> None:
    asked = _asked("6S", onto="5S JK 7S", jokers=2)
    assert not asked.legal
    assert any("a wild keeps the reading" in reason.text for reason in asked.reasons)
    flips = _flips(asked)
    assert ("real_card_for_wild", "lay beside", True) in flips
    laid = _asked("8S", onto="5S JK 7S", jokers=2)  # what stands: the joker shown kept as 6S
    (joker,) = laid.wilds
    assert laid.legal and joker.as_card == Card.from_code("6S") and joker.on_table and joker.kept


def test_a_free_wild_says_what_else_it_could_be() -> None:
    asked = _asked("5S 6S JK", jokers=2)
    assert asked.legal
    (joker,) = asked.wilds
    assert joker.as_card == Card.from_code("7S")  # the most points: 7S over 4S
    assert joker.others == (Card.from_code("4S"),)


def test_sixes_wild_read_as_the_gap() -> None:
    asked = _asked("8S 6H 10S", wild_ranks=["6"])
    assert asked.legal and [w.as_card.code() for w in asked.wilds] == ["9S"]


def test_persian_fours_laid_at_once_count_double() -> None:
    asked = _asked("9S 9H 9D 9C", preset="persian")
    assert asked.legal and asked.verdict.points == 36  # 9s at face value
    assert any("counts double: 72" in note for note in asked.notes)


def test_the_dealers_joker_effect_is_a_setting_too() -> None:
    asked = _asked("5S JK 7S", preset="dealers-gambit", joker_effect="double")
    flips = {(f.option, f.setting, f.legal) for f in asked.other_rules} | set(_flips(asked))
    assert ("joker_effect", "wild", True) in flips  # jokers not wild under "double"
    assert not asked.legal


def test_options_named_in_a_reason() -> None:
    assert options_named("K-A-2 needs around_the_corner; see ace_position") == (
        "around_the_corner",
        "ace_position",
    )
