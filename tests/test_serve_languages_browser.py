"""The language switch in a real browser (#38 item 3, docs/serve.md#languages): headless Chromium against a
real ``gin-ref serve``, on a table's page: the phone's own language (Chromium's ``--lang``) first, then a tap
on the switch; the choice is kept (a cookie) across the table's page, the board and a reload, and the page's
``<html lang>`` says it; with JavaScript on and off. Screenshots go to GIN_REF_SHOTS when it is set."""

import pytest

pytestmark = pytest.mark.slow
pytest.importorskip("starlette")

from pagekit import shot  # noqa: E402
from serverun import serving  # noqa: E402
from serveutil import event_folder  # noqa: E402

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402


def _browser(javascript, accept):
    import shutil

    import os

    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    if not os.path.exists(driver_path) or not (shutil.which("chromium") or shutil.which("chromium-browser")):
        pytest.skip("Chromium and chromedriver are not installed (Debian: apt-get install chromium chromium-driver)")
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=390,1200"):
        options.add_argument(flag)
    options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser")
    options.add_experimental_option("prefs", {"intl.accept_languages": accept,
                                              "profile.managed_default_content_settings.javascript":
                                                  1 if javascript else 2})
    return webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=driver_path))


def _lang(driver):
    return driver.execute_script("return document.documentElement.lang")


def _text(driver):
    return driver.execute_script("return document.body ? document.body.innerText : ''") or ""


@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_the_switch_changes_a_table_pages_language_and_the_phone_keeps_it(tmp_path, javascript):
    folder = event_folder(tmp_path)
    driver = _browser(javascript, "sk-SK,sk")
    try:
        with serving(folder) as server:
            driver.get(server.addresses["1"])
            assert driver.current_url == server.base + "/t/1" and _lang(driver) == "sk"  # the phone's language
            shot(driver, "languages-table-sk")
            switch = driver.find_element(By.CSS_SELECTOR, 'nav.langs[aria-label="Jazyk"]')
            switch.find_element(By.CSS_SELECTOR, 'a[lang="fil"]').click()
            WebDriverWait(driver, 10).until(lambda d: _lang(d) == "fil")
            assert driver.current_url == server.base + "/t/1"  # back on the same page
            assert driver.find_element(By.CSS_SELECTOR, 'nav.langs[aria-label="Wika"] [aria-current="true"]').text \
                == "Filipino"
            shot(driver, "languages-table-fil")
            driver.refresh()
            assert _lang(driver) == "fil"
            driver.get(server.base + "/board")
            WebDriverWait(driver, 10).until(lambda d: "Talaan ng puwesto" in _text(d))
            assert _lang(driver) == "fil"
            shot(driver, "languages-board-fil")
            driver.find_element(By.CSS_SELECTOR, 'nav.langs a[lang="en"]').click()
            WebDriverWait(driver, 10).until(lambda d: _lang(d) == "en" and "Standings" in _text(d))
    finally:
        driver.quit()
