"""Who can open a game: its two links, and replacing one.

A scorer whose link was shared too widely makes a new one; the old link then opens nothing
(the watchers' link likewise: old boards stop updating). Each replacement is a change in the
game's log (``relinked``, with the role), never undone: a retired link stays retired.
"""

from __future__ import annotations

from typing import Literal

from .changes import Logged, commit
from .models import Game, new_token

Role = Literal["scorer", "watcher"]


def replace_link(game: Game, role: Role, *, expected_version: int | None = None) -> str:
    """Give the game a new ``role`` link (the old token is retired); the new token."""
    token = new_token()

    def change() -> Logged:
        if role == "scorer":
            game.scorer_token = token
        else:
            game.watcher_token = token
        return Logged("relinked", before={"role": role})

    commit(game, expected_version, change)
    return token
