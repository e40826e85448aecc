"""A season kept on paper, as a spreadsheet exports it: a CSV file of final scores, one match a row
(``gin-ref result --input FILE.csv``).

The header names the columns, in any order: ``date,player1,player2,points1,points2`` and optionally
``hands1,hands2`` (the hands each player won). The file is UTF-8, with or without a byte-order mark (as
spreadsheets write it); fields are separated by ``,`` or by ``;`` (what a spreadsheet writes where the comma
is the decimal mark), as the header line shows, or as a first line ``sep=;`` says (Excel writes one).
Blank lines are skipped.

``read_season`` reads every row and collects every problem with its line (beancount's way: one pass, each
problem named), so a season is refused whole with all that is wrong in it, never half recorded.
"""

from __future__ import annotations

import csv
import datetime
import io
import sys
from typing import List, NamedTuple, Optional, Tuple, Union

from gin_ref.core.errors import InvalidNotationError, reason
from gin_ref.core.escape import shown_value
from gin_ref.core.message import Message, N_, Nn_

COLUMNS = ("date", "player1", "player2", "points1", "points2")
HANDS = ("hands1", "hands2")
HEADER = ",".join(COLUMNS)
MAX_SIZE = 4 * 2 ** 20  # a season of paper results is a few hundred rows; a larger file is not one


class SeasonRow(NamedTuple):
    """One row of the CSV: its line, the date, the two players and their final scores (as written), and the
    hands each won (None when the row gives none)."""

    line: int
    date: str
    players: Tuple[str, str]
    points: Tuple[str, str]
    hands: Optional[Tuple[str, str]]


Problem = Tuple[int, Union[str, Message]]  # (line, what is wrong there: a message)


