"""What a request cannot do to the server's log, its pages or its room (issues 34 items 4-5 and 35), in process:
escaped log lines and start lines, U+FFFD in the HTML, Origin and Host with their scheme and port, one log
line a request, a dropped connection without traceback, the body's deadline, the board streams' cap and the
score sheet made in process once per change. (The real server under floods: tests/test_serve_limits.py.)"""

import asyncio
import re
import inspect
import logging
import shutil

import pytest

from serveutil import HOST, client, gin, phone, plain_folder, token

from gin_ref.serve.app import build_app
from gin_ref.serve.security import Security

ESC_PATH = "/%0a12:00:00 127.0.0.1 GET /forged 200%1b]0;owned%07%e2%80%ae"


def _serve_log(caplog):
    return [record for record in caplog.records if record.name == "gin_ref.serve"]


# -- #34 item 4: escaped everywhere ---------------------------------------------------------------------------

def test_a_path_with_a_newline_or_a_terminal_escape_is_logged_percent_quoted(tmp_path, caplog):
    web = client(plain_folder(tmp_path))
    with caplog.at_level(logging.INFO, logger="gin_ref.serve"):
        assert web.get(ESC_PATH).status_code == 404
    text = "\n".join(record.getMessage() for record in _serve_log(caplog))
    assert "\n" not in text and "\x1b" not in text and "\x07" not in text and "\u202e" not in text
    assert "/%0A12:00:00%20127.0.0.1%20GET%20/forged%20200%1B%5D0;owned%07%E2%80%AE" in text


def test_other_text_in_a_log_line_shows_its_control_characters_escaped():
    from gin_ref.serve import guard

    assert guard.log_text("a\tb\x1b\x85\x7f\u202e\u2066c\n") == "a\\x09b\\x1b\\x85\\x7f\\u202e\\u2066c\\n"


def test_the_start_lines_print_a_file_name_escaped(tmp_path):
    from gin_ref.serve.server import addresses
    from gin_ref.serve.state import Tokens

    tokens = Tokens.load(str(tmp_path), ["x"])
    line = addresses("http://127.0.0.1:1", tokens, ["x"], ["ann\x1b]0;owned\x07\u202ev ben"])[0]
    assert line.startswith("ann\\x1b]0;owned\\x07\\u202ev ben: http://127.0.0.1:1/t/x?token=")


def test_control_characters_of_a_file_name_become_u_fffd_in_the_html(tmp_path):
    folder = plain_folder(tmp_path)
    shutil.move(folder / "Ann v Ben.yaml", folder / "Ann\x1b]0;x\x07 \u202ev\x85 Ben.yaml")
    web = client(folder)
    for path in ("/board",):
        page = web.get(path)
        assert page.status_code == 200
        assert not any(char in page.text for char in "\x1b\x07\u202e\x85"), path
        assert "\ufffd" in page.text, path
        assert int(page.headers["content-length"]) == len(page.content)


def test_html_bytes_replaces_each_control_character_and_keeps_the_rest():
    from gin_ref.serve import guard

    text = "a\tb\nc\r\x00\x1b\x7f\x85\u202a\u202e\u2066\u2069é€\u2028"
    assert guard.html_bytes(text.encode()) == guard.html_text(text).encode()
    assert guard.html_text(text) == "a\tb\nc\r" + "\ufffd" * 8 + "é€\u2028"


def test_one_log_line_a_request_with_the_refusals_reason_on_it(tmp_path, caplog):
    folder = plain_folder(tmp_path)
    web = client(folder)
    with caplog.at_level(logging.INFO, logger="gin_ref.serve"):
        assert web.get("/t/ann-v-ben?token=wrong").status_code == 403
    lines = [record.getMessage() for record in _serve_log(caplog)]
    assert len(lines) == 1, lines
    assert "refused GET /t/ann-v-ben" in lines[0] and "a wrong token for ann-v-ben" in lines[0] and "403" in lines[0]
    assert "wrong" not in lines[0].split("from")[0]  # the query string (a token) is never logged


# -- #34 item 5: Origin and Host ------------------------------------------------------------------------------

