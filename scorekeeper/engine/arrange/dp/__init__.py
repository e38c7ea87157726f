"""The exact arrangement of a pile into new melds: dynamic programming over the ranks.

After van Rijn, Takes and Vis (*The Complexity of Rummikub Problems*, 2015): the ranks are read
from low to high, and at each rank every card of that rank is settled at once: it extends a run
of its suit that is still open, starts a new run, joins a set of its rank, or stays out. What the
ranks above need to know is small: per suit the runs still open, each as a *track* (its length,
how far it is from breaking the wild limit, how many places since its last natural card), and
how the wild cards were spent. States that agree on that are merged, keeping the best.

Our rules go beyond Rummikub's, and each has its place:

* **Fixed-points wilds** (every wild but a joker priced ``as_represented``) score the same
  wherever they lie, so the DP places them only where a meld *needs* one: a gap between two
  natural cards, a run or set short of its minimum. Every meld, when it closes, adds the wilds
  it could still take (its free places, as far as the wild limit allows) to one *capacity*;
  at the end the wilds left fill that capacity, the richest placed first.
* **Jokers priced as represented** score the card they stand for, so they are placed
  explicitly, in the places they are worth most in.
* **A wild in its own place** (``9H`` for itself when nines are wild) anchors a meld like a
  natural card; it is decided at its rank, and counted per points class (``own``).
* **Aces** are low at the first place and may be high after the king (the aces a run takes at
  the top are those the bottom left, ``spare``). Round the corner, a run with natural cards on
  both sides of the king is a *head* (from the ace up) that waits for a *tail* (up to the
  king): one group, one length, one wild count.
* **Sets** of a rank are settled once the suits of that rank have fed their runs, by a small
  exact search over how the cards left for sets split (:func:`.sets.fewest_sets`).
* **Wild sets** (``wild_sets``) take the wilds left at the end; **joker sets** (jokers that are
  not wild) are one group of their own.

A split scores ``(cards placed, points, -groups)`` compared in that order, folded into one
integer (:class:`.pile._Scale`). The work is counted in states made
(:class:`..budget.Budget`); past the budget, the layers that remain keep only their best states
(a beam), and the answer says it is not exact.

Where each part lives (the layers read the ranks low to high; each layer's moves come from one
mixin of the pile):

* :mod:`.pile`: the pile read by place and suit, what each card scores there, the bounds on
  what the cards still to come can add, and the wilds filling places (:class:`.pile._PileByRanks`);
* :mod:`.runs`: the moves of one suit at one rank: runs extended, gapped, ended, started;
* :mod:`.set_moves`: the moves of one rank's sets, by :mod:`.sets` (how the cards a rank leaves
  split into sets) and :mod:`.limit` (the wild limit as one number);
* :mod:`.ends`: the last layer: runs closed or taken to the ace high, the wilds left placed;
* :mod:`.layers`: the programme itself (:class:`.layers.PileDP`): the layers, states merged,
  cut and kept to a beam, and the best path replayed as cards.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import Card
from ...points import Context
from ...rules import Rules
from ..budget import Budget
from .layers import PileDP

__all__ = ["PileDP", "best_new_melds", "models"]


def best_new_melds(
    pile: Sequence[Card],
    ctx: Context,
    budget: Budget,
    floor: tuple[int, int, int] | None = None,
) -> tuple[tuple[int, int, int], list[tuple[Card, ...]], bool] | None:
    """The best split of ``pile`` into new melds by the DP: its score, its groups, and whether
    it is exact (False once the budget was spent); None if it found none within the budget
    (or none as good as ``floor``, the score of a split already known)."""
    dp = PileDP(ctx, pile, budget, floor)
    answer = dp.solve()
    if answer is None:
        return None
    groups = dp.build(answer)
    return dp.value_of(answer.value, len(groups)), groups, answer.exact and models(ctx.rules)


def models(rules: Rules) -> bool:
    """Whether the programme's runs are the referee's under these rules: not where aces are low
    only yet runs go round the corner (the referee takes K-A-2 there, and a random sweep of
    option mixes found the programme scoring such piles both above and below it), where its
    answer is a split to start from, not known to be the best.

    >>> from ...presets import rules_for
    >>> models(rules_for("rummy500", {"around_the_corner": True}))
    True
    >>> models(rules_for("rummy500", {"around_the_corner": True, "ace_position": "low_only"}))
    False
    """
    return not (rules.around_the_corner and rules.ace_position == "low_only")
