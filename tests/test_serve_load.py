"""The load and fault test (tests/serveload.py) against a real ``gin-ref serve`` on 127.0.0.1: 16 tables x
30 hands, time scaled down (a hand per table every 0.25 s on average instead of 2 s; the counts kept), with
resubmissions, dropped connections, a restart and a command-line writer: every confirmed hand is in its file
exactly once and every file verifies."""

import pytest

from serveload import run

pytestmark = pytest.mark.slow


def test_sixteen_tables_thirty_hands_each_with_faults(tmp_path):
    result = run(tmp_path, tables=16, hands=30, gap=0.25, cli_tables=3, restart=True)
    print({key: value for key, value in result.items() if key not in ("confirm_ms", "confirm_cpu_ms")})
    assert result["confirmed"] == 16 * 30
    assert result["found"] == result["confirmed"] and result["duplicates"] == 0 and result["missing"] == 0
    assert result["cli_found"] == result["cli_written"] > 0
    assert result["dropped"] > 0 and result["verified"]


def test_a_server_killed_again_and_again_loses_no_confirmed_hand(tmp_path):
    """The kill loop: the server SIGKILLed six times mid-evening (a confirm cut anywhere: before the match
    file's rename, between it and the journal's line) and started again; every confirmed hand is in its
    file once, and every file verifies."""
    result = run(tmp_path, tables=6, hands=20, gap=0.25, cli_tables=2, restart=False, kills=6)
    print({key: value for key, value in result.items() if key not in ("confirm_ms", "confirm_cpu_ms")})
    assert result["kills"] >= 3 and result["confirmed"] == 6 * 20
    assert result["found"] == result["confirmed"] and result["duplicates"] == 0 and result["missing"] == 0
    assert result["cli_found"] == result["cli_written"] and result["verified"]
