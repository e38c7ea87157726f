"""Field types shared by the API's request models: card codes, ranks, player names, rules.

Each type validates with the engine's own parsers (so a bad card is named by the engine's message)
and documents itself in the OpenAPI schema.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    StringConstraints,
    Tag,
)
from pydantic_core import PydanticCustomError

from ..engine.cards import Card, declared_code, parse_declared, parse_rank
from ..engine.names import clean_name, name_problem
from ..engine.presets import rules_for
from ..engine.rules import JokerEffect as JokerEffectName
from ..engine.rules import Rules
from ..engine.system import SYSTEMS


class RequestModel(BaseModel):
    """A request body: JSON types are not coerced, and a misspelt field is an error."""

    model_config = ConfigDict(extra="forbid", strict=True)


class ResponseModel(BaseModel):
    """A response body, built by the views; written out by alias (``as_card`` is ``as``)."""


def _canonical_card(code: str) -> str:
    return Card.from_code(code).code()


def _canonical_called_card(code: str) -> str:
    called = code.rstrip().endswith("!")
    return _canonical_card(code.rstrip().removesuffix("!")) + ("!" if called else "")


def _canonical_meld_card(code: str) -> str:
    return declared_code(*parse_declared(code))


def _canonical_called_meld_card(code: str) -> str:
    called = code.rstrip().endswith("!")
    return _canonical_meld_card(code.rstrip().removesuffix("!")) + ("!" if called else "")


def _canonical_rank(rank: str) -> str:
    return parse_rank(rank)


# The patterns document the usual spelling; the validators also accept spaces and ♠♥♦♣.
_CARD_PATTERN = "^([2-9]|10|[TtJjQqKkAa])[SsHhDdCc]$|^[Jj][Kk]$"
_RANK_PATTERN = "^([2-9]|10|[TtJjQqKkAa])$"

CardCode = Annotated[
    str,
    AfterValidator(_canonical_card),
    Field(
        description="a card: rank (A 2-10 J Q K, T for ten) and suit (S H D C), or JK",
        json_schema_extra={"pattern": _CARD_PATTERN, "examples": ["10H", "AS", "JK"]},
    ),
]

#: A card code that may end in ``!``: the card was taken by a Rummy call.
CalledCardCode = Annotated[
    str,
    AfterValidator(_canonical_called_card),
    Field(
        description="a card code; a trailing ! marks a card taken by a Rummy call",
        json_schema_extra={"pattern": _CARD_PATTERN.replace("$", "!?$"), "examples": ["9S", "9S!"]},
    ),
]

_ONE_CARD = _CARD_PATTERN.strip("^$").replace("$|^", "|")
_MELD_CARD_PATTERN = f"^({_ONE_CARD})(=({_ONE_CARD}))?$"

#: A card of a meld, which may carry the reading a wild was declared as: ``JK=5C``.
MeldCardCode = Annotated[
    str,
    AfterValidator(_canonical_meld_card),
    Field(
        description="a card code; a wild may carry the card it was declared as: JK=5C, 6H=9S",
        json_schema_extra={"pattern": _MELD_CARD_PATTERN, "examples": ["9S", "JK=5C"]},
    ),
]

#: A card of a meld that may carry a declared reading and end in ``!`` (a Rummy call).
CalledMeldCardCode = Annotated[
    str,
    AfterValidator(_canonical_called_meld_card),
    Field(
        description="a card code; a wild may carry the card it was declared as (JK=5C); "
        "a trailing ! marks a card taken by a Rummy call",
        json_schema_extra={
            "pattern": _MELD_CARD_PATTERN.replace("$", "!?$"),
            "examples": ["9S", "9S!", "JK=5C"],
        },
    ),
]

RankCode = Annotated[
    str,
    AfterValidator(_canonical_rank),
    Field(
        description="a rank: A 2-10 J Q K (T for ten)",
        json_schema_extra={"pattern": _RANK_PATTERN, "examples": ["6", "A"]},
    ),
]

#: The error type of a stored name (a seat's, a side's, a game's) that is unreadable or too
#: wide: a 422, as the schema cannot say it. A name that refers to a player is a 400.
NAME_ERROR = "name"
NAME_RULE = (
    "cleaned: NFC, trimmed, spaces collapsed, control, bidi and zero-width characters removed; "
    "it must keep a visible character and fit {limit} columns (an emoji or a wide character "
    "counts as two)"
)


def _readable(limit: int, stored: bool) -> AfterValidator:
    def check(value: str) -> str:
        name = clean_name(value)
        problem = name_problem(name, limit)
        if problem is None:
            return name
        if stored:
            raise PydanticCustomError(NAME_ERROR, problem)
        raise ValueError(problem)

    return AfterValidator(check)


def _described(what: str, limit: int, stored: bool, **more: Any) -> Any:
    refusal = ", else a 422 naming the field" if stored else ""
    return Field(description=f"{what}, {NAME_RULE.format(limit=limit)}{refusal}", **more)


_UP_TO_40 = StringConstraints(min_length=1, max_length=40)
#: A player's name in a request about players already named (a round, a deal).
PlayerName = Annotated[
    str, _UP_TO_40, _readable(40, stored=False), _described("a player's name", 40, False)
]
#: A side's name in such a request.
SideRef = Annotated[
    str, _UP_TO_40, _readable(40, stored=False), _described("a side's name", 40, False)
]
#: A new game's player, side and game names: stored as cleaned, shown on every phone.
SeatName = Annotated[
    str, _UP_TO_40, _readable(40, stored=True), _described("the player's name", 40, True)
]
SideName = Annotated[
    str, _UP_TO_40, _readable(40, stored=True), _described("the side's name", 40, True)
]
GameName = Annotated[
    str,
    StringConstraints(min_length=1, max_length=80),
    _readable(80, stored=True),
    _described("the game's name", 80, True, examples=["Friday at Ann's"]),
]

JokerEffect = Annotated[
    JokerEffectName | None,
    Field(description="Dealer's Gambit: the effect the dealer nominated for the jokers"),
]


def _preset_enum(schema: dict[str, Any]) -> None:
    """Every registered family's preset ids, as the schema's enum (asked when the document is
    made, once the families are registered)."""
    schema["enum"] = [preset.id for preset in SYSTEMS.presets()]


def _rules_kind(value: Any) -> str | None:
    if isinstance(value, str):
        return "preset"
    if isinstance(value, dict | RulesObject):
        return "object"
    return None  # neither: the discriminator's own error message explains what is expected


_RULES_TYPE = {
    "custom_error_type": "rules_type",
    "custom_error_message": 'expected a preset id such as "rummy500" or an object '
    '{"preset": ..., "options": {...}}',
}


class RulesObject(RequestModel):
    """A preset with some options changed."""

    preset: str = Field(
        "rummy500",
        description="the preset to start from",
        json_schema_extra=_preset_enum,
    )
    options: dict[str, Any] = Field(
        default_factory=dict,
        description="options that override the preset's, named as in RULES.md (each family "
        "has its own; GET /api/v1/presets lists every preset's)",
    )


#: The rules of a new game: any family's preset.
RulesField = Annotated[
    Annotated[str, Tag("preset"), Field(json_schema_extra=_preset_enum)]
    | Annotated[RulesObject, Tag("object")],
    Discriminator(_rules_kind, **_RULES_TYPE),
    Field(description="a preset id, or a preset with some options changed"),
]


def rules_field(name: str, chosen: Callable[[Any], bool], what: str) -> Any:
    """A ``rules`` field that takes the presets of the families ``chosen`` picks (a game
    system in, a bool out): a preset id, or an object with the preset's family's own options.
    The document lists them when it is made, once the families are registered; ``name`` is
    the object's name there, ``what`` says whose presets they are."""

    def families() -> list[Any]:
        return [system for system in SYSTEMS if chosen(system)]

    def preset_enum(schema: dict[str, Any]) -> None:
        schema["enum"] = [preset for system in families() for preset in system.presets]

    def shapes(schema: dict[str, Any]) -> None:
        # one shape per family: its presets with its own options; ``preset`` may be left out
        # only in the shape of the family whose preset is the default
        properties = schema.pop("properties")
        schema.pop("additionalProperties", None)  # each shape closes itself
        default = RulesObject.model_fields["preset"].default
        found = []
        for system in families():
            presets = list(system.presets)
            stored = system.rules_to_stored(system.presets[presets[0]].rules)
            found.append(
                {
                    "properties": {
                        "preset": properties["preset"] | {"enum": presets},
                        "options": properties["options"]
                        | {"propertyNames": {"enum": [n for n in stored if n != "game"]}},
                    },
                    "additionalProperties": False,
                    **({} if default in presets else {"required": ["preset"]}),
                }
            )
        schema["anyOf"] = found

    chosen_object = type(
        name,
        (RulesObject,),
        {
            "__doc__": f"A preset of {what}, with some of its family's options changed.",
            "__module__": __name__,
            "model_config": ConfigDict(json_schema_extra=shapes),
        },
    )
    return Annotated[
        Annotated[str, Tag("preset"), Field(json_schema_extra=preset_enum)]
        | Annotated[chosen_object, Tag("object")],
        Discriminator(
            _rules_kind,
            custom_error_type=_RULES_TYPE["custom_error_type"],
            custom_error_message=_RULES_TYPE["custom_error_message"],
        ),
        Field(description=f"a preset id of {what}, or a preset with some options changed"),
    ]


#: The rules of a meld to check or a hand to arrange: a family's whose melds the referee judges.
MeldRulesField = rules_field(
    "MeldRulesObject",
    lambda system: system.capabilities.referee,
    "a family whose melds the referee judges",
)
#: The rules of a deal: a family's that deals by face-up cards.
DealRulesField = rules_field(
    "DealRulesObject",
    lambda system: system.capabilities.deal_helper,
    "a family whose deal the deal helper plans",
)


class ErrorBody(ResponseModel):
    """Every error: what is wrong, naming the field or card."""

    error: str = Field(examples=["cards[1]: 'XX' is not a card"])


def to_rules(value: str | RulesObject) -> Rules:
    """The engine's rules for a ``rules`` field; a ``RulesError`` names a bad preset or option."""
    if isinstance(value, str):
        return rules_for(value)
    return rules_for(value.preset, value.options)
