"""The game families, one folder each, registered at startup behind the one interface of
:mod:`scorekeeper.engine.system`.

The shared floors (``engine``, ``store``, ``web``, ``api`` and the templates outside a family's
folder) never import this package nor name a family: they find a game's family in the registry
by the rules it stored (:func:`scorekeeper.engine.system.system_of`) and call its interface.
This package imports them, never the other way round (the way Flask registers blueprints).

How to add a family (Gin Rummy, say: ``gin``):

1. Make ``systems/gin/``. Its pure part (rules and presets, scoring a hand, standings) imports no
   Flask, SQLAlchemy or pydantic, is typed (``mypy --strict``) and doctested; name its doctested
   modules in ``tests/test_doctests.py``.
2. Write one class that implements every layer of the interface, each in the floor that
   declares it: the pure :class:`~scorekeeper.engine.system.GameSystem` (id, presets, the stored
   rules snapshot with ``"game": "gin"`` in it, summary, capabilities, words, standings,
   dealer and wild rank), :class:`~scorekeeper.store.systems.StoreSystem` (creating a game,
   caching totals, its board's own part, its export rows),
   :class:`~scorekeeper.web.systems.WebSystem` (its blueprint of round-entry pages, the
   partials the shared pages include for it, its stylesheet, its new-game form and rules page)
   and :class:`~scorekeeper.api.systems.ApiSystem` (starting a game and posting a round over
   JSON, its rounds on the scoreboard). Make one instance, and check it against the layers the
   way :mod:`.spades` does (``_api: ApiSystem = SPADES``), so that mypy holds it to them.
3. Its templates go in ``systems/gin/templates/gin/`` (its blueprint's ``template_folder``),
   its stylesheet in ``static/css/``.
4. Add it to :data:`FAMILIES` below: one line. The contract tests
   (``tests/systems/test_contract.py``) then run against it: its presets round-trip, a game
   starts from each and its pages and JSON answer.
5. A migration only if it needs a table of its own.
"""

from __future__ import annotations

from ..engine.system import SYSTEMS, GameSystem
from .rummy500 import RUMMY500
from .spades import SPADES

#: Every family, in the order the new-game form lists their presets.
FAMILIES: tuple[GameSystem, ...] = (
    RUMMY500,
    SPADES,
)


def register_all() -> None:
    """Register every family (again, harmlessly, for each app made)."""
    for family in FAMILIES:
        SYSTEMS.add(family)
