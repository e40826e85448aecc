"""``gin-ref export``, ``history`` and ``stats`` through the CLI: whole outputs and exit codes, a club folder
with damaged files and a rules file in it, and every refusal as one ``Error: ...`` line."""

import json
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from gin_ref.cli import main
from gin_ref.core.errors import RecordError
from gin_ref.files.matchfile import load

from runs import invoke as run

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"

HISTORY = """\
date        players        rules                   winner  score                    hands  file
----------  -------------  ----------------------  ------  -----------------------  -----  --------------------------
2024-06-08  Ben, Cid       hollywood               Cid     Ben 599, Cid 733            12  examples/hollywood.yaml
2024-05-18  Ann, Ben, Cid  three-player            Ann     Ann 154, Ben 24, Cid 73      8  examples/three-player.yaml
2024-04-13  Ann, Cid       rules/club-spades.yaml  Ann     Ann 111, Cid 46              5  examples/spades.yaml
2024-03-02  Ann, Ben       oklahoma                Ann     Ann 151, Ben 71              8  examples/oklahoma.yaml
"""

STATS = """\
player  matches  won  hands won  knocks  gins  undercuts given  undercuts taken  avg points per hand\
 won  avg knock deadwood
------  -------  ---  ---------  ------  ----  ---------------  ---------------  -------------------\
----  ------------------
Ann           3    3          9       3     5                2                1                    4\
6.22                6.67
Ben           3    0         12       7     2                3                0                    2\
1.00                5.71
Cid           3    1         10      14     0                0                4                    2\
5.60                5.93
"""

PROGRESSION_ANN = """
score progression of Ann (running total after each hand):
2024-03-02  examples/oklahoma.yaml: 0 0 0 38 63 63 63 151  (won, final 151)
2024-04-13  examples/spades.yaml: 60 60 86 86 111  (won, final 111)
2024-05-18  examples/three-player.yaml: 0 0 0 10 55 55 55 154  (won, final 154)
"""


def damage(path):
    """``(line, message)`` that the match reader (``gin_ref.files.matchfile``) gives for a damaged file."""
    with pytest.raises(RecordError) as caught:
        load(path)
    return caught.value.line, caught.value.message


def as_skipped(path):
    line, message = damage(path)
    return f"line {line}: {message}"


def skipped_line(path):
    """The warning on stderr: the file named as every reader names it, ``FILE:LINE: message``."""
    line, message = damage(path)
    return f"skipped {path}:{line}: {message}\n"


@pytest.fixture
def at_root(monkeypatch):
    monkeypatch.chdir(ROOT)


@pytest.fixture
def club(tmp_path, monkeypatch):
    """A club's folder: the examples (one in a subfolder), the club's rules file (in rules/ and one beside the
    matches), a note that is not YAML, and three damaged matches: a hand-edited total, a future format
    version, a truncated file."""
    for file in EXAMPLES.glob("*.yaml"):
        shutil.copy(file, tmp_path)
    shutil.copytree(EXAMPLES / "rules", tmp_path / "rules")
    shutil.copy(EXAMPLES / "rules" / "club-spades.yaml", tmp_path)
    (tmp_path / "2024").mkdir()
    shutil.move(tmp_path / "hollywood.yaml", tmp_path / "2024" / "hollywood.yaml")
    text = (tmp_path / "oklahoma.yaml").read_text(encoding="utf-8")
    assert "totals: {Ann: 0, Ben: 30}" in text
    (tmp_path / "edited.yml").write_text(text.replace("totals: {Ann: 0, Ben: 30}", "totals: {Ann: 0, Ben: 31}"),
                                         encoding="utf-8")
    (tmp_path / "truncated.yaml").write_text(text[:700], encoding="utf-8")
    spades = (tmp_path / "spades.yaml").read_text(encoding="utf-8")
    (tmp_path / "future.yaml").write_text(spades.replace("gin-ref-match/3", "gin-ref-match/4"), encoding="utf-8")
    (tmp_path / "notes.yaml").write_text("not: [yaml\n", encoding="utf-8")
    (tmp_path / "README.txt").write_text("format: gin-ref-match/1\n", encoding="utf-8")  # not *.yaml
    monkeypatch.chdir(tmp_path)
    assert "totals say Ann 0, Ben 31" in damage("edited.yml")[1]
    assert "gin-ref-match/4 is not supported" in damage("future.yaml")[1]
    assert damage("truncated.yaml")[0] is not None
    return tmp_path


