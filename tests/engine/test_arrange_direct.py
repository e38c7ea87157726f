"""The search's own scoring of candidate groups (``arrange.direct``) against the referee: the
same points, or illegal for both, on every small group and on random ones, under the rules that
change where a wild may stand, what it is worth there and how many a meld may hold."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.arrange.direct import DirectScore
from scorekeeper.engine.cards import JOKER_CARD, RANKS, SUITS, Card, parse_cards
from scorekeeper.engine.melds import check_meld
from scorekeeper.engine.points import Context
from scorekeeper.engine.presets import rules_for

AS_REPRESENTED = {"jokers": 4, "joker_points": "as_represented"}

#: (preset, options, the round's wild rank): every rule that changes where a wild may stand,
#: what it is worth there, or how many a meld may hold.
RULES = [
    ("rummy500", AS_REPRESENTED, None),
    ("rummy500", {**AS_REPRESENTED, "around_the_corner": True}, None),
    ("rummy500", {**AS_REPRESENTED, "ace_position": "high_only"}, None),
    ("rummy500", {**AS_REPRESENTED, "ace_position": "low_only", "ace_low_points": 1}, None),
    ("rummy500-pips", AS_REPRESENTED, None),
    ("rummy500-fives", AS_REPRESENTED, None),
    ("rummy500", {**AS_REPRESENTED, "decks": 2, "set_duplicates_allowed": True, "max_set": 6}, "K"),
    ("rummy500", {**AS_REPRESENTED, "decks": 2, "omit_ranks": ["2", "3"]}, None),
    ("rummy500", {**AS_REPRESENTED, "wild_limit": "one"}, None),
    ("rummy500", {**AS_REPRESENTED, "wild_limit": "one_per_three", "min_run": 4}, None),
    ("rummy500", {**AS_REPRESENTED, "wild_limit": "naturals_majority", "min_set": 4}, None),
    ("rummy500", {**AS_REPRESENTED, "meld_kinds": "runs_only"}, None),
    ("rummy500", {**AS_REPRESENTED, "points_divisor": 5}, None),
    ("rummy5000", {"decks": 2, "jokers": 4, "wild_limit": "one"}, "5"),
    ("rummy5000", {"decks": 2, "jokers": 4, "wild_limit": "one", "wild_as_itself": "wild"}, "9"),
    ("rummy5000", {"decks": 2, "jokers": 4, "wild_limit": "one_per_three"}, "A"),
    ("rummy5000", {"wild_limit": "naturals_majority", "wild_ranks": ["2", "3"]}, "K"),
    ("rummy5000", {"set_duplicates_allowed": False, "wild_limit": "one"}, "7"),
    ("rummy5000", {"around_the_corner": True, "wild_limit": "one_per_three"}, "2"),
    ("rummy500", {"jokers": 2, "wild_ranks": ["2"], "wild_limit": "one"}, None),
    ("rummy500", {"wild_cards": ["JS", "JH"], "wild_limit": "naturals_majority"}, None),
    ("george2500", {"jokers": 2, "wild_limit": "one"}, "9"),
    ("rummy500", {"jokers": 2, "card_points": {"5": 50}, "wild_limit": "one"}, "5"),
    # Jokers priced as represented beside wilds of fixed points, under each limit.
    ("rummy5000", {**AS_REPRESENTED, "decks": 2, "wild_limit": "naturals_majority"}, "7"),
    ("rummy5000", {**AS_REPRESENTED, "wild_limit": "one_per_three", "wild_ranks": ["2"]}, "9"),
    ("rummy500", {**AS_REPRESENTED, "wild_limit": "one", "wild_as_itself": "wild"}, "4"),
    # A joker worth most as the low ace (its A points there), beside a wild of fixed points.
    ("rummy500", {**AS_REPRESENTED, "wild_ranks": ["7"], "ace_low_points": None}, None),
    ("rummy500", {**AS_REPRESENTED, "wild_cards": ["JS", "JH"], "around_the_corner": True}, None),
]


def context(preset: str, options: dict[str, object], wild_rank: str | None, packs: int) -> Context:
    return Context(rules_for(preset, options), wild_rank, packs=packs)


def wilds_of(ctx: Context) -> list[Card]:
    """The wild cards of a round: its jokers, the cards of its wild ranks."""
    cards = [Card(rank, suit) for rank in RANKS for suit in SUITS]
    return [card for card in [JOKER_CARD, *cards] if ctx.is_wild(card)]


def agrees(score: DirectScore, ctx: Context, naturals: list[Card], wilds: list[Card]) -> bool:
    verdict = check_meld([*naturals, *wilds], ctx)
    return score.points(naturals, wilds) == (verdict.points if verdict.legal else None)


@st.composite
def groups(draw: st.DrawFn) -> tuple[Context, list[Card], list[Card]]:
    """A context and a group's natural cards (mostly run- or set-shaped) with 1-3 wilds."""
    preset, options, wild_rank = draw(st.sampled_from(RULES))
    ctx = context(preset, options, wild_rank, draw(st.sampled_from([1, 2])))
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
    wilds = draw(st.lists(st.sampled_from(wilds_of(ctx)), min_size=1, max_size=3))
    return ctx, naturals[:6], wilds


