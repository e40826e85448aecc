"""Touches per routine hand on a table's page, counted in a real headless Chromium at a phone's viewport (#40).

It plays a pinned evening (tests/records/phone-evening.yaml: routine knocks, gins and undercuts under
Oklahoma rules, and a set under rules that use no upcard) through `gin-ref serve` on 127.0.0.1: each hand is
entered by the form's keys as a player would, and confirmed. Every click, every key of the pad and every
scroll (a key out of view is scrolled to first) is a touch; no text is typed into any field, and a text field
that takes the focus is counted and reported (it would open the phone's keyboard). After each confirm the
match file must hold the hand as the evening says (result, winner, points), read with `gin-ref tally --json`.

    python benchmarks/phone_touches.py [--evening FILE] [--shots DIR] [--pins] [--before GIN_REF]

It prints, per rules set, the touches of each hand, the mean and the maximum, and the touches of a confirm
(with --pins: the name, the PIN's digits on the pad, Enter). Targets (#40): at most 8 a hand under Oklahoma,
at most 6 where the rules use no upcard; the issue's before is 11-16. Exit 1 when a hand did not land in the
record as intended. Needs selenium and chromedriver (Debian: chromium-driver)."""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, List, Optional

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from serverun import start  # noqa: E402  (serve started and stopped as the slow tests do)
EVENING = ROOT / "tests" / "records" / "phone-evening.yaml"
PHONE = (390, 844)


def browser() -> Any:
    from selenium import webdriver

    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", f"--window-size={PHONE[0]},{PHONE[1]}"):
        options.add_argument(flag)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": PHONE[0], "height": PHONE[1],
                                                                          "pixelRatio": 2.0}})
    for name in ("chromium", "chromium-browser"):
        if shutil.which(name):
            options.binary_location = shutil.which(name)
            break
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    return webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=driver_path))


def Server(folder: Path, *options: str, command: str = "gin-ref") -> Any:
    """``gin-ref serve FOLDER`` on 127.0.0.1 (a free port), its table addresses read from what it prints
    (tests/serverun.py: ``.addresses``, ``.base``, ``.stop()``)."""
    running = start(folder, *options, command=command)
    if not running.base.startswith(("http://127.", "https://127.")):
        running.stop()
        raise SystemExit(f"serve is not on 127.0.0.1: {running.base}")
    return running


class Phone:
    """A page driven by touches, counted: a tap on an element out of view scrolls to it first (a touch)."""

    WATCH = ("window.__typed = window.__typed || 0; if (!window.__watching) { window.__watching = true;"
             " document.addEventListener('focusin', function (e) { var t = e.target;"
             " if (t && t.tagName === 'INPUT' && !t.readOnly && /^(text|password|number|tel)$/.test(t.type))"
             " { window.__typed += 1; } }); }")

    def __init__(self, driver: Any) -> None:
        self.driver = driver
        self.touches = 0
        self.scrolls = 0
        self.keyboards = 0

    def css(self, selector: str) -> Any:
        from selenium.webdriver.common.by import By

        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def watch(self) -> None:
        self.driver.execute_script(self.WATCH)

    def seen(self) -> int:
        return int(self.driver.execute_script("return window.__typed || 0") or 0)

    def tap(self, selector: str) -> None:
        element = self.css(selector)
        inside = self.driver.execute_script(
            "var r = arguments[0].getBoundingClientRect();"
            "return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0;", element)
        if not inside:
            self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
            self.touches += 1
            self.scrolls += 1
        element.click()
        self.touches += 1

    def wait(self, check: Any, seconds: float = 15) -> None:
        from selenium.webdriver.support.ui import WebDriverWait

        WebDriverWait(self.driver, seconds, poll_frequency=0.05, ignored_exceptions=(Exception,)).until(check)

    def text(self) -> str:
        return str(self.driver.execute_script("return document.body ? document.body.innerText : ''") or "")

    def ready(self) -> None:
        """The page loaded and its script ran (the pads are shown)."""
        self.wait(lambda d: d.execute_script(
            "var p = document.querySelector('[data-pad-for]'); return document.readyState === 'complete' &&"
            " (!p || !p.hidden);"))
        self.watch()


def enter_by_keys(phone: Phone, hand: Dict[str, Any], shots: Optional[Path] = None) -> int:
    """One hand entered by the form's keys; its touches."""
    before = phone.touches
    form = 'form[data-form="hand"]'
    phone.tap(f'{form} input[name="by"][value="{hand["by"]}"] + span')
    if hand.get("upcard"):
        rank, suit = hand["upcard"][:-1], hand["upcard"][-1]
        phone.tap(f'{form} input[name="up_rank"][value="{rank}"] + span')
        phone.tap(f'{form} input[name="up_suit"][value="{suit}"] + span')
    phone.tap(f'{form} input[name="knocker"][value="{hand["knocker"]}"] + span')
    phone.tap(f'{form} input[name="count"][value="{hand["count"]}"] + span')
    for digit in str(hand["defender"]):
        phone.tap(f'{form} .pad button[value="{digit}"]')
    # the player looks at the preview (the hand as it will be recorded) before Enter: it is drawn first
    phone.wait(lambda d: d.execute_script(
        "var c = document.querySelector('form[data-form=\"hand\"] .check'); return !!(c && c.querySelector('.drawn'));"))
    if shots is not None:
        shot(phone.driver, shots, "preview")
    phone.keyboards += phone.seen()  # text fields that took the focus on this page
    phone.tap(f"{form} button[type=submit]")
    return phone.touches - before


