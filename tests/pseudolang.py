"""The pseudo-language ``xx`` (#38 item 6, docs/languages.md#the-pseudo-language-test): made at test time from
the template gin_ref/locale/gin_ref.pot, never shipped, never written into gin_ref/locale.

Each ASCII letter of a message becomes an accented look-alike (``a`` -> ``á``, ``S`` -> ``Š``), so a word
said through the catalogue has no two ASCII letters in a row, and one said past it keeps them all. What a
translator keeps is kept exactly: placeholders (``%(name)s``, ``%d``, ``%%``, click's ``{name}`` and
``{name!r}``), options (``--match``, ``-h``) and the command's name (``gin-ref``). Each message is lengthened
by 30% with ``·`` in a pair of ``⟦ ⟧`` (a longer language: Slovak and Filipino run longer than English), so a
layout that only fits English shows it. Plural messages get two forms (``nplurals=2``), each made so.

``install(directory)`` compiles ``directory/xx/LC_MESSAGES/gin_ref.mo`` with Babel; ``use(monkeypatch,
directory)`` points gin-ref at that directory for one test, in this process (the seam: see ``use``).
"""

import re
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LANG = "xx"
TEMPLATE = Path(__file__).resolve().parent.parent / "gin_ref" / "locale" / "gin_ref.pot"

_LOOK_ALIKES = dict(zip(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçđëƒĝĥîĵķĺɱñöþʠŕšŧüʋŵẋýžÁƁÇĐËƑĜĤÎĴĶĹṀÑÖÞǪŔŠŦÜṼŴẊÝŽ"))
assert all(not ("a" <= ch.lower() <= "z") for ch in _LOOK_ALIKES.values()), "a look-alike is ASCII"
TABLE = str.maketrans(_LOOK_ALIKES)

# What is kept as written: printf and click (str.format) placeholders, options, the command's name.
KEPT = re.compile(r"%(?:\(\w+\))?[-#0 +]*\d*(?:\.\d+)?[sdifrxXeEgGc%]|\{[^{}]*\}|(?<![\w-])--?[A-Za-z][\w-]*"
                  r"|gin-ref")


def pseudo(message: str) -> str:
    """``message`` in ``xx``: letters accented outside what is kept, 30% longer (at least one mark)."""
    out, at = [], 0
    for found in KEPT.finditer(message):
        out.append(message[at:found.start()].translate(TABLE))
        out.append(found.group(0))
        at = found.end()
    out.append(message[at:].translate(TABLE))
    said = "".join(out)
    if not message.strip():
        return said
    pad = max(1, round(len(message) * 0.3) - 2)
    return "⟦" + said + "·" * pad + "⟧"


def catalogue(leave_out=()) -> Catalog:
    """The template's every message in ``xx`` (plural messages: both forms), but those whose id (a plural's:
    its singular) is in ``leave_out`` (a test that the sweep finds a message missing from the catalogue)."""
    with open(TEMPLATE, "rb") as stream:
        template = read_po(stream)
    made = Catalog(domain="gin_ref", project="gin-ref", fuzzy=False)
    made.plural_forms  # (no locale: Babel's default, nplurals=2; plural=(n != 1))
    for message in template:
        if not message.id or (message.id[0] if isinstance(message.id, tuple) else message.id) in leave_out:
            continue
        if isinstance(message.id, tuple):
            string = tuple(pseudo(form) for form in message.id)
        else:
            string = pseudo(message.id)
        made.add(message.id, string, context=message.context)
    return made


def install(directory, leave_out=()) -> Path:
    """Compile ``xx`` into ``directory`` (a locale directory: ``xx/LC_MESSAGES/gin_ref.mo``); returns it."""
    folder = Path(directory) / LANG / "LC_MESSAGES"
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / "gin_ref.mo", "wb") as stream:
        write_mo(stream, catalogue(leave_out))
    return Path(directory)


def use(monkeypatch, directory) -> None:
    """gin-ref reads its catalogues from ``directory`` for this test, in this process, and forgets what it read
    before; the monkeypatch puts everything back after the test.

    The seam is a monkeypatch of ``LOCALE_DIR`` (gin_ref.desk.language's, and the copy gin_ref.cli.helptext
    binds click's default domain to) and of the language module's caches: no code in gin-ref reads a test's
    directory, so no user can trip over it (an environment variable would be read by every command). The
    shipped languages are copied beside ``xx`` so ``fil`` and ``sk`` still speak.
    """
    import gettext
    import shutil

    from gin_ref.cli import helptext
    from gin_ref.desk import language

    for lang in (path.name for path in Path(language.LOCALE_DIR).iterdir() if path.is_dir()):
        target = Path(directory) / lang / "LC_MESSAGES"
        if not target.exists():
            target.mkdir(parents=True)
            shutil.copy(Path(language.LOCALE_DIR) / lang / "LC_MESSAGES" / "gin_ref.mo", target / "gin_ref.mo")
    # the process's default domain, which helptext.speak_in_click binds to this directory: back as it was
    monkeypatch.setattr(gettext, "_localedirs", dict(gettext._localedirs))
    monkeypatch.setattr(gettext, "_current_domain", gettext._current_domain)
    monkeypatch.setattr(language, "LOCALE_DIR", str(directory))
    monkeypatch.setattr(helptext, "LOCALE_DIR", str(directory))
    monkeypatch.setattr(language, "_AVAILABLE", [])
    monkeypatch.setattr(language, "_TRANSLATIONS", {})
    monkeypatch.setattr(language, "_CURRENT", [None])
    monkeypatch.setattr(language, "_CHOSEN", [language.ENGLISH])
