"""Alembic's environment, run by Flask-Migrate: the app's engine and the models' metadata.

``render_as_batch`` (set in scorekeeper.store.db) lets ALTERs work on SQLite by copying tables.
"""

from __future__ import annotations

from typing import Any

from alembic import context
from flask import current_app

from scorekeeper.store.db import db
from scorekeeper.store.models import UTCDateTime


def _options() -> dict[str, Any]:
    options: dict[str, Any] = dict(current_app.extensions["migrate"].configure_args)
    options.setdefault("process_revision_directives", _skip_empty)
    options.setdefault("render_item", _render_item)
    return options


def _render_item(kind: str, item: Any, autogen_context: Any) -> str | bool:
    """Migrations name plain SQLAlchemy types, never the app's own (they must not import it)."""
    if kind == "type" and isinstance(item, UTCDateTime):
        return "sa.DateTime()"
    return False


def _skip_empty(migration_context: Any, revision: Any, directives: list[Any]) -> None:
    """``flask db migrate`` with no change to the models writes no empty revision."""
    cmd_opts = getattr(context.config, "cmd_opts", None)
    if getattr(cmd_opts, "autogenerate", False) and directives[0].upgrade_ops.is_empty():
        directives[:] = []
        print("No changes to the models: no revision written.")


def run_offline() -> None:
    """``flask db upgrade --sql``: print the SQL instead of running it."""
    url = db.engine.url.render_as_string(hide_password=False)
    context.configure(url=url, target_metadata=db.metadata, literal_binds=True, **_options())
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    with db.engine.connect() as connection:
        context.configure(connection=connection, target_metadata=db.metadata, **_options())
        with context.begin_transaction():
            context.run_migrations()


if context.is_offline_mode():
    run_offline()
else:
    run_online()
