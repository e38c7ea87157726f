"""One referee: every path that judges cards laid off onto a meld on the table gives the same
verdict and the same readings (issue 31). A table of cases goes through each path:

- the engine's one function (:func:`scorekeeper.engine.table_melds.judge`);
- ``POST /api/v1/melds/check`` (``extends``), the family found through the systems seam;
- ``POST /api/v1/melds/arrange`` (the meld as ``table``): the cards all laid off onto it;
- ``POST /api/v1/rounds/score``: Ann melds the meld, Bob lays the cards off onto it;
- a game's round saved through ``POST <edit_url>/rounds`` (the store's check);
- the round form's grouping (``group_automatically``): Bob's cards laid off onto Ann's meld;
- the referee page (``/check?cards=…&onto=…``).

Gin and Indian Rummy judge by their own rules: their engine function, the check endpoint (the
seam finds the family by the preset) and their referee page (``/check?rules=gin…`` leads there)
agree on a table of their own.

Declared readings (``JK=6S``) are not something the round form's grouping takes (the scorer
declares on the picker after it), so that path skips the cases that declare one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import pytest
from flask.testing import FlaskClient

from scorekeeper.engine.cards import Card, parse_declared
from scorekeeper.engine.points import Context
from scorekeeper.engine.presets import rules_for
from scorekeeper.engine.table_melds import judge
from scorekeeper.systems.gin.melds import judge as gin_judge
from scorekeeper.systems.indian.melds import judge as indian_judge
from scorekeeper.web.round_form.auto_grouping import group_automatically


@dataclass(frozen=True)
class Case:
    """Cards laid off onto a meld under a preset and options; ``legal`` is the ruling checked
    by hand, ``reading`` what each laid-off wild stands for when it stands."""

    preset: str
    onto: tuple[str, ...]
    cards: tuple[str, ...]
    legal: bool
    options: dict[str, Any] = field(default_factory=dict)
    wild_rank: str | None = None
    why: str = ""

    @property
    def declares(self) -> bool:
        return any("=" in code for code in (*self.onto, *self.cards))

    def __str__(self) -> str:
        return f"{self.preset} {self.options} {' '.join(self.onto)} + {' '.join(self.cards)}"


JOKERS = {"jokers": 2}
CASES = [
    # RULES.md: with 5S-JK-7S on the table a 6S cannot be laid off onto it (the joker is 6S)
    Case("rummy500", ("5S", "JK", "7S"), ("6S",), False, JOKERS, why="the only reading kept"),
    Case("rummy500", ("5S", "JK=6S", "7S"), ("6S",), False, JOKERS, why="declared"),
    Case("rummy500", ("5S", "JK", "7S"), ("8S",), True, JOKERS),
    Case("rummy500", ("5S", "JK", "7S"), ("4S",), True, JOKERS),
    Case("rummy500", ("5S", "JK", "7S", "8S"), ("6S",), False, JOKERS, why="kept in a four"),
    Case("rummy500", ("5S", "JK", "7S", "8S"), ("9S",), True, JOKERS),
    # two readings (4S or 7S): undeclared, the one that lets the layoff stand
    Case("rummy500", ("5S", "6S", "JK"), ("7S",), True, JOKERS, why="free: read as 4S"),
    Case("rummy500", ("5S", "6S", "JK"), ("4S",), True, JOKERS, why="free: read as 7S"),
    Case("rummy500", ("5S", "6S", "JK=7S"), ("7S",), False, JOKERS, why="declared 7S"),
    Case("rummy500", ("5S", "6S", "JK=4S"), ("7S",), True, JOKERS),
    # 8-6-10 with sixes wild: the six is 9S once melded
    Case("rummy500", ("8S", "6H", "10S"), ("9S",), False, {"wild_ranks": ["6"]}),
    Case("rummy500", ("8S", "6H", "10S"), ("JS",), True, {"wild_ranks": ["6"]}),
    Case("rummy500", ("8S", "6H", "10S"), ("7S",), True, {"wild_ranks": ["6"]}),
    # 5000: the real card goes beside the wild that stands for it
    Case("rummy5000", ("5S", "JK", "7S"), ("6S",), True, JOKERS, why="lay_beside"),
    Case("rummy5000", ("5S", "JK", "7S"), ("6H",), False, JOKERS),
    # sets and the corner
    Case("rummy500", ("7H", "7D", "7C"), ("7S",), True),
    Case("rummy500", ("7H", "7D", "7C"), ("8S",), False),
    Case("rummy500", ("QS", "KS", "AS"), ("2S",), False),
    Case("rummy500", ("QS", "KS", "AS"), ("2S",), True, {"around_the_corner": True}),
    Case("rummy500", ("QS", "KS", "AS"), ("JS", "10S"), True),
    Case("rummy500", ("7H", "JK", "7C"), ("7S",), True, JOKERS),
    Case("rummy500", ("7H", "JK", "7C"), ("8H",), False, JOKERS),
    # several readings: only one the meld had on its own, kept (the sweep's refused rounds)
    Case("rummy500", ("10H", "KD", "KC"), ("9H",), True, {"wild_ranks": ["K"]}),
    Case("rummy500", ("10H", "KD", "KC"), ("6H", "9H"), False, {"wild_ranks": ["K"]}),
    Case("rummy5000", ("7H", "JD", "JC"), ("8H", "9H", "QH"), False, wild_rank="J"),
    Case("rummy5000", ("7H", "JD", "JC"), ("6H",), True, wild_rank="J"),
    Case(
        "rummy500",
        ("3D", "KS", "KH"),
        ("4H",),
        False,
        {"wild_as_itself": "wild", "wild_ranks": ["K", "3"], "jokers": 4, "decks": 2},
        why="no natural card would be left in place",
    ),
]


def _cards(codes: tuple[str, ...]) -> tuple[tuple[Card, ...], dict[int, Card]]:
    pairs = [parse_declared(code) for code in codes]
    fixed = {i: reading for i, (_, reading) in enumerate(pairs) if reading is not None}
    return tuple(card for card, _ in pairs), fixed


def _rules(case: Case) -> dict[str, Any]:
    return {"preset": case.preset, "options": case.options}


def _context(case: Case) -> Context:
    rules = rules_for(case.preset, case.options)
    return Context(rules, wild_rank=case.wild_rank, packs=rules.packs(None))


def _engine(case: Case) -> tuple[bool, list[str]]:
    onto, onto_fixed = _cards(case.onto)
    cards, fixed = _cards(case.cards)
    shifted = {len(onto) + i: reading for i, reading in fixed.items()}
    verdict = judge(cards, _context(case), onto, onto_fixed | shifted)
    return verdict.legal, [r.as_card.code() for r in verdict.added]


def _check(client: FlaskClient, case: Case) -> tuple[bool, list[str]]:
    body = {"rules": _rules(case), "extends": list(case.onto), "cards": list(case.cards)}
    body["wild_rank"] = case.wild_rank
    answer = client.post("/api/v1/melds/check", json=body)
    assert answer.status_code == 200, answer.get_json()
    data = answer.get_json()
    return data["legal"], [card["as"] for card in data["cards"]]


def _arrange(client: FlaskClient, case: Case) -> tuple[bool, list[str]]:
    body = {"rules": _rules(case), "cards": list(case.cards), "table": [list(case.onto)]}
    body["wild_rank"] = case.wild_rank
    answer = client.post("/api/v1/melds/arrange", json=body)
    assert answer.status_code == 200, answer.get_json()
    data = answer.get_json()
    laid = [card for layoff in data["layoffs"] for card in layoff["cards"]]
    legal = not data["melds"] and not data["unplaced"] and sorted(laid) == sorted(case.cards)
    return legal, []


def _round(case: Case) -> dict[str, Any]:
    return {
        "wild_rank": case.wild_rank,
        "ended_by": "going_out",
        "players": [
            {"name": "Ann", "melds": [list(case.onto)], "hand": []},
            {
                "name": "Bob",
                "went_out": True,
                "layoffs": [{"onto": {"player": "Ann", "meld": 0}, "cards": list(case.cards)}],
                "hand": [],
            },
        ],
    }


def _score(client: FlaskClient, case: Case) -> tuple[bool, list[str]]:
    body = {"rules": _rules(case), **_round(case)}
    answer = client.post("/api/v1/rounds/score", json=body)
    assert answer.status_code in (200, 422), answer.get_json()
    return not answer.get_json()["problems"], []


def _saved(client: FlaskClient, case: Case) -> tuple[bool, list[str]]:
    game = client.post(
        "/api/v1/games",
        json={"name": "t", "rules": _rules(case), "players": [{"name": "Ann"}, {"name": "Bob"}]},
    ).get_json()
    answer = client.post(
        f"{game['edit_url']}/rounds", json=_round(case), headers={"Idempotency-Key": "k1"}
    )
    assert answer.status_code in (201, 422), answer.get_json()
    return answer.status_code == 201, []


def _grouped(case: Case) -> tuple[bool, list[str]]:
    onto, _ = _cards(case.onto)
    cards, _ = _cards(case.cards)
    grouped = group_automatically({0: onto, 1: cards}, {}, _context(case))
    bob = grouped.groups[1]
    legal = len(bob) == 1 and bob[0].onto == (0, 0) and sorted(bob[0].cards) == sorted(cards)
    return legal, []


def _page(client: FlaskClient, case: Case) -> tuple[bool, list[str]]:
    query: dict[str, str] = {
        "rules": case.preset,
        "cards": " ".join(case.cards),
        "onto": " ".join(case.onto),
        "wild_rank": case.wild_rank or "none",
    }
    for name, value in case.options.items():
        shown = " ".join(value) if isinstance(value, list) else value
        query[f"opt-{name}"] = "1" if shown is True else str(shown)
    page = client.get(f"/check?{urlencode(query)}")
    assert page.status_code == 200
    head = re.search(r'<h2 class="verdict-head">(.*?)</h2>', page.get_data(as_text=True), re.S)
    assert head is not None, page.get_data(as_text=True)[:2000]
    return "Not legal" not in head.group(1), []


PATHS = {
    "check": _check,
    "arrange": _arrange,
    "score": _score,
    "saved": _saved,
    "page": _page,
}


@pytest.mark.parametrize("case", CASES, ids=str)
def test_the_engine_rules_as_checked_by_hand(case: Case) -> None:
    assert _engine(case)[0] is case.legal, case.why


@pytest.mark.parametrize("path", sorted(PATHS))
@pytest.mark.parametrize("case", CASES, ids=str)
def test_every_path_gives_the_engines_verdict(client: FlaskClient, case: Case, path: str) -> None:
    legal, readings = _engine(case)
    theirs, their_readings = PATHS[path](client, case)
    assert theirs is legal, f"{path} says {'legal' if theirs else 'not legal'}: {case}"
    if their_readings:
        assert their_readings == readings, f"{path} reads the wilds otherwise: {case}"


@pytest.mark.parametrize("case", [c for c in CASES if not c.declares], ids=str)
def test_the_round_forms_grouping_gives_the_engines_verdict(case: Case) -> None:
    assert _grouped(case)[0] is _engine(case)[0], case


# --- each family's own referee, through the seam ---------------------------------------------


@dataclass(frozen=True)
class FamilyCase:
    """Cards (laid off onto ``onto``, for Gin; with it as one meld, for Indian Rummy) judged by a
    family's own rules, checked by hand."""

    preset: str
    onto: tuple[str, ...]
    cards: tuple[str, ...]
    legal: bool
    wild_rank: str | None = None

    def __str__(self) -> str:
        return f"{self.preset} {' '.join(self.onto)} + {' '.join(self.cards)} ({self.wild_rank})"


