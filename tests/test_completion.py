"""Completion in the shell (issue 11 item 8): click's completion, in process, offers the players of the match
file, the preset names and the card codes (the scripts for each shell, through the installed command:
tests/test_smoke_installed.py)."""

from runs import complete, invoke as run


def gin_ref(cwd, *args):
    return run(*args, cwd=cwd)


def test_players_come_from_the_match_file(tmp_path):
    gin_ref(tmp_path, "new", "--dealer", "Ann", "Ann", "Ben")
    assert complete(tmp_path, ["knock", ""]) == [("plain", "Ann"), ("plain", "Ben")]
    assert complete(tmp_path, ["take", "b"]) == [("plain", "Ben")]
    assert complete(tmp_path, ["deal", "--dealer", ""]) == [("plain", "Ann"), ("plain", "Ben")]
    gin_ref(tmp_path, "new", "--match", "other.yaml", "--dealer", "Cid", "Cid", "Dee")
    assert complete(tmp_path, ["knock", "--match", "other.yaml", ""]) == [("plain", "Cid"), ("plain", "Dee")]
    assert complete(tmp_path, ["knock", ""], env={"GIN_REF_MATCH": "other.yaml"})[0] == ("plain", "Cid")


def test_no_match_file_offers_no_player(tmp_path):
    assert complete(tmp_path, ["knock", ""]) == []


def test_preset_names_complete_for_rules(tmp_path):
    assert complete(tmp_path, ["check", "--rules", "t"]) == [("plain", "three-player"), ("plain", "tournament"),
                                                            ("file", "t")]
    assert ("plain", "hollywood") in complete(tmp_path, ["rules", "show", "h"])


def test_card_codes_complete_and_leave_out_cards_given(tmp_path):
    assert complete(tmp_path, ["check", "--upcard", "7"]) == [("plain", "7S"), ("plain", "7H"), ("plain", "7D"),
                                                             ("plain", "7C")]
    assert complete(tmp_path, ["check", "--upcard", "9H", "AS", "a"]) == [("plain", "AH"), ("plain", "AD"),
                                                                          ("plain", "AC")]
    gin_ref(tmp_path, "new", "--dealer", "Ann", "Ann", "Ben")
    assert ("plain", "QD") in complete(tmp_path, ["knock", "Ben", "q"])
