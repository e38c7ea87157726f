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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from .cards import Card, format_cards, parse_cards
from .deck import overused
from .melds import (
    StandingMeld,
    Verdict,
    check_meld,
    layoff_readings,
    layoff_refusal,
    meld_readings,
)
from .points import Context, card_points, divide
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


#: What a player's hand did (``PlayerScore.hand_counts``): counted against them, went to the
#: player who went out, or counted for nobody.
HandCounts = Literal["against", "to_goer", "not_counted"]
HAND_COUNTS: tuple[HandCounts, ...] = ("against", "to_goer", "not_counted")

#: The code of each kind of problem (``RoundScore.problem_codes``, one per problem, in order).
PROBLEM_CODES = (
    "named_twice",  # a player named more than once
    "nobody_out",  # ended by going out, nobody marked out
    "several_out",  # more than one player marked out
    "out_at_stock_out",  # the stock ran out, yet someone is marked out
    "bad_ending",  # neither going_out nor stock_out
    "out_with_cards",  # went out but still holds cards
    "negative_totals",  # totals below zero
    "overused",  # more copies of a card than the packs hold
    "no_such_meld",  # a layoff onto a meld (or a player) that is not there
    "late_layoff",  # a final layoff under rules without final_layoffs
    "illegal_meld",  # a meld that is not legal
    "not_doubled",  # marked doubled, but the dealer did not nominate double
    "doubled_not_set",  # only a set can be doubled
    "sealed",  # a layoff onto a set sealed by the dealer's joker
    "layoff_refused",  # a layoff that does not fit its meld
)


@dataclass(frozen=True)
class MeldRecord:
    cards: tuple[Card, ...]
    laid_at_once: bool = False  # Persian: a four of a kind laid down in one go counts double
    doubled: bool = False  # Dealer's Gambit: the dealer's joker doubled and sealed this set
    #: Per card, the card a wild was declared as (``JK=5C``), or None: undeclared.
    declared: tuple[Card | None, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(self.cards))
        object.__setattr__(self, "declared", tuple(self.declared))

    def fixed(self) -> dict[int, Card]:
        """The declared readings by position, as :func:`.melds.check_meld` takes them."""
        return {i: card for i, card in enumerate(self.declared) if card is not None}


def meld(codes: str, *, laid_at_once: bool = False, doubled: bool = False) -> MeldRecord:
    """A meld from codes separated by spaces: ``meld("3C 3D 3S")``; ``JK=5C`` declares what a
    wild stands for."""
    pairs = [code.partition("=") for code in codes.split()]
    cards = tuple(parse_cards(card for card, _, _ in pairs))
    declared = tuple(Card.from_code(reading) if reading else None for _, _, reading in pairs)
    if not any(declared):
        declared = ()
    return MeldRecord(cards, laid_at_once, doubled, declared)


@dataclass(frozen=True)
class LayoffRecord:
    """Cards laid off onto meld number ``meld`` of player ``player``."""

    player: str
    meld: int
    cards: tuple[Card, ...]
    final: bool = False  # laid off after someone went out (final_layoffs): worth nothing
    #: Per card, the card a wild was declared as (``JK=5C``), or None: undeclared.
    declared: tuple[Card | None, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(self.cards))
        object.__setattr__(self, "declared", tuple(self.declared))

    def fixed(self) -> dict[int, Card]:
        """The declared readings by position, as :func:`.melds.check_meld` takes them."""
        return {i: card for i, card in enumerate(self.declared) if card is not None}


@dataclass(frozen=True)
class PlayerRecord:
    """One player's part of a round: by cards, or by totals when ``melded_points`` is set."""

    name: str
    team: str | None = None
    went_out: bool = False
    melds: tuple[MeldRecord, ...] = ()
    layoffs: tuple[LayoffRecord, ...] = ()
    hand: tuple[Card, ...] = ()
    called: tuple[Card, ...] = ()  # cards taken by calling "Rummy!" (marked "9S!")
    melded_points: int | None = None
    hand_points: int | None = None

    def __post_init__(self) -> None:
        for name in ("melds", "layoffs", "hand", "called"):
            object.__setattr__(self, name, tuple(getattr(self, name)))

    @property
    def by_totals(self) -> bool:
        return self.melded_points is not None or self.hand_points is not None

    def table_cards(self) -> list[Card]:
        cards = [card for m in self.melds for card in m.cards]
        return cards + [card for layoff in self.layoffs for card in layoff.cards]


