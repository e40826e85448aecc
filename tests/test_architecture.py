"""The layers of gin_ref, checked by folder (STYLE.md): imports point down (cli -> files, views -> match ->
core). The core, the match layer and the views import only the standard library and their own or lower
layers, never click, tabulate, yaml or an adapter, and they never print, read or exit. Every module of the
package is found by walking its folders, so one added outside the known folders fails the test.
Where an import stands (at the top of its module, but for the documented list of modules loaded on first use),
import cycles and private names are checked over every folder in tests/test_imports.py."""

import ast
from functools import lru_cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "gin_ref"
# Each layer may import itself and the layers named for it; nothing else of gin_ref.
LAYERS = {
    "core": {"core"},
    "match": {"match", "core"},
    "club": {"club", "match", "core"},
    "views": {"views", "club", "match", "core"},
    "files": {"files", "club", "match", "core"},
    "desk": {"desk", "files", "views", "club", "match", "core"},  # the application layer, under both fronts
    "api": {"api", "desk", "files", "core"},  # gin_ref/api.py: the library face
    "cli": {"cli", "serve", "desk", "files", "views", "club", "match", "core"},  # serve: loaded only when it runs;
    # the narrower rule for cli (the desk, the views, card notation) is below: CLI_MAY_IMPORT, NOT_YET
    "serve": {"serve", "desk", "files", "views", "club", "match", "core"},  # the server: beside cli, never importing it
}
# The language settled (#38: gettext of the catalogue, the standard library only) is read by every layer that
# says words to people, though it sits in the desk: the views' words go through it too.
LANGUAGE = "gin_ref.desk.language"
SAYS_WORDS = {"views"}
TOP_LEVEL = {"__init__", "__main__"}
PURE = {"core", "match", "club", "views"}  # no I/O and no adapter packages

# Packages a pure layer may not import: the views may lay out a table with tabulate, nothing lower may.
FORBIDDEN_PACKAGES = {
    "core": {"click", "tabulate", "yaml", "prompt_toolkit"},
    "match": {"click", "tabulate", "yaml", "prompt_toolkit"},
    "club": {"click", "tabulate", "yaml", "prompt_toolkit"},
    "views": {"click", "yaml", "prompt_toolkit"},
    "serve": {"click", "tabulate", "prompt_toolkit"},
    "desk": {"click", "tabulate", "prompt_toolkit"},
    "api": {"click", "tabulate", "prompt_toolkit"},
}
# The web stack (the serve extra) is the serve layer's alone: the command line loads it only when 'serve' runs.
WEB = {"starlette", "uvicorn", "h11", "httpx", "segno", "multipart"}
for _layer in LAYERS:
    if _layer != "serve":
        FORBIDDEN_PACKAGES[_layer] = FORBIDDEN_PACKAGES.get(_layer, set()) | WEB
FORBIDDEN_CALLS = {"print", "input", "exit", "quit", "breakpoint", "open"}
FORBIDDEN_ATTRIBUTES = {("sys", "exit"), ("os", "_exit"), ("sys", "stdout"), ("sys", "stderr"), ("sys", "stdin")}


def layer_of(rel):
    """The layer of a module path relative to the package, 'top' for __init__/__main__, None if unknown."""
    parts = rel.with_suffix("").parts
    if len(parts) == 1:
        return "top" if parts[0] in TOP_LEVEL else "api" if parts[0] == "api" else None
    return parts[0] if len(parts) == 2 and parts[0] in LAYERS else None


def all_modules():
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        yield str(rel), layer_of(rel)


MODULES = list(all_modules())
LAYERED = [(rel, layer) for rel, layer in MODULES if layer in LAYERS]


@lru_cache(maxsize=None)  # each module parsed once for all its checks (the checks only read the tree)
def tree_of(rel):
    path = PACKAGE / rel
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
        elif isinstance(node, ast.Call):  # importlib.import_module("click"), __import__("yaml")
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            if name in ("import_module", "__import__") and node.args and isinstance(node.args[0], ast.Constant):
                yield node.lineno, str(node.args[0].value)


