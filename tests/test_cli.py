"""The ``scorekeeper`` command: one click group on Flask's CLI (serve, db, shell, routes)."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskCliRunner

from scorekeeper import cli
from scorekeeper.store.db import db
from scorekeeper.web import network

TABLES = {"game", "player", "round", "round_part", "game_change"}


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """What ``waitress.serve`` was called with (no server is started)."""
    import waitress

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(
        waitress, "serve", lambda app, **kwargs: calls.append(dict(kwargs, app=app))
    )
    monkeypatch.setattr(network, "lan_address", lambda: "192.168.1.20")
    monkeypatch.delenv("PUBLIC_BASE_URL", raising=False)
    # serve tunes the interpreter for the server; keep this process as it is
    monkeypatch.setattr(sys, "setswitchinterval", lambda seconds: calls.append({"switch": seconds}))
    monkeypatch.setattr(gc, "freeze", lambda: calls.append({"freeze": True}))
    return calls


@pytest.fixture
def fresh_instance(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The command's own app (``create_app()``) with a new, empty instance folder."""
    instance = tmp_path / "inst"
    monkeypatch.setattr(Flask, "auto_find_instance_path", lambda self: str(instance))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("SECRET_KEY", "test")  # no secret_key file: the folder is not there yet
    return instance


def tables_in(app: Flask) -> set[str]:
    with app.app_context():
        return set(sa.inspect(db.engine).get_table_names())


