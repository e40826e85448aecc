"""Issue #23, items 4 and 5: one word for each thing, one source of words. The tally the views read is
typed; the width is a parameter; the score sheet, the result names, the card formatter and the player-name
rule each live in one place; history and stats text is in views/; no import cycle hides in a function; the
old-name aliases are gone; docs/architecture.md holds the glossary."""

import ast
import json
from functools import lru_cache
from pathlib import Path

import pytest

from gin_ref.club.event import check_players
from gin_ref.core.errors import InvalidNotationError
from gin_ref.files.matchfile import load
from gin_ref.match.names import first_same_player, player_key
from gin_ref.match.tally import HandTally, Tally, tally_of
from gin_ref.views.tally_text import match_data, tally_data
from tallyjson import tally_of_json
from gin_ref.views import text
from gin_ref.views.tally_text import tally_text
from gin_ref.views.cells import cells
from gin_ref.views.words import result_name

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "gin_ref"
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_the_tally_is_typed_and_its_json_is_unchanged(path):
    match = load(path).match
    tally = tally_of(match)
    assert isinstance(tally, Tally) and all(isinstance(hand, HandTally) for hand in tally.hands)
    data = match_data(match)
    assert tally_data(tally) == data
    assert tally_data(tally_of_json(json.loads(json.dumps(data, default=str)))) == json.loads(json.dumps(data, default=str))
    with pytest.raises(AttributeError):  # frozen
        tally.finished = not tally.finished  # type: ignore[misc]


def test_the_width_is_a_parameter_of_the_views_not_a_global():
    assert not hasattr(text, "set_width") and not hasattr(text, "output_width") and not hasattr(text, "_WIDTH")
    match = load(ROOT / "examples" / "oklahoma.yaml").match
    narrow = tally_text(match, "oklahoma.yaml", 40)
    wide = tally_text(match, "oklahoma.yaml", None)
    assert max(cells(line) for line in narrow.splitlines()) <= 40
    assert max(cells(line) for line in wide.splitlines()) > 40
    assert tally_text(match, "oklahoma.yaml", None) == wide  # nothing was left set by the narrow call


def _imports(path, package_of):
    """Every gin_ref.views module ``path`` imports, at its top or inside a function."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "gin_ref.views":
                found.update(f"gin_ref.views.{alias.name}" for alias in node.names)
            elif node.module.startswith("gin_ref.views."):
                found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("gin_ref.views."))
    return found


def test_no_import_cycle_among_the_views_even_inside_a_function():
    graph = {f"gin_ref.views.{path.stem}": _imports(path, "gin_ref.views")
             for path in (PACKAGE / "views").glob("*.py")}

    def reaches(start, goal, seen):
        for nxt in graph.get(start, ()):
            if nxt == goal:
                return True
            if nxt not in seen:
                seen.add(nxt)
                if reaches(nxt, goal, seen):
                    return True
        return False

    assert [module for module in graph if reaches(module, module, set())] == []


OLD_NAMES = {("gin_ref.files", "matchfile", "record"), ("gin_ref.files", "matchfile", "records"),
             ("gin_ref.files", "yamlread", "yamltext"), ("gin_ref.views", "tally_text", "tally_view"),
             ("gin_ref.match", "result", "paper")}


def test_no_module_is_imported_under_an_old_name():
    found = []
    for path, tree in _trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                found += [(str(path.relative_to(ROOT)), alias.name, alias.asname) for alias in node.names
                          if (node.module, alias.name, alias.asname) in OLD_NAMES]
    assert found == []


@lru_cache(maxsize=None)
def _trees():
    """Every module of gin_ref, parsed once for the checks below (which only read the trees)."""
    return [(path, ast.parse(path.read_text(encoding="utf-8"))) for path in sorted(PACKAGE.rglob("*.py"))]


def _defined(name):
    """The modules of gin_ref that define a function or a top-level name ``name``."""
    where = []
    for path, tree in _trees():
        for node in tree.body:
            names = [node.name] if isinstance(node, (ast.FunctionDef, ast.ClassDef)) else \
                [t.id for t in getattr(node, "targets", []) if isinstance(t, ast.Name)]
            if name in names:
                where.append(str(path.relative_to(PACKAGE)))
    return where


def test_one_card_formatter_and_one_set_of_result_names():
    assert _defined("pretty_card") == ["views/text.py"]
    assert _defined("result_name") == ["views/words.py"]  # each result's name, said through the catalogue
    assert _defined("RESULT_NAMES") == [] and _defined("RESULT_SHORT") == []
    assert [result_name(r) for r in ("knock", "gin", "big_gin", "undercut", "dead", "illegal_knock")] == \
        ["knock", "gin", "big gin", "undercut", "dead", "illegal"]


def test_one_score_sheet_model_for_the_text_tally_and_the_exports():
    assert _defined("score_sheet") == ["views/sheet.py"] and _defined("SheetLine") == ["views/sheet.py"]
    for module in ("tally_text.py", "export_text.py", "export_html.py"):
        source = (PACKAGE / "views" / module).read_text(encoding="utf-8")
        assert "from gin_ref.views.sheet import" in source, module


def test_history_and_stats_text_live_in_the_views():
    source = (PACKAGE / "cli" / "history_cmds.py").read_text(encoding="utf-8")
    assert "STATS_HEADERS" not in source and "score progression of" not in source and "def _print_history" not in source
    assert _defined("history_text") == ["views/history.py"] and _defined("stats_text") == ["views/stats.py"]


@pytest.mark.parametrize("names, found", [
    (["Ann", "Ben"], None),
    (["Ann", "Ann"], ("Ann", "Ann")),
    (["Ann", "Ben", "ann"], ("Ann", "ann")),
    (["Ann", "Ben", "ann", "Ben"], ("Ann", "ann")),  # the first clash in order, whichever kind it is
])
def test_one_player_name_rule(names, found):
    assert first_same_player(names) == found
    assert player_key("ANN") == player_key("ann")


def test_an_event_finds_the_first_clash_in_order_as_a_match_does():
    with pytest.raises(InvalidNotationError, match=r"player 'ann' is the same as 'Ann'"):
        check_players(["Ann", "Ben", "ann", "Ben"])


def test_the_glossary_defines_each_word():
    doc = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert doc.index("## Layers") < doc.index("## Glossary")
    glossary = doc[doc.index("## Glossary"):]
    for word in ("table", "table line", "grid", "sheet", "record", "match", "game", "hand", "deal", "turn",
                 "step", "tally", "event", "seat", "ruling", "correction"):
        assert f"**{word}**" in glossary, word


def test_reading_a_command_line_with_wide_leaves_no_width_behind(monkeypatch, capsys):
    """The session reads a line (``make_context``, as for ``new --force``) without running it: a ``--wide``
    in it sets the width of that one command's context, never the process's (the output that follows
    still fits the terminal)."""
    from gin_ref.cli import main
    from gin_ref.cli.output import say

    monkeypatch.setenv("COLUMNS", "40")
    main.get_command(None, "tally").make_context("tally", ["--wide"], resilient_parsing=True)
    say("word " * 20)
    assert max(cells(line) for line in capsys.readouterr().out.splitlines()) <= 40
