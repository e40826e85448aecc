"""The table page never goes dead and follows its match (#39 items 1, 2), in headless Chromium at a phone's
viewport against a real ``gin-ref serve`` on 127.0.0.1. Each entry names its entrant ("I am", chosen in the
page: it has no default and is never remembered) and is confirmed by the player it costs (#34): at table 1
(Ann v Dan) Dan enters his knock and Ann, whom it costs, confirms it.

- a refused line, then the corrected one sent (its "I am" still chosen); the over-limit question asked in the page (never the
  browser's own ``window.confirm``): "No", then the hand entered again; "Yes" records the illegal knock;
- a stale confirm (the command line wrote the file first), then the page shows the new totals and state;
- a lost link: the entry waits and the page stays usable; the server stopped and started again: the page's
  stream comes back by itself (back-off) and follows the match again;
- live: another phone's entry and confirm, and the command line's hand, show within 2 seconds; what is being
  typed stays, and an "I am" not chosen stays unchosen;
- the table's stream: the table's cookie needed, at most 4 a table.

Each step's screenshot is saved when GIN_REF_SHOTS=DIR is set (tests/pagekit.py)."""

import time

import pytest

pytestmark = pytest.mark.slow
pytest.importorskip("starlette")

from boardkit import D35, K5, cli  # noqa: E402
from pagekit import (  # noqa: E402
    browser, choose, chosen, css, fill_hand, press, report, shot, synced, tap, text, unfold, wait_text)
from serverun import serving, start  # noqa: E402
from serveutil import event_folder, send, table_file, tally, verifies  # noqa: E402

WITHIN = 2.0  # seconds: the bound from another writer's write to the table's page


def _cli_hand(folder, knocker="Ann"):
    """A hand recorded at table 1 by the command line: Ann's knock, 5 against 35 (30 to Ann)."""
    path = str(table_file(folder))
    cli("deal", "--match", path, "--upcard", "7D")
    cli("knock", "--match", path, knocker, *K5.split(), "--defender", D35)


def _other_phone(server, key="1"):
    """Another phone of the table: an HTTP client holding its cookie."""
    import httpx

    web = httpx.Client(base_url=server.base, follow_redirects=False, timeout=10)
    assert web.get(server.addresses[key][len(server.base):]).status_code == 303
    return web


def _send(web, server, form, fields, ident=None):
    answer = send(web, "1", form, fields, ident=ident, headers={"origin": server.base, "accept": "application/json"})
    assert answer.status_code == 200, answer.text
    return answer.json()


@pytest.fixture
def driver():
    made = browser()
    yield made
    made.quit()


def test_a_refused_line_then_the_corrected_one_is_sent(tmp_path, driver):
    folder = event_folder(tmp_path)
    with serving(folder) as server:
        driver.get(server.addresses["1"])
        choose(driver, "line", "Dan")
        line = css(driver, 'form[data-form="line"] input[name="line"]')
        line.send_keys("9h zed 5 23")
        press(driver, "line")
        wait_text(driver, "Not recorded: 'zed' is not a player")  # the server's refusal, not the check as typed
        shot(driver, "dead-1-refused-line")
        assert "zed" in css(driver, "#said").text
        line = css(driver, 'form[data-form="line"] input[name="line"]')
        assert line.get_attribute("value") == "9h zed 5 23"  # kept, to be corrected
        assert chosen(driver, "line") == "Dan"  # and who enters it: not to be chosen again
        line.clear()
        line.send_keys("9h dan 5 23")
        press(driver, "line")  # the button works again: no reload
        wait_text(driver, "Hand entered by Dan: waiting for Ann")  # Dan's knock costs Ann
        shot(driver, "dead-2-corrected-line-sent")
        tap(driver, "Confirm as Ann")
        wait_text(driver, "recorded, confirmed by Ann")
    assert [(h["winner"], h["points"]) for h in tally(table_file(folder))["hands"]] == [("Dan", 18)]


