"""serve says each page in its request's language whatever was asked before (#38, the review of serve): the
director's page kept per language, a hand entered in Filipino keeps its "next" line as facts, ``Ann – Ben``
(the catalogue's versus) on the phone, the board and the director's page, and serve's start lines said."""

import json
import re
from pathlib import Path

from serveutil import event_folder, phone, send, token

JSON = {"accept": "application/json"}
SK = {"accept-language": "sk"}
FIL = {"accept-language": "fil"}


def _text(html):
    return re.sub(r"<[^>]+>", " ", html)


def _hand(web, headers=None):
    assert send(web, "1", "line", {"line": "dan 5 23", "by": "Dan"}, ident="entry-said-00001",
                headers={**JSON, **(headers or {})}).json()["ok"]


def test_the_directors_page_is_said_in_each_requests_language_not_the_first_ones(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    _hand(web)
    assert send(web, "1", "confirm-0", {"by": "Ann"}, ident="entry-said-00001", route="confirm",
                headers=JSON).json()["ok"]
    assert web.get(f"/director?token={token(folder, 'director')}").status_code == 303
    filipino = _text(web.get("/director", headers=FIL).text)
    assert "kabuuan:" in filipino and "susunod:" in filipino
    slovak = _text(web.get("/director", headers=SK).text)  # the same file, unchanged, asked in Slovak next
    assert "súčty:" in slovak and "ďalej: kolo 2 rozdáva" in slovak
    assert "kabuuan" not in slovak and "susunod" not in slovak and "magdi-deal" not in slovak
    english = _text(web.get("/director").text)
    assert "totals:" in english and "next: " in english and "kabuuan" not in english and "súčty" not in english


def test_a_hand_entered_in_filipino_keeps_its_next_line_as_facts_and_is_said_in_slovak(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    _hand(web, FIL)  # entered from a Filipino phone
    journal = "".join(path.read_text() for path in Path(folder).rglob("*.jsonl"))
    following = [json.loads(line)["drawn"]["following"] for line in journal.splitlines() if '"following"' in line]
    assert following and all("text" not in kept and kept.get("why") == "winner" for kept in following), following
    slovak = web.get("/t/1", headers=SK).text
    said = re.findall(r'<p class="next">([^<]*)</p>', slovak)
    assert said[1].startswith("ďalej: kolo 2 rozdáva ") and "rozdáva víťaz kola 1" in said[1], said
    assert "susunod" not in slovak and "magdi-deal" not in slovak


def test_who_plays_whom_is_said_with_the_catalogues_versus_on_every_page(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    assert web.get(f"/director?token={token(folder, 'director')}").status_code == 303
    for headers, versus in ((SK, " – "), (FIL, " vs. ")):
        for path in ("/t/1", "/board", "/director"):
            page = _text(web.get(path, headers=headers).text)
            assert re.search(rf"\b(Ann{re.escape(versus)}Dan|Dan{re.escape(versus)}Ann)\b", page), (path, versus)
            assert not re.search(r"\b[A-Z][a-z]+ v [A-Z][a-z]+\b", page), path  # ("v" is Slovak's "in")
    assert "Ann v Dan" in _text(web.get("/t/1").text)  # English as it was


def test_serves_start_lines_are_said_in_the_language_chosen(tmp_path):
    """``gin-ref --lang sk serve`` prints its tables', board's and director's addresses and its caps in
    Slovak (the process's language, settled by ``--lang``: here spoken in a context, as the lines are made)."""
    from gin_ref.desk.language import speaking
    from gin_ref.serve.limits import Caps
    from gin_ref.serve.server import addresses, start_lines
    from gin_ref.serve.state import Tokens

    def lines(tmp):
        tokens = Tokens.load(tmp, ["1", "x"])
        return (addresses("http://h:1", tokens, ["1", "x"], ["table 1", "ann-ben"]) +
                start_lines("http://h:1", tokens, False) + [Caps.of(8192, 16).line()])

    english = lines(str(tmp_path))
    assert english[0].startswith("table 1: http://h:1/t/1?token=") and english[1].startswith("ann-ben: ")
    assert english[2] == "board: http://h:1/board" and english[3].startswith("director: http://h:1/director")
    assert english[4].startswith("caps: 7440 connections (64 from one address), 256 board streams without")
    with speaking("sk"):
        slovak = lines(str(tmp_path))
    with speaking("fil"):
        filipino = lines(str(tmp_path))
    assert slovak[0].startswith("stôl 1: http://h:1/t/1?token=") and slovak[1].startswith("ann-ben: ")
    assert slovak[2] == "tabuľa: http://h:1/board" and slovak[3].startswith("riaditeľ turnaja: http://h:1/director")
    assert slovak[4].startswith("limity: 7440 spojení (64 z jednej adresy), 256 prúdov tabule bez cookie")
    assert filipino[0].startswith("mesa 1: ") and filipino[2] == "address ng board: http://h:1/board"
    assert filipino[4].startswith("mga limit: 7440 koneksyon")
    assert not any(re.search(r"\b(connections|streams|board:|director:|table 1)\b", line) for line in slovak + filipino)
