"""The work budget of one arrangement: counted in steps, not seconds, so that tests are
deterministic and a request costs about the same on any machine of one speed.

>>> work = Budget(10)
>>> work.spend(8); work.spent
False
>>> work.spend(5); work.spent
True
"""

from __future__ import annotations


class BudgetSpent(Exception):
    """The search used up all the work it may do (past the budget, and past its grace)."""


class Budget:
    """Work steps left for one arrangement: a state made, a node searched, a referee's call.

    Past the budget a search stops looking for better and finishes with what it has; past
    ``grace`` times the budget it stops at once (:class:`BudgetSpent`).
    """

    def __init__(self, steps: int, grace: float = 1.5) -> None:
        self.start = steps
        self.left = steps
        self.limit = -int(steps * (grace - 1))

    def spend(self, steps: int = 1) -> None:
        self.left -= steps
        if self.left < self.limit:
            raise BudgetSpent

    @property
    def spent(self) -> bool:
        return self.left < 0

    @property
    def used(self) -> int:
        return self.start - self.left

    @classmethod
    def beam(cls, steps: int) -> Budget:
        """A budget spent from the start, with ``steps`` of grace: a search given it keeps only
        its best states from the first step (the DP's beam), and stops past ``steps``."""
        work = cls(0)
        work.left, work.start, work.limit = -1, -1, -steps
        return work
