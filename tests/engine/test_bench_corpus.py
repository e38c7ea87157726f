"""The arrangement benchmark's corpus (tests/benchmarks/arrange_corpus.py) is what it says: piles
that the packs can hold, of the size asked, under every mix; table melds that are legal."""

import random
import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from arrange_corpus import (
    BRUTE_SIZES,
    MIXES,
    PATHOLOGICAL,
    SIZES,
    Mix,
    make_pile,
    peer_mix,
)

from scorekeeper.engine.deck import deck_counts, overused
from scorekeeper.engine.melds import check_meld


@pytest.mark.parametrize("mix", [*MIXES, peer_mix()], ids=lambda mix: mix.name)
def test_piles_respect_the_packs(mix: Mix) -> None:
    rng = random.Random(mix.name)
    held = deck_counts(mix.rules, mix.packs)
    for size in (*BRUTE_SIZES, *SIZES):
        for _ in range(3):
            pile = make_pile(rng, mix, size)
            everything = [*pile.cards, *(card for meld in pile.table for card in meld)]
            assert len(pile.cards) == size
            assert overused(everything, mix.rules, mix.packs) == [], pile.describe()
            assert all(card.rank not in mix.rules.omit_ranks for card in everything)
            assert not Counter(everything) - held
            ctx = pile.context()
            assert all(check_meld(meld, ctx).legal for meld in pile.table), pile.describe()


def test_the_corpus_covers_every_preset_and_the_options() -> None:
    presets = {mix.preset for mix in MIXES}
    assert {"rummy500", "rummy5000", "george2500", "persian", "dealers-gambit"} <= presets
    assert len([mix for mix in MIXES if mix.options]) >= 12
    seen = {(name, str(value)) for mix in MIXES for name, value in mix.rules.to_dict().items()}
    for limit in ("none", "one", "one_per_three", "naturals_majority"):
        assert ("wild_limit", limit) in seen
    for option, value in [
        ("joker_points", "as_represented"),
        ("wild_as_itself", "wild"),
        ("set_duplicates_allowed", "False"),
        ("set_duplicates_allowed", "True"),
        ("around_the_corner", "True"),
        ("ace_position", "high_only"),
        ("ace_position", "low_only"),
        ("meld_kinds", "sets_only"),
        ("wild_sets", "True"),
    ]:
        assert (option, value) in seen
    assert {mix.packs for mix in MIXES} == {1, 2, 3, 4}


def test_pathological_piles_fit_their_packs() -> None:
    for case in PATHOLOGICAL:
        assert overused(case.cards, case.rules, case.rules.packs()) == [], case.name
        assert len(case.cards) in (30, 40)
