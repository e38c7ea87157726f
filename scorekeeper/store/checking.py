"""A round (or a game's entries) checked against the game before anything is stored: the players
seated, the sides the game's, and the engine's score of the round under the game's rules.

A round on its way in is checked once per request: :func:`check_round` gives a
:class:`CheckedRound` (the record as the game stores it, and the engine's score of it), which the
view previews or answers with, and which :mod:`.writing` stores without scoring it again. A round
with problems is refused when stored (:class:`RoundRefused`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.scoring import PlayerRecord, RoundRecord, RoundScore, score_round
from .models import Game, Player
from .reading import RecordError, game_rules, game_teams


class RoundRefused(RecordError):
    """The engine finds the round impossible as recorded; ``score.problems`` says why."""

    def __init__(self, score: RoundScore) -> None:
        super().__init__(" ".join(score.problems))
        self.score = score


@dataclass(frozen=True)
class CheckedRound:
    """A round checked against a game: ``record`` as the game stores it (each player's side as
    ``team``) and the engine's ``score`` of it under the game's rules. Made only by
    :func:`check_round`, so the two always belong together."""

    record: RoundRecord
    score: RoundScore

    @property
    def ok(self) -> bool:
        """Whether the round can be stored (the engine finds no problem)."""
        return self.score.ok


def for_game(game: Game, record: RoundRecord) -> RoundRecord:
    """The record as the game stores it (each player's side as ``team``), or a RecordError."""
    teams = game_teams(game, game_rules(game))
    names = [player.name for player in record.players]
    if not names:
        raise RecordError("a round needs at least one player")
    for problem, who in (
        ("is not seated in this game", {n for n in names if n not in teams}),
        ("is named more than once", {n for n in names if names.count(n) > 1}),
        ("is opening but not in the round", record.opening - set(names)),
    ):
        if who:
            raise RecordError(f"{', '.join(sorted(who))} {problem}")
    for player in record.players:
        if player.team is not None and player.team != teams[player.name]:
            raise RecordError(
                f"{player.name} plays for {teams[player.name] or 'no side'} in "
                f"this game, not {player.team}"
            )
        for layoff in player.layoffs:
            if layoff.player not in names:
                raise RecordError(
                    f"{player.name} laid off onto {layoff.player}, who is not in the round"
                )
    players = tuple(
        PlayerRecord(
            p.name,
            teams[p.name],
            p.went_out,
            p.melds,
            p.layoffs,
            p.hand,
            p.called,
            p.melded_points,
            p.hand_points,
        )
        for p in record.players
    )
    return RoundRecord(
        players, record.ended_by, record.wild_rank, record.joker_effect, record.opening
    )


def check_round(game: Game, record: RoundRecord) -> CheckedRound:
    """The round as the game stores it and its score under the game's rules: the engine scores
    it here, once; a RecordError for a round that does not fit the game (a player not seated)."""
    stored = for_game(game, record)
    return CheckedRound(stored, score_round(game_rules(game), stored))


def score_record(game: Game, record: RoundRecord) -> RoundScore:
    """A round's score under the game's rules and sides, before (or without) storing it."""
    return check_round(game, record).score


def seated_player(game: Game, name: str | None, refused: type[Exception]) -> Player | None:
    """The game's player named ``name`` (None for None); a ``refused`` error for a name not
    seated in the game."""
    if name is None:
        return None
    player = next((p for p in game.players if p.name == name), None)
    if player is None:
        raise refused(f"{name} is not seated in this game")
    return player


def in_seat_order(
    game: Game, names: Sequence[str], refused: type[Exception], *, everyone: str | None = None
) -> list[str]:
    """The names a round's entries give, in the game's seat order; a ``refused`` error for a
    player not seated or named twice, and for a player left out when ``everyone`` says what a
    round needs of each ("a hand needs every player's entry").

    A family whose rounds leave players out (a pool's players out) passes no ``everyone``."""
    seated = [player.name for player in game.players]
    strangers = sorted({name for name in names if name not in seated})
    if strangers:
        raise refused(f"{', '.join(strangers)} is not seated in this game")
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise refused(f"{', '.join(twice)} is named more than once")
    missing = [name for name in seated if name not in names]
    if missing and everyone is not None:
        raise refused(f"{everyone}: {', '.join(missing)}")
    return [name for name in seated if name in names]