def test_the_question_is_asked_in_the_page_no_then_enter_again_yes_records_it(tmp_path, driver):
    folder = event_folder(tmp_path)
    with serving(folder) as server:
        driver.get(server.addresses["1"])
        spy = "window.asked = 0; window.confirm = function () { window.asked += 1; return true; };"
        driver.execute_script(spy)
        fill_hand(driver, "Dan", "15", "23", by="Dan")
        press(driver, "hand")
        wait_text(driver, "Did Dan really knock with 15?")
        dialog = css(driver, '#ask[role="alertdialog"]')
        shot(driver, "dead-3-question")
        time.sleep(0.5)  # the form's check (its preview under the field) answers meanwhile: it does not ask again
        assert text(driver).count("Did Dan really knock with 15?") == 1
        assert driver.switch_to.active_element.get_attribute("id") == "ask-yes"
        assert driver.execute_script("return window.asked") == 0  # never the browser's own confirm
        css(driver, "#ask-no").click()
        wait_text(driver, "Not recorded: it was a slip")
        assert not dialog.is_displayed() if _attached(dialog) else True
        shot(driver, "dead-4-question-cancelled")
        assert chosen(driver, "hand") == "Dan"  # the hand stays in its form, who enters it too
        fill_hand(driver, "Dan", "5", "23", by=None)
        press(driver, "hand")  # enabled again after the cancel
        wait_text(driver, "Hand entered by Dan: waiting for Ann")
        assert "Dan knocks against Ann" in text(driver)
        tap(driver, "Reject as Ann")
        wait_text(driver, "not recorded: rejected")
        assert chosen(driver, "hand") == ""  # the next entry names its entrant again: nothing remembered
        driver.execute_script(spy)
        fill_hand(driver, "Dan", "15", "23", by="Dan")
        press(driver, "hand")
        wait_text(driver, "Did Dan really knock with 15?")
        assert driver.execute_script("return window.asked") == 0
        css(driver, "#ask-yes").click()
        wait_text(driver, "Hand entered by Dan: waiting for Ann")
        assert "Recorded as an irregularity" in text(driver)  # the knock over the limit, as play records it
    assert tally(table_file(folder))["hands"] == []  # nothing confirmed: nothing written


def _attached(element):
    try:
        element.is_displayed()
        return True
    except Exception:
        return False


def test_a_stale_confirm_then_the_page_shows_the_new_totals_and_state(tmp_path, driver):
    folder = event_folder(tmp_path)
    with serving(folder) as server:
        driver.get(server.addresses["1"])
        fill_hand(driver, "Dan", "5", "23", by="Dan")
        press(driver, "hand")
        wait_text(driver, "Hand entered by Dan: waiting for Ann")
        _cli_hand(folder)  # the command line writes the file first
        wait_text(driver, "totals: Ann 30, Dan 0", WITHIN)  # live: the page follows the file
        assert "Confirm as Ann" in text(driver)  # the entry is still pending: its confirm finds it stale
        tap(driver, "Confirm as Ann")
        wait_text(driver, "the match file changed since this was entered")
        shot(driver, "dead-5-stale-confirm")
        shown = text(driver)
        assert "Confirm as" not in shown and "waiting for" not in shown
        assert "totals: Ann 30, Dan 0" in shown and "Enter a hand" in shown
        synced(driver)
        assert chosen(driver, "hand") == "" and chosen(driver, "line") == ""  # the page as it is now: no name kept
        fill_hand(driver, "Dan", "5", "23", by="Dan")
        press(driver, "hand")  # the page is usable: the next hand is entered on the new file
        wait_text(driver, "Hand entered by Dan: waiting for Ann")
        tap(driver, "Confirm as Ann")
        wait_text(driver, "recorded, confirmed by Ann")
    assert [(h["winner"], h["points"]) for h in tally(table_file(folder))["hands"]] == [("Ann", 30), ("Dan", 18)]
    assert verifies(table_file(folder))


def test_the_page_follows_another_phone_and_the_command_line_within_2_seconds(tmp_path, driver, request):
    folder = event_folder(tmp_path)
    with serving(folder) as server:
        driver.get(server.addresses["1"])
        driver.execute_script('localStorage.setItem("gin-ref-by:/t/1", "Dan")')  # a name an older page remembered
        choose(driver, "hand", "Dan")
        driver.get("data:text/html,<p>elsewhere</p>")  # (a page of no stream: the board's kept Back waiting in CI)
        driver.back()  # the browser shows the page again: it puts back no "I am" (autocomplete off), nor the script
        wait_text(driver, "Enter a hand")
        assert chosen(driver, "hand") == "" and chosen(driver, "line") == ""
        assert driver.execute_script('return localStorage.getItem("gin-ref-by:/t/1")') is None
        unfold(driver, "line")
        css(driver, 'form[data-form="line"] input[name="line"]').send_keys("9h dan")  # being typed here
        took = []

        def timed(what, write, shown, gone=False):
            began = time.monotonic()  # from the write's start: the other writer's time is counted too
            done = write()
            wait_text(driver, shown, WITHIN, gone=gone)
            took.append((what, time.monotonic() - began))
            return done

        timed("the command line's hand", lambda: _cli_hand(folder), "totals: Ann 30, Dan 0")
        assert css(driver, 'form[data-form="line"] input[name="line"]').get_attribute("value") == "9h dan"
        assert chosen(driver, "line") == "" and chosen(driver, "hand") == ""  # still to be chosen: none remembered
        shot(driver, "live-1-command-lines-hand")
        other = _other_phone(server)
        entered = timed("another phone's entry", lambda: _send(other, server, "hand", {
            "by": "Dan", "knocker": "Dan", "count": "5", "defender": "23"}), "Hand entered by Dan: waiting for Ann")
        shot(driver, "live-2-other-phones-entry")
        # (the pending hand's words say the totals it will make: its confirm shows as the pending hand going)
        timed("another phone's confirm", lambda: _send(other, server, "confirm-0", {"by": "Ann"},
                                                       ident=entered["url"].split("e=")[1]),
              "waiting for Ann", gone=True)
        assert "totals: Ann 30, Dan 18" in text(driver) and "hand 2: Dan knocked" in text(driver)
        assert chosen(driver, "hand") == ""  # the page put in anew: "I am" is chosen for each entry
        report(request, "", "the table page followed " + ", ".join(f"{what} in {seconds:.2f} s" for what, seconds in took))


