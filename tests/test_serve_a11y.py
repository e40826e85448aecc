"""Accessible in light and dark (#39 item 5): axe-core, in headless Chromium against a real ``gin-ref serve``,
finds no violation of any impact on each state of each page, at a phone's viewport (390x844) and a screen's
(1920x1080), in the light and the dark scheme (``prefers-color-scheme`` emulated through the DevTools
protocol); every colour-contrast item axe leaves incomplete (it could not tell the background) is settled by
a check of the computed colours (4.5:1, 3:1 for large text), the suits' too.

The states: the table's page empty, typing, preview (the hand checked as typed: its spread a table),
question (over the limit, asked in the page), refused (a table line the server refused), pending (waiting for
the player the hand costs, #34), stale (a confirm refused: the file changed), offline queue; the board; the
director's page; the table cards; the settlement; the score sheet. Every hand is entered by its knocker ("I
am", chosen in the page) and confirmed by the other player, whom it costs.

axe-core is not fetched here: ``.ci/run`` fetches a pinned version (its integrity checked) into tests/.axe/;
without it this test skips, saying so. Screenshots of every state, viewport and scheme go to GIN_REF_SHOTS."""

import json
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow
pytest.importorskip("starlette")

from boardkit import D35, K5, cli, finish, players_of, table_file  # noqa: E402
from pagekit import (  # noqa: E402
    PHONE, SCHEMES, SCREEN, browser, choose, chosen, css, fill_hand, press, report, shot, synced, tap, view, wait_text)
from serverun import start  # noqa: E402
from serveutil import token  # noqa: E402

AXE = sorted((Path(__file__).parent / ".axe").glob("axe-*.min.js"))
SIZES = (PHONE, SCREEN)

# the contrast of each item axe could not settle, from the computed colours: the text's (an SVG text's fill)
# over the first opaque background under it (semi-transparent layers composed; the page's canvas under all)
CONTRAST = r"""
var items = arguments[0], dark = arguments[1], out = [];
function rgba(text) {
  var m = /rgba?\(([^)]+)\)/.exec(text || "");
  if (!m) { return null; }
  var p = m[1].split(/[\s,\/]+/).filter(Boolean).map(parseFloat);
  return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
}
function over(top, under) {
  var a = top[3] + under[3] * (1 - top[3]);
  return [0, 1, 2].map(function (i) { return (top[i] * top[3] + under[i] * under[3] * (1 - top[3])) / a; }).concat([a]);
}
function lum(c) {
  var v = c.slice(0, 3).map(function (x) { x /= 255; return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); });
  return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
}
items.forEach(function (selector) {
  var el = document.querySelector(selector);
  if (!el) { out.push({selector: selector, missing: true}); return; }
  var layers = [], image = false;
  for (var e = el; e; e = e.parentElement) {
    var style = getComputedStyle(e);
    if (style.backgroundImage !== "none") { image = true; break; }
    var c = rgba(style.backgroundColor);
    if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) { break; } }
  }
  var bg = dark ? [18, 18, 18, 1] : [255, 255, 255, 1];
  for (var i = layers.length - 1; i >= 0; i--) { bg = over(layers[i], bg); }
  var style = getComputedStyle(el), svg = el instanceof SVGElement;  // SVG text is drawn in its fill
  var fg = over(rgba(svg ? style.fill : style.color), bg);
  var l1 = lum(fg), l2 = lum(bg), ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
  var size = parseFloat(style.fontSize), bold = parseInt(style.fontWeight, 10) >= 700;
  var large = size >= 24 || (bold && size >= 18.66);
  out.push({selector: selector, svg: svg, ratio: Math.round(ratio * 100) / 100, needed: large ? 3 : 4.5, image: image,
            fg: style.color, bg: "rgb(" + bg.slice(0, 3).map(Math.round).join(",") + ")"});
});
return out;
"""


def _axe(driver):
    """axe's violations and incomplete items on the page as shown: ``(violations, incomplete)``."""
    if not driver.execute_script("return !!window.axe"):
        driver.execute_script(AXE[-1].read_text(encoding="utf-8"))
    result = driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations', 'incomplete']})"
        ".then(function (r) { done(JSON.stringify({v: r.violations, i: r.incomplete})); })"
        ".catch(function (e) { done(JSON.stringify({error: String(e)})); });")
    found = json.loads(result)
    assert "error" not in found, found
    return found["v"], found["i"]


def _check_state(driver, name, record):
    """axe on this state at each viewport and scheme; a screenshot of each when asked."""
    for size in SIZES:
        for scheme in SCHEMES:
            view(driver, size, scheme)
            assert driver.execute_script(
                f"return matchMedia('(prefers-color-scheme: {scheme})').matches")
            violations, incomplete = _axe(driver)
            shown = f"{name} {size[0]}x{size[1]} {scheme}"
            assert violations == [], shown + ": " + "; ".join(
                f"{v['impact']} {v['id']}: {v['help']} ({', '.join(n['target'][0] for n in v['nodes'][:4])})"
                for v in violations)
            contrast = [node["target"][0] for item in incomplete if item["id"] == "color-contrast"
                        for node in item["nodes"]]
            settled = driver.execute_script(CONTRAST, contrast, scheme == "dark") if contrast else []
            failing = [item for item in settled if item.get("missing") or item["image"]
                       or item["ratio"] < item["needed"]]
            assert failing == [], f"{shown}: contrast not met: {failing}"
            lowest = min((item["ratio"] for item in settled), default=None)
            record.append((shown, len(violations), len(contrast), lowest, sum(bool(i.get("svg")) for i in settled),
                           sorted({item["id"] for item in incomplete} - {"color-contrast"})))
            shot(driver, f"{name}-{size[0]}x{size[1]}-{scheme}")
    view(driver, PHONE)


