"""The preview: each group with the engine's verdict and points, each hand, each total."""

from __future__ import annotations

from scorekeeper.engine.cards import format_cards
from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.scoring import score_round as engine_score
from scorekeeper.round_form.preview import preview

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
    result = read(API_MD)
    shown = preview(result, engine_score(rules_for("rummy500"), result.record))
    assert not any("nobody is marked as out" in p for p in shown.problems)
