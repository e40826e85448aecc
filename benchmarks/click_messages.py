"""click's own messages for gin-ref's catalogue: ``python benchmarks/click_messages.py [--check] [CLICK ...]``

click says its help's headings (``Usage:``, ``Options:``) and its usage errors (``No such option``,
``Missing argument``) through the standard library's gettext, in the process's default domain, which the
command line makes gin-ref's (``gin_ref.cli.helptext.speak_in_click``, issue #38). Babel's extraction reads
gin-ref's sources only, so this script extracts click's messages (Babel's Python extraction with click's
keywords, ``_`` and ``ngettext``) from the installed click and from each CLICK given (a wheel, or a folder
holding click's sources: the other versions the suite runs on, setup.py), and writes the union into
``gin_ref/cli/click_words.py``: one ``N_`` or ``Nn_`` a message, with the versions that say it, so that
``pybabel extract`` (babel.cfg, /work/wt/catalogue.py) takes them into the template like gin-ref's own and
they are translated in every language. ``--check`` writes nothing and exits 1 when a message of the installed
click is not in that file (after an upgrade of click: run the script, then translate what is new).

It lives in benchmarks/ with the repository's other scripts that read the code (count_imports.py,
count_sentences.py): a developer's tool, run from a checkout with the test extra (Babel); nothing here is
installed with gin-ref.

Left out (``LEFT_OUT``): the messages click never says in gin-ref because gin-ref says them itself.
"""

import argparse
import io
import os
import sys
import zipfile
from importlib.metadata import version
from pathlib import Path

from babel.messages.extract import extract_python

HERE = Path(__file__).resolve().parent
TARGET = HERE.parent / "gin_ref" / "cli" / "click_words.py"
KEYWORDS = {"_": None, "ngettext": (1, 2)}
# gin-ref writes every error line itself, "Error: " and the message (gin_ref.cli.errors.fail); click's own
# "Error: {message}" is only said by a ClickException's show(), which gin-ref's group never lets through.
LEFT_OUT = {"Error: {message}"}


def _messages_of(files):
    """The messages (a str, or a (singular, plural) pair) of click's sources: (name, bytes) pairs."""
    found = []
    for name, data in files:
        for _line, _function, message, _comments in extract_python(io.BytesIO(data), KEYWORDS, [], {}):
            if isinstance(message, tuple):
                message = tuple(part for part in message if part is not None)
                message = message[0] if len(message) == 1 else message
            if message and message not in found and message not in LEFT_OUT:
                found.append(message)
    return found


def _sources(where):
    """click's Python sources in a wheel or a folder: (name, bytes) pairs, in name order."""
    if zipfile.is_zipfile(where):
        with zipfile.ZipFile(where) as wheel:
            names = sorted(name for name in wheel.namelist() if name.startswith("click/") and name.endswith(".py"))
            return [(name, wheel.read(name)) for name in names]
    folder = Path(where)
    return [(str(path), path.read_bytes()) for path in sorted(folder.rglob("*.py"))]


def _version_of(where):
    name = Path(where).name
    return name.split("-")[1] if name.startswith("click-") and "-" in name else name


def collect(extra):
    """{message: [versions]} over the installed click and each of ``extra``, in the order first met."""
    import click

    versions = {version("click"): _sources(os.path.dirname(click.__file__))}
    for where in extra:
        versions[_version_of(where)] = _sources(where)
    said = {}
    for name, files in versions.items():
        for message in _messages_of(files):
            said.setdefault(message, []).append(name)
    return said


def _made(message):
    """The marker of one message as click_words.py writes it."""
    return f"Nn_({message[0]!r}, {message[1]!r})" if isinstance(message, tuple) else f"N_({message!r})"


def render(said):
    lines = ['"""click\'s own messages (its help\'s headings, its usage errors) for gin-ref\'s catalogue: click says them',
             "through the standard library's gettext in gin-ref's domain (gin_ref.cli.helptext.speak_in_click).",
             f"Written by benchmarks/click_messages.py from click {', '.join(sorted({v for vs in said.values() for v in vs}))};",
             'do not edit it. Never imported by a command: Babel reads it (babel.cfg), and tests check it."""',
             "", "from gin_ref.desk.errors import N_, Nn_", "", "MESSAGES = ("]
    for message, versions in said.items():
        line = f"    {_made(message)},  # click {' '.join(sorted(versions))}"
        lines += [line] if len(line) <= 120 else [f"    # click {' '.join(sorted(versions))}", f"    {_made(message)},"]
    lines.append(")")
    return "\n".join(lines) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("clicks", nargs="*", metavar="CLICK", help="a click wheel or source folder besides the installed one")
    parser.add_argument("--check", action="store_true", help="exit 1 if the installed click says a message the file lacks")
    args = parser.parse_args(argv)
    said = collect(args.clicks)
    if args.check:
        text = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        missing = [message for message in said if _made(message) not in text]
        for message in missing:
            print(f"missing: {message!r}")
        print(f"{len(said)} messages of click {version('click')}; {len(missing)} missing from {TARGET.name}")
        return 1 if missing else 0
    TARGET.write_text(render(said), encoding="utf-8")
    print(f"{len(said)} messages of click {', '.join(sorted({v for vs in said.values() for v in vs}))} -> {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