FAMILY_CASES = [
    FamilyCase("gin", ("5S", "6S", "7S"), ("8S",), True),
    FamilyCase("gin", ("5S", "6S", "7S"), ("8H",), False),
    FamilyCase("gin", ("QS", "KS"), ("AS",), False),  # aces are low in Gin
    FamilyCase("gin", ("AS", "2S"), ("3S",), True),
    FamilyCase("gin", ("7H", "7D", "7C"), ("7S",), True),
    FamilyCase("gin-oklahoma", (), ("KS", "AS", "2S"), False),
    FamilyCase("indian-points", (), ("QH", "KH", "AH"), True),
    FamilyCase("indian-points", (), ("KH", "AH", "2H"), False),
    FamilyCase("indian-points", ("5C", "JK"), ("7C",), True),
    FamilyCase("indian-points", ("9S", "9D"), ("9S",), False),  # a set of different suits
    FamilyCase("indian-points", ("4D", "7H"), ("6D",), True, wild_rank="7"),
    FamilyCase("indian-points", ("4D", "7H"), ("9D",), False, wild_rank="7"),
]


def _family_engine(case: FamilyCase) -> bool:
    onto = [Card.from_code(code) for code in case.onto]
    cards = [Card.from_code(code) for code in case.cards]
    if case.preset.startswith("gin"):
        return gin_judge(cards, onto).legal
    return indian_judge([*onto, *cards], case.wild_rank).legal


