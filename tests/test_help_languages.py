"""The command line's help and click's own words in Filipino and Slovak (#38 item 2, docs/languages.md):
every command's help, option help and docstring through the catalogue, said when shown (so under CliRunner
too), click's messages ("Usage:", "No such option") in the language settled, English as it was, and the
committed template the sources' own."""

import functools
import importlib
import os
import runpy
import subprocess
import sys
from pathlib import Path

import click
import pytest
from babel.messages.pofile import read_po
from click.testing import CliRunner

from gin_ref.cli import COMMANDS, main
from gin_ref.cli import helptext
from gin_ref.cli.history_cmds import FormatsOption
from gin_ref.desk.exports import FORMATS
from gin_ref.desk import language

ROOT = Path(__file__).resolve().parent.parent
LOCALE = Path(language.LOCALE_DIR)
LANGUAGES = ["fil", "sk"]
USAGE = {"fil": "Paggamit:", "sk": "Použitie:"}
SHOW_HELP = {"fil": "Ipakita ang mensaheng ito at lumabas.", "sk": "Zobraziť tohto pomocníka a skončiť."}


@functools.lru_cache(maxsize=None)
def _catalogue(lang=None):
    path = LOCALE / "gin_ref.pot" if lang is None else LOCALE / lang / "LC_MESSAGES" / "gin_ref.po"
    with open(path, "rb") as stream:
        return {message.id: message.string for message in read_po(stream) if message.id}


@functools.lru_cache(maxsize=None)
def all_commands():
    """Every command of the command line by the words that run it: the group, each command, the commands of
    each group command, and the commands a command hands its arguments to (``amend result``)."""
    found = {"": main}
    context = click.Context(main, info_name="gin-ref")
    for name in COMMANDS:
        command = main.get_command(context, name)
        found[name] = command
        if isinstance(command, click.Group):
            for sub in command.list_commands(context):
                found[f"{name} {sub}"] = command.get_command(context, sub)
    for module in set(COMMANDS.values()):
        for value in vars(importlib.import_module(f"gin_ref.cli.{module}")).values():
            if isinstance(value, click.Command) and value not in found.values():
                found[value.name] = value
    return found


COMMAND_LINES = sorted(all_commands())


def help_messages(command):
    """The English messages a command's help is said with: its help's paragraphs, its options' help."""
    messages = [message for _kept, message in helptext.paragraphs(command.english_help or "")]
    for param in command.params:
        if isinstance(param, FormatsOption):  # export --format: the desk's registry of formats says its words
            messages += [entry.help for entry in FORMATS.values()]
        elif isinstance(param, helptext.Option) and param._english_help:
            messages.append(param._english_help)
    return messages


@pytest.mark.parametrize("words", COMMAND_LINES)
def test_every_command_says_its_help_through_the_catalogue(words):
    """Each command and each of its options is of gin-ref's classes (its help said when shown), and every
    message of its help is in the template and translated in each language (not left as its English)."""
    command = all_commands()[words]
    assert isinstance(command, helptext.Command) or isinstance(command, helptext.Group), words
    for param in command.params:
        assert isinstance(param, (helptext.Option, helptext.Argument)), (words, param.name)
    messages = help_messages(command)
    assert messages, f"'gin-ref {words}' has no help"
    template = _catalogue()
    for lang in LANGUAGES:
        translated = _catalogue(lang)
        for message in messages:
            assert message in template, f"not in the template (python /work/wt/catalogue.py): {message!r}"
            assert translated[message] and translated[message] != message, (lang, message)


@pytest.fixture
def gin_ref(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)

    def run(args):
        return CliRunner().invoke(main, args, prog_name="gin-ref")
    return run


@functools.lru_cache(maxsize=None)
def english_help(words):
    return CliRunner().invoke(main, words.split() + ["--help"], prog_name="gin-ref").output


@pytest.mark.parametrize("lang", [pytest.param("fil", marks=pytest.mark.slow), "sk"])
def test_every_help_is_said_in_the_language(gin_ref, lang):
    """Every command's --help under --lang differs from the English, and says click's own words and each
    option's help in the language (the option's first words, as the translation begins)."""
    translated = _catalogue(lang)
    for words in COMMAND_LINES:
        args = words.split()
        said = gin_ref(["--lang", lang] + args + ["--help"])
        assert said.exit_code == 0, words
        assert said.output != english_help(words), words
        assert said.output.startswith(USAGE[lang]) and SHOW_HELP[lang] in said.output, words
        for message in help_messages(all_commands()[words]):
            first = " ".join(translated[message].split()[:3])
            assert first in " ".join(said.output.split()), (words, message)


def test_english_help_is_the_help_as_written(gin_ref):
    """In English no catalogue is read: a command's help is its docstring, an option's its help, as written."""
    for words, command in all_commands().items():
        assert command.help == command.english_help
        for param in command.params:
            if isinstance(param, helptext.Option) and not isinstance(param, FormatsOption):
                assert param.help == param._english_help
    result = gin_ref(["tally", "--help"])
    assert result.output.startswith("Usage: gin-ref tally [OPTIONS] [FILE]")
    assert "Show this message and exit." in result.output and "Where the match stands" in result.output


def test_the_language_of_one_call_ends_with_it(gin_ref, monkeypatch):
    """A --lang sk call in the same process leaves the next call English: click's help option made again,
    the environment's LANGUAGE as it was."""
    monkeypatch.setenv("LANGUAGE", "fil")
    assert "Použitie:" in gin_ref(["--lang", "sk", "verify", "--help"]).output
    assert os.environ["LANGUAGE"] == "fil"
    english = gin_ref(["--lang", "en", "verify", "--help"]).output
    assert english.startswith("Usage:") and "Show this message and exit." in english and "Zobraziť" not in english


