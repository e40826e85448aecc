"""A table's page in headless Chromium at a phone's viewport (selenium, Debian's chromedriver), against a
real ``gin-ref serve`` on 127.0.0.1: a hand entered, the opponent confirms, the tally shows it and the match
file verifies; the same with JavaScript off; a reload in the middle of an entry records it once. A
screenshot of the page is saved ($GIN_REF_SHOTS, else the test's folder) for the closing note.

Skipped, saying why, where selenium or chromedriver is missing (``.ci/run`` installs them)."""

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from serverun import serving
from serveutil import event_folder, table_file, tally

pytestmark = pytest.mark.slow
webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

PHONE = (390, 844)  # a phone's viewport, in CSS pixels


def browser(javascript=True):
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    if not os.path.exists(driver_path):
        pytest.skip("chromedriver is not installed (Debian: apt-get install chromium-driver)")
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 f"--window-size={PHONE[0]},{PHONE[1]}"):
        options.add_argument(flag)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": PHONE[0], "height": PHONE[1],
                                                                          "pixelRatio": 2.0}})
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    for name in ("chromium", "chromium-browser"):
        if shutil.which(name):
            options.binary_location = shutil.which(name)
            break
    service = webdriver.ChromeService(executable_path=driver_path)
    return webdriver.Chrome(options=options, service=service)


def _verify(path):
    done = subprocess.run(["gin-ref", "verify", str(path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr


def _press(element, javascript=True):
    """A tap; with JavaScript off, the same by the keyboard (space on a choice, Enter on a button): chromedriver's
    click on a page without scripts waits out a 30-second timeout before it returns."""
    if javascript:
        element.click()
    else:
        element.send_keys(Keys.SPACE if element.tag_name == "input" else Keys.ENTER)


def _enter_hand(driver, knocker, count, defender, by="Ann", javascript=True):
    """The hand by the form's keys (#40); with the script the defender's count on the page's pad, without it
    typed into its field (the pad needs the script)."""
    form = 'form[data-form="hand"]'
    for name, value in (("by", by), ("knocker", knocker), ("count", count)):
        choice = driver.find_element(By.CSS_SELECTOR, f'{form} input[name="{name}"][value="{value}"]')
        if javascript:
            driver.find_element(By.CSS_SELECTOR, f'{form} input[name="{name}"][value="{value}"] + span').click()
        else:
            choice.send_keys(Keys.SPACE)
    if javascript:
        for digit in defender:
            driver.find_element(By.CSS_SELECTOR, f'{form} .pad button[value="{digit}"]').click()
    else:
        assert not driver.find_element(By.CSS_SELECTOR, f"{form} .pad").is_displayed()
        driver.find_element(By.NAME, "defender").send_keys(defender)


def _text(driver):
    return driver.execute_script("return document.body ? document.body.innerText : ''") or ""


def _wait_text(driver, text, seconds=10):
    WebDriverWait(driver, seconds, ignored_exceptions=(Exception,)).until(lambda d: text in _text(d))


@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_enter_confirm_and_the_tally_shows_it(tmp_path, javascript):
    folder = event_folder(tmp_path)
    driver = browser(javascript)
    try:
        with serving(folder) as server:
            driver.get(server.addresses["1"])
            assert driver.current_url == server.base + "/t/1"  # the token is gone from the address bar
            _enter_hand(driver, "Dan", "5", "23", javascript=javascript)
            if javascript:  # checked as typed, with the command line's words
                WebDriverWait(driver, 10, ignored_exceptions=(StaleElementReferenceException,)).until(
                    lambda d: "Dan knocks against Ann" in d.find_element(By.CSS_SELECTOR, '[data-check="hand"]').text)
            _press(driver.find_element(By.CSS_SELECTOR, 'form[data-form="hand"] button[type="submit"]'), javascript)
            _wait_text(driver, "Ann confirms it")  # Dan's knock costs Ann: she confirms it
            assert tally(table_file(folder))["hands"] == []
            _press(driver.find_element(By.CSS_SELECTOR, 'form[data-form="confirm-0"] button'), javascript)
            _wait_text(driver, "recorded, confirmed by Ann")
            body = _text(driver)
            assert "totals: Ann 0, Dan 18" in body and "hand 1: Dan knocked, 18 points to Dan" in body
            if javascript:
                shots = Path(os.environ.get("GIN_REF_SHOTS") or tmp_path)
                shots.mkdir(parents=True, exist_ok=True)
                _enter_hand(driver, "Ann", "0", "31", by="Ann")
                driver.find_element(By.CSS_SELECTOR, 'form[data-form="hand"] button[type="submit"]').click()
                _wait_text(driver, "waiting for Dan")
                driver.set_window_size(PHONE[0], 1900)
                assert driver.save_screenshot(str(shots / "serve-table.png"))
        data = tally(table_file(folder))
        assert [(h["winner"], h["points"]) for h in data["hands"]] == [("Dan", 18)]
        _verify(table_file(folder))
    finally:
        driver.quit()


def test_a_reload_in_the_middle_of_an_entry_records_it_once(tmp_path):
    folder = event_folder(tmp_path)
    driver = browser(True)
    try:
        with serving(folder) as server:
            driver.get(server.addresses["1"])
            _enter_hand(driver, "Dan", "5", "23")
            # the entry goes into the page's queue and is sent; the page is reloaded before the answer shows
            driver.execute_script('document.querySelector(\'form[data-form="hand"]\').requestSubmit(); '
                                  'location.reload();')
            time.sleep(1.0)
            driver.refresh()
            _wait_text(driver, "Ann confirms it")
            driver.find_element(By.CSS_SELECTOR, 'form[data-form="confirm-0"] button').click()
            _wait_text(driver, "recorded, confirmed by Ann")
            # the queue in localStorage sent the same entry again at the reload: still one hand
            assert driver.execute_script("return Object.keys(localStorage).filter(k => k.startsWith('gin-ref-queue'))"
                                         ".map(k => JSON.parse(localStorage[k]).length).reduce((a, b) => a + b, 0)") == 0
            driver.refresh()
            _wait_text(driver, "totals: Ann 0, Dan 18")
        assert len(tally(table_file(folder))["hands"]) == 1
        _verify(table_file(folder))
    finally:
        driver.quit()


def test_an_entry_made_while_the_link_is_down_is_sent_when_it_returns(tmp_path):
    folder = event_folder(tmp_path)
    driver = browser(True)
    try:
        with serving(folder) as server:
            driver.get(server.addresses["1"])
            driver.set_network_conditions(offline=True, latency=0, download_throughput=-1, upload_throughput=-1)
            _enter_hand(driver, "Dan", "5", "23")
            driver.find_element(By.CSS_SELECTOR, 'form[data-form="hand"] button[type="submit"]').click()
            # (the page draws its parts again when its link is lost: an element found may be gone a moment later)
            WebDriverWait(driver, 10, ignored_exceptions=(StaleElementReferenceException,)).until(
                lambda d: "1 entry waits to be sent" in d.find_element(By.ID, "offline").text)
            driver.set_network_conditions(offline=False, latency=0, download_throughput=-1, upload_throughput=-1)
            _wait_text(driver, "Ann confirms it", 15)
    finally:
        driver.quit()