@pytest.mark.parametrize("origin", ["https://127.0.0.1:8000", "http://127.0.0.1:8001", "http://127.0.0.1",
                                    "http://localhost:8000", "http://127.0.0.1:8000@evil", "127.0.0.1:8000"])
def test_a_write_whose_origin_is_not_this_servers_scheme_host_and_port_is_refused(tmp_path, origin):
    folder = plain_folder(tmp_path)
    web = phone(folder, "ann-v-ben")
    secret = web.cookies.get("gin_ref_token")
    data = {"form_token": Security.form_token(secret, "enter"), "entry_id": "x1", "by": "Ann", "knocker": "Ann",
            "result": "knock", "count": "3", "defender": "40"}
    answer = web.post("/t/ann-v-ben/enter", data=data, headers={"origin": origin})
    assert answer.status_code == 403 and "another site" in answer.text


def test_a_write_from_this_servers_origin_passes_the_check(tmp_path):
    folder = plain_folder(tmp_path)
    web = phone(folder, "ann-v-ben")
    secret = web.cookies.get("gin_ref_token")
    data = {"form_token": Security.form_token(secret, "enter"), "entry_id": "x1", "by": "Ann", "knocker": "Ann",
            "result": "knock", "count": "3", "defender": "40"}
    answer = web.post("/t/ann-v-ben/enter", data=data, headers={"origin": f"http://{HOST}"})
    assert "another site" not in answer.text


@pytest.mark.parametrize("host", ["127.0.0.1:99999", "127.0.0.1:8001", "localhost:1@evil", "127.0.0.1",
                                  "evil.example:8000", "127.0.0.1:8000 x", "[::1]:8001"])
def test_a_host_that_is_not_this_machine_on_the_bound_port_is_421(tmp_path, host):
    web = client(plain_folder(tmp_path))
    assert web.get("/", headers={"host": host}).status_code == 421


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "LOCALHOST:8000", "[::1]:8000",
                                  "192.168.1.20:8000"])
def test_an_ip_literal_or_a_local_name_on_the_bound_port_is_served(tmp_path, host):
    web = client(plain_folder(tmp_path))
    assert web.get("/", headers={"host": host}).status_code == 200


# -- #35: the body's deadline, a dropped connection, the streams' cap ---------------------------------------------

def _post_scope(app, path, length):
    return {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
            "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
            "client": ("127.0.0.9", 5000), "server": ("127.0.0.1", 8000), "state": {},
            "headers": [(b"host", HOST.encode()), (b"origin", f"http://{HOST}".encode()),
                        (b"content-type", b"application/x-www-form-urlencoded"),
                        (b"content-length", str(length).encode())]}


def _cookie_scope(folder, scope):
    scope["headers"].append((b"cookie", f"gin_ref_token={token(folder, 'ann-v-ben')}".encode()))
    return scope


def _run(app, scope, messages, wait=3.0):
    """Call the app with ``messages`` as what the client sends, then nothing (the client stalls)."""
    sent = []
    queue = list(messages)

    async def receive():
        if queue:
            return queue.pop(0)
        await asyncio.sleep(3600)

    async def send(message):
        sent.append(message)

    async def main():
        await asyncio.wait_for(app(scope, receive, send), wait)

    asyncio.run(main())
    return sent


def test_a_body_not_sent_within_its_deadline_is_408_and_the_connection_closed(tmp_path, monkeypatch):
    try:
        from gin_ref.serve import guard

        monkeypatch.setattr(guard, "BODY_TIMEOUT", 0.3)
    except ImportError:  # before the deadline, there was no module to tell: the request waits for ever
        pass
    folder = plain_folder(tmp_path)
    app = build_app(str(folder))
    scope = _cookie_scope(folder, _post_scope(app, "/t/ann-v-ben/enter", 400))
    sent = _run(app, scope, [{"type": "http.request", "body": b"form_token=", "more_body": True}])
    start = sent[0]
    assert start["status"] == 408 and (b"connection", b"close") in start["headers"]