# -- history -----------------------------------------------------------------------------------------------

def test_history_of_the_examples(at_root):
    result = run("history", "examples")
    assert (result.exit_code, result.stdout, result.stderr) == (0, HISTORY, "")


def test_history_json_contract(at_root):
    result = run("history", "--json", "examples/oklahoma.yaml", "examples/three-player.yaml")
    assert result.exit_code == 0 and result.stderr == ""
    assert json.loads(result.stdout) == {
        "matches": [
            {"file": "examples/three-player.yaml", "date": "2024-05-18", "players": ["Ann", "Ben", "Cid"],
             "rules": "three-player", "winner": "Ann", "final": {"Ann": 154, "Ben": 24, "Cid": 73}, "hands": 8},
            {"file": "examples/oklahoma.yaml", "date": "2024-03-02", "players": ["Ann", "Ben"],
             "rules": "oklahoma", "winner": "Ann", "final": {"Ann": 151, "Ben": 71}, "hands": 8},
        ],
        "skipped": [],
    }


def test_history_names_and_skips_damaged_files_and_passes_over_other_yaml(club):
    result = run("history")  # the current folder, searched with its subfolders
    assert result.exit_code == 0
    assert result.stdout.splitlines()[2:] == [
        "2024-06-08  Ben, Cid       hollywood               Cid     Ben 599, Cid 733            12  2024/hollywood.yaml",
        "2024-05-18  Ann, Ben, Cid  three-player            Ann     Ann 154, Ben 24, Cid 73      8  three-player.yaml",
        "2024-04-13  Ann, Cid       rules/club-spades.yaml  Ann     Ann 111, Cid 46              5  spades.yaml",
        "2024-03-02  Ann, Ben       oklahoma                Ann     Ann 151, Ben 71              8  oklahoma.yaml",
    ]
    edited, future, truncated = (as_skipped(name) for name in ("edited.yml", "future.yaml", "truncated.yaml"))
    notes = ("line 1: invalid YAML: while parsing a flow sequence, did not find expected ',' or ']' (a list in [ ] "
             "not closed, or a ',' missing between its items)")
    assert result.stderr == (skipped_line("edited.yml") + skipped_line("future.yaml") + "skipped notes.yaml:1: "
                             + notes[len("line 1: "):] + "\n" + skipped_line("truncated.yaml"))
    data = json.loads(run("history", "--json", ".").stdout)
    assert [m["file"] for m in data["matches"]] == ["2024/hollywood.yaml", "three-player.yaml", "spades.yaml",
                                                    "oklahoma.yaml"]
    assert data["skipped"] == [{"file": "edited.yml", "error": edited}, {"file": "future.yaml", "error": future},
                               {"file": "notes.yaml", "error": notes}, {"file": "truncated.yaml", "error": truncated}]


def test_history_with_nothing_readable_exits_1(club):
    truncated, future = as_skipped("truncated.yaml"), as_skipped("future.yaml")
    result = run("history", "truncated.yaml")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (skipped_line("truncated.yaml") + "Error: no readable match file in truncated.yaml (1 damaged)\n")
    result = run("history", "--json", "truncated.yaml", "future.yaml")
    assert result.exit_code == 1
    assert json.loads(result.stdout) == {"matches": [], "skipped": [
        {"file": "truncated.yaml", "error": truncated}, {"file": "future.yaml", "error": future}]}
    assert result.stderr == "Error: no readable match file in truncated.yaml, future.yaml (2 damaged)\n"
    (club / "empty").mkdir()
    result = run("history", "empty")
    assert (result.exit_code, result.stdout, result.stderr) == (1, "", "Error: no readable match file in empty\n")


def test_a_rules_file_named_as_a_match_is_refused(club):
    result = run("history", "club-spades.yaml")
    assert result.exit_code == 1
    assert result.stderr == ("skipped club-spades.yaml: not a gin-ref match: no 'format: gin-ref-match/3' at the "
                             "top\nError: no readable match file in club-spades.yaml (1 damaged)\n")


