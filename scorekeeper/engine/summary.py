"""The rules in plain English: a list of short lines for the rules page.

>>> from .presets import get_preset
>>> for line in summarize(get_preset("rummy500").rules): print(line)
Sets and runs of 3 or more; aces low (A-2-3) or high (Q-K-A), not around the corner.
No wild cards.
Points: A 15, 2-10 face value, J-K 10 (a low ace 1).
Each player scores their table cards minus the cards left in hand.
First to 500 wins; several at once: the highest.
"""

from __future__ import annotations

from .cards import RANKS
from .rules import Rules


def _join(items: list[str]) -> str:
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)


def _melds(rules: Rules) -> str:
    kinds = {"sets_and_runs": "Sets and runs", "sets_only": "Sets only", "runs_only": "Runs only"}[
        rules.meld_kinds
    ]
    sizes = (
        f"of {rules.min_set} or more"
        if rules.min_set == rules.min_run or rules.meld_kinds != "sets_and_runs"
        else f"(sets of {rules.min_set}, runs of {rules.min_run} or more)"
    )
    if rules.meld_kinds == "runs_only":
        sizes = f"of {rules.min_run} or more"
    line = f"{kinds} {sizes}"
    if rules.meld_kinds != "sets_only":
        ace = (
            "aces high only (Q-K-A)"
            if rules.ace_high_only
            else "aces low only (A-2-3)"
            if rules.ace_position == "low_only"
            else "aces low (A-2-3) or high (Q-K-A)"
        )
        corner = (
            "around the corner (K-A-2) allowed"
            if rules.around_the_corner
            else "not around the corner"
        )
        line += f"; {ace}, {corner}"
    if rules.set_duplicates_allowed:
        line += "; identical cards may share a set"
    if rules.max_set is not None:
        line += f"; at most {rules.max_set} in a set"
    return line + "."


def _wilds(rules: Rules) -> list[str]:
    wild: list[str] = []
    if rules.jokers and rules.jokers_wild and not rules.dealer_joker:
        wild.append("jokers")
    wild += [f"{rank}s" for rank in rules.wild_ranks]
    wild += list(rules.wild_cards)
    if rules.round_wild == "dealer_upcard":
        wild.append("the dealer's upcard rank each round")
    elif rules.round_wild == "progression":
        wild.append("aces in round 1, twos in round 2 … kings in round 13")
    lines = []
    if rules.jokers and not rules.jokers_wild:
        lines.append("Jokers are not wild: they meld only as a set of jokers.")
    if rules.dealer_joker:
        lines.append(
            "Each round the dealer names the jokers' effect: wild, double a set "
            "(sealing it), or split the discard pile."
        )
    if not wild:
        lines.insert(0, "No wild cards.")
        return lines
    line = f"Wild: {_join(wild)}."
    limit = {
        "none": "",
        "naturals_majority": " More natural cards than wilds in every meld.",
        "one": " At most one wild in a meld.",
        "one_per_three": " At most one wild per three cards in a meld.",
    }[rules.wild_limit]
    line += limit
    if limit and rules.wild_as_itself == "wild":
        line += " A wild in its own place still counts as wild."
    if rules.wild_sets:
        line += " Wild cards alone may form a meld."
    line += {
        "lay_beside": " The real card may be laid beside its wild.",
        "swap": " The real card may be swapped for its wild.",
        "none": "",
    }[rules.real_card_for_wild]
    return [line, *lines]


def _aces_may_be_wild(rules: Rules) -> bool:
    """Whether some round may have a wild ace (a permanent one, or the round's wild rank)."""
    return (
        rules.round_wild != "none"
        or "A" in rules.wild_ranks
        or any(code.startswith("A") for code in rules.wild_cards)
    )


def _points(rules: Rules) -> str:
    face = [rank for rank in RANKS[1:10] if rules.rank_points(rank) == int(rank)]
    if len(face) < 3 or face != list(RANKS[RANKS.index(face[0]) : RANKS.index(face[-1]) + 1]):
        face = []  # "2-10 face value" reads better than "2 2, 3 3, 4 4 …", when it is a range
    groups: list[tuple[int, list[str]]] = []
    for rank, pts in zip(RANKS, rules.card_points, strict=True):
        if rank in face:
            if rank == face[0]:
                groups.append((-1, [f"{face[0]}-{face[-1]}"]))
        elif rank != "A" and groups and groups[-1][0] == pts and groups[-1][1][0] != "A":
            groups[-1][1].append(rank)
        else:
            groups.append((pts, [rank]))
    parts = [
        f"{ranks[0]} face value"
        if pts == -1
        else f"{ranks[0]}-{ranks[-1]} {pts}"
        if len(ranks) > 1
        else f"{ranks[0]} {pts}"
        for pts, ranks in groups
    ]
    line = "Points: " + ", ".join(parts)
    if (
        rules.ace_low_points is not None
        and rules.ace_low_points != rules.rank_points("A")
        and rules.meld_kinds != "sets_only"
        and not rules.ace_high_only
    ):
        line += f" (a low ace {rules.ace_low_points})"
    extras: list[str] = []
    if rules.jokers:
        extras.append(
            "jokers as the card they stand for"
            if rules.joker_points == "as_represented"
            else f"jokers {rules.joker_points}"
        )
    if rules.wild_points is not None:
        extras.append(f"wild cards {rules.wild_points}")
    if rules.wild_ace_points is not None:
        extras.append(f"a wild ace {rules.wild_ace_points}")
    elif rules.wild_points is not None and _aces_may_be_wild(rules):
        ace = rules.rank_points("A")
        extras.append(
            f"a wild ace {ace + rules.wild_points} (its own {ace} plus {rules.wild_points})"
        )
    extras += [f"{code} {pts}" for code, pts in rules.card_overrides]
    if rules.four_aces_points is not None:
        extras.append(f"four aces together {rules.four_aces_points}")
    if extras:
        line += "; " + ", ".join(extras)
    if rules.points_divisor != 1:
        line += f"; every score divided by {rules.points_divisor}"
    return line + "."


