"""What the round form's tests share: three players, fields as the phone sends them, the form read.

Points are worked out by hand from RULES.md's tables: Rummy 500 counts 2-10 at face value, J Q K
10, an ace 15 (1 at the low end of a run); 5000 Rummy counts 2-9 5, 10-K 10, an ace 100, a wild
100 (a wild ace 200); Persian counts a four laid down at once double.
"""

from __future__ import annotations

from scorekeeper.engine.cards import Card, parse_cards
from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.rules import Rules
from scorekeeper.engine.scoring import score_round as engine_score
from scorekeeper.web.round_form.fields import RoundFields
from scorekeeper.web.round_form.reading import FormGame, Interpretation, interpret

NAMES = ("Ann", "Bob", "Cy")


def cards(codes: str) -> tuple[Card, ...]:
    return tuple(parse_cards(codes.split()))


def form(players: dict[int, dict[str, str]], seats: int = 3, **top: str) -> RoundFields:
    """Fields as the phone sends them: ``{seat: {"table": ..., "hand": ...}}`` and top fields."""
    fields = dict(top)
    for seat, entry in players.items():
        fields.update({f"p{seat}-{key}": value for key, value in entry.items()})
    return RoundFields.from_fields(fields, seats)


def read(
    players: dict[int, dict[str, str]],
    rules: Rules | None = None,
    names: tuple[str, ...] = NAMES,
    melded_before: frozenset[str] = frozenset(),
    **top: str,
) -> Interpretation:
    game = FormGame(rules or rules_for("rummy500"), names, melded_before)
    return interpret(form(players, len(names), **top), game)


def layouts(result: Interpretation) -> list[str]:
    return [plan.layout for plan in result.players]


def totals(result: Interpretation, rules: Rules | None = None) -> dict[str, int]:
    return engine_score(rules or rules_for("rummy500"), result.record).totals()


#: API.md's round: Ann goes out with 3C 3D 3S, 5D 6D 7D and 9S laid off on Bob's 6S 7S 8S; Bob
#: holds KH 2C; Cy counted 40 down and 25 in hand.
API_MD = {
    0: {"table": "9S 3C 5D 3D 6D 3S 7D"},
    1: {"table": "8S 6S 7S", "hand": "KH 2C"},
    2: {"mode": "totals", "melded": "40", "in_hand": "25"},
}
