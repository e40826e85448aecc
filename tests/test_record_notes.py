"""What the record and its readers say beyond the scores: a match file given as rules is named a match file,
the exports carry the tally's notes and marks, the JSON docs name the commands that take --json, an amend
to an earlier round of an event warns, and a format 1 file holding keys only format 2 has is refused."""

import json
import re

from infolder import new, ok, sh


def test_a_match_file_given_as_rules_is_named_a_match_file(tmp_path):
    new(tmp_path, "--dealer", "Ann")
    said = ("a match file (format: gin-ref-match/3), not a rules file: a rules file holds 'knob: value' lines")
    result = sh(tmp_path, "rules", "show", "m.yaml")
    assert (result.returncode, result.stdout, result.stderr) == (2, "", f"Error: {said} (m.yaml:2)\n")
    result = sh(tmp_path, "rules", "check", "m.yaml")
    assert (result.returncode, result.stderr) == (1, f"m.yaml:2: {said}\n")
    assert json.loads(ok(tmp_path, "tally", "--json"))["hands"] == []


def test_the_exports_carry_the_tallys_notes_and_marks(tmp_path):
    new(tmp_path, "--dealer", "Ann")
    for knocker, k, d in [("Ben", 5, 23), ("Ann", 2, 24)]:
        ok(tmp_path, "knock", "--upcard", "9H", knocker, k, "--defender", d)
    ok(tmp_path, "amend", "1", "--dead")
    note = "hand 2: dealt by Ben as played; the amended results give Ann"
    assert "   2*  Ben" in ok(tmp_path, "tally") and f"* {note}\n" in ok(tmp_path, "tally")
    markdown = ok(tmp_path, "export", "--format", "markdown", "m.yaml")
    assert "| 1 | Ann | 9♥ | 9 |  | dead |" in markdown and "| 2\\* | Ben | 9♥ | 9 | Ann | knock |" in markdown
    assert markdown.endswith(f"\nNotes:\n\n- {note}\n")
    page = ok(tmp_path, "export", "--format", "html", "m.yaml")
    assert '<tr><td class="n">2*</td><td>Ben</td>' in page
    assert f"<h3>Notes</h3>\n<ul>\n<li>* {note}</li>\n</ul>" in page


def test_the_json_docs_name_the_commands_that_take_json():
    import pathlib
    import re

    docs = (pathlib.Path(__file__).parent.parent / "docs" / "json.md").read_text(encoding="utf-8")
    intro = docs.split("\n## ")[0]
    names = r"`([a-z]+(?: [a-z]+)?)`"
    said = re.findall(names, intro.split("`check --input`")[0].split("(`export")[0])
    writers = re.findall(names, intro.split("The commands that write (")[1].split(")")[0])
    assert len(said) == 11 and len(writers) == 15  # the writers take --json too (issue 42 item 2)
    for command in said + writers:
        assert "--json" in ok(pathlib.Path("."), *command.split(), "--help"), command


