"""Imports at the top, no hidden cycle, standard values (issue 36 item 5; docs/architecture.md, "Imports").

Every module of the package imports at its top, but for the heavy modules of the table in docs/architecture.md
(the one list: read here), each loaded by the first function that needs it. No gin_ref module imports one
that imports it back, however late (a cycle hidden behind an import inside a function), nor takes another
module's private names. ``gin_ref.core.frozen`` is gone from every module but those still being rewritten.

The ``PENDING_*`` lists name what folders rewritten in the same round (match/ by #36's record, cli/ and serve/
by #37's desk) still do: the lead empties them after merging those branches. They only shrink: a module
listed that no longer needs its place fails the test, so the list says what is left."""

import ast
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "gin_ref"
ARCHITECTURE = ROOT / "docs" / "architecture.md"

# Modules that still import inside functions other than the late modules of the table.
PENDING_LATE = {
    "gin_ref.cli", "gin_ref.cli.club_cmds", "gin_ref.cli.help_cmd",
    "gin_ref.cli.history_cmds", "gin_ref.cli.knock_args", "gin_ref.cli.options", "gin_ref.cli.output",
    "gin_ref.cli.play", "gin_ref.cli.serve_cmd", "gin_ref.cli.session", "gin_ref.cli.status",
    "gin_ref.cli.tally_cmd", "gin_ref.cli.terminal",
    "gin_ref.serve.board", "gin_ref.serve.cards", "gin_ref.serve.director", "gin_ref.serve.events",
    "gin_ref.serve.folder", "gin_ref.serve.limits", "gin_ref.serve.server", "gin_ref.serve.sheet",
    "gin_ref.serve.state", "gin_ref.serve.table", "gin_ref.serve.tablelive",
    "gin_ref.match.names", "gin_ref.files.matchfile",
}
# Modules that still take another module's private names.
PENDING_PRIVATE = set()  # (none left since the desk, #37)
# Import cycles still there (each the set of its modules): serve's board -> director -> cards -> server, and
# one in the command line.
PENDING_CYCLES = [
    {"gin_ref.serve.board", "gin_ref.serve.cards", "gin_ref.serve.director", "gin_ref.serve.server"},
    {"gin_ref.cli", "gin_ref.cli.help_cmd"},
]
# Modules that still derive values from gin_ref.core.frozen (which goes when this is empty).
PENDING_FROZEN = {"gin_ref.match.actions", "gin_ref.match.knocks", "gin_ref.match.rulings", "gin_ref.match.state",
                  "gin_ref.match.stepdata", "gin_ref.match.steps", "gin_ref.match.tally"}


def late_modules(text=None):
    """The modules of the table under "## Imports" in docs/architecture.md: ``| `name` | ...``."""
    text = ARCHITECTURE.read_text(encoding="utf-8") if text is None else text
    section = text.split("\n## Imports\n", 1)[1].split("\n## ", 1)[0]
    return {match.group(1) for match in re.finditer(r"^\| `([\w.]+)` \|", section, re.MULTILINE)}


def module_name(path):
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}
TREES = {name: ast.parse(path.read_text(encoding="utf-8"), filename=str(path)) for name, path in MODULES.items()}


def _is_type_checking(node):
    test = node.test
    return getattr(test, "id", None) == "TYPE_CHECKING" or getattr(test, "attr", None) == "TYPE_CHECKING"


