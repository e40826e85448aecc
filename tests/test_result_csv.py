"""``gin-ref result --input FILE.csv --into FOLDER`` (issue 42 item 3): a season kept on paper, from a
spreadsheet's CSV, into a folder (a match file a row) or into an event's round; all or nothing, every
problem named with the CSV's line."""

import json
import os
import shutil
from pathlib import Path

import pytest

import runs

ROOT = Path(__file__).resolve().parent.parent
SEASON = ROOT / "examples" / "season.csv"
HEADER = "date,player1,player2,points1,points2"


@pytest.fixture(autouse=True)
def summary_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("GIN_REF_CACHE", str(tmp_path / "cache" / "summaries.json"))


def invoke(*args, cwd):
    return runs.invoke(*args, cwd=cwd, env={"COLUMNS": "200"})


def write(path, text, encoding="utf-8"):
    path.write_bytes(text.encode(encoding))
    return path


def test_the_shipped_season_is_twelve_matches_and_their_standings(tmp_path):
    done = invoke("result", "--input", SEASON, "--into", "season", cwd=tmp_path)
    assert done.code == 0, done
    files = sorted(os.listdir(tmp_path / "season"))
    assert len(files) == 12 and files[:2] == ["2024-01-10-table-1.yaml", "2024-01-10-table-2.yaml"]
    assert done.out.splitlines()[0] == "season/2024-01-10-table-1.yaml: Ann 131, Ben 64; hands won Ann 5, Ben 3"
    assert done.out.splitlines()[-1] == f"12 matches recorded from {SEASON}"
    data = json.loads(runs.output_of("standings", "--json", "season", cwd=tmp_path))
    table = {row["player"]: (row["matches"], row["matches_won"]) for row in data["standings"]}
    assert table == {"Ann": (6, 4), "Dee": (6, 3), "Cid": (6, 3), "Ben": (6, 2)}
    assert [row["player"] for row in data["standings"]] == ["Ann", "Dee", "Cid", "Ben"]
    assert runs.invoke("verify", *sorted((tmp_path / "season").glob("*.yaml"))).code == 0


def test_semicolons_a_byte_order_mark_crlf_quotes_and_blank_lines(tmp_path):
    text = ('\ufeffDate ; Player1;player2;points1;points2;hands1;hands2\r\n\r\n'
            '2024-05-02;"Ann";Ben;154;24;;\r\n2024-05-02;Zoë;"Ben ""B"" Ray";110;99;4;3\r\n')
    write(tmp_path / "s.csv", text)
    done = invoke("result", "--input", "s.csv", "--into", "out", cwd=tmp_path)
    assert done.code == 0, done
    assert done.out.splitlines()[:2] == ["out/2024-05-02-table-1.yaml: Ann 154, Ben 24",
                                        'out/2024-05-02-table-2.yaml: Zoë 110, Ben "B" Ray 99; hands won Zoë 4, '
                                        'Ben "B" Ray 3']


def test_excels_sep_line_names_the_separator(tmp_path):
    write(tmp_path / "s.csv", f"sep=;\n{HEADER.replace(',', ';')}\n2024-05-02;Ann;Ben;154;24\n;;;;\n")
    done = invoke("result", "--input", "s.csv", "--into", "out", cwd=tmp_path)
    assert done.code == 0 and done.out.splitlines()[0] == "out/2024-05-02-table-1.yaml: Ann 154, Ben 24"


def test_one_bad_row_and_nothing_is_written_each_problem_named_by_its_line(tmp_path):
    text = (f"{HEADER}\n2024-05-02,Ann,Ben,154,24\n\n05/02/2024,Cid,Dee,130,70\n2024-05-03,Cid,Cid,130,70\n"
            "2024-05-03,Eve,Fay,1x0,70\n2024-05-03,Eve,Fay,100,70,3\n2024-05-04,Eve,Fay,90,70\n")
    write(tmp_path / "s.csv", text)
    done = invoke("result", "--input", "s.csv", "--into", "out", cwd=tmp_path)
    assert done.code == 1 and done.out == ""
    assert done.err.splitlines() == [
        "s.csv:4: bad date '05/02/2024': write YYYY-MM-DD (format the sheet's date column so, or as text)",
        "s.csv:5: player name 'Cid' given twice",
        "s.csv:6: points '1x0': a final score is a whole number from 0",
        "s.csv:7: 6 fields, the header has 5",
        "s.csv:8: not a result the oklahoma rules can give: Eve won with 90, below the target 100: the winner's "
        "total reaches it",
        "Error: s.csv: 5 problems (listed above): nothing was recorded"]
    assert not (tmp_path / "out").exists()


def test_an_existing_file_is_never_replaced(tmp_path):
    write(tmp_path / "s.csv", f"{HEADER}\n2024-05-02,Ann,Ben,154,24\n2024-05-02,Cid,Dee,130,70\n")
    (tmp_path / "out").mkdir()
    write(tmp_path / "out" / "2024-05-02-table-2.yaml", "mine\n")
    done = invoke("result", "--input", "s.csv", "--into", "out", cwd=tmp_path)
    assert done.code == 1 and done.err.startswith("s.csv:3: out/2024-05-02-table-2.yaml already exists")
    assert os.listdir(tmp_path / "out") == ["2024-05-02-table-2.yaml"]


