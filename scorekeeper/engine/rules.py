"""House rules: one immutable value holding every option of RULES.md.

Options are declared once in :data:`OPTIONS` (name, group, what values it takes, what it means);
:class:`Rules` holds their values, validated, with a JSON round-trip and a plain-English summary.

>>> rules = Rules().with_options({"target": 250, "wild_ranks": ["2"]})
>>> rules.target, rules.wild_ranks
(250, ('2',))
>>> Rules.from_dict(rules.to_dict()) == rules
True
>>> Rules().with_options({"targt": 5})
Traceback (most recent call last):
...
scorekeeper.engine.rules.RulesError: unknown option 'targt' (did you mean 'target'?)
"""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .cards import RANKS, Card, CardError, parse_rank

JSON = Any


class RulesError(ValueError):
    """An unknown option, or a bad value for one; the message names it."""

    def __init__(self, message: str, option: str | None = None) -> None:
        super().__init__(message)
        self.option = option


# --- option values -------------------------------------------------------------------------


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(low: int, high: int | None = None) -> Callable[[str, JSON], int]:
    def parse(name: str, value: JSON) -> int:
        if not _is_int(value) or value < low or (high is not None and value > high):
            bound = f"from {low} to {high}" if high is not None else f"{low} or more"
            raise RulesError(f"option {name!r} takes a whole number {bound}, not {value!r}", name)
        return int(value)

    return parse


def _optional(parse: Callable[[str, JSON], Any]) -> Callable[[str, JSON], Any]:
    def parse_optional(name: str, value: JSON) -> Any:
        return None if value is None else parse(name, value)

    return parse_optional


def _bool(name: str, value: JSON) -> bool:
    if not isinstance(value, bool):
        raise RulesError(f"option {name!r} takes true or false, not {value!r}", name)
    return value


def _choice(*choices: str) -> Callable[[str, JSON], str]:
    def parse(name: str, value: JSON) -> str:
        if value not in choices:
            raise RulesError(
                f"option {name!r} takes one of {', '.join(choices)}, not {value!r}", name
            )
        return str(value)

    return parse


def _rank(name: str, value: JSON) -> str:
    try:
        return parse_rank(value) if isinstance(value, str) else parse_rank(str(int(value)))
    except (CardError, ValueError, TypeError):
        raise RulesError(
            f"option {name!r} takes ranks ({' '.join(RANKS)}), not {value!r}", name
        ) from None


def _ranks(name: str, value: JSON) -> tuple[str, ...]:
    if not isinstance(value, (list, tuple)):
        raise RulesError(f'option {name!r} takes a list of ranks, such as ["2"]', name)
    ranks = {_rank(name, item) for item in value}
    return tuple(rank for rank in RANKS if rank in ranks)


def _cards(name: str, value: JSON) -> tuple[str, ...]:
    if not isinstance(value, (list, tuple)):
        raise RulesError(f'option {name!r} takes a list of cards, such as ["JS", "JH"]', name)
    try:
        return tuple(sorted({Card.from_code(item).code() for item in value}))
    except CardError as error:
        raise RulesError(f"option {name!r}: {error}", name) from None


def _card_points(name: str, value: JSON) -> tuple[int, ...]:
    # A partial mapping is merged over the preset's points by with_options; here it must be whole.
    if not isinstance(value, Mapping):
        raise RulesError(f'option {name!r} takes points per rank, such as {{"A": 15}}', name)
    points = {_rank(name, rank): _int(0)(f"{name}.{rank}", pts) for rank, pts in value.items()}
    missing = [rank for rank in RANKS if rank not in points]
    if missing:
        raise RulesError(f"option {name!r} has no points for {' '.join(missing)}", name)
    return tuple(points[rank] for rank in RANKS)


def _card_overrides(name: str, value: JSON) -> tuple[tuple[str, int], ...]:
    if not isinstance(value, Mapping):
        raise RulesError(f'option {name!r} takes points per card, such as {{"QS": 45}}', name)
    try:
        parsed = {
            Card.from_code(code).code(): _int(0)(f"{name}.{code}", pts)
            for code, pts in value.items()
        }
    except CardError as error:
        raise RulesError(f"option {name!r}: {error}", name) from None
    return tuple(sorted(parsed.items()))


