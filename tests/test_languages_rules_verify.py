"""Problems the command line listed in English under another language (#38, a reviewer's finds): ``rules
check``'s problems, ``verify``'s per-file problems and the preset list's descriptions are said in Filipino and
Slovak, and English says what it always said, byte for byte.
"""

import pytest
from click.testing import CliRunner

from gin_ref.cli import main
from test_languages import kept_by_glossary
from test_languages_cli import _english_pieces

LANGUAGES = ["fil", "sk"]


def _english(text, lang):
    """The catalogue's English pieces in ``text``, but for the glossary's terms kept in English."""
    kept = kept_by_glossary(lang)
    return [piece for piece in _english_pieces(text) if not any(piece in term for term in kept)]


def _run(*args):
    result = CliRunner().invoke(main, list(args), prog_name="gin-ref")
    return result.exit_code, result.stdout + result.stderr


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name in ("GIN_REF_LANG", "GIN_REF_MATCH"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C")
    (tmp_path / "club.yaml").write_text("extends: oklahoma\ngin_bonus: lots\nfoo_knob: 3\n")
    (tmp_path / "club2.yaml").write_text("extends: nowhere\n")
    (tmp_path / "junk.yaml").write_bytes(b"\xff\xfe\x00garbage\n")
    return tmp_path


RULES_CHECK_ENGLISH = ("club.yaml:2: house rule 'gin_bonus' must be a whole number, not 'lots'\n"
                       "club.yaml:3: unknown house rule 'foo_knob'\n")


def test_rules_check_english_is_as_it_was(folder):
    assert _run("rules", "check", "club.yaml") == (1, RULES_CHECK_ENGLISH)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", ["club.yaml", "club2.yaml"])
def test_rules_check_says_its_problems_in_the_language(folder, lang, path):
    code, output = _run("--lang", lang, "rules", "check", path)
    assert code == 1 and output.startswith(path + ":")
    assert _english(output, lang) == [], output


VERIFY_ENGLISH = ("junk.yaml:1: not UTF-8 text: the file is damaged\n"
                  "cut.yaml:{last}: the record has no end line ('end: {{hands: N}}' last): the file was cut short "
                  "or its end deleted\n"
                  "Error: cannot read nothere.yaml: no such file\n")


@pytest.fixture
def records(folder):
    """A file that is not UTF-8, a record whose end line was cut off, and a name of no file."""
    assert _run("new", "--match", "cut.yaml", "Ann", "Ben", "--dealer", "Ann", "--date", "2024-05-01")[0] == 0
    assert _run("knock", "--match", "cut.yaml", "--upcard", "7D", "Ben", "5", "--defender", "23")[0] == 0
    lines = (folder / "cut.yaml").read_text().splitlines(keepends=True)
    assert lines[-1].startswith("end:")
    (folder / "cut.yaml").write_text("".join(lines[:-1]))
    return ("junk.yaml", "cut.yaml", "nothere.yaml"), len(lines) - 1


def test_verify_english_is_as_it_was(records):
    files, last = records
    assert _run("verify", *files) == (1, VERIFY_ENGLISH.format(last=last))
    code, output = _run("verify", "--json", *files)  # --json's message: English, whatever the language
    assert code == 1 and _run("--lang", "sk", "verify", "--json", *files) == (code, output)
    assert "not UTF-8 text: the file is damaged" in output and "cannot read nothere.yaml: no such file" in output


@pytest.mark.parametrize("lang", LANGUAGES)
def test_verify_says_each_files_problem_in_the_language(records, lang):
    files, last = records
    code, output = _run("--lang", lang, "verify", *files)
    assert code == 1 and output.count("\n") == 3
    assert output.startswith("junk.yaml:1: ") and f"cut.yaml:{last}: " in output
    assert _english(output, lang) == [], output
    assert "damaged" not in output and "no such file" not in output, output


def test_every_presets_description_is_in_the_catalogue():
    from gin_ref.cli.rules_cmds import PRESET_DESCRIPTIONS
    from gin_ref.desk.rules import presets

    assert sorted(text for _name, text in presets()) == sorted(PRESET_DESCRIPTIONS)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_preset_list_is_said_in_the_language(folder, lang):
    english = _run("rules")[1]
    assert english.splitlines()[0].split() == ["preset", "description"]
    code, output = _run("--lang", lang, "rules")
    assert code == 0 and output.splitlines()[0].split()[0] == "preset" and "description" not in output
    assert "the first upcard sets the knock limit" not in output and "two players" not in output, output
    assert _run("--lang", lang, "rules", "--json") == _run("rules", "--json")  # JSON: the files' own words
