"""``gin-ref rules``, ``rules show`` and ``rules check`` through the CLI: whole outputs and exit codes."""

import json

import pytest

from gin_ref.core.rules import KNOBS

from runs import installed, invoke as run

PRESET_TABLE = """\
preset         description
-------------  -------------------------------------------------------------------------------
oklahoma       Oklahoma Gin, two players; the first upcard sets the knock limit
three-player   three players, one in the box against a captain; knock limit 10
standard       standard gin, two players; knock limit 10
classic        classic club scoring; gin 20, box 20, game 100, shutout doubles it, loser deals
hollywood      classic scoring, three games at once (Hollywood)
tournament     tournament scoring; undercut 25, big gin 31, box 25, game 100, to 250
oklahoma-club  Oklahoma club game; ace gin only, spades double, box 25, game 100, to 150
"""

CLASSIC_SHOW = """\
rules: classic
house rule             value              from
---------------------  -----------------  -------
players                2                  default
knock_limit            10                 classic
ace_upcard             one                default
knocker_arrangement    min_deadwood       default
gin_bonus              20                 classic
big_gin_bonus          null               default
undercut_bonus         10                 classic
spade_double           false              default
discard_taken_card     false              default
dead_hand_stock        2                  default
next_dealer            loser              classic
target                 100                default
game_bonus             100                classic
box_bonus              20                 classic
shutout                double_game_bonus  classic
scoring                standard           default
illegal_knock          reject             default
illegal_knock_penalty  10                 default
ace_runs               low                default
ace_value              1                  default
gin_layoffs            false              default
wall                   false              default
deal                   upcard             default
knock_tie              undercut           default
knock_limit_cap        null               default
box_scoring            end                default
gin_boxes              0                  default
undercut_boxes         0                  default
spade_double_boxes     false              default
shutout_bonus          0                  default
games                  null               default
match_win              best_of            default
knock_bonus            0                  default
"""

UNKNOWN_OKLA = ("Error: unknown rules 'okla': not a preset (oklahoma, three-player, standard, classic, "
                "hollywood, tournament, oklahoma-club) nor a file\n")


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A scratch folder that is also the working directory, so paths in messages are short."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write(folder, name, *lines):
    (folder / name).write_text("".join(line + "\n" for line in lines), encoding="utf-8")


def test_rules_lists_the_presets():
    result = run("rules")
    assert (result.exit_code, result.stdout, result.stderr) == (0, PRESET_TABLE, "")


def test_rules_json_lists_the_presets():
    result = run("rules", "--json")
    assert result.exit_code == 0
    presets = json.loads(result.stdout)["presets"]
    assert [preset["name"] for preset in presets] == [
        "oklahoma", "three-player", "standard", "classic", "hollywood", "tournament", "oklahoma-club"]
    assert presets[1] == {"name": "three-player",
                          "description": "three players, one in the box against a captain; knock limit 10"}


def test_rules_show_a_preset():
    result = run("rules", "show", "classic")
    assert (result.exit_code, result.stdout, result.stderr) == (0, CLASSIC_SHOW, "")


def test_rules_show_a_club_file_as_json(folder):
    write(folder, "club.yaml", "# Thursday club", "extends: three-player", "gin_bonus: 30", "big_gin_bonus: 31")
    result = run("rules", "show", "club.yaml", "--json")
    assert result.exit_code == 0
    shown = json.loads(result.stdout)
    assert shown["rules"] == "club.yaml"
    assert shown["knobs"] == {name: default for name, (_check, default, _doc) in KNOBS.items()} | {
        "players": 3, "knock_limit": 10, "next_dealer": "box", "gin_bonus": 30, "big_gin_bonus": 31}
    assert shown["sources"] == dict.fromkeys(KNOBS, "default") | dict.fromkeys(
        ("players", "knock_limit", "next_dealer"), "three-player") | {
        "gin_bonus": "club.yaml:3", "big_gin_bonus": "club.yaml:4"}


def test_rules_show_a_club_file_names_the_line_of_each_change(folder):
    write(folder, "club.yaml", "extends: standard", "spade_double: true")
    lines = run("rules", "show", "club.yaml").stdout.splitlines()
    assert lines[0] == "rules: club.yaml"
    assert lines[3].split() == ["players", "2", "default"]
    assert lines[4].split() == ["knock_limit", "10", "standard"]
    assert lines[10].split() == ["spade_double", "true", "club.yaml:2"]


@pytest.mark.parametrize("args, stderr", [
    (["rules", "show", "okla"], UNKNOWN_OKLA),
    (["rules", "show", "bad.yaml"], "Error: unknown house rule 'undercut_bonuss' (did you mean 'undercut_bonus'?) (bad.yaml:2)\n"),
    (["rules", "show", "missing.yaml"], "Error: cannot read rules file 'missing.yaml': no such file\n"),
    (["rules", "check", "missing.yaml"], "Error: cannot read rules file 'missing.yaml': no such file\n"),
    (["rules", "show", "evil.yaml"],
     "Error: YAML tag '!!python/object/apply:os.system' is not allowed: only plain values are read (evil.yaml:1)\n"),
])
def test_rules_refusals_are_one_error_line_exit_2(folder, args, stderr):
    write(folder, "bad.yaml", "extends: classic", "undercut_bonuss: 15", "gin_bonus: lots")
    write(folder, "evil.yaml", 'gin_bonus: !!python/object/apply:os.system ["touch pwned"]')
    result = run(*args)
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", stderr)
    assert not (folder / "pwned").exists()


