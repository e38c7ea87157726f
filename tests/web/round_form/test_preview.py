"""The preview: each group with the engine's verdict and points, each hand, each total."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.engine.cards import Card, format_cards
from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.scoring import meld
from scorekeeper.engine.scoring import score_round as engine_score
from scorekeeper.web.round_form import auto_grouping
from scorekeeper.web.round_form.preview import ReadingChoice, preview

from .conftest import API_MD, cards, read


def test_the_preview_of_the_api_md_round() -> None:
    result = read(API_MD, went_out="0")
    shown = preview(result, engine_score(rules_for("rummy500"), result.record))
    ann, bob, cy = shown.players
    assert [(g.legal, g.kind, g.points) for g in ann.groups] == [
        (True, "set", 9),
        (True, "run", 18),
        (True, "run", 9),
    ]
    layoff = ann.layoffs[0]
    assert (layoff.target_name, format_cards(layoff.target_cards)) == ("Bob", "6S 7S 8S")
    assert (ann.total, bob.total, cy.total) == (36, 9, 15)
    assert bob.hand_points == (10, 2) and bob.hand_note == "-12"
    assert shown.targets() == [
        (0, 0, 0, "Ann", cards("3S 3D 3C")),
        (0, 1, 1, "Ann", cards("5D 6D 7D")),
        (1, 0, 0, "Bob", cards("6S 7S 8S")),
    ]
    assert shown.problems == () and shown.warnings == ()


def test_the_preview_says_why_a_meld_or_a_layoff_fails() -> None:
    result = read(
        {
            0: {"table": "3C 3D 5S 9S", "layout": "3C 3D 5S / @1.0 9S"},
            1: {"table": "6S 7S 8S 9H", "layout": "6S 7S 8S / @1.0 9H"},
        },
        went_out="0",
    )
    shown = preview(result, engine_score(rules_for("rummy500"), result.record))
    bad_meld = shown.players[0].groups[0]
    assert not bad_meld.legal and bad_meld.points == 0
    assert "Not a set: the cards are of different ranks (3 5)." in bad_meld.reasons
    assert shown.players[0].groups[1].legal  # 9S extends 6S 7S 8S
    assert not shown.players[1].groups[1].legal  # 9H does not, after it
    assert shown.problems  # the engine agrees: the round is impossible as recorded


def test_the_preview_leaves_out_nobody_out_while_it_is_pending() -> None:
    result = read({**API_MD, 0: {**API_MD[0], "hand": "4H"}})  # everyone holds cards
    assert "went_out" in result.pending
    shown = preview(result, engine_score(rules_for("rummy500"), result.record))
    assert not any("nobody is marked as out" in p for p in shown.problems)
    assert shown.inferred_out is None


def test_the_preview_names_who_was_taken_as_out() -> None:
    """Nobody marked and Ann alone with nothing in hand: the preview scores her as out and
    says the form took her so; a mark leaves nothing to say."""
    result = read(API_MD)
    shown = preview(result, engine_score(rules_for("rummy500"), result.record))
    assert shown.inferred_out is not None and shown.inferred_out.name == "Ann"
    assert [p.went_out for p in shown.players] == [True, False, False]
    assert not shown.problems and not shown.pending
    assert shown.asked_out == ()
    marked = read(API_MD, went_out="0")
    assert preview(marked, engine_score(rules_for("rummy500"), marked.record)).inferred_out is None


def test_the_preview_names_whom_to_choose_from() -> None:
    result = read({**API_MD, 1: {"table": "6S 7S 8S"}})  # Bob too has nothing in hand
    shown = preview(result, engine_score(rules_for("rummy500"), result.record))
    assert shown.inferred_out is None
    assert [p.name for p in shown.asked_out] == ["Ann", "Bob"]
    assert not any(p.went_out for p in shown.players)


def test_the_preview_reads_the_engines_fields_not_its_prose() -> None:
    """Which problem to leave out goes by its code, what a hand does by where it went: the
    preview stays right whatever the engine's sentences say."""
    ann = {**API_MD[0], "hand": "4H"}  # everyone holds cards: nobody is taken as out
    result = read({0: ann, 1: {"table": "6S 7S 8S", "hand": "KH 2C"}, 2: {"hand": "AC"}})
    score = engine_score(rules_for("rummy500"), result.record)
    assert "nobody_out" in score.problem_codes
    reworded = replace(
        score,
        problems=tuple(f"(said otherwise) {problem}" for problem in score.problems),
        players=tuple(replace(p, lines=()) for p in score.players),
    )
    shown = preview(result, reworded)
    assert len(shown.problems) == len(score.problems) - 1
    assert [p.hand_note for p in shown.players] == ["-4", "-12", "-15"]


