"""Gin Rummy (RULES.md, "Gin Rummy"; issue 29), the family ``gin``.

So far its pure part: :mod:`.melds` (melds and the least deadwood, searched exactly),
:mod:`.hand` (one hand scored from the cards: layoffs, knock, undercut, gin, big gin, Oklahoma's
upcard, a dead hand) and :mod:`.game` (the race to the target, the game, line and shutout
bonuses, Hollywood's three games, partnership's sides), :mod:`.rules` (its options and presets,
stored as every family's are) and :mod:`.round` (a round as the table records it, scored into
each player's entry). It is not registered in :data:`scorekeeper.systems.FAMILIES` yet: its
store, pages and JSON come next.
"""
