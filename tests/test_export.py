"""``gin_ref.views.export``: each format against an expected file for the shipped examples, the CSV through the csv
module, the HTML page self-contained with a chart of the right number of points, every name escaped.

The expected files are made by ``gin-ref export`` itself; after a deliberate change to an export or to the
examples, remake them with ``GIN_REF_UPDATE_EXPECTED=1 python -m pytest tests/test_export.py`` and read the
diff before committing it.
"""

import csv
import io
import json
import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from gin_ref.cli import main
from gin_ref.desk.reading import read_matches
from tallyjson import tally_of_json
from gin_ref.views.export import csv_text, json_data, safe_cell
from gin_ref.views.export_chart import DASHES, chart_series, spread_labels, svg_chart
from gin_ref.views.export_html import html_text
from gin_ref.views.export_text import markdown_text
from gin_ref.views.history import MatchView
from gin_ref.views.tally_text import tally_data
from matchviews import make_view

ROOT = Path(__file__).resolve().parent.parent
EXPECTED = Path(__file__).resolve().parent / "expected"
EXAMPLES = ["examples/oklahoma.yaml", "examples/spades.yaml", "examples/three-player.yaml",
            "examples/hollywood.yaml"]
HANDS = {"examples/oklahoma.yaml": 8, "examples/spades.yaml": 5, "examples/three-player.yaml": 8,
         "examples/hollywood.yaml": 12}
FINAL = {"examples/oklahoma.yaml": {"Ann": 151, "Ben": 71},
         "examples/spades.yaml": {"Ann": 111, "Cid": 46},
         "examples/three-player.yaml": {"Ann": 154, "Ben": 24, "Cid": 73},
         "examples/hollywood.yaml": {"Ben": 599, "Cid": 733}}
SUFFIX = {"csv": "csv", "json": "json", "markdown": "md", "html": "html"}


@pytest.fixture
def at_root(monkeypatch):
    """Run from the checkout's top, so the files are named ``examples/...`` as in the expected files."""
    monkeypatch.chdir(ROOT)


def export(*args):
    result = CliRunner().invoke(main, ["export", *args])
    assert result.exit_code == 0, result.output
    return result.stdout_bytes.decode("utf-8")  # as written: .stdout would turn the CSV's CRLF into LF


@pytest.fixture(scope="module")
def views():
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        found, skipped = read_matches(EXAMPLES)
    finally:
        os.chdir(here)
    assert skipped == []
    return found


@pytest.mark.parametrize("fmt", ["csv", "json", "markdown", "html"])
def test_each_format_matches_its_expected_file(at_root, fmt):
    out = export("--format", fmt, *EXAMPLES)
    expected = EXPECTED / f"examples.{SUFFIX[fmt]}"
    if os.environ.get("GIN_REF_UPDATE_EXPECTED"):
        expected.write_bytes(out.encode("utf-8"))
    assert out == expected.read_bytes().decode("utf-8")


def test_output_file_is_the_same_text(at_root, tmp_path):
    target = tmp_path / "sheet.md"
    assert export("--format", "markdown", "--output", str(target), *EXAMPLES) == ""
    assert target.read_bytes() == (EXPECTED / "examples.md").read_bytes()


# -- CSV ---------------------------------------------------------------------------------------------------

