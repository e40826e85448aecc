"""gin-ref serve in a folder of plain match files: a table's address is bound once to its match file's name
(#34 item 1), so a file added, renamed or removed while serving never moves a phone to another match; one
journal a match file (its name percent-encoded), an old journal two files shared refused at start."""

import json

import pytest

from gin_ref.core.errors import RecordError
from gin_ref.serve.app import build_app
from gin_ref.serve.folder import Folder
from serveutil import HOST, gin, phone, plain_folder, send, tally, token

STATE = ".gin-ref-serve"


def _new(folder, name, *players):
    done = gin("new", "--match", folder / name, "--rules", "standard", "--dealer", players[0], *players)
    assert done.returncode == 0, done.stderr


def _knock(web, key, ident, by="Ann", line="ann 5 23"):
    answer = send(web, key, "line", {"line": line, "by": by}, ident=ident, headers={"accept": "application/json"})
    assert answer.status_code == 200, answer.text
    return answer


def test_a_file_added_while_serving_leaves_every_table_its_match(tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    _new(folder, "ann-v-ben.yaml", "Ann", "Ben")
    web = phone(folder, "ann-v-ben")
    _new(folder, "Ann v Ben.yaml", "Ann", "Ben")  # sorts first: it took the address before
    _knock(web, "ann-v-ben", "entry-added-01")
    assert send(web, "ann-v-ben", "confirm-0", {"by": "Ben"}, ident="entry-added-01").status_code == 303
    assert len(tally(folder / "ann-v-ben.yaml")["hands"]) == 1
    assert tally(folder / "Ann v Ben.yaml")["hands"] == []
    bound = json.loads((folder / STATE / "tokens.json").read_text())["files"]
    assert bound["ann-v-ben.yaml"] == "ann-v-ben" and bound["Ann v Ben.yaml"] == "ann-v-ben-2"


def test_every_match_file_has_an_address_of_its_own(tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    for name in ("ann-v-ben.yaml", "Ann v Ben.yaml", "ann-v-ben-2.yaml"):
        _new(folder, name, "Ann", "Ben")
    build_app(str(folder))
    spots = Folder(str(folder)).spots()
    assert len({spot.key for spot in spots}) == 3 and len({spot.path for spot in spots}) == 3


def test_a_tokens_file_from_before_keeps_each_tables_address(tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    for name in ("ann-v-ben.yaml", "Ann v Ben.yaml"):
        _new(folder, name, "Ann", "Ben")
    (folder / STATE).mkdir(mode=0o700)
    old = {"ann-v-ben": "t" * 24, "ann-v-ben-2": "u" * 24, "director": "d" * 24}
    (folder / STATE / "tokens.json").write_text(json.dumps(old))
    build_app(str(folder))
    kept = json.loads((folder / STATE / "tokens.json").read_text())
    assert kept["files"] == {"Ann v Ben.yaml": "ann-v-ben", "ann-v-ben.yaml": "ann-v-ben-2"}  # as made before
    assert all(kept[key] == value for key, value in old.items())
    _new(folder, "ANN v ben.yaml", "Ann", "Ben")  # sorts before both: a new address, theirs kept
    spots = {spot.key: spot.path for spot in Folder(str(folder)).spots()}
    assert spots["ann-v-ben"].endswith("/Ann v Ben.yaml") and spots["ann-v-ben-2"].endswith("/ann-v-ben.yaml")
    assert spots["ann-v-ben-3"].endswith("/ANN v ben.yaml")


@pytest.mark.parametrize("how", ["renamed", "removed"])
def test_the_address_of_a_file_renamed_or_removed_answers_410_and_writes_nothing(tmp_path, how):
    folder = plain_folder(tmp_path)
    web = phone(folder, "ann-v-ben")
    if how == "renamed":
        (folder / "Ann v Ben.yaml").rename(folder / "Ann and Ben.yaml")
    else:
        (folder / "Ann v Ben.yaml").unlink()
    journals = folder / STATE / "journal"
    before = sorted(p.name for p in journals.iterdir()) if journals.exists() else []
    answer = send(web, "ann-v-ben", "line", {"line": "ann 5 23", "by": "Ann"}, ident="entry-gone-001",
                  headers={"accept": "application/json"})
    assert answer.status_code == 410
    assert answer.json()["problem"] == "this table's match is no longer in the folder: ask the director"
    page = web.get("/t/ann-v-ben")
    assert page.status_code == 410 and "ask the director" in page.text
    assert (sorted(p.name for p in journals.iterdir()) if journals.exists() else []) == before
    assert not (folder / "Ann v Ben.yaml").exists()
    if how == "renamed":
        assert tally(folder / "Ann and Ben.yaml")["hands"] == []
        assert "ann-and-ben" in Folder(str(folder)).keys()


def test_files_once_folded_alike_have_a_journal_each(tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    _new(folder, "Ann v Ben.yaml", "Ann", "Ben")
    _new(folder, "Ann_v_Ben.yaml", "Ann", "Ben")
    first, second = phone(folder, "ann-v-ben"), phone(folder, "ann-v-ben-2")
    _knock(first, "ann-v-ben", "entry-fold-001")
    answer = _knock(second, "ann-v-ben-2", "entry-fold-002")
    assert answer.json()["ok"], answer.json()  # not held up by the other table's pending hand
    names = sorted(p.name for p in (folder / STATE / "journal").iterdir() if p.suffix == ".jsonl")
    assert names == ["Ann%20v%20Ben.yaml.jsonl", "Ann_v_Ben.yaml.jsonl"]


def test_an_old_journal_two_files_share_is_refused_at_start_naming_both(tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    _new(folder, "Ann v Ben.yaml", "Ann", "Ben")
    _new(folder, "Ann_v_Ben.yaml", "Ann", "Ben")
    journals = folder / STATE / "journal"
    journals.mkdir(parents=True)
    (journals / "Ann_v_Ben.yaml.jsonl").write_text('{"op": "enter", "id": "entry-shared-1"}\n')
    with pytest.raises(RecordError) as refused:
        build_app(str(folder))
    assert "'Ann v Ben.yaml' and 'Ann_v_Ben.yaml'" in str(refused.value)
    done = gin("serve", folder, "--port", "0")
    assert done.returncode == 1 and "shared by 'Ann v Ben.yaml' and 'Ann_v_Ben.yaml'" in done.stderr


def test_an_old_journal_of_one_file_takes_its_new_name(tmp_path):
    folder = plain_folder(tmp_path)
    journals = folder / STATE / "journal"
    journals.mkdir(parents=True)
    line = {"op": "enter", "id": "entry-older-01", "kind": "hand", "action": {"kind": "dead", "upcard": None},
            "by": "Ann", "base": "x", "words": ["hand 1 is dead"], "after": ""}
    (journals / "Ann_v_Ben.yaml.jsonl").write_text(json.dumps(line) + "\n")
    web = phone(folder, "ann-v-ben")
    assert "hand 1 is dead" in web.get("/t/ann-v-ben").text  # still pending, in its journal's new name
    assert (journals / "Ann%20v%20Ben.yaml.jsonl").exists() and not (journals / "Ann_v_Ben.yaml.jsonl").exists()
    assert token(folder, "ann-v-ben") and HOST
