"""Every console example of README.md and docs/*.md shows exactly what gin-ref prints (issue 25 item 1).

The rules a doc follows (hidden steps, `continue`, `...`, `terminal`) are in ``tests/docexamples.py``. A
failure names the doc, the line of the command, and the diff between the doc and what was printed."""

import pytest

import docexamples

BLOCKS = docexamples.all_blocks()
# A block played on a real terminal is slow (a process and a pseudo-terminal): it runs after the README's
# suite, as .ci/run does; the rest run in this process, in the README's suite.
PARAMS = [pytest.param(block, id=block.name, marks=[pytest.mark.slow] if "terminal" in block.options else [])
          for block in BLOCKS]


@pytest.fixture
def shell(monkeypatch):
    monkeypatch.setenv("COLUMNS", str(docexamples.COLUMNS))
    monkeypatch.setenv("GIN_REF_CACHE", "off")
    monkeypatch.delenv("GIN_REF_MATCH", raising=False)


_FOLDERS = {}
# The guides in Filipino and Slovak (issue 38 item 7) show the commands and the lines that stay English in
# every language (`= knock ...`), and leave out with `...` the output being translated: so each command of
# theirs must also succeed (`...` alone would pass a refusal), and a command they show but cannot run
# (`serve`, which runs until Ctrl-C) must be one gin-ref reads, with options it has.
GUIDES = ("docs/gabay.md", "docs/navod.md")


@pytest.mark.parametrize("block", PARAMS)
def test_the_example_prints_what_the_doc_shows(block, shell, tmp_path_factory, monkeypatch):
    if "terminal" in block.options:
        pytest.importorskip("pexpect")
    if "continue" in block.options:
        folder = _FOLDERS.get(block.doc)
        assert folder is not None, f"{block.name}: 'continue' but no block of {block.doc} ran before it"
    else:
        folder = docexamples.fresh_folder(tmp_path_factory.mktemp("doc") / "here")
    _FOLDERS[block.doc] = folder
    exits = []
    if block.doc in GUIDES:
        real = docexamples.run_command

        def recording(shown, command, where):
            output, code = real(shown, command, where)
            if code:
                exits.append(f"{shown.doc}:{command.line}: `{command.text}` exited {code}:\n{output}")
            return output, code

        monkeypatch.setattr(docexamples, "run_command", recording)
    try:
        docexamples.run_block(block, folder)
        failure = "\n".join(exits) or None
    except docexamples.Failure as caught:
        failure = str(caught)
    if failure is not None:
        pytest.fail(failure, pytrace=False)


def test_every_doc_with_commands_has_its_examples_found():
    """Every `$ gin-ref` line of a doc sits in a block the test runs (a plain ``` block would be skipped)."""
    for path in docexamples.docs():
        lines = path.read_text(encoding="utf-8").splitlines()
        run = {b.line + i for b in docexamples.blocks(path) for i in range(1, len(b.lines) + 1)}
        hidden, inside = set(), False  # the hidden steps of a <!-- doctest --> comment
        for n, line in enumerate(lines, 1):
            inside = inside or line.startswith("<!--")
            if inside:
                hidden.add(n)
            inside = inside and "-->" not in line
        stray = [n for n, line in enumerate(lines, 1)
                 if line.startswith("$ gin-ref") and n not in run and n not in hidden]
        assert stray == [], f"{path.name}: `$ gin-ref` lines outside a ```console block: lines {stray}"


def test_a_drift_is_reported_with_the_doc_the_line_and_the_diff(tmp_path, shell):
    block = docexamples.Block("docs/x.md", 10, "console", ["$ gin-ref check --upcard 7D A-3S 4HDC 7-9C 5D",
                                                           "limit     8 (upcard 7♦)", "..."])
    folder = docexamples.fresh_folder(tmp_path / "here")
    with pytest.raises(docexamples.Failure) as failure:
        docexamples.run_block(block, folder)
    text = str(failure.value)
    assert text.startswith("docs/x.md:11: the example differs")
    assert "-limit     8 (upcard 7♦)" in text and "+limit     7 (upcard 7♦)" in text



@pytest.mark.parametrize("guide", GUIDES)
def test_a_guide_is_run_and_shows_the_table_line_events_and_serve(guide):
    path = docexamples.ROOT / guide
    assert path in docexamples.docs(), f"{guide} is not among the docs whose examples run"
    run = {_command(command.text) for block in docexamples.blocks(path) for command in block.commands()}
    assert {"play", "event", "serve", "tally"} <= run, f"{guide} runs only {sorted(run)}"


def _command(text):
    """The gin-ref command a line runs (`printf ... | gin-ref --lang sk play ...` runs play)."""
    words = text.split()[text.split().index("gin-ref") + 1:]
    return words[2] if words[0] == "--lang" else words[0]


@pytest.mark.parametrize("guide", GUIDES)
def test_the_commands_a_guide_shows_without_running_have_those_options(guide, shell):
    from click.testing import CliRunner

    from gin_ref.cli import main

    text = (docexamples.ROOT / guide).read_text(encoding="utf-8").splitlines()
    shown = [line for start, fence in enumerate(text) if fence == "```text"
             for line in text[start + 1:text.index("```", start + 1)] if line.startswith("gin-ref ")]
    assert shown, f"{guide}: no command shown in a ```text block"
    for line in shown:
        result = CliRunner().invoke(main, [*line.split()[1:], "--help"], prog_name="gin-ref")
        assert result.exit_code == 0, f"{guide}: `{line}`: {result.output}"