def test_csv_round_trips_through_the_csv_module(at_root):
    rows = list(csv.reader(io.StringIO(export("--format", "csv", *EXAMPLES), newline="")))
    header, body = rows[0], rows[1:]
    assert header == ["match", "date", "hand", "dealer", "upcard", "limit", "knocker", "result", "winner",
                      "points", "Ann", "Ben", "Cid", "box", "captain", "sitter", "game 1 Ben", "game 1 Cid",
                      "game 2 Ben", "game 2 Cid", "game 3 Ben", "game 3 Cid"]
    assert len(body) == sum(HANDS.values()) == 33
    for file, final in FINAL.items():
        own = [dict(zip(header, row)) for row in body if row[0] == file]
        assert [int(row["hand"]) for row in own] == list(range(1, HANDS[file] + 1))
        if file != "examples/hollywood.yaml":  # Hollywood's final adds each game's bonuses
            assert {name: int(own[-1][name]) for name in final} == final
        assert all(row[name] == "" for row in own for name in ("Ann", "Ben", "Cid") if name not in final)
    by_file = {file: [dict(zip(header, row)) for row in body if row[0] == file] for file in FINAL}
    three = by_file["examples/three-player.yaml"]
    assert [(r["box"], r["captain"], r["sitter"]) for r in three[:3]] == [("Ben", "Ann", "Cid"), ("Ben", "Cid", "Ann"),
                                                                         ("Cid", "Ann", "Ben")]
    games = [c for c in header if c.startswith("game ")]
    assert all(r[c] == "" for r in three for c in games)
    assert all(r[role] == "" for r in by_file["examples/oklahoma.yaml"] for role in ("box", "captain", "sitter"))
    last = by_file["examples/hollywood.yaml"][-1]  # each game's running total (bonuses are not hands)
    assert [int(last[c]) for c in games] == [58, 111, 92, 115, 109, 87]
    assert [last[c] for c in ("box", "captain", "sitter", "Ann")] == ["", "", "", ""]
    dead = [row for row in body if row[7] == "dead"]
    assert [(row[0], row[2], row[6], row[8], row[9]) for row in dead] == [
        ("examples/oklahoma.yaml", "3", "", "", "0"), ("examples/three-player.yaml", "3", "", "", "0")]


@pytest.mark.parametrize("value, cell", [
    ("=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"),
    ("+1", "'+1"), ("-1+2", "'-1+2"), ("@SUM(A1)", "'@SUM(A1)"), ("\tAnn", "'\tAnn"), ("\rAnn", "'\rAnn"),
    ("Ann", "Ann"), ("A=B", "A=B"), ("", ""), (None, ""), (16, 16), (0, 0), (2.5, 2.5),
])
def test_a_cell_that_would_run_as_a_formula_is_neutralised(value, cell):
    assert safe_cell(value) == cell


def test_formula_names_are_neutralised_and_numbers_stay_numbers():
    view = make_view("m.yaml", "2024-01-02", ["=cmd|'/c calc'!A1", "@Bo"], [
        ("=cmd|'/c calc'!A1", "7D", 7, "knock", "@Bo", "@Bo", 16, 5),
        ("@Bo", "KC", 10, "dead", None, None, 0, None),
    ])
    rows = list(csv.reader(io.StringIO(csv_text([view]), newline="")))
    assert rows == [
        ["match", "date", "hand", "dealer", "upcard", "limit", "knocker", "result", "winner", "points",
         "'=cmd|'/c calc'!A1", "'@Bo", "box", "captain", "sitter"],
        ["m.yaml", "2024-01-02", "1", "'=cmd|'/c calc'!A1", "7D", "7", "'@Bo", "knock", "'@Bo", "16", "0", "16",
         "", "", ""],
        ["m.yaml", "2024-01-02", "2", "'@Bo", "KC", "10", "", "dead", "", "0", "0", "16", "", "", ""],
    ]
    assert "\"'=cmd" not in csv_text([view]).splitlines()[1]  # numbers unquoted: 16, not "16"
    assert csv_text([view]).splitlines()[1].endswith(",knock,'@Bo,16,0,16,,,")


# -- JSON --------------------------------------------------------------------------------------------------

def test_json_holds_every_record_and_its_tally(at_root):
    data = json.loads(export("--format", "json", *EXAMPLES))
    assert list(data) == ["format", "matches"]
    assert data["format"] == "gin-ref-export/1"
    assert [m["file"] for m in data["matches"]] == EXAMPLES
    for match in data["matches"]:
        assert list(match) == ["file", "record", "tally"]
        assert list(match["record"]) == ["format", "date", "players", "rules", "start", "hands", "corrections"]
        assert len(match["record"]["hands"]) == HANDS[match["file"]]
        tally = CliRunner().invoke(main, ["tally", "--match", match["file"], "--json"]).stdout
        assert match["tally"] == json.loads(tally)
        assert match["tally"]["final"] == FINAL[match["file"]]
    okla = data["matches"][0]["record"]["hands"]
    assert okla[0]["knocker_cards"] == ["5S", "KS", "KH", "TD", "JD", "QD", "KD", "AC", "2C", "3C"]
    assert [i["kind"] for i in okla[4]["irregularities"]] == ["illegal_knock"]


def test_json_data_keeps_the_views_order():
    first = make_view("b.yaml", "2024-01-01", ["A", "B"], [])
    second = make_view("a.yaml", "2025-01-01", ["A", "B"], [])
    assert [m["file"] for m in json_data([first, second])["matches"]] == ["b.yaml", "a.yaml"]