def _round(rules: Rules) -> list[str]:
    if rules.scoring == "melds_minus_hand":
        line = "Each player scores their table cards minus the cards left in hand."
    else:
        line = (
            "Each player scores their table cards; whoever goes out also scores every other hand."
        )
    lines = [line]
    bonuses = []
    if rules.going_out_bonus:
        bonuses.append(f"{rules.going_out_bonus} for going out")
    if rules.seven_card_straight_points:
        bonuses.append(f"{rules.seven_card_straight_points} for going out with a 7-card run")
    if bonuses:
        lines.append("Bonus: " + ", ".join(bonuses) + ".")
    if rules.rummy_call_points:
        lines.append(
            f"A card taken by a Rummy call counts {rules.rummy_call_points} "
            "instead of its own points."
        )
    if rules.double_four_laid_at_once:
        lines.append("Four of a kind laid down at once counts double.")
    if rules.stock_out != "hands_count":
        lines.append(
            {
                "hands_ignored": "If the stock runs out, hands count for nothing.",
                "opponent_remainder": "If the stock runs out, each side adds the other's hand.",
            }[rules.stock_out]
        )
    if rules.first_meld_minimum:
        lines.append(f"A player's first melding must total {rules.first_meld_minimum}.")
    if rules.final_layoffs:
        lines.append("After someone goes out, the others may lay off from their hands for nothing.")
    if not rules.going_out_requires_discard:
        lines.append("A player may go out without a last discard.")
    return lines


def _ending(rules: Rules) -> str:
    parts = []
    if rules.target is not None:
        verb = "reach" if rules.target_rule == "reach" else "pass"
        who = "side" if rules.partnership else "player"
        parts.append(
            f"first {who} to {verb} {rules.target} wins"
            if rules.target_rule == "exceed"
            else f"First to {rules.target} wins"
        )
        parts.append(
            "several at once: "
            + (
                "the one who went out, if there"
                if rules.same_deal_winner == "goer_if_at_target"
                else "the highest"
            )
        )
    if rules.deal_limit is not None:
        parts.append(f"the game ends after {rules.deal_limit} deals")
    if rules.tie_rule == "play_on":
        parts.append("a tie for first plays another deal")
    if rules.final_bonus_best:
        parts.append(f"{rules.final_bonus_best} to the side ahead at the end")
    if rules.settlement == "difference":
        parts.append("the winner wins the difference")
    line = "; ".join(parts) + "."
    return line[0].upper() + line[1:]


def _deal(rules: Rules) -> str:
    if rules.deal == "fixed":
        sizes = dict(rules.hand_size)
        two = f"{sizes['2']} cards each for two players, " if "2" in sizes else ""
        return f"Deal: {two}{sizes['other']} otherwise."
    face = "J Q K 10" if rules.upcard_face_cards == "ten" else "J 11, Q 12, K 13"
    count = "more" if rules.upcard_count == "additional" else "in all"
    line = (
        f"Deal: a face-up first card sets how many {count} each player gets "
        f"({face}, A {rules.upcard_ace})"
    )
    if rules.upcard_min_rank:
        line += f"; upcards below {rules.upcard_min_rank} are dealt again"
    if _has_permanent_wilds(rules):
        line += (
            "; a wild upcard is dealt again"
            if rules.upcard_wild_cards is None
            else f"; a wild upcard gets {rules.upcard_wild_cards} {count}"
        )
    return line + "."


def _has_permanent_wilds(rules: Rules) -> bool:
    """Whether some card is wild in every round (jokers in play and wild, wild ranks or cards)."""
    return bool((rules.jokers and rules.jokers_wild) or rules.wild_ranks or rules.wild_cards)


def summarize(rules: Rules) -> list[str]:
    """Short lines that say what these rules are, most important first."""
    lines = [_melds(rules)]
    if rules.layoff_requires_own_meld:
        lines.append("A player lays off only after melding.")
    if rules.omit_ranks:
        lines.insert(0, f"Without {' '.join(rules.omit_ranks)}s.")
    if rules.partnership:
        lines.insert(0, "Two sides of partners; a side scores the sum of its players.")
    lines += _wilds(rules)
    lines.append(_points(rules))
    lines += _round(rules)
    lines.append(_ending(rules))
    if rules.deal == "upcard" or rules.hand_size != Rules().hand_size:
        lines.append(_deal(rules))
    if rules.dealer_rotation != "left":
        lines.append(
            {"right": "The deal passes to the right.", "winner": "The round's winner deals next."}[
                rules.dealer_rotation
            ]
        )
    return lines
