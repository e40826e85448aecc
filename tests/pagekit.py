"""Helpers of the table page's browser tests (tests/test_serve_live_browser.py, tests/test_serve_a11y.py):
headless Chromium driven by selenium through Debian's chromedriver, its viewport and colour scheme set through
the DevTools protocol (``Emulation.setDeviceMetricsOverride``, ``Emulation.setEmulatedMedia``), the page's
text, a hand typed in with its entrant chosen ("I am"), a button tapped by its words ("Confirm as Ann"), and
the screenshots kept when ``GIN_REF_SHOTS=DIR`` is set (``shot``).

Skips, saying why, without selenium, chromedriver or Chromium (.ci/run installs them)."""

import os
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


def fill_hand(driver, knocker, count, defender, *, by):
    """The hand form filled in: who enters it (the "I am" choice, which the page never makes for him; ``None``
    leaves the choice as it is), who knocked, the two counts (or cards)."""
    if by is not None:
        choose(driver, "hand", by)
    css(driver, f'input[name="knocker"][value="{knocker}"]').click()
    for name, value in (("count", count), ("defender", defender)):
        field = css(driver, f'form[data-form="hand"] input[name="{name}"]')
        field.clear()
        field.send_keys(value)


def choose(driver, form, name):
    """"I am NAME" chosen in ``form`` (its data-form): every entry names its entrant (#34)."""
    css(driver, f'form[data-form="{form}"] select[name="by"] option[value="{name}"]').click()


def chosen(driver, form):
    """The name chosen in ``form``'s "I am" ("" while none is)."""
    return css(driver, f'form[data-form="{form}"] select[name="by"]').get_property("value")


def press(driver, form):
    """Tap the button of ``form`` (its data-form), once it can be tapped."""
    button = css(driver, f'form[data-form="{form}"] button')
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