def test_clicks_usage_error_in_slovak_and_english(gin_ref):
    slovak = gin_ref(["--lang", "sk", "tally", "--bogus"])
    assert slovak.exit_code == 2 and "voľba '--bogus' neexistuje" in slovak.stderr
    assert "(pozrite si 'gin-ref tally --help')" in slovak.stderr  # where the help is: said in the language too
    assert len(slovak.stderr.splitlines()) == 1
    missing = gin_ref(["--lang", "fil", "knock"])
    assert missing.exit_code == 2 and "kulang ang argument 'PLAYER'" in missing.stderr
    assert "(tingnan ang 'gin-ref knock --help')" in missing.stderr
    english = gin_ref(["tally", "--bogus"])
    assert english.exit_code == 2 and "no such option '--bogus' (see 'gin-ref tally --help')" in english.stderr


def test_lang_en_wins_over_the_environment_for_clicks_words(gin_ref, monkeypatch):
    monkeypatch.delenv("GIN_REF_LANG")
    monkeypatch.setenv("LANG", "sk_SK.UTF-8")
    assert gin_ref(["tally", "--bogus"]).stderr.startswith("Error: voľba")
    assert gin_ref(["--lang", "en", "tally", "--bogus"]).stderr.startswith("Error: no such option")


@pytest.mark.slow  # (a process of its own: tests/test_languages.py has the fast one)
def test_the_installed_command_says_its_help_and_clicks_words():
    """The command as installed, from /: --lang fil before the command, the help and click's headings."""
    env = {key: value for key, value in os.environ.items() if key not in ("GIN_REF_LANG", "LANGUAGE")}
    done = subprocess.run([sys.executable, "-m", "gin_ref", "--lang", "fil", "deal", "--help"], cwd="/", env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("Paggamit: gin-ref deal")
    assert "Simulan ang susunod na round" in done.stdout and "Mga option:" in done.stdout


def _singular(message):
    return message[0] if isinstance(message, tuple) else message


@pytest.mark.slow  # (Babel reads every module: about 1.5 s)
def test_committed_template_is_a_fresh_extraction():
    """gin_ref/locale/gin_ref.pot holds exactly the messages the sources give (babel.cfg, docs/languages.md's
    command): a message added or changed without `python /work/wt/catalogue.py` fails here. (A catalogue
    holds one message a singular: click 8.1's other plural of "Did you mean {possibility}?" shares 8.5's.)"""
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    with open(ROOT / "babel.cfg", encoding="utf-8") as stream:
        method_map, options_map = parse_mapping_cfg(stream)
    from babel.messages.extract import DEFAULT_KEYWORDS

    # pybabel extract's keywords: Babel's defaults (``_`` among them: serve says ``gettext as _``) and ours
    keywords = dict(DEFAULT_KEYWORDS, **{"N_": None, "Nn_": (1, 2), "gettext": None, "ngettext": (1, 2)})
    package = str(ROOT / "gin_ref")
    found = extract_from_dir(str(ROOT), method_map, options_map, keywords,
                             directory_filter=lambda path: path == str(ROOT) or path.startswith(package))
    extracted = {_singular(message) for _file, _line, message, _comments, _context in found}
    assert extracted == {_singular(message) for message in _catalogue()}


def test_clicks_messages_are_all_in_the_catalogue():
    """Every message the installed click says is in gin_ref/cli/click_words.py (benchmarks/click_messages.py
    --check), and so in the template, translated."""
    script = runpy.run_path(str(ROOT / "benchmarks" / "click_messages.py"))
    listed = (ROOT / "gin_ref" / "cli" / "click_words.py").read_text(encoding="utf-8")
    template = _catalogue()
    for message in script["collect"]([]):
        assert script["_made"](message) in listed, f"run benchmarks/click_messages.py: {message!r} is new"
        assert message in template or _singular(message) in {_singular(key) for key in template}, message


def test_a_command_typed_in_a_session_speaks_the_sessions_language(tmp_path):
    """``play``'s session runs each typed command through the group again, without ``--lang``: it spoke the
    environment's GIN_REF_LANG (fil) instead of the session's ``--lang sk``."""
    import subprocess
    import sys

    env = dict(os.environ, GIN_REF_LANG="fil")
    done = subprocess.run([sys.executable, "-m", "gin_ref", "--lang", "sk", "play"], input="knock\n",
                          capture_output=True, text=True, cwd=tmp_path, env=env, timeout=60)
    said = done.stdout + done.stderr
    assert "chýba argument 'PLAYER'" in said and "kulang ang argument" not in said, said


@pytest.mark.parametrize("lang", ["fil", "sk"])
def test_exports_output_option_names_file_as_its_help_does_in_every_language(lang):
    """``--output FILE``, as its help ('Write to FILE') and every other option's FILE: click's Path type named
    it in the language of the process's first import of the command ('--output SÚBOR' over 'Zapísať do
    FILE', and SÚBOR for every later call of that process in any language). A process of its own: the
    command's module is first imported under the language."""
    said = subprocess.run([sys.executable, "-m", "gin_ref", "--lang", lang, "export", "--help"],
                          capture_output=True, text=True, check=True).stdout
    assert "-o, --output FILE " in said