def _family_check(client: FlaskClient, case: FamilyCase) -> bool:
    body: dict[str, Any] = {"rules": case.preset, "extends": list(case.onto)}
    body |= {"cards": list(case.cards), "wild_rank": case.wild_rank}
    answer = client.post("/api/v1/melds/check", json=body)
    assert answer.status_code == 200, answer.get_json()
    return bool(answer.get_json()["legal"])


def _family_page(client: FlaskClient, case: FamilyCase) -> bool:
    query = {"rules": case.preset, "cards": " ".join(case.cards), "onto": " ".join(case.onto)}
    if case.preset.startswith("indian"):  # one meld: the page takes the cards together
        query = {"rules": case.preset, "cards": " ".join((*case.onto, *case.cards))}
        query |= {"wild_rank": case.wild_rank or ""}
    page = client.get(f"/check?{urlencode(query)}", follow_redirects=True)
    assert page.status_code == 200
    head = re.search(r'<h2 class="verdict-head">(.*?)</h2>', page.get_data(as_text=True), re.S)
    assert head is not None, page.get_data(as_text=True)[:2000]
    return "Not legal" not in head.group(1)


@pytest.mark.parametrize("case", FAMILY_CASES, ids=str)
def test_each_familys_paths_agree(client: FlaskClient, case: FamilyCase) -> None:
    assert _family_engine(case) is case.legal
    assert _family_check(client, case) is case.legal, "the check endpoint"
    assert _family_page(client, case) is case.legal, "the referee page"
