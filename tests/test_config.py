"""gin_ref.files.rulesfile: presets, club files with extends, and every way a rules file can be wrong."""

import pytest
import yaml

from gin_ref.files import rulesyaml
from gin_ref.files.presets import preset_path
from gin_ref.files.rulesfile import check_rules_file, explain_rules, list_presets, load_rules
from gin_ref.core.errors import RulesError
from gin_ref.core.rules import KNOBS, PRESET_NAMES

DEFAULTS = {name: default for name, (_check, default, _doc) in KNOBS.items()}
CLASSIC = {"knock_limit": 10, "gin_bonus": 20, "undercut_bonus": 10, "box_bonus": 20, "game_bonus": 100,
           "shutout": "double_game_bonus", "next_dealer": "loser"}
PRESETS = {
    "oklahoma": {},
    "three-player": {"players": 3, "knock_limit": 10, "next_dealer": "box"},
    "standard": {"knock_limit": 10},
    "classic": CLASSIC,
    "hollywood": {**CLASSIC, "scoring": "hollywood"},
    "tournament": {"knock_limit": 10, "gin_bonus": 25, "undercut_bonus": 25, "big_gin_bonus": 31,
                   "box_bonus": 25, "game_bonus": 100, "target": 250},
}
# The libyaml loader when PyYAML has it, and the pure-Python fallback.
LOADERS = [loader for loader in (getattr(yaml, "CSafeLoader", None), yaml.SafeLoader) if loader]
UNKNOWN_OKLA = ("unknown rules 'okla': not a preset (oklahoma, three-player, standard, classic, hollywood, "
                "tournament, oklahoma-club) nor a file")


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A scratch folder that is also the working directory, so paths in messages are short."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write(folder, name, *lines):
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def refusal(spec):
    with pytest.raises(RulesError) as info:
        load_rules(spec)
    assert info.value.exit_code == 2
    return str(info.value)


@pytest.mark.parametrize("name, changes", PRESETS.items())
def test_every_preset_loads_with_its_knobs(name, changes):
    rules = load_rules(name)
    assert rules.knobs() == {**DEFAULTS, **changes}
    assert rules.name == name


def test_no_spec_is_oklahoma():
    assert load_rules() == load_rules("oklahoma")
    assert load_rules().name == "oklahoma"


def test_list_presets_in_rules_order_each_described():
    presets = list_presets()
    assert [name for name, _text in presets] == list(PRESET_NAMES)
    assert all(isinstance(text, str) and text for _name, text in presets)


def test_preset_path_and_unknown_preset():
    assert preset_path("classic").name == "classic.yaml"
    assert preset_path("classic").is_file()
    with pytest.raises(RulesError, match=r"^unknown preset 'okla' \(presets: oklahoma, three-player, "):
        preset_path("okla")


def test_explain_preset_chain():
    rules, sources = explain_rules("hollywood")
    assert rules.scoring == "hollywood"
    assert sources == {**dict.fromkeys(KNOBS, "default"), **dict.fromkeys(CLASSIC, "classic"),
                       "scoring": "hollywood"}


def test_extends_chain_with_overrides_and_relative_paths(folder):
    write(folder, "shared/base.yaml", "# the club's base", "extends: classic", "gin_bonus: 30", "target: 150")
    write(folder, "club/club.yaml", "description: Thursday nights", "extends: ../shared/base.yaml",
          "target: 200", "spade_double: yes")
    rules, sources = explain_rules("club/club.yaml")
    assert rules.knobs() == {**DEFAULTS, **CLASSIC, "gin_bonus": 30, "target": 200, "spade_double": True}
    assert rules.name == "club/club.yaml"
    assert sources == {**dict.fromkeys(KNOBS, "default"), **dict.fromkeys(CLASSIC, "classic"),
                       "gin_bonus": "club/../shared/base.yaml:3", "target": "club/club.yaml:3",
                       "spade_double": "club/club.yaml:4"}