def test_a_lost_link_leaves_the_page_usable_and_the_stream_comes_back(tmp_path, driver, request):
    folder = event_folder(tmp_path)
    server = start(folder)
    try:
        driver.get(server.addresses["1"])
        port = server.base.rsplit(":", 1)[1]
        server.stop()  # the laptop's server goes away (its Wi-Fi, a restart): the stream is lost
        wait_text(driver, "No live link to the server", 20)
        shot(driver, "dead-6-stream-lost")
        fill_hand(driver, "Dan", "5", "23", by="Dan")
        press(driver, "hand")
        wait_text(driver, "1 entry waits to be sent")
        assert css(driver, 'form[data-form="hand"] button[type="submit"]').is_enabled()  # usable while it waits
        shot(driver, "dead-7-offline-queue")
        server = start(folder, port=port)  # back: the page's stream reconnects by itself, the entry is sent
        seconds = wait_text(driver, "Hand entered by Dan: waiting for Ann", 40)
        tap(driver, "Confirm as Ann")
        wait_text(driver, "recorded, confirmed by Ann")
        _cli_hand(folder)
        wait_text(driver, "totals: Ann 30, Dan 18", WITHIN)  # and the page follows its match again
        wait_text(driver, "No live link to the server", 5, gone=True)
        report(request, "", f"the link came back: the waiting entry was sent {seconds:.1f} s after the restart began, "
                            "and the page followed the command line again")
    finally:
        if server.process.poll() is None:
            server.stop()


def test_the_tables_stream_needs_its_cookie_and_counts_at_most_4(tmp_path):
    import httpx

    folder = event_folder(tmp_path)
    with serving(folder) as server:
        assert httpx.get(server.base + "/t/1/events", timeout=5).status_code == 403
        other = _other_phone(server)
        assert other.get("/t/2/events").status_code == 403  # another table's cookie is not this one's
        held = []
        try:
            for _ in range(4):
                stream = other.stream("GET", "/t/1/events")
                answer = stream.__enter__()
                lines = answer.iter_lines()  # held with its stream: a line iterator dropped closes the stream
                held.append((stream, lines))
                assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/event-stream")
                assert next(lines).startswith("retry:")
            assert other.get("/t/1/events").status_code == 429
            held.pop()[0].__exit__(None, None, None)
            deadline = time.monotonic() + 5
            while True:  # the server sees the stream gone at its next look
                with other.stream("GET", "/t/1/events") as again:
                    if again.status_code == 200:
                        break
                assert time.monotonic() < deadline, "a stream closed was still counted"
                time.sleep(0.1)
        finally:
            for stream, _lines in held:
                stream.__exit__(None, None, None)


def test_a_table_not_yet_paired_shows_its_match_once_the_director_pairs_the_round(tmp_path, driver, request):
    folder = tmp_path / "unpaired"
    cli("event", "new", str(folder), "--format", "round-robin", "--rules", "standard", "--date", "2024-09-06",
        "Ann", "Ben", "Cat", "Dan")
    with serving(folder) as server:
        driver.get(server.addresses["1"])
        wait_text(driver, "No match at this table yet")
        cli("event", "pair", str(folder), "--date", "2024-09-06")
        seconds = wait_text(driver, "Enter a hand", WITHIN)
        shot(driver, "live-3-round-paired")
        report(request, "", f"the unpaired table's page showed its match {seconds:.2f} s after the pairing")
