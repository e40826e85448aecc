"""``gin-ref serve``'s server in this process (gin_ref.serve.server.run): it prints where it serves, answers
on 127.0.0.1, stops when uvicorn is told to and says so; the refusals before it starts; the host shown for
the phones. (The tests of the server as a process, Ctrl-C included, are in test_serve_server.py.)"""

import logging
import re
import socket
import threading
import time

import pytest

pytest.importorskip("starlette")
httpx = pytest.importorskip("httpx")
uvicorn = pytest.importorskip("uvicorn")

from gin_ref.core.errors import InvalidNotationError, RecordError  # noqa: E402
from gin_ref.serve import server  # noqa: E402


def test_it_serves_in_this_process_until_told_to_stop(here, gin, monkeypatch):
    assert gin("new", "--dealer", "Ann", "--date", "2024-03-02", "Ann", "Ben").code == 0
    made = []
    original = uvicorn.Server.__init__

    def keep(self, config):
        original(self, config)
        made.append(self)

    monkeypatch.setattr(uvicorn.Server, "__init__", keep)
    log = logging.getLogger("gin_ref.serve")  # the server sets its log up: put back as it was after
    monkeypatch.setattr(log, "handlers", list(log.handlers))
    monkeypatch.setattr(log, "level", log.level)
    monkeypatch.setattr(log, "propagate", log.propagate)
    lines = []
    running = threading.Thread(target=server.run, args=(str(here), "127.0.0.1", 0, None, None, False, False,
                                                         lines.append), daemon=True)
    running.start()
    try:
        deadline = time.monotonic() + 10
        while not (made and made[0].started) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert made and made[0].started, lines
        base = re.match(r"serving .* on (http://127\.0\.0\.1:\d+) \(Ctrl-C stops\)$", lines[0]).group(1)
        assert httpx.get(base + "/board", timeout=5).status_code == 200
        assert any(line.startswith(f"match: {base}/t/") for line in lines), lines
        assert lines[-1] == "only this computer can reach it: give --host 0.0.0.0 for the phones on this network"
    finally:
        if made:
            made[0].should_exit = True
        running.join(10)
    assert not running.is_alive()
    assert lines[-1] == f"stopped serving {here}"


def test_what_is_refused_before_it_starts(here):
    with pytest.raises(InvalidNotationError, match="--ssl-certfile and --ssl-keyfile go together"):
        server.run(str(here), "127.0.0.1", 0, "cert.pem", None, False, False, print)
    with pytest.raises(RecordError, match="cannot read 'cert.pem': no such file or directory"):
        server.run(str(here), "127.0.0.1", 0, "cert.pem", "key.pem", False, False, print)


def test_a_port_taken_is_said_in_words():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        with pytest.raises(RecordError, match=f"cannot listen on 127.0.0.1:{port}: address already in use"):
            server.listen("127.0.0.1", port)


def test_the_host_shown_to_the_phones(monkeypatch):
    assert server.shown_host("::1") == "[::1]"
    assert server.shown_host("127.0.0.1") == "127.0.0.1"

    def no_route(self, address):
        raise OSError("network is unreachable")

    monkeypatch.setattr(socket.socket, "connect", no_route)
    assert server.lan_address() is None
    assert server.shown_host("0.0.0.0") == "127.0.0.1"  # no network: this computer only
