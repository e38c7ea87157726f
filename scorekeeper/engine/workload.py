"""How much arranging work one request may do, so that a few heavy requests never stall the
server: the engine's full budget while few searches run at once, a small one beyond.

A search is CPU work under Python's GIL: eight of the worst at once would hold eight of
waitress's threads for seconds each, and every other request (the board's polls, the health
check) would wait for a thread. So at most :data:`FULL_AT_ONCE` search gets the full budget
(about a second); one that finds them all taken gets :data:`BUSY_BUDGET` (a few hundredths of
a second), answers with ``exact`` false, and frees its thread at once.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from .arrange import DEFAULT_BUDGET

#: Searches that may run at once with the full budget, per process (the GIL runs one Python
#: thread at a time, so a second would only halve the speed of both and of everyone else).
FULL_AT_ONCE = 1
#: The budget of a search that finds every full slot taken.
BUSY_BUDGET = DEFAULT_BUDGET // 25

_slots = threading.BoundedSemaphore(FULL_AT_ONCE)


@contextmanager
def arranging() -> Iterator[int]:
    """The work budget for the searches of one request, held while they run.

    >>> with arranging() as first, arranging() as second:
    ...     first == DEFAULT_BUDGET, second == BUSY_BUDGET
    (True, True)
    """
    full = _slots.acquire(blocking=False)
    try:
        yield DEFAULT_BUDGET if full else BUSY_BUDGET
    finally:
        if full:
            _slots.release()
