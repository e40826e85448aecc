"""The address the phones are given: this machine's on its network when it serves every network, shown as
a URL's host takes it (an IPv6 address in brackets). Used by ``serve``'s start lines and by the table
cards (``gin_ref.serve.cards``), which need none of the web stack."""

import socket
from typing import Optional


def lan_address() -> Optional[str]:
    """This machine's address on its network (the one a phone on the same Wi-Fi reaches), or None. No
    packet is sent: a UDP socket is only pointed at a public address to learn the route."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            return str(probe.getsockname()[0])
    except OSError:
        return None


def shown_host(host: str) -> str:
    if host in ("0.0.0.0", "::", ""):
        return lan_address() or "127.0.0.1"
    return f"[{host}]" if ":" in host else host
