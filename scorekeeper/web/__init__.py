"""The pages: HTML over the wire with htmx, one blueprint (``bp``) per area.

- :mod:`.home`, :mod:`.games` (new game, the scorer's page, deal, finish, undo),
  :mod:`.rounds` (record and correct a round), :mod:`.board` (the watchers' live board),
  :mod:`.history` (the games across nights, stats, names merged, downloads), :mod:`.check`
  ("Is this legal?"), :mod:`.story` (a game's rules page and its story), :mod:`.health`;
- :mod:`.round_form`: the round form's fields ↔ the engine's round record, and its preview;
- :mod:`.game_form`: the new-game form;
- :mod:`.links`: a game reached by its link, the games this browser remembers, public URLs;
- request plumbing: :mod:`.csrf`, :mod:`.security` (headers, caching), :mod:`.limits` (rate
  limits), :mod:`.polls` (unchanged board polls answered before Flask), :mod:`.compress`,
  :mod:`.errors` (error pages); what pages draw: :mod:`.filters`, :mod:`.chart`, :mod:`.qr`,
  :mod:`.network` (the address phones reach).

May import: the engine, the store, and from ``api`` only :mod:`..api.errors` (an error under
/api/ or for a client that wants JSON is answered in JSON, by the one app-wide handler here).
"""