# -- HTML --------------------------------------------------------------------------------------------------

def polylines(page):
    """``[(player, number of points)]`` of every chart line in the page."""
    return [(name, len(points.split()))
            for name, points in re.findall(r'<polyline class="series" data-player="([^"]*)"[^>]* points="([^"]*)"',
                                           page)]


def test_html_has_each_match_its_totals_and_a_chart_of_the_right_size(at_root):
    page = export("--format", "html", *EXAMPLES)
    sections = page.split('<section class="match">')[1:]
    assert len(sections) == 4
    for file, section in zip(EXAMPLES, sections):
        final = FINAL[file]
        date = {"examples/oklahoma.yaml": "2024-03-02", "examples/spades.yaml": "2024-04-13",
                "examples/three-player.yaml": "2024-05-18", "examples/hollywood.yaml": "2024-06-08"}[file]
        assert f'<h2>{" v ".join(final)}<span class="date">{date}</span></h2>\n<p class="file">{file}</p>' in section
        scores = ", ".join(f"{name} {points}" for name, points in final.items())
        winner = max(final, key=final.get)
        assert f"<dd>{winner} wins: {scores}</dd>" in section
        charts = 3 if file == "examples/hollywood.yaml" else 1  # Hollywood: one chart per game
        assert section.count("<svg") == charts
        # one line per player, a point before the first hand and one after each hand
        assert polylines(section) == [(name, HANDS[file] + 1) for name in final] * charts
        assert section.count('<line class="target"') == charts


def final_rows(page):
    """``{row title: [cells]}`` of the rows under the hands of the first table in ``page``."""
    foot = page.split("<tfoot>")[1].split("</tfoot>")[0]
    rows = {}
    for title, cells in re.findall(r'<tr class="[a-z]+"><td class="label" colspan="8">([^<]*)</td>(.*?)</tr>', foot):
        rows[title] = [c for c in re.findall(r"<td[^>]*>([^<]*)</td>", cells)]
    return rows


def test_a_match_ends_with_its_total_every_bonus_and_the_final_row():
    view = make_view("m.yaml", "2024-01-02", ["Ann", "Ben"], [("Ann", "7D", 7, "gin", "Ben", "Ben", 120, 0)],
                     rules="classic", winner="Ben", final={"Ann": 0, "Ben": 340},
                     bonuses={"Ann": {}, "Ben": {"game_bonus": 100, "shutout": 100, "box_bonus": 20}})
    rows = final_rows(html_text([view]))
    assert rows == {"total": ["0", "120"], "game bonus": ["", "100"], "shutout": ["", "100"],
                    "box bonus": ["", "20"], "final": ["0", "340"]}
    text = markdown_text([view])
    assert "| **game bonus** |  |  |  |  |  |  |  |  | 100 |\n" in text
    assert "| **final** |  |  |  |  |  |  |  | 0 | 340 |\n" in text


def test_hollywood_shows_each_games_columns_bonuses_and_final(at_root, views):
    hollywood = html_text([views[3]])
    assert '<th class="group" colspan="8"></th><th class="group" colspan="2">match</th>' in hollywood
    assert '<th class="group" colspan="2">game 3</th></tr>' in hollywood
    rows = final_rows(hollywood)
    assert rows["total"] == ["259", "313", "58", "111", "92", "115", "109", "87"]
    assert rows["box bonus"] == ["240", "220", "60", "80", "80", "80", "100", "60"]
    assert rows["game bonus"] == ["100", "200", "", "100", "", "100", "100", ""]
    assert rows["final"] == ["599", "733", "118", "291", "172", "295", "309", "147"]
    assert [t for t in re.findall(r'<text class="title"[^>]*>([^<]*)</text>', hollywood)] == [
        "game 1: Cid wins", "game 2: Cid wins", "game 3: Ben wins"]
    text = markdown_text([views[3]])
    assert "### Game 1: Cid wins, target 100\n\n| hand | Ben | Cid | Ben total | Cid total |\n" in text
    assert "| **final** |  |  | 309 | 147 |\n" in text  # game 3


def test_hearts_and_diamonds_are_red(at_root, views):
    page = html_text(views[:1])
    assert '<td><span class="red">7♦</span></td>' in page and "<td>K♣</td>" in page
    assert '<td><span class="red">Q♥</span></td>' in page and "<td>10♠</td>" in page
    assert ".red { color: #c0392b; }" in page


