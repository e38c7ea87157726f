"""Canasta and Hand and Foot (RULES.md, "Canasta (family `canasta`)" and "Hand and Foot (family
`handfoot`)"): scored per side, from totals, counts or melds; one folder, since the two share
their card points and melds. Not registered yet: this is the pure part.

The pure part, no Flask and no database, each module doctested:

* :mod:`.rules`: both families' options, the seven presets, the packs, the next minimum first
  meld (by score for Canasta, by round for Hand and Foot);
* :mod:`.melds`: card points and one same-rank meld judged (meld, canasta or book; natural or
  mixed, clean or dirty; special books), with the reasons for a refusal;
* :mod:`.hand`: one side's hand (or round) score from any of the three entry forms, and a whole
  round at once (going out, stock out, red threes, penalties, cutthroat's columns);
* :mod:`.game`: the game over hands or rounds: running totals, next minimums, the end, the
  winners and the settlement.
"""
