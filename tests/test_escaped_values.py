"""Values a user or a file gave, quoted in messages in this process (gin_ref.core.escape): control
characters, line breaks and separators escaped so one message stays one line and never reaches the
terminal raw; lists, mappings and dates named in the file's words."""

import pytest

from runs import expect


def run(*args, code=0):
    return expect(code, *args)


def test_a_name_with_control_characters_is_refused_with_them_escaped(here):
    done = run("new", "Ann\x1b]0;x\x07", "Ben", code=2)
    assert done.stderr == "Error: bad player name 'Ann\\x1b]0;x\\x07': use 1 to 40 printable characters\n"


@pytest.mark.parametrize("value, shown", [
    ("[1]", "a list"),
    ("{a: 1}", "a mapping"),
    ("2024-03-02", "'2024-03-02'"),
    ('"line\\nbreak\\r\\u2028"', "'line\\nbreak\\r\\u2028'"),
    ("x" * 60, "'" + "x" * 40 + "...'"),
])
def test_a_knob_value_is_named_in_the_files_words(here, value, shown):
    (here / "club.yaml").write_text(f"extends: standard\ntarget: {value}\n")
    done = run("rules", "check", "club.yaml", code=1)
    assert (done.stdout + done.stderr).splitlines()[0] == (
        f"club.yaml:2: house rule 'target' must be a whole number, not {shown}")