def violations(layer, tree):
    """Imports a module of ``layer`` may not make: a gin_ref layer above it, or an adapter package."""
    allowed = LAYERS[layer]
    for line, module in imported_modules(tree):
        parts = module.split(".")
        if parts[0] == "gin_ref":
            if len(parts) == 1 or parts[1] == "__version__" or (module == LANGUAGE and layer in SAYS_WORDS):
                continue
            if parts[1] not in allowed:
                yield f"line {line}: {module}"
        elif parts[0] in FORBIDDEN_PACKAGES.get(layer, ()):
            yield f"line {line}: {module}"


def test_every_module_is_in_a_known_folder():
    assert [rel for rel, layer in MODULES if layer is None] == []


@pytest.mark.parametrize("rel,layer", LAYERED)
def test_imports_point_down(rel, layer):
    assert list(violations(layer, tree_of(rel))) == [], f"gin_ref/{rel} imports against the layers"


def io_uses(tree):
    """Calls of print/input/open/exit and uses of sys.exit, os._exit, sys.stdout and the like."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FORBIDDEN_CALLS:
            yield f"line {node.lineno}: {node.func.id}()"
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                (node.value.id, node.attr) in FORBIDDEN_ATTRIBUTES:
            yield f"line {node.lineno}: {node.value.id}.{node.attr}"


@pytest.mark.parametrize("rel", [rel for rel, layer in LAYERED if layer in PURE])
def test_pure_layers_never_print_read_or_exit(rel):
    assert list(io_uses(tree_of(rel))) == [], f"gin_ref/{rel} does I/O or exits"


def test_the_checks_can_fail():
    tree = ast.parse("import click\nfrom gin_ref.cli import main\nfrom gin_ref.files import matchfile\n"
                     "import yaml as y\nfrom gin_ref.views.tally_text import x\nimportlib.import_module('tabulate')\n"
                     "import json\nfrom gin_ref.core.cards import Card\nfrom gin_ref import __version__\n")
    assert list(violations("core", tree)) == [
        "line 1: click", "line 2: gin_ref.cli", "line 3: gin_ref.files", "line 4: yaml", "line 5: gin_ref.views.tally_text",
        "line 6: tabulate"]
    assert list(violations("match", tree)) == list(violations("core", tree))
    assert list(violations("cli", tree)) == []
    assert list(violations("files", tree)) == ["line 2: gin_ref.cli", "line 5: gin_ref.views.tally_text"]
    tree = ast.parse("print('x')\nsys.exit(1)\nwith open('f') as f:\n    pass\nsys.stdout.write('x')\nlen('x')\n")
    assert list(io_uses(tree)) == ["line 1: print()", "line 2: sys.exit", "line 3: open()", "line 5: sys.stdout"]
    assert layer_of(Path("loose.py")) is None and layer_of(Path("core/deep/x.py")) is None
    assert layer_of(Path("misc/x.py")) is None and layer_of(Path("core/cards.py")) == "core"


# The desk (#37): the application layer under the command line and the server. It reads and writes files
# (through the store), but never prints, asks, exits or changes the working folder, and never imports a front.
DESK_CALLS = {"print", "input", "exit", "quit", "breakpoint"}
DESK_ATTRIBUTES = FORBIDDEN_ATTRIBUTES | {("os", "chdir"), ("os", "fchdir"), ("sys", "argv")}


def desk_uses(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in DESK_CALLS:
            yield f"line {node.lineno}: {node.func.id}()"
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                (node.value.id, node.attr) in DESK_ATTRIBUTES:
            yield f"line {node.lineno}: {node.value.id}.{node.attr}"
        if isinstance(node, ast.ImportFrom) and node.module == "os" and any(a.name == "chdir" for a in node.names):
            yield f"line {node.lineno}: from os import chdir"


@pytest.mark.parametrize("rel", [rel for rel, layer in LAYERED if layer in ("desk", "api")])
def test_the_desk_never_prints_asks_exits_or_changes_folder(rel):
    assert list(desk_uses(tree_of(rel))) == [], f"gin_ref/{rel} prints, asks, exits or changes folder"


def test_the_desk_is_checked():
    assert {"desk/acts.py", "desk/errors.py", "api.py"} <= {rel for rel, layer in LAYERED}
    tree = ast.parse("import os\nos.chdir('/')\nprint(1)\nsys.exit(2)\nfrom gin_ref.cli import main\nimport click\n")
    assert sorted(desk_uses(tree)) == ["line 2: os.chdir", "line 3: print()", "line 4: sys.exit"]
    assert list(violations("desk", tree)) == ["line 5: gin_ref.cli", "line 6: click"]
    assert list(violations("api", ast.parse("from gin_ref.serve import app\n"))) == ["line 1: gin_ref.serve"]


# The command line is a front (#37 item 2): it imports only the desk, the views, card notation (core.cards)
# and click (serve only when 'serve' runs). NOT_YET lists, module by module, what a command module still
# imports from below the desk; the list may only shrink (a module that no longer needs an entry fails the
# second test until the entry goes).
CLI_MAY_IMPORT = {"cli", "desk", "views", "serve"}
NOT_YET: dict = {}  # (empty since #37: the entry point names its errors by the desk, escapes and JSON values by the views)


def cli_reaches_below(tree):
    """The modules of gin_ref below the desk that a command module imports (core.cards aside)."""
    found = set()
    for _line, module in imported_modules(tree):
        parts = module.split(".")
        if parts[0] != "gin_ref" or len(parts) == 1 or parts[1] == "__version__" or module == "gin_ref.core.cards":
            continue
        if parts[1] not in CLI_MAY_IMPORT:
            found.add(module)
    return found


@pytest.mark.parametrize("rel", [rel for rel, layer in LAYERED if layer == "cli"])
def test_the_command_line_imports_only_the_desk_the_views_and_cards(rel):
    assert cli_reaches_below(tree_of(rel)) <= NOT_YET.get(rel, set()), f"gin_ref/{rel} reaches below the desk"


def test_the_list_of_what_is_not_moved_yet_only_shrinks():
    for rel, modules in NOT_YET.items():
        assert cli_reaches_below(tree_of(rel)) == modules, f"gin_ref/{rel}: update NOT_YET"
    tree = ast.parse("from gin_ref.core.cards import Card\nfrom gin_ref.desk import acts\nfrom gin_ref.match import x\n")
    assert cli_reaches_below(tree) == {"gin_ref.match"}


# #36 item 1: the typed record is the only model. In the folders of RECORD_FOLDERS no code builds, takes or
# changes a mapping of record data: no ``Dict``/``Mapping``/``MutableMapping``/``dict`` whose values are ``Any``
# or ``object`` (an annotation, an alias, a cast), no ``TypedDict``, no ``getattr(x, "name")`` standing in for a
# field, and no ``.get(`` at all. A map of typed values keyed by a player or a hand number (``Dict[str, int]``,
# ``Dict[int, Ruling]``) is a typed value, and allowed. JSON_OUTPUT_BUILDERS names the functions that build a
# command's JSON output from typed values (they belong in views/, never in match/; ALL: the whole module); their
# bodies are not checked, and none reads a record or is read back by a view. A typed map read where a key may
# be missing is built total (every player a key) or as a structure that says its default (``Counter``,
# ``club.standings.Results``), never read by ``.get(``.
# NOT_YET_TYPED holds, module by module, how many findings a module of these folders still has while the
# typed record replaces the mappings: a count may only fall (a module that holds fewer fails until its count
# is lowered, one that holds none until its entry goes), and the rule holds every other module outright.
RECORD_FOLDERS = ("match", "views", "club")
ALL = "*"
JSON_OUTPUT_BUILDERS = {
    "views/written.py": ALL,  # what a writing command did, as its --json prints it
    "views/tally_text.py": ALL,  # tally --json: a match's tally, its hands, games, irregularities, rulings
    "views/export.py": {"json_data", "_tally_items"},  # the JSON export (json_chunks streams json_data's text)
    "views/history.py": {"history_row", "history_data"},  # history --json
    "views/standings.py": {"data"},  # standings --json: a Row's and the Table's
    "views/report.py": {"check_data", "refusal_data", "showdown_data"},  # check, showdown --json
    "views/whatif_view.py": {"what_if_data"},  # tally --what-if --json
    "views/settle.py": {"data", "settle_data"},  # settle --json: a Payment's and the Settlement's
    "views/stats.py": {"data", "stats_data"},  # stats --json: a player's figures and the whole
    "views/rules_diff.py": {"data"},  # rules diff --json
    "views/event_view.py": {"data", "event_data"},  # event standings --json: a table's, a round's, the whole
}
MAPPING_NAMES = {"Dict", "Mapping", "MutableMapping", "dict", "DefaultDict", "OrderedDict"}
UNTYPED_VALUES = {"Any", "object"}
NOT_YET_TYPED = {}


def _name(node):
    """The last name of ``node`` (``typing.Dict`` -> Dict), or None."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _mapping_of_untyped(node):
    """Is ``node`` a subscript ``Dict[K, Any]``/``Mapping[K, object]``... (a mapping of untyped values)?"""
    if not isinstance(node, ast.Subscript) or _name(node.value) not in MAPPING_NAMES:
        return False
    args = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
    return len(args) == 2 and _name(args[1]) in UNTYPED_VALUES