def test_chart_lines_differ_without_colour_and_are_labelled_at_their_end(at_root, views):
    svg = "\n".join(svg_chart(chart_series(views[2]), "three"))
    groups = re.findall(r'<g class="player" data-marker="([a-z]+)">\n<polyline [^>]*?(stroke-dasharray="[^"]*")?'
                        r' points', svg)
    assert groups == [("circle", ""), ("square", f'stroke-dasharray="{DASHES[1]}"'),
                      ("triangle", f'stroke-dasharray="{DASHES[2]}"')]
    labels = re.findall(r'<text class="end" x="[0-9.]+" y="([0-9.]+)"[^>]*>([^<]*)</text>', svg)
    assert [name for _y, name in labels] == ["Ann 154", "Ben 24", "Cid 73"]
    ys = sorted(float(y) for y, _name in labels)
    assert all(b - a >= 12 for a, b in zip(ys, ys[1:]))


@pytest.mark.parametrize("wanted, placed", [
    ([50, 50, 50], [50, 62, 74]), ([10, 100], [20, 100]), ([195, 190], [200, 188]), ([30, 80], [30, 80]),
])
def test_end_labels_are_pushed_apart_inside_the_chart(wanted, placed):
    assert spread_labels(wanted, 20, 200) == placed


def test_a_match_not_started_says_so():
    view = make_view("new.yaml", "2024-01-02", ["Ann", "Ben"], [])
    page = html_text([view])
    assert '<p class="empty">not started: no hand played yet</p>' in page
    assert "<table>" not in page and "<svg" not in page
    assert "*not started: no hand played yet*" in markdown_text([view])


def test_the_page_has_a_title_and_a_print_stylesheet(at_root):
    page = export("--format", "html", "--title", "Club <night>", *EXAMPLES)
    assert "<title>Club &lt;night&gt;</title>" in page and "<h1>Club &lt;night&gt;</h1>" in page
    assert "@page { size: A4; margin: 14mm 12mm;\n" in page
    assert "section { break-inside: avoid; page-break-inside: avoid; }" in page
    letter = export("--format", "html", "--paper", "letter", *EXAMPLES)
    assert "@page { size: letter; margin: 14mm 12mm;\n" in letter
    assert "<h1>gin-ref score sheets</h1>" in letter


def test_html_references_nothing_outside_itself(at_root):
    page = export("--format", "html", *EXAMPLES)
    for outside in ("http:", "https:", "//", "src=", "href", "<link", "<script", "url(", "@import", "<img",
                    "<iframe", "<object"):
        assert outside not in page.replace("</", "<"), outside
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")


def test_html_and_markdown_escape_every_name():
    name = "<script>alert('x')</script> & \"Al\""
    other = "a|b *c* [d](e)"
    view = make_view("<m>.yaml", "2024-01-02", [name, other], [
        (name, "7D", 7, "knock", other, other, 16, 5), (other, "KC", 10, "gin", name, name, 30, 0)],
        winner=None)
    page = html_text([view])
    assert "<script>" not in page and "alert('x')" not in page
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; &amp; &quot;Al&quot;" in page
    assert '<p class="file">&lt;m&gt;.yaml</p>' in page
    assert polylines(page) == [("&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; &amp; &quot;Al&quot;", 3),
                               ("a|b *c* [d](e)", 3)]
    text = markdown_text([view])
    assert "<script>" not in text
    assert r"""| 1 | \<script\>alert('x')\</script\> & "Al" | 7♦ | 7 | a\|b \*c\* \[d\](e) |""" in text
    row = next(line for line in text.splitlines() if line.startswith("| 1 |"))
    assert len(re.split(r"(?<!\\)\|", row)) == 10 + 2  # ten cells: no name adds a column


def test_chart_of_a_match_without_hands_is_one_point_per_player():
    view = make_view("new.yaml", "2024-01-02", ["Ann", "Ben"], [])
    assert polylines("\n".join(svg_chart(chart_series(view), "new"))) == [("Ann", 1), ("Ben", 1)]


