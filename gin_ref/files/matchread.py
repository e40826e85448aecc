"""A match file read for the reports of many matches (``export``, ``history``, ``stats``, the server's score
sheet): its record replayed, and the SHA-256 of the bytes it came from. One function, so that the command
line's ``export --format html`` and ``serve``'s ``/board/sheet`` read a file the same way."""

from typing import Any, Callable, Optional, Tuple

from gin_ref.core.errors import RecordError
from gin_ref.core.message import Message, N_
from gin_ref.files import matchfile
from gin_ref.match.schema import FORMAT

# A file claims to be a match when its top-level ``format`` names the match format (any version: a file of
# another version is a match we cannot read, named and skipped, not silently ignored).
_FAMILY = FORMAT.split("/")[0] + "/"


def claims_match(data: object) -> bool:
    """Does this document, as the match reader read it, say it is a gin-ref match (``format:
    gin-ref-match/...`` at its top, however the YAML or JSON spells the key)?

    A rules file or any other YAML lacks the key and is not a match at all; a file that claims the format
    but cannot be read is a damaged match.
    """
    if not isinstance(data, dict):
        return False
    fmt = data.get("format")
    return isinstance(fmt, str) and fmt.startswith(_FAMILY)


def read_record(file: str, claims: Callable[[Any], bool], named: bool = True) -> Optional[Tuple[Any, str]]:
    """``(record, digest)`` of one match file, read and replayed strictly (as ``tally`` does). None when a
    file found in a folder (``named`` False) is YAML whose top does not ``claims`` to be a match; RecordError
    naming the file when it is a damaged match, or a file that cannot be read as YAML at all."""
    raw = matchfile.read_bytes(file)  # a regular file of at most records.MAX_SIZE bytes
    digest = matchfile.digest(raw)
    text = matchfile.decode(raw, file)
    del raw  # not held while the record is replayed
    parsed = matchfile.read_yaml(text, file)
    if not claims(parsed[0]):
        if not named:
            return None
        raise RecordError(Message(N_("not a gin-ref match: no '%(key)s' at the top"), key=f"format: {FORMAT}"),
                          path=file)
    data, version = matchfile.parse(text, file, parsed)
    del text, parsed  # the text (34 MB for 100,000 hands) is not held while the record is replayed and exported
    return matchfile.replay(data, file, version), digest
