"""Is this a legal meld? A verdict with the kind, what each wild stands for, points, and reasons.

>>> from ..cards import parse_cards
>>> from ..presets import rules_for
>>> sixes_wild = Context(rules_for("rummy5000"), wild_rank="6")
>>> verdict = check_meld(parse_cards(["8S", "6H", "10S"]), sixes_wild)
>>> verdict.legal, verdict.kind, verdict.points
(True, 'run', 115)
>>> [f"{r.card} as {r.as_card}" for r in verdict.readings if r.wild]
['6H as 9S']
>>> plain = Context(rules_for("rummy500"))
>>> check_meld(parse_cards(["KS", "AS", "2S"]), plain).reasons
('K-A-2 goes around the corner, which these rules do not allow (around_the_corner).',)
>>> run = parse_cards(["6S", "7S", "8S", "9S"])
>>> check_meld(parse_cards(["10S"]), plain, extends=run).legal
True
>>> check_meld(parse_cards(["9S"]), plain, extends=run).legal
False

The referee in modules, each asking only those above it:

* :mod:`.words`: every reason and note a verdict gives, as the scorer reads it.
* :mod:`.reading`: what a reading of a meld is; the wild limit every reading keeps to.
* :mod:`.sets`, :mod:`.runs`: the readings of cards as a set, as a run (its windows of ranks).
* :mod:`.analysis`: one meld's sorted cards read as each kind the rules allow, the best kept.
* :mod:`.verdicts`: :func:`check_meld`, the verdict on a meld or a layoff, card by card.
* :mod:`.standing`: melds as they stand on the table, and layoffs that keep their readings.
"""

from __future__ import annotations

from ..cards import parse_cards
from ..points import Context
from .analysis import _analyse, _analyse_all, _natural_meld
from .reading import Fixed, wild_limit_allows
from .runs import window_shape, window_starts
from .standing import StandingMeld, layoff_readings, layoff_refusal, meld_readings
from .verdicts import CardReading, Verdict, check_meld, most_cards

__all__ = [
    "CardReading",
    "Context",
    "Fixed",
    "StandingMeld",
    "Verdict",
    "check_meld",
    "layoff_readings",
    "layoff_refusal",
    "meld_readings",
    "most_cards",
    "parse_cards",
    "wild_limit_allows",
    "window_shape",
    "window_starts",
]

# The analysis' own functions, for the tests and the bench that look inside it (its cache, its
# quick reading of natural melds).
__all__ += ["_analyse", "_analyse_all", "_natural_meld"]