def test_file_without_extends_starts_from_the_defaults(folder):
    path = write(folder, "club.yaml", "undercut_bonus: 15")
    rules, sources = explain_rules(path)
    assert rules.knobs() == {**DEFAULTS, "undercut_bonus": 15}
    assert rules.name == str(path)
    assert sources["undercut_bonus"] == f"{path}:1"
    assert sources["gin_bonus"] == "default"


@pytest.mark.parametrize("line, knob, value", [
    ("shutout: none", "shutout", "none"),
    ("big_gin_bonus: ~", "big_gin_bonus", None),
    ("big_gin_bonus: null", "big_gin_bonus", None),
    ("spade_double: on", "spade_double", True),
    ("discard_taken_card: no", "discard_taken_card", False),
    ("knock_limit: upcard", "knock_limit", "upcard"),
    ("knock_limit: 0", "knock_limit", 0),
    ("'gin_bonus': 22", "gin_bonus", 22),
])
def test_yaml_values(folder, line, knob, value):
    write(folder, "club.yaml", line)
    assert getattr(load_rules("club.yaml"), knob) == value


def test_merge_keys_are_read(folder):
    write(folder, "club.yaml", "<<: {gin_bonus: 30, target: 150}", "undercut_bonus: 5")
    assert load_rules("club.yaml").knobs() == {**DEFAULTS, "gin_bonus": 30, "target": 150, "undercut_bonus": 5}


def test_existing_file_without_yaml_ending_is_a_path_but_a_preset_name_wins(folder):
    write(folder, "thursday", "gin_bonus: 30")
    write(folder, "classic", "gin_bonus: 30")
    assert load_rules("thursday").gin_bonus == 30
    assert load_rules("classic").gin_bonus == 20


@pytest.mark.parametrize("lines, message", [
    (["extends: classic", "# typo below", "", "undercut_bonuss: 15"],
     "unknown house rule 'undercut_bonuss' (did you mean 'undercut_bonus'?) (club.yaml:4)"),
    (["gin_bonus: lots"], "house rule 'gin_bonus' must be a whole number, not 'lots' (club.yaml:1)"),
    (["spade_double: 1"], "house rule 'spade_double' must be true or false, not 1 (club.yaml:1)"),
    (["shutout: never"],
     "house rule 'shutout' must be one of none, double_game_bonus, double_total, flat, not 'never' (club.yaml:1)"),
    (["target: 100", "dead_hand_stock: 40"], "house rule 'dead_hand_stock' must be 0 to 31, not 40 (club.yaml:2)"),
    (["knock_limit: 11"], "house rule 'knock_limit' must be 'upcard' or 0 to 10, not 11 (club.yaml:1)"),
    (["undercut_bonus: -5"], "house rule 'undercut_bonus' must be 0 to 10000, not -5 (club.yaml:1)"),
    (["gin_bonus: !!int lots"], "cannot read the value of 'gin_bonus': cannot read 'lots' as a whole number (club.yaml:1)"),
    (["gin_bonus: 20", "gin_bonus: 30"], "house rule 'gin_bonus' given twice (first at line 1) (club.yaml:2)"),
    (["? [a, b]", ": 1"], "a house rule name must be plain text (club.yaml:1)"),
    (["description: 3"], "'description' must be text, not 3 (club.yaml:1)"),
    (["extends: [classic]"], "'extends' must be a preset name or a file path, not a list (club.yaml:1)"),
    (["extends: okla"], UNKNOWN_OKLA + " (club.yaml:1)"),
    (["extends: base.yaml"], "cannot read rules file 'base.yaml': no such file (club.yaml:1)"),
    (["players: 3"],
     "three players need next_dealer: box, sitter or captain (the box player, the sitter, or the captain deals every hand) (club.yaml:1)"),
    (["extends: three-player", "gin_bonus: 20", "players: 2"],
     "next_dealer: box is only for three players (club.yaml:3)"),
    (["extends: hollywood", "players: 3", "next_dealer: box"], "Hollywood scoring is for two players (club.yaml:2)"),
    (["- gin_bonus: 20"], "the top level must be a mapping of house rules, not a list (club.yaml:1)"),
    (["classic"], "the top level must be a mapping of house rules, not a single value (club.yaml:1)"),
    ([], "empty rules file: expected 'knob: value' lines (club.yaml:1)"),
    (["# only a comment"], "empty rules file: expected 'knob: value' lines (club.yaml:1)"),
])
def test_bad_files_are_refused_with_file_and_line(folder, lines, message):
    write(folder, "club.yaml", *lines)
    assert refusal("club.yaml") == message