@dataclass(frozen=True)
class RoundRecord:
    players: tuple[PlayerRecord, ...]
    ended_by: str = "going_out"  # or "stock_out"
    wild_rank: str | None = None
    joker_effect: str | None = None  # Dealer's Gambit: wild, double or split
    opening: frozenset[str] = frozenset()  # players melding for the first time in the game


@dataclass(frozen=True)
class PlayerScore:
    name: str
    team: str | None
    melded: int
    in_hand: int  # the points that count against the player (0 when hands do not count)
    bonus: int
    total: int  # melded - in_hand + bonus: what the round adds to the player's score
    lines: tuple[str, ...]
    hand_points: int = 0  # what the cards left in hand are worth, whoever they count for
    went_out: bool = False
    verdicts: tuple[Verdict, ...] = ()  # one per meld, with its layoffs
    meld_points: tuple[int, ...] = ()  # one per meld, as counted (doubled, four aces, at once)
    #: One per layoff: its cards checked onto the meld as the layoffs before them left it (the
    #: points those of the laid-off cards); None where there is no such meld.
    layoff_verdicts: tuple[Verdict | None, ...] = ()
    #: Where ``hand_points`` went (:data:`HAND_COUNTS`); None when the hand is worth nothing.
    hand_counts: HandCounts | None = None


@dataclass(frozen=True)
class TeamScore:
    team: str
    melded: int
    in_hand: int
    bonus: int
    total: int


@dataclass(frozen=True)
class RoundScore:
    players: tuple[PlayerScore, ...]
    teams: tuple[TeamScore, ...]
    problems: tuple[str, ...]
    warnings: tuple[str, ...]
    #: One code per problem, in order (:data:`PROBLEM_CODES`).
    problem_codes: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.problems

    def totals(self) -> dict[str, int]:
        return {player.name: player.total for player in self.players}


@dataclass
class _Tally:
    """One player's running account while the round is scored."""

    melded: int = 0
    in_hand: int = 0
    bonus: int = 0
    hand_points: int = 0
    lines: list[str] = field(default_factory=list)
    verdicts: list[Verdict] = field(default_factory=list)
    meld_points: list[int] = field(default_factory=list)
    layoff_verdicts: dict[int, Verdict] = field(default_factory=dict)  # by layoff index
    hand_counts: HandCounts | None = None


class _Problems(list[str]):
    """The problems found so far, each with its code (:data:`PROBLEM_CODES`)."""

    def __init__(self) -> None:
        super().__init__()
        self.codes: list[str] = []

    def add(self, code: str, text: str) -> None:
        assert code in PROBLEM_CODES, code
        self.append(text)
        self.codes.append(code)


def _shown(verdict: Verdict, readings: Iterable[int] | None = None) -> str:
    """Cards as laid, with what each wild stands for: ``8S 6H(9S) 10S``."""
    chosen = verdict.readings if readings is None else [verdict.readings[i] for i in readings]
    return " ".join(
        f"{r.card}({r.as_card})" if r.card != r.as_card else r.card.code() for r in chosen
    )


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


