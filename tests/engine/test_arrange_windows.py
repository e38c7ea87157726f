"""The choices of a suit's cards that a run's window may hold (``arrange.windows``), against
their definition: every choice of the cards, the table meld's ranks (``forced``) all in it,
with at most ``slack`` holes between its first and last rank in some order the rules allow
(ranks low to high; the ace after the king where it may be high; round the corner, every
rotation)."""

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.arrange.windows import _windows
from scorekeeper.engine.presets import rules_for

RULES = [
    {},
    {"ace_position": "low_only"},
    {"ace_position": "high_only"},
    {"around_the_corner": True},
    {"around_the_corner": True, "ace_position": "high_only"},
    {"around_the_corner": True, "omit_ranks": ["2", "3"]},
    {"omit_ranks": ["2", "3"]},
]


def _orders(size: int, ace_high: bool, corner: bool) -> list[list[int]]:
    """Each order as the place of each rank position."""
    orders = [list(range(size))]
    if ace_high:
        orders.append([size, *range(1, size)])
    if corner:
        orders += [[(p - turn) % size for p in range(size)] for turn in range(size)]
    return orders


def _defined(size: int, ace_high: bool, corner: bool, cards: list[int], forced: int, slack: int):
    forced_at = [p for p in range(size) if forced >> p & 1]
    optional = [p for p in cards if p not in forced_at]
    found = set()
    for n in range(len(optional) + 1):
        for chosen in combinations(optional, n):
            held = [*forced_at, *chosen]
            if not held:
                continue
            for order in _orders(size, ace_high, corner):
                places = [order[p] for p in held]
                if max(places) - min(places) + 1 - len(held) <= slack:
                    found.add(sum(1 << p for p in held))
                    break
    return found


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(RULES),
    st.sets(st.integers(0, 12), max_size=9),
    st.sets(st.integers(0, 12), max_size=3),
    st.integers(0, 4),
)
def test_subsets_are_the_choices_some_window_holds(options, cards, table, slack):
    rules = rules_for("rummy500", options)
    windows = _windows(rules)
    size = windows.size
    present = sorted(p for p in cards if p < size)
    forced = sum(1 << p for p in table if p < size and p not in present)
    expected = _defined(size, windows.ace_high, windows.corner, present, forced, slack)
    assert windows.subsets(present, forced, slack) == expected


def test_round_the_corner_a_run_may_hold_the_king_and_the_two():
    """K-A-2 with no hole round the corner; without the corner the king and the two are eleven
    ranks apart."""
    corner = _windows(rules_for("rummy500", {"around_the_corner": True}))
    plain = _windows(rules_for("rummy500"))
    king_two = 1 << 12 | 1 << 1
    assert king_two in corner.subsets([12, 1], 0, 1)
    assert king_two not in plain.subsets([12, 1], 0, 1)
