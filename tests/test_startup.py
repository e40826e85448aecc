"""A quick start (issue 28 item 4): a command loads only what it needs, and each shortcut taken for it gives
exactly what the slower way gave. The figures themselves are printed by benchmarks/bench_startup.py."""

import os
import re
import shutil
import subprocess
import sys

import pytest
import yaml
from click.testing import CliRunner

from gin_ref.files import yamlplain
from gin_ref.views import cells as text_view

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLE = os.path.join(HERE, "..", "examples", "oklahoma.yaml")
GIN_REF = shutil.which("gin-ref")


def _loaded_after(args, env=None):
    """The modules loaded once ``gin-ref ARGS`` has run (in a fresh process, as the console script runs it)."""
    code = ("import sys, io, contextlib\n"
            f"sys.argv = ['gin-ref'] + {args!r}\n"
            "from gin_ref.__main__ import run\n"
            "try:\n"
            "    with contextlib.redirect_stdout(io.StringIO()):\n"
            "        run()\n"
            "except SystemExit:\n"
            "    pass\n"
            "print('\\n'.join(sorted(sys.modules)))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env=dict(os.environ, **(env or {})))
    return set(done.stdout.split())


@pytest.mark.parametrize("command", ["tally", "verify"])
def test_a_command_that_reads_a_match_loads_no_yaml_wcwidth_or_tempfile(command):
    loaded = _loaded_after([command, "--match", EXAMPLE])
    # tally draws a grid: tabulate draws it (issue 42 item 6), and tabulate loads html and wcwidth (and, from
    # tabulate 0.10, importlib.metadata for its version, which loads tempfile and shutil)
    table = ("html", "wcwidth", "tabulate", "tempfile", "shutil") if command == "verify" else ()
    for heavy in ("yaml", "prompt_toolkit", "openskill", "confusable_homoglyphs") + table:
        assert heavy not in loaded, heavy
    # reading one match needs neither the club, nor export, nor the commands that read many matches
    for module in ("gin_ref.club", "gin_ref.views.export", "gin_ref.cli.history_cmds"):
        assert module not in loaded, module
    assert "gin_ref.match.model" in loaded  # (the command ran)


@pytest.mark.parametrize("args", [["verify", EXAMPLE], ["--version"], ["--help"], ["dead", "--help"]])
def test_a_command_that_draws_no_table_loads_no_tabulate(args):
    """tabulate is loaded by the first grid drawn (gin_ref.views.table), never at a command's start (issue 42
    item 6)."""
    loaded = _loaded_after(args)
    assert "tabulate" not in loaded and "wcwidth" not in loaded
    assert "gin_ref.views.table" not in loaded or args[0] != "--version"


def test_a_command_that_draws_a_table_draws_it_with_tabulate():
    assert "tabulate" in _loaded_after(["tally", "--match", EXAMPLE])


def test_the_version_alone_loads_no_click():
    loaded = _loaded_after(["--version"])
    assert "click" not in loaded and "gin_ref.cli" not in loaded


def test_a_command_ends_with_the_collector_frozen():
    """Python's last collection at exit walks no object the command leaves (docs/architecture.md, "Imports":
    the end of a command): ``gin_ref.cli`` freezes them as the process ends, after every exit handler
    registered after it (an exit handler registered before it, run after it, sees them frozen)."""
    code = ("import atexit, gc, sys\n"
            "atexit.register(lambda: print(gc.get_freeze_count() > 0))\n"
            "sys.argv = ['gin-ref', 'verify', '--match', sys.argv[1]]\n"
            "from gin_ref.__main__ import run\n"
            "run()\n")
    done = subprocess.run([sys.executable, "-c", code, EXAMPLE], capture_output=True, text=True)
    assert (done.returncode, done.stdout.splitlines()[-1]) == (0, "True")


def test_the_version_is_clicks_own_words():
    from gin_ref.cli import main

    expected = CliRunner().invoke(main, ["--version"])
    done = subprocess.run([GIN_REF, "--version"], capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr) == (0, expected.output, "")
    done = subprocess.run([GIN_REF, "--version", "tally"], capture_output=True, text=True)  # through click
    assert (done.returncode, done.stdout) == (0, expected.output)


def test_the_unsafe_characters_are_those_of_the_allowed_set_written_before():
    """UNSAFE_TEXT is written as the characters it refuses: the same set, at every code point, as the set
    written before as the characters allowed."""
    allowed = re.compile("[^\n\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]|[\u2028\u2029\ufeff]")
    every = "".join(map(chr, range(0x110000)))
    assert ([m.start() for m in yamlplain.UNSAFE_TEXT.finditer(every)] ==
            [m.start() for m in allowed.finditer(every)])


def test_the_narrow_characters_take_one_cell_each():
    from wcwidth import wcswidth, wcwidth

    for char in text_view.NARROW:
        assert wcwidth(char) == 1, char
    for sample in ("7♠ 8♥ 9♦ 10♣", "A♤-3♤ …", "§10 ½ × − · — – → ← ≥ ≤ €", "Zoë 7♠", "Ann\t9♠"):
        width = wcswidth(sample)
        expected = width if width >= 0 else sum(max(wcwidth(c), 1) for c in sample)
        assert text_view._cells.__wrapped__(sample) == expected, sample


@pytest.mark.parametrize("columns", [None, "", "abc", "0", "-5", "30", "120"])
def test_the_terminal_width_is_shutils(monkeypatch, columns):
    from gin_ref.cli.options import MIN_COLUMNS, terminal_width

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert terminal_width() == max(MIN_COLUMNS, shutil.get_terminal_size((80, 24)).columns)


def test_the_benchmark_prints_each_ratio():
    done = subprocess.run([sys.executable, os.path.join(HERE, "..", "benchmarks", "bench_startup.py"),
                           "--runs", "1", "--hands", "3", "--no-compile"], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    rows = [line.split() for line in done.stdout.splitlines()[1:]]
    assert [row[0] for row in rows] == ["python", "--version", "tally", "verify"]
    assert all(re.fullmatch(r"\d+\.\d\dx", row[5] if row[0] == "python" else row[3]) for row in rows)


def test_the_built_in_sha256_is_hashlibs():
    import hashlib

    from gin_ref.core.digest import sha256

    for data in (b"", b"gin-ref", bytes(range(256)) * 100):
        assert sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()


def test_a_command_that_reads_a_match_loads_no_openssl():
    assert "_hashlib" not in _loaded_after(["verify", "--match", EXAMPLE])


@pytest.mark.parametrize("token", ["0", "7", "30", "-5", "+12", "1000000", "9" * 40, "00", "012", "1_0", "0x1F",
                                   "1.0", "1:30", "-0", "٣"])
def test_a_whole_number_is_read_as_pyyaml_reads_it(token):
    from gin_ref.files.recordkeys import NUMBER
    from gin_ref.files.yamlfast import _scalar
    from gin_ref.files.yamlplain import Fallback

    try:
        mine = _scalar(token, NUMBER)
    except Fallback:
        mine = "fallback"
    theirs = yaml.safe_load(f"k: {token}")["k"]
    if re.fullmatch(r"-?(0|[1-9][0-9]*)", token):  # decimal, as the writer writes it: read as PyYAML reads it
        assert (mine, type(mine)) == (theirs, int)
    else:  # any other spelling of a number is left to PyYAML
        assert mine == "fallback"


@pytest.mark.parametrize("env,args", [({"LANG": "sk_SK.UTF-8"}, []), ({"LANG": "C"}, ["--lang", "fil"])])
def test_a_command_in_a_language_runs_no_gettext_search(monkeypatch, env, args):
    """The catalogue is opened by its name, and click is asked for none of its words while a command that
    says none runs (the help option, --version and --match say theirs when shown): gettext's search, which
    loads the locale module, costs a command about 1.5 M instructions a lookup (bench_startup.py)."""
    for name in ("GIN_REF_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    loaded = _loaded_after(args + ["tally", "--match", EXAMPLE], env=env)
    assert "gin_ref.desk.mofile" in loaded  # (the catalogue was read)
    assert "locale" not in loaded


@pytest.mark.parametrize("language", ["en", "sk", "fil"])
def test_the_match_option_refuses_an_unreadable_file_in_clicks_words(monkeypatch, language):
    import click

    from gin_ref.cli.helptext import speak_in_click, keep_environment
    from gin_ref.cli.options import FILE_NAME
    from gin_ref.desk.language import settle

    said = []
    with keep_environment():
        speak_in_click(settle(language))
        monkeypatch.setattr(os, "access", lambda path, mode: False)
        for kind in (FILE_NAME, click.Path()):
            with pytest.raises(click.BadParameter) as raised:
                kind.convert(EXAMPLE, None, None)
            said.append(raised.value.message)
        monkeypatch.undo()
        settle("en")
    assert said[0] == said[1] and "oklahoma.yaml" in said[0]
    assert FILE_NAME.convert("", None, None) == "" and FILE_NAME.convert("no/such.yaml", None, None) == "no/such.yaml"
