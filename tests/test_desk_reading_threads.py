"""The desk forks workers to read many files only from a process with one thread: the server (an event loop
and a pool of threads) reads in its own process, never forking beside a lock another thread may hold."""

import concurrent.futures
import threading

import pytest

from gin_ref.desk import reading


class _Refused(Exception):
    pass


def _no_pool(*args, **kwargs):
    raise _Refused("a process pool was started")


def _read(item):
    return (item, None, None)


def _reads_in_a_thread(items):
    found = {}

    def work():
        found["matches"] = reading.read_items(items, read=_read)

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    return found["matches"]


def test_a_process_with_other_threads_reads_many_files_itself(monkeypatch):
    monkeypatch.setattr(reading, "PARALLEL_FROM", 2)
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", _no_pool)
    monkeypatch.setattr(reading.os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    matches = _reads_in_a_thread(["a", "b", "c"])
    assert matches.skipped == [] and matches.views == []


def test_a_process_with_one_thread_may_start_workers(monkeypatch):
    monkeypatch.setattr(reading, "PARALLEL_FROM", 2)
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", _no_pool)
    monkeypatch.setattr(reading.os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    if threading.active_count() != 1:
        pytest.skip("another test left a thread running in this process")
    try:
        reading.read_items(["a", "b", "c"], read=_read)
    except _Refused:
        return
    raise AssertionError("many files in a one-thread process were read without workers")