def _string_annotations(tree, skipped):
    """The trees of the annotations written as strings (``"Dict[str, Any]"``), parsed."""
    annotations = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            annotations += [arg.annotation for arg in node.args.args + node.args.kwonlyargs + node.args.posonlyargs]
            annotations += [node.args.vararg and node.args.vararg.annotation,
                            node.args.kwarg and node.args.kwarg.annotation, node.returns]
        elif isinstance(node, ast.AnnAssign):
            annotations.append(node.annotation)
    for annotation in annotations:
        for inner in ast.walk(annotation) if annotation is not None else ():
            if isinstance(inner, ast.Constant) and isinstance(inner.value, str):
                try:
                    yield inner.lineno, ast.parse(inner.value, mode="eval")
                except SyntaxError:
                    pass


def mapping_aliases(tree):
    """The names ``tree`` binds at its top to a mapping of untyped values (``Entry = Dict[str, Any]``)."""
    return {target.id for node in tree.body if isinstance(node, (ast.Assign, ast.AnnAssign))
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
            if isinstance(target, ast.Name) and node.value is not None
            and any(_mapping_of_untyped(inner) for inner in ast.walk(node.value))}


def record_mapping_uses(tree, exempt=frozenset(), aliases=None):
    """Each use of a mapping of record data in ``tree`` (``line N: what``), outside the functions named in
    ``exempt`` (JSON output builders). ``aliases``: the names that stand for one (``mapping_aliases`` of
    the folders' modules; default: this tree's own), each use of one is a finding too."""
    if exempt == ALL:
        return []
    aliases = mapping_aliases(tree) if aliases is None else aliases
    skipped = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in exempt:
            skipped.update(id(inner) for inner in ast.walk(node))
    found = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if _mapping_of_untyped(node):
            found.append((node.lineno, f"{_name(node.value)}[..., {_name(node.slice.elts[1])}]"))
        elif _name(node) == "TypedDict" and not isinstance(node, ast.Attribute) or \
                isinstance(node, ast.Attribute) and node.attr == "TypedDict":
            found.append((node.lineno, "TypedDict"))
        elif isinstance(node, ast.Call):
            if isinstance(node.func, ast.Attribute) and node.func.attr == "get":
                found.append((node.lineno, ".get("))
            elif _name(node.func) == "getattr" and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) \
                    and isinstance(node.args[1].value, str):
                found.append((node.lineno, f"getattr(..., {node.args[1].value!r})"))
        elif isinstance(node, ast.ImportFrom) and any(alias.name == "TypedDict" for alias in node.names):
            found.append((node.lineno, "TypedDict"))
        elif isinstance(node, ast.Name) and node.id in aliases and isinstance(node.ctx, ast.Load):
            found.append((node.lineno, node.id))
    for line, annotation in _string_annotations(tree, skipped):
        found += [(line, f"{_name(inner.value)}[..., {_name(inner.slice.elts[1])}]")
                  for inner in ast.walk(annotation) if _mapping_of_untyped(inner)]
        found += [(line, inner.id) for inner in ast.walk(annotation) if isinstance(inner, ast.Name) and inner.id in aliases]
    return [f"line {line}: {what}" for line, what in sorted(found)]