def _cli_hand(path, knocker):
    cli("deal", "--match", path, "--upcard", "7D")
    cli("knock", "--match", path, knocker, *K5.split(), "--defender", D35)


def test_every_state_of_every_page_has_no_axe_violation_in_light_and_dark(tmp_path, request):
    if not AXE:
        pytest.skip("axe-core is not in tests/.axe/: .ci/run fetches its pinned version (nothing is fetched "
                    "during the tests)")
    from boardkit import new_event

    folder = new_event(tmp_path, players=("Ann", "Ben", "Cid", "Dee"))
    t2 = table_file(folder, 1, 2)
    finish(t2, players_of(t2)[0])
    t1 = table_file(folder, 1, 1)
    first, second = players_of(t1)
    _cli_hand(t1, first)
    record = []
    driver = browser()
    try:
        server = start(folder)
        try:
            page = server.addresses["1"]
            driver.get(page)
            _check_state(driver, "table-empty", record)
            fill_hand(driver, second, "1", "", by=second)
            _check_state(driver, "table-typing", record)
            fill_hand(driver, second, "A-3S 4HDC 7-9C 5D", "6S 8H TH JH QH KH 7D QD AC 3C", by=second)
            wait_text(driver, "melds")  # the check's preview, its spread drawn as cards
            assert css(driver, '[data-check="cards"] .drawn .card').text
            _check_state(driver, "table-preview", record)
            fill_hand(driver, second, "15", "23", by=second)
            press(driver, "hand")
            wait_text(driver, "really knock with 15?")
            _check_state(driver, "table-question", record)
            css(driver, "#ask-no").click()
            wait_text(driver, "Not recorded: it was a slip")
            choose(driver, "line", second)
            line = css(driver, 'form[data-form="line"] input[name="line"]')
            line.send_keys("9h zed 5 23")
            press(driver, "line")
            wait_text(driver, "Not recorded: 'zed' is not a player")  # the server's refusal, not the slip's words
            _check_state(driver, "table-refused", record)
            synced(driver)
            form = fill_hand(driver, second, "A-3S 4HDC 7-9C 5D", "6S 8H TH JH QH KH 7D QD AC 3C", by=second)
            press(driver, form)
            wait_text(driver, f"Hand entered by {second}: waiting for {first}")  # the knock costs the defender
            assert css(driver, "#pending .drawn .card").text
            _check_state(driver, "table-pending", record)
            _cli_hand(t1, first)
            wait_text(driver, f"totals: {first} 60", 5)
            synced(driver)
            tap(driver, f"Confirm as {first}")
            wait_text(driver, "the match file changed since this was entered")
            _check_state(driver, "table-stale", record)
            synced(driver)
            assert chosen(driver, "hand") == ""  # the page as it is now: its "I am" to be chosen again
            port = server.base.rsplit(":", 1)[1]
            server.stop()  # the link is lost: the entry waits in the page
            wait_text(driver, "No live link to the server", 20)
            fill_hand(driver, second, "5", "23", by=second)
            press(driver, "hand")
            wait_text(driver, "1 entry waits to be sent")
            _check_state(driver, "table-offline-queue", record)
            server = start(folder, port=port)
            wait_text(driver, f"Hand entered by {second}: waiting for {first}", 40)

            view(driver, SCREEN)
            driver.get(server.base + "/board")
            wait_text(driver, "Standings")
            _check_state(driver, "board", record)
            driver.get(server.base + "/board/sheet")
            wait_text(driver, "Standings")
            _check_state(driver, "sheet", record)
            driver.get(f"{server.base}/director?token={token(folder, 'director')}")
            wait_text(driver, "the director's page")
            _check_state(driver, "director", record)
            css(driver, 'section[id="round-1-table-1.yaml"] form[action$="/undo"] button').click()
            wait_text(driver, "Undo the newest step of round-1-table-1.yaml?")  # asked first (#40)
            _check_state(driver, "director-undo-asked", record)
            driver.get(server.base + "/director/settlement?stake=0.1")
            wait_text(driver, "The settlement")
            _check_state(driver, "settlement", record)
            driver.get(server.base + "/director/cards")
            wait_text(driver, "table cards")
            _check_state(driver, "cards", record)
        finally:
            if server.process.poll() is None:
                server.stop()
    finally:
        driver.quit()
    lines = ["", f"axe-core {AXE[-1].name[4:-7]}: {len(record)} checks, each state at 390x844 and 1920x1080, light "
                 "and dark"]
    for shown, violations, contrast, lowest, svg, other in record:
        lines.append(f"  {shown}: {violations} violations; contrast items axe left incomplete: {contrast}"
                     + (f", settled by the computed colours ({svg} SVG texts), the lowest {lowest}:1" if contrast else "")
                     + (f"; other items incomplete: {', '.join(other)}" if other else ""))
    report(request, *lines)
