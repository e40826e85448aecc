"""Grids through tabulate (issue 42 item 6): tabulate's ``simple`` style, each column as wide as its widest
cell, widths in display cells (wcwidth); gin-ref's own code only fits a grid to the width, in one module."""

import re
from pathlib import Path

from gin_ref.views.table import grid

PACKAGE = Path(__file__).resolve().parent.parent / "gin_ref"


def test_only_the_table_module_imports_tabulate():
    found = re.compile(r"^\s*(import tabulate|from tabulate[ .])", re.M)
    importers = {path.relative_to(PACKAGE).as_posix() for path in PACKAGE.rglob("*.py")
                 if found.search(path.read_text(encoding="utf-8"))}
    assert importers == {"views/table.py"}


def test_simple_style_columns_as_wide_as_their_widest_cell():
    # tabulate's own default would add two spaces to each header ("  n" over a one-digit column): not here
    assert grid([[1, "Ann"], [12, "Ben"]], ["n", "who"]) == " n  who\n--  ---\n 1  Ann\n12  Ben"


def test_wide_names_take_two_cells_a_character():
    text = grid([["長谷川", 3], ["Ann", 12]], ["player", "won"])
    assert text.splitlines() == ["player  won", "------  ---", "長谷川    3", "Ann      12"]


def test_no_headers_no_dashes_and_no_trailing_spaces():
    assert grid([["a", ""], ["bb", "c"]]) == "a\nbb  c"


def test_a_cell_broken_onto_lines_keeps_its_column():
    text = grid([["Ann", "A♠ 2♠ 3♠ | 4♥ 4♦ 4♣ | 7♣ 8♣ 9♣", 5]], ["", "melds", "deadwood"], width=30, wrap=(1,))
    assert text.splitlines() == ["     melds            deadwood",
                                 "---  ---------------  --------",
                                 "Ann  A♠ 2♠ 3♠ |              5",
                                 "     4♥ 4♦ 4♣ |",
                                 "     7♣ 8♣ 9♣"]


def test_a_sentence_whose_pieces_between_commas_are_long_breaks_between_words():
    # the preset list in Filipino: 'Oklahoma Gin,' then a 70-cell piece; the column was kept at that piece's
    # width, the grid came out 87 cells wide, and the terminal broke its dashes and its last word
    sentence = "Oklahoma Gin, dalawang manlalaro; ang unang upcard ang nagtatakda ng limit ng knock"
    text = grid([["oklahoma", sentence], ["standard", "karaniwang gin, dalawang manlalaro"]],
                headers=["preset", "paglalarawan"], width=80, wrap=(1,))
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert lines[1] == "-" * len("oklahoma") + "  " + "-" * (len(lines[1]) - len("oklahoma") - 2)
    assert " ".join(line.strip() for line in lines[2:4]).removeprefix("oklahoma").strip() == sentence
    # a meld cell still breaks between melds when that fits
    melds = grid([["x", "7D 8D 9D | KS KH KC | 2C 3C 4C 5C"]], width=20, wrap=(1,))
    assert [line.strip() for line in melds.splitlines()][:2] == ["x  7D 8D 9D |", "KS KH KC |"]


# A grid whose every cell is narrow is drawn with tabulate's wcwidth measure off (its width is its length): the
# same grid as with it on, and a grid of wide text after it is measured in cells again.
NARROW_AND_NOT = [
    [["Ann", "9♠ 10♥", 30], ["Zoë Ďurová", "…", 5]],  # narrow: ASCII and gin-ref's own signs
    [["長谷川", 3], ["Ann", 12]],  # wide
    [["e\u0301", "x"], ["tab\there", "y"]],  # a combining mark, a tab (wcwidth: -1)
    [["Ann", "A♠ 2♠ 3♠ | 4♥ 4♦ 4♣ | 7♣ 8♣ 9♣ | 長", 5], ["Ben", "x", 6]],  # broken onto lines, one wide sign
]


def test_narrow_is_one_cell_a_character_by_wcwidth():
    import wcwidth

    from gin_ref.views.cells import NARROW, narrow

    ascii_printable = "".join(chr(code) for code in range(0x20, 0x7F))
    for text in (ascii_printable, NARROW, ascii_printable + "\n" + NARROW):
        assert narrow(text)
        assert all(wcwidth.wcswidth(line) == len(line) for line in text.split("\n"))
    for text in ("長", "e\u0301", "a\tb", "\x7f", "\u200b"):
        assert not narrow(text)


def test_a_narrow_grid_is_drawn_as_with_wcwidth_on(monkeypatch):
    from gin_ref.views import table

    drawn = [grid(rows, ["who", "what", "n"], width=30, wrap=(1,)) for rows in NARROW_AND_NOT]
    monkeypatch.setattr(table, "narrow", lambda text: False)  # wcwidth measures every cell, as tabulate does
    assert drawn == [grid(rows, ["who", "what", "n"], width=30, wrap=(1,)) for rows in NARROW_AND_NOT]


def test_a_wide_grid_after_a_narrow_one_is_measured_in_cells():
    grid([["Ann", 3]], ["player", "won"])
    assert grid([["長谷川", 3], ["Ann", 12]], ["player", "won"]).splitlines()[2] == "長谷川    3"
