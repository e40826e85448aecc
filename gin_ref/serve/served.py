"""What the routes of one app share (``Served``): the folder, its tokens, the journals, the security
checks, the log, the board's hub and sheet, and the listeners told of each hand a table records."""

import logging
from typing import Callable, ContextManager, List, Optional, Sequence

from gin_ref.files.store import Held
from gin_ref.serve.entries import Bases, writing
from gin_ref.serve.events import Hub
from gin_ref.serve.folder import Folder
from gin_ref.serve.journal import Journals
from gin_ref.serve.limits import FD_WANTED, Caps, Streams
from gin_ref.serve.pagelang import EventLanguage
from gin_ref.serve.perfile import TablesFirst
from gin_ref.serve.pins import Pins
from gin_ref.serve.security import Security
from gin_ref.serve.sheet import Sheet
from gin_ref.serve.state import Tokens

LOG = logging.getLogger("gin_ref.serve")


class Served:
    """What the routes share: the folder, its tokens, the journals, the security checks, the log, and the
    listeners told of each hand a table records (``recorded``: the board's updates)."""

    def __init__(self, folder: Folder, tokens: Tokens, pins: bool = False, hosts: Sequence[str] = (),
                 scheme: str = "http", board_token: bool = False, streams: Optional[Streams] = None) -> None:
        self.folder = folder
        self.tokens = tokens
        self.pins = pins
        self.scheme = scheme
        self.journals = Journals(folder.path, folder.match_names())
        self.bases = Bases()
        self.pin_store = Pins(folder.path)
        self.security = Security(tokens, hosts, secure=scheme == "https")
        self.log = LOG
        for line in self.journals.notes:  # older journal lines read into typed acts at start
            LOG.warning("%s", line)
        self.listeners: List[Callable[[str], None]] = []
        self.board_token = board_token  # the board needs its own token (serve --board-token, #21)
        self.streams = streams or Streams(Caps.of(FD_WANTED))  # the cap of the board's streams (#35)
        self.board_hub: Optional[Hub] = None  # the board's (gin_ref.serve.board), once its routes are made
        self.sheet: Optional[Sheet] = None  # the score sheet's (gin_ref.serve.board)
        self.tables_first = TablesFirst()  # the tables' writes before the director's and the sheet's reading
        self.should_stop: Callable[[], bool] = lambda: False  # the running server's (open streams end, #21)
        self.event_language = EventLanguage(folder.path, folder.is_event)  # the event file's (pagelang.choose)

    def recorded(self, key: str) -> None:
        """Tell the listeners that table ``key`` wrote its match file."""
        for listener in list(self.listeners):
            try:
                listener(key)
            except Exception:  # a listener's failure must not cost the hand its answer
                self.log.exception("a listener failed after table %s recorded", key)

    def writing(self, path: str) -> "ContextManager[Held]":
        """Hold a match file for a write from this server (the director's ruling, say): the file's lock
        (waiting a little for another writer), then the table's journal guard; the write is the Held's
        ``change()``, inside (``gin_ref.serve.entries.writing``)."""
        return writing(self.journals.of(path), path)

    def token_for(self, key: str) -> str:
        return self.tokens.add(key)
