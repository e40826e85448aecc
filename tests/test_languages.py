"""gin-ref in Filipino and Slovak (#38, docs/languages.md): the catalogues as committed, their plural forms,
how the language is chosen, and the command line saying a refusal and its help in the language chosen."""

import re
import gettext
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from gin_ref.cli import main
from gin_ref.desk import language
from gin_ref.desk.errors import OVER_LIMIT, WORDS, DeskError, Kind, Refusal, said
from gin_ref.core.errors import InvalidNotationError

LOCALE = Path(language.LOCALE_DIR)
LANGUAGES = ["fil", "sk"]
COUNTS = [0, 1, 2, 4, 5, 11, 21, 24]


def _po(lang):
    with open(LOCALE / lang / "LC_MESSAGES" / "gin_ref.po", "rb") as stream:
        return read_po(stream)


def _messages(mo_bytes):
    catalog = gettext.GNUTranslations(io.BytesIO(mo_bytes))._catalog
    return {key: value for key, value in catalog.items() if key != ""}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_committed_mo_is_the_po_compiled(lang):
    compiled = io.BytesIO()
    write_mo(compiled, _po(lang))
    committed = (LOCALE / lang / "LC_MESSAGES" / "gin_ref.mo").read_bytes()
    assert _messages(compiled.getvalue()) == _messages(committed), f"recompile {lang}: docs/languages.md"


GLOSSARY = Path(__file__).resolve().parent.parent / "docs" / "languages.md"
LANGUAGE_NAMES = {"fil": "Filipino", "sk": "Slovak"}


def _terms(cell):
    """The terms a glossary cell names: ``knock (verb: mag-knock); knocking`` -> {"knock", "knocking"}."""
    plain, depth = "", 0
    for char in cell:
        depth += char == "("
        plain += char if depth == 0 else ""
        depth -= char == ")" and depth > 0
    return {term.strip().strip('"\'`').lower() for term in plain.replace(";", ",").split(",") if term.strip()}


def kept_by_glossary(lang):
    """The English words docs/languages.md's glossary of ``lang`` keeps as they are (a term said the same in
    both columns: "knock", "gin", "dealer" in Filipino): a message that is one of them may stay English."""
    text = GLOSSARY.read_text(encoding="utf-8")
    section = text.split(f"### {LANGUAGE_NAMES[lang]} (`{lang}`)", 1)[1].split("\n### ", 1)[0]
    kept = set()
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) >= 2 and cells[0] not in ("term", "---"):
            kept |= _terms(cells[0]) & _terms(cells[1])
    return kept


def test_the_glossary_keeps_the_seeds_english_terms():
    assert {"knock", "gin", "dealer"} <= kept_by_glossary("fil")
    assert "knock" not in kept_by_glossary("sk") and "gin" in kept_by_glossary("sk")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalogue_is_complete_and_checks(lang):
    """Every message of the template translated, none fuzzy, none left as its English source unless the
    language's glossary (docs/languages.md) keeps that term as it is, and Babel's checker (placeholders,
    plural forms) finds nothing."""
    kept = kept_by_glossary(lang)
    with open(LOCALE / "gin_ref.pot", "rb") as stream:
        template = {message.id for message in read_po(stream) if message.id}
    catalog = _po(lang)
    assert {message.id for message in catalog if message.id} == template
    for message in catalog:
        if not message.id:
            continue
        assert not message.fuzzy, message.id
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        same = {text for text in set(strings) & set(ids) if _has_words(text)}  # (only fields: nothing to say)
        assert all(strings) and all(text.strip().lower() in kept for text in same), message.id
    assert list(catalog.check()) == []


def test_template_holds_every_message_of_the_sources():
    """The .pot is the sources' (pybabel extract, babel.cfg): the refusals' words and the help are in it."""
    with open(LOCALE / "gin_ref.pot", "rb") as stream:
        template = {message.id for message in read_po(stream) if message.id}
    assert set(WORDS.values()) <= template and tuple(OVER_LIMIT) in template


def test_plural_forms_are_cldrs():
    assert _po("sk").num_plurals == 3 and _po("fil").num_plurals == 2


SLOVAK_FORMS = {1: "bod v ruke je", 2: "body v ruke sú", 4: "body v ruke sú"}  # every other count: bodov


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("count", COUNTS)
def test_each_plural_message_for_each_count(lang, count):
    language.settle(lang)
    refusal = Refusal(Kind.COUNT_OVER_LIMIT, "english", (("reason", "r"), ("player", "Žofia"), ("count", count)))
    text = said(refusal)
    assert "%(" not in text and "Žofia" in text and f" {count} " in text
    if lang == "sk":
        assert text.startswith("Hráč Žofia klope") and SLOVAK_FORMS.get(count, "bodov v ruke je") in text
    else:
        assert text.startswith("Nag-knock si Žofia") and f"{count} puntos" in text


def _plural_messages():
    with open(LOCALE / "gin_ref.pot", "rb") as stream:
        return [message.id for message in read_po(stream) if isinstance(message.id, tuple)]


