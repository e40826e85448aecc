"""The score sheet in a real browser: Debian's headless Chromium loads the shipped examples' sheet and prints
it to PDF (A4, the page's own print stylesheet). The page must load without a console message, the PDF's
text (read with pypdf) must hold the title, each match's players and final scores, and the pages must be
the ones the print stylesheet gives: a match is kept whole on one page, and starts a new page when it does
not fit under the one before.

Skipped, with the reason shown, where Chromium is not installed (``.ci/run`` installs it with apt).
"""

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from gin_ref.cli import main
from gin_ref.views.export_html import html_text
from matchviews import make_view

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ["examples/oklahoma.yaml", "examples/spades.yaml", "examples/three-player.yaml",
            "examples/hollywood.yaml"]
TITLE = "Club night at the Crown"
# each match's page: its heading and its result line (final scores, bonuses in)
MATCH_PAGES = [
    ("Ann v Ben 2024-03-02", "Ann wins: Ann 151, Ben 71"),
    ("Ann v Cid 2024-04-13", "Ann wins: Ann 111, Cid 46"),
    ("Ann v Ben v Cid 2024-05-18", "Ann wins: Ann 154, Ben 24, Cid 73"),
    ("Ben v Cid 2024-06-08", "Cid wins: Ben 599, Cid 733"),
]
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--no-pdf-header-footer", "--enable-logging=stderr", "--v=0"]
CONSOLE = re.compile(r":CONSOLE[:(]")  # how Chromium logs a page's console message on stderr


def chromium():
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    pytest.skip("Chromium is not installed (Debian: apt-get install chromium); the browser tests need it")


def print_to_pdf(page, tmp_path, flags=FLAGS):
    """Print the HTML file ``page`` to PDF in a fresh profile: ``(pdf path, console lines)``."""
    pdf = tmp_path / (page.stem + ".pdf")
    profile = tmp_path / f"profile-{page.stem}"
    done = subprocess.run([chromium(), *flags, f"--user-data-dir={profile}", f"--print-to-pdf={pdf}",
                           page.as_uri()], capture_output=True, text=True, timeout=180,
                          env={**os.environ, "HOME": str(tmp_path)})
    assert done.returncode == 0 and pdf.exists(), done.stderr[-2000:]
    return pdf, [line for line in done.stderr.splitlines() if CONSOLE.search(line)]


def pdf_pages(pdf):
    """Each page's text, without the page number the sheet prints in its bottom margin box."""
    from pypdf import PdfReader

    return [re.sub(r"^page \d+ of \d+\n", "", page.extract_text()) for page in PdfReader(str(pdf)).pages]


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    chromium()
    tmp_path = tmp_path_factory.mktemp("browser")
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        result = CliRunner().invoke(main, ["export", "--format", "html", "--title", TITLE, *EXAMPLES])
    finally:
        os.chdir(here)
    assert result.exit_code == 0, result.output
    page = tmp_path / "sheet.html"
    page.write_text(result.stdout, encoding="utf-8")
    pdf, console = print_to_pdf(page, tmp_path)
    return pdf, console


def test_the_sheet_loads_without_a_console_message(printed):
    _pdf, console = printed
    assert console == []


def test_a_console_error_would_be_seen(tmp_path):
    """The check above can fail: a page that logs an error is caught."""
    page = tmp_path / "bad.html"
    page.write_text("<!DOCTYPE html><html><body><script>console.error('boom'); nosuch();</script></body></html>",
                    encoding="utf-8")
    _pdf, console = print_to_pdf(page, tmp_path)
    assert any('"boom"' in line for line in console)
    assert any("nosuch is not defined" in line for line in console)


def test_the_pdf_holds_the_title_each_match_and_its_final_scores(printed):
    pdf, _console = printed
    text = "\n".join(pdf_pages(pdf))
    assert TITLE in text
    for heading, result in MATCH_PAGES:
        assert heading in text and result in text
    assert re.search(r"^final 599 733 118 291 172 295 309 147$", text, re.MULTILINE)  # Hollywood's final row


def test_the_print_stylesheet_keeps_each_of_the_examples_whole_on_a_page(printed):
    """At 11 pt, three pages: the title, the standings and the first match; the two short matches together;
    Hollywood alone (it would not fit under them). No match is split."""
    pdf, _console = printed
    pages = pdf_pages(pdf)
    assert pages[0].startswith(f"{TITLE}\nStandings\nrank player matches won win % for against diff rating\n")
    on_page = [[heading for heading, _r in MATCH_PAGES if heading in page] for page in pages]
    assert on_page == [[MATCH_PAGES[0][0]], [MATCH_PAGES[1][0], MATCH_PAGES[2][0]], [MATCH_PAGES[3][0]]]
    for heading, result in MATCH_PAGES:
        assert sum(result in page for page in pages) == 1