def test_an_amend_to_an_earlier_round_of_an_event_warns_and_the_standings_show_the_table(tmp_path):
    ok(tmp_path, "event", "new", "night", "--format", "round-robin", "--rules", "standard", "Ann", "Ben", "Cid", "Dee")
    ok(tmp_path, "event", "pair", "night")
    first = "night/round-1-table-1.yaml"  # Ann v Dee; table 2 Ben v Cid
    ok(tmp_path, "knock", "--match", first, "Ann", "0", "--defender", "98")
    ok(tmp_path, "knock", "--match", "night/round-1-table-2.yaml", "Ben", "0", "--defender", "98")
    result = sh(tmp_path, "amend", "--match", first, "1", "Ann", "0", "--defender", "90")  # round 2 not paired
    assert (result.returncode, result.stderr) == (0, "")
    ok(tmp_path, "event", "pair", "night")
    result = sh(tmp_path, "amend", "--match", first, "1", "--dead")
    assert result.returncode == 0 and "the match is open again" in result.stdout
    assert result.stderr == (f"warning: {first} is round 1, table 1 of event night, and round 2 is already paired: "
                             "those pairings stand; the match is open again: finish it for the standings to count "
                             "it (gin-ref event standings night)\n")
    standings = ok(tmp_path, "event", "standings", "night")
    assert standings.endswith(
        "\nround 1, not finished though a later round is paired:\n"
        f"  table 1  Ann v Dee  playing  {first}\n"
        "\nround 2:\n"
        "  table 1  Ann v Cid  playing  night/round-2-table-1.yaml\n"
        "  table 2  Dee v Ben  playing  night/round-2-table-2.yaml\n")
    result = sh(tmp_path, "undo", "--match", first)  # the amend taken back: finished again, no warning
    assert (result.returncode, result.stderr) == (0, "")
    assert "not finished" not in ok(tmp_path, "event", "standings", "night")
    result = sh(tmp_path, "undo", "--match", first)  # the earlier amend taken back: still finished
    assert (result.returncode, result.stderr) == (0, "")
    result = sh(tmp_path, "undo", "--match", first)  # the gin taken back: the table is open again
    assert result.returncode == 0 and result.stderr.startswith(f"warning: {first} is round 1, table 1 of event "
                                                               "night, and round 2 is already paired")


def test_a_format_1_file_holding_keys_only_2_has_is_refused(tmp_path):
    new(tmp_path, "--dealer", "Ann")
    ok(tmp_path, "knock", "--upcard", "9H", "Ben", "5", "--defender", "23")
    ok(tmp_path, "amend", "1", "Ben", "5", "--defender", "30")
    text = (tmp_path / "m.yaml").read_text(encoding="utf-8")
    end = text.splitlines(keepends=True)[-1]
    assert end.startswith("end: {hands: 1, seal: ")
    old = re.sub(r"\n  seal: [0-9a-f]{16}", "", text.replace("format: gin-ref-match/3", "format: gin-ref-match/1")
                 .replace(end, ""))
    (tmp_path / "m.yaml").write_text(old, encoding="utf-8")
    lines = old.splitlines()
    kept = lines.index("corrections:")
    at = {key: next(i for i, line in enumerate(lines, 1) if line.lstrip("- ").startswith(key + ":")
                    and (i > kept) == (key not in ("knocker_count", "defender_count")))
          for key in ("knocker_count", "defender_count", "kind", "hand", "hands", "steps")}
    said = "is a key of format gin-ref-match/2, not of gin-ref-match/1: the file says 'format: gin-ref-match/1' " \
           "but holds a newer record"
    said_3 = said.replace("format gin-ref-match/2", "format gin-ref-match/3")  # a correction's kind came with /3
    result = sh(tmp_path, "tally")
    assert (result.returncode, result.stdout, result.stderr) == (
        1, "", f"Error: m.yaml:{at['knocker_count']}: 'knocker_count' {said}\n")
    result = sh(tmp_path, "verify", "m.yaml")
    assert result.returncode == 1
    # the hand the amend replaced, kept in its correction, holds them too (issue 24 item 17)
    kept_entry = [(key, i) for i, line in enumerate(lines, 1) for key in ("knocker_count", "defender_count")
                  if i > kept and line.startswith(f"    {key}:")]
    assert len(kept_entry) == 2
    assert result.stderr == "".join(f"m.yaml:{line}: '{key}' {said_3 if key == 'kind' else said}\n" for key, line in sorted(
        list(at.items()) + kept_entry, key=lambda kv: kv[1]))
    assert (tmp_path / "m.yaml").read_text(encoding="utf-8") == old
    plain = re.sub(r"\n  seal: [0-9a-f]{16}", "", text.replace("format: gin-ref-match/3", "format: gin-ref-match/1")
                   .replace(end, ""))
    first = plain.split("corrections:")[0] + "corrections: []\n"  # the hand by points alone
    (tmp_path / "m.yaml").write_text(first, encoding="utf-8")
    assert sh(tmp_path, "tally").stderr == f"Error: m.yaml:{at['knocker_count']}: 'knocker_count' {said}\n"
