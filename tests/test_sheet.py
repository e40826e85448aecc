"""The score sheet's last flaws (issue 25 item 5), on the HTML itself: the target label clear of a game
chart's title, the score axis ticked at round numbers, no upcard column where no hand has an upcard, the
ruled hand's mark and the refused knock's in one place (after the hand's number), the print size and the
margin box that keeps the browser's header and footer off the paper. tests/test_browser.py prints it."""

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from gin_ref.cli import main
from gin_ref.views.export_chart import FONT, axis_step

ROOT = Path(__file__).resolve().parent.parent


def export(*args, cwd=ROOT):
    import os

    here = os.getcwd()
    os.chdir(cwd)
    try:
        result = CliRunner().invoke(main, ["export", "--format", "html", *map(str, args)])
    finally:
        os.chdir(here)
    assert result.exit_code == 0, result.output
    return result.stdout


def charts(page):
    return re.findall(r"<svg class=\"chart\".*?</svg>", page, re.S)


def test_the_target_label_keeps_clear_of_each_game_charts_title():
    for svg in charts(export("examples/hollywood.yaml")):
        title = re.search(r'<text class="title" x="[\d.]+" y="([\d.]+)"', svg)
        label = re.search(r'<text class="target-label" x="[\d.]+" y="([\d.]+)"', svg)
        assert title and label
        assert float(label.group(1)) - FONT >= float(title.group(1)) + 3, svg[:300]


@pytest.mark.parametrize("highest, step", [(1, 1), (5, 1), (6, 2), (100, 20), (151, 50), (295, 100),
                                           (733, 200), (1001, 500), (12345, 5000)])
def test_the_axis_step_is_a_round_number(highest, step):
    assert axis_step(highest) == step


def test_every_charts_score_ticks_are_round_numbers_up_to_the_top():
    page = export("examples/")
    for svg in charts(page):
        ticks = [int(t) for t in re.findall(r'<text class="tick"[^>]*>(\d+)</text>', svg)]
        assert ticks[0] == 0 and 3 <= len(ticks) <= 6
        step = ticks[1]
        assert re.fullmatch(r"[125]0*", str(step)) and ticks == list(range(0, ticks[-1] + 1, step))
        totals = [int(v) for v in re.findall(r'<text class="end"[^>]*>[^<]* (\d+)</text>', svg)]
        assert max(totals) <= ticks[-1] < max(totals) + step + 100


def test_no_upcard_column_where_no_hand_has_an_upcard(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    runner.invoke(main, ["new", "--rules", "standard", "--dealer", "Ann", "--date", "2025-01-01", "Ann", "Ben"])
    assert runner.invoke(main, ["knock", "Ben", "5", "--defender", "23"]).exit_code == 0
    page = export("match.yaml", cwd=tmp_path)
    assert "<th>upcard</th>" not in page and "<th>limit</th>" in page
    assert "<th>upcard</th>" in export("examples/oklahoma.yaml")


def test_a_ruled_hand_and_a_refused_knock_are_marked_in_the_same_place(tmp_path):
    match = tmp_path / "m.yaml"
    match.write_bytes((ROOT / "examples" / "oklahoma.yaml").read_bytes())
    result = CliRunner().invoke(main, ["ruling", "--match", str(match), "--hand", "2", "--award", "Ann", "10",
                                       "--reason", "Ben showed his cards", "--by", "Dana"])
    assert result.exit_code == 0, result.output
    page = export(match)
    rows = re.findall(r"<tr><td class=\"n\">([^<]*)</td>(.*?)</tr>", page)
    marks = {number: rest for number, rest in rows}
    assert "2^" in marks and "5*" in marks  # the ruled hand, the hand with the refused knock
    assert "^" not in marks["2^"] and "*" not in marks["5*"]  # no second mark elsewhere in the row
    assert "<li>* hand 5: Ann&#x27;s knock refused" in page and "<li>^ hand 2: awarded to Ann" in page


def test_the_sheet_prints_at_11_pt_with_a_margin_box():
    page = export("examples/oklahoma.yaml")
    sizes = [float(size) for size in re.findall(r"font-size: ([\d.]+)pt", page)]
    assert sizes and min(sizes) >= 11
    assert re.search(r"@page \{[^}]*@bottom-right \{ content: \"page \" counter\(page\)", page)
