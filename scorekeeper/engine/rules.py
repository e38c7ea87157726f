"""House rules: one immutable value holding every option of RULES.md, each option declared once.

Each option is a field of :class:`Rules`, declared with :func:`~.rule_options.option`: the
field's name is the option's, its type says what values it takes (a ``Literal`` alias for a
choice, so mypy knows them too), its default is the ``rummy500`` preset's, and ``option`` adds the
form group, how the new-game form takes it, what it means and its range (:mod:`.rule_options`:
how an option is declared, and its JSON value read and written). :data:`OPTIONS` is derived from
those fields: validation, the JSON names and order, the API's option list and the new-game form
all read it.

>>> rules = Rules().with_options({"target": 250, "wild_ranks": ["2"]})
>>> rules.target, rules.wild_ranks
(250, ('2',))
>>> Rules.from_dict(rules.to_dict()) == rules
True
>>> Rules().with_options({"targt": 5})
Traceback (most recent call last):
...
scorekeeper.engine.rule_options.RulesError: unknown option 'targt' (did you mean 'target'?)
>>> meld_kinds = OPTIONS["meld_kinds"]
>>> meld_kinds.group, meld_kinds.entry, meld_kinds.choices, meld_kinds.default
('melds', 'select', ('sets_and_runs', 'sets_only', 'runs_only'), 'sets_and_runs')
"""

# ruff: noqa: RUF009 -- option() returns a dataclasses.field(), as field() itself does

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Literal, get_args, get_type_hints

from .cards import RANKS
from .rule_options import (
    _DECLARED,
    _card_overrides,
    _card_points,
    _cards,
    _declared_option,
    _dump_card_points,
    _hand_size,
    _rank,
    _ranks,
    option,
)

# Where the readers of the rules have always found them: the option machinery's names.
from .rule_options import GROUPS as GROUPS
from .rule_options import JSON as JSON
from .rule_options import MOST as MOST
from .rule_options import Entry as Entry
from .rule_options import GroupName as GroupName
from .rule_options import Option as Option
from .rule_options import RulesError as RulesError
from .rule_options import unknown_option as unknown_option

#: A rank's place in ``RANKS`` (and in ``card_points``).
RANK_INDEX = {rank: i for i, rank in enumerate(RANKS)}


# --- the types of the options ----------------------------------------------------------------

#: Dealer's Gambit: the effects the dealer may name for the jokers each round (RULES.md).
JokerEffect = Literal["wild", "double", "split"]
JOKER_EFFECTS: tuple[JokerEffect, ...] = get_args(JokerEffect)

Decks = int | Literal["auto"]
MeldKinds = Literal["sets_and_runs", "sets_only", "runs_only"]
AcePosition = Literal["low_or_high", "high_only", "low_only"]
RoundWild = Literal["none", "dealer_upcard", "progression"]
WildLimit = Literal["none", "naturals_majority", "one", "one_per_three"]
WildAsItself = Literal["natural", "wild"]
RealCardForWild = Literal["lay_beside", "swap", "none"]
JokerPoints = int | Literal["as_represented"]
ScoringRule = Literal["melds_minus_hand", "melds_plus_hands_to_goer"]
StockOut = Literal["hands_count", "hands_ignored", "opponent_remainder"]
TargetRule = Literal["reach", "exceed"]
SameDealWinner = Literal["highest", "goer_if_at_target"]
TieRule = Literal["joint", "play_on"]
SettlementRule = Literal["none", "difference"]
DealKind = Literal["fixed", "upcard"]
UpcardCount = Literal["additional", "total"]
UpcardFaceCards = Literal["ten", "rank"]
UpcardAce = Literal[11, 14, 15]
DealerRotation = Literal["left", "right", "winner"]


# --- the rules ---------------------------------------------------------------------------------

