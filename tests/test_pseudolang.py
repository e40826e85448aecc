"""The pseudo-language test (#38 item 6, docs/languages.md#the-pseudo-language-test): under ``--lang xx`` (made
at test time from the template: tests/pseudolang.py) every word said through the catalogue is accented, so a
run of two ASCII letters left once cards, paths, names and the contract's words are out (tests/pseudosweep.py)
is a piece said past the catalogue.

The fast part sweeps ``tally``, ``verify``, one refusal and ``gin-ref --help``; the slow part every command's
``--help``, the goldens' commands and serve's pages, printing what it finds per command (``pytest -s``) and
failing on a command of its swept-clean list (which only grows); ``python benchmarks/pseudo_sweep.py``
prints the same counts.
"""

import re

import pytest
from click.testing import CliRunner

import pseudolang
import pseudosweep
from gin_ref.cli import main

NAMES = {"Ann", "Ben"}
ERROR = {"Error"}  # the ``Error:`` that starts a refusal's line is the same in every language (the brief's)


@pytest.fixture(scope="module")
def xx_dir(tmp_path_factory):
    return pseudolang.install(tmp_path_factory.mktemp("locale"))


@pytest.fixture
def xx(xx_dir, monkeypatch):
    pseudolang.use(monkeypatch, xx_dir)
    monkeypatch.delenv("GIN_REF_LANG", raising=False)
    monkeypatch.setenv("LANG", "C")


@pytest.fixture(scope="module")
def kept():
    return pseudosweep.contract_words() | NAMES | ERROR


def _run(*args):
    return CliRunner().invoke(main, list(args), prog_name="gin-ref")


