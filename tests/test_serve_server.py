"""A real ``gin-ref serve`` on 127.0.0.1: it prints each table's address, stops within 2 seconds of Ctrl-C
with connections open, refuses a second server on its folder naming the first, and serves HTTPS with
--ssl-certfile/--ssl-keyfile."""

import shutil
import socket
import ssl
import subprocess
import urllib.request
from http.cookiejar import CookieJar

import pytest

from serverun import serving, start
from serveutil import event_folder

pytestmark = pytest.mark.slow


def _opener(context=None):
    handlers = [urllib.request.HTTPCookieProcessor(CookieJar())]
    if context is not None:
        handlers.append(urllib.request.HTTPSHandler(context=context))
    return urllib.request.build_opener(*handlers)


def test_it_prints_each_tables_address_and_a_phone_gets_its_page(tmp_path):
    folder = event_folder(tmp_path)
    with serving(folder) as server:
        assert server.base.startswith("http://127.0.0.1:") and sorted(server.addresses) == ["1", "2"]
        answer = _opener().open(server.addresses["1"], timeout=10)
        assert answer.url == server.base + "/t/1" and "Ann v Dan" in answer.read().decode()
    log = server.process.stderr.read()
    assert "GET /t/1 303" in log and "token=" not in log


def test_ctrl_c_stops_it_within_2_seconds_with_connections_open(tmp_path):
    folder = event_folder(tmp_path)
    server = start(folder)
    host, port = server.base.split("//")[1].split(":")
    idle = socket.create_connection((host, int(port)))  # a connection that never sends its request
    half = socket.create_connection((host, int(port)))
    half.sendall(b"GET /t/1 HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # a request never finished
    kept = socket.create_connection((host, int(port)))
    kept.sendall(f"GET / HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())  # keep-alive, answered
    kept.recv(4096)
    try:
        assert server.stop() < 2.0
        assert server.process.returncode == 0  # a stop asked for, not an error
    finally:
        for sock in (idle, half, kept):
            sock.close()


def test_a_second_serve_on_the_same_folder_is_refused_naming_the_first(tmp_path):
    folder = event_folder(tmp_path)
    with serving(folder) as first:
        done = subprocess.run(["gin-ref", "serve", str(folder), "--port", "0"], capture_output=True, text=True,
                              timeout=30)
        assert done.returncode == 1
        assert done.stderr.startswith(f"Error: '{folder}' is already served by gin-ref serve (process "
                                      f"{first.process.pid}, {first.base}")
    with serving(folder):  # once the first stopped, the folder may be served again
        pass


def test_https_with_a_certificate(tmp_path):
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed: no certificate to test --ssl-certfile with")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
                    "/CN=127.0.0.1", "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    folder = event_folder(tmp_path)
    with serving(folder, "--ssl-certfile", cert, "--ssl-keyfile", key) as server:
        assert server.base.startswith("https://127.0.0.1:")
        context = ssl.create_default_context(cafile=str(cert))
        context.check_hostname = False
        first = urllib.request.build_opener(urllib.request.HTTPSHandler(context=context))
        class Stop(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args):
                return None
        answer = urllib.request.build_opener(urllib.request.HTTPSHandler(context=context), Stop())
        try:
            answer.open(server.addresses["1"], timeout=10)
        except urllib.error.HTTPError as exc:
            assert exc.code == 303 and "Secure" in exc.headers["set-cookie"]
        else:
            raise AssertionError("no redirect")
        assert first


STREAMING = """
import asyncio, sys
from starlette.responses import StreamingResponse
from starlette.routing import Route
from gin_ref.serve import app, server

async def forever(request):
    async def events():
        while True:
            yield b"data: tick\\n\\n"
            await asyncio.sleep(0.1)
    return StreamingResponse(events(), media_type="text/event-stream")

app.register(lambda served: [Route("/stream", forever)])
server.run(sys.argv[1], "127.0.0.1", 0, None, None, False, False, lambda line: print(line, flush=True))
"""


def test_ctrl_c_stops_it_within_2_seconds_with_a_stream_open(tmp_path):
    import signal
    import sys
    import time

    folder = event_folder(tmp_path)
    process = subprocess.Popen([sys.executable, "-c", STREAMING, str(folder)], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    try:
        base = process.stdout.readline().split(" on ")[1].split(" ")[0]
        host, port = base.split("//")[1].split(":")
        stream = socket.create_connection((host, int(port)), timeout=10)
        stream.sendall(f"GET /stream HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())
        assert b"data: tick" in stream.recv(4096) + stream.recv(4096)
        started = time.monotonic()
        process.send_signal(signal.SIGINT)
        process.wait(timeout=15)
        assert time.monotonic() - started < 2.0
        stream.close()
    finally:
        if process.poll() is None:
            process.kill()