@pytest.mark.parametrize("text, message", [
    ("date,player1,player2,points\n", "s.csv:1: unknown column 'points': the header is " + HEADER),
    (f"{HEADER},hands1\n", "s.csv:1: hands1 without hands2"),
    ("", "s.csv: empty: its first line is the header " + HEADER),
    (f"{HEADER}\n", "s.csv:1: no match below the header"),
])
def test_a_file_that_is_no_season(tmp_path, text, message):
    write(tmp_path / "s.csv", text)
    done = invoke("result", "--input", "s.csv", "--into", "out", cwd=tmp_path)
    assert done.code in (1, 2) and message in done.err.splitlines()[0] and done.err.count("Error: ") == 1, done


def test_not_utf8_names_its_line(tmp_path):
    (tmp_path / "s.csv").write_bytes(f"{HEADER}\n2024-05-02,Zo\xeb,Ben,154,24\n".encode("latin-1"))
    done = invoke("result", "--input", "s.csv", "--into", "out", cwd=tmp_path)
    assert (done.code, done.err) == (2, "Error: s.csv:2: not UTF-8 text: save the sheet as CSV UTF-8\n")


@pytest.mark.parametrize("args, words", [
    (["--input", "s.csv"], "--input FILE.csv and --into FOLDER go together"),
    (["--input", "s.csv", "--into", "out", "Ann", "100", "Ben", "3"], "no scores"),
    (["--input", "s.csv", "--into", "out", "--date", "2024-01-01"], "no --date"),
    ([], "give the final scores"),
])
def test_usage(tmp_path, args, words):
    write(tmp_path / "s.csv", f"{HEADER}\n2024-05-02,Ann,Ben,154,24\n")
    done = invoke("result", *args, cwd=tmp_path)
    assert done.code == 2 and words in done.err and not (tmp_path / "out").exists()


@pytest.mark.parametrize("rules, code, words", [("three-player", 2, "two-player matches"),
                                                ("hollywood", 1, "a Hollywood match is three games at once")])
def test_rules_a_season_cannot_hold_are_refused_once(tmp_path, rules, code, words):
    write(tmp_path / "s.csv", f"{HEADER}\n2024-05-02,Ann,Ben,154,24\n2024-05-03,Ann,Ben,154,24\n")
    done = invoke("result", "--input", "s.csv", "--into", "out", "--rules", rules, cwd=tmp_path)
    assert done.code == code and words in done.err and done.err.count("\n") == 1, done


def test_into_an_event_the_rows_are_the_tables_of_its_round(tmp_path):
    assert invoke("event", "new", "night", "--format", "round-robin", "--date", "2024-06-01",
                  "Ann", "Ben", "Cid", "Dee", cwd=tmp_path).code == 0
    assert invoke("event", "pair", "night", "--date", "2024-06-01", cwd=tmp_path).code == 0
    before = {p.name: p.read_bytes() for p in (tmp_path / "night").iterdir()}
    write(tmp_path / "bad.csv", f"{HEADER}\n2024-06-01,Dee,Ann,120,30\n2024-06-01,Ben,Dee,110,12\n"
                                "2024-06-01,Ann,Dee,120,30\n")
    done = invoke("result", "--input", "bad.csv", "--into", "night", cwd=tmp_path)
    assert done.code == 1 and done.err.splitlines()[:2] == [
        "bad.csv:3: Ben v Dee is not a table of round 1 (its tables: Ann v Dee, Ben v Cid)",
        "bad.csv:4: table 1 (Ann v Dee) is given twice (line 2 too)"]
    write(tmp_path / "late.csv", f"{HEADER}\n2024-06-02,Dee,Ann,120,30\n")
    done = invoke("result", "--input", "late.csv", "--into", "night", cwd=tmp_path)
    assert done.code == 1 and "late.csv:2: date 2024-06-02: round 1's table" in done.err
    assert {p.name: p.read_bytes() for p in (tmp_path / "night").iterdir()} == before
    write(tmp_path / "good.csv", f"{HEADER}\n2024-06-01,dee,ann,120,30\n2024-06-01,Ben,Cid,110,12\n")
    done = invoke("result", "--input", "good.csv", "--into", "night", cwd=tmp_path)
    assert done.code == 0, done
    assert done.out.splitlines()[0] == "night/round-1-table-1.yaml: Ann 30, Dee 120"
    data = json.loads(runs.output_of("event", "standings", "--json", "night", cwd=tmp_path))
    assert [(row["player"], row["match_points"]) for row in data["standings"]][:2] == [("Ben", 1), ("Dee", 1)]
    again = invoke("result", "--input", "good.csv", "--into", "night", cwd=tmp_path)
    assert again.code == 1 and "already holds a result" in again.err
    assert invoke("result", "--input", "good.csv", "--into", "night", "--rules", "standard", cwd=tmp_path).code == 2


def test_a_stop_while_writing_takes_back_the_files_written(tmp_path, monkeypatch):
    from gin_ref.files import matchfile

    real, calls = matchfile.create, []

    def create(path, match, force=False):
        calls.append(path)
        if len(calls) == 3:
            raise KeyboardInterrupt
        real(path, match, force)

    monkeypatch.setattr(matchfile, "create", create)
    shutil.copy(SEASON, tmp_path / "s.csv")
    done = invoke("result", "--input", "s.csv", "--into", "season", cwd=tmp_path)
    assert done.code == 130 and len(calls) == 3
    assert not (tmp_path / "season").exists()