def _sample(message):
    """Values for every placeholder of a message (``count`` aside): the name itself in capitals, 3 for a
    ``%(name)d``; click's messages name theirs ``{name}``."""
    import re

    values = {name: 3 if kind == "d" else name.upper()
              for name, kind in re.findall(r"%\((\w+)\)([sd])", message) if name != "count"}
    values.update({name: name.upper() for name in re.findall(r"\{(\w+)[^}]*\}", message) if name != "count"})
    return values


def _filled(text, values):
    return text % values if "%(" in text else text.format(**values)


# CLDR's plural forms (whole numbers): sk one (1), few (2-4), other; fil one unless the last digit is 4, 6 or 9
CLDR_FORM = {"sk": lambda n: 0 if n == 1 else 1 if 2 <= n <= 4 else 2, "fil": lambda n: 1 if n % 10 in (4, 6, 9) else 0}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("count", COUNTS)
def test_every_plural_message_of_the_template_for_each_count(lang, count):
    """Each ngettext message of the .pot (read from it, not listed here: gin-ref's and click's) is said in
    the form CLDR gives the count (``CLDR_FORM``), every placeholder filled, the
    count in it where the message says it."""
    plurals = _plural_messages()
    assert len(plurals) >= 8
    translation = language.translation_for(lang)
    forms = {message.id: message.string for message in _po(lang) if isinstance(message.id, tuple)}
    for singular, plural in plurals:
        values = dict(_sample(" ".join((singular, plural) + tuple(forms[(singular, plural)]))), count=count)
        text = _filled(translation.ngettext(singular, plural, count), values)
        assert "%(" not in text and "{" not in text, (lang, singular, text)
        if "%(count)" in plural or "{count}" in plural:
            assert str(count) in text, (lang, singular, text)
        assert text == _filled(forms[(singular, plural)][CLDR_FORM[lang](count)], values)
        assert text != _filled(singular if count == 1 else plural, values), (lang, singular)


