"""One same-rank meld judged (systems/canasta/melds.py): kinds, natural or mixed, clean or dirty,
special books, points added up by hand, and each refusal's code."""

from __future__ import annotations

import pytest

from scorekeeper.systems.canasta.melds import card_points, cards, judge_meld, points_of
from scorekeeper.systems.canasta.rules import HANDFOOT_DEFAULTS, CanastaRules, with_options

CANASTA = CanastaRules()
FOOT = HANDFOOT_DEFAULTS


@pytest.mark.parametrize(
    ("code", "points"),
    [("JK", 50), ("2C", 20), ("AH", 20), ("KS", 10), ("8D", 10), ("7C", 5), ("4H", 5), ("3S", 5)],
)
def test_card_points(code: str, points: int) -> None:
    assert card_points(cards(code)[0]) == points


def test_ten_high_variant() -> None:
    # K–10 10 and 9–4 5: 10 + 10 + 5 + 5 + 5 = 35 (standard: 10 + 10 + 10 + 10 + 5 = 45)
    held = cards("KS 10H 9D 8C 4S")
    assert points_of(held, "ten_high") == 35
    assert points_of(held) == 45


# (rules, meld, going out, kind, natural, points: the arithmetic)
LEGAL = [
    (CANASTA, "KS KH KD", False, "meld", True, 30),  # 3 × 10
    (CANASTA, "2C KS KH", False, "meld", False, 40),  # 20 + 10 + 10
    (CANASTA, "JK 2C KS KH", False, "meld", False, 90),  # 50 + 20 + 10 + 10
    (CANASTA, "KS KH KD KC KS KH KD", False, "canasta", True, 70),  # 7 × 10
    (CANASTA, "7S 7H 7D 7C 7S 7H 7D", False, "canasta", True, 35),  # 7 × 5
    (CANASTA, "5S 5H 5D 5C 5S 5H 2C", False, "canasta", False, 50),  # 6 × 5 + 20
    (CANASTA, "AS AH AD AC JK 2C 2D", False, "canasta", False, 170),  # 4 × 20 + 50 + 2 × 20
    (CANASTA, "3S 3C 3S", True, "meld", True, 15),  # black threes going out: 3 × 5
    (CANASTA, "3S 3C 3S 3C", True, "meld", True, 20),  # 4 × 5
    (FOOT, "2C 5S 5H", False, "meld", False, 30),  # 20 + 5 + 5: two naturals outnumber one
    (FOOT, "QS QH QD QC QS QH QD", False, "book", True, 70),  # clean book 7 × 10
    (FOOT, "QS QH QD QC JK 2C 2D", False, "book", False, 130),  # dirty 4 × 10 + 50 + 40
    (FOOT, "QS QH QD QC QS QH QD QC", False, "book", True, 80),  # books grow past seven
]


@pytest.mark.parametrize(("rules", "meld", "going_out", "kind", "natural", "points"), LEGAL)
def test_legal_melds(
    rules: CanastaRules, meld: str, going_out: bool, kind: str, natural: bool, points: int
) -> None:
    judged = judge_meld(rules, cards(meld), going_out)
    assert judged.problems == ()
    assert (judged.kind, judged.natural, judged.points) == (kind, natural, points)


ILLEGAL = [
    (CANASTA, "KS KH", False, ["too_few_cards"]),
    (CANASTA, "JK 2C 2D KS KH", False, ["wild_limit"]),
    (CANASTA, "JK 2C 2D 2H KS KH KD KC", False, ["too_many_wilds"]),
    (CANASTA, "KS KH 3H", False, ["red_three_in_meld"]),
    (CANASTA, "KS KH QD", False, ["mixed_ranks"]),
    (CANASTA, "JK JK 2C", False, ["wilds_only"]),
    (CANASTA, "3S 3C 3S", False, ["black_threes_not_going_out"]),
    (CANASTA, "3S 3C JK", True, ["black_threes_with_wilds"]),
    (FOOT, "3S 3C 3S", True, ["threes_in_meld"]),
    (FOOT, "JK 2C 5S 5H", False, ["wild_limit"]),  # 2 wilds to 2 naturals: not a majority
    (FOOT, "5S 5H 5D 3H", False, ["red_three_in_meld"]),
]


@pytest.mark.parametrize(("rules", "meld", "going_out", "codes"), ILLEGAL)
def test_refused_melds(rules: CanastaRules, meld: str, going_out: bool, codes: list[str]) -> None:
    judged = judge_meld(rules, cards(meld), going_out)
    assert [problem.code for problem in judged.problems] == codes
    assert not judged.ok and all(problem.text for problem in judged.problems)


def test_options_change_the_judging() -> None:
    # max_only: three wilds to two naturals is a meld (50 + 20 + 20 + 10 + 10 = 110)
    loose = with_options(CANASTA, {"wild_limit": "max_only"})
    assert judge_meld(loose, cards("JK 2C 2D KS KH")).points == 110
    strict = with_options(CANASTA, {"min_naturals": 3})
    assert [p.code for p in judge_meld(strict, cards("2C KS KH")).problems] == ["too_few_naturals"]


def test_wild_canastas_and_special_books() -> None:
    wilds = cards("JK JK 2C 2D 2H 2S 2C")  # 2 × 50 + 5 × 20 = 200
    assert next(p.code for p in judge_meld(CANASTA, wilds).problems) == "wilds_only"
    allowed = judge_meld(with_options(CANASTA, {"wild_canasta_bonus": 2000}), wilds)
    assert (allowed.ok, allowed.kind, allowed.points) == (True, "canasta", 200)
    book = judge_meld(with_options(FOOT, {"wild_book_bonus": 1500}), wilds)
    assert (book.ok, book.kind, book.special) == (True, "book", "wild")
    sevens = cards("7S 7H 7D 7C 7S 7H 7D")
    assert judge_meld(FOOT, sevens).special is None
    judged = judge_meld(with_options(FOOT, {"sevens_book_bonus": 1500}), sevens)
    assert (judged.special, judged.natural, judged.points) == ("sevens", True, 35)