def enter_by_typing(phone: Phone, hand: Dict[str, Any]) -> int:
    """One hand on the form before #40 (``--before``: a name list, the upcard and the counts typed): a tap
    opens the list and one picks the name, a tap puts a field in focus and each character is a key; the
    keyboard's switches between letters and digits are not counted (a real phone adds them)."""
    from selenium.webdriver.support.ui import Select

    before = phone.touches
    form = 'form[data-form="hand"]'
    phone.tap(f'{form} select[name="by"]')
    Select(phone.css(f'{form} select[name="by"]')).select_by_value(hand["by"])
    phone.touches += 1
    typed = [("upcard", hand["upcard"].replace("T", "10").lower())] if hand.get("upcard") else []
    phone.tap(f'{form} input[name="knocker"][value="{hand["knocker"]}"]')
    if hand["count"] == 0:
        phone.tap(f'{form} input[name="result"][value="gin"]')
    else:
        typed.append(("count", str(hand["count"])))
    typed.append(("defender", str(hand["defender"])))
    for name, text in typed:
        phone.tap(f'{form} input[name="{name}"]')
        phone.css(f'{form} input[name="{name}"]').send_keys(text)
        phone.touches += len(text)
    phone.keyboards += phone.seen()
    phone.tap(f'{form} button[type=submit]')
    return phone.touches - before


def confirm(phone: Phone, name: str, pin: Optional[str] = None) -> int:
    """The pending hand confirmed by ``name`` (with ``pin``: the name, the PIN's digits, Enter); its touches."""
    phone.wait(lambda d: d.execute_script("return !!document.getElementById('pending')"))
    phone.ready()
    before = phone.touches
    if pin is None:
        forms = phone.driver.execute_script(
            "return Array.from(document.querySelectorAll('form[data-form^=\"confirm-\"]')).map(function (f) {"
            " var b = f.querySelector('input[name=by]'); return [f.getAttribute('data-form'), b ? b.value : ''];});")
        form = next(found for found, who in forms if who == name)
        phone.tap(f'form[data-form="{form}"] button[type=submit]')
    else:
        phone.tap(f'form[data-form="confirm-0"] input[name="by"][value="{name}"] + span')
        for digit in pin:
            phone.tap(f'form[data-form="confirm-0"] .pad button[value="{digit}"]')
        phone.keyboards += phone.seen()
        phone.tap('form[data-form="confirm-0"] button[type=submit]')
    return phone.touches - before


