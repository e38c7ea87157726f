"""Gin Rummy (RULES.md, "Gin Rummy"; issue 29), the family ``gin``.

So far its pure part: :mod:`.melds` (melds and the least deadwood, searched exactly) and
:mod:`.hand` (one hand scored from the cards: layoffs, knock, undercut, gin, big gin, Oklahoma's
upcard, a dead hand). It is not registered in :data:`scorekeeper.systems.FAMILIES` yet: the
game (target, bonuses, shutout, Hollywood, partnership), its store, pages and JSON come next.
"""