def test_markdown_escapes_html_entities_and_list_markers_in_names():
    names = ["&amp;", "1. Ann"]
    view = make_view("m.yaml", "2024-01-02", names, [(names[0], "7D", 7, "knock", names[1], names[1], 16, 5)],
                     winner=names[1], finished=True)
    text = markdown_text([view])
    assert "## &amp;amp; v 1. Ann, 2024-01-02\n" in text  # '&amp;' shows as itself, not as '&'
    assert "| 1 | &amp;amp; | 7♦ | 7 | 1. Ann | knock | 1. Ann | 16 | 0 | 16 |" in text
    assert "- 1\\. Ann wins: &amp;amp; 0, 1. Ann 16\n" in text  # not a list in the list
    assert markdown_text([make_view("m.yaml", "2024-01-02", ["Ann & Ben", "+x"], [], winner="+x")]).count(
        "- \\+x wins: Ann & Ben 0, +x 0\n") == 1  # a bare '&' needs nothing


def test_export_output_needs_a_file_name_and_names_it_in_errors(at_root, tmp_path, monkeypatch):
    result = CliRunner().invoke(main, ["export", "--output", "", *EXAMPLES])
    assert result.exit_code == 2 and result.stderr == "Error: --output needs a file name (see 'gin-ref export --help')\n"
    (tmp_path / "real").mkdir()
    link = tmp_path / "sheet.md"
    link.symlink_to(tmp_path / "real" / "sheet.md")
    assert export("--format", "markdown", "--output", str(link), *EXAMPLES) == ""
    assert link.is_symlink()
    assert (tmp_path / "real" / "sheet.md").read_bytes() == (EXPECTED / "examples.md").read_bytes()

    def full(src, dst):
        raise OSError(28, "No space left on device", src, dst)

    monkeypatch.setattr(os, "replace", full)
    result = CliRunner().invoke(main, ["export", "--force", "--output", str(link), *EXAMPLES])
    assert (result.exit_code, result.stderr) == (1, f"Error: cannot write {link}: no space left on device\n")
    assert sorted(p.name for p in (tmp_path / "real").iterdir()) == ["sheet.md"]  # no temporary file left


def test_a_hollywood_game_nobody_has_scored_in_is_named_not_drawn():
    view = make_view("h.yaml", "2024-01-02", ["Ann", "Ben"], [("Ann", "7D", 7, "knock", "Ann", "Ann", 20, 3)],
                     rules="hollywood")
    data = tally_data(view.tally)  # the tally of a Hollywood match, as its JSON holds it
    data["hands"][0]["games"] = [{"Ann": 20, "Ben": 0}, {"Ann": 0, "Ben": 0}, {"Ann": 0, "Ben": 0}]
    data["games"] = [{"number": n, "totals": {"Ann": 20 if n == 1 else 0, "Ben": 0}, "finished": False,
                      "winner": None, "bonuses": {}, "final": None} for n in (1, 2, 3)]
    view = MatchView(view.file, view.date, view.house, tally_of_json(data), view.seals, view.digest, view.written)
    page = html_text([view])
    assert page.count("<svg") == 1 and "game 1" in page
    assert '<p class="game-open">game 2: nobody has scored in it yet</p>' in page
    text = markdown_text([view])
    assert "### Game 2: open, target 100\n\n*nobody has scored in it yet*\n" in text
    assert "### Game 1: open, target 100\n\n| hand | Ann | Ben | Ann total | Ben total |\n" in text


def test_several_matches_open_with_their_standings(at_root, views):
    page = html_text(views + [make_view("open.yaml", "2024-07-01", ["Ann", "Dee"], [])])
    standings = page.split('<section class="standings">')[1].split("</section>")[0]
    rows = [re.findall(r"<td[^>]*>([^<]*)</td>", row) for row in re.findall(r"<tr>(<td.*?)</tr>", standings)]
    # Ann: for 151 + 111 + 154 twice (three players: a meeting with each other), against 71 + 46 + 24 + 73
    assert [row[:8] for row in rows] == [["1", "Ann", "3", "3", "100.0", "570", "214", "+356"],
                                         ["2", "Cid", "3", "1", "33.3", "925", "888", "+37"],
                                         ["3", "Ben", "3", "0", "0.0", "718", "1111", "-393"]]
    assert [row[8] for row in rows] == ["8.9", "2.8", "-5.6"]  # openskill's, as `gin-ref standings` prints them
    assert "<th>rating</th>" in standings
    assert '<p class="open">still being played, not counted: Ann v Dee (open.yaml)</p>' in standings
    assert page.index('<section class="standings">') < page.index('<section class="match">')
    assert '<section class="standings">' not in html_text(views[:1])
