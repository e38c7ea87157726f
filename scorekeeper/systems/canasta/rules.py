"""Canasta's and Hand and Foot's house-rule options, presets and packs (RULES.md, "Canasta" and
"Hand and Foot"), read and written as JSON like every family's
(:mod:`scorekeeper.engine.options`). Pure Python.

One frozen :class:`CanastaRules` serves both families: its ``game`` is ``"canasta"`` or
``"handfoot"``, and each family has its own table of options (:data:`CANASTA_OPTIONS`,
:data:`HANDFOOT_OPTIONS`); the fields of the other family keep their defaults. A game keeps its
rules as :func:`to_dict` gives them: ``"game"`` first, then every option of its family.

>>> rules = canasta_rules_for("canasta-cutthroat")
>>> rules.players, rules.hand_size, rules.draw, rules.canastas_to_go_out, rules.target
(3, 13, 2, 2, 7500)
>>> from_dict(to_dict(rules)) == rules
True
>>> [next_minimum(rules, total) for total in (-20, 0, 1495, 1500, 2995, 3000)]
[15, 50, 50, 90, 90, 120]
>>> foot = canasta_rules_for("hand-and-foot-90")
>>> [next_minimum(foot, 0, round_number) for round_number in (1, 2, 3, 4, 5)]
[90, 120, 150, 180, None]
>>> canasta_rules_for("canasta", {"concealed_bonu": 300})
Traceback (most recent call last):
...
scorekeeper.engine.rule_options.RulesError: unknown option 'concealed_bonu' (did you mean 'concealed_bonus'?)
"""  # noqa: E501 (a doctest's output line)

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from ...engine import options as family_options
from ...engine.options import FamilyOption
from ...engine.rules import MOST, RulesError

Game = Literal["canasta", "handfoot"]
WildLimit = Literal["naturals_at_least_wilds", "naturals_majority", "max_only"]
CardPoints = Literal["standard", "ten_high"]
#: Pairs of ``(from_score, minimum)``; the first ``from_score`` may be None: any lower total.
Minimums = tuple[tuple[int | None, int], ...]
#: The books a side needs to go out in a round: ``(clean, dirty)``.
Books = tuple[int, int]

#: Canasta is played with two packs and four jokers (108 cards).
CANASTA_DECKS = 2
#: Jokers in each pack (both families).
JOKERS_PER_DECK = 2
#: The players a table takes.
FEWEST_PLAYERS, MOST_PLAYERS = 2, 6