def test_a_client_that_drops_its_connection_mid_request_is_one_info_line(tmp_path, caplog):
    folder = plain_folder(tmp_path)
    app = build_app(str(folder))
    scope = _cookie_scope(folder, _post_scope(app, "/t/ann-v-ben/enter", 400))
    with caplog.at_level(logging.INFO):
        _run(app, scope, [{"type": "http.request", "body": b"form_token=", "more_body": True},
                          {"type": "http.disconnect"}])
    records = [record for record in caplog.records if record.name.startswith(("gin_ref", "uvicorn"))]
    assert len(records) == 1 and records[0].levelno == logging.INFO and records[0].exc_info is None
    assert "dropped" in records[0].getMessage()


def test_a_board_stream_past_the_cap_is_503_with_retry_after(tmp_path, caplog):
    from gin_ref.serve.limits import Caps

    caps = Caps(connections=100, per_address=10, streams=0, streams_per_address=0, kept=1, reserve=0)
    web = client(plain_folder(tmp_path), caps=caps)
    with caplog.at_level(logging.INFO, logger="gin_ref.serve"):
        for _ in range(5):
            answer = web.get("/board/events")
            assert answer.status_code == 503 and int(answer.headers["retry-after"]) > 0
    refusals = [record.getMessage() for record in _serve_log(caplog)]
    assert len(refusals) == 1 and refusals[0].startswith("refused 1 board streams")  # once a second, counted


def test_the_board_tokens_stream_has_room_kept_past_the_cap(tmp_path):
    from gin_ref.serve.limits import Caps

    caps = Caps(connections=100, per_address=10, streams=0, streams_per_address=0, kept=1, reserve=0)
    folder = plain_folder(tmp_path)
    app = build_app(str(folder), caps=caps, board_token=True)
    app.state.served.board_hub.lifetime = 0.2
    from serveutil import TestClient

    web = TestClient(app, base_url=f"http://{HOST}", follow_redirects=False)
    answer = web.get(f"/board?token={app.state.served.tokens.add('board')}")
    assert answer.status_code == 303
    with web.stream("GET", "/board/events") as stream:
        assert stream.status_code == 200
        assert "event: board" in "".join(stream.iter_text())
    assert app.state.served.streams.kept.open == 0  # given back when the stream ended


def test_counters_and_the_quiet_log():
    from gin_ref.serve.limits import Counter, Quiet

    counter = Counter(total=3, per_address=2)
    assert counter.take("a") is None and counter.take("a") is None
    assert counter.take("a") is not None and counter.take("b") is None
    assert counter.take("c") is not None  # 3 in all
    counter.give("a")
    assert counter.take("c") is None and counter.open == 3
    seen = []

    class Log:
        def warning(self, *args):
            seen.append(args)

    quiet = Quiet("things", log=Log())  # type: ignore[arg-type]
    for _ in range(50):
        quiet.refused("why")
    assert len(seen) == 1


def test_the_quiet_log_says_the_last_seconds_count_once_it_is_over():
    from gin_ref.serve.limits import Quiet

    seen = []

    class Log:
        def warning(self, *args):
            seen.append(args[1])

    async def flood():
        quiet = Quiet("things", every=0.2, log=Log())  # type: ignore[arg-type]
        for _ in range(30):
            quiet.refused("why")
        await asyncio.sleep(0.4)

    asyncio.run(flood())
    assert seen == [1, 29]


def test_the_caps_come_from_the_limit_of_open_files_less_a_reserve():
    from gin_ref.serve.limits import Caps

    caps = Caps.of(8192, files=16)
    assert caps.reserve >= 64 + 3 * 16 and caps.connections == 8192 - caps.reserve
    assert caps.per_address * 50 < caps.connections and caps.streams + caps.kept < caps.connections
    small = Caps.of(1024)
    assert small.connections < 1024 and small.streams <= small.connections // 4


