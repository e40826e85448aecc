"""Imports at the top, no hidden cycle, standard values (issue 36 item 5; docs/architecture.md, "Imports").

Every module of the package imports at its top, but for the heavy modules of the table in docs/architecture.md
(the one list: read here), each loaded by the first function that needs it. No gin_ref module imports one
that imports it back, however late (a cycle hidden behind an import inside a function), nor takes another
module's private names. ``gin_ref.core.frozen`` is gone: the values are the standard library's.

The table names, for each module loaded late, the modules that load it so: its pairs ``(module loaded,
importing module)``. An import inside a function that is not such a pair fails, and so does a pair that no
module imports late; ``benchmarks/record_counts.py`` counts the same pairs."""

import ast
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "gin_ref"
ARCHITECTURE = ROOT / "docs" / "architecture.md"


def late_pairs(text=None):
    """The pairs of the table under "## Imports" in docs/architecture.md: the row ``| `name` | `by.py`,
    `other.py` | ...`` gives ``(name, "by.py")`` and ``(name, "other.py")`` (an importing module as its path
    in gin_ref/)."""
    text = ARCHITECTURE.read_text(encoding="utf-8") if text is None else text
    section = text.split("\n## Imports\n", 1)[1].split("\n## ", 1)[0]
    return {(row.group(1), by) for row in re.finditer(r"^\| `([\w.]+)` \| ([^|]*)\|", section, re.MULTILINE)
            for by in re.findall(r"`([\w/]+\.py)`", row.group(2))}


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


def path_of(module):
    """A module's path in gin_ref/, as the table names it: ``cli/options.py``, ``__main__.py``."""
    return MODULES[module].relative_to(PACKAGE).as_posix()


def late_imports(module, tree, pairs):
    """``(line, the module it loads, the table's pair or None)`` of each import inside a function of
    ``module``: the pair ``(entry, this module's path)`` of the table whose entry the import loads."""
    rel = path_of(module)
    for line, names, inside in imports(module, tree):
        if inside:
            found = [(entry, by) for entry, by in sorted(pairs) if by == rel and any(listed(name, {entry}) for name in names)]
            yield line, names[-1], found[0] if found else None


def late_imports_against(module, tree, pairs):
    """Imports inside a function of ``module`` that are not a pair of the table (``line N: module``)."""
    return [f"line {line}: {name}" for line, name, pair in late_imports(module, tree, pairs) if pair is None]


def test_imports_stand_at_the_top_but_the_listed_late_ones():
    pairs = late_pairs()
    found = {module: late_imports_against(module, tree, pairs) for module, tree in TREES.items()}
    assert {module: wrong for module, wrong in found.items() if wrong} == {}, \
        "an import inside a function that docs/architecture.md's table of late imports does not list (move it " \
        "to the module's top, or add the module and its importer to the table with the reason and the cost)"


def test_every_pair_of_the_table_is_imported_late():
    pairs = late_pairs()
    used = {pair for module, tree in TREES.items() for _line, _name, pair in late_imports(module, tree, pairs)}
    assert sorted(pairs - used) == [], "a pair of the table that no module imports late: take it off"
    assert {"yaml", "tabulate", "openskill", "tempfile"} <= {entry for entry, _by in pairs}  # the table is read
    assert all((PACKAGE / by).is_file() for _entry, by in pairs)


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
    assert {module: names for module, names in found.items() if names} == {}


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


def test_no_import_cycle():
    """No cycle in the graph of imports, those inside functions counted: none is hidden behind a late one."""
    assert [sorted(part) for part in cycles(import_graph())] == []


def test_the_hidden_cycles_are_gone():
    graph = import_graph()
    # the command line's package loads its commands by name only, so they may import it (help, the session)
    assert not {"gin_ref.cli.help_cmd", "gin_ref.cli.session", "gin_ref.cli.status", "gin_ref.cli.play"} & graph["gin_ref.cli"]
    assert "gin_ref.cli" in graph["gin_ref.cli.help_cmd"]  # at its top now: no longer hidden
    assert "gin_ref.core.rules" not in graph["gin_ref.core.aces"] | graph["gin_ref.core.acesearch"]  # (never was)


def test_the_deadwood_family_imports_without_a_cycle():
    graph = import_graph()
    assert "gin_ref.core.acesearch" in graph["gin_ref.core.aces"]  # at the top now, no longer hidden
    assert not {"gin_ref.core.aces", "gin_ref.core.rules"} & graph["gin_ref.core.acesearch"]
    assert private_names("gin_ref.core.acesearch", TREES["gin_ref.core.acesearch"]) == []


def by_name_loads(tree):
    """Lines that load a module by name (``importlib.import_module(...)``, ``__import__(...)``)."""
    return [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Call)
            and (getattr(node.func, "attr", None) == "import_module" or getattr(node.func, "id", None) in
                 ("import_module", "__import__"))]


def test_only_the_group_loads_modules_by_name():
    """The command line's group loads a command's module by its name (docs/architecture.md, "Imports"):
    nothing else loads a module out of sight of the checks above."""
    found = {module: by_name_loads(tree) for module, tree in TREES.items()}
    assert {module: lines for module, lines in found.items() if lines} == {"gin_ref.cli": found["gin_ref.cli"]}
    assert len(found["gin_ref.cli"]) == 1
    assert by_name_loads(ast.parse("import importlib\nimportlib.import_module('x')\n__import__('y')\n")) == [2, 3]


def test_core_frozen_is_gone():
    assert "gin_ref.core.frozen" not in TREES  # the standard library's values took its place (#36 item 5)


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
        pairs = {("yaml", "core/example.py"), ("json", "core/other.py")}
        assert late_imports_against("gin_ref.core.example", tree, pairs) == [
            "line 8: json", "line 9: gin_ref.core.deadwood"]  # json: listed, but for another importer
        assert late_imports_against("gin_ref.core.example", tree, pairs | {("json", "core/example.py")}) == [
            "line 9: gin_ref.core.deadwood"]
        assert [pair for _line, _name, pair in late_imports("gin_ref.core.example", tree, pairs)] == [
            ("yaml", "core/example.py"), None, None]
        assert private_names("gin_ref.core.example", tree) == [
            "line 9: gin_ref.core.deadwood._least", "line 10: gin_ref.core.cards._tables"]
        assert module_of(("gin_ref.core.cards", "gin_ref.core")) == "gin_ref.core.cards"
        assert {module_of(names) for _line, names, _inside in imports("gin_ref.core.example", tree)} == {
            None, "gin_ref.core.cards", "gin_ref.core.deadwood"}  # not aces: the checker's alone
    finally:
        del MODULES["gin_ref.core.example"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]
    assert cycles({"a": {"b"}, "b": set()}) == []
    assert late_pairs("x\n## Imports\n| `yaml` | `files/y.py` | 9 M | z |\n| `a.b` | `p.py`, `q/r.py` | 1 M | |\n"
                      "## Other\n| `no` | `w.py` |\n") == {("yaml", "files/y.py"), ("a.b", "p.py"), ("a.b", "q/r.py")}
    assert listed("openskill.models", {"openskill"}) and not listed("openskillx", {"openskill"})
    assert listed("gin_ref.cli", {"gin_ref.cli"}) and not listed("gin_ref.cli.output", {"gin_ref.cli"})
