"""Score one round from what is on the table, under every scoring option of RULES.md.

A round record holds each player by cards (melds, layoffs, hand) or by totals; the result has a
breakdown per player (lines a player can check against the cards), side totals, ``problems`` (the
round is impossible as recorded) and ``warnings`` (house-rule matters the table may overrule).
Beside the prose, the result carries what a screen needs to read without parsing it: a code per
problem (``problem_codes``, :data:`PROBLEM_CODES`) and where each player's hand went
(``PlayerScore.hand_counts``, :data:`HAND_COUNTS`).

>>> from .presets import rules_for
>>> ann = PlayerRecord("Ann", went_out=True, melds=(meld("3C 3D 3S"), meld("5D 6D 7D")),
...                    layoffs=(LayoffRecord("Bob", 0, parse_cards(["9S"])),))
>>> bob = PlayerRecord("Bob", melds=(meld("6S 7S 8S"),), hand=parse_cards(["KH", "2C"]))
>>> cy = PlayerRecord("Cy", melded_points=40, hand_points=25)
>>> result = score_round(rules_for("rummy500"), RoundRecord((ann, bob, cy)))
>>> [(p.name, p.melded, p.in_hand, p.total) for p in result.players]
[('Ann', 36, 0, 36), ('Bob', 21, 12, 9), ('Cy', 40, 25, 15)]
>>> result.players[0].lines
('3C 3D 3S set 9', '5D 6D 7D run 18', "9S laid off on Bob's 6S 7S 8S 9")
>>> result.players[1].hand_counts, result.players[1].in_hand
('against', 12)
>>> nobody = score_round(rules_for("rummy500"), RoundRecord((bob,)))
>>> nobody.problem_codes, nobody.problems
(('nobody_out',), ('The round ended by going out, but nobody is marked as out.',))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .cards import Card, format_cards, parse_cards
from .deck import overused
from .meld_scoring import _Problems, _score_table, _Tally
from .points import Context, card_points, divide
from .rounds import (
    HAND_COUNTS,
    PROBLEM_CODES,
    HandCounts,
    LayoffRecord,
    MeldRecord,
    PlayerRecord,
    PlayerScore,
    RoundRecord,
    RoundScore,
    TeamScore,
    meld,
)
from .rules import Rules

__all__ = [
    "HAND_COUNTS",
    "PROBLEM_CODES",
    "HandCounts",
    "LayoffRecord",
    "MeldRecord",
    "PlayerRecord",
    "PlayerScore",
    "RoundRecord",
    "RoundScore",
    "TeamScore",
    "meld",
    "parse_cards",
    "score_round",
]


def _structure_problems(record: RoundRecord, problems: _Problems) -> None:
    names = [player.name for player in record.players]
    for name, count in Counter(names).items():
        if count > 1:
            problems.add("named_twice", f"{name} is named {count} times.")
    out = [player.name for player in record.players if player.went_out]
    if record.ended_by == "going_out" and not out:
        problems.add("nobody_out", "The round ended by going out, but nobody is marked as out.")
    elif record.ended_by == "going_out" and len(out) > 1:
        problems.add(
            "several_out", f"Only one player can go out; {' and '.join(out)} are marked out."
        )
    elif record.ended_by == "stock_out" and out:
        problems.add(
            "out_at_stock_out",
            f"The stock ran out, so nobody went out; {', '.join(out)} is marked out.",
        )
    elif record.ended_by not in ("going_out", "stock_out"):
        problems.add(
            "bad_ending", f"A round ends by going_out or stock_out, not {record.ended_by!r}."
        )
    for player in record.players:
        if player.went_out and (player.hand or (player.hand_points or 0) > 0):
            problems.add("out_with_cards", f"{player.name} went out but still holds cards.")
        if player.by_totals and ((player.melded_points or 0) < 0 or (player.hand_points or 0) < 0):
            problems.add("negative_totals", f"{player.name}'s totals cannot be negative.")


def score_round(rules: Rules, record: RoundRecord) -> RoundScore:
    """Score one round as recorded; problems and warnings never stop the arithmetic."""
    players = record.players
    packs = rules.packs(len(players))
    ctx = Context(rules, record.wild_rank, record.joker_effect, packs)
    problems = _Problems()
    _structure_problems(record, problems)
    warnings: list[str] = []
    every_card = [card for p in players if not p.by_totals for card in (*p.table_cards(), *p.hand)]
    for problem in overused(every_card, rules, packs):
        problems.add("overused", problem)
    if rules.round_wild != "none" and record.wild_rank is None:
        warnings.append("No wild rank is recorded for this round (round_wild).")
    if rules.dealer_joker and record.joker_effect is None:
        warnings.append("The dealer's joker effect is not recorded; jokers count as wild.")

    tallies = {player.name: _Tally() for player in players}
    _score_table(rules, ctx, players, tallies, problems, warnings)
    goer = next((p.name for p in players if p.went_out), None)
    if record.ended_by != "going_out":
        goer = None
    for player in players:
        tally = tallies[player.name]
        if player.by_totals:
            tally.melded += player.melded_points or 0
            tally.hand_points = player.hand_points or 0
            tally.lines.append(f"counted on the table {player.melded_points or 0}")
        else:
            tally.hand_points = sum(card_points(ctx, card) for card in player.hand)
        _rummy_calls(rules, player, tally, warnings)
    _settle_hands(rules, record, goer, tallies)
    if goer is not None and rules.going_out_bonus:
        bonus = divide(rules.going_out_bonus, rules.points_divisor)
        tallies[goer].bonus += bonus
        tallies[goer].lines.append(f"going out +{bonus}")
    if goer is not None and rules.seven_card_straight_points:
        _seven_card_straight(rules, goer, tallies[goer])
    _opening_warnings(rules, record, tallies, warnings)

    scores = tuple(
        PlayerScore(
            p.name,
            p.team,
            t.melded,
            t.in_hand,
            t.bonus,
            t.melded - t.in_hand + t.bonus,
            tuple(t.lines),
            t.hand_points,
            p.went_out and p.name == goer,
            tuple(t.verdicts),
            tuple(t.meld_points),
            tuple(t.layoff_verdicts.get(i) for i in range(len(p.layoffs))),
            t.hand_counts,
        )
        for p, t in ((p, tallies[p.name]) for p in players)
    )
    return RoundScore(
        scores, _teams(scores), tuple(problems), tuple(warnings), tuple(problems.codes)
    )


def _rummy_calls(rules: Rules, player: PlayerRecord, tally: _Tally, warnings: list[str]) -> None:
    """A card taken by calling "Rummy!" counts ``rummy_call_points`` instead of its own points
    (where it lies: in one of the caller's melds or layoffs): the difference goes to the bonus."""
    call = divide(rules.rummy_call_points, rules.points_divisor)
    if not player.called or not rules.rummy_call_points:
        return
    counted: list[tuple[Card, int]] = []
    for verdict in tally.verdicts:
        counted += [(r.card, r.points if verdict.legal else 0) for r in verdict.readings]
    for number, layoff in enumerate(player.layoffs):
        laid = tally.layoff_verdicts.get(number)
        if laid is None:
            continue
        counted += [
            (r.card, 0 if layoff.final or not laid.legal else r.points)
            for r in laid.readings[laid.added_from :]
        ]
    for card in player.called:
        at = next((i for i, (laid, _) in enumerate(counted) if laid == card), None)
        if at is None:
            warnings.append(
                f"{player.name}'s Rummy call {card} is not in {player.name}'s melds or layoffs; "
                "it counts nothing extra."
            )
            continue
        own = counted.pop(at)[1]
        tally.bonus += call - own
        tally.lines.append(f"Rummy call {card} {call} instead of {own}")


def _settle_hands(
    rules: Rules, record: RoundRecord, goer: str | None, tallies: dict[str, _Tally]
) -> None:
    """What the cards left in hand do: count against their holder, go to the goer, or nothing."""
    players = record.players
    mode: str = rules.scoring  # or, at a stock-out, "ignored" or "opponents"
    if goer is None:
        mode = {"hands_count": mode, "hands_ignored": "ignored", "opponent_remainder": "opponents"}[
            rules.stock_out
        ]
    sides: dict[str, list[str]] = {}
    for player in players:
        sides.setdefault(player.team or player.name, []).append(player.name)
    if mode == "opponents" and len(sides) != 2:
        mode = "ignored"  # with more than two sides, as hands_ignored (RULES.md)
    for player in players:
        tally = tallies[player.name]
        hand = "counted" if player.by_totals else format_cards(player.hand)
        if not tally.hand_points:
            continue
        if mode == "melds_minus_hand":
            tally.in_hand = tally.hand_points
            tally.hand_counts = "against"
            tally.lines.append(f"in hand {hand} -{tally.hand_points}")
        elif mode == "melds_plus_hands_to_goer" and goer is not None and player.name != goer:
            tallies[goer].bonus += tally.hand_points
            tallies[goer].lines.append(f"{player.name}'s hand +{tally.hand_points}")
            tally.hand_counts = "to_goer"
            tally.lines.append(f"in hand {hand} {tally.hand_points}, to {goer}")
        else:
            tally.hand_counts = "not_counted"
            tally.lines.append(f"in hand {hand} {tally.hand_points}, not counted")
    if mode == "opponents":
        first, second = sides.values()
        for side, other in ((first, second), (second, first)):
            collected = sum(tallies[name].hand_points for name in other)
            if collected:  # a side's takings go to its first seated player
                tallies[side[0]].bonus += collected
                tallies[side[0]].lines.append(f"opponents' hands +{collected}")


def _seven_card_straight(rules: Rules, goer: str, tally: _Tally) -> None:
    if any(v.legal and v.kind == "run" and len(v.readings) >= 7 for v in tally.verdicts):
        prize = divide(rules.seven_card_straight_points, rules.points_divisor)
        tally.bonus = prize - (tally.melded - tally.in_hand)
        tally.lines.append(f"went out with a 7-card run: {prize} instead of the round's score")


def _opening_warnings(
    rules: Rules, record: RoundRecord, tallies: dict[str, _Tally], warnings: list[str]
) -> None:
    if not rules.first_meld_minimum:
        return
    minimum = divide(rules.first_meld_minimum, rules.points_divisor)
    for player in record.players:
        if player.name in record.opening and player.melds:
            melded = sum(v.points for v in tallies[player.name].verdicts)
            if melded < minimum:
                warnings.append(
                    f"{player.name}'s first melding totals {melded}, under the "
                    f"{minimum} these rules ask for (first_meld_minimum)."
                )


def _teams(scores: Sequence[PlayerScore]) -> tuple[TeamScore, ...]:
    teams: dict[str, list[PlayerScore]] = {}
    for score in scores:
        if score.team is not None:
            teams.setdefault(score.team, []).append(score)
    return tuple(
        TeamScore(
            team,
            sum(p.melded for p in members),
            sum(p.in_hand for p in members),
            sum(p.bonus for p in members),
            sum(p.total for p in members),
        )
        for team, members in teams.items()
    )