@settings(max_examples=800, deadline=None, derandomize=True)
@given(groups())
def test_groups_score_as_the_referee_says(group: tuple[Context, list[Card], list[Card]]) -> None:
    ctx, naturals, wilds = group
    score = DirectScore(ctx)
    if score.applies(naturals, wilds):
        assert agrees(score, ctx, naturals, wilds)


def small_groups(ctx: Context) -> list[tuple[list[Card], list[Card]]]:
    """Every run shape of one suit that 1-3 naturals can make with 1-2 wilds (the naturals
    within five ranks, from every rank), and every set of 1-3 suits of every rank; the wilds:
    jokers, and the round's wild cards of the run's suit or the set's rank and of another."""
    every_wild = wilds_of(ctx)
    shapes: list[tuple[list[Card], list[Card]]] = []

    def with_wilds(naturals: list[Card], near: list[Card]) -> None:
        far = [c for c in every_wild if c not in near][:2]
        picks = {w for w in [*near[:3], *far] if w in every_wild}
        for first in sorted(picks):
            shapes.append((naturals, [first]))
            for second in sorted(picks):
                if second >= first:
                    shapes.append((naturals, [first, second]))

    for start in range(13):
        for places in ((0,), (0, 1), (0, 2), (0, 1, 2), (0, 1, 3), (0, 2, 4), (0, 3)):
            naturals = [Card(RANKS[(start + p) % 13], "H") for p in places]
            with_wilds(naturals, [JOKER_CARD, *(c for c in every_wild if c.suit == "H")])
    for rank in RANKS:
        for suits in (["S"], ["D"], ["S", "H"], ["D", "C"], ["S", "H", "D"], ["S", "S"]):
            naturals = [Card(rank, s) for s in suits]
            with_wilds(naturals, [JOKER_CARD, *(c for c in every_wild if c.rank == rank)])
    return shapes


def test_every_small_group_scores_as_the_referee_says() -> None:
    told = 0
    for preset, options, wild_rank in RULES:
        # Two packs where the mix plays them (duplicates then count), else one.
        packs = 2 if "decks" in options or preset in ("rummy5000", "george2500") else 1
        ctx = context(preset, options, wild_rank, packs)
        score = DirectScore(ctx)
        for naturals, wilds in small_groups(ctx):
            if score.applies(naturals, wilds):
                told += 1
                assert agrees(score, ctx, naturals, wilds), (preset, options, naturals, wilds)
    assert told > 5_000  # the model really answered, under every mix