def _record_modules():
    return [rel for rel, layer in LAYERED if layer in RECORD_FOLDERS]


def test_no_mapping_of_record_data():
    """No module of RECORD_FOLDERS builds, takes or changes a mapping of record data (the rule above); a map
    of typed values keyed by a player or a hand number (``Dict[str, int]``, ``Dict[int, Ruling]``) is a typed
    value and allowed. NOT_YET_TYPED's counts are ceilings that only fall."""
    over, stale = {}, {}
    aliases = set().union(*(mapping_aliases(tree_of(rel)) for rel in _record_modules()
                            if JSON_OUTPUT_BUILDERS.get(rel) != ALL))
    for rel in _record_modules():
        found = record_mapping_uses(tree_of(rel), JSON_OUTPUT_BUILDERS.get(rel, frozenset()), aliases)
        ceiling = NOT_YET_TYPED.get(rel, 0)
        if len(found) > ceiling:
            over[rel] = found
        elif len(found) < ceiling:
            stale[rel] = f"{len(found)} found: lower NOT_YET_TYPED to it"
    assert over == {}, "mappings of record data (see RECORD_FOLDERS)"
    assert stale == {}
    assert set(NOT_YET_TYPED) <= set(_record_modules())
    assert all(rel.split("/")[0] in ("views", "club") for rel in JSON_OUTPUT_BUILDERS)