def read_season(path: str) -> Tuple[List[SeasonRow], List[Problem]]:
    """The rows of the CSV file at ``path`` and the problems of its lines (line 1 is the header). Raises
    InvalidNotationError for a file that cannot be read as a season at all (missing, too large, not UTF-8,
    no header or another one)."""
    try:
        if path == "-":  # standard input, as check --input - reads it
            raw = sys.stdin.buffer.read(MAX_SIZE + 1)
        else:
            with open(path, "rb") as handle:
                raw = handle.read(MAX_SIZE + 1)
    except FileNotFoundError:
        raise InvalidNotationError(Message(N_("%(path)s: no such file"), path=path)) from None
    except IsADirectoryError:
        raise InvalidNotationError(Message(N_("%(path)s is a folder: name the CSV file"), path=path)) from None
    except OSError as exc:
        raise InvalidNotationError(Message(N_("%(path)s: cannot be read (%(reason)s)"), path=path,
                                           reason=str(exc.strerror or exc))) from None
    if len(raw) > MAX_SIZE:
        raise InvalidNotationError(Message(N_("%(path)s: too large for a season's CSV (at most %(most)d MiB)"),
                                           path=path, most=MAX_SIZE // 2 ** 20))
    return parse_season(raw, path)


def parse_season(raw: bytes, path: str = "<csv>") -> Tuple[List[SeasonRow], List[Problem]]:
    """``read_season`` on the bytes of a file."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise InvalidNotationError(Message(N_("%(where)s: not UTF-8 text: save the sheet as CSV UTF-8"),
                                           where=f"{path}:{line}")) from None
    lines = text.splitlines(keepends=True)
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None:
        raise InvalidNotationError(Message(N_("%(path)s: empty: its first line is the header %(header)s"), path=path,
                                           header=HEADER))
    delimiter = ";" if lines[first].count(";") > lines[first].count(",") else ","
    if lines[first].strip() in ("sep=,", "sep=;"):  # Excel's line naming the separator, before the header
        delimiter = lines[first].strip()[-1]
        first = next((i for i, line in enumerate(lines) if i > first and line.strip()), len(lines))
        if first == len(lines):
            raise InvalidNotationError(Message(N_("%(path)s: no header after the sep= line: it is %(header)s"),
                                               path=path, header=HEADER))
    reader = csv.reader(io.StringIO("".join(lines[first:]), newline=""), delimiter=delimiter, strict=True)
    offset = first  # line numbers are the file's: blank lines before the header count
    try:
        header = [name.strip().lower() for name in next(reader)]
    except csv.Error as exc:
        raise InvalidNotationError(Message(N_("%(where)s: not a CSV header (%(reason)s)"),
                                           where=f"{path}:{offset + 1}", reason=str(exc))) from None
    while header and not header[-1]:  # empty columns a spreadsheet saves at the end of its lines
        header.pop()
    columns = _columns(header, path, offset + 1)
    rows: List[SeasonRow] = []
    problems: List[Problem] = []
    done = reader.line_num
    while True:
        try:
            fields = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            problems.append((offset + done + 1, Message(N_("not a CSV row (%(reason)s)"), reason=str(exc))))
            break
        line, done = offset + done + 1, reader.line_num
        if not any(field.strip() for field in fields):
            continue
        try:
            rows.append(_row(line, [field.strip() for field in fields], columns, len(header)))
        except InvalidNotationError as exc:
            problems.append((line, reason(exc)))
    if not rows and not problems:
        problems.append((offset + 1, Message(N_("no match below the header"))))
    return rows, problems


def _columns(header: List[str], path: str, line: int) -> List[int]:
    """Where each of COLUMNS (then HANDS, when given) is in the header."""
    unknown = [name for name in header if name not in COLUMNS + HANDS]
    missing = [name for name in COLUMNS if name not in header]
    twice = sorted({name for name in header if header.count(name) > 1})
    if unknown or missing or twice:
        if unknown:
            words = N_("%(where)s: unknown column %(columns)s: the header is %(header)s (and optionally %(hands)s), "
                       "separated by ',' or ';'")
            columns = ", ".join(shown_value(name) for name in unknown)
        elif missing:
            words = N_("%(where)s: no column %(columns)s: the header is %(header)s (and optionally %(hands)s), "
                       "separated by ',' or ';'")
            columns = ", ".join(missing)
        else:
            words = N_("%(where)s: column %(columns)s given twice: the header is %(header)s (and optionally "
                       "%(hands)s), separated by ',' or ';'")
            columns = ", ".join(twice)
        raise InvalidNotationError(Message(words, where=f"{path}:{line}", columns=columns, header=HEADER,
                                           hands=",".join(HANDS)))
    hands = [name for name in HANDS if name in header]
    if len(hands) == 1:
        raise InvalidNotationError(Message(N_("%(where)s: %(column)s without %(other)s: give both players' hands "
                                              "won, or neither"), where=f"{path}:{line}", column=hands[0],
                                           other=HANDS[1 - HANDS.index(hands[0])]))
    return [header.index(name) for name in COLUMNS + tuple(hands)]


def _row(line: int, fields: List[str], columns: List[int], width: int) -> SeasonRow:
    if len(fields) > width and not any(fields[width:]):  # the empty columns a spreadsheet saves at the end
        fields = fields[:width]
    if len(fields) != width:
        raise InvalidNotationError(Message(Nn_("%(count)d field, the header has %(width)d",
                                               "%(count)d fields, the header has %(width)d"),
                                           count=len(fields), width=width))
    date, one, two, points1, points2, *hands = [fields[i] for i in columns]
    if not one or not two:
        raise InvalidNotationError(Message(N_("name both players")))
    for value in (points1, points2):
        if not (value.isascii() and value.isdigit()):
            raise InvalidNotationError(Message(N_("points %(value)s: a final score is a whole number from 0"),
                                               value=shown_value(value)))
    given = [value for value in hands if value]
    if given and len(given) != len(hands):
        raise InvalidNotationError(Message(N_("hands won: give both players', or neither")))
    for value in given:
        if not (value.isascii() and value.isdigit()):
            raise InvalidNotationError(Message(N_("hands won %(value)s: a whole number from 0"),
                                               value=shown_value(value)))
    return SeasonRow(line, _date(date), (one, two), (points1, points2), (given[0], given[1]) if given else None)


def _date(text: str) -> str:
    try:
        if len(text) == 10:
            return datetime.date.fromisoformat(text).isoformat()
    except ValueError:
        pass
    raise InvalidNotationError(Message(N_("bad date %(value)s: write YYYY-MM-DD (format the sheet's date column "
                                          "so, or as text)"), value=shown_value(text)))
