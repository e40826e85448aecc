"""The line between the rules core and its adapters (STYLE.md): the core imports only the standard library
and its own lower modules, never click, tabulate, yaml or an adapter, and it never prints, reads or exits."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "gin_ref"
CORE = ["errors", "cards", "melds", "deadwood", "rules", "knock", "layoffs", "scoring"]
CORE_IF_PRESENT = ["turns", "hand", "game", "header", "handplay", "replay", "tally", "match", "report"]
MODULES = CORE + [name for name in CORE_IF_PRESENT if (PACKAGE / f"{name}.py").exists()]

FORBIDDEN_PACKAGES = {"click", "tabulate", "yaml"}
FORBIDDEN_MODULES = {"gin_ref.cli", "gin_ref.config", "gin_ref.record"}
FORBIDDEN_CALLS = {"print", "input", "exit", "quit", "breakpoint", "open"}
FORBIDDEN_ATTRIBUTES = {("sys", "exit"), ("os", "_exit"), ("sys", "stdout"), ("sys", "stderr"), ("sys", "stdin")}


def tree_of(name):
    path = PACKAGE / f"{name}.py"
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def imported_modules(tree):
    """Every module an import statement names, made absolute (``from . import cli`` -> gin_ref.cli)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = "gin_ref" + ("." + base if base else "")
            yield node.lineno, base
            for alias in node.names:
                yield node.lineno, f"{base}.{alias.name}"
        elif isinstance(node, ast.Call):  # importlib.import_module("click"), __import__("yaml")
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            if name in ("import_module", "__import__") and node.args and isinstance(node.args[0], ast.Constant):
                yield node.lineno, str(node.args[0].value)


def forbidden(module):
    top = module.split(".")[0]
    return top in FORBIDDEN_PACKAGES or any(module == m or module.startswith(m + ".") for m in FORBIDDEN_MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_core_module_imports_no_adapter(name):
    bad = [f"line {line}: {module}" for line, module in imported_modules(tree_of(name)) if forbidden(module)]
    assert bad == [], f"gin_ref/{name}.py imports an adapter"


def io_uses(tree):
    """Calls of print/input/open/exit and uses of sys.exit, os._exit, sys.stdout and the like."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FORBIDDEN_CALLS:
            yield f"line {node.lineno}: {node.func.id}()"
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                (node.value.id, node.attr) in FORBIDDEN_ATTRIBUTES:
            yield f"line {node.lineno}: {node.value.id}.{node.attr}"


@pytest.mark.parametrize("name", MODULES)
def test_core_module_never_prints_reads_or_exits(name):
    assert list(io_uses(tree_of(name))) == [], f"gin_ref/{name}.py does I/O or exits"


def test_the_checks_can_fail():
    tree = ast.parse("import click\nfrom .cli import main\nfrom . import config\nimport yaml as y\n"
                     "from gin_ref.record import read\nimportlib.import_module('tabulate')\nimport json\n")
    assert [m for _, m in imported_modules(tree) if forbidden(m)] == [
        "click", "gin_ref.cli", "gin_ref.cli.main", "gin_ref.config", "yaml", "gin_ref.record",
        "gin_ref.record.read", "tabulate"]
    assert not forbidden("gin_ref.cards") and not forbidden("clickhouse") and not forbidden("gin_ref.records")
    tree = ast.parse("print('x')\nsys.exit(1)\nwith open('f') as f:\n    pass\nsys.stdout.write('x')\nlen('x')\n")
    assert list(io_uses(tree)) == ["line 1: print()", "line 2: sys.exit", "line 3: open()", "line 5: sys.stdout"]


def test_every_core_module_is_checked():
    assert all((PACKAGE / f"{name}.py").exists() for name in CORE)
