"""The melds and layoffs on the table, scored: part of :func:`~.scoring.score_round`.

Every meld with its layoffs must stay one legal meld, each wild keeping the reading it was melded
with (RULES.md). So a meld is read in each way it can stand (:func:`~.melds.meld_readings`), its
layoffs followed one by one onto it in each way they can lie (:func:`~.melds.layoff_readings`),
and the way that refuses fewest layoffs and scores most is kept (:func:`_read_meld`); a meld read
otherwise than the referee alone would read it says so. Doubled sets, four aces and a four laid
at once are counted here too. Each player's running account (:class:`_Tally`) and the round's
problems with their codes (:class:`_Problems`) are shared with the rest of the scoring.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from .cards import Card, format_cards
from .melds import StandingMeld, Verdict, check_meld, layoff_readings, layoff_refusal, meld_readings
from .points import Context, divide
from .rounds import PROBLEM_CODES, HandCounts, LayoffRecord, MeldRecord, PlayerRecord
from .rules import Rules


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
