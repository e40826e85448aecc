"""Exports as a registry: one ``Format`` per way out (its name, file suffix, whether it is text or bytes,
the options it takes, its renderer), and ``export``, which reads the matches, checks where it may write,
and renders (or writes) them.

The command line's ``export --format`` offers what ``FORMATS`` holds, and a page can list it; a new format
is one more entry here.
"""

from __future__ import annotations

import os
import re
from typing import Any, Callable, Dict, Iterator, List, Mapping, NamedTuple, Optional, Sequence, Tuple, Union

from gin_ref.core.errors import RecordError
from gin_ref.core.escape import shown_path
from gin_ref.desk.club import event_of
from gin_ref.desk.errors import N_, DeskError, Kind, refuse, refused
from gin_ref.desk.reading import NO_METER, Metering, read_items, require_all
from gin_ref.desk.seals import views_warnings
from gin_ref.files.filewrite import write_atomic
from gin_ref.files.matchfind import candidates
from gin_ref.match.schema import FORMAT
from gin_ref.views.export import csv_text, json_chunks, json_text
from gin_ref.views.export_html import DEFAULT_TITLE, PAPERS, html_text
from gin_ref.views.export_text import markdown_text
from gin_ref.views.history import MatchView

Output = Union[str, bytes]
Renderer = Callable[[Sequence[MatchView], Mapping[str, Any]], Output]


class Option(NamedTuple):
    """An option a format takes: its name, default, the values it may take (empty: any text), and help."""

    name: str
    default: str
    choices: Tuple[str, ...]
    help: str


class Format(NamedTuple):
    """One way out: ``name``, file ``suffix``, ``binary`` (bytes, not text), its ``options``, ``help``,
    the ``render`` function (views, options -> text or bytes), ``chunks`` for a text streamed as made
    (None: rendered whole), and the ``media`` type of its file (a download's Content-Type)."""

    name: str
    suffix: str
    binary: bool
    options: Tuple[Option, ...]
    help: str
    render: Renderer
    chunks: Optional[Callable[[Sequence[MatchView]], Iterator[str]]] = None
    media: str = "application/octet-stream"


def _html(views: Sequence[MatchView], options: Mapping[str, Any]) -> str:
    return html_text(views, title=options.get("title", DEFAULT_TITLE), paper=options.get("paper", "a4"),
                     event=options.get("event"))


FORMATS: Dict[str, Format] = {entry.name: entry for entry in (
    Format("csv", ".csv", False, (), N_("one row per hand"), lambda views, options: csv_text(views),
           media="text/csv; charset=utf-8"),
    Format("json", ".json", False, (), N_("everything in the records"), lambda views, options: json_text(views),
           json_chunks, media="application/json"),
    Format("markdown", ".md", False, (), N_("the tally tables"), lambda views, options: markdown_text(views),
           media="text/markdown; charset=utf-8"),
    Format("html", ".html", False, (
        Option("title", DEFAULT_TITLE, (), "the page's title, printed at its top"),
        Option("paper", "a4", tuple(sorted(PAPERS)), "the paper size the page prints on")),
        N_("one page to print or post, with a chart"), _html, media="text/html; charset=utf-8"),
)}


def format_of(name: str) -> Format:
    """The format named ``name`` (refused when the registry holds none)."""
    try:
        return FORMATS[name]
    except KeyError:
        raise refuse(Kind.NOTATION, N_("unknown export format '%(format)s' (expected %(expected)s)"), format=name,
                     expected=", ".join(FORMATS)) from None


# -- where an export may write -------------------------------------------------------------------------------

_FAMILY = re.escape(FORMAT.split("/")[0] + "/")
# A match record's top says so: a top-level YAML key (at the start of a line), or a JSON object's first key.
_MATCH_FORMAT = re.compile(rf"""^["']?format["']?[ \t]*:[ \t]*["']?{_FAMILY}"""
                           rf"""|\A(?:\s|#[^\n]*|---)*\{{\s*["']?format["']?\s*:\s*["']?{_FAMILY}""", re.MULTILINE)
_LOOK_AT = 64 * 1024  # bytes read from the top of an existing output file to see if it is a match record


def may_write(output: str, force: bool, inputs: Sequence[str]) -> None:
    """Refuse an output file that is a match record (one being exported, or any file whose top says it is a
    gin-ref match, even a damaged one), or an existing file unless ``force``."""
    real = os.path.realpath(output)
    shown = shown_path(output)
    if not os.path.exists(real):
        return
    is_match = real in {os.path.realpath(file) for file in inputs}
    if not is_match and os.path.isfile(real):
        try:
            with open(real, "rb") as handle:
                top = handle.read(_LOOK_AT).decode("utf-8", "replace")
        except OSError:
            top = ""
        is_match = _MATCH_FORMAT.search(top) is not None
    if is_match:
        raise refuse(Kind.RECORD, N_("%(path)s is a match record: export never writes over one (give another "
                                     "%(option)s FILE)"), path=shown, option="output")
    if not force:  # (the parameters, as the command line says them: the fields *option)
        raise refuse(Kind.RECORD, N_("%(path)s already exists: give %(force_option)s to replace it, or another "
                                     "%(option)s FILE"), path=shown, force_option="force", option="output")


# -- export --------------------------------------------------------------------------------------------------

class Exported(NamedTuple):
    """An export: the format, the warnings (failed seals), and the text (``chunks`` pieces, to print as they
    come), or the file it was written to (``output``)."""

    format: Format
    warnings: List[str]
    chunks: Iterator[Output]
    output: Optional[str]


def export(paths: Sequence[str], fmt: str = "csv", output: Optional[str] = None, force: bool = False,
           strict: bool = False, meter: Metering = NO_METER, **options: Any) -> Exported:
    """Export the matches in ``paths`` (each must read) in the format ``fmt``: written to ``output`` (never
    over a match record; an existing file only with ``force``), or given back as ``chunks``. ``options``: the
    format's own (html: ``title``, ``paper``). An event's folder comes in round and table order."""
    entry = format_of(fmt)
    found = candidates(list(paths))
    if output is not None:
        may_write(output, force, [file for file, _ in found])
    matches = read_items(found, meter=meter)
    require_all(matches, paths)
    warnings = views_warnings(matches.views, strict)
    views = matches.views
    if entry.chunks is not None and output is None:  # streamed: the text is written as it is encoded
        return Exported(entry, warnings, entry.chunks(views), None)
    settings = {option.name: options.get(option.name, option.default) for option in entry.options}
    if entry.name == "html":
        event = event_of(paths)
        if event is not None:  # an event's folder: its matches in round and table order, as the event pairs them
            order = [os.path.basename(t.file) for rnd in event.pairings for t in rnd.tables]
            views = sorted(views, key=lambda view: (order.index(os.path.basename(view.file))
                                                    if os.path.basename(view.file) in order else len(order)))
        settings["event"] = event
    data = entry.render(views, settings)
    if output is None:
        return Exported(entry, warnings, iter([data]), None)
    try:
        write_atomic(output, data)
    except DeskError:
        raise
    except RecordError as exc:
        raise refused(exc) from exc
    return Exported(entry, warnings, iter(()), output)
