"""The director from the browser alone (#40 item 4), in headless Chromium against a real ``gin-ref serve`` on
127.0.0.1: a table enters a hand (upcard, knock) and the other player rejects it, so the file never deals it;
on the director's page the ruling's form holds that hand's upcard, and an award deals the hand with it and
rules it in one write and one step (the file verifies, the tally holds the deal and the ruling). Then undo
asks first (No writes nothing, Yes takes the ruling and its deal back) and offers redo, which puts them back. Screenshots go to
GIN_REF_SHOTS (``director-ruling``, ``director-undo-asked``, ``director-redo``)."""

import subprocess

import pytest

pytestmark = pytest.mark.slow
pytest.importorskip("starlette")

from pagekit import PHONE, SCREEN, browser, css, fill_hand, pick_upcard, press, shot, tap, view, wait_text  # noqa: E402
from serverun import serving  # noqa: E402
from serveutil import event_folder, table_file, tally, token  # noqa: E402
from gin_ref.files import matchfile  # noqa: E402

NAME = "round-1-table-1.yaml"


def _section(driver):
    return f'section[id="{NAME}"]'


def test_a_ruling_on_a_rejected_hand_and_undo_then_redo_from_the_directors_page(tmp_path):
    folder = event_folder(tmp_path)
    path = table_file(folder)
    driver = browser()
    try:
        with serving(folder) as server:
            driver.get(server.addresses["1"])
            wait_text(driver, "Enter a hand")
            pick_upcard(driver, "hand", "9h")
            wait_text(driver, "9♥: knock with 10 or less")  # the upcard's limit, as it is chosen (#40 item 3)
            assert css(driver, "[data-limit] span.red").text == "9♥"  # a red card in the page's red
            fill_hand(driver, "Dan", "5", "23", by="Dan")
            shot(driver, "table-upcard-limit")
            press(driver, "hand")
            wait_text(driver, "waiting for Ann")
            tap(driver, "Reject as Ann")
            wait_text(driver, "Enter a hand")
            assert tally(path)["hands"] == []  # a rejected hand is not in the file: never dealt

            view(driver, SCREEN)
            driver.get(f"{server.base}/director?token={token(folder, 'director')}")
            wait_text(driver, "the director's page")
            assert "rejected by Ann" in driver.find_element("css selector", "#pending").text
            view(driver, PHONE)  # a new user's finding: the pending table made the page 659 px wide at 390
            wide = driver.execute_script("return document.documentElement.scrollWidth")
            assert wide <= PHONE[0], wide  # a mobile viewport widens to its content: the page fits 390
            view(driver, SCREEN)
            section = _section(driver)
            driver.find_element("xpath", f'//section[@id="{NAME}"]//summary[normalize-space()="Ruling"]').click()
            upcard = css(driver, f'{section} form[action$="/ruling"] input[name="upcard"]')
            assert upcard.get_property("value") == "9H"  # the rejected hand's upcard, filled in
            css(driver, f'{section} form[action$="/ruling"] select[name="kind"] option[value="award"]').click()
            css(driver, f'{section} form[action$="/ruling"] select[name="player"] option[value="Dan"]').click()
            css(driver, f'{section} form[action$="/ruling"] input[name="points"]').send_keys("23")
            css(driver, f'{section} form[action$="/ruling"] input[name="reason"]').send_keys("Ann's count stands")
            css(driver, f'{section} form[action$="/ruling"] button').click()
            wait_text(driver, "hand 1: awarded to Dan, 23 points")
            assert " deals, upcard 9♥\nknock limit" in css(driver, 'div[role="status"]').text
            shot(driver, "director-ruling")
            hands = tally(path)["hands"]
            assert [(h["upcard"], h["winner"], h["points"]) for h in hands] == [("9H", "Dan", 23)]
            done = subprocess.run(["gin-ref", "verify", str(path)], capture_output=True, text=True, timeout=60)
            assert done.returncode == 0, done.stdout + done.stderr

            before = path.read_bytes()
            css(driver, f'{section} form[action$="/undo"] button').click()
            wait_text(driver, f"Undo the newest step of {NAME}?")
            assert "It will take back hand 1: the ruling" in css(driver, "main").text
            shot(driver, "director-undo-asked")
            driver.find_element("link text", "No: keep it (back to the director's page)").click()
            wait_text(driver, "the director's page")
            assert path.read_bytes() == before  # No: nothing written
            css(driver, f'{section} form[action$="/undo"] button').click()
            wait_text(driver, f"Undo the newest step of {NAME}?")
            tap(driver, "Yes: undo it")
            wait_text(driver, "took back hand 1: the ruling")
            assert matchfile.load(str(path)).match.state.totals == {"Ann": 0, "Dan": 0}
            assert tally(path)["hands"] == []  # one undo: the ruling and the deal it made, one step
            view(driver, PHONE)
            shot(driver, "director-redo")
            tap(driver, f"Redo: put it back in {NAME}")
            wait_text(driver, "put back hand 1: the ruling")
            hands = tally(path)["hands"]
            assert [(h["upcard"], h["winner"], h["points"]) for h in hands] == [("9H", "Dan", 23)]
    finally:
        driver.quit()
