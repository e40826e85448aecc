"""Helpers of the table page's browser tests (tests/test_serve_live_browser.py, tests/test_serve_a11y.py):
headless Chromium driven by selenium through Debian's chromedriver, its viewport and colour scheme set through
the DevTools protocol (``Emulation.setDeviceMetricsOverride``, ``Emulation.setEmulatedMedia``), the page's
text, a hand typed in with its entrant chosen ("I am"), a button tapped by its words ("Confirm as Ann"), and
the screenshots kept when ``GIN_REF_SHOTS=DIR`` is set (``shot``).

Skips, saying why, without selenium, chromedriver or Chromium (.ci/run installs them)."""

import os
import re
import shutil
import time
from pathlib import Path

import pytest

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

PHONE = (390, 844)  # a phone's viewport, in CSS pixels
SCREEN = (1920, 1080)  # the board's projector
SCHEMES = ("light", "dark")


def browser():
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    if not os.path.exists(driver_path):
        pytest.skip("chromedriver is not installed (Debian: apt-get install chromium-driver)")
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--hide-scrollbars", f"--window-size={SCREEN[0]},{SCREEN[1]}"):
        options.add_argument(flag)
    for name in ("chromium", "chromium-browser"):
        if shutil.which(name):
            options.binary_location = shutil.which(name)
            break
    else:
        pytest.skip("Chromium is not installed (Debian: apt-get install chromium)")
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=driver_path))
    view(driver, PHONE)
    return driver


def view(driver, size, scheme="light"):
    """Show the page at ``size`` (a phone's is a mobile viewport at twice the pixels) in ``scheme``."""
    width, height = size
    phone = size == PHONE
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 2 if phone else 1,
                            "mobile": phone})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


def shot(driver, name):
    """Save the page as ``$GIN_REF_SHOTS/NAME.png`` when that is set (the whole page's height)."""
    place = os.environ.get("GIN_REF_SHOTS")
    if not place:
        return None
    Path(place).mkdir(parents=True, exist_ok=True)
    path = Path(place) / f"{name}.png"
    metrics = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
    content = metrics.get("cssContentSize") or metrics["contentSize"]
    shown = driver.execute_script("return [window.innerWidth, window.innerHeight, window.devicePixelRatio]")
    height = max(int(content["height"]), shown[1])
    data = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "captureBeyondViewport": True, "fromSurface": True,
        "clip": {"x": 0, "y": 0, "width": shown[0], "height": height, "scale": 1}})
    import base64

    path.write_bytes(base64.b64decode(data["data"]))
    return path


def text(driver):
    return driver.execute_script("return document.body ? document.body.innerText : ''") or ""


def wait_text(driver, wanted, seconds=10.0, gone=False):
    """Seconds until the page's text holds ``wanted`` (or, ``gone``, no longer holds it)."""
    began = time.monotonic()
    while time.monotonic() - began < seconds:
        try:
            if (wanted in text(driver)) != gone:
                return time.monotonic() - began
        except Exception:  # the page is being replaced
            pass
        time.sleep(0.02)
    raise AssertionError(f"the page did not {'drop' if gone else 'show'} {wanted!r} within {seconds} s:\n"
                         f"{text(driver)}")


def css(driver, selector):
    return driver.find_element(By.CSS_SELECTOR, selector)


CARDS = re.compile(r"[A-Za-z]")


def fill_hand(driver, knocker, count, defender, *, by):
    """A hand filled in as a player does it (#40): who enters it (``None`` leaves the choice as it is), who
    knocked, the knocker's count as a key of the 0-10 row, the defender's count on the page's pad; a hand
    given by cards (``A-3S 4HDC ...``) is picked card by card in the form by cards. Returns the form used
    (its data-form). A count past the row's 10 (an illegal knock the keys cannot say: the table line or the
    cards say it) is put on the row's last key by script, as the page without its keys would send it."""
    if CARDS.search(count or "") or CARDS.search(defender or ""):
        pick_hand(driver, knocker, count, defender, by=by)
        return "cards"
    if by is not None:
        choose(driver, "hand", by)
    key(driver, "hand", "knocker", knocker)
    if count:
        if int(count) > 10:
            driver.execute_script('var k = document.querySelector(\'form[data-form="hand"] input[name="count"]'
                                  '[value="10"]\'); k.value = arguments[0];', count)
            key(driver, "hand", "count", count)
        else:
            key(driver, "hand", "count", count)
    css(driver, 'form[data-form="hand"] .pad button[value=""]')  # the pad is shown (the script ran)
    while css(driver, 'form[data-form="hand"] input[name="defender"]').get_property("value"):
        css(driver, 'form[data-form="hand"] .pad button[value=""]').click()
    for digit in defender or "":
        css(driver, f'form[data-form="hand"] .pad button[value="{digit}"]').click()
    return "hand"