@pytest.mark.parametrize("environ, chosen", [
    ({}, "en"),
    ({"LANG": "C"}, "en"),
    ({"LANG": "sk_SK.UTF-8"}, "sk"),
    ({"LANG": "fil_PH.UTF-8"}, "fil"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LC_MESSAGES": "sk_SK.UTF-8", "LANG": "fil_PH"}, "sk"),
    ({"LC_ALL": "fil_PH", "LC_MESSAGES": "sk_SK"}, "fil"),
    ({"LANGUAGE": "de:sk", "LC_ALL": "fil_PH"}, "sk"),
    ({"LANGUAGE": "en_GB:sk"}, "en"),
    ({"GIN_REF_LANG": "fil", "LANGUAGE": "sk"}, "fil"),
    ({"GIN_REF_LANG": "de", "LANG": "sk_SK.UTF-8"}, "sk"),
])
def test_the_environment_chooses_as_gettext_reads_it(environ, chosen):
    assert language.choose(None, environ) == chosen


def test_lang_comes_before_the_environment():
    assert language.choose("sk", {"GIN_REF_LANG": "fil"}) == "sk"
    with pytest.raises(language.UnknownLanguage):
        language.choose("de", {})
    assert language.lang_option(["--lang", "sk", "tally"]) == "sk"
    assert language.lang_option(["--lang=fil", "tally"]) == "fil"
    assert language.lang_option(["tally", "--lang", "sk"]) is None  # a command's own options are its own


def test_english_is_the_layers_own_words():
    exc = InvalidNotationError("unknown card 'ZZ'")
    assert said(exc) == "unknown card 'ZZ'"
    assert said(DeskError(Refusal(Kind.BUSY, "m.yaml is being written"))) == "m.yaml is being written"


def test_lang_sk_says_a_refusal_in_slovak(runner_in_tmp):
    result = runner_in_tmp(["--lang", "sk", "check", "--upcard", "ZZ", "AS"])
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: neznáma karta 'ZZ' (napíšte hodnotu A 2-10 J Q K")  # the core's own words


def test_lang_sk_help_is_slovak_and_english_is_unchanged(runner_in_tmp):
    slovak = runner_in_tmp(["--lang", "sk", "--help"])
    assert slovak.exit_code == 0 and "rozhodca a zapisovateľ bodov" in slovak.output
    assert "Jazyk výstupu" in slovak.output
    english = runner_in_tmp(["--help"])
    assert "gin-ref: referee and scorer for Gin Rummy at a real table." in english.output
    assert "Exit codes: 0 done" in english.output and "rozhodca" not in english.output


def test_an_unknown_lang_is_one_error_line(runner_in_tmp):
    result = runner_in_tmp(["--lang", "xx", "tally"])
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: invalid value for '--lang': no language 'xx' (gin-ref speaks en, fil, sk)")
    assert len(result.stderr.splitlines()) == 1


def test_installed_command_speaks_slovak_from_the_environment():
    """The command as installed: LANG=sk_SK.UTF-8 (no --lang) from /, the catalogue found by the package."""
    env = dict(os.environ, LANG="sk_SK.UTF-8")
    env.pop("GIN_REF_LANG", None)
    result = subprocess.run([sys.executable, "-m", "gin_ref", "--help"], cwd="/", env=env, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0 and "rozhodca a zapisovateľ bodov" in result.stdout


@pytest.fixture
def runner_in_tmp(tmp_path, monkeypatch):
    from click.testing import CliRunner

    monkeypatch.chdir(tmp_path)

    def run(args):
        return CliRunner().invoke(main, args, prog_name="gin-ref")
    return run


def test_a_kept_refusal_says_its_hand_in_the_language(runner_in_tmp):
    assert runner_in_tmp(["new", "Ann", "Ben", "--dealer", "Ann"]).exit_code == 0
    assert runner_in_tmp(["deal", "--upcard", "9H"]).exit_code == 0
    result = runner_in_tmp(["--lang", "sk", "draw", "Ann"])
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: zapísané ako nepravidelnosť (kolo 1): mimo poradia: na rade je Ben")
    english = runner_in_tmp(["undo"]), runner_in_tmp(["draw", "Ann"])
    assert english[1].stderr.startswith("Error: out of turn: it is Ben's turn")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_catalogue_read_on_demand_answers_as_gettext_does(lang):
    """gin_ref.desk.mofile reads a message where it is asked for: for every key of the standard library's
    reading of the committed .mo (so every original is found by its binary search: they are sorted), the
    same answer; a message it lacks is missing in both; the same plural rule."""
    from gin_ref.desk.mofile import Catalogue

    data = (LOCALE / lang / "LC_MESSAGES" / "gin_ref.mo").read_bytes()
    full, lazy = gettext.GNUTranslations(io.BytesIO(data)), Catalogue(io.BytesIO(data))
    for key, value in full._catalog.items():
        if key != "":
            assert lazy._catalog[key] == value, key
    assert "no such message, surely" not in lazy._catalog
    assert lazy.gettext("no such message, surely") == "no such message, surely"
    assert lazy.info() == full.info() and lazy.charset() == full.charset()
    assert [lazy.plural(n) for n in range(200)] == [full.plural(n) for n in range(200)]
    singular, plural = next(key[0] for key in full._catalog if isinstance(key, tuple)), "x"
    assert all(lazy.ngettext(singular, plural, n) == full.ngettext(singular, plural, n) for n in COUNTS)


def test_clicks_words_read_the_same_catalogue_on_demand():
    """click reads gin-ref's catalogue through the standard library's domain (gettext.translation with its
    own class): it is given the very catalogue gin-ref reads on demand, never a second, whole reading."""
    from gin_ref.desk.mofile import Catalogue

    try:
        language.settle("sk")
        found = gettext.translation(language.DOMAIN, language.LOCALE_DIR, ["sk"])
        assert isinstance(found, Catalogue)
        assert found.gettext("Show this message and exit.") != "Show this message and exit."
    finally:
        language.settle("en")


def _mo(pairs):
    """A compiled catalogue holding ``pairs`` (original, translation) in the order given (UTF-8)."""
    import struct

    header = ("", "Content-Type: text/plain; charset=UTF-8\n")
    entries = [(o.encode(), t.encode()) for o, t in [header] + list(pairs)]
    count, start = len(entries), 28
    originals, translations = start, start + 8 * len(entries)
    offset, blobs, table_o, table_t = translations + 8 * len(entries), b"", b"", b""
    for original, _translation in entries:
        table_o += struct.pack("<2I", len(original), offset + len(blobs))
        blobs += original + b"\0"
    for _original, translation in entries:
        table_t += struct.pack("<2I", len(translation), offset + len(blobs))
        blobs += translation + b"\0"
    return struct.pack("<7I", 0x950412de, 0, count, originals, translations, 0, 0) + table_o + table_t + blobs


def test_the_catalogue_read_on_demand_reads_an_unsorted_file_whole_and_never_fails_on_a_charset():
    """A file whose originals are not in byte order (a hand-made one, contexts) is read whole at the first
    miss, as the standard library reads it; a message the charset cannot say is simply not in it."""
    from gin_ref.desk.mofile import Catalogue

    data = _mo([("zebra", "zebra!"), ("apple", "apple!"), ("mango", "mango!")])
    lazy, full = Catalogue(io.BytesIO(data)), gettext.GNUTranslations(io.BytesIO(data))
    for word in ("apple", "mango", "zebra", "kiwi"):
        assert lazy.gettext(word) == full.gettext(word)
    ordered = Catalogue(io.BytesIO(_mo([("apple", "apple!"), ("mango", "mango!")])))
    assert ordered.gettext("mango") == "mango!" and ordered.gettext("x\udcff") == "x\udcff"


def _has_words(text):
    """Does a message hold a word besides its fields (``%(what)s '%(token)s'`` holds none)?"""
    return any(char.isalpha() for char in re.sub(r"%\(\w+\)[sd]", "", text))
