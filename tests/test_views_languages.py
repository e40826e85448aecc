"""What the views say, in Filipino and Slovak (#38 items 1-2, the views' slice): the tally of each shipped
example, history, standings, settle, stats, the exports for people (Markdown, HTML), an event's standings,
``tally --what-if``, and what amend, undo and redo say, run with ``--lang sk`` and ``--lang fil``, say none
of the catalogue's sentences in English; English says what it always said (the goldens); the CSV and the
JSON stay English (the contract, #38 item 8).

"None of the catalogue's sentences in English": each message of gin_ref/locale/gin_ref.pot is cut at its
placeholders and no piece of two words or more may be found, as whole words, in the output (as
tests/test_languages_cli.py looks). What the lower layers still say in English inside a view's sentence
(a match layer's reason, core's arithmetic: other slices of #38) is listed in ``LOWER_LAYERS`` and removed
first: the list can only shrink.
"""

import re
import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from click.testing import CliRunner

from gin_ref.cli import main

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "gin_ref" / "locale" / "gin_ref.pot"
LANGUAGES = ["fil", "sk"]

# English said by the layers below the views inside a view's sentence (matchwords', corewords' slices of #38):
# an irregularity's reason (match/), a score's arithmetic (core/). Only shrinks.
LOWER_LAYERS = [
    r"knock not allowed: deadwood \d+ exceeds\s+limit \d+ \(upcard \S+\)",
    r"knock: [\d −=+]+ to the knocker",
]


def _pieces():
    with open(TEMPLATE, "rb") as stream:
        ids = [message.id for message in read_po(stream) if message.id]
    found = set()
    for message in ids:
        for text in (message if isinstance(message, tuple) else (message,)):
            for piece in re.split(r"%\(\w+\)[sdr]|\n", text):
                piece = piece.strip(" :;,.()'\"*")
                if len(re.findall(r"[A-Za-z]+", piece)) >= 2 and not piece.startswith(("gin-ref ", "--")):
                    found.add(piece)
    return sorted(found)


PIECES = _pieces()


def _english(text):
    for pattern in LOWER_LAYERS:
        text = re.sub(pattern, " ", text)
    text = re.sub(r"<style>.*?</style>", " ", text, flags=re.S)  # the HTML's stylesheet, not words
    text = re.sub(r"<[^>]*>", " ", text)  # the HTML's tags (its words are between them)
    return [piece for piece in PIECES if re.search(r"(?<!\w)" + re.escape(piece) + r"(?!\w)", text)]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """A copy of the shipped examples and the club night (amend writes)."""
    where = tmp_path_factory.mktemp("shipped")
    shutil.copytree(ROOT / "examples", where / "examples")
    shutil.copytree(ROOT / "events", where / "events")
    return where


def _run(folder, monkeypatch, *args):
    monkeypatch.chdir(folder)
    monkeypatch.delenv("GIN_REF_LANG", raising=False)
    monkeypatch.setenv("LANG", "C")
    result = CliRunner().invoke(main, list(args), prog_name="gin-ref")
    return result.exit_code, result.stdout + result.stderr


# The fast suite runs each once in one language (a couple of seconds in all); the slow suite, all of them
# in both.
RUNS = [
    ("tally", "--match", "examples/hollywood.yaml"),
    ("tally", "--match", "examples/oklahoma.yaml", "--what-if", "hollywood"),
    ("history", "examples"),
    ("settle", "examples"),
    ("export", "--format", "html", "examples"),
    ("event", "standings", "events/club-night"),
]
MORE = [
    ("tally", "--match", "examples/oklahoma.yaml"),
    ("tally", "--match", "examples/three-player.yaml"),
    ("tally", "--match", "examples/spades.yaml"),
    ("standings", "examples"),
    ("stats", "examples"),
    ("stats", "examples", "--player", "Ann"),
    ("export", "--format", "markdown", "examples"),
    ("verify", "examples/oklahoma.yaml"),
]
CASES = [pytest.param(lang, args, id=f"{' '.join(args[:4])}-{lang}",
                      marks=() if (lang == "sk") == (i % 2 == 0) and args in RUNS else pytest.mark.slow)
         for i, args in enumerate(RUNS + MORE) for lang in LANGUAGES]


@pytest.mark.parametrize("lang, args", CASES)
def test_the_views_say_no_sentence_of_the_catalogue_in_english(folder, monkeypatch, lang, args):
    code, english = _run(folder, monkeypatch, *args)
    said_code, said = _run(folder, monkeypatch, "--lang", lang, *args)
    assert said_code == code == 0, said
    assert _english(said) == [], said
    assert said != english


@pytest.mark.parametrize("lang", ["sk", pytest.param("fil", marks=pytest.mark.slow)])
def test_amend_undo_and_redo_say_their_words_in_the_language(folder, monkeypatch, lang):
    shutil.copy(folder / "examples" / "oklahoma.yaml", folder / f"amend-{lang}.yaml")
    path = f"amend-{lang}.yaml"
    for args in (("amend", "--match", path, "6", "Ben", "2", "--defender", "30"), ("undo", "--match", path),
                 ("redo", "--match", path)):
        code, said = _run(folder, monkeypatch, "--lang", lang, *args)
        assert code == 0, said
        assert _english(said) == [], said


