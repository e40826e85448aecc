"""The score sheet, ``/board/sheet`` (#35 item 4): the page ``gin-ref export --format html`` makes of the
folder (an event's opens with the event's standings, #39), byte for byte but for serve's language switch and
``<html lang>`` (#38), made in this process, in a worker thread, once per change of the folder (and language).

``Sheet.answer`` gives the last sheet made while the folder's files are as they were then (their size, time
and inode: ``gin_ref.serve.events.folder_stamps``); after a change the first request makes it again and
every request meanwhile waits for that one making (never a second at once, never a process of its own).
The files are read as ``export`` reads them (``gin_ref.files.matchread.read_record``) and the page is the
html entry's of the desk's export registry (``gin_ref.desk.exports``); a damaged file is said in ``export``'s words (409).
"""

import asyncio
import os
from typing import Any, Callable, Dict, List, Optional, Tuple

from starlette.concurrency import run_in_threadpool

from gin_ref.core.errors import GinRefError, RecordError
from gin_ref.core.escape import one_line, shown_path
from gin_ref.desk.errors import N_
from gin_ref.desk.language import gettext as _, spoken
from gin_ref.desk.exports import format_of
from gin_ref.files.matchread import claims_match, read_record
from gin_ref.desk.club import event_standings
from gin_ref.serve.events import folder_stamps
from gin_ref.serve.perfile import PerFile
from gin_ref.desk.reading import view_of
from gin_ref.views.event_view import EventTable

HTML = format_of("html")  # the export registry's page (``export --format html``'s renderer)
Answer = Tuple[int, str]  # (status: 200, 404 or 409, the page's HTML or the words of the problem)
_UNREADABLE = N_("%(file)s: cannot read the file: %(reason)s")  # export's words for a file it may not read


def shown_names(names: List[str]) -> List[str]:
    """File names as the command line is given them (one that starts with '-' as ``./-x.yaml``), shown."""
    return [shown_path(f"./{name}" if name.startswith("-") else name) for name in names]


def read_match(path: str) -> Any:
    """``read_record(path, claims_match)``, or the error it raised (to be raised again where it is used)."""
    try:
        return read_record(path, claims_match)
    except (GinRefError, OSError) as exc:
        return exc


def sheet_of(folder: str, names: List[str], title: str, read: Callable[[str], Any] = read_match) -> Answer:
    """The score sheet of ``names`` (file names in ``folder``), as ``export --format html --title TITLE`` run
    in ``folder`` on them prints it; ``(409, "Error: ...")`` in its words when it would refuse. ``read``:
    ``read_match`` (a ``PerFile`` of it keeps each file's reading until it changes)."""
    if not names:
        return 404, _("No match file yet.")
    views, seen = [], set()
    for name, shown in zip(names, shown_names(names)):
        path = os.path.join(folder, name)
        real = os.path.realpath(path)
        if real in seen:  # a match named twice counts once, as export counts it
            continue
        seen.add(real)
        try:
            found = read(path)
            if isinstance(found, BaseException):
                raise found
        except RecordError as exc:
            return 409, "Error: " + one_line(str(RecordError(_unpathed(exc.message, path, name), line=exc.line,
                                                             path=shown)))
        except GinRefError as exc:
            return 409, "Error: " + one_line(f"{shown}: {_unpathed(str(exc), path, name)}")
        except OSError as exc:
            words = exc.strerror or str(exc)
            return 409, "Error: " + one_line(_(_UNREADABLE) % {"file": shown, "reason": words[:1].lower() + words[1:]})
        if found is None:
            continue
        record, digest = found
        views.append(view_of(shown, record, digest))
    if not views:
        return 409, "Error: " + _("no readable match file in %(files)s") % {"files": ", ".join(shown_names(names))}
    page = HTML.render(views, {"title": title, "paper": "a4", "event": _event(folder)})
    return 200, page if isinstance(page, str) else page.decode("utf-8")


def _event(folder: str) -> Optional[EventTable]:
    """An event folder's standings (``event standings``'s, #39): the sheet of an event ranks the night as the
    board and ``export --format html FOLDER`` do. None for a folder of matches."""
    if not os.path.isfile(os.path.join(folder, "event.yaml")):
        return None
    try:
        return event_standings(folder).table
    except GinRefError:  # a damaged event file: the board says so; the sheet keeps the matches' standings
        return None


def _unpathed(message: str, path: str, name: str) -> str:
    """A message as the command line run in the folder would say it: the file by its name, not its path."""
    return message.replace(path, name)


class Sheet:
    """The last sheet made and the one making under way, in each language asked for (the request's: the
    sheet's title and what serve says around it; used from the event loop)."""

    def __init__(self, folder: str, names: Callable[[], List[str]], title: Callable[[], str],
                 before: Callable[[], None] = lambda: None) -> None:
        """``before``: called before each file is read (``TablesFirst.wait``)."""
        self.folder = folder
        self.names = names
        self.title = title
        self.made = 0  # how many times a sheet was made (the tests count them)
        self.read: PerFile[Any] = PerFile(read_match, before)  # each file's reading, until it changes
        self._last: Dict[str, Tuple[Dict[str, Any], Answer]] = {}
        self._making: "Dict[str, asyncio.Future[Tuple[Dict[str, Any], Answer]]]" = {}

    async def answer(self) -> Answer:
        """The sheet in the language spoken (made again after a change, once for every request waiting)."""
        language = spoken()
        while True:
            making = self._making.get(language)
            if making is not None:
                stamps, answer = await asyncio.shield(making)
            else:
                last = self._last.get(language)
                if last is not None and last[0] == await run_in_threadpool(folder_stamps, self.folder):
                    return last[1]
                if language not in self._making:  # made in this request's context: its language
                    made = self._making[language] = asyncio.ensure_future(run_in_threadpool(self._make))
                    made.add_done_callback(lambda done: self._made(language, done))
                continue
            return answer

    def _made(self, language: str, making: "asyncio.Future[Tuple[Dict[str, Any], Answer]]") -> None:
        if self._making.get(language) is making:
            del self._making[language]
        if not making.cancelled() and making.exception() is None:
            self._last[language] = making.result()

    def _make(self) -> Tuple[Dict[str, Any], Answer]:
        stamps = folder_stamps(self.folder)  # before reading: a change while it reads makes it again next time
        self.made += 1
        return stamps, sheet_of(self.folder, self.names(), self.title(), self.read.get)
