"""The engine's package root: its public API in one import, and nothing imported from outside."""

import ast
import inspect
import sys
from pathlib import Path

import scorekeeper.engine as engine
from scorekeeper.engine import arrange as arrange_module_or_function
from scorekeeper.engine import melds, rules

ENGINE = Path(engine.__file__).parent


def test_every_exported_name_is_the_modules_own() -> None:
    assert len(engine.__all__) == len(set(engine.__all__))
    for name in engine.__all__:
        value = getattr(engine, name)
        if inspect.isclass(value) or inspect.isfunction(value):
            assert value.__module__.startswith("scorekeeper.engine."), name
    assert engine.Rules is rules.Rules and engine.check_meld is melds.check_meld
    assert engine.JOKER_EFFECTS is rules.JOKER_EFFECTS
    assert arrange_module_or_function is engine.arrange and callable(engine.arrange)


def test_the_engine_imports_nothing_outside_itself() -> None:
    outside = set()
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top not in sys.stdlib_module_names and top != "__future__":
                    outside.add(f"{path.relative_to(ENGINE)}: {name}")
    assert not outside