def test_the_html_export_names_its_language_and_the_csv_and_json_stay_english(folder, monkeypatch):
    _code, page = _run(folder, monkeypatch, "--lang", "sk", "export", "--format", "html", "examples")
    assert '<html lang="sk">' in page and "<h2>Poradie</h2>" in page and "<h3>Poznámky</h3>" in page
    assert "<h1>hárky výsledkov gin-ref</h1>" in page and ">cieľ 100<" in page
    for form in ("csv", "json"):
        _code, english = _run(folder, monkeypatch, "export", "--format", form, "examples")
        _code, said = _run(folder, monkeypatch, "--lang", "sk", "export", "--format", form, "examples")
        assert said == english
    _code, english = _run(folder, monkeypatch, "tally", "--match", "examples/oklahoma.yaml", "--what-if",
                          "hollywood", "--json")
    _code, said = _run(folder, monkeypatch, "--lang", "fil", "tally", "--match", "examples/oklahoma.yaml",
                       "--what-if", "hollywood", "--json")
    assert said == english and "gin bonus 20, not 25" in said


def test_the_next_dealer_line_is_said_whole_in_the_language(folder, monkeypatch):
    """The tally's "next: Ben deals hand 2 (the winner of hand 1 deals)" line, core's reason in it too."""
    path = folder / "next.yaml"
    _run(folder, monkeypatch, "new", "--match", str(path), "Ann", "Ben", "--dealer", "Ann", "--date", "2024-05-01")
    _run(folder, monkeypatch, "knock", "--match", str(path), "--upcard", "7D", "Ben", "5", "--defender", "23")
    _code, english = _run(folder, monkeypatch, "tally", "--match", str(path))
    assert "next: Ben deals hand 2 (the winner of hand 1 deals)" in english
    _code, said = _run(folder, monkeypatch, "--lang", "sk", "tally", "--match", str(path))
    assert "ďalej: kolo 2 rozdáva Ben (rozdáva víťaz kola 1)" in said


def test_verify_json_keeps_its_words_english_in_every_language(folder, monkeypatch):
    """A broken seal's ``message`` in ``verify --json`` is the contract's English under ``--lang`` too (the
    views' seal words are said in the language elsewhere)."""
    path = folder / "sealed.yaml"
    text = (folder / "examples" / "oklahoma.yaml").read_text(encoding="utf-8")
    path.write_text(text.replace("seal: 496a1321d4cb6728", "seal: 496a1321d4cb6729", 1), encoding="utf-8")
    _code, english = _run(folder, monkeypatch, "verify", "--json", str(path))
    _code, said = _run(folder, monkeypatch, "--lang", "sk", "verify", "--json", str(path))
    assert said == english and "hand 1 changed outside gin-ref: its facts no longer match its seal" in said


def test_every_letter_the_catalogues_write_is_measured_without_wcwidth():
    """A command under fil or sk measures its own words' width without importing wcwidth (a tenth of a
    command's start, gin_ref.views.cells): every character the translations write beyond ASCII is one of
    ``NARROW`` (one cell each: tests/test_startup.py holds them to wcwidth)."""
    from gin_ref.views.cells import NARROW

    written = set()
    for lang in LANGUAGES:
        with open(ROOT / "gin_ref" / "locale" / lang / "LC_MESSAGES" / "gin_ref.po", "rb") as stream:
            for message in read_po(stream):
                for text in (message.string if isinstance(message.string, tuple) else (message.string,)):
                    written.update(char for char in text or "" if not char.isascii())
    assert sorted(written - set(NARROW)) == []


def test_the_bonus_words_say_in_english_what_core_writes():
    """views.standing.bonus_words says each bonus of a final sum as gin_ref.core.game.bonus_arithmetic writes it
    (English byte for byte), for every kind, with and without the boxes, under every shutout."""
    from gin_ref.core.game import bonus_arithmetic
    from gin_ref.core.rules import HouseRules
    from gin_ref.views.standing import bonus_words

    for shutout in ("double_game_bonus", "double_total", "flat", "none"):
        rules = HouseRules(shutout=shutout)
        for bonus in ("box_bonus", "game_bonus", "shutout", "line_bonus", "knock_bonus"):
            for boxes in (None, {"Ann": 3}):
                if not (bonus == "shutout" and shutout == "none" and boxes):
                    assert bonus_words(rules, "Ann", bonus, 60, boxes) == bonus_arithmetic(rules, "Ann", bonus, 60, boxes)


def test_a_broken_seal_is_said_in_the_language_by_every_report(folder, monkeypatch):
    """A failed seal's warning (tally, verify, standings from the summary cache) and the ``--strict``
    refusal are said in the reader's language from the seal's facts (they said the English sentence)."""
    path = folder / "sealed.yaml"
    text = (folder / "examples" / "oklahoma.yaml").read_text(encoding="utf-8")
    path.write_text(text.replace("seal: 496a1321d4cb6728", "seal: 496a1321d4cb6729", 1), encoding="utf-8")
    monkeypatch.setenv("GIN_REF_CACHE", str(folder / "cache.json"))
    warning = "sealed.yaml:31: upozornenie: kolo 1 bolo zmenené mimo gin-ref: jeho údaje už nezodpovedajú pečati"
    for args in (("tally", "--match", "sealed.yaml"), ("verify", "sealed.yaml"), ("standings", "sealed.yaml"),
                 ("standings", "sealed.yaml")):  # the second standings from the summary kept
        _code, said = _run(folder, monkeypatch, "--lang", "sk", *args)
        assert warning in said, args
    code, said = _run(folder, monkeypatch, "--lang", "sk", "tally", "--strict", "--match", "sealed.yaml")
    assert (code, said) == (1, "Error: sealed.yaml:31: kolo 1 bolo zmenené mimo gin-ref: jeho údaje už nezodpovedajú "
                               "pečati (--strict odmietne záznam, ktorého pečať nesedí)\n")