def _hand_size(name: str, value: JSON) -> tuple[tuple[str, int], ...]:
    if not isinstance(value, Mapping) or "other" not in value:
        raise RulesError(
            f'option {name!r} takes cards per player count with an "other" entry, '
            'such as {"2": 13, "other": 7}',
            name,
        )
    sizes: dict[str, int] = {}
    for key, size in value.items():
        if key != "other" and not (str(key).isdigit() and 2 <= int(key) <= 8):
            raise RulesError(
                f'option {name!r}: {key!r} is not a player count (2-8) or "other"', name
            )
        sizes[str(key)] = _int(1, 52)(f"{name}.{key}", size)
    return tuple(sorted(sizes.items()))


def _decks(name: str, value: JSON) -> int | str:
    if value == "auto":
        return "auto"
    if not _is_int(value) or not 1 <= value <= 4:
        raise RulesError(
            f"option {name!r} takes auto or a number of packs from 1 to 4, not {value!r}", name
        )
    return int(value)


def _joker_points(name: str, value: JSON) -> int | str:
    if value == "as_represented":
        return "as_represented"
    if not _is_int(value) or value < 0:
        raise RulesError(
            f"option {name!r} takes a number of points or as_represented, not {value!r}", name
        )
    return int(value)


def _upcard_ace(name: str, value: JSON) -> int:
    if value not in (11, 14, 15) or isinstance(value, bool):
        raise RulesError(f"option {name!r} takes one of 11, 14, 15, not {value!r}", name)
    return int(value)


def _dump_pairs(value: Any) -> JSON:
    return dict(value)


def _dump_card_points(value: Any) -> JSON:
    return dict(zip(RANKS, value, strict=True))


def _dump_list(value: Any) -> JSON:
    return list(value)


@dataclass(frozen=True)
class Option:
    """One house-rule option: how its value is checked and written, and what it means."""

    name: str
    group: str
    parse: Callable[[str, JSON], Any]
    label: str
    dump: Callable[[Any], JSON] = lambda value: value
    choices: tuple[str, ...] = ()


GROUPS = ("deck", "melds", "wild cards", "points", "round scoring", "ending", "dealing")