def test_rules_check_a_good_file(folder):
    write(folder, "club.yaml", "description: Thursday nights", "extends: tournament", "target: 300")
    result = run("rules", "check", "club.yaml")
    assert (result.exit_code, result.stdout, result.stderr) == (0, "club.yaml: ok\n", "")


@pytest.mark.parametrize("lines, stderr", [
    (["extends: classic", "undercut_bonuss: 15", "gin_bonus: lots", "players: 3"],
     "club.yaml:2: unknown house rule 'undercut_bonuss' (did you mean 'undercut_bonus'?)\n"
     "club.yaml:3: house rule 'gin_bonus' must be a whole number, not 'lots'\n"
     "club.yaml:4: three players need next_dealer: box, sitter or captain (the box player, the sitter, or the captain deals every hand)\n"),
    (["extends: club.yaml"], "club.yaml:1: extends cycle: club.yaml -> club.yaml\n"),
    (["extends: okla"], "club.yaml:1: " + UNKNOWN_OKLA[len("Error: "):]),
    (["- gin_bonus: 20"], "club.yaml:1: the top level must be a mapping of house rules, not a list\n"),
    ([], "club.yaml:1: empty rules file: expected 'knob: value' lines\n"),
    (["gin_bonus: 20", "gin_bonus: 30"], "club.yaml:2: house rule 'gin_bonus' given twice (first at line 1)\n"),
    (['!!python/object/apply:os.system ["touch pwned"]'],
     "club.yaml:1: YAML tag '!!python/object/apply:os.system' is not allowed: only plain values are read\n"),
])
def test_rules_check_prints_every_problem_and_exits_1(folder, lines, stderr):
    write(folder, "club.yaml", *lines)
    result = run("rules", "check", "club.yaml")
    assert (result.exit_code, result.stdout, result.stderr) == (1, "", stderr)
    assert not (folder / "pwned").exists()


def test_rules_check_a_syntax_error_names_the_line(folder):
    write(folder, "club.yaml", "gin_bonus: 20", "  target: 2")
    result = run("rules", "check", "club.yaml")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr.startswith("club.yaml:1: invalid YAML: line 2 is indented more than this line")
    assert result.stderr.count("\n") == 1


@pytest.mark.parametrize("args, example", [
    (["rules", "--help"], "gin-ref rules show classic"),
    (["rules", "show", "--help"], "gin-ref rules show club.yaml --json"),
    (["rules", "check", "--help"], "gin-ref rules check club.yaml"),
])
def test_help_gives_an_example(args, example):
    result = run(*args)
    assert result.exit_code == 0
    assert example in result.stdout


@pytest.mark.parametrize("text", ["target: " + "[" * 300 + "]" * 300, "target: !!int", "gin_bonus: !!bool maybe"])
@pytest.mark.parametrize("args, code", [(["rules", "show"], 2), (["rules", "check"], 1),
                                        (["check", "--upcard", "7D", *"AS 2S 3S 4H 4D 4C 7C 8C 9C 5D".split(),
                                          "--rules"], 2)])
def test_a_rules_file_pyyaml_cannot_build_is_one_error_line(folder, text, args, code):
    write(folder, "club.yaml", text)
    result = run(*args, "club.yaml")
    assert result.exit_code == code
    lines = (result.stderr or result.stdout).splitlines()
    assert len(lines) == 1 and "club.yaml:1" in lines[0], lines


def test_presets_are_package_data_found_from_any_folder(tmp_path):
    # importlib.resources finds them in the installed package: nothing depends on the current folder
    listed = installed("rules", cwd=tmp_path)
    assert (listed.returncode, listed.stdout, listed.stderr) == (0, PRESET_TABLE, "")
    shown = installed("rules", "show", "--json", "hollywood", cwd=tmp_path)
    assert json.loads(shown.stdout)["knobs"]["scoring"] == "hollywood"
    checked = installed("check", "--rules", "tournament", "--upcard", "2C", "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D",
                        cwd=tmp_path)
    assert checked.returncode == 0 and "limit     10 (house rules)" in checked.stdout


def test_every_default_is_the_oklahoma_preset_and_is_written_once():
    from gin_ref.core.rules import HouseRules
    from gin_ref.files.rulesfile import load_rules

    assert {name: knob.default for name, knob in KNOBS.items()} == load_rules("oklahoma").knobs()
    assert HouseRules().knobs() == {name: knob.default for name, knob in KNOBS.items()}
    assert list(KNOBS) == [name for name in HouseRules._fields if name != "name"]


def test_shared_options_say_what_the_match_file_does():
    from gin_ref.cli.options import MATCH_HELP
    from gin_ref.files import matchfile

    assert f"${matchfile.ENV_VAR}" in MATCH_HELP and matchfile.DEFAULT_FILE in MATCH_HELP


@pytest.mark.parametrize("command", ["check", "score", "tally", "verify", "history", "stats", "rules"])
def test_every_json_option_is_the_shared_one(command):
    from gin_ref.cli import main as group

    cmd = group.get_command(None, command)
    option = next(p for p in cmd.params if p.name == "as_json")
    assert option.opts == ["--json"] and option.is_flag