@pytest.mark.parametrize("loader", LOADERS, ids=lambda loader: loader.__name__)
@pytest.mark.parametrize("lines, line, problem", [
    (["gin_bonus: [1", "target: 2"], 1, "while parsing a flow sequence, "),  # the line the list opens on
    (["gin_bonus: 20", "  target: 2"], 1, "line 2 is indented more than this line, so YAML reads it as going on "
                                        "with this line's value (mapping values are not allowed "),
    (["gin_bonus: 20", "---", "target: 2"], 2,
     "expected a single document in the stream, but found another document"),
    (['description: "open', "gin_bonus: 20"], 1, "while scanning a quoted scalar, found unexpected end of stream"),
    (["gin_bonus: 20", "target: \x01"], 2, "character #x0001: "),
])
def test_yaml_syntax_errors_give_the_line(folder, monkeypatch, loader, lines, line, problem):
    # The two loaders word some problems differently: the start of the message and the line are exact.
    monkeypatch.setattr(rulesyaml, "_Loader", loader)
    write(folder, "club.yaml", *lines)
    message = refusal("club.yaml")
    assert message.startswith(f"invalid YAML: {problem}")
    assert message.endswith(f" (club.yaml:{line})")
    assert check_rules_file("club.yaml") == [f"club.yaml:{line}: {message[:-len(' (club.yaml:0)')]}"]


def test_not_utf8_is_refused(folder):
    (folder / "club.yaml").write_bytes(b"gin_bonus: \xff\n")
    assert refusal("club.yaml") == "not UTF-8 text (club.yaml:1)"


@pytest.mark.parametrize("files, where, message", [
    ({"a.yaml": ["extends: a.yaml"]}, "a.yaml:1", "extends cycle: a.yaml -> a.yaml"),
    ({"a.yaml": ["extends: b.yaml"], "b.yaml": ["gin_bonus: 20", "extends: ./a.yaml"]},
     "b.yaml:2", "extends cycle: a.yaml -> b.yaml -> a.yaml"),
    ({"a.yaml": ["extends: b.yaml"], "b.yaml": ["extends: c.yaml"], "c.yaml": ["extends: b.yaml"]},
     "c.yaml:1", "extends cycle: a.yaml -> b.yaml -> c.yaml -> b.yaml"),
])
def test_extends_cycles_are_refused(folder, files, where, message):
    for name, lines in files.items():
        write(folder, name, *lines)
    assert refusal("a.yaml") == f"{message} ({where})"
    assert check_rules_file("a.yaml") == [f"{where}: {message}"]


@pytest.mark.parametrize("spec, message", [
    ("okla", UNKNOWN_OKLA),
    ("club.yaml", "cannot read rules file 'club.yaml': no such file"),
    ("rules/club", "cannot read rules file 'rules/club': no such file"),
    ("", "unknown rules '': not a preset (oklahoma, three-player, standard, classic, hollywood, tournament, oklahoma-club) "
         "nor a file"),
])
def test_unknown_rules_and_missing_files(folder, spec, message):
    assert refusal(spec) == message


@pytest.mark.parametrize("lines", [
    ['!!python/object/apply:os.system ["touch pwned"]'],
    ['gin_bonus: !!python/object/apply:os.system ["touch pwned"]'],
    ["extends: classic", 'target: [1, !!python/object/new:os.system ["touch pwned"]]'],
])
@pytest.mark.parametrize("loader", LOADERS, ids=lambda loader: loader.__name__)
def test_python_tags_are_refused_and_nothing_runs(folder, monkeypatch, loader, lines):
    monkeypatch.setattr(rulesyaml, "_Loader", loader)
    write(folder, "evil.yaml", *lines)
    line = len(lines)
    tag = "!!python/object/new:os.system" if "new" in lines[-1] else "!!python/object/apply:os.system"
    message = f"YAML tag '{tag}' is not allowed: only plain values are read"
    assert refusal("evil.yaml") == f"{message} (evil.yaml:{line})"
    assert check_rules_file("evil.yaml") == [f"evil.yaml:{line}: {message}"]
    assert not (folder / "pwned").exists()


