"""The board on a real `gin-ref serve` (127.0.0.1, a free port): Ctrl-C stops the server within 2 seconds with
boards' event streams open, and the start lines name the board and the director's address."""

import urllib.request

import pytest

pytestmark = pytest.mark.slow

pytest.importorskip("starlette")

from boardkit import new_event  # noqa: E402
from serverun import start  # noqa: E402


def test_ctrl_c_stops_the_server_within_2_seconds_with_board_streams_open(tmp_path):
    folder = new_event(tmp_path)
    server = start(folder)
    streams = []
    try:
        for _ in range(3):
            stream = urllib.request.urlopen(server.base + "/board/events", timeout=10)
            assert stream.readline() == b"retry: 1000\n"
            streams.append(stream)
        took = server.stop()
        print(f"\nstopped in {took:.3f} s with {len(streams)} board streams open")
        assert took < 2.0 and server.process.returncode is not None
    finally:
        for stream in streams:
            stream.close()
        if server.process.poll() is None:
            server.process.kill()


def test_the_start_lines_name_the_board_and_the_directors_address(tmp_path):
    import os
    import signal
    import subprocess

    folder = new_event(tmp_path)
    process = subprocess.Popen(["gin-ref", "serve", folder, "--port", "0", "--board-token"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    lines = []
    try:
        while not lines or not lines[-1].startswith("only this computer"):
            line = process.stdout.readline()
            assert line, process.stderr.read()
            lines.append(line.rstrip("\n"))
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=10)
    from gin_ref.serve.state import Tokens

    tokens = Tokens.load(folder, ["1", "2"])
    base = lines[0].split(" on ")[1].split(" ")[0]
    limits = [line for line in lines if line.startswith(("open files: ", "caps: "))]  # issue 35
    assert len(limits) == 2 and limits[0].startswith("open files: ") and limits[1].startswith("caps: "), lines
    lines = [line for line in lines if line not in limits]
    assert lines[1:] == [f"table 1: {base}/t/1?token={tokens.get('1')}", f"table 2: {base}/t/2?token={tokens.get('2')}",
                         f"board: {base}/board?token={tokens.get('board')}",
                         f"director: {base}/director?token={tokens.get('director')}",
                         "only this computer can reach it: give --host 0.0.0.0 for the phones on this network"]