def imports(module, tree):
    """``(line, names it may load, inside a function)`` of each import statement that runs (not those under
    ``if TYPE_CHECKING:``). ``from X import a`` may load ``X.a`` (a module) or ``X``: both are given."""
    package = module.split(".") if MODULES[module].name == "__init__.py" else module.split(".")[:-1]

    def walk(node, inside):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for other in child.orelse:
                    yield from walk_one(other, inside)
                continue
            yield from walk_one(child, inside)

    def walk_one(node, inside):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, (alias.name,), inside
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[:len(package) - node.level + 1] + ([base] if base else []))
            for alias in node.names:
                yield node.lineno, (f"{base}.{alias.name}", base), inside
        yield from walk(node, inside or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    yield from walk(tree, False)


def listed(name, late):
    """Is ``name`` one of ``late``, or a module of a package (not gin_ref's) that is?"""
    parts = name.split(".")
    return name in late or parts[0] != "gin_ref" and any(".".join(parts[:end]) in late for end in range(1, len(parts)))


def late_imports_against(module, tree, late):
    """Imports inside a function of ``module`` that load a module not in ``late``."""
    return [f"line {line}: {names[-1]}" for line, names, inside in imports(module, tree)
            if inside and not any(listed(name, late) for name in names)]


def test_imports_stand_at_the_top_but_the_listed_late_ones():
    late = late_modules()
    found = {module: late_imports_against(module, tree, late) for module, tree in TREES.items()}
    assert {module: wrong for module, wrong in found.items() if wrong and module not in PENDING_LATE} == {}
    assert sorted(module for module in PENDING_LATE if not found.get(module)) == [], \
        "listed as pending but imports only at the top (or gone): take it off PENDING_LATE"


def test_every_late_module_of_the_table_is_imported_late_somewhere():
    late = late_modules()
    used = {name for module, tree in TREES.items() for _line, names, inside in imports(module, tree) if inside
            for name in names}
    assert sorted(entry for entry in late if not any(listed(name, {entry}) for name in used)) == []
    assert {"yaml", "tabulate", "openskill", "tempfile"} <= late  # the table is read


def module_of(names):
    """The gin_ref module an import loads: ``X.a`` if it is a module, else ``X``."""
    for name in names:
        if name in MODULES:
            return name
    return None


def private_names(module, tree):
    """``from gin_ref.X import _name`` (``_name`` not a module), and ``alias._name`` on a gin_ref module
    imported as ``alias``."""
    found, aliases = [], {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = module_of([node.module or ""]) if not node.level else None
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                if full in MODULES:
                    aliases[alias.asname or alias.name] = full
                elif base and base != module and alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append(f"line {node.lineno}: {base}.{alias.name}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in MODULES and alias.asname:
                    aliases[alias.asname] = alias.name
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases \
                and node.attr.startswith("_") and not node.attr.startswith("__") and aliases[node.value.id] != module:
            found.append(f"line {node.lineno}: {aliases[node.value.id]}.{node.attr}")
    return found


def test_no_module_takes_another_modules_private_names():
    found = {module: private_names(module, tree) for module, tree in TREES.items()}
    assert {module: names for module, names in found.items() if names and module not in PENDING_PRIVATE} == {}
    assert sorted(module for module in PENDING_PRIVATE if not found.get(module)) == []


def import_graph():
    """module -> the gin_ref modules its imports load (at the top or inside a function; not for the type
    checker alone)."""
    graph = {}
    for module, tree in TREES.items():
        targets = {module_of(names) for _line, names, _inside in imports(module, tree)}
        graph[module] = {target for target in targets if target and target != module}
    return graph


def cycles(graph):
    """The strongly connected parts of ``graph`` with more than one module (Tarjan's algorithm)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            part = set()
            while True:
                top = stack.pop()
                on_stack.discard(top)
                part.add(top)
                if top == node:
                    break
            if len(part) > 1:
                found.append(part)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_cycle_but_the_pending_ones():
    found = cycles(import_graph())
    assert [sorted(part) for part in found if part not in PENDING_CYCLES] == []
    assert [sorted(part) for part in PENDING_CYCLES if part not in found] == [], "a pending cycle is gone: unlist it"


def test_the_deadwood_family_imports_without_a_cycle():
    graph = import_graph()
    assert "gin_ref.core.acesearch" in graph["gin_ref.core.aces"]  # at the top now, no longer hidden
    assert not {"gin_ref.core.aces", "gin_ref.core.rules"} & graph["gin_ref.core.acesearch"]
    assert private_names("gin_ref.core.acesearch", TREES["gin_ref.core.acesearch"]) == []


def test_no_module_but_the_pending_ones_uses_core_frozen():
    users = {module for module, tree in TREES.items() for _line, names, _inside in imports(module, tree)
             if "gin_ref.core.frozen" in names}
    assert sorted(users - PENDING_FROZEN) == []
    assert sorted(PENDING_FROZEN - users) == [], "no longer uses core.frozen: take it off PENDING_FROZEN"


@pytest.mark.parametrize("path", ["gin_ref.core.rules:HouseRules", "gin_ref.core.scoring:HandScore",
                                  "gin_ref.core.scoring:Showdown", "gin_ref.core.turns:Turn", "gin_ref.core.game:Owed",
                                  "gin_ref.core.layoffs:Layoff", "gin_ref.views.sheet:SheetLine",
                                  "gin_ref.views.sheet:Sheet"])
def test_the_values_are_named_tuples_with_real_annotations(path):
    module, name = path.split(":")
    cls = getattr(importlib.import_module(module), name)
    assert issubclass(cls, tuple) and hasattr(cls, "_fields") and cls.__mro__[1] is tuple
    assert not any(isinstance(kind, str) for kind in cls.__annotations__.values()), \
        "a string annotation costs a NamedTuple a compile (typing.ForwardRef): no 'from __future__ import annotations'"


def test_the_checks_can_fail():
    tree = ast.parse("import os\nfrom gin_ref.core import cards\nfrom typing import TYPE_CHECKING\n"
                     "if TYPE_CHECKING:\n    from gin_ref.core.aces import Aces\n"
                     "def f():\n    import yaml\n    import json\n    from gin_ref.core.deadwood import _least\n"
                     "    return cards._tables, cards.DECK\n")
    MODULES["gin_ref.core.example"] = PACKAGE / "core" / "example.py"
    try:
        assert late_imports_against("gin_ref.core.example", tree, {"yaml"}) == [
            "line 8: json", "line 9: gin_ref.core.deadwood"]
        assert private_names("gin_ref.core.example", tree) == [
            "line 9: gin_ref.core.deadwood._least", "line 10: gin_ref.core.cards._tables"]
        assert module_of(("gin_ref.core.cards", "gin_ref.core")) == "gin_ref.core.cards"
        assert {module_of(names) for _line, names, _inside in imports("gin_ref.core.example", tree)} == {
            None, "gin_ref.core.cards", "gin_ref.core.deadwood"}  # not aces: the checker's alone
    finally:
        del MODULES["gin_ref.core.example"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]
    assert cycles({"a": {"b"}, "b": set()}) == []
    assert late_modules("x\n## Imports\n| `yaml` | y |\n| `a.b` | z |\n## Other\n| `no` | w |\n") == {"yaml", "a.b"}
    assert listed("openskill.models", {"openskill"}) and not listed("openskillx", {"openskill"})
    assert listed("gin_ref.cli", {"gin_ref.cli"}) and not listed("gin_ref.cli.output", {"gin_ref.cli"})