def test_check_collects_every_problem_in_one_pass(folder):
    write(folder, "base.yaml", "extends: classic", "gin_bonus: many")
    write(folder, "club.yaml", "extends: base.yaml", "undercut_bonuss: 15", "target: 0", "players: 3",
          "shutout: never", "spade_double: true")
    assert check_rules_file("club.yaml") == [
        "club.yaml:2: unknown house rule 'undercut_bonuss' (did you mean 'undercut_bonus'?)",
        "club.yaml:3: house rule 'target' must be 1 to 1000000000, not 0",
        "club.yaml:5: house rule 'shutout' must be one of none, double_game_bonus, double_total, flat, not 'never'",
        "base.yaml:2: house rule 'gin_bonus' must be a whole number, not 'many'",
        "club.yaml:4: three players need next_dealer: box, sitter or captain (the box player, the sitter, or the captain deals every hand)",
    ]


def test_check_leaves_out_a_cross_knob_problem_whose_knob_was_refused(folder):
    write(folder, "club.yaml", "players: 3", "next_dealer: boxx")
    assert check_rules_file("club.yaml") == [
        "club.yaml:2: house rule 'next_dealer' must be one of winner, loser, alternate, box, sitter, captain, not 'boxx'",
    ]


def test_check_a_good_file_and_a_missing_one(folder):
    write(folder, "club.yaml", "description: ok", "extends: tournament", "target: 300")
    assert check_rules_file("club.yaml") == []
    with pytest.raises(RulesError, match=r"^cannot read rules file 'nope.yaml': no such file$"):
        check_rules_file("nope.yaml")


def test_check_an_empty_file(folder):
    write(folder, "empty.yaml")
    assert check_rules_file("empty.yaml") == ["empty.yaml:1: empty rules file: expected 'knob: value' lines"]


@pytest.mark.parametrize("loader", LOADERS, ids=lambda loader: loader.__name__)
@pytest.mark.parametrize("depth", [99, 246, 1000, 5000])
def test_a_deeply_nested_file_is_refused_never_a_recursion_error(folder, monkeypatch, loader, depth):
    monkeypatch.setattr(rulesyaml, "_Loader", loader)
    write(folder, "deep.yaml", "gin_bonus: 20", "target: " + "[" * depth + "]" * depth)
    problems = check_rules_file("deep.yaml")
    if depth < 100:
        assert problems == ["deep.yaml:2: house rule 'target' must be a whole number, not a list"]
    else:  # ours, or (newer PyYAML builds stop deep flow collections themselves) PyYAML's own words
        assert len(problems) == 1 and problems[0].startswith("deep.yaml:2: ")
        assert problems[0].endswith(("nested too deeply: more than 100 levels", "exceeded maximum nesting depth"))
    with pytest.raises(RulesError):
        load_rules("deep.yaml")


@pytest.mark.parametrize("loader", LOADERS, ids=lambda loader: loader.__name__)
@pytest.mark.parametrize("value, problem", [
    ("!!int", "cannot read '' as a whole number"),
    ("!!float ''", "cannot read '' as a number"),
    ("!!bool maybe", "cannot read 'maybe' as true or false"),
    ("!!timestamp x", "cannot read 'x' as a date or time"),
    ("[1, !!int '']", "cannot read it"),
])
def test_a_tag_pyyaml_cannot_build_is_refused_at_its_line(folder, monkeypatch, loader, value, problem):
    monkeypatch.setattr(rulesyaml, "_Loader", loader)
    write(folder, "club.yaml", "gin_bonus: 20", f"target: {value}")
    message = f"cannot read the value of 'target': {problem}"
    assert refusal("club.yaml") == f"{message} (club.yaml:2)"
    assert check_rules_file("club.yaml") == [f"club.yaml:2: {message}"]