def test_short_matches_share_a_page_and_none_is_split(tmp_path):
    """Six matches of three hands: two to a page after the standings, each kept whole."""
    pairs = [("Ann", "Cid"), ("Ben", "Dee"), ("Ann", "Dee"), ("Eve", "Ben"), ("Ann", "Eve"), ("Cid", "Dee")]
    views = [make_view(f"t{n}.yaml", "2024-09-06", list(pair),
                       [(pair[0], "7D", 7, "knock", pair[0], pair[0], 30, 2),
                        (pair[1], "KS", 10, "gin", pair[1], pair[1], 45, 0),
                        (pair[0], "2H", 2, "knock", pair[0], pair[0], 40, 1)],
                       winner=pair[0], final={pair[0]: 70, pair[1]: 45}, target=60) for n, pair in enumerate(pairs, 1)]
    page = tmp_path / "night.html"
    page.write_text(html_text(views, title="Six tables"), encoding="utf-8")
    pdf, console = print_to_pdf(page, tmp_path)
    assert console == []
    pages = pdf_pages(pdf)
    headings = [re.findall(r"^(\w+ v \w+) ?2024-09-06$", text, re.MULTILINE) for text in pages]
    assert headings == [["Ann v Cid"], ["Ben v Dee", "Ann v Dee"], ["Eve v Ben", "Ann v Eve"], ["Cid v Dee"]]
    for text, names in zip(pages, headings):  # each match's table ends on the page it starts on
        assert len(re.findall(r"^final 70 45$", text, re.MULTILINE)) == len(names)


def test_the_page_prints_without_the_browsers_header_and_footer(tmp_path):
    """Printed as a person would (the browser's headers and footers left on), no page carries the date, the
    title or the file's address: the sheet's own margin box (its page number) keeps them off."""
    page = tmp_path / "sheet.html"
    os.chdir(ROOT)
    result = CliRunner().invoke(main, ["export", "--format", "html", "--title", TITLE, *EXAMPLES[:2]])
    page.write_text(result.stdout, encoding="utf-8")
    pdf, _console = print_to_pdf(page, tmp_path, [f for f in FLAGS if f != "--no-pdf-header-footer"])
    from pypdf import PdfReader

    texts = [p.extract_text() for p in PdfReader(str(pdf)).pages]
    assert texts and all("file://" not in text and "sheet.html" not in text for text in texts)
    assert [re.findall(r"page \d+ of \d+", text) for text in texts] == \
        [[f"page {n} of {len(texts)}"] for n in range(1, len(texts) + 1)]


def png_pixels(path):
    """A PNG's ``(width, height, rows of (r, g, b))``: 8-bit RGB or RGBA, not interlaced (Chromium's)."""
    import struct
    import zlib

    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks, at = {}, 8
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        chunks.setdefault(kind, []).append(data[at + 8:at + 8 + length])
        at += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", chunks[b"IHDR"][0][:10])
    assert depth == 8 and colour in (2, 6)
    size = 3 if colour == 2 else 4
    raw, stride, rows, previous = zlib.decompress(b"".join(chunks[b"IDAT"])), width * size, [], bytes(width * size)
    for r in range(height):
        kind, line = raw[r * (stride + 1)], bytearray(raw[r * (stride + 1) + 1:(r + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - size] if i >= size else 0
            up, corner = previous[i], previous[i - size] if i >= size else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                best = min((abs(p - left), 0, left), (abs(p - up), 1, up), (abs(p - corner), 2, corner))[2]
                line[i] = (line[i] + best) & 255
        previous = bytes(line)
        rows.append([tuple(line[i:i + 3]) for i in range(0, stride, size)])
    return width, height, rows


def test_on_a_wide_screen_the_tables_use_the_pages_width(tmp_path):
    """A screenshot of the sheet in a 1600-pixel window: the hand table's rules (its grey borders) run
    across nearly the whole window, not a narrow column in the middle."""
    page = tmp_path / "wide.html"
    os.chdir(ROOT)
    page.write_text(CliRunner().invoke(main, ["export", "--format", "html", EXAMPLES[0]]).stdout, encoding="utf-8")
    shot = tmp_path / "wide.png"
    done = subprocess.run([chromium(), *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", "--hide-scrollbars",
                           "--window-size=1600,900", f"--screenshot={shot}", page.as_uri()],
                          capture_output=True, text=True, timeout=180, env={**os.environ, "HOME": str(tmp_path)})
    assert done.returncode == 0 and shot.exists(), done.stderr[-2000:]
    width, _height, rows = png_pixels(shot)
    assert width == 1600

    def grey(pixel):
        return all(150 <= c <= 200 for c in pixel) and max(pixel) - min(pixel) < 12

    spans = []
    for row in rows:  # the longest run of border grey on each line: a table's horizontal rule
        best = run = 0
        for pixel in row:
            run = run + 1 if grey(pixel) else 0
            best = max(best, run)
        spans.append(best)
    assert max(spans) > 0.9 * width, max(spans)
