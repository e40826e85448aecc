"""Issue #24, round 3 of reliability (items 4, 5, 8, 10, 11, 12, 13, 15, 20): an export that would destroy a
match, digits that are not ASCII, names that look alike, counts and files without a bound, one problem per
fact, Ctrl-C at start-up, control characters in what people read, a rules check that echoes a file, and the
smaller words. Each test fails on the code before the fix."""

import os

import pytest
from click.testing import CliRunner

from gin_ref.cli import main


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.delenv("GIN_REF_MATCH", raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(*args, code=0, input=None):
    result = CliRunner().invoke(main, [str(a) for a in args], input=input)
    assert result.exit_code == code, (result.output, result.stderr)
    return result


@pytest.fixture
def match(folder):
    run("new", "--match", "m.yaml", "--dealer", "Ann", "Ann", "Ben")
    run("knock", "--match", "m.yaml", "--upcard", "9H", "Ben", "5", "--defender", "23")
    return folder / "m.yaml"


# -- item 4: export --output never destroys a match, nor any file without --force ----------------------------

def test_export_refuses_to_write_over_the_match_it_exports(match):
    before = match.read_bytes()
    result = run("export", "--format", "csv", "--output", "m.yaml", "m.yaml", code=1)
    assert result.stderr == ("Error: m.yaml is a match record: export never writes over one "
                             "(give another --output FILE)\n")
    assert match.read_bytes() == before
    result = run("export", "--force", "--format", "csv", "--output", "m.yaml", "m.yaml", code=1)
    assert match.read_bytes() == before


def test_export_refuses_to_write_over_any_match_record_even_with_force(match, folder):
    other = folder / "other.yaml"
    other.write_bytes(match.read_bytes().replace(b"Ben", b"Cid"))
    before = other.read_bytes()
    result = run("export", "--force", "--output", "other.yaml", "m.yaml", code=1)
    assert result.stderr.startswith("Error: other.yaml is a match record")
    assert other.read_bytes() == before


def test_export_replaces_an_existing_file_only_with_force(match, folder):
    (folder / "out.csv").write_text("keep me\n")
    result = run("export", "--output", "out.csv", "m.yaml", code=1)
    assert result.stderr == "Error: out.csv already exists: give --force to replace it, or another --output FILE\n"
    assert (folder / "out.csv").read_text() == "keep me\n"
    run("export", "--force", "--output", "out.csv", "m.yaml")
    assert (folder / "out.csv").read_text().startswith("match,date,hand")
    run("export", "--force", "--format", "json", "--output", "out.json", "m.yaml")
    run("export", "--force", "--format", "json", "--output", "out.json", "m.yaml")  # an export is no record