def test_serve_help_lists_the_options(runner: FlaskCliRunner) -> None:
    result = runner.invoke(cli.cli, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--threads", "--household"):
        assert option in result.output
    assert "default: 0.0.0.0" in result.output
    assert "default: 8000" in result.output
    assert "default: 16" in result.output


def test_the_group_lists_serve_and_the_apps_db_commands(runner: FlaskCliRunner) -> None:
    result = runner.invoke(cli.cli, ["--help"])
    assert result.exit_code == 0
    commands = result.output.split("Commands:")[1]
    names = {line.split()[0] for line in commands.splitlines() if line.strip()}
    assert names >= {"serve", "db", "shell", "routes"}
    assert "run" not in names  # Flask's development server is not how the app runs
    assert "--app" not in result.output  # the command has one app


@pytest.mark.db
def test_db_upgrade_makes_the_tables(empty_app: Flask) -> None:
    assert not TABLES & tables_in(empty_app)
    result = empty_app.test_cli_runner(env={"FLASK_RUN_FROM_CLI": None}).invoke(
        cli.cli, ["db", "upgrade"]
    )
    assert result.exit_code == 0, result.output
    assert tables_in(empty_app) >= TABLES


def test_db_upgrade_on_a_fresh_install(fresh_instance: Path) -> None:
    """The command's own app: the instance folder and its SQLite file are made."""
    result = CliRunner(env={"FLASK_RUN_FROM_CLI": None}).invoke(cli.cli, ["db", "upgrade"])
    assert result.exit_code == 0, result.output
    engine = sa.create_engine(f"sqlite:///{fresh_instance / 'scorekeeper.sqlite3'}")
    assert set(sa.inspect(engine).get_table_names()) >= TABLES
    engine.dispose()


@pytest.mark.parametrize(
    ("args", "host", "port", "threads"),
    [
        ([], "0.0.0.0", 8000, 16),
        (["--host", "127.0.0.1", "--port", "8123", "--threads", "4"], "127.0.0.1", 8123, 4),
    ],
)
def test_serve_runs_waitress(
    runner: FlaskCliRunner,
    app: Flask,
    served: list[dict[str, Any]],
    args: list[str],
    host: str,
    port: int,
    threads: int,
) -> None:
    result = runner.invoke(cli.cli, ["serve", *args])
    assert result.exit_code == 0, result.output
    switch, freeze, call = served
    assert switch == {"switch": 0.001} and freeze == {"freeze": True}
    assert call["app"] is app
    assert (call["host"], call["port"], call["threads"]) == (host, port, threads)
    assert call["connection_limit"] == cli.CONNECTION_LIMIT and call["asyncore_use_poll"]
    if host == "0.0.0.0":
        assert f"Phones on the same Wi-Fi should open: http://192.168.1.20:{port}/" in result.output
    else:
        assert "Listening on 127.0.0.1 only" in result.output


def test_serve_without_a_network_address(
    runner: FlaskCliRunner, served: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(network, "lan_address", lambda: None)
    result = runner.invoke(cli.cli, ["serve", "--port", "8124"])
    assert result.exit_code == 0, result.output
    assert "http://<this machine's address>:8124/" in result.output


def test_serve_makes_the_database_of_a_fresh_install(
    fresh_instance: Path, served: list[dict[str, Any]]
) -> None:
    result = CliRunner(env={"FLASK_RUN_FROM_CLI": None}).invoke(cli.cli, ["serve"])
    assert result.exit_code == 0, result.output
    assert tables_in(served[-1]["app"]) >= TABLES
    assert (fresh_instance / "scorekeeper.sqlite3").is_file()


def test_main_is_the_console_script(
    fresh_instance: Path, served: list[dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    """``[project.scripts] scorekeeper = "scorekeeper.cli:main"``: it runs the group and exits."""
    with pytest.raises(SystemExit) as stop:
        cli.main(["serve", "--port", "8125"])
    assert stop.value.code == 0
    assert served[-1]["port"] == 8125
    assert "http://192.168.1.20:8125/" in capsys.readouterr().out
    with pytest.raises(SystemExit) as stop:
        cli.main(["serve", "--port", "0"])
    assert stop.value.code == 2


@pytest.mark.parametrize(
    "args",
    [
        ["serve", "--port", "eighty"],
        ["serve", "--port", "70000"],
        ["serve", "--threads", "0"],
        ["serve", "--no-such-option"],
        ["serve", "extra"],
        ["no-such-command"],
    ],
)
def test_a_bad_command_line_is_a_usage_error(
    runner: FlaskCliRunner, served: list[dict[str, Any]], args: list[str]
) -> None:
    result = runner.invoke(cli.cli, args)
    assert result.exit_code == 2
    assert "Usage:" in result.output and "Error:" in result.output
    assert "Traceback" not in result.output
    assert served == []


def test_python_dash_m(tmp_path: Path) -> None:
    """``python -m scorekeeper`` is the same command."""
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "serve", "--help"],
        capture_output=True,
        text=True,
        env={**os.environ, "SECRET_KEY": "test"},
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "python -m scorekeeper serve" in done.stdout and "--threads" in done.stdout


def test_the_group_has_export_import_and_backup(runner: FlaskCliRunner) -> None:
    result = runner.invoke(cli.cli, ["--help"])
    commands = result.output.split("Commands:")[1]
    names = {line.split()[0] for line in commands.splitlines() if line.strip()}
    assert names >= {"export", "import", "backup"}
    for command, words in (
        ("export", "FILE"),
        ("import", "--skip-existing"),
        ("backup", "--overwrite"),
    ):
        answer = runner.invoke(cli.cli, [command, "--help"])
        assert answer.exit_code == 0 and words in answer.output


@pytest.mark.db
def test_import_into_a_new_instance_makes_its_tables(fresh_instance: Path, tmp_path: Path) -> None:
    """A new machine: `scorekeeper import` on an instance folder with no database yet."""
    document = tmp_path / "games.json"
    document.write_text('{"scorekeeper_export": 1, "games": [], "aliases": []}', encoding="utf-8")
    result = CliRunner().invoke(cli.cli, ["import", str(document)])
    assert result.exit_code == 0, result.output
    assert "Imported 0 games (0 rounds)" in result.output
    engine = sa.create_engine(f"sqlite:///{fresh_instance / 'scorekeeper.sqlite3'}")
    try:
        assert set(sa.inspect(engine).get_table_names()) >= TABLES | {"player_alias"}
    finally:
        engine.dispose()