@pytest.mark.parametrize("command", ["history", "stats", "export"])
def test_a_missing_path_is_bad_usage(club, command):
    result = run(command, "nowhere.yaml")
    assert result.exit_code == 2
    where = "'MATCH...'" if command == "export" else "'[DIR|MATCH]...'"
    assert result.stderr == (f"Error: invalid value for {where}: Path 'nowhere.yaml' does not exist "
                             f"(see 'gin-ref {command} --help')\n")


def test_a_match_is_found_however_its_yaml_spells_it(club):
    """Issue 10: a quoted key, a byte-order mark or a match written as JSON were neither listed nor skipped."""
    import yaml

    text = (club / "oklahoma.yaml").read_text(encoding="utf-8")
    (club / "quoted").mkdir()
    (club / "quoted" / "q.yaml").write_text(text.replace("\nformat: ", "\n'format': "), encoding="utf-8")
    (club / "quoted" / "bom.yaml").write_text("\ufeff" + text, encoding="utf-8")
    (club / "quoted" / "json.yml").write_text(json.dumps(yaml.safe_load(text), default=str) + "\n", encoding="utf-8")
    (club / "quoted" / "rules.yaml").write_text("extends: classic\n", encoding="utf-8")  # not a match: passed over
    (club / "quoted" / "broken.yaml").write_text("'format': gin-ref-match/1\nplayers: [Ann\n", encoding="utf-8")
    result = run("history", "--json", "quoted")
    data = json.loads(result.stdout)
    assert sorted(m["file"] for m in data["matches"]) == ["quoted/bom.yaml", "quoted/json.yml", "quoted/q.yaml"]
    assert [s["file"] for s in data["skipped"]] == ["quoted/broken.yaml"]
    assert result.exit_code == 0


# -- stats -------------------------------------------------------------------------------------------------

def test_stats_of_the_examples(at_root):
    result = run("stats", "examples")
    assert (result.exit_code, result.stdout, result.stderr) == (0, STATS, "")


def test_stats_of_one_player_with_the_progression(at_root):
    result = run("stats", "--player", "Ann", "examples")
    lines = STATS.splitlines()
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == "\n".join(lines[:3]) + "\n" + PROGRESSION_ANN


def test_stats_json_contract(at_root):
    result = run("stats", "--json", "examples")
    data = json.loads(result.stdout)
    assert list(data) == ["Ann", "Ben", "Cid"]
    assert data["Cid"] == {
        "matches": 3, "matches_won": 1, "hands_won": 10, "knocks": 14, "gins": 0, "undercuts_given": 0,
        "undercuts_taken": 4, "avg_points_per_hand_won": 25.6, "avg_knock_deadwood": 5.93, "results_only": 0,
        "progression": [
            {"file": "examples/spades.yaml", "date": "2024-04-13", "totals": [0, 30, 30, 46, 46], "final": 46,
             "won": False},
            {"file": "examples/three-player.yaml", "date": "2024-05-18", "totals": [0, 26, 26, 26, 26, 47, 73, 73],
             "final": 73, "won": False},
            {"file": "examples/hollywood.yaml", "date": "2024-06-08",
             "totals": [22, 22, 22, 22, 78, 165, 261, 261, 261, 313, 313, 313], "final": 733, "won": True},
        ],
    }
    only = json.loads(run("stats", "--json", "--player", "Ben", "examples").stdout)
    assert list(only) == ["Ben"] and only["Ben"]["knocks"] == 7