def _score_table(
    rules: Rules,
    ctx: Context,
    players: Sequence[PlayerRecord],
    tallies: dict[str, _Tally],
    problems: _Problems,
    warnings: list[str],
) -> None:
    """Melds and layoffs: every meld with its layoffs must stay one legal meld."""
    by_name = {player.name: player for player in players}
    layoffs_onto: dict[tuple[str, int], list[tuple[PlayerRecord, int, LayoffRecord]]] = {}
    for player in players:
        if player.by_totals:
            continue
        if (
            player.layoffs
            and not player.melds
            and rules.layoff_requires_own_meld
            and any(not layoff.final for layoff in player.layoffs)
        ):
            warnings.append(
                f"{player.name} laid off without a meld of their own (layoff_requires_own_meld)."
            )
        for number, layoff in enumerate(player.layoffs):
            target = by_name.get(layoff.player)
            if target is None or target.by_totals or not 0 <= layoff.meld < len(target.melds):
                where = (
                    f"{layoff.player} has no meld {layoff.meld + 1}"
                    if target
                    else f"there is no player {layoff.player!r}"
                )
                problems.add(
                    "no_such_meld",
                    f"{player.name} laid off {format_cards(layoff.cards)}, but {where}.",
                )
                continue
            if layoff.final and not rules.final_layoffs:
                problems.add(
                    "late_layoff",
                    f"{player.name} laid off {format_cards(layoff.cards)} after the "
                    "round ended, which these rules do not allow (final_layoffs).",
                )
            layoffs_onto.setdefault((layoff.player, layoff.meld), []).append(
                (player, number, layoff)
            )

    for owner in players:
        if owner.by_totals:
            continue
        for index, record in enumerate(owner.melds):
            extra = layoffs_onto.get((owner.name, index), [])
            _score_meld(rules, ctx, owner, record, extra, tallies, problems, warnings)


def _score_meld(
    rules: Rules,
    ctx: Context,
    owner: PlayerRecord,
    record: MeldRecord,
    layoffs: list[tuple[PlayerRecord, int, LayoffRecord]],
    tallies: dict[str, _Tally],
    problems: _Problems,
    warnings: list[str],
) -> None:
    tally = tallies[owner.name]
    cards = record.cards
    if record.doubled:  # the dealer's joker lies on the set as a marker: it is not part of it
        cards = tuple(card for card in cards if not card.is_joker)
    verdict, laid, reread = _read_meld(ctx, record, cards, [layoff for _, _, layoff in layoffs])
    if reread:
        verdict = replace(
            verdict, notes=(*verdict.notes, "Read so that the layoffs onto it stand.")
        )
    tally.verdicts.append(verdict)
    shown = _shown(verdict)
    if not verdict.legal:
        problems.add(
            "illegal_meld",
            f"{owner.name}'s {format_cards(record.cards)} is not a legal meld: "
            + " ".join(verdict.reasons),
        )
    points = verdict.points
    note = ""
    if record.doubled:
        if ctx.joker_effect != "double":
            problems.add(
                "not_doubled",
                f"{owner.name}'s {shown} is marked doubled, but the dealer did not "
                "nominate double for the jokers this round.",
            )
        elif verdict.kind != "set":
            problems.add(
                "doubled_not_set",
                f"{owner.name}'s {shown}: only a set can be doubled by the dealer's joker.",
            )
        else:
            points *= 2
            note = " doubled by the dealer's joker"
        if layoffs:
            problems.add(
                "sealed",
                f"{owner.name}'s {shown} was sealed by the dealer's joker and takes no layoffs.",
            )
    aces = [r for r in verdict.readings if r.card.rank == "A" and not r.wild]
    if rules.four_aces_points is not None and verdict.kind == "set" and len(aces) >= 4:
        four = divide(rules.four_aces_points, rules.points_divisor)
        points += four - sum(r.points for r in aces[:4])
        note += " (four aces)"
    if record.laid_at_once and rules.double_four_laid_at_once:
        if verdict.kind in ("set", "joker_set") and len(cards) == 4:
            points *= 2
            note += " laid down at once, doubled"
        else:
            warnings.append(
                f"{owner.name}'s {shown} is marked laid down at once, but only a "
                "four of a kind counts double (double_four_laid_at_once)."
            )
    tally.melded += points
    tally.meld_points.append(points)
    if reread:
        note += " (read so that the layoffs onto it stand)"
    tally.lines.append(f"{shown} {verdict.kind or 'not a meld'} {points}{note}")

    for (layer, number, layoff), added in zip(layoffs, laid, strict=True):
        mine = "their own" if layer.name == owner.name else f"{owner.name}'s"
        tallies[layer.name].layoff_verdicts[number] = added
        shown_laid = _shown(added, range(added.added_from, len(added.readings)))
        if not added.legal:
            said = added.reasons[1:] or added.reasons
            problems.add(
                "layoff_refused",
                f"{layer.name} cannot lay off {format_cards(layoff.cards)} on "
                f"{mine} {shown}: " + " ".join(said),
            )
        if layoff.final:
            tallies[layer.name].lines.append(
                f"{shown_laid} laid off on {mine} {shown} after the round ended 0"
            )
            continue
        tallies[layer.name].melded += added.points
        tallies[layer.name].lines.append(f"{shown_laid} laid off on {mine} {shown} {added.points}")