@pytest.mark.parametrize(
    ("preset", "went_out", "notes"),
    [
        ("rummy500", "0", [None, "-12", "-15"]),
        ("rummy5000", "0", [None, "15, to Ann", "100, to Ann"]),
        ("rummy5000", "stock", [None, "15, not counted", "100, not counted"]),
    ],
)
def test_what_each_hand_does(preset: str, went_out: str, notes: list[str | None]) -> None:
    players = {**API_MD, 1: {"table": "6S 7S 8S", "hand": "KH 2C"}, 2: {"hand": "AC"}}
    result = read(players, rules_for(preset), went_out=went_out)
    shown = preview(result, engine_score(rules_for(preset), result.record))
    assert [p.hand_note for p in shown.players] == notes


# --- what a wild card stands for, and declaring it ------------------------------------------

#: Jokers worth the card they stand for, so a declared reading changes the points.
AS_REPRESENTED = {"jokers": 2, "joker_points": "as_represented"}


def codes(row: tuple[ReadingChoice, ...]) -> list[str | None]:
    return [choice.card.code() if choice.card else None for choice in row]


def test_a_wild_shows_what_it_stands_for_and_its_other_readings() -> None:
    rules = rules_for("rummy500", AS_REPRESENTED)
    result = read({0: {"table": "5S 6S JK"}}, rules, went_out="0")
    shown = preview(result, engine_score(rules, result.record))
    run = shown.players[0].melds[0]
    # undeclared, the joker reads as the card that scores most: 7S (5 + 6 + 7)
    assert (run.legal, run.kind, run.points) == (True, "run", 18)
    assert [c.code() if c else None for c in run.stands_for] == [None, None, "7S"]
    assert run.choices_at(0) == run.choices_at(1) == ()  # natural cards: nothing to choose
    joker = run.choices_at(2)
    assert codes(joker) == ["4S", "7S"]
    assert [choice.chosen for choice in joker] == [False, True]
    assert joker[0].layout == "5S 6S JK=4S"  # the whole grouping, with the reading declared


def test_a_declared_reading_is_scored_and_can_be_taken_back() -> None:
    rules = rules_for("rummy500", AS_REPRESENTED)
    result = read({0: {"table": "5S 6S JK", "layout": "5S 6S JK=4S"}}, rules, went_out="0")
    assert result.errors == {}
    assert result.record.players[0].melds == (meld("5S 6S JK=4S"),)
    shown = preview(result, engine_score(rules, result.record))
    run = shown.players[0].melds[0]
    assert run.points == 15 and shown.players[0].total == 15  # 4 + 5 + 6
    assert run.stands_for[2] == Card.from_code("4S") and run.declared_at(2) == Card.from_code("4S")
    joker = run.choices_at(2)
    assert codes(joker) == ["4S", "7S", None]  # None: let the app choose again
    assert [choice.chosen for choice in joker] == [True, False, False]
    assert [choice.layout for choice in joker] == ["5S 6S JK=4S", "5S 6S JK=7S", "5S 6S JK"]


def test_a_declared_reading_decides_a_layoff() -> None:
    # Bob's 7S fits onto Ann's 5S 6S JK only with the joker declared as 4S
    rules = rules_for("rummy500", AS_REPRESENTED)
    players = {
        0: {"table": "5S 6S JK", "layout": "5S 6S JK=7S"},
        1: {"table": "7S", "layout": "@0.0 7S"},
    }
    kept = read(players, rules, went_out="0")
    refused = preview(kept, engine_score(rules, kept.record))
    assert not refused.players[1].layoffs[0].legal
    players[0]["layout"] = "5S 6S JK=4S"
    fits = read(players, rules, went_out="0")
    shown = preview(fits, engine_score(rules, fits.record))
    assert shown.players[1].layoffs[0].legal and shown.players[1].total == 7


def test_a_wild_with_one_reading_has_nothing_to_choose() -> None:
    rules = rules_for("rummy500", AS_REPRESENTED)
    result = read({0: {"table": "5S JK 7S"}}, rules, went_out="0")
    shown = preview(result, engine_score(rules, result.record))
    run = shown.players[0].melds[0]
    assert run.stands_for[1] == Card.from_code("6S") and run.choices_at(1) == ()


def test_a_declared_reading_that_does_not_fit_says_so() -> None:
    rules = rules_for("rummy500", AS_REPRESENTED)
    result = read({0: {"table": "5S 6S JK", "layout": "5S 6S JK=9S"}}, rules, went_out="0")
    shown = preview(result, engine_score(rules, result.record))
    run = shown.players[0].melds[0]
    assert not run.legal
    assert any("JK stands for 9S" in reason for reason in run.reasons)
    # the scorer can still pick a reading that fits, or let the app choose
    assert codes(run.choices_at(2)) == ["4S", "7S", None]


# --- the hint when the app's grouping is not known to be the best ---------------------------


def test_an_inexact_grouping_is_shown_with_its_groups(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(auto_grouping, "AUTO_BUDGET", 1)
    result = read(API_MD, went_out="0")
    shown = preview(result, engine_score(rules_for("rummy500"), result.record))
    ann = shown.players[0]
    assert not ann.plan.auto_exact
    assert sum(len(g.group.cards) for g in ann.groups) == 7  # every card is still shown
