"""What tired scorekeepers met (issue 11 item 7): the file named by knock,
tally FILE, verify with no file, names and presets in any case, did you mean, chains and gin in words."""

import json
from pathlib import Path

from runs import invoke as run

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def gin_ref(cwd, *args, env=None):
    return run(*args, cwd=cwd, env={"GIN_REF_MATCH": None, **(env or {})})


def test_knock_names_the_match_file_in_its_first_line(tmp_path):
    gin_ref(tmp_path, "new", "--dealer", "Ann", "Ann", "Ben", env={"GIN_REF_MATCH": "stray.yaml"})
    out = gin_ref(tmp_path, "knock", "--upcard", "9H", "Ben", "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D", "--defender",
                  "AH 7H QH 2D 7D 8D 9D TD JD 3C", env={"GIN_REF_MATCH": "stray.yaml"}).stdout.splitlines()
    assert out[0] == "stray.yaml: hand 1: Ann deals, upcard 9♥"
    assert out[2] == "hand 1: Ben knocks against Ann, upcard 9♥, knock limit 9 (upcard 9♥)"


def test_a_gin_is_announced_as_gin(tmp_path):
    gin_ref(tmp_path, "new", "--dealer", "Ann", "Ann", "Ben")
    gin_ref(tmp_path, "deal", "--upcard", "9H")
    out = gin_ref(tmp_path, "knock", "Ben", "A-3S 4SHDC 7-9C", "KD", "--discard", "KD", "--defender",
                  "AH 7H QH 2D 7D 8D 9D TD JD 3C").stdout
    assert out.splitlines()[0] == "match.yaml: hand 1: Ben goes gin against Ann, upcard 9♥, knock limit 9 (upcard 9♥)"


def test_chained_layoffs_show_the_chain(tmp_path):
    out = gin_ref(tmp_path, "score", "--upcard", "KH", "--knocker", "3-5S 4HDC 7-9C AD", "--defender",
                  "6S 7S 2S KS 2H 9H KH QD 5D 2C").stdout
    assert "  6♠ 7♠ → 3♠ 4♠ 5♠  " in out and out.count("→") == 1


def test_tally_takes_the_file_as_verify_does(tmp_path):
    by_argument = gin_ref(tmp_path, "tally", EXAMPLES / "oklahoma.yaml")
    by_option = gin_ref(tmp_path, "tally", "--match", EXAMPLES / "oklahoma.yaml")
    assert by_argument.returncode == 0 and by_argument.stdout == by_option.stdout
    assert json.loads(gin_ref(tmp_path, "tally", "--json", EXAMPLES / "oklahoma.yaml").stdout)["winner"] == "Ann"
    both = gin_ref(tmp_path, "tally", "--match", "a.yaml", "b.yaml")
    assert both.returncode == 2 and both.stderr == ("Error: name the match file once: as FILE or with --match "
                                                "(see 'gin-ref tally --help')\n")


def test_verify_with_no_file_names_no_fake_line(tmp_path):
    none = gin_ref(tmp_path, "verify")
    assert (none.returncode, none.stdout) == (1, "")
    assert none.stderr.startswith("Error: no match file 'match.yaml': start one with 'gin-ref new PLAYER PLAYER'")
    named = gin_ref(tmp_path, "verify", "gone.yaml")
    assert named.returncode == 1 and named.stderr == "Error: cannot read gone.yaml: no such file\n"
    data = json.loads(gin_ref(tmp_path, "verify", "--json", "gone.yaml").stdout)
    assert data["files"][0]["problems"][0]["line"] is None


def test_stats_player_in_any_case(tmp_path):
    lower = gin_ref(tmp_path, "stats", "--player", "ann", EXAMPLES)
    exact = gin_ref(tmp_path, "stats", "--player", "Ann", EXAMPLES)
    assert lower.returncode == 0 and lower.stdout == exact.stdout
    assert "score progression of Ann" in lower.stdout
    assert list(json.loads(gin_ref(tmp_path, "stats", "--json", "--player", "CID", EXAMPLES).stdout)) == ["Cid"]


def test_presets_in_any_case_and_did_you_mean(tmp_path):
    shown = json.loads(gin_ref(tmp_path, "rules", "show", "--json", "Classic").stdout)
    assert shown["rules"] == "classic"
    gin_ref(tmp_path, "new", "--rules", "HOLLYWOOD", "--dealer", "Ann", "Ann", "Ben")
    assert json.loads(gin_ref(tmp_path, "tally", "--json").stdout)["rules"] == "hollywood"
    typo = gin_ref(tmp_path, "check", "--rules", "oklahma", "--upcard", "7D", "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D")
    assert typo.returncode == 2 and typo.stderr.startswith("Error: unknown rules 'oklahma' (did you mean 'oklahoma'?)")
    (tmp_path / "club.yaml").write_text("extends: clasic\nundercut_bonuss: 3\n", encoding="utf-8")
    problems = gin_ref(tmp_path, "rules", "check", "club.yaml").stderr
    assert "unknown rules 'clasic' (did you mean 'classic'?)" in problems
    (tmp_path / "club.yaml").write_text("extends: classic\nundercut_bonuss: 3\n", encoding="utf-8")
    assert gin_ref(tmp_path, "rules", "check", "club.yaml").stderr == (
        "club.yaml:2: unknown house rule 'undercut_bonuss' (did you mean 'undercut_bonus'?)\n")


def test_the_card_hint_names_10_the_symbols_and_lower_case(tmp_path):
    error = gin_ref(tmp_path, "check", "--upcard", "1H", "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D").stderr
    assert error == ("Error: unknown card '1H' (write rank A 2-10 J Q K (or T), then suit S H D C or ♠ ♥ ♦ ♣, "
                     "any case: 10h, QS, t♥)\n")