def test_the_json_output_builders_are_there():
    for rel, builders in JSON_OUTPUT_BUILDERS.items():
        names = {node.name for node in ast.walk(tree_of(rel)) if isinstance(node, ast.FunctionDef)}
        assert builders == ALL or set(builders) <= names, f"{rel}: no such builder"


def test_the_mapping_rule_can_fail():
    tree = ast.parse(
        "from typing import Any, Dict, Mapping, TypedDict\n"
        "Entry = Dict[str, Any]\n"
        "def f(x: Mapping[str, object], y: 'typing.MutableMapping[str, Any]') -> dict[str, Any]:\n"
        "    return x.get('a')\n"
        "class H(TypedDict):\n    a: int\n"
        "z = getattr(x, 'points')\n"
        "ok: Dict[str, int] = {}\n"
        "fine: Dict[int, 'Ruling'] = {}\n"
        "n = getattr(x, name)\n"
        "def builder(e: 'Entry') -> None:\n    y.get('b')\n"
        "def taker(e: Entry) -> List[Entry]: ...\n")
    assert record_mapping_uses(tree, {"builder"}) == [
        "line 1: TypedDict", "line 2: Dict[..., Any]", "line 3: Mapping[..., object]",
        "line 3: MutableMapping[..., Any]", "line 3: dict[..., Any]", "line 4: .get(", "line 5: TypedDict",
        "line 7: getattr(..., 'points')", "line 13: Entry", "line 13: Entry"]
    assert record_mapping_uses(tree)[-4:] == ["line 11: Entry", "line 12: .get(", "line 13: Entry", "line 13: Entry"]
    assert record_mapping_uses(tree, ALL) == []