_OPTION_LIST = [
    Option("decks", "deck", _decks, "packs of 52 cards (auto: 1 for up to 4 players, 2 for more)"),
    Option("jokers", "deck", _int(0, 8), "jokers in play"),
    Option("omit_ranks", "deck", _ranks, "ranks taken out of every pack", _dump_list),
    Option("partnership", "deck", _bool, "players play in two sides whose scores are pooled"),
    Option(
        "meld_kinds",
        "melds",
        _choice("sets_and_runs", "sets_only", "runs_only"),
        "which melds are allowed",
        choices=("sets_and_runs", "sets_only", "runs_only"),
    ),
    Option("min_set", "melds", _int(2, 8), "fewest cards in a set"),
    Option(
        "max_set", "melds", _optional(_int(3, 16)), "most cards in a set (none: as the packs allow)"
    ),
    Option("set_duplicates_allowed", "melds", _bool, "identical cards may share a set"),
    Option("min_run", "melds", _int(2, 13), "fewest cards in a run"),
    Option(
        "ace_position",
        "melds",
        _choice("low_or_high", "high_only", "low_only"),
        "where an ace may sit in a run",
        choices=("low_or_high", "high_only", "low_only"),
    ),
    Option("around_the_corner", "melds", _bool, "runs may go round the corner (K-A-2)"),
    Option("layoff_requires_own_meld", "melds", _bool, "a player must meld before laying off"),
    Option("jokers_wild", "wild cards", _bool, "jokers are wild"),
    Option("wild_ranks", "wild cards", _ranks, "ranks that are always wild", _dump_list),
    Option("wild_cards", "wild cards", _cards, "particular cards that are always wild", _dump_list),
    Option(
        "round_wild",
        "wild cards",
        _choice("none", "dealer_upcard", "progression"),
        "a wild rank that changes each round",
        choices=("none", "dealer_upcard", "progression"),
    ),
    Option(
        "wild_limit",
        "wild cards",
        _choice("none", "naturals_majority", "one", "one_per_three"),
        "how many wild cards a meld may hold",
        choices=("none", "naturals_majority", "one", "one_per_three"),
    ),
    Option(
        "wild_as_itself",
        "wild cards",
        _choice("natural", "wild"),
        "a wild card in its own natural place counts as",
        choices=("natural", "wild"),
    ),
    Option("wild_sets", "wild cards", _bool, "wild cards alone may form a meld"),
    Option(
        "real_card_for_wild",
        "wild cards",
        _choice("lay_beside", "swap", "none"),
        "what a player may do with the real card a wild stands for",
        choices=("lay_beside", "swap", "none"),
    ),
    Option("card_points", "points", _card_points, "points per rank", _dump_card_points),
    Option(
        "ace_low_points",
        "points",
        _optional(_int(0)),
        "an ace at the low end of a run (none: as A)",
    ),
    Option("joker_points", "points", _joker_points, "a joker (or as_represented)"),
    Option(
        "wild_points",
        "points",
        _optional(_int(0)),
        "a wild card other than a joker (none: its own)",
    ),
    Option(
        "wild_ace_points",
        "points",
        _optional(_int(0)),
        "a wild ace (none: its own points plus wild_points, if any)",
    ),
    Option("card_overrides", "points", _card_overrides, "points for particular cards", _dump_pairs),
    Option("four_aces_points", "points", _optional(_int(0)), "four aces melded together"),
    Option("points_divisor", "points", _int(1, 10), "every card and bonus divided by this"),
    Option(
        "scoring",
        "round scoring",
        _choice("melds_minus_hand", "melds_plus_hands_to_goer"),
        "what happens to cards left in hand",
        choices=("melds_minus_hand", "melds_plus_hands_to_goer"),
    ),
    Option("going_out_bonus", "round scoring", _int(0), "bonus for going out"),
    Option(
        "stock_out",
        "round scoring",
        _choice("hands_count", "hands_ignored", "opponent_remainder"),
        "hands when the stock runs out",
        choices=("hands_count", "hands_ignored", "opponent_remainder"),
    ),
    Option(
        "rummy_call_points",
        "round scoring",
        _int(0),
        "a card taken by a Rummy call counts this instead of its own points (0: its own)",
    ),
    Option("first_meld_minimum", "round scoring", _int(0), "a player's first melding must total"),
    Option(
        "seven_card_straight_points",
        "round scoring",
        _int(0),
        "going out with a 7-card run scores this instead",
    ),
    Option(
        "double_four_laid_at_once",
        "round scoring",
        _bool,
        "four of a kind laid down at once counts double",
    ),
    Option("going_out_requires_discard", "round scoring", _bool, "going out needs a last discard"),
    Option(
        "final_layoffs",
        "round scoring",
        _bool,
        "after someone goes out, others may lay off from hand for nothing",
    ),
    Option(
        "dealer_joker",
        "round scoring",
        _bool,
        "the dealer nominates the jokers' effect each round (wild, double, split)",
    ),
    Option("target", "ending", _optional(_int(1)), "score that ends the game (none: no target)"),
    Option(
        "target_rule",
        "ending",
        _choice("reach", "exceed"),
        "the target must be",
        choices=("reach", "exceed"),
    ),
    Option(
        "same_deal_winner",
        "ending",
        _choice("highest", "goer_if_at_target"),
        "when several reach the target in one deal",
        choices=("highest", "goer_if_at_target"),
    ),
    Option(
        "tie_rule",
        "ending",
        _choice("joint", "play_on"),
        "tied top scores",
        choices=("joint", "play_on"),
    ),
    Option("max_deals", "ending", _optional(_int(1, 200)), "the game ends after this many deals"),
    Option("final_bonus_best", "ending", _int(0), "bonus to the side ahead after the last deal"),
    Option(
        "settlement",
        "ending",
        _choice("none", "difference"),
        "settling up at the end",
        choices=("none", "difference"),
    ),
    Option(
        "deal",
        "dealing",
        _choice("fixed", "upcard"),
        "how many cards each player gets",
        choices=("fixed", "upcard"),
    ),
    Option("hand_size", "dealing", _hand_size, "cards per player for a fixed deal", _dump_pairs),
    Option(
        "upcard_count",
        "dealing",
        _choice("additional", "total"),
        "an upcard's number gives",
        choices=("additional", "total"),
    ),
    Option(
        "upcard_face_cards",
        "dealing",
        _choice("ten", "rank"),
        "J Q K upcards count",
        choices=("ten", "rank"),
    ),
    Option("upcard_ace", "dealing", _upcard_ace, "an ace upcard counts"),
    Option("upcard_min_rank", "dealing", _optional(_rank), "lower upcards are dealt again"),
    Option(
        "upcard_wild_cards",
        "dealing",
        _optional(_int(1, 52)),
        "a permanent wild upcard counts as this number (none: another is dealt)",
    ),
    Option(
        "dealer_rotation",
        "dealing",
        _choice("left", "right", "winner"),
        "who deals next",
        choices=("left", "right", "winner"),
    ),
]

