"""The way the tests run gin-ref (tests/runs.py, the fixtures ``gin`` and ``gin_installed`` of conftest): in
process it ends as the installed command does, and leaves this process as it found it."""

import os

import pytest



def test_in_process_and_installed_give_the_same_run(tmp_path, gin, gin_installed):
    args = ("check", "--upcard", "7D", "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D", "--json")
    inside, outside = gin(*args, cwd=tmp_path), gin_installed(*args, cwd=tmp_path)
    assert (inside.code, inside.out, inside.err) == (outside.code, outside.out, outside.err)
    assert inside.out and (inside.returncode, inside.stdout, inside.stderr) == (inside.code, inside.out, inside.err)


def test_the_folder_and_the_environment_are_put_back(tmp_path, monkeypatch, gin):
    monkeypatch.setenv("GIN_REF_MATCH", "kept.yaml")
    before = os.getcwd()
    done = gin("new", "--dealer", "Ann", "Ann", "Ben", cwd=tmp_path,
               env={"GIN_REF_MATCH": "here.yaml", "COLUMNS": "41"})
    assert done.code == 0 and (tmp_path / "here.yaml").exists()
    assert (os.getcwd(), os.environ["GIN_REF_MATCH"], os.environ["COLUMNS"]) == (before, "kept.yaml", "200")
    gone = gin("tally", cwd=tmp_path, env={"GIN_REF_MATCH": None})  # removed for the run: match.yaml, not there
    assert gone.code == 1 and "match.yaml" in gone.err and "kept.yaml" not in gone.err
    assert os.environ["GIN_REF_MATCH"] == "kept.yaml"


def test_an_exception_escaping_a_command_is_raised_not_an_exit_code(monkeypatch, gin):
    def broken(*args, **kwargs):
        raise ValueError("a bug")

    monkeypatch.setattr("gin_ref.cli.options.terminal_width", broken)  # the group's first step
    with pytest.raises(ValueError, match="a bug"):
        gin("tally")
