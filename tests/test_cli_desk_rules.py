"""``gin-ref rules diff`` in process: the knobs that differ, both values, where each
came from and the extends chain."""

import json

from runs import invoke as run


def test_diff_of_two_presets_names_each_knob_its_values_and_sources():
    done = run("rules", "diff", "oklahoma", "tournament")
    assert done.returncode == 0, done.stderr
    assert done.stdout == """\
6 house rules differ:
house rule      oklahoma  from      tournament  from
--------------  --------  --------  ----------  ----------
knock_limit     upcard    oklahoma  10          tournament
big_gin_bonus   null      oklahoma  31          tournament
undercut_bonus  10        oklahoma  25          tournament
target          100       oklahoma  250         tournament
game_bonus      0         oklahoma  100         tournament
box_bonus       0         oklahoma  25          tournament
"""


def test_diff_of_a_club_file_shows_its_line_and_its_extends_chain(tmp_path):
    (tmp_path / "club.yaml").write_text("extends: hollywood\ngin_bonus: 30\n")
    done = run("rules", "diff", "club.yaml", "hollywood", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {
        "a": {"rules": "club.yaml", "chain": ["club.yaml", "hollywood", "classic"]},
        "b": {"rules": "hollywood", "chain": ["hollywood", "classic"]},
        "differ": [{"knob": "gin_bonus", "a": 30, "a_from": "club.yaml:2", "b": 20, "b_from": "classic"}]}
    text = run("rules", "diff", "club.yaml", "hollywood", cwd=tmp_path).stdout
    assert text.splitlines()[:3] == ["club.yaml: club.yaml extends hollywood extends classic",
                                     "hollywood: hollywood extends classic", "1 house rule differs:"]
    assert text.splitlines()[-1].split() == ["gin_bonus", "30", "club.yaml:2", "20", "classic"]


def test_diff_of_equal_rules_says_so_and_a_bad_name_is_one_error_line():
    done = run("rules", "diff", "classic", "classic")
    assert (done.returncode, done.stdout) == (0, "no house rule differs\n")
    done = run("rules", "diff", "classic", "nosuch")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("Error: unknown rules 'nosuch'") and done.stderr.count("\n") == 1
