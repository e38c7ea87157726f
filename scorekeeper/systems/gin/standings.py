"""A Gin game's standings from its rounds as the store caches them (what each player's hand
added: the winner's points, 0 for the rest), in the shared :class:`Standings` value. Pure
Python.

A hand's winner is the player whose entry scored: every hand won scores at least 1, since the
bonuses are at least 1 (:data:`.rules.GIN_OPTIONS`) and a knock wins by a positive difference.
In partnership gin a round holds two hands, and a side's hand points are its players'.

The end's bonuses (game, line, shutout; :mod:`.game`) go to the competitor's total; for a
side, onto its first seat, as the shared standings do. Hollywood's three games are the
standings' ``columns``; the match is over when all three are, and the higher sum wins.

>>> seats = [Seat("Ann"), Seat("Bob")]
>>> hands = [{"Ann": 30, "Bob": 0}, {"Ann": 0, "Bob": 20}, {"Ann": 0, "Bob": 0},
...          {"Ann": 75, "Bob": 0}]
>>> board = gin_standings(GinRules(), seats, [RoundResult(hand) for hand in hands])
>>> board.over, board.winners, board.totals, board.final_bonus, board.ended_after
(True, ['Ann'], {'Ann': 255, 'Bob': 45}, {'Ann': 150, 'Bob': 25}, 4)
>>> board.reason
'Ann won the game, 255 to 45'
>>> gin_standings(GinRules(), seats, [RoundResult(hand) for hand in hands[:2]]).reason
'Ann leads with 30 (70 to reach 100)'
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.standings import Column, RoundResult, Seat, Standings
from .game import Column as GameColumn
from .game import Won, columns, match_totals
from .rules import GinRules


def side_of(seats: Sequence[Seat]) -> dict[str, str]:
    """Each player's competitor: their side where the seats have sides, else themselves."""
    return {seat.name: seat.team or seat.name for seat in seats}


def hands_won(result: RoundResult, sides: dict[str, str]) -> list[Won]:
    """A round's hands as the game counts them: each that scored, won by its player's side;
    a round where nobody scored, one dead hand."""
    won = [Won(sides[name], points) for name, points in result.totals.items() if points > 0]
    return won or [Won(None, 0)]


def gin_standings(
    rules: GinRules, seats: Sequence[Seat], results: Sequence[RoundResult]
) -> Standings:
    """Where a Gin game (or Hollywood's match) stands after these rounds."""
    sides = side_of(seats)
    competitors = list(dict.fromkeys(sides.values()))
    games = columns(rules.game(), competitors, [hands_won(r, sides) for r in results])
    running: list[dict[str, int]] = []
    scored = {seat.name: 0 for seat in seats}
    for result in results:
        for name, points in result.totals.items():
            scored[name] += points
        running.append(dict(scored))
    hand_points = {c: sum(game.points[c] for game in games) for c in competitors}
    final = match_totals(games)
    bonus = {c: final[c] - hand_points[c] for c in competitors if final[c] != hand_points[c]}
    totals = dict(scored)
    first = {sides[seat.name]: seat.name for seat in reversed(seats)}
    with_sides = any(seat.team for seat in seats)
    for competitor in competitors:
        # a player's own hand points; what the side has beyond them (Hollywood's repeats, the
        # end's bonuses) goes onto its first seat
        own = sum(points for name, points in scored.items() if sides[name] == competitor)
        totals[first[competitor]] += final[competitor] - own
    over = all(game.over for game in games)
    winners = _winners(games, final) if over else []
    ended = [game.ended_after for game in games]
    return Standings(
        totals=totals,
        team_totals=final if with_sides else {},
        running=running,
        reached=_reached(rules, games),
        over=over,
        winners=winners,
        reason=_reason(rules, games, final, winners),
        final_bonus=bonus,
        settlement=[],
        deals_played=len(results),
        deals_left=None,
        side_of=sides,
        ended_after=max(e for e in ended if e is not None) if over and None not in ended else None,
        columns=tuple(
            Column(game.totals, game.over, [game.winner] if game.winner else []) for game in games
        )
        if rules.hollywood
        else (),
    )


def _game_words(number: int, game: GameColumn) -> str:
    """One of Hollywood's games in a few words: "game 2: Ann leads 23 to 0"."""
    if game.winner is not None:
        return f"game {number}: {game.winner} won"
    top = max(game.points.values())
    if top == 0:
        return f"game {number}: no hand won yet"
    leaders = [name for name, points in game.points.items() if points == top]
    rest = [points for name, points in game.points.items() if name not in leaders]
    if len(leaders) > 1 or not rest:
        return f"game {number}: {' and '.join(leaders)} level on {top}"
    return f"game {number}: {leaders[0]} leads {top} to {max(rest)}"


def _winners(games: Sequence[GameColumn], final: dict[str, int]) -> list[str]:
    if len(games) == 1:
        return [games[0].winner] if games[0].winner else []
    top = max(final.values())
    return [name for name, total in final.items() if total == top]


def _reached(rules: GinRules, games: Sequence[GameColumn]) -> list[str]:
    open_game = next((game for game in games if not game.over), games[-1])
    return [name for name, points in open_game.points.items() if points >= rules.target]


def _reason(
    rules: GinRules, games: Sequence[GameColumn], final: dict[str, int], winners: list[str]
) -> str:
    if len(games) > 1:
        if winners:
            if len(winners) > 1:
                return f"{' and '.join(winners)} tie the match on {final[winners[0]]}"
            rest = [total for name, total in final.items() if name != winners[0]]
            return f"{winners[0]} won the match, {final[winners[0]]} to {max(rest)}"
        said = "; ".join(_game_words(number, game) for number, game in enumerate(games, 1))
        return said[:1].upper() + said[1:]
    game = games[0]
    if game.winner is not None:
        rest = [total for name, total in game.totals.items() if name != game.winner]
        return f"{game.winner} won the game, {game.totals[game.winner]} to {max(rest)}"
    top = max(game.points.values())
    leaders = [name for name, points in game.points.items() if points == top]
    if top >= rules.target:
        return f"{' and '.join(leaders)} tie on {top}: the game plays on"
    if top == 0:
        return f"No hand won yet (first to {rules.target})"
    needed = f"({rules.target - top} to reach {rules.target})"
    if len(leaders) > 1:
        return f"{' and '.join(leaders)} lead with {top} {needed}"
    return f"{leaders[0]} leads with {top} {needed}"