@dataclass(frozen=True)
class _Step:
    """One way the meld and its layoffs so far can lie: a link back to the step before."""

    standing: StandingMeld
    value: tuple[int, int, int, int]  # (-layoffs refused, points, -meld reading, -later readings)
    verdict: Verdict | None  # this step's verdict: the meld's, a layoff's, None when refused
    before: _Step | None = None


#: How many ways a meld may lie that are followed at once (in practice a handful).
_MOST_WAYS = 64


def _read_meld(
    ctx: Context,
    record: MeldRecord,
    cards: tuple[Card, ...],
    layoffs: Sequence[LayoffRecord],
) -> tuple[Verdict, list[Verdict], bool]:
    """The meld's verdict and each layoff's, under one reading of the meld's wilds.

    Undeclared wilds read as the reading that lets the meld and every layoff onto it stand, in
    record order (each layoff checked with the readings before it kept), most points among
    those; a layoff that fits no way is refused and the later ones are checked without it. The
    flag says whether that reading differs from the one the meld alone would take.
    """
    declared = record.fixed() if not record.doubled else {}
    starts = meld_readings(cards, ctx, declared)
    if not starts:
        verdict = check_meld(cards, ctx, fixed=declared)
        standing: tuple[Card, ...] = cards
        laid = []
        for layoff in layoffs:
            added = check_meld(layoff.cards, ctx, standing, _shifted(layoff, len(standing)))
            if added.legal:
                standing += layoff.cards
            laid.append(added)
        return verdict, laid, False
    ways: dict[object, _Step] = {}
    for rank, (verdict, after) in enumerate(starts):
        _keep(ways, _Step(after, (0, verdict.points, -rank, 0), verdict))
    known: dict[object, tuple[tuple[Verdict, StandingMeld], ...]] = {}
    # A layoff of the same cards onto the same meld is read once (a record may repeat one).
    alike: dict[object, int] = {}
    kinds = [alike.setdefault((lo.cards, lo.declared), n) for n, lo in enumerate(layoffs)]
    for kind, layoff in zip(kinds, layoffs, strict=True):
        following: dict[object, _Step] = {}
        for step in ways.values():
            refused, points, first, later = step.value
            key = (step.standing.key, kind)
            if key not in known:
                known[key] = layoff_readings(step.standing, layoff.cards, ctx, layoff.fixed())
            options = known[key]
            if not options:
                _keep(
                    following, _Step(step.standing, (refused - 1, points, first, later), None, step)
                )
            for rank, (verdict, after) in enumerate(options):
                gained = 0 if layoff.final else verdict.points
                value = (refused, points + gained, first, later - rank)
                _keep(following, _Step(after, value, verdict, step))
        ways = dict(sorted(following.items(), key=lambda item: item[1].value)[-_MOST_WAYS:])
    best: _Step | None = max(ways.values(), key=lambda step: step.value)
    chain: list[_Step] = []
    while best is not None:
        chain.append(best)
        best = best.before
    chain.reverse()
    meld_verdict = chain[0].verdict
    assert meld_verdict is not None
    laid = []
    refusals: dict[object, Verdict] = {}
    for before, step, layoff, kind in zip(chain[:-1], chain[1:], layoffs, kinds, strict=True):
        if step.verdict is not None:
            laid.append(step.verdict)
            continue
        key = (before.standing.key, kind)
        if key not in refusals:
            refusals[key] = layoff_refusal(before.standing, layoff.cards, ctx, layoff.fixed())
        laid.append(refusals[key])
    return meld_verdict, laid, chain[0].value[2] != 0


def _keep(ways: dict[object, _Step], step: _Step) -> None:
    key = step.standing.key
    if key not in ways or ways[key].value < step.value:
        ways[key] = step


def _shifted(layoff: LayoffRecord, offset: int) -> dict[int, Card]:
    return {offset + i: card for i, card in layoff.fixed().items()}


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
