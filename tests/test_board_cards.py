"""Table cards: `gin-ref serve FOLDER --cards [--output FILE]` writes one card per table, its number, its
address with the token the server keeps (the same tokens file) and a QR code that decodes to that address
(Debian's zbarimg reads it; the test skips, saying why, where it is missing)."""

import html
import re
import shutil
import subprocess

import pytest

pytest.importorskip("segno")
pytest.importorskip("starlette")

from boardkit import cli, new_event  # noqa: E402
from gin_ref.serve.cards import qr_png, qr_svg  # noqa: E402
from gin_ref.serve.state import Tokens  # noqa: E402


def cards_of(page):
    """``[(label, address, svg)]`` of a cards page."""
    return [(label, html.unescape(address), svg) for label, svg, address in
            re.findall(r'<section class="card"><h2>(.*?)</h2>(<svg.*?</svg>)<p class="address">(.*?)</p>', page, re.S)]


def decode(png):
    if shutil.which("zbarimg") is None:
        pytest.skip("zbarimg is not installed (Debian: apt-get install zbar-tools): the QR codes cannot be read")
    done = subprocess.run(["zbarimg", "-q", "--raw", str(png)], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_cards_carry_each_tables_address_with_its_kept_token_and_a_qr_code_of_it(tmp_path):
    folder = new_event(tmp_path)
    out = tmp_path / "cards.html"
    done = cli("serve", folder, "--cards", "--output", str(out), "--host", "192.168.1.20", "--port", "8080")
    assert done.stdout == f"wrote 2 table cards for http://192.168.1.20:8080 to {out}\n"
    tokens = Tokens.load(folder, ["1", "2"])
    cards = cards_of(out.read_text(encoding="utf-8"))
    assert [(label, address) for label, address, _svg in cards] == [
        ("Table 1", f"http://192.168.1.20:8080/t/1?token={tokens.get('1')}"),
        ("Table 2", f"http://192.168.1.20:8080/t/2?token={tokens.get('2')}")]
    for _label, address, svg in cards:
        assert svg == qr_svg(address)  # the code drawn on the card is the code of its address
        png = tmp_path / "card.png"
        qr_png(address, str(png))
        assert decode(png) == address
    again = cli("serve", folder, "--cards", "--output", str(out), "--host", "192.168.1.20", "--port", "8080")
    assert again.exit_code == 0 and cards_of(out.read_text(encoding="utf-8")) == cards  # the same tokens, cards


def test_new_tokens_make_new_cards_and_the_old_ones_stop_working(tmp_path):
    folder = new_event(tmp_path)
    first = cards_of(cli("serve", folder, "--cards", "--port", "8000").stdout)
    renewed = cards_of(cli("serve", folder, "--cards", "--port", "8000", "--new-tokens").stdout)
    assert [a for _l, a, _s in first] != [a for _l, a, _s in renewed]
    from starlette.testclient import TestClient

    from gin_ref.serve.app import build_app

    web = TestClient(build_app(folder), base_url="http://127.0.0.1:8000", follow_redirects=False)
    old, new = first[0][1], renewed[0][1]
    assert web.get(old.split("8000", 1)[1]).status_code == 403
    assert web.get(new.split("8000", 1)[1]).status_code == 303


def test_cards_refuse_another_file_port_zero_and_output_alone(tmp_path):
    folder = new_event(tmp_path)
    other = tmp_path / "notes.html"
    other.write_text("mine", encoding="utf-8")
    refused = cli("serve", folder, "--cards", "--output", str(other), ok=False)
    assert (refused.exit_code, refused.stderr) == (
        1, f"Error: {other} already exists and is not a page of table cards: give another --output FILE\n")
    assert other.read_text(encoding="utf-8") == "mine"
    refused = cli("serve", folder, "--cards", "--port", "0", ok=False)
    assert (refused.exit_code, refused.stderr) == (
        2, "Error: --cards needs the port the server will listen on: give --port N (not 0)\n")
    refused = cli("serve", folder, "--output", str(tmp_path / "c.html"), ok=False)
    assert (refused.exit_code, refused.stderr) == (2, "Error: --output goes with --cards (the page of table cards)\n")


def test_a_folder_of_plain_matches_has_a_card_per_match_file(tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    cli("new", "--match", str(folder / "Ann v Ben.yaml"), "--rules", "standard", "Ann", "Ben")
    cards = cards_of(cli("serve", str(folder), "--cards").stdout)
    token = Tokens.load(str(folder), ["ann-v-ben"]).get("ann-v-ben")
    assert [(label, address) for label, address, _svg in cards] == [
        ("Ann v Ben", f"http://127.0.0.1:8000/t/ann-v-ben?token={token}")]


def test_new_token_replaces_one_tables_token_and_is_refused_while_serving_or_for_no_such_table(tmp_path):
    folder = new_event(tmp_path)
    before = dict(Tokens.load(folder, ["1", "2"]).tokens)
    done = cli("serve", folder, "--new-token", "2", "--cards", "--port", "8000")
    assert done.stderr == "table 2: a new token (its old card no longer opens it)\n"
    after = Tokens.load(folder, ["1", "2"]).tokens
    assert after["1"] == before["1"] and after["director"] == before["director"] and after["2"] != before["2"]
    assert [a for _l, a, _s in cards_of(done.stdout)][1].endswith(f"token={after['2']}")
    refused = cli("serve", folder, "--new-token", "7", ok=False)
    assert (refused.exit_code, refused.stderr) == (
        2, "Error: --new-token 7: no such table here (the tables are 1, 2)\n")
    from gin_ref.serve.state import InstanceLock

    running = InstanceLock(folder)
    running.acquire("http://127.0.0.1:8000")
    try:
        refused = cli("serve", folder, "--new-token", "1", ok=False)
    finally:
        running.release()
    assert refused.exit_code == 1 and "is already served by gin-ref serve" in refused.stderr
    assert Tokens.load(folder, ["1", "2"]).tokens == after


def test_the_directors_page_prints_the_cards_for_the_address_it_was_reached_at(tmp_path):
    from starlette.testclient import TestClient

    from gin_ref.serve.app import build_app

    folder = new_event(tmp_path)
    app = build_app(folder)
    served = app.state.served
    web = TestClient(app, base_url="http://192.168.1.20:8000", follow_redirects=False)
    assert web.get("/director/cards").status_code == 403
    assert web.get(f"/director?token={served.tokens.get('director')}").status_code == 303
    page = web.get("/director/cards")
    assert page.status_code == 200
    cards = cards_of(page.text)
    assert [(label, address) for label, address, _svg in cards] == [
        (f"Table {key}", f"http://192.168.1.20:8000/t/{key}?token={served.tokens.get(key)}") for key in ("1", "2")]
    png = tmp_path / "card.png"
    qr_png(cards[1][1], str(png))
    assert decode(png) == cards[1][1] and cards[1][2] == qr_svg(cards[1][1])