def test_the_soft_limit_is_raised_to_min_hard_8192():
    import subprocess
    import sys

    code = ("import resource; from gin_ref.serve.limits import raise_fd_limit\n"
            "soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)\n"
            "resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))\n"
            "limit, how = raise_fd_limit()\n"
            "want = 8192 if hard == resource.RLIM_INFINITY else min(hard, 8192)\n"
            "assert limit == want == resource.getrlimit(resource.RLIMIT_NOFILE)[0], (limit, how)\n"
            "assert 'raised from 256' in how, how\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


# -- #35 item 2: the protocol leans on uvicorn's h11 protocol ------------------------------------------------------

def test_uvicorns_h11_protocol_has_the_signature_and_methods_the_guarded_one_overrides():
    """Fails when uvicorn changes what gin_ref.serve.protocol.GuardedH11 relies on: mend it then."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    from gin_ref.serve.protocol import GuardedH11

    assert list(inspect.signature(H11Protocol.__init__).parameters) == ["self", "config", "server_state",
                                                                        "app_state", "_loop"]
    for name in ("connection_made", "connection_lost", "data_received", "on_response_complete"):
        assert name in vars(H11Protocol) and name in vars(GuardedH11), name
    for attribute in ("conn", "cycle", "transport", "loop"):
        assert attribute in inspect.getsource(H11Protocol.__init__), attribute
    source = inspect.getsource(H11Protocol)
    assert "self.cycle.disconnected = True" in source and "message_event" in source


# -- #35 item 4: the score sheet ---------------------------------------------------------------------------------

def test_the_score_sheet_is_the_commands_page_made_in_process_once_per_change(tmp_path, monkeypatch):
    folder = plain_folder(tmp_path)
    web = client(folder)
    started = []

    async def no_process(*args, **kwargs):
        started.append(args)
        raise AssertionError("a request started a process")

    monkeypatch.setattr(asyncio, "create_subprocess_exec", no_process)
    first = web.get("/board/sheet")
    second = web.get("/board/sheet")
    assert first.status_code == second.status_code == 200 and not started
    sheet = web.app.state.served.sheet
    assert sheet.made == 1 and first.content == second.content
    import os

    here = os.getcwd()
    os.chdir(folder)
    try:
        done = gin("export", "--format", "html", "--title", "plain: score sheet", "Ann v Ben.yaml", "Cat v Dan.yaml")
    finally:
        os.chdir(here)
    switch = re.search(r'<nav class="langs".*?</nav>\n', first.text)  # the language switch, serve's own (#38)
    assert switch and done.returncode == 0 and first.text.replace(switch.group(0), "") == done.stdout
    gin("knock", "--match", folder / "Ann v Ben.yaml", "Ann", "3", "--defender", "40")
    third = web.get("/board/sheet")
    assert sheet.made == 2 and third.text != first.text


def test_a_damaged_match_file_is_said_in_the_commands_words(tmp_path):
    folder = plain_folder(tmp_path)
    (folder / "Cat v Dan.yaml").write_text("format: gin-ref-match/2\nplayers: [Cat\n")
    answer = client(folder).get("/board/sheet")
    assert answer.status_code == 409 and "Error: Cat v Dan.yaml" in answer.text and str(folder) not in answer.text


def test_a_confirm_is_one_log_line_with_what_it_recorded(tmp_path, caplog):
    from serveutil import send

    folder = plain_folder(tmp_path)
    web = phone(folder, "ann-v-ben")
    with caplog.at_level(logging.INFO, logger="gin_ref.serve"):
        sent = send(web, "ann-v-ben", "hand", {"by": "Ann", "knocker": "Ann", "result": "knock", "count": "3",
                                               "defender": "40"})
    lines = [record.getMessage() for record in _serve_log(caplog)]
    # a line a request (the page, which send reads its form from, and the entry), and no line of its own for
    # what the entry did (the page's own redirect, when the client's cookie takes one first, is a request too)
    posts = [line for line in lines if " POST " in line]
    assert sent.status_code == 303 and all(line.startswith("testclient ") for line in lines), lines
    assert len(posts) == 1 and "POST /t/ann-v-ben/enter 303" in posts[0], lines
    assert "table ann-v-ben: enter pending" in posts[0], lines


def test_the_servers_log_handler_escapes_every_message_and_traceback_line():
    from gin_ref.serve.server import EscapedFormatter

    formatter = EscapedFormatter("%(message)s")
    try:
        raise ValueError("bad\x1b]0;owned\x07")
    except ValueError:
        import sys

        record = logging.LogRecord("gin_ref.serve", logging.ERROR, __file__, 1, "a %s", ("b\nforged",), sys.exc_info())
    text = formatter.format(record)
    assert text.startswith("a b\\nforged\n") and "\x1b" not in text and "bad\\x1b]0;owned\\x07" in text
