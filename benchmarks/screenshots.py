"""The screenshots of #38 ("Done means"), in each language gin-ref speaks: a table page (a phone, 390×844), the
board (a projector, 1280×800) and `gin-ref tally` (the terminal's text drawn in a `<pre>`), into
docs/screenshots/ (docs/languages.md links them).

    python benchmarks/screenshots.py [--out DIR] [--languages en,fil,sk]

It makes a club night (`gin-ref event new` of four players under Oklahoma rules, round 1 paired), serves it
with `gin-ref serve` on 127.0.0.1 (a free port), and at table 1 enters a hand by the page's keys and confirms
it, then enters a second one and leaves it waiting: so the table page shows the pending hand drawn as the
journal keeps it (facts, said in each page's language), and the board the hand just recorded. Each language
is chosen by the page's own switch (its cookie), as a phone would. The tally is `gin-ref --lang LANG tally`
of examples/oklahoma.yaml, drawn in a monospace `<pre>` sized to its text. Needs selenium and chromedriver
(Debian: chromium-driver), as benchmarks/phone_touches.py does.

Files: table-LANG.png, board-LANG.png, tally-LANG.png.
"""

import argparse
import html
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, List, Optional
from urllib.parse import quote

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import phone_touches as touches  # noqa: E402  (the phone, its keys and the server, as the touches are counted)

LANGUAGES = ("en", "fil", "sk")
PHONE = (390, 844)
BOARD = (1280, 800)
TALLY_MATCH = "examples/oklahoma.yaml"  # as a reader of the repository types it (run from its root)


def browser(width: int, height: int, phone: bool) -> Any:
    """Headless Chromium at ``width``×``height`` (a phone's metrics when ``phone``)."""
    from selenium import webdriver

    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--hide-scrollbars", f"--window-size={width},{height}"):
        options.add_argument(flag)
    if phone:
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": width, "height": height,
                                                                              "pixelRatio": 2.0}})
    for name in ("chromium", "chromium-browser"):
        if shutil.which(name):
            options.binary_location = shutil.which(name)
            break
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    made = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=driver_path))
    made.set_page_load_timeout(30)
    return made


def gin(*args: str) -> str:
    done = subprocess.run(["gin-ref", *args], capture_output=True, text=True, timeout=120, cwd=ROOT)
    if done.returncode != 0:
        raise SystemExit(f"gin-ref {' '.join(args)} failed: {done.stderr}")
    return done.stdout


def club_night(work: Path) -> Path:
    folder = work / "night"
    gin("event", "new", str(folder), "--format", "round-robin", "--rules", "oklahoma", "Ann", "Ben", "Cat", "Dan")
    gin("event", "pair", str(folder))
    return folder


def players_of(folder: Path) -> List[str]:
    table = sorted(folder.glob("round-1-table-1*.yaml"))[0]
    return [str(name) for name in yaml.safe_load(table.read_text(encoding="utf-8"))["players"]]


def switch(driver: Any, base: str, language: str, back: str) -> None:
    """The page's language switch, as a phone uses it: its cookie kept, back to ``back``."""
    driver.get(f"{base}/language?to={language}&back={quote(back, safe='')}")


def wait_loaded(driver: Any) -> None:
    touches.Phone(driver).wait(lambda d: d.execute_script("return document.readyState === 'complete'"))


def table_and_board(out: Path, languages: List[str], work: Path) -> List[Path]:
    folder = club_night(work)
    first, second = players_of(folder)
    server = touches.Server(folder)
    made: List[Path] = []
    try:
        address = server.addresses["1"]
        phone_driver = browser(*PHONE, phone=True)
        try:
            phone_driver.get(address)  # the table's token exchanged for its cookie
            phone = touches.Phone(phone_driver)
            phone.ready()
            recorded = {"by": first, "upcard": "9H", "knocker": second, "count": 5, "defender": 23}
            touches.enter_by_keys(phone, recorded)
            touches.confirm(phone, first)
            phone.wait(lambda d: not d.execute_script("return !!document.getElementById('pending')"))
            phone.ready()
            waiting = {"by": second, "upcard": "KS", "knocker": first, "count": 0, "defender": 31}
            touches.enter_by_keys(phone, waiting)
            phone.wait(lambda d: d.execute_script("return !!document.getElementById('pending')"))
            for language in languages:
                switch(phone_driver, server.base, language, "/t/1")
                phone.ready()
                phone_driver.execute_script("document.getElementById('pending').scrollIntoView()")
                made.append(save(phone_driver, out / f"table-{language}.png"))
        finally:
            phone_driver.quit()
        board_driver = browser(*BOARD, phone=False)
        try:
            for language in languages:
                switch(board_driver, server.base, language, "/board")
                wait_loaded(board_driver)
                made.append(save(board_driver, out / f"board-{language}.png"))
        finally:
            board_driver.quit()
    finally:
        server.stop()
    return made


def tally_page(text: str, language: str) -> str:
    return (f'<!DOCTYPE html><html lang="{language}"><head><meta charset="utf-8"><style>'
            "html,body{margin:0;background:#1e1e1e;color:#e8e8e8}"
            "pre{margin:0;padding:16px 20px;font:15px/1.35 'DejaVu Sans Mono',monospace;white-space:pre}"
            f"</style></head><body><pre>{html.escape(text)}</pre></body></html>")


def tallies(out: Path, languages: List[str], work: Path) -> List[Path]:
    made: List[Path] = []
    for language in languages:
        text = gin("--lang", language, "tally", "--match", TALLY_MATCH).rstrip("\n")
        lines = text.splitlines() or [""]
        width = max(560, int(max(len(line) for line in lines) * 9.1) + 48)
        height = int(len(lines) * 20.3) + 40
        page = work / f"tally-{language}.html"
        page.write_text(tally_page(f"$ gin-ref --lang {language} tally --match {TALLY_MATCH}\n" + text,
                                   language), encoding="utf-8")
        driver = browser(width, height + 20, phone=False)
        try:
            driver.get(page.as_uri())
            wait_loaded(driver)
            made.append(save(driver, out / f"tally-{language}.png"))
        finally:
            driver.quit()
    return made


def save(driver: Any, where: Path) -> Path:
    where.parent.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(where))
    return where


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--languages", default=",".join(LANGUAGES))
    args = parser.parse_args(argv)
    languages = [code for code in args.languages.split(",") if code]
    with tempfile.TemporaryDirectory(prefix="gin-ref-shots-") as work:
        made = table_and_board(args.out, languages, Path(work))
        made += tallies(args.out, languages, Path(work))
    for path in made:
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
