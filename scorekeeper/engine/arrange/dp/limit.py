"""The per-meld wild limit (``wild_limit``, with ``wild_as_itself``) as one running number, for
the DP: a run's track carries it card by card, a set's is worked out from its counts. It
agrees with the referee's own rule (:func:`...melds.check_meld`), which the tests hold it to.
"""

from __future__ import annotations

from ...rules import Rules

#: How a card fills a place: a natural card, or a wild in its own place (which counts as
#: natural for the limit unless ``wild_as_itself`` is ``wild``).
NAT, OWN = "N", "O"

#: The slack of a meld no wild limit bounds.
NO_LIMIT = 1 << 20


def state_of(kind: str, cards: int, wilds: int, naturals: int) -> int:
    """The limit's number for a meld of ``cards`` cards, ``wilds`` of them counted as wild and
    ``naturals`` as natural.

    >>> state_of("one_per_three", 6, 2, 4), state_of("naturals_majority", 5, 2, 3)
    (0, 1)
    """
    if kind == "one":
        return wilds
    if kind == "one_per_three":
        return cards - 3 * wilds
    if kind == "naturals_majority":
        return naturals - wilds
    return 0


def slack(kind: str, state: int) -> int:
    """How many more plain wilds a meld whose limit number is ``state`` may take and stay
    legal (negative: it is not legal now).

    >>> slack("one", 0), slack("one_per_three", 5), slack("naturals_majority", 1)
    (1, 2, 0)
    """
    if kind == "none":
        return NO_LIMIT
    if kind == "one":
        return 1 - state
    if kind == "one_per_three":
        return state // 2 if state >= 0 else -1
    return state - 1


class WildLimit:
    """The per-meld wild limit as a running number: can this meld still be legal, and is it?

    ``one``: wilds so far. ``one_per_three``: cards - 3 * wilds. ``naturals_majority``:
    naturals - wilds. A wild in its own place counts as natural unless ``wild_as_itself`` is
    ``wild``. The number is capped where no more wilds could bring it down to the limit.

    >>> from ...rules import Rules
    >>> limit = WildLimit(Rules(wild_limit="naturals_majority"), 8)
    >>> state = limit.add(limit.add(0, NAT), NAT)
    >>> limit.ok(state), limit.slack(state), limit.ok(limit.add_wilds(state, 2))
    (True, 1, False)
    """

    def __init__(self, rules: Rules, wilds: int) -> None:
        self.kind = rules.wild_limit
        self.own_is_wild = rules.wild_as_itself == "wild"
        self.cap = 2 * wilds + 2

    def add(self, state: int, how: str) -> int | None:
        kind = self.kind
        if kind == "none":
            return 0
        natural = how == NAT or (how == OWN and not self.own_is_wild)
        if kind == "one":
            if natural:
                return state
            return None if state >= 1 else state + 1
        if natural:
            return min(state + 1, self.cap)
        return state - (2 if kind == "one_per_three" else 1)

    def add_wilds(self, state: int, count: int) -> int | None:
        """The state after ``count`` plain wilds (None: broken for good)."""
        kind = self.kind
        if kind == "none":
            return 0
        if kind == "one":
            return None if state + count > 1 else state + count
        return state - (2 if kind == "one_per_three" else 1) * count

    def ok(self, state: int | None) -> bool:
        if state is None:
            return False
        if self.kind == "one_per_three":
            return state >= 0
        if self.kind == "naturals_majority":
            return state >= 1
        return True

    def slack(self, state: int) -> int:
        """How many more plain wilds a meld in this state may take and stay legal."""
        return slack(self.kind, state)
