"""gin-ref serve, in process: the tokens, the cookie they are exchanged for, and the refusals (403 logged
without the token), the Host check, the headers every page carries."""

import logging
import os
import stat

from serveutil import client, event_folder, phone, plain_folder, token


def test_a_tables_token_is_exchanged_for_a_cookie_and_the_address_loses_it(tmp_path):
    folder = event_folder(tmp_path)
    web = client(folder)
    secret = token(folder, "1")
    answer = web.get(f"/t/1?token={secret}")
    assert answer.status_code == 303 and answer.headers["location"] == "/t/1"
    cookie = answer.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie.replace("Strict", "strict") and "Path=/t/1" in cookie
    page = web.get("/t/1")
    assert page.status_code == 200 and "table 1" in page.text
    assert page.headers["referrer-policy"] == "no-referrer"
    assert secret not in page.text


def test_no_token_a_wrong_one_or_another_tables_is_refused_and_logged_without_it(tmp_path, caplog):
    folder = event_folder(tmp_path)
    web = client(folder)
    with caplog.at_level(logging.INFO, logger="gin_ref.serve"):
        assert web.get("/t/1").status_code == 403
        assert web.get("/t/1?token=nonsense-token-xyz").status_code == 403
        other = token(folder, "2")
        assert web.get(f"/t/1?token={other}").status_code == 403
        two = phone(folder, "2")
        two.cookies.set("gin_ref_token", other, path="/t/1")
        assert two.get("/t/1").status_code == 403
    logged = caplog.text
    assert "refused" in logged and "nonsense-token-xyz" not in logged and other not in logged
    assert "token=" not in logged


def test_tokens_are_kept_owner_only_and_survive_a_restart_new_tokens_replace_them(tmp_path):
    folder = event_folder(tmp_path)
    first = token(folder, "1")
    path = folder / ".gin-ref-serve" / "tokens.json"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert token(folder, "1") == first
    client(folder, renew=True)
    assert token(folder, "1") != first


def test_a_plain_folders_tables_are_its_files_by_short_name(tmp_path):
    folder = plain_folder(tmp_path)
    web = phone(folder, "ann-v-ben")
    page = web.get("/t/ann-v-ben")
    assert page.status_code == 200 and "Ann v Ben" in page.text
    assert client(folder).get("/t/..%2Fplain%2FAnn").status_code == 404


def test_a_foreign_host_is_refused_against_dns_rebinding(tmp_path):
    folder = event_folder(tmp_path)
    web = client(folder)
    assert web.get("/", headers={"host": "evil.example:8000"}).status_code == 421
    assert web.get("/", headers={"host": "localhost:8000"}).status_code == 200
    assert web.get("/", headers={"host": "192.168.1.20:8000"}).status_code == 200


def test_a_body_over_the_cap_is_refused(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    answer = web.post("/t/1/enter", content=b"x" * 100_000,
                      headers={"content-type": "application/x-www-form-urlencoded"})
    assert answer.status_code == 413


def test_errors_show_no_path_and_no_traceback(tmp_path):
    folder = event_folder(tmp_path)
    web = client(folder)
    answer = web.get("/no/such/page")
    assert answer.status_code == 404 and str(tmp_path) not in answer.text and "Traceback" not in answer.text
