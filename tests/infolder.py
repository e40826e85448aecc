"""Commands on the match ``m.yaml`` in a folder (``$GIN_REF_MATCH``), in this process (tests/runs.py): the
helpers of the tests of counts, amends and one command per hand."""

import json

from runs import invoke


def sh(cwd, *args):
    return invoke(*args, cwd=cwd, env={"GIN_REF_MATCH": "m.yaml"})


def ok(cwd, *args):
    result = sh(cwd, *args)
    assert result.returncode == 0, result.stderr
    return result.stdout


def refused(cwd, args, message, code=1):
    before = (cwd / "m.yaml").read_bytes()
    result = sh(cwd, *args)
    assert (result.returncode, result.stderr, result.stdout) == (code, f"Error: {message}\n", "")
    assert (cwd / "m.yaml").read_bytes() == before


def tally(cwd):
    return json.loads(ok(cwd, "tally", "--json"))


def verified(cwd):
    result = sh(cwd, "verify", "m.yaml")
    assert result.returncode == 0, result.stderr
    return result.stdout


def new(cwd, *options, players=("Ann", "Ben")):
    ok(cwd, "new", *options, *players)
