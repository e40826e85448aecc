"""A compiled catalogue (``.mo``) read on demand: each message looked up where it is asked for (#38).

The standard library's ``GNUTranslations`` decodes every message of a catalogue when it opens it: with the
command line's help, click's words and every sentence gin-ref says, that is several hundred messages, about
4% of a command's start-up under a catalogue's language, to say the few a command says. ``Catalogue`` is a
``GNUTranslations`` whose catalogue is a lookup over the file's bytes instead of a dict: the header is read
at once (its charset and plural rule, the plural rule compiled on first use), every other message by a
binary search over the originals, which a compiled catalogue holds sorted (``pybabel compile``, ``msgfmt``,
for UTF-8 without contexts, as gin-ref's are; at its first miss it checks they are, and reads a file that
is not whole, as the standard library does). What it answers is exactly what
``GNUTranslations`` answers, key for key (the same test); the standard library's ``gettext``, ``ngettext``
and fallbacks work on it unchanged.
"""

from gettext import GNUTranslations, c2py
from io import BytesIO
from struct import unpack_from
from typing import TYPE_CHECKING, Callable, Dict, List, Optional, Tuple, Union

if TYPE_CHECKING:
    from gettext import _TranslationsReader

Key = Union[str, Tuple[str, int]]  # a message, or (a plural message, its form), as GNUTranslations keys them
_MISSING = object()


class _Lookup:
    """The messages of a compiled catalogue, looked up in its bytes (the part of a dict gettext reads)."""

    def __init__(self, data: bytes, endian: str, count: int, originals: int, translations: int,
                 charset: str) -> None:
        self._data, self._endian, self._count = data, endian, count
        self._originals, self._translations, self._charset = originals, translations, charset
        self._sorted: Optional[bool] = None  # are the originals in byte order? (checked at the first miss)
        self._whole: Optional[Dict[Key, str]] = None  # the standard library's reading, for a file that is not

    def _in_order(self) -> bool:
        """Are the originals sorted by their bytes, as the binary search needs? ``pybabel compile`` and
        ``msgfmt`` sort them so for UTF-8 without contexts; a file that is not is read whole instead."""
        if self._sorted is None:
            singulars = [self._entry(self._originals, index).split(b"\x00", 1)[0] for index in range(self._count)]
            self._sorted = all(first < second for first, second in zip(singulars, singulars[1:]))
            if not self._sorted:
                self._whole = GNUTranslations(BytesIO(self._data))._catalog  # type: ignore[attr-defined]
        return self._sorted

    def _entry(self, table: int, index: int) -> bytes:
        length, offset = unpack_from(self._endian + "2I", self._data, table + 8 * index)
        return self._data[offset:offset + length]

    def _find(self, wanted: bytes) -> Optional[int]:
        """The index of the message whose original (its singular, for a plural one) is ``wanted``."""
        low, high = 0, self._count
        while low < high:
            middle = (low + high) // 2
            singular = self._entry(self._originals, middle).split(b"\x00", 1)[0]
            if singular < wanted:
                low = middle + 1
            elif singular > wanted:
                high = middle
            else:
                return middle
        return None

    def get(self, key: Key, default: object = None) -> object:
        if self._whole is not None:
            return self._whole.get(key, default)
        message, form = (key, None) if isinstance(key, str) else key
        try:
            wanted = message.encode(self._charset)
        except UnicodeEncodeError:  # not in the catalogue's charset: not among its messages either
            return default
        index = self._find(wanted)
        if index is None:
            if self._sorted is None and not self._in_order():
                return self.get(key, default)  # read whole now: ask it
            return default
        plural = b"\x00" in self._entry(self._originals, index)
        if plural != (form is not None):  # GNUTranslations keys a plural message by (message, form) only
            return default
        forms = self._entry(self._translations, index).split(b"\x00")
        if form is None:
            return forms[0].decode(self._charset)
        return forms[form].decode(self._charset) if 0 <= form < len(forms) else default

    def __getitem__(self, key: Key) -> str:
        found = self.get(key, _MISSING)
        if found is _MISSING:
            raise KeyError(key)
        assert isinstance(found, str)
        return found

    def __contains__(self, key: object) -> bool:
        return isinstance(key, (str, tuple)) and self.get(key, _MISSING) is not _MISSING


def _plural_of(expression: str) -> Callable[[int], int]:
    """The plural rule ``expression`` (C's syntax), compiled by the standard library on its first use."""
    compiled: List[Callable[[int], int]] = []

    def plural(n: int) -> int:
        if not compiled:
            compiled.append(c2py(expression))
        return int(compiled[0](n))
    return plural


class Catalogue(GNUTranslations):
    """``GNUTranslations`` reading its messages on demand (the module's docstring)."""

    def _parse(self, fp: "_TranslationsReader") -> None:
        data = fp.read()
        magic = unpack_from("<I", data)[0]
        endian = "<" if magic == self.LE_MAGIC else ">" if magic == self.BE_MAGIC else ""
        if not endian:
            raise OSError(0, "Bad magic number", getattr(fp, "name", ""))
        version, count, originals, translations = unpack_from(endian + "4I", data, 4)
        if version >> 16 not in self.VERSIONS:
            raise OSError(0, "Bad version number " + str(version >> 16), getattr(fp, "name", ""))
        self._info = {}
        self.plural = lambda n: int(n != 1)
        header = _Lookup(data, endian, count, originals, translations, "utf-8").get("", "")
        assert isinstance(header, str)
        last = None
        for item in (line.strip() for line in header.split("\n")):
            if not item or (item.startswith("#-#-#-#-#") and item.endswith("#-#-#-#-#")):
                continue
            key = value = None
            if ":" in item:
                key, value = (part.strip() for part in item.split(":", 1))
                key = key.lower()
                self._info[key] = value
                last = key
            elif last:
                self._info[last] += "\n" + item
            if key == "content-type" and value is not None:
                self._charset = value.split("charset=")[1]
            elif key == "plural-forms" and value is not None:
                self.plural = _plural_of(value.split(";")[1].split("plural=")[1])
        self._catalog = _Lookup(data, endian, count, originals, translations,
                                self._charset or "ascii")