def tally(path: Path) -> Dict[str, Any]:
    done = subprocess.run(["gin-ref", "tally", "--json", str(path)], capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        raise SystemExit(f"tally failed: {done.stderr}")
    data: Dict[str, Any] = json.loads(done.stdout)
    return data


def landed(path: Path, number: int, hand: Dict[str, Any], seconds: float = 10) -> Optional[str]:
    """None when hand ``number`` of the match file is as the evening says, else what is wrong."""
    deadline = time.monotonic() + seconds
    problem = "not recorded"
    while time.monotonic() < deadline:
        hands = tally(path)["hands"]
        if len(hands) >= number and hands[number - 1].get("result") is not None:
            got = hands[number - 1]
            want = (hand["result"], hand["winner"], hand["points"])
            have = (got.get("result"), got.get("winner"), got.get("points"))
            return None if have == want else f"hand {number}: {have}, not {want}"
        time.sleep(0.2)
    return f"hand {number}: {problem}"


def new_match(folder: Path, rules: str, players: List[str]) -> Path:
    folder.mkdir(parents=True)
    path = folder / f"{players[0]} v {players[1]}.yaml"
    done = subprocess.run(["gin-ref", "new", *players, "--rules", rules, "--dealer", players[0], "--match", str(path)],
                          capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        raise SystemExit(f"gin-ref new failed: {done.stderr}")
    return path


def play_set(work: Path, number: int, games: Dict[str, Any], driver: Any, shots: Optional[Path],
             pins: bool, before: Optional[str] = None) -> Dict[str, Any]:
    folder = work / f"set-{number}"
    path = new_match(folder, games["rules"], games["players"])
    pin_of = set_pins(folder, games["players"]) if pins else {}
    server = Server(folder, *(["--pins"] if pins else []), command=before or "gin-ref")
    phone = Phone(driver)
    result: Dict[str, Any] = {"rules": games["rules"], "hands": [], "confirms": [], "problems": []}
    try:
        address = next(iter(server.addresses.values()))
        driver.get(address)
        for index, hand in enumerate(games["hands"], 1):
            if not before:
                phone.ready()
            if before:
                phone.wait(lambda d: d.execute_script("return document.readyState === 'complete'"))
                phone.watch()
                touches = enter_by_typing(phone, hand)
            else:
                touches = enter_by_keys(phone, hand, shots / f"table-preview-{games['rules']}.png"
                                        if shots is not None and index == 1 else None)
            if shots is not None and index == 1:
                phone.wait(lambda d: d.execute_script("return !!document.getElementById('pending')"))
                shot(driver, shots / f"table-pending-{games['rules']}.png", "pending")
            result["hands"].append(touches)
            result["confirms"].append(confirm(phone, hand["confirm"], pin_of.get(hand["confirm"]) if pins else None))
            problem = landed(path, index, hand)
            if problem:
                result["problems"].append(problem)
            phone.wait(lambda d: d.execute_script(
                "return !document.getElementById('pending') && !!document.querySelector('form[data-form=\"hand\"]')"))
    finally:
        server.stop()
    result["scrolls"], result["keyboards"] = phone.scrolls, phone.keyboards
    return result


def set_pins(folder: Path, players: List[str]) -> Dict[str, str]:
    """A PIN for each player (as the director sets one: ``gin_ref.serve.pins.Pins``), six digits."""
    from gin_ref.serve.pins import Pins

    store = Pins(str(folder))
    pins = {name: f"{index + 2}0{index + 5}1{index + 3}9"[:6] for index, name in enumerate(players)}
    for name, pin in pins.items():
        store.set(name, pin)
    return pins


def shot(driver: Any, where: Path, what: str) -> None:
    """A screenshot at the phone's viewport (the page's scroll put back after it: it costs no touch)."""
    at = driver.execute_script("return window.scrollY")
    if what == "pending":
        driver.execute_script("var p = document.getElementById('pending'); if (p) { p.scrollIntoView(); }")
    elif what == "preview":
        driver.execute_script("document.querySelector('form[data-form=\"hand\"] .check').scrollIntoView({block: 'end'})")
    where.parent.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(where))
    driver.execute_script("window.scrollTo(0, arguments[0])", at)


DISPUTED = {"by": "Ben", "knocker": "Ann", "k": "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D", "d": "4S 6C TH JH QH KH 7D QD AC 3C"}


def cards_shots(work: Path, driver: Any, shots: Path) -> None:
    """Screenshots of a disputed hand entered by the card picker: the picker filled with its preview, then
    the pending hand drawn as cards."""
    folder = work / "by-cards"
    new_match(folder, "standard", ["Ann", "Ben"])
    server = Server(folder)
    try:
        driver.get(next(iter(server.addresses.values())))
        phone = Phone(driver)
        phone.ready()
        phone.tap("details.bycards summary")
        form = 'form[data-form="cards"]'
        phone.tap(f'{form} input[name="by"][value="{DISPUTED["by"]}"] + span')
        phone.tap(f'{form} input[name="knocker"][value="{DISPUTED["knocker"]}"] + span')
        for side in ("k", "d"):
            for code in DISPUTED[side].split():
                phone.tap(f'{form} input[name="{side}_{code}"] + span')
        phone.wait(lambda d: d.execute_script(f"return !!document.querySelector('{form} .check .drawn')"))
        driver.execute_script(f"document.querySelector('{form} .picker').scrollIntoView()")
        shots.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(shots / "table-by-cards.png"))
        phone.tap(f"{form} button[type=submit]")
        phone.wait(lambda d: d.execute_script("return !!document.getElementById('pending')"))
        shot(driver, shots / "table-pending-by-cards.png", "pending")
    finally:
        server.stop()


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--evening", type=Path, default=EVENING)
    parser.add_argument("--shots", type=Path, default=None, help="save screenshots of the page here")
    parser.add_argument("--pins", action="store_true", help="serve with --pins: a confirm is the name, the PIN, Enter")
    parser.add_argument("--before", metavar="GIN_REF", help="count the form before #40 (typed fields) on the "
                        "gin-ref command given (e.g. /work/main/.venv/bin/gin-ref): the before figure")
    args = parser.parse_args(argv)
    evening = yaml.safe_load(args.evening.read_text(encoding="utf-8"))
    load = os.getloadavg()
    failed = False
    driver = browser()
    try:
        with tempfile.TemporaryDirectory(prefix="phone-touches-") as work:
            for number, games in enumerate(evening["sets"], 1):
                done = play_set(Path(work), number, games, driver, args.shots, args.pins, args.before)
                hands = done["hands"]
                print(f"{done['rules']}: {len(hands)} hands, touches a hand {hands}: mean {statistics.mean(hands):.2f}, "
                      f"max {max(hands)}; a confirm: mean {statistics.mean(done['confirms']):.2f}, "
                      f"max {max(done['confirms'])}; scrolls {done['scrolls']}, keyboards opened {done['keyboards']}")
                for problem in done["problems"]:
                    print(f"  NOT AS INTENDED: {problem}")
                    failed = True
            if args.shots is not None and not args.before:
                cards_shots(Path(work), driver, args.shots)
    finally:
        driver.quit()
    print(f"load average at the start: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