def test_stats_skip_damaged_files(club):
    result = run("stats", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["Ann"]["matches"] == 3
    assert result.stderr.count("skipped ") == 4


def test_stats_for_a_player_in_no_match_exits_1(at_root):
    result = run("stats", "--player", "Zed", "examples")
    assert (result.exit_code, result.stdout, result.stderr) == (
        1, "", "Error: player 'Zed' is in none of the 4 matches read\n")


# -- export ------------------------------------------------------------------------------------------------

def test_export_of_a_folder_is_its_matches_in_path_order(at_root):
    result = run("export", "--format", "csv", "examples")
    files = [line.split(",")[0] for line in result.stdout.splitlines()[1:]]
    assert sorted(set(files)) == ["examples/hollywood.yaml", "examples/oklahoma.yaml", "examples/spades.yaml",
                                  "examples/three-player.yaml"]
    assert files == sorted(files)  # the folder is read in path order


@pytest.mark.parametrize("name", ["truncated.yaml", "edited.yml", "future.yaml", "club-spades.yaml", "notes.yaml"])
def test_export_refuses_a_damaged_match_and_writes_nothing(club, name):
    if name == "club-spades.yaml":  # YAML, but not a match
        error = f"Error: {name}: not a gin-ref match: no 'format: gin-ref-match/3' at the top"
    elif name == "notes.yaml":  # not even YAML
        error = (f"Error: {name}:1: invalid YAML: while parsing a flow sequence, did not find expected ',' or ']' "
                 "(a list in [ ] not closed, or a ',' missing between its items)")
    else:
        line, message = damage(name)
        error = f"Error: {name}:{line}: {message}"
    result = run("export", "--format", "html", "--output", "sheet.html", "oklahoma.yaml", name)
    assert (result.exit_code, result.stdout, result.stderr) == (1, "", error + "\n")
    assert not (club / "sheet.html").exists()


def test_export_of_a_folder_with_a_damaged_match_is_refused(club):
    result = run("export", ".")
    assert (result.exit_code, result.stdout) == (1, "")
    line, message = damage("edited.yml")
    assert result.stderr == f"Error: edited.yml:{line}: {message}\n"


@pytest.mark.parametrize("args", [["export"], ["export", "--format", "pdf", "examples/oklahoma.yaml"],
                                  ["stats", "--player"], ["history", "--csv"]])
def test_bad_usage_exits_2(at_root, args):
    result = run(*args)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.splitlines()[-1].startswith("Error: ")
    assert "Traceback" not in result.stderr


def test_many_files_read_by_worker_processes_give_the_same_answer(club, monkeypatch):
    from gin_ref.desk import reading as history_cmds

    alone = run("history", "--json").stdout
    monkeypatch.setattr(history_cmds, "PARALLEL_FROM", 1)
    assert run("history", "--json").stdout == alone


def test_a_match_named_twice_counts_once():
    once = CliRunner().invoke(main, ["stats", "--json", str(EXAMPLES)])
    twice = CliRunner().invoke(main, ["stats", "--json", str(EXAMPLES), str(EXAMPLES / "oklahoma.yaml"), str(EXAMPLES)])
    assert once.exit_code == twice.exit_code == 0
    assert json.loads(twice.stdout) == json.loads(once.stdout)


def test_a_pipe_is_never_read(tmp_path):
    shutil.copy(EXAMPLES / "oklahoma.yaml", tmp_path / "m.yaml")
    os.mkfifo(tmp_path / "fifo.yaml")
    result = CliRunner().invoke(main, ["history", "--json", str(tmp_path)])
    assert result.exit_code == 0
    assert [m["file"] for m in json.loads(result.stdout)["matches"]] == [str(tmp_path / "m.yaml")]
    named = CliRunner().invoke(main, ["history", "--json", str(tmp_path / "fifo.yaml")])
    assert named.exit_code == 1
    assert json.loads(named.stdout)["skipped"] == [{"file": str(tmp_path / "fifo.yaml"), "error": "not a regular file"}]


def test_a_file_left_out_is_said_in_the_readers_language(club):
    """Why a file is skipped is the reader's message, said whole in the language (it was English inside a
    Slovak line), the JSON's error staying English."""
    result = run("--lang", "sk", "history", "oklahoma.yaml", "club-spades.yaml")
    assert ("vynechané: club-spades.yaml: toto nie je zápas gin-ref: na začiatku chýba 'format: gin-ref-match/3'"
            in result.stderr)
    result = run("--lang", "sk", "history", "--json", "oklahoma.yaml", "club-spades.yaml")
    assert "not a gin-ref match: no 'format: gin-ref-match/3' at the top" in result.stdout
