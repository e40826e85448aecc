"""A real ``gin-ref serve`` on 127.0.0.1 (a free port) for the slow tests: started as the user starts it,
its addresses read from what it prints, stopped with Ctrl-C (SIGINT)."""

import os
import re
import signal
import subprocess
import time
from contextlib import contextmanager


class Running:
    def __init__(self, process, base, addresses):
        self.process = process
        self.base = base
        self.addresses = addresses  # table key -> its address with the token

    def stop(self):
        """Ctrl-C; the seconds it took to exit."""
        started = time.monotonic()
        self.process.send_signal(signal.SIGINT)
        self.process.wait(timeout=15)
        return time.monotonic() - started


def start(folder, *options, port=0, command="gin-ref"):
    """``command serve FOLDER`` (another gin-ref's, say main's, for a benchmark's before) on a free port."""
    process = subprocess.Popen([command, "serve", str(folder), "--port", str(port), *map(str, options)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"})
    base, addresses, deadline = None, {}, time.monotonic() + 30
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        found = re.match(r"serving .* on (\S+) \(Ctrl-C stops\)", line)
        if found:
            base = found.group(1)
        found = re.match(r".*?: (\S+/t/([^/?]+)\?token=\S+)$", line.strip())
        if found:
            addresses[found.group(2)] = found.group(1)
        if line.startswith("only this computer") or (base and "0.0.0.0" in " ".join(map(str, options))):
            break
    if base is None:
        process.kill()
        raise AssertionError(f"serve did not start: {process.stderr.read()}")
    _wait_listening(base)
    return Running(process, base, addresses)


def _wait_listening(base, seconds=10):
    import ssl
    import urllib.request

    unverified = ssl._create_unverified_context()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(base + "/", timeout=2, context=unverified).read()
            return
        except OSError:
            time.sleep(0.05)


@contextmanager
def serving(folder, *options):
    running = start(folder, *options)
    try:
        yield running
    finally:
        if running.process.poll() is None:
            running.stop()