@pytest.fixture
def match(xx, tmp_path, monkeypatch):
    """A match of one hand, in the working folder as match.yaml."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("GIN_REF_MATCH", raising=False)
    _run("new", "Ann", "Ben", "--dealer", "Ann", "--date", "2024-05-01")
    _run("knock", "--upcard", "7D", "Ben", "5", "--defender", "23")
    return tmp_path / "match.yaml"


# -- the pseudo-language itself ----------------------------------------------------------------------------------
def test_xx_accents_every_letter_keeps_placeholders_and_options_and_is_longer():
    said = pseudolang.pseudo("%(count)d hands for %(name)s: give --force, or {name!r} %s 100%%")
    assert "%(count)d" in said and "%(name)s" in said and "--force" in said and "{name!r}" in said
    assert " %s " in said and "%%" in said
    assert re.findall(r"[A-Za-z]{2,}", re.sub(r"%\(\w+\)\w|--\w+|\{\w+!r\}", "", said)) == []
    assert len(said) >= 1.3 * len("%(count)d hands for %(name)s: give --force, or {name!r} %s 100%%") - 1


def test_xx_is_made_in_a_temporary_directory_and_never_shipped(xx_dir):
    from gin_ref.desk import language

    assert (xx_dir / "xx" / "LC_MESSAGES" / "gin_ref.mo").is_file()
    assert "xx" not in language.available()  # (the shipped catalogues: this test runs without the seam)
    assert not (pseudosweep.ROOT / "gin_ref" / "locale" / "xx").exists()


def test_xx_has_every_message_of_the_template_plural_forms_too(xx):
    from gin_ref.desk import language

    assert "xx" in language.available()
    with language.speaking("xx"):
        for count in (1, 2):
            said = language.ngettext("%(count)d hand", "%(count)d hands", count)
            assert "%(count)d" in said and "hand" not in said
    catalogue = pseudolang.catalogue()
    assert all(message.string for message in catalogue if message.id)


def test_the_sweep_can_fail_english_is_found():
    kept = pseudosweep.contract_words() | NAMES
    assert pseudosweep.unmarked("m.yaml: ok, 3 hands, 1 irregularity recorded (see --match) AS 10♦", kept) \
        == ["ok", "hands", "irregularity", "recorded", "see"]


def test_the_sweep_finds_a_message_said_past_the_catalogue(match, kept, tmp_path_factory, monkeypatch):
    """The same verify under an ``xx`` that lacks its "ok" message: the sweep finds the English it says."""
    lacking = pseudolang.install(tmp_path_factory.mktemp("lacking"), leave_out={"%(path)s: ok, %(count)d hand"})
    pseudolang.use(monkeypatch, lacking)
    _code, said = pseudosweep.run(("verify",))
    assert pseudosweep.unmarked(said, kept) == ["ok"], said


# -- the fast sweep: tally, verify, one refusal, gin-ref --help ----------------------------------------------
# What the sweep finds today in a command it must find clean, said past the catalogue by other layers. The
# list can only shrink (the tally's "next:" line and the grid's result words are said through it now).
KNOWN: dict = {}

FAST = [
    ("tally",),
    ("verify",),
    # a refusal whose words are all the catalogue's: the desk's, naming its option on the command line
    ("ruling", "--hand", "1", "--award", "Ann", "25", "--reason", "a\nb"),
    ("--help",),
    # no range or default of None (ruling's --hand showed [x<=None])
    ("ruling", "--help"),
]


@pytest.mark.parametrize("args", FAST, ids=lambda args: args[0])
def test_no_unmarked_words_in_the_fast_sweep(match, kept, args):
    code, said = pseudosweep.run(args)
    assert code in (0, 1, 2), said
    found = pseudosweep.unmarked(said, kept)
    assert sorted(found) == sorted(KNOWN.get(args[0], [])), said


def test_no_help_shows_a_default_or_a_range_of_none(monkeypatch):
    """A help that shows ``[default: None]`` (or click's ``[x<=None]`` for a number with no bound) says
    nothing a user can use: no command's --help shows one."""
    monkeypatch.delenv("GIN_REF_LANG", raising=False)
    for args in pseudosweep.every_help():
        code, said = pseudosweep.run(args, lang="en")
        assert code == 0 and not re.search(r"\[[^\]]*None[^\]]*\]", said), said


# -- the slow sweep: every --help, the goldens' commands, serve's pages --------------------------------------
# Every command and page state is swept clean (#38 item 6: the count is 0): a run found in any of them fails.
# The sweep must see them all: every command's --help, the goldens' commands and serve's page states.
SERVE_STATES = 17


@pytest.mark.slow
def test_every_help_and_the_goldens_commands(xx, kept, monkeypatch, capsys):
    monkeypatch.chdir(pseudosweep.ROOT)
    found = pseudosweep.sweep(pseudosweep.every_help(), kept, pseudosweep.json_keys())
    found.update(pseudosweep.sweep(pseudosweep.golden_commands(), kept | pseudosweep.EXAMPLE_NAMES,
                                   pseudosweep.json_keys()))
    with capsys.disabled():
        print("\n" + "\n".join(pseudosweep.summary(found)))
    assert len(found) == len(pseudosweep.every_help()) + len(pseudosweep.golden_commands())
    assert {command: runs for command, runs in found.items() if runs} == {}


@pytest.mark.slow
def test_serves_pages(xx, kept, tmp_path, capsys):
    found = pseudosweep.serve_pages(tmp_path, kept)
    with capsys.disabled():
        print("\n" + "\n".join(pseudosweep.summary(found)))
    assert len(found) == SERVE_STATES
    assert {command: runs for command, runs in found.items() if runs} == {}


# -- the refusals: every command's bad inputs (tests/pseudosweep.py's refusal_commands) ---------------------------
# What the refusal sweep still finds, said past the catalogue by modules being rewritten (the lead's list): a
# foreign digit in a count (match/knocks.py), a Hollywood record's game columns (match/handread.py; history,
# stats and standings of the folder skip it, saying why) and whose cards a cut hand lacks (match/handread.py).
# The list can only shrink.
KNOWN_REFUSALS = {}  # none left: each run the sweep found is said in the language (match/ fixed last)
# The fast sweep's refusals: all but serve's (it resolves a host, builds its app) and those still known above
FAST_REFUSALS = [args for args in pseudosweep.refusal_commands()
                 if args[0] != "serve" and " ".join(args) not in KNOWN_REFUSALS]


def test_the_fast_refusals_are_refusals_of_the_slow_sweep():
    assert set(FAST_REFUSALS) <= set(pseudosweep.refusal_commands())
    assert len(pseudosweep.refusal_commands()) >= 50


def test_no_unmarked_words_in_the_fast_refusals(xx, kept, tmp_path):
    found = pseudosweep.refusal_sweep(tmp_path, kept, FAST_REFUSALS)
    assert {command: runs for command, runs in found.items() if runs} == {}


@pytest.mark.slow
def test_every_refusal(xx, kept, tmp_path, capsys):
    found = pseudosweep.refusal_sweep(tmp_path, kept)
    with capsys.disabled():
        print("\n" + "\n".join(pseudosweep.summary(found)))
    assert len(found) == len(pseudosweep.refusal_commands()) + 1  # (and serve on a port taken)
    assert {command: runs for command, runs in found.items() if runs} == KNOWN_REFUSALS


# -- what the refusal sweep found, now said in the reader's language (English as it was) --------------------------
def _said(lang, *args):
    return CliRunner().invoke(main, ["--lang", lang, *args], prog_name="gin-ref").stderr


def test_whose_hand_has_too_few_cards_is_said_in_the_readers_language(xx):
    args = ("score", "--upcard", "7D", "--knocker", "AS 2S", "--defender", "3C")
    assert _said("en", *args) == "Error: knocker's hand has 2 cards, expected 10 or 11\n"
    assert _said("sk", *args) == "Error: karty klopajúceho: 2 karty, očakáva sa 10 alebo 11\n"


def test_rules_an_event_cannot_seat_are_said_whole_in_the_readers_language(xx, tmp_path):
    args = ("event", "new", str(tmp_path / "ev"), "--format", "swiss", "--rules", "three-player", "A", "B", "C")
    assert _said("en", *args) == ("Error: the three-player rules are for 3 players at a table: an event pairs two "
                                  "players a table, so it needs two-player rules\n")
    assert _said("sk", *args) == ("Error: pravidlá three-player sú pre 3 hráčov pri stole: turnaj páruje dvoch hráčov "
                                  "na stôl, preto potrebuje pravidlá pre dvoch hráčov\n")


def test_the_tables_not_finished_are_named_in_the_readers_language(xx, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for args in (("event", "new", "ev", "--format", "round-robin", "Ann", "Ben", "Cid", "Dan"), ("event", "pair", "ev")):
        assert _run(*args).exit_code == 0
    assert _said("en", "event", "pair", "ev") == (
        "Error: round 1 is paired already; 2 matches are not finished: round 1 table 1 (ev/round-1-table-1.yaml: "
        "Ann v Dan); round 1 table 2 (ev/round-1-table-2.yaml: Ben v Cid)\n")
    assert _said("sk", "event", "pair", "ev") == (
        "Error: kolo turnaja 1 je už spárované; 2 zápasy nie sú dohrané: kolo turnaja 1, stôl 1 "
        "(ev/round-1-table-1.yaml: Ann – Dan); kolo turnaja 1, stôl 2 (ev/round-1-table-2.yaml: Ben – Cid)\n")


@pytest.mark.parametrize("word, english, slovak", [
    ("zzz", "no such command 'zzz'", "príkaz 'zzz' neexistuje"),
    ("d", "command 'd' is ambiguous: deal, dead, draw, discard (type more of it)",
     "príkaz 'd' je nejednoznačný: deal, dead, draw, discard (napíšte viac písmen)"),
])
def test_help_of_no_command_says_so_once(xx, word, english, slovak):
    """Said whole, not inside "This cannot be read: ..." (a sentence already said, taken for English)."""
    assert _said("en", "help", word) == f"Error: {english}\n"
    assert _said("sk", "help", word) == f"Error: {slovak}\n"


@pytest.mark.parametrize("old, new, english, slovak", [
    ("knocker: Cid", "knocker: yes", "the knocker yes is read by YAML as a truth value (true): write it in quotes ('yes')",
     "klopajúci: YAML číta yes ako pravdivostnú hodnotu (true): napíšte to v úvodzovkách ('yes')"),
    ("points: 22", "points: 010", "010 for the points has a leading zero, which YAML reads as the octal number 8: write 10",
     "body: 010 má na začiatku nulu, a tak to YAML číta ako osmičkové číslo 8: napíšte 10"),
    ("target: 100", "target: 0x64", "0x64 for the target is read by YAML as the number 100: write it in decimal digits "
     "(100)", "cieľový počet bodov: YAML číta 0x64 ako číslo 100: napíšte ho desiatkovými číslicami (100)"),
    ("players: [Ben, Cid]", "players: [Ben, 012]", "the player's name 012 is read by YAML as the number 10: write it in "
     "quotes ('012')", "meno hráča: YAML číta 012 ako číslo 10: napíšte to v úvodzovkách ('012')"),
])
def test_a_value_yaml_reads_otherwise_is_said_in_the_readers_language(xx, tmp_path, monkeypatch, old, new, english,
                                                                      slovak):
    """A hand edit YAML reads otherwise (files/handtyped.py): its whole sentence in the reader's language, not
    English inside "This record cannot be used: ..."."""
    monkeypatch.chdir(tmp_path)
    text = (pseudosweep.RECORDS / "format-2" / "example-hollywood.yaml").read_text(encoding="utf-8")
    (tmp_path / "m.yaml").write_text(text.replace(old, new, 1), encoding="utf-8")
    line = text[:text.index(old)].count("\n") + 1
    assert _said("en", "tally", "--match", "m.yaml") == f"Error: m.yaml:{line}: {english}\n"
    assert _said("sk", "tally", "--match", "m.yaml") == f"Error: m.yaml:{line}: {slovak}\n"


def test_a_cut_hands_missing_facts_are_said_in_the_readers_language(xx, match):
    """A file cut mid-hand: what the cut took is named with no value suggested (files/cutshort.py), in the
    reader's language (it was English in every language)."""
    text = match.read_text(encoding="utf-8")
    match.write_text(text[:text.index("  defender:")], encoding="utf-8")
    lost = "(the file was cut short: restore it from a copy, not from the part that survives)"
    english = CliRunner().invoke(main, ["--lang", "en", "verify"], prog_name="gin-ref").output
    assert f"match.yaml:31: hand 1 has no 'winner' {lost}" in english.splitlines()
    slovak = CliRunner().invoke(main, ["--lang", "sk", "verify"], prog_name="gin-ref").output
    assert ("match.yaml:31: kolo 1 nemá 'winner' (súbor bol skrátený: obnovte ho zo zálohy, nie z časti, ktorá "
            "zostala)") in slovak.splitlines()
    assert "restore" not in slovak


def test_a_count_over_the_limit_is_asked_about_in_the_readers_language(tmp_path):
    """serve's question on a count over the limit (a table's first hand, dealt by the entry) said its reason in
    English inside a Slovak or Filipino question."""
    from serveutil import phone, plain_folder, send

    for lang, question in (("en", "knock not allowed: deadwood 15 exceeds limit 10 (house rules). Did Ben really "
                                  "knock with 15?"),
                           ("sk", "klopanie nie je dovolené: mŕtve body 15 sú nad limitom 10 (domáce pravidlá). "
                                  "Naozaj hráč Ben zaklopal s počtom 15?")):
        web = phone(plain_folder(tmp_path / lang), "ann-v-ben")
        answer = send(web, "ann-v-ben", "line", {"line": "ben 15 23", "by": "Ann"},
                      headers={"accept-language": lang})
        assert question in pseudosweep.page_text(answer.text).splitlines()
