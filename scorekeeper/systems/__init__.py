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
   checking its own data, caching totals, its board's own part, its export rows),
   :class:`~scorekeeper.web.systems.WebSystem` (its blueprint of round-entry pages, the
   partials the shared pages include for it, its stylesheets, its new-game form and rules
   page) and :class:`~scorekeeper.api.systems.ApiSystem` (its JSON models, starting a game and
   posting a round over JSON, its rounds on the scoreboard). Make one instance, and check it
   against the layers the way :mod:`.spades` does (``_api: ApiSystem = SPADES``), so that mypy
   holds it to them.
3. Its data goes in the shared rows: a round per hand with a part per player (its ``total``:
   what the hand adds to the player), and whatever else of its own in the JSON columns
   ``Game.system_data`` and ``RoundPart.system_data``, read and written only through typed
   models of its own (:mod:`.spades.data`), which ``check_data`` applies to an import. A family
   that scores sides as a whole (``Capabilities.side_points``) caches a side's points on a
   ``RoundSide`` and 0 on its players' parts; the cached standings hand them to its
   ``standings`` as ``RoundResult.sides``.
4. Its templates go in ``systems/gin/templates/gin/`` (its blueprint's ``template_folder``),
   its stylesheets and scripts in ``systems/gin/static/`` (its blueprint's ``static_folder``,
   served under ``/static/systems/gin/`` and fingerprinted like the app's), its JSON models in
   ``systems/gin/models.py`` (the OpenAPI document shows them as one of every family's).
5. Add it to :data:`FAMILIES` below: one line. The contract tests
   (``tests/systems/test_contract.py``) then run against it: its presets round-trip, a game
   starts from each, takes a round of its own, stores it as its model says, and its pages,
   stylesheets and JSON answer.
6. A migration only if it needs a table of its own.
"""

from __future__ import annotations

from ..engine.system import SYSTEMS, GameSystem
from .gin import GIN
from .indian import INDIAN
from .rummy500 import RUMMY500
from .spades import SPADES

#: Every family, in the order the new-game form lists their presets.
FAMILIES: tuple[GameSystem, ...] = (
    RUMMY500,
    SPADES,
    GIN,
    INDIAN,
)


def register_all() -> None:
    """Register every family (again, harmlessly, for each app made)."""
    for family in FAMILIES:
        SYSTEMS.add(family)
