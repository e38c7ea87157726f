"""The store: games, rounds and their log in the database (SQLite by default, PostgreSQL via
``DATABASE_URL``).

- :mod:`.db`: the ``db`` extension, the naming convention and the migrations (``migrations/``);
- :mod:`.models`: the tables, typed (``Mapped[...]``);
- :mod:`.records`: stored rounds ↔ the engine's round records; the one place that asks the
  engine to score a round, and every write to a game. It gathers :mod:`.reading` (stored rounds
  read back), :mod:`.checking` (a round checked against its game) and :mod:`.writing` (the
  writes);
- :mod:`.changes`: each write in its own transaction, versioned and logged;
- :mod:`.history`: the log read back, and undo;
- :mod:`.access`: a game's two links, and replacing one;
- :mod:`.scoreboard`: the board of a game (standings, rows, the round in play) as one value,
  rendered as HTML by ``web`` and as JSON by ``api``;
- across games: :mod:`.people` (a person known by name, names merged), :mod:`.stats` (outcomes,
  each person's figures, head to head, from the caches), :mod:`.export` (every game as one JSON
  document and back, a game as CSV, a copy of the SQLite database).

May import: the engine, Flask-SQLAlchemy. Never ``web`` or ``api``, never the request.
"""