def test_the_joker_takes_the_place_worth_most() -> None:
    """Under rummy500 a joker beside J-Q-K is the ace high (15), not the ten (10); beside 2-3
    it is the four (4), not the ace low (1)."""
    ctx = Context(rules_for("rummy500", AS_REPRESENTED))
    score = DirectScore(ctx)
    assert score.points(parse_cards(["JS", "QS", "KS"]), [JOKER_CARD]) == 10 + 10 + 10 + 15
    assert score.points(parse_cards(["2S", "3S"]), [JOKER_CARD]) == 2 + 3 + 4
    assert check_meld(parse_cards(["2S", "3S", "JK"]), ctx).points == 2 + 3 + 4


def test_a_wild_in_its_own_place_counts_as_natural_for_the_limit() -> None:
    """Nines wild, one wild a meld: 7S 8S 9S 9H is 7-8-9-10 of spades with the nine of spades
    as itself; with ``wild_as_itself: wild`` it is two wilds, not legal."""
    naturals, wilds = parse_cards(["7S", "8S"]), parse_cards(["9S", "9H"])
    natural = Context(rules_for("rummy5000", {"wild_limit": "one"}), "9")
    assert DirectScore(natural).points(naturals, wilds) == 5 + 5 + 2 * 100
    assert check_meld([*naturals, *wilds], natural).points == 5 + 5 + 2 * 100
    strict = Context(rules_for("rummy5000", {"wild_limit": "one", "wild_as_itself": "wild"}), "9")
    assert DirectScore(strict).points(naturals, wilds) is None
    assert not check_meld([*naturals, *wilds], strict).legal


def test_it_leaves_to_the_referee_what_it_cannot_tell() -> None:
    ctx = Context(rules_for("rummy500", AS_REPRESENTED))
    assert not DirectScore(ctx).applies(parse_cards(["5S", "5S"]), [JOKER_CARD])  # one pack
    assert not DirectScore(ctx).applies(parse_cards(["5S", "6S"]), [JOKER_CARD] * 5)
    sixes = DirectScore(Context(ctx.rules, wild_rank="6"))
    assert not sixes.applies(parse_cards(["5S", "6S"]), [JOKER_CARD])  # a wild among naturals
    priced = Context(rules_for("rummy500", {**AS_REPRESENTED, "card_overrides": {"QS": 50}}))
    assert not DirectScore(priced).applies(parse_cards(["5S", "6S"]), [JOKER_CARD])


def table_melds(ctx: Context) -> list[list[Card]]:
    """Legal melds of natural cards: runs of 3 and 5 from every rank, sets of three suits (with
    an ace among them: the model leaves those to the referee)."""
    runs = [
        [Card(RANKS[(start + i) % 13], "D") for i in range(length)]
        for start in range(13)
        for length in (3, 5)
    ]
    sets = [[Card(rank, s) for s in "SHD"] for rank in RANKS]
    return [
        meld
        for meld in runs + sets
        if all(not ctx.is_wild(c) for c in meld) and check_meld(meld, ctx).legal
    ]


def test_every_small_layoff_scores_as_the_referee_says() -> None:
    told = 0
    for preset, options, wild_rank in RULES:
        packs = 2 if "decks" in options or preset in ("rummy5000", "george2500") else 1
        ctx = context(preset, options, wild_rank, packs)
        score = DirectScore(ctx)
        wilds = wilds_of(ctx)[:3]
        for meld in table_melds(ctx):
            rank, suit = meld[0].rank, meld[0].suit
            near = [
                Card(RANKS[(RANKS.index(c.rank) + d) % 13], suit) for c in meld[-1:] for d in (1, 2)
            ] + [Card(rank, "C"), Card(RANKS[1], suit)]
            for added in [[], *([c] for c in near), near[:2]]:
                for extra in [[], *([w] for w in wilds), wilds[:2], wilds[:3]]:
                    if not added and not extra:
                        continue
                    can, points = score.layoff(meld, added, extra)
                    if not can:
                        continue
                    told += 1
                    verdict = check_meld([*added, *extra], ctx, meld)
                    assert points == (verdict.points if verdict.legal else None), (
                        preset,
                        options,
                        meld,
                        added,
                        extra,
                    )
    assert told > 1_000
