"""The summary cache (issue 24, item 2): an entry is used only when proven to be the file's; any other cache
is ignored and rebuilt, and the standings never change with it."""

import json
import os
import shutil

import pytest

from runs import invoke as run


EXAMPLES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples")


@pytest.fixture
def club(tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    for name in ("oklahoma.yaml", "hollywood.yaml", "three-player.yaml"):
        shutil.copy(os.path.join(EXAMPLES, name), folder / name)
        os.utime(folder / name, (1_700_000_000, 1_700_000_000))  # written long ago
    return folder


def _standings(club, cache, quiet=True):
    done = run("standings", "--json", club, env={"GIN_REF_CACHE": str(cache)})
    assert done.returncode == 0 and (done.stderr == "" or not quiet), done.stderr
    return done.stdout


def _entry(cache, club, name="oklahoma.yaml"):
    data = json.loads(cache.read_text())
    return data, data["files"][str((club / name).resolve())]


def test_a_digit_changed_in_the_cache_does_not_change_the_standings(club, tmp_path):
    cache = tmp_path / "summaries.json"
    truth = run("standings", "--json", club, env={"GIN_REF_CACHE": "off"}).stdout
    assert _standings(club, cache) == truth
    data, entry = _entry(cache, club)
    entry["summary"]["final"]["Ann"] += 600  # one digit: 151 -> 751
    cache.write_text(json.dumps(data))
    assert _standings(club, cache) == truth
    assert _entry(cache, club)[1]["summary"]["final"]["Ann"] == 151  # rebuilt


@pytest.mark.parametrize("summary", [{}, [], None, "x", {"players": "Ann"}, {"players": [1, 2]}])
def test_a_cache_entry_of_another_shape_is_ignored_and_rebuilt(club, tmp_path, summary):
    cache = tmp_path / "summaries.json"
    truth = _standings(club, cache)
    data, entry = _entry(cache, club)
    entry["summary"] = summary
    cache.write_text(json.dumps(data))
    assert _standings(club, cache) == truth


@pytest.mark.parametrize("text", ["[]", "{\"version\": 1, \"files\": []}", "{\"files\": {\"x\": 1}}", "\xff",
                                  "[" * 100_000])
def test_a_cache_that_does_not_read_cleanly_is_ignored_and_rebuilt(club, tmp_path, text):
    cache = tmp_path / "summaries.json"
    truth = _standings(club, cache)
    cache.write_text(text)
    assert _standings(club, cache) == truth
    assert len(json.loads(cache.read_text())["files"]) == 3


def test_an_entry_for_other_bytes_of_the_file_is_not_used(club, tmp_path):
    cache = tmp_path / "summaries.json"
    _standings(club, cache)
    path = club / "oklahoma.yaml"
    info = os.stat(path)
    text = path.read_text()
    assert "Ann, Ben" in text
    path.write_text(text.replace("players: [Ann, Ben]", "players: [Ann, Bob]").replace("Ben", "Bob"))
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))  # same size and time: only the bytes differ
    truth = run("standings", "--json", club, env={"GIN_REF_CACHE": "off"}).stdout
    assert "Bob" in truth
    assert _standings(club, cache, quiet=False) == truth  # (the edit fails the seals: warned on stderr)
