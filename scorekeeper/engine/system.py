"""Game systems: the one interface every game family is scored through, and the registry that
finds a game's family from the rules it stored.

A *game system* is a family of games with one way of entering and scoring a round: the Rummy 500
family (rummy500, 5000, 2500/George, Persian, partnership, Dealer's Gambit), Spades, and next Gin
Rummy, Indian Rummy, Canasta and Hand and Foot. Each family lives in a folder of its own
(``scorekeeper/systems/<family>/``, which says how to add one) and is registered at startup, as
Flask registers blueprints; the floors below (this engine, the store, the web and the API) only
ever call the interface, and never name a family.

The interface is layered by floor, so that every signature is typed with its own floor's values
and the imports keep one direction:

- :class:`GameSystem` (here, pure): the family's id and presets, its rules read from and written to
  the stored snapshot, its summary in words, its capabilities and words, and its standings: the
  end by target and ties, the dealer after a round, the round's wild rank.
- ``StoreSystem`` (:mod:`scorekeeper.store.systems`): what a game's rows need: creating the game,
  caching its rounds' totals, its board's own part, its export rows.
- ``WebSystem`` (:mod:`scorekeeper.web.systems`): its pages: its blueprint, the round form's
  endpoints and templates, its new-game form, its rules page.
- ``ApiSystem`` (:mod:`scorekeeper.api.systems`): its JSON: starting a game, posting a round, its
  rounds on the scoreboard, its request and answer models.

One object per family implements every layer; each floor asks the registry for the game's system
and reads it through its own layer.

What the families ask of the interface, so that it is shaped once (ARCHITECTURE.md, "Game
systems"): a round entered per player (rummy, Gin, Indian) or per side (Spades, Canasta, Hand and
Foot: :attr:`Entry.per_side`), with sides that may change each hand; the round number and each
side's total before it (minimums by round or by score); bonuses as itemised lines; warnings kept
beside a score as recorded; ends by target, by a number of deals, or by elimination; one column of
totals or several. Today's families use the per-player and per-side entries and the end by target
or deals; the standings value (:class:`~.standings.Standings`) carries the rest as the families
that need it arrive.

>>> from scorekeeper.engine.system import Registry, SystemPreset
>>> class Toy:
...     id = "toy"
...     name = "Toy"
...     presets = {"toy": SystemPreset("toy", "Toy", "A toy family.", None)}
...     def owns(self, stored): return stored.get("game") == "toy"
>>> registry = Registry()
>>> toy = Toy()
>>> registry.add(toy)  # (a toy: only what the registry reads of a system)
>>> registry.of({"game": "toy"}).name, registry.for_preset("toy").name
('Toy', 'Toy')
>>> registry.of({"game": "chess"})
Traceback (most recent call last):
...
scorekeeper.engine.system.UnknownSystem: no game system stores its rules as {'game': 'chess'}
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol, runtime_checkable

from .rules import RulesError
from .standings import RoundResult, Seat, Standings


class UnknownSystem(ValueError):
    """Stored rules that no registered game system owns."""


class Entry(Enum):
    """How a round is entered: a part per player, or a part per side (the side's cards or
    counts together, as Spades' bids and tricks, Canasta's and Hand and Foot's melds)."""

    per_player = "per_player"
    per_side = "per_side"


@dataclass(frozen=True)
class SystemPreset:
    """A named starting point of a family's rules (RULES.md's presets): ``rules`` is the
    family's own rules value."""

    id: str
    name: str
    summary: str
    rules: Any


@dataclass(frozen=True)
class Capabilities:
    """What a family's games can do beyond recording rounds."""

    #: the deal helper (face-up cards tell each hand's size and the wild rank), where the rules
    #: deal that way (:meth:`GameSystem.deal_helper` asks the game's rules)
    deal_helper: bool = False
    #: the referee ("is this legal?") checks this family's melds
    referee: bool = False
    #: the cross-game figures per player (rounds, points, going out): a family that scores sides
    #: by contracts counts its games and wins only
    player_figures: bool = True
    #: the standings name who deals next (a family whose in-play panel names the dealer does not)
    dealer_in_standings: bool = True
    #: a round's points go to sides as a whole, cached on the side (``RoundSide``), not to its
    #: players (Spades' contracts; a family whose players score and whose sides add them up does
    #: not)
    side_points: bool = False
    #: its standings read each part's own stored data besides the totals (``RoundResult.data``:
    #: a pool's rejoins, a deal's winner when a loser may pay 0 too)
    data_in_standings: bool = False
    #: a competitor the standings list as ``reached`` is out of play (a pool's players out):
    #: the deal passes them by
    reached_sit_out: bool = False


@dataclass(frozen=True)
class Words:
    """What the pages call a family's round ("round", or "hand"), and what the log calls a
    change that noted the deal in play ("the deal": its wild rank; "the bids")."""

    round: str = "round"
    rounds: str = "rounds"
    dealt: str = "the deal"


@dataclass(frozen=True)
class Seating:
    """How many players a family's rules seat, and whether they may play in named sides."""

    players: tuple[int, ...]  # the numbers of players allowed
    sides: bool = False  # players may name their side (``team``)


@dataclass(frozen=True)
class Target:
    """The score that ends a game, and whether it must be passed (``exceed``) or reached."""

    points: int | None
    exceed: bool = False
    #: the lowest total leads (a pool's points against you), not the highest
    low_wins: bool = False
    #: the game has no end of its own (each deal settled on its own): the table marks it
    #: finished
    open_ended: bool = False


@runtime_checkable
class GameSystem(Protocol):
    """The pure part of a game family (see the module's notes for the layers above it)."""

    #: the family's id: its folder's name, and the ``"game"`` marker of its stored rules (the
    #: Rummy 500 family, the first, stores none)
    id: str
    name: str
    #: its presets by id, in RULES.md order
    presets: Mapping[str, SystemPreset]
    capabilities: Capabilities
    words: Words
    entry: Entry

    def owns(self, stored: Mapping[str, Any]) -> bool:
        """Whether a game's stored rules snapshot is this family's."""

    def rules_from_stored(self, stored: Mapping[str, Any], *, strict: bool = False) -> Any:
        """The family's rules from a stored snapshot. Not ``strict``, a snapshot an older
        version wrote still opens (what this version cannot read takes its default); ``strict``
        (an imported file), a RulesError names what does not fit."""

    def rules_to_stored(self, rules: Any) -> dict[str, Any]:
        """The snapshot a game keeps of its rules (JSON); :meth:`owns` knows it again."""

    def rules_for(self, preset_id: str, options: Mapping[str, Any] | None = None) -> Any:
        """A preset's rules with some options (JSON values) changed; a RulesError names a bad
        option or preset."""

    def summary(self, rules: Any) -> list[str]:
        """The rules in short plain-English lines (the rules page, the presets' JSON)."""

    def standings(
        self, stored: Mapping[str, Any], seats: Sequence[Seat], results: Sequence[RoundResult]
    ) -> Standings:
        """The game after these rounds: totals, the end, the winners, in words."""

    def target(self, stored: Mapping[str, Any]) -> Target:
        """The score that ends the game (points None: the game has none)."""

    def next_dealer(
        self,
        stored: Mapping[str, Any],
        players: Sequence[str],
        dealer: str,
        went_out: str | None,
    ) -> str | None:
        """Who deals after ``dealer`` dealt a round that ``went_out`` ended (None: not known)."""

    def next_wild_rank(
        self, stored: Mapping[str, Any], round_number: int, noted: str | None
    ) -> str | None:
        """The wild rank of round ``round_number``: fixed by the rules, or as its deal showed it
        (``noted``); None where no rank is wild."""

    def deal_helper(self, stored: Mapping[str, Any]) -> bool:
        """Whether the game's rules deal by face-up cards (the deal helper applies)."""

    def seating(self, rules: Any) -> Seating:
        """How many players the family's ``rules`` seat, and whether in named sides."""


class Registry:
    """The registered game systems, found by their stored rules or by a preset's id."""

    def __init__(self) -> None:
        self.families: dict[str, GameSystem] = {}
        self.presets_by_id: dict[str, GameSystem] = {}

    def add(self, system: GameSystem) -> None:
        """Register a family (once; a second family of the same id, or a preset id that another
        family has, is a mistake in the code: ValueError)."""
        if system.id in self.families and self.families[system.id] is not system:
            raise ValueError(f"two game systems are registered as {system.id!r}")
        for preset in system.presets:
            owner = self.presets_by_id.get(preset)
            if owner is not None and owner is not system:
                raise ValueError(f"preset {preset!r} is both {owner.id}'s and {system.id}'s")
        self.families[system.id] = system
        self.presets_by_id.update(dict.fromkeys(system.presets, system))

    def of(self, stored: Mapping[str, Any]) -> GameSystem:
        """The system whose rules a game stored."""
        for system in self.families.values():
            if system.owns(stored):
                return system
        marker = {"game": stored.get("game")}
        raise UnknownSystem(f"no game system stores its rules as {marker}")

    def for_preset(self, preset_id: str) -> GameSystem:
        """The system a preset belongs to; a RulesError names a preset that none has, and lists
        them all."""
        system = self.presets_by_id.get(preset_id) if isinstance(preset_id, str) else None
        if system is None:
            close = difflib.get_close_matches(str(preset_id), self.presets_by_id, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise RulesError(
                f"unknown preset {preset_id!r}{hint}; the presets are "
                f"{', '.join(self.presets_by_id)}",
                "preset",
            )
        return system

    def __iter__(self) -> Iterator[GameSystem]:
        return iter(self.families.values())

    def presets(self) -> list[SystemPreset]:
        """Every family's presets, family by family in the order registered."""
        return [preset for system in self for preset in system.presets.values()]

    def preset_name(self, preset_id: str | None) -> str:
        """A preset's name as the pages show it ("House rules" for none or one unknown)."""
        system = self.presets_by_id.get(preset_id or "")
        return system.presets[preset_id or ""].name if system is not None else "House rules"


#: The app's registry: filled at startup by :func:`scorekeeper.systems.register_all`.
SYSTEMS = Registry()


def system_of(stored: Mapping[str, Any]) -> GameSystem:
    """The registered system whose rules a game stored (its ``rules`` snapshot)."""
    return SYSTEMS.of(stored)