#: Every option by name, in the order of RULES.md.
OPTIONS: dict[str, Option] = {option.name: option for option in _OPTION_LIST}

_DEFAULT_POINTS = (15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


@dataclass(frozen=True)
class Rules:
    """Every house-rule option; the defaults are the ``rummy500`` preset. Immutable and hashable."""

    decks: int | str = "auto"
    jokers: int = 0
    omit_ranks: tuple[str, ...] = ()
    partnership: bool = False
    meld_kinds: str = "sets_and_runs"
    min_set: int = 3
    max_set: int | None = None
    set_duplicates_allowed: bool = False
    min_run: int = 3
    ace_position: str = "low_or_high"
    around_the_corner: bool = False
    layoff_requires_own_meld: bool = False
    jokers_wild: bool = True
    wild_ranks: tuple[str, ...] = ()
    wild_cards: tuple[str, ...] = ()
    round_wild: str = "none"
    wild_limit: str = "none"
    wild_as_itself: str = "natural"
    wild_sets: bool = False
    real_card_for_wild: str = "none"
    card_points: tuple[int, ...] = _DEFAULT_POINTS
    ace_low_points: int | None = 1
    joker_points: int | str = 15
    wild_points: int | None = None
    wild_ace_points: int | None = None
    card_overrides: tuple[tuple[str, int], ...] = ()
    four_aces_points: int | None = None
    points_divisor: int = 1
    scoring: str = "melds_minus_hand"
    going_out_bonus: int = 0
    stock_out: str = "hands_count"
    rummy_call_points: int = 0
    first_meld_minimum: int = 0
    seven_card_straight_points: int = 0
    double_four_laid_at_once: bool = False
    going_out_requires_discard: bool = True
    final_layoffs: bool = False
    dealer_joker: bool = False
    target: int | None = 500
    target_rule: str = "reach"
    same_deal_winner: str = "highest"
    tie_rule: str = "joint"
    max_deals: int | None = None
    final_bonus_best: int = 0
    settlement: str = "none"
    deal: str = "fixed"
    hand_size: tuple[tuple[str, int], ...] = (("2", 13), ("other", 7))
    upcard_count: str = "additional"
    upcard_face_cards: str = "ten"
    upcard_ace: int = 11
    upcard_min_rank: str | None = None
    upcard_wild_cards: int | None = None
    dealer_rotation: str = "left"
    _overrides: dict[str, int] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_overrides", dict(self.card_overrides))
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
                close = difflib.get_close_matches(str(name), OPTIONS, n=1)
                hint = (
                    f" (did you mean {close[0]!r}?)"
                    if close
                    else (f"; the options are {', '.join(OPTIONS)}")
                )
                raise RulesError(f"unknown option {name!r}{hint}", str(name))
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

    def rank_points(self, rank: str) -> int:
        return self.card_points[RANKS.index(rank)]

    def override_points(self, code: str) -> int | None:
        return self._overrides.get(code)

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

    def summary(self) -> list[str]:
        """The rules in short plain-English lines, for the rules page.

        >>> for line in Rules().summary()[:2]: print(line)
        Sets and runs of 3 or more; aces low (A-2-3) or high (Q-K-A), not around the corner.
        No wild cards.
        """
        from .summary import summarize

        return summarize(self)


def option_groups() -> dict[str, list[Option]]:
    """The options grouped for a settings form, in RULES.md order."""
    groups: dict[str, list[Option]] = {group: [] for group in GROUPS}
    for option in OPTIONS.values():
        groups[option.group].append(option)
    return groups
