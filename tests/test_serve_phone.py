"""The table page on a phone (#40 items 1-2), in headless Chromium at 390x844 against a real ``gin-ref serve``
on 127.0.0.1, touches counted as benchmarks/phone_touches.py counts them (a click, a key of the pad, a
scroll): a routine hand by the keys and the pad in at most 8 touches under Oklahoma rules with no keyboard
opened, a confirm in one, the pending hand drawn as cards; a disputed hand by the card picker; a confirm
under ``--pins`` by the name, the PIN's digits on the pad and Enter. Skipped where chromedriver is missing."""

import importlib.util
import shutil
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow
pytest.importorskip("selenium.webdriver")

BENCH = Path(__file__).resolve().parent.parent / "benchmarks" / "phone_touches.py"
_spec = importlib.util.spec_from_file_location("phone_touches", BENCH)
touches = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(touches)


@pytest.fixture(scope="module")
def driver():
    if not shutil.which("chromedriver") and not Path("/usr/bin/chromedriver").exists():
        pytest.skip("chromedriver is not installed (Debian: apt-get install chromium-driver)")
    made = touches.browser()
    made.set_page_load_timeout(30)
    yield made
    made.quit()


def _open(folder, driver, *options):
    server = touches.Server(folder, *options)
    driver.get(next(iter(server.addresses.values())))
    phone = touches.Phone(driver)
    phone.ready()
    return server, phone


HAND = {"by": "Ann", "upcard": "9H", "knocker": "Ben", "count": 5, "defender": 23, "confirm": "Ann",
        "result": "knock", "winner": "Ben", "points": 18}


def test_a_routine_hand_by_the_pad_in_8_touches_no_keyboard_a_confirm_in_one(tmp_path, driver):
    path = touches.new_match(tmp_path / "okla", "oklahoma", ["Ann", "Ben"])
    server, phone = _open(tmp_path / "okla", driver)
    try:
        enter = phone.css('form[data-form="hand"] button[type="submit"]')
        assert driver.execute_script("return arguments[0].getBoundingClientRect().bottom", enter) <= 844  # in view
        spent = touches.enter_by_keys(phone, HAND)
        assert spent == 8 and phone.scrolls == 0 and phone.keyboards == 0  # no text field took the focus
        phone.wait(lambda d: d.execute_script("return !!document.getElementById('pending')"))
        pending = phone.css("#pending .drawn")
        assert "Hand 1: Ben knocks against Ann" in pending.text and "23 − 5 = 18" in pending.text
        assert phone.css("#pending .drawn .up .card.red").text.startswith("9♥")
        assert touches.landed(path, 1, HAND, seconds=0.5) == "hand 1: not recorded"  # pending: nothing written
        assert touches.confirm(phone, "Ann") == 1
        assert touches.landed(path, 1, HAND) is None
        phone.wait(lambda d: "totals: Ann 0, Ben 18" in phone.text())
    finally:
        server.stop()


def test_a_disputed_hand_by_the_card_picker_is_drawn_as_cards(tmp_path, driver):
    path = touches.new_match(tmp_path / "std", "standard", ["Ann", "Ben"])
    server, phone = _open(tmp_path / "std", driver)
    try:
        phone.tap("details.bycards summary")
        form = 'form[data-form="cards"]'
        phone.tap(f'{form} input[name="by"][value="Ben"] + span')
        phone.tap(f'{form} input[name="knocker"][value="Ann"] + span')
        for side, cards in (("k", "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D"), ("d", "4S 6C TH JH QH KH 7D QD AC 3C")):
            for code in cards.split():
                phone.tap(f'{form} input[name="{side}_{code}"] + span')
        phone.wait(lambda d: d.execute_script(f"return !!document.querySelector('{form} .check .drawn')"))
        phone.tap(f'{form} button[type="submit"]')
        phone.wait(lambda d: d.execute_script("return !!document.getElementById('pending')"))
        drawn = phone.css("#pending .drawn")
        assert "laid off" in drawn.text and "deadwood" in drawn.text
        names = driver.execute_script("return Array.from(document.querySelectorAll('#pending .card .sr'))"
                                      ".map(function (s) { return s.textContent; })")
        assert "5 of diamonds" in names and "10 of hearts" in names and "4 of spades" in names
        colours = driver.execute_script("return [getComputedStyle(document.querySelector('#pending .card.red')).color,"
                                        " getComputedStyle(document.querySelector('#pending .card:not(.red)')).color]")
        assert colours[0] != colours[1]  # hearts and diamonds red, spades and clubs the text's colour
        assert phone.seen() == 0  # the picker's cards are checkboxes: no keyboard
        assert touches.confirm(phone, "Ben") == 1
        hand = {"result": "knock", "winner": "Ann", "points": 16}
        assert touches.landed(path, 1, hand) is None
    finally:
        server.stop()


def test_a_confirm_under_pins_is_the_name_the_pins_digits_on_the_pad_and_enter(tmp_path, driver):
    folder = tmp_path / "pins"
    path = touches.new_match(folder, "oklahoma", ["Ann", "Ben"])
    pins = touches.set_pins(folder, ["Ann", "Ben"])
    server, phone = _open(folder, driver, "--pins")
    try:
        touches.enter_by_keys(phone, HAND)
        spent = touches.confirm(phone, "Ann", pins["Ann"])
        assert spent == 1 + len(pins["Ann"]) + 1 and phone.keyboards == 0  # no keyboard for the PIN either
        assert touches.landed(path, 1, HAND) is None
    finally:
        server.stop()