def key(driver, form, name, value):
    """Tap the key ``value`` of the choice ``name`` in ``form`` (a radio button drawn as a key)."""
    css(driver, f'form[data-form="{form}"] input[name="{name}"][value="{value}"] + span').click()


def unfold(driver, form):
    """Open the folded section (``<details>``) that holds ``form``, if it is closed."""
    driver.execute_script('var f = document.querySelector(\'form[data-form="\' + arguments[0] + \'"]\');'
                          'var d = f && f.closest("details"); if (d && !d.open) { d.querySelector("summary").click(); }',
                          form)


def pick_upcard(driver, form, code):
    """The upcard chosen by its rank's key and its suit's key (unfolded first where the rules need none)."""
    driver.execute_script('var f = document.querySelector(\'form[data-form="\' + arguments[0] + \'"] details.upcard\');'
                          'if (f && !f.open) { f.querySelector("summary").click(); }', form)
    key(driver, form, "up_rank", code[:-1].upper().replace("10", "T"))
    key(driver, form, "up_suit", code[-1].upper())


def pick_hand(driver, knocker, mine, theirs, *, by):
    """A hand by its cards, in the card picker: each side's cards tapped (cards read as the command line reads
    them: ``A-3S 4HDC``)."""
    from gin_ref.core.cards import codes, parse_cards

    unfold(driver, "cards")
    if by is not None:
        choose(driver, "cards", by)
    key(driver, "cards", "knocker", knocker)
    for side, cards in (("k", mine), ("d", theirs)):
        wanted = set(codes(parse_cards(cards))) if cards else set()
        for box in driver.find_elements(By.CSS_SELECTOR, f'form[data-form="cards"] input[name^="{side}_"]'):
            if box.is_selected() != (box.get_attribute("name")[2:] in wanted):
                driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
                box.find_element(By.XPATH, "..").click()


def choose(driver, form, name):
    """"I am NAME" chosen in ``form`` (its data-form): every entry names its entrant (#34)."""
    unfold(driver, form)
    css(driver, f'form[data-form="{form}"] input[name="by"][value="{name}"] + span').click()


def chosen(driver, form):
    """The name chosen in ``form``'s "I am" ("" while none is)."""
    return driver.execute_script('var c = document.querySelector(\'form[data-form="\' + arguments[0] + \'"] '
                                 'input[name="by"]:checked\'); return c ? c.value : "";', form)


def press(driver, form):
    """Tap the button of ``form`` (its data-form), once it can be tapped."""
    button = css(driver, f'form[data-form="{form}"] button[type="submit"]')
    assert button.is_enabled(), f"the {form} form's button is disabled"
    button.click()


def tap(driver, words):
    """Tap the button that says ``words`` ("Confirm as Ann", "Reject as Ann"), once it can be tapped."""
    buttons = driver.find_elements(By.XPATH, f'//form//button[normalize-space()="{words}"]')
    assert len(buttons) == 1, f"{len(buttons)} buttons say {words!r}:\n{text(driver)}"
    assert buttons[0].is_enabled(), f"the button {words!r} is disabled"
    buttons[0].click()


def synced(driver, seconds=10.0):
    """Wait until the page shows the table as its stream last told it (no fetch of itself under way)."""
    began = time.monotonic()
    while time.monotonic() - began < seconds:
        if driver.execute_script('return document.documentElement.getAttribute("data-synced")') == "1":
            return
        time.sleep(0.02)
    raise AssertionError("the page did not catch up with its table's stream")


def report(request, *lines):
    """Lines for the test run's own output, shown whether or not pytest captures (-s) or is quiet (-q):
    the states tested, the times measured."""
    import contextlib

    terminal = request.config.pluginmanager.get_plugin("terminalreporter")
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    with capture.global_and_fixture_disabled() if capture is not None else contextlib.nullcontext():
        for line in lines:
            if terminal is not None:
                terminal.write_line(line)
            else:
                print(line)
