"""The search's own scoring of natural cards with jokers priced as represented
(``arrange.jokers``) against the referee: the same points, or illegal for both, on random
candidate groups under many house rules."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.arrange.jokers import JokerMeld
from scorekeeper.engine.cards import JOKER_CARD, RANKS, SUITS, Card, parse_cards
from scorekeeper.engine.melds import check_meld
from scorekeeper.engine.points import Context
from scorekeeper.engine.presets import rules_for

AS_REPRESENTED = {"jokers": 4, "joker_points": "as_represented"}

#: Every rule that changes where a joker may stand or what it is worth there.
RULES = [
    ("rummy500", AS_REPRESENTED),
    ("rummy500", {**AS_REPRESENTED, "around_the_corner": True}),
    ("rummy500", {**AS_REPRESENTED, "ace_position": "high_only"}),
    ("rummy500", {**AS_REPRESENTED, "ace_position": "low_only", "ace_low_points": 1}),
    ("rummy500-pips", AS_REPRESENTED),
    ("rummy500-fives", AS_REPRESENTED),
    ("rummy500", {**AS_REPRESENTED, "decks": 2, "set_duplicates_allowed": True, "max_set": 6}),
    ("rummy500", {**AS_REPRESENTED, "decks": 2, "omit_ranks": ["2", "3"]}),
    ("rummy500", {**AS_REPRESENTED, "wild_limit": "one"}),
    ("rummy500", {**AS_REPRESENTED, "wild_limit": "one_per_three", "min_run": 4}),
    ("rummy500", {**AS_REPRESENTED, "wild_limit": "naturals_majority", "min_set": 4}),
    ("rummy500", {**AS_REPRESENTED, "meld_kinds": "runs_only"}),
    ("rummy500", {**AS_REPRESENTED, "meld_kinds": "sets_only"}),
    ("rummy5000", {**AS_REPRESENTED, "decks": 2}),
    ("rummy500", {**AS_REPRESENTED, "points_divisor": 5}),
]


@st.composite
def groups(draw: st.DrawFn) -> tuple[Context, list[Card], int]:
    """A context and a group's natural cards (mostly run- or set-shaped) with 1-4 jokers."""
    preset, options = draw(st.sampled_from(RULES))
    ctx = Context(rules_for(preset, options), packs=draw(st.sampled_from([1, 2])))
    shape = draw(st.sampled_from(["run", "set", "any"]))
    if shape == "run":
        suit = draw(st.sampled_from(SUITS))
        start = draw(st.integers(0, 12))
        places = draw(st.lists(st.integers(0, 5), min_size=1, max_size=5))
        naturals = [Card(RANKS[(start + p) % 13], suit) for p in places]
    elif shape == "set":
        rank = draw(st.sampled_from(RANKS))
        naturals = [Card(rank, s) for s in draw(st.lists(st.sampled_from(SUITS), min_size=1))]
    else:
        naturals = draw(
            st.lists(st.builds(Card, st.sampled_from(RANKS), st.sampled_from(SUITS)), min_size=1)
        )
    return ctx, naturals[:6], draw(st.integers(1, 4))


@settings(max_examples=600, deadline=None, derandomize=True)
@given(groups())
def test_joker_groups_score_as_the_referee_says(group: tuple[Context, list[Card], int]) -> None:
    ctx, naturals, jokers = group
    model = JokerMeld(ctx)
    if not model.applies(naturals, jokers):
        return
    verdict = check_meld([*naturals, *[JOKER_CARD] * jokers], ctx)
    assert model.points(naturals, jokers) == (verdict.points if verdict.legal else None)


def small_groups() -> list[tuple[list[Card], int]]:
    """Every run shape of one suit that 1-3 naturals and 1-2 jokers can make (the naturals
    within five ranks, from every rank), and every set of 1-3 suits of every rank."""
    shapes: list[tuple[list[Card], int]] = []
    for start in range(13):
        for places in ((0,), (0, 1), (0, 2), (0, 1, 2), (0, 1, 3), (0, 2, 4), (0, 3)):
            naturals = [Card(RANKS[(start + p) % 13], "H") for p in places]
            shapes += [(naturals, jokers) for jokers in (1, 2)]
    for rank in RANKS:
        for suits in (["S"], ["S", "H"], ["S", "H", "D"], ["S", "S"]):
            shapes += [([Card(rank, s) for s in suits], jokers) for jokers in (1, 2)]
    return shapes


def test_every_small_joker_group_scores_as_the_referee_says() -> None:
    for preset, options in RULES:
        for packs in (1, 2):
            ctx = Context(rules_for(preset, options), packs=packs)
            model = JokerMeld(ctx)
            for naturals, jokers in small_groups():
                if not model.applies(naturals, jokers):
                    continue
                verdict = check_meld([*naturals, *[JOKER_CARD] * jokers], ctx)
                expected = verdict.points if verdict.legal else None
                assert model.points(naturals, jokers) == expected, (preset, options, naturals)


def test_the_joker_takes_the_place_worth_most() -> None:
    """Under rummy500 a joker beside J-Q-K is the ace high (15), not the ten (10); beside 2-3
    it is the four (4), not the ace low (1)."""
    ctx = Context(rules_for("rummy500", AS_REPRESENTED))
    model = JokerMeld(ctx)
    assert model.points(parse_cards(["JS", "QS", "KS"]), 1) == 10 + 10 + 10 + 15
    assert model.points(parse_cards(["2S", "3S"]), 1) == 2 + 3 + 4
    assert check_meld(parse_cards(["2S", "3S", "JK"]), ctx).points == 2 + 3 + 4


def test_it_leaves_to_the_referee_what_it_cannot_tell() -> None:
    fixed = Context(rules_for("rummy500", {"jokers": 2}))  # jokers at fixed points
    assert not JokerMeld(fixed).applies(parse_cards(["5S", "6S"]), 1)
    ctx = Context(rules_for("rummy500", AS_REPRESENTED))
    assert not JokerMeld(ctx).applies(parse_cards(["5S", "5S"]), 1)  # twice, one pack
    assert not JokerMeld(ctx).applies(parse_cards(["5S", "6S"]), 5)  # more jokers than in play
    sixes = Context(rules_for("rummy500", AS_REPRESENTED), wild_rank="6")
    assert not JokerMeld(sixes).applies(parse_cards(["5S", "6S"]), 1)  # a wild among them
