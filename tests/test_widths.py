"""Every line for people fits the terminal in display cells (issue 25 item 2): every command of gin-ref,
run with long names, Hollywood, three players and wide East Asian names (``tests/widths.py``), at 80
columns (the default) and at 40 (the least); every --help at 80. --json, CSV and Markdown are exempt."""

import pytest
from click.testing import CliRunner

import widths
from gin_ref.cli import main


@pytest.fixture(scope="module")
def measured(tmp_path_factory):
    return {columns: widths.measure(tmp_path_factory.mktemp(f"w{columns}"), columns) for columns in (80, 40)}


@pytest.mark.parametrize("columns", [80, 40])
def test_every_commands_output_fits_in_display_cells(measured, columns):
    over = [f"{width} cells: gin-ref {command} ({scene}):\n  {line}"
            for scene, command, width, line in measured[columns]
            if width > columns and not (scene == "help" and columns < 80)]
    assert over == [], "\n".join(over)


def test_the_measure_covers_every_command(measured):
    from gin_ref.cli import COMMANDS

    run = {command.split()[0] for _scene, command, _w, _l in measured[80] if "--help" not in command}
    assert set(COMMANDS) - {"play"} <= run  # play is measured through the doc examples and its own tests


def test_wide_names_are_measured_in_cells_not_characters(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "80")
    runner = CliRunner()
    runner.invoke(main, ["new", "--dealer", widths.WIDE_C, widths.WIDE_C, widths.WIDE_B])
    runner.invoke(main, ["knock", "--upcard", "9H", widths.WIDE_B, "5", "--defender", "23"])
    out = runner.invoke(main, ["tally"]).stdout
    header = next(line for line in out.splitlines() if line.lstrip().startswith("hand"))
    assert header.endswith("長谷川一二…  李小龍")  # 9 characters but 18 cells: shortened to 12 cells
    assert max(widths.cells(line) for line in out.splitlines()) <= 80


def test_columns_below_40_are_taken_as_40(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "20")
    out = CliRunner().invoke(main, ["new", "--dealer", widths.LONG_A, widths.LONG_A, widths.LONG_B]).stdout
    assert max(map(widths.cells, out.splitlines())) <= 40
    assert max(map(widths.cells, out.splitlines())) > 20


@pytest.mark.parametrize("args, first", [(["standings", "examples/"], "rank"), (["history", "examples/"], "date"),
                                         (["event", "standings", "events/club-night"], "rank"),
                                         (["stats", "examples/"], "player")])
def test_at_40_columns_a_table_stays_a_table(args, first, monkeypatch):
    """Narrow, a table leaves out columns rather than have its lines broken between words: its headers on
    one line, the rule of dashes under them."""
    monkeypatch.chdir(widths.ROOT)
    monkeypatch.setenv("COLUMNS", "40")
    monkeypatch.setenv("GIN_REF_CACHE", "off")
    lines = CliRunner().invoke(main, args).stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(first))
    assert set(lines[at + 1]) == {"-", " "} and max(map(widths.cells, lines)) <= 40, "\n".join(lines)