def unfrozen_dataclasses(tree):
    """Each dataclass of ``tree`` not written ``@dataclass(frozen=True, slots=True)`` (issue 36 item 5: a value
    is a NamedTuple, or a frozen slotted dataclass), as ``line N: Class``."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        for decorator in node.decorator_list:
            call = decorator if isinstance(decorator, ast.Call) else None
            if _name(call.func if call else decorator) != "dataclass":
                continue
            given = {k.arg: getattr(k.value, "value", None) for k in (call.keywords if call else [])}
            if given.get("frozen") is not True or given.get("slots") is not True:
                found.append(f"line {node.lineno}: {node.name}")
    return found


@pytest.mark.parametrize("rel", [rel for rel, _ in MODULES])
def test_every_dataclass_is_frozen_and_slotted(rel):
    assert unfrozen_dataclasses(tree_of(rel)) == []


def test_the_dataclass_rule_can_fail():
    tree = ast.parse("@dataclass\nclass A: ...\n@dataclass(frozen=True)\nclass B: ...\n"
                     "@dataclasses.dataclass(slots=True)\nclass C: ...\n@dataclass(frozen=True, slots=True)\nclass D: ...\n"
                     "@dataclasses.dataclass(frozen=True, slots=True, eq=False)\nclass E: ...\n")
    assert unfrozen_dataclasses(tree) == ["line 2: A", "line 4: B", "line 6: C"]


# A value's shape tested as parsed (``isinstance(x, dict)``, ``isinstance(x, list)``, ``type(x) is list``...)
# in match/, module by module: a step's turns typed (handread's typed_lines), cards as written read (handread's
# recorded_cards), the turns as written (handread), a claim compared (replay), a card's notation (knocks), the
# draw a command gives (model). The first reading types a hand's values in files/ (handform's FACT_READERS:
# totals and games as written read there for showing). A hand's irregularities and ruling are typed (a tuple of items, a Ruled, or as
# written): no check of theirs looks for a list. The counts are ceilings that only fall.
SHAPES = {"dict", "list"}
SHAPE_TESTS = {"match/handread.py": 5, "match/knocks.py": 2, "match/model.py": 1,
               "match/irregularities.py": 2, "match/replay.py": 1}


def shape_tests(tree):
    """Each test of a value's shape against dict or list in ``tree`` (``isinstance``, ``type(...) is``)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _name(node.func) == "isinstance" and len(node.args) == 2:
            kinds = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
            if any(_name(kind) in SHAPES for kind in kinds):
                found.append(f"line {node.lineno}: isinstance")
        elif isinstance(node, ast.Compare) and isinstance(node.left, ast.Call) and _name(node.left.func) == "type" \
                and any(_name(other) in SHAPES for other in node.comparators):
            found.append(f"line {node.lineno}: type")
    return found


def test_the_shape_tests_in_match_only_fall():
    found = {rel: shape_tests(tree_of(rel)) for rel in _record_modules() if rel.startswith("match/")}
    over = {rel: tests for rel, tests in found.items() if len(tests) > SHAPE_TESTS.get(rel, 0)}
    stale = {rel: f"{len(found.get(rel, []))} found: lower SHAPE_TESTS to it" for rel in SHAPE_TESTS
             if len(found.get(rel, [])) < SHAPE_TESTS[rel]}
    assert over == {}, "a new test of a parsed value's shape in match/ (type the value instead)"
    assert stale == {}


def test_the_shape_count_can_fail():
    tree = ast.parse("isinstance(a, list)\nisinstance(b, (tuple, dict))\ntype(c) is list\nisinstance(d, tuple)\n"
                     "type(e) is tuple\nx = [type(i) is dict for i in f]\n")
    assert shape_tests(tree) == ["line 1: isinstance", "line 2: isinstance", "line 3: type", "line 6: type"]