class CanastaError(ValueError):
    """Rules that cannot be played, or a game asked for something it cannot give (a round after
    the end: the API's 409); the message names the field."""

    def __init__(self, message: str, code: str, field: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.field = field


@dataclass(frozen=True)
class CanastaRules:
    """Both families' house rules (RULES.md's names). The defaults are the ``canasta`` preset's;
    Hand and Foot's defaults are :data:`HANDFOOT_DEFAULTS` (the ``hand-and-foot`` preset)."""

    game: Game = "canasta"
    players: int = 4
    partners: bool = True  # sides of two, partners opposite; False: each alone
    cutthroat: bool = False  # Canasta for three: a lone hand each hand against a partnership
    hand_size: int = 11
    draw: int = 1
    decks: Literal["players_plus_one", "per_player"] = "players_plus_one"  # Hand and Foot
    card_points: CardPoints = "standard"
    min_naturals: int = 2
    max_wilds: int = 3
    wild_limit: WildLimit = "naturals_at_least_wilds"
    # Canasta
    natural_canasta_bonus: int = 500
    mixed_canasta_bonus: int = 300
    wild_canasta_bonus: int | None = None
    red_three_points: int = 100
    red_threes_all_four: int = 800
    red_three_penalty_if: Literal["no_meld", "no_canasta"] = "no_meld"
    red_three_penalty: Literal["full", "per_card"] = "full"
    red_threes_per_player: bool = False
    concealed_bonus: int = 200
    canastas_to_go_out: int = 1
    initial_meld_minimums: Minimums = ((None, 15), (0, 50), (1500, 90), (3000, 120))
    # Hand and Foot
    clean_book_bonus: int = 500
    dirty_book_bonus: int = 300
    sevens_book_bonus: int | None = None
    wild_book_bonus: int | None = None
    perfect_draw_bonus: int = 100
    red_three_rule: Literal["penalty", "bonus", "both"] = "penalty"
    black_three_in_hand_points: int = 5
    books_to_go_out: tuple[Books, ...] = ((1, 1),)
    initial_meld_minimums_by_round: tuple[int, ...] = (50, 90, 120, 150)
    # both
    going_out_bonus: int | tuple[int, ...] = 100
    target: int | None = 5000
    rounds: int | None = None
    settlement: Literal["difference", "none"] = "difference"

    @property
    def handfoot(self) -> bool:
        return self.game == "handfoot"


@dataclass(frozen=True)
class ListOption(FamilyOption):
    """An option that takes a list: of whole numbers (``initial_meld_minimums_by_round``), of
    pairs (``books_to_go_out``, ``initial_meld_minimums``, whose first score may be null), or
    also one number (``going_out_bonus``: a number, or one per round). Kept as tuples."""

    pairs: bool = False
    number_too: bool = False

    def parse(self, value: Any) -> Any:
        if self.number_too and _whole(value, self.low, self.high):
            return value
        if isinstance(value, list | tuple) and value:
            if not self.pairs and all(_whole(item, self.low, self.high) for item in value):
                return tuple(value)
            if self.pairs and all(
                isinstance(item, list | tuple) and len(item) == 2 for item in value
            ):
                firsts_ok = all(
                    _whole(item[0], -MOST, MOST) or (index == 0 and item[0] is None)
                    for index, item in enumerate(value)
                )
                if firsts_ok and all(_whole(item[1], self.low, self.high) for item in value):
                    return tuple((item[0], item[1]) for item in value)
        kind = "pairs of whole numbers" if self.pairs else "whole numbers"
        number = "a whole number or " if self.number_too else ""
        raise RulesError(
            f"option {self.name!r} takes {number}a list of {kind} from {self.low} to "
            f"{self.high}, not {value!r}",
            self.name,
        )


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _options(*options: FamilyOption) -> dict[str, FamilyOption]:
    return {option.name: option for option in options}


_PLAYERS = FamilyOption("players", "number", "players at the table", low=2, high=MOST_PLAYERS)
_PARTNERS = FamilyOption("partners", "checkbox", "sides of two, partners opposite")
_HAND_SIZE = FamilyOption("hand_size", "number", "cards dealt to each player", low=7, high=15)
_MIN_NATURALS = FamilyOption("min_naturals", "number", "natural cards a meld needs", 1, 3)
_MAX_WILDS = FamilyOption("max_wilds", "number", "wild cards a meld may hold", 0, 7)
_WILD_LIMIT = FamilyOption(
    "wild_limit",
    "select",
    "naturals at least the wilds, a majority of naturals, or only the most wilds",
    choices=("naturals_at_least_wilds", "naturals_majority", "max_only"),
)
_GOING_OUT = ListOption(
    "going_out_bonus", "number", "going out (a number, or one per round)", number_too=True
)
_TARGET = FamilyOption("target", "number", "score that ends the game", low=1, optional=True)
_SETTLEMENT = FamilyOption(
    "settlement", "select", "how the end is settled", choices=("difference", "none")
)

#: Canasta's options, in the order of RULES.md.
CANASTA_OPTIONS: dict[str, FamilyOption] = _options(
    _PLAYERS,
    _PARTNERS,
    FamilyOption("cutthroat", "checkbox", "three players: a lone hand against a partnership"),
    _HAND_SIZE,
    FamilyOption("draw", "number", "cards drawn from the stock", low=1, high=2),
    _MIN_NATURALS,
    _MAX_WILDS,
    _WILD_LIMIT,
    FamilyOption("wild_canasta_bonus", "number", "a canasta of wilds only", optional=True),
    FamilyOption("natural_canasta_bonus", "number", "a natural canasta"),
    FamilyOption("mixed_canasta_bonus", "number", "a mixed canasta"),
    FamilyOption("red_three_points", "number", "each red three"),
    FamilyOption("red_threes_all_four", "number", "all four red threes on one side"),
    FamilyOption(
        "red_three_penalty_if",
        "select",
        "red threes count minus for a side that melded nothing, or made no canasta",
        choices=("no_meld", "no_canasta"),
    ),
    FamilyOption(
        "red_three_penalty",
        "select",
        "minus their full value, or 100 each (at most 400)",
        choices=("full", "per_card"),
    ),
    FamilyOption("red_threes_per_player", "checkbox", "red threes score per player (cutthroat)"),
    _GOING_OUT,
    FamilyOption("concealed_bonus", "number", "going out concealed (instead)"),
    FamilyOption("canastas_to_go_out", "number", "canastas a side needs to go out", 0, 7),
    ListOption(
        "initial_meld_minimums",
        "number",
        "minimum first meld: [from_score, minimum] pairs (a null first score: any below)",
        pairs=True,
    ),
    _TARGET,
    _SETTLEMENT,
)

#: Hand and Foot's options, in the order of RULES.md.
HANDFOOT_OPTIONS: dict[str, FamilyOption] = _options(
    _PLAYERS,
    _PARTNERS,
    FamilyOption(
        "decks",
        "select",
        "packs: players + 1, or one a player",
        choices=("players_plus_one", "per_player"),
    ),
    _HAND_SIZE,
    FamilyOption(
        "card_points",
        "select",
        "standard (K–8 10, 7–4 5) or ten_high (K–10 10, 9–4 5)",
        choices=("standard", "ten_high"),
    ),
    _MAX_WILDS,
    _WILD_LIMIT,
    FamilyOption("clean_book_bonus", "number", "a clean book"),
    FamilyOption("dirty_book_bonus", "number", "a dirty book"),
    FamilyOption("sevens_book_bonus", "number", "a book of sevens", optional=True),
    FamilyOption("wild_book_bonus", "number", "a book of wilds", optional=True),
    _GOING_OUT,
    FamilyOption("perfect_draw_bonus", "number", "each perfect draw (0: off)"),
    FamilyOption(
        "red_three_rule",
        "select",
        "red threes held −500 (penalty), laid out +100 and held −100 (bonus), or both",
        choices=("penalty", "bonus", "both"),
    ),
    FamilyOption("black_three_in_hand_points", "number", "a black three left in hand"),
    ListOption(
        "books_to_go_out", "number", "[clean, dirty] books to go out, per round", pairs=True
    ),
    FamilyOption("rounds", "number", "rounds in a game", low=1, high=10, optional=True),
    ListOption("initial_meld_minimums_by_round", "number", "minimum first meld per round"),
    _TARGET,
    _SETTLEMENT,
)

#: Hand and Foot's defaults (the ``hand-and-foot`` preset).
HANDFOOT_DEFAULTS = CanastaRules(
    game="handfoot",
    wild_limit="naturals_majority",
    target=None,
    rounds=4,
)


@dataclass(frozen=True)
class CanastaPreset:
    id: str
    name: str
    summary: str
    rules: CanastaRules


#: The seven presets, as the new-game form and ``GET /api/v1/presets`` list them.
CANASTA_PRESETS: dict[str, CanastaPreset] = {
    preset.id: preset
    for preset in (
        CanastaPreset(
            "canasta",
            "Canasta",
            "Four players in two sides, 11 cards; natural canasta 500, mixed 300; to 5000.",
            CanastaRules(),
        ),
        CanastaPreset(
            "canasta-2p",
            "Canasta for two",
            "Each alone, 15 cards, draw two, two canastas to go out; to 5000.",
            CanastaRules(players=2, partners=False, hand_size=15, draw=2, canastas_to_go_out=2),
        ),
        CanastaPreset(
            "canasta-3p",
            "Canasta for three",
            "Each alone, 13 cards; to 5000.",
            CanastaRules(players=3, partners=False, hand_size=13),
        ),
        CanastaPreset(
            "canasta-cutthroat",
            "Cutthroat Canasta",
            "Three players, 13 cards, draw two; the first to take the pile plays alone; to 7500.",
            CanastaRules(
                players=3,
                partners=False,
                cutthroat=True,
                hand_size=13,
                draw=2,
                red_threes_per_player=True,
                canastas_to_go_out=2,
                target=7500,
            ),
        ),
        CanastaPreset(
            "hand-and-foot",
            "Hand and Foot",
            "Two sides of two, hand and a foot of 11; four rounds, 50/90/120/150 to open.",
            HANDFOOT_DEFAULTS,
        ),
        CanastaPreset(
            "hand-and-foot-60",
            "Hand and Foot, 60 to open",
            "Four rounds, 60/90/120/150 to open; red threes laid out for 100.",
            replace(
                HANDFOOT_DEFAULTS,
                initial_meld_minimums_by_round=(60, 90, 120, 150),
                red_three_rule="bonus",
            ),
        ),
        CanastaPreset(
            "hand-and-foot-90",
            "Hand and Foot, 90 to open",
            "Four rounds, 90/120/150/180 to open; 1+1 to 4+4 books to go out; sevens book 1500.",
            replace(
                HANDFOOT_DEFAULTS,
                initial_meld_minimums_by_round=(90, 120, 150, 180),
                books_to_go_out=((1, 1), (2, 2), (3, 3), (4, 4)),
                going_out_bonus=(100, 200, 300, 400),
                sevens_book_bonus=1500,
            ),
        ),
    )
}


def options_of(game: Game) -> dict[str, FamilyOption]:
    """The family's table of options."""
    return HANDFOOT_OPTIONS if game == "handfoot" else CANASTA_OPTIONS


def _family(game: Game) -> str:
    return "Hand and Foot" if game == "handfoot" else "Canasta"


def with_options(rules: CanastaRules, options: Mapping[str, Any]) -> CanastaRules:
    """``rules`` with ``options`` (JSON values, named as in RULES.md) changed; an option of the
    other family is unknown here. Refused too: cutthroat for other than three players, lists of
    minimums out of order, and a list per round shorter than the rounds.

    >>> with_options(CanastaRules(), {"target": 3000, "red_three_penalty": "per_card"}).target
    3000
    >>> with_options(HANDFOOT_DEFAULTS, {"going_out_bonus": [100, 200]})
    Traceback (most recent call last):
    ...
    scorekeeper.engine.rule_options.RulesError: going_out_bonus lists 2 rounds; the game has 4
    """
    changed = family_options.with_options(
        rules, options_of(rules.game), options, _family(rules.game)
    )
    if changed.cutthroat and changed.players != 3:
        raise RulesError("cutthroat Canasta is for three players", "cutthroat")
    scores = [score for score, _ in changed.initial_meld_minimums if score is not None]
    if scores != sorted(set(scores)):
        raise RulesError("initial_meld_minimums must rise by score", "initial_meld_minimums")
    if changed.handfoot and changed.rounds is not None:
        lists = {
            "initial_meld_minimums_by_round": changed.initial_meld_minimums_by_round,
            "books_to_go_out": changed.books_to_go_out,
            "going_out_bonus": changed.going_out_bonus,
        }
        for name, value in lists.items():
            if isinstance(value, tuple) and 1 < len(value) < changed.rounds:
                raise RulesError(
                    f"{name} lists {len(value)} rounds; the game has {changed.rounds}", name
                )
    return changed


def canasta_rules_for(preset_id: str, options: Mapping[str, Any] | None = None) -> CanastaRules:
    """A preset's rules (either family) with some options changed; a RulesError names a bad
    one."""
    preset = CANASTA_PRESETS.get(preset_id)
    if preset is None:
        raise RulesError(
            f"unknown preset {preset_id!r}; the presets are {', '.join(CANASTA_PRESETS)}",
            "preset",
        )
    return with_options(preset.rules, options or {})


def to_dict(rules: CanastaRules) -> dict[str, Any]:
    """The rules as a game stores them: the family's marker, then every option of the family
    (tuples, which JSON writes as lists).

    >>> list(to_dict(HANDFOOT_DEFAULTS))[:4]
    ['game', 'players', 'partners', 'decks']
    """
    return family_options.stored(rules.game, rules, options_of(rules.game))


def from_dict(stored: Mapping[str, Any]) -> CanastaRules:
    """Rules a game stored (:func:`to_dict`, or the same read back from JSON); missing options
    take the family's first preset's."""
    game = stored.get("game")
    if game not in ("canasta", "handfoot"):
        raise RulesError(f"not Canasta or Hand and Foot rules: game {game!r}", "game")
    default = HANDFOOT_DEFAULTS if game == "handfoot" else CanastaRules()
    return with_options(default, {k: v for k, v in stored.items() if k != "game"})


def decks_for(rules: CanastaRules, players: int | None = None) -> int:
    """The packs in play (each with two jokers): Canasta two; Hand and Foot one more than the
    players, or one a player.

    >>> decks_for(CanastaRules()), decks_for(HANDFOOT_DEFAULTS), decks_for(HANDFOOT_DEFAULTS, 6)
    (2, 5, 7)
    """
    if not rules.handfoot:
        return CANASTA_DECKS
    count = rules.players if players is None else players
    return count + 1 if rules.decks == "players_plus_one" else count


def _by_round(values: tuple[Any, ...], round_number: int) -> Any:
    """A per-round list's entry for ``round_number`` (from 1); a short list repeats its last."""
    return values[min(round_number, len(values)) - 1]


def next_minimum(rules: CanastaRules, total: int, round_number: int = 1) -> int | None:
    """The minimum first meld: Canasta's by the side's total before the hand (the last pair at
    or below it; below every pair, the first's); Hand and Foot's by the round to play (None
    after the last round)."""
    if rules.handfoot:
        if rules.rounds is not None and round_number > rules.rounds:
            return None
        minimum: int = _by_round(rules.initial_meld_minimums_by_round, round_number)
        return minimum
    pairs = rules.initial_meld_minimums
    found = pairs[0][1]
    for score, minimum in pairs:
        if score is None or total >= score:
            found = minimum
    return found


def going_out_for(rules: CanastaRules, round_number: int = 1) -> int:
    """The going-out bonus in a round (a number, or one per round).

    >>> going_out_for(canasta_rules_for("hand-and-foot-90"), 3)
    300
    """
    bonus = rules.going_out_bonus
    return bonus if isinstance(bonus, int) else int(_by_round(bonus, round_number))


def books_to_go_out(rules: CanastaRules, round_number: int = 1) -> Books:
    """The (clean, dirty) books a side needs to go out in a round."""
    books: Books = _by_round(rules.books_to_go_out, round_number)
    return books


def summary(rules: CanastaRules) -> list[str]:
    """The rules in short plain-English lines.

    >>> for line in summary(CanastaRules()): print(line)
    4 players in two sides, 11 cards each; two packs and four jokers.
    Wild: jokers 50, twos 20; aces 20, K–8 10, 7–4 5, black threes 5.
    Melds of one rank: 2 naturals or more, at most 3 wilds, no more wilds than naturals; a canasta is 7 cards: natural 500, mixed 300.
    Red threes 100 each, all four 800 (minus for a side that melded nothing); going out 100, concealed 200, with 1 canasta.
    First meld 15 below 0, 50 from 0, 90 from 1500, 120 from 3000. To 5000, settled by the difference.
    >>> summary(HANDFOOT_DEFAULTS)[-1]
    '4 rounds, first meld 50/90/120/150; the highest total wins.'
    """  # noqa: E501 (doctest output lines)
    if rules.cutthroat:
        seats = "3 players: the first to take the pile plays alone against the other two"
    elif rules.partners:
        seats = f"{rules.players} players in {rules.players // 2} sides".replace(
            " 2 sides", " two sides"
        )
    else:
        seats = f"{rules.players} players, each alone"
    packs = (
        f"{decks_for(rules)} packs with two jokers each"
        if rules.handfoot
        else "two packs and four jokers"
    )
    foot = " and a foot of as many" if rules.handfoot else ""
    tens = "K–10 10, 9–4 5" if rules.card_points == "ten_high" else "K–8 10, 7–4 5"
    limit = {
        "naturals_at_least_wilds": "no more wilds than naturals",
        "naturals_majority": "more naturals than wilds",
        "max_only": "",
    }[rules.wild_limit]
    wilds = f"at most {rules.max_wilds} wilds" + (f", {limit}" if limit else "")
    lines = [
        f"{seats}, {rules.hand_size} cards each{foot}; {packs}.",
        f"Wild: jokers 50, twos 20; aces 20, {tens}, black threes 5.",
    ]
    going = rules.going_out_bonus
    going_text = str(going) if isinstance(going, int) else "/".join(map(str, going))
    if rules.handfoot:
        books = "/".join(f"{clean}+{dirty}" for clean, dirty in rules.books_to_go_out)
        lines.append(
            f"Melds of one rank, never threes: {wilds}; a book is 7 cards: clean "
            f"{rules.clean_book_bonus}, dirty {rules.dirty_book_bonus}."
        )
        lines.append(
            f"Going out {going_text} with {books} clean+dirty books; perfect draw "
            f"{rules.perfect_draw_bonus}; red threes: {rules.red_three_rule}."
        )
        minimums = "/".join(map(str, rules.initial_meld_minimums_by_round))
        end = f"to {rules.target}" if rules.target else "the highest total wins"
        lines.append(f"{rules.rounds} rounds, first meld {minimums}; {end}.")
        return lines
    lines.append(
        f"Melds of one rank: {rules.min_naturals} naturals or more, {wilds}; a canasta is 7 "
        f"cards: natural {rules.natural_canasta_bonus}, mixed {rules.mixed_canasta_bonus}."
    )
    minus = "melded nothing" if rules.red_three_penalty_if == "no_meld" else "made no canasta"
    canastas = (
        "1 canasta" if rules.canastas_to_go_out == 1 else f"{rules.canastas_to_go_out} canastas"
    )
    lines.append(
        f"Red threes {rules.red_three_points} each, all four {rules.red_threes_all_four} (minus "
        f"for a side that {minus}); going out {going_text}, concealed {rules.concealed_bonus}, "
        f"with {canastas}."
    )
    pairs = rules.initial_meld_minimums
    steps = ", ".join(
        f"{minimum} from {score}"
        if score is not None
        else f"{minimum} below {pairs[1][0] if len(pairs) > 1 else 'any score'}"
        for score, minimum in pairs
    )
    settled = ", settled by the difference" if rules.settlement == "difference" else ""
    lines.append(f"First meld {steps}. To {rules.target}{settled}.")
    return lines