_DEFAULT_POINTS = (15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


@dataclass(frozen=True)
class Rules:
    """Every house-rule option, declared here once, in the order of RULES.md; the defaults are
    the ``rummy500`` preset. Immutable and hashable."""

    # deck
    decks: Decks = option(
        "auto",
        "deck",
        "select",
        "packs of 52 cards (auto: 1 for up to 4 players, 2 for more)",
        low=1,
        high=4,
        takes="{words} or a number of packs from {low} to {high}",
    )
    jokers: int = option(0, "deck", "number", "jokers in play", high=8)
    omit_ranks: tuple[str, ...] = option(
        (), "deck", "list", "ranks taken out of every pack", hint="ranks, such as 2 3", parse=_ranks
    )
    partnership: bool = option(
        False, "deck", "checkbox", "players play in two sides whose scores are pooled"
    )
    # melds
    meld_kinds: MeldKinds = option("sets_and_runs", "melds", "select", "which melds are allowed")
    min_set: int = option(3, "melds", "number", "fewest cards in a set", low=2, high=8)
    max_set: int | None = option(
        None, "melds", "number", "most cards in a set (none: as the packs allow)", low=3, high=16
    )
    set_duplicates_allowed: bool = option(
        False, "melds", "checkbox", "identical cards may share a set"
    )
    min_run: int = option(3, "melds", "number", "fewest cards in a run", low=2, high=13)
    ace_position: AcePosition = option(
        "low_or_high", "melds", "select", "where an ace may sit in a run"
    )
    around_the_corner: bool = option(
        False, "melds", "checkbox", "runs may go round the corner (K-A-2)"
    )
    layoff_requires_own_meld: bool = option(
        False, "melds", "checkbox", "a player must meld before laying off"
    )
    # wild cards
    jokers_wild: bool = option(True, "wild cards", "checkbox", "jokers are wild")
    wild_ranks: tuple[str, ...] = option(
        (),
        "wild cards",
        "list",
        "ranks that are always wild",
        hint="ranks, such as 2 3",
        parse=_ranks,
    )
    wild_cards: tuple[str, ...] = option(
        (),
        "wild cards",
        "list",
        "particular cards that are always wild",
        hint="cards, such as JS JH",
        parse=_cards,
    )
    round_wild: RoundWild = option(
        "none", "wild cards", "select", "a wild rank that changes each round"
    )
    wild_limit: WildLimit = option(
        "none", "wild cards", "select", "how many wild cards a meld may hold"
    )
    wild_as_itself: WildAsItself = option(
        "natural", "wild cards", "select", "a wild card in its own natural place counts as"
    )
    wild_sets: bool = option(False, "wild cards", "checkbox", "wild cards alone may form a meld")
    real_card_for_wild: RealCardForWild = option(
        "none", "wild cards", "select", "what a player may do with the real card a wild stands for"
    )
    # points
    card_points: tuple[int, ...] = option(
        _DEFAULT_POINTS,
        "points",
        "points",
        "points per rank",
        parse=_card_points,
        dump=_dump_card_points,
    )
    ace_low_points: int | None = option(
        1, "points", "number", "an ace at the low end of a run (none: as A)"
    )
    joker_points: JokerPoints = option(
        15,
        "points",
        "number_or_choice",
        "a joker (or as_represented)",
        takes="a number of points or {words}",
    )
    wild_points: int | None = option(
        None, "points", "number", "a wild card other than a joker (none: its own)"
    )
    wild_ace_points: int | None = option(
        None, "points", "number", "a wild ace (none: its own points plus wild_points, if any)"
    )
    card_overrides: tuple[tuple[str, int], ...] = option(
        (),
        "points",
        "pairs",
        "points for particular cards",
        hint="card:points, such as QS:45",
        parse=_card_overrides,
    )
    four_aces_points: int | None = option(None, "points", "number", "four aces melded together")
    points_divisor: int = option(
        1, "points", "number", "every card and bonus divided by this", low=1, high=10
    )
    # round scoring
    scoring: ScoringRule = option(
        "melds_minus_hand", "round scoring", "select", "what happens to cards left in hand"
    )
    going_out_bonus: int = option(0, "round scoring", "number", "bonus for going out")
    stock_out: StockOut = option(
        "hands_count", "round scoring", "select", "hands when the stock runs out"
    )
    rummy_call_points: int = option(
        0,
        "round scoring",
        "number",
        "a card taken by a Rummy call counts this instead of its own points (0: its own)",
    )
    first_meld_minimum: int = option(
        0, "round scoring", "number", "a player's first melding must total"
    )
    seven_card_straight_points: int = option(
        0, "round scoring", "number", "going out with a 7-card run scores this instead"
    )
    double_four_laid_at_once: bool = option(
        False, "round scoring", "checkbox", "four of a kind laid down at once counts double"
    )
    going_out_requires_discard: bool = option(
        True, "round scoring", "checkbox", "going out needs a last discard"
    )
    final_layoffs: bool = option(
        False,
        "round scoring",
        "checkbox",
        "after someone goes out, others may lay off from hand for nothing",
    )
    dealer_joker: bool = option(
        False,
        "round scoring",
        "checkbox",
        f"the dealer nominates the jokers' effect each round ({', '.join(JOKER_EFFECTS)})",
    )
    # ending
    target: int | None = option(
        500, "ending", "number", "score that ends the game (none: no target)", low=1
    )
    target_rule: TargetRule = option("reach", "ending", "select", "the target must be")
    same_deal_winner: SameDealWinner = option(
        "highest", "ending", "select", "when several reach the target in one deal"
    )
    tie_rule: TieRule = option("joint", "ending", "select", "tied top scores")
    max_deals: int | None = option(
        None, "ending", "number", "the game ends after this many deals", low=1, high=200
    )
    final_bonus_best: int = option(
        0, "ending", "number", "bonus to the side ahead after the last deal"
    )
    settlement: SettlementRule = option("none", "ending", "select", "settling up at the end")
    # dealing
    deal: DealKind = option("fixed", "dealing", "select", "how many cards each player gets")
    hand_size: tuple[tuple[str, int], ...] = option(
        (("2", 13), ("other", 7)),
        "dealing",
        "pairs",
        "cards per player for a fixed deal",
        hint="players:cards, and other:cards",
        parse=_hand_size,
    )
    upcard_count: UpcardCount = option(
        "additional", "dealing", "select", "an upcard's number gives"
    )
    upcard_face_cards: UpcardFaceCards = option("ten", "dealing", "select", "J Q K upcards count")
    upcard_ace: UpcardAce = option(11, "dealing", "select", "an ace upcard counts")
    upcard_min_rank: str | None = option(
        None, "dealing", "select", "lower upcards are dealt again", values=RANKS, parse=_rank
    )
    upcard_wild_cards: int | None = option(
        None,
        "dealing",
        "number",
        "a permanent wild upcard counts as this number (none: another is dealt)",
        low=1,
        high=52,
    )
    dealer_rotation: DealerRotation = option("left", "dealing", "select", "who deals next")
    _overrides: dict[str, int] = field(init=False, compare=False, repr=False)
    _compared: tuple[object, ...] = field(init=False, compare=False, repr=False)
    _hash: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_overrides", dict(self.card_overrides))
        # Rules key the referee's caches: hashing fifty-odd fields at every look-up was a
        # tenth of a meld check, so the hash is worked out once, and so is what __eq__ compares.
        compared = tuple(getattr(self, f.name) for f in fields(self) if f.compare)
        object.__setattr__(self, "_compared", compared)
        object.__setattr__(self, "_hash", hash(compared))
        if self.max_set is not None and self.max_set < self.min_set:
            raise RulesError(
                f"option 'max_set' ({self.max_set}) is below 'min_set' ({self.min_set})", "max_set"
            )
        if len(self.omit_ranks) >= len(RANKS):
            raise RulesError("option 'omit_ranks' leaves no cards in the pack", "omit_ranks")

    # --- building ------------------------------------------------------------------------

    def with_options(self, options: Mapping[str, JSON]) -> Rules:
        """A new rules value with ``options`` (JSON values, named as in RULES.md) changed.

        ``card_points`` may name only some ranks; the others keep their points.
        """
        if not isinstance(options, Mapping):
            raise RulesError("options must be an object of option names and values")
        changes: dict[str, Any] = {}
        for name, value in options.items():
            option = OPTIONS.get(name)
            if option is None:
                raise unknown_option(name, OPTIONS, "the options")
            if name == "card_points" and isinstance(value, Mapping):
                value = {**_dump_card_points(self.card_points), **value}
            try:
                changes[name] = option.parse(name, value)
            except RulesError as error:
                error.option = name  # the option, even when the message names a part of it
                raise
        return dataclasses.replace(self, **changes)

    @classmethod
    def from_dict(cls, options: Mapping[str, JSON]) -> Rules:
        """Rules from a JSON object of options; missing options take the ``rummy500`` defaults."""
        return cls().with_options(options)

    @classmethod
    def from_stored(cls, options: Mapping[str, JSON]) -> Rules:
        """The rules a game was started with, from its stored snapshot. A snapshot from before
        a later version narrowed an option's range (or stopped reading it) still opens: such a
        number is brought within the range, anything else the version cannot read takes its
        default, rather than the game's every page failing.

        >>> Rules.from_stored({"target": 500_000, "jokers": "many"}).target  # range 1-100,000
        100000
        >>> Rules.from_stored({"target": 500_000, "jokers": "many"}).jokers
        0
        """
        kept = dict(options)
        while True:
            try:
                return cls.from_dict(kept)
            except RulesError as error:
                name = (error.option or "").split(".")[0]
                if name not in kept:
                    raise  # not the snapshot's doing
                value, option = kept[name], OPTIONS.get(name)
                if (
                    option is not None
                    and option.high is not None
                    and isinstance(value, int)
                    and not isinstance(value, bool)
                    and not option.low <= value <= option.high
                ):
                    kept[name] = min(max(value, option.low), option.high)
                else:
                    del kept[name]

    def to_dict(self) -> dict[str, JSON]:
        """Every option as JSON values, in the order of RULES.md."""
        return {name: option.dump(getattr(self, name)) for name, option in OPTIONS.items()}

    # --- questions the engine asks ---------------------------------------------------------

    def packs(self, players: int | None = None) -> int:
        """How many 52-card packs: ``decks``, or for ``auto`` 1 up to four players and 2 beyond.

        >>> Rules().packs(4), Rules().packs(5), Rules().packs(None)
        (1, 2, 1)
        """
        if isinstance(self.decks, int):
            return self.decks
        return 2 if players is not None and players >= 5 else 1

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        # Each request makes its own (equal) rules: the cached fields, not fifty getattrs.
        if self is other:
            return True
        if not isinstance(other, Rules):
            return NotImplemented
        return self._hash == other._hash and self._compared == other._compared

    def rank_points(self, rank: str) -> int:
        return self.card_points[RANK_INDEX[rank]]

    def override_points(self, code: str) -> int | None:
        return self._overrides.get(code) if self._overrides else None

    @property
    def ace_high_only(self) -> bool:
        """Aces sit high only: by the option, or because low ranks are out of the pack."""
        return self.ace_position == "high_only" or "2" in self.omit_ranks

    @property
    def deal_limit(self) -> int | None:
        """The number of deals after which the game ends (progression wilds end after kings)."""
        if self.max_deals is not None:
            return self.max_deals
        return 13 if self.round_wild == "progression" else None

    def fixed_hand_size(self, players: int) -> int:
        sizes = dict(self.hand_size)
        return sizes.get(str(players), sizes["other"])


def _declared_options() -> dict[str, Option]:
    hints = get_type_hints(Rules)
    return {
        each.name: _declared_option(each, hints[each.name])
        for each in dataclasses.fields(Rules)
        if _DECLARED in each.metadata
    }


#: Every option by name, in the order of RULES.md: derived from the fields of :class:`Rules`.
OPTIONS: dict[str, Option] = _declared_options()


def option_groups() -> dict[str, list[Option]]:
    """The options grouped for a settings form, in RULES.md order."""
    groups: dict[str, list[Option]] = {group: [] for group in GROUPS}
    for each in OPTIONS.values():
        groups[each.group].append(each)
    return groups
