"""gin-ref serve, in process: the writes refused (a form without its token, another site's Origin, another
table's cookie), PINs as a house setting, the instance lock, and the command's own refusals."""

import logging

import pytest
from click.testing import CliRunner

from gin_ref.core.errors import RecordError
from gin_ref.serve.security import Security
from gin_ref.serve.state import InstanceLock
from serveutil import HOST, event_folder, phone, send, table_file, tally, token

HAND = {"by": "Ann", "knocker": "Dan", "count": "5", "defender": "23", "entry_id": "entry-refused-1"}


def _post(web, path, data, **headers):
    return web.post(path, data=data, headers={"origin": f"http://{HOST}", **headers})


def test_a_form_without_its_token_or_with_another_forms_is_refused(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    assert _post(web, "/t/1/enter", HAND).status_code == 403
    wrong = Security.form_token(web.cookies.get("gin_ref_token"), "confirm")
    assert _post(web, "/t/1/enter", {**HAND, "form_token": wrong}).status_code == 403
    assert tally(table_file(folder))["hands"] == [] and "Confirm as" not in web.get("/t/1").text


def test_another_sites_origin_is_refused_and_null_only_from_the_same_site(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    good = Security.form_token(web.cookies.get("gin_ref_token"), "enter")
    data = {**HAND, "form_token": good}
    assert web.post("/t/1/enter", data=data, headers={"origin": "http://evil.example"}).status_code == 403
    assert web.post("/t/1/enter", data=data, headers={"origin": "null", "sec-fetch-site": "cross-site"}).status_code == 403
    # a form under Referrer-Policy: no-referrer sends Origin: null, from this very page
    answer = web.post("/t/1/enter", data=data, headers={"origin": "null", "sec-fetch-site": "same-origin"})
    assert answer.status_code == 303


def test_a_tables_cookie_writes_only_that_table(tmp_path, caplog):
    folder = event_folder(tmp_path)
    web = phone(folder, "2")
    secret = web.cookies.get("gin_ref_token")
    web.cookies.set("gin_ref_token", secret, path="/t/1")
    with caplog.at_level(logging.INFO, logger="gin_ref.serve"):
        answer = _post(web, "/t/1/enter", {**HAND, "form_token": Security.form_token(secret, "enter")})
    assert answer.status_code == 403 and "refused POST /t/1/enter" in caplog.text and secret not in caplog.text
    assert tally(table_file(folder))["hands"] == []


def test_a_form_sent_as_something_else_than_a_form_is_refused(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    answer = web.post("/t/1/enter", json=HAND, headers={"origin": f"http://{HOST}"})
    assert answer.status_code == 415


def test_pins_a_player_confirms_with_the_pin_the_director_set(tmp_path):
    from gin_ref.serve.pins import Pins

    folder = event_folder(tmp_path)
    web = phone(folder, "1", pins=True)
    Pins(str(folder)).set("Ann", "4321")
    send(web, "1", "hand", {"by": "Dan", "knocker": "Dan", "count": "5", "defender": "23"}, ident="entry-pin-0001")
    assert 'name="pin"' in web.get("/t/1").text
    answer = send(web, "1", "confirm-0", {"by": "Ann", "pin": "12"}, ident="entry-pin-0001", route="confirm")
    assert answer.status_code == 409 and "the PIN of Ann is 4 to 8 digits" in answer.text
    answer = send(web, "1", "confirm-0", {"by": "Ann", "pin": "9999"}, ident="entry-pin-0001", route="confirm")
    assert answer.status_code == 409 and "that is not the PIN of Ann" in answer.text
    assert tally(table_file(folder))["hands"] == []
    assert send(web, "1", "confirm-0", {"by": "Ann", "pin": "4321"}, ident="entry-pin-0001",
                route="confirm").status_code == 303
    assert len(tally(table_file(folder))["hands"]) == 1
    assert "4321" not in (folder / ".gin-ref-serve" / "pins.json").read_text()


def test_a_second_serve_on_the_folder_is_refused_naming_the_first(tmp_path):
    folder = event_folder(tmp_path)
    first = InstanceLock(str(folder))
    first.acquire("http://127.0.0.1:8123")
    try:
        with pytest.raises(RecordError) as refused:
            InstanceLock(str(folder)).acquire("http://127.0.0.1:8124")
        assert "already served by gin-ref serve (process" in str(refused.value)
        assert "http://127.0.0.1:8123" in str(refused.value)
    finally:
        first.release()
    again = InstanceLock(str(folder))
    again.acquire("http://127.0.0.1:8125")
    again.release()


def test_serve_without_the_extra_says_how_to_install_it(tmp_path, monkeypatch):
    import importlib.util

    from gin_ref.cli import main

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "uvicorn" else real(name, *a))
    result = CliRunner().invoke(main, ["serve", str(event_folder(tmp_path))])
    assert result.exit_code == 1
    assert result.stderr == "Error: serve needs the serve extra: pip install 'gin-ref[serve]'\n"


def test_serve_refuses_a_missing_folder_and_half_a_certificate(tmp_path):
    from gin_ref.cli import main

    result = CliRunner().invoke(main, ["serve", str(tmp_path / "none")])
    assert result.exit_code == 1 and result.stderr.startswith("Error: ") and "is not a folder" in result.stderr
    assert not (tmp_path / "none").exists()
    result = CliRunner().invoke(main, ["serve", str(event_folder(tmp_path)), "--ssl-certfile", "c.pem"])
    assert result.exit_code == 2
    assert result.stderr == "Error: --ssl-certfile and --ssl-keyfile go together: give both\n"


def test_the_command_line_never_loads_the_web_stack_unless_serve_runs():
    import subprocess
    import sys

    code = ("import sys\nfrom click.testing import CliRunner\nfrom gin_ref.cli import main\n"
            "CliRunner().invoke(main, ['serve', '--help'])\nCliRunner().invoke(main, ['--help'])\n"
            "print(sorted(m for m in ('starlette', 'uvicorn') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "[]", done.stderr
    assert token  # (the helpers load the serve package; the command line alone does not)
