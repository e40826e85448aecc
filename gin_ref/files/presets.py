"""Where house rules come from: a preset shipped in the package (by its name, in any case) or a rules file
(by its path), found from the spec a command is given; and a rules file's bytes, read safely (a regular
file of at most MAX_SIZE bytes). What a file says is read by ``gin_ref.files.rulesyaml``; the extends chain
and the merge are ``gin_ref.files.rulesfile``'s.
"""

from __future__ import annotations

import os
import stat
from functools import lru_cache
from pathlib import Path
from typing import Any, Dict, List, NamedTuple, Optional

from gin_ref.core.errors import RulesError
from gin_ref.core.escape import excerpt
from gin_ref.core.message import Message, N_
from gin_ref.core.rules import PRESET_NAMES, nearest

# The presets are package data: configs/ in the checkout, installed as the package gin_ref.configs.
_PRESETS_PACKAGE = "gin_ref.configs"
PATH_SHOWN = 160  # characters of a path quoted in a message, at most (a name too long for the file system)
MAX_SIZE = 256 * 1024  # bytes of a rules file, at most (a preset is under 2 KiB)
_NOT_REGULAR = N_("not a regular file (a folder, a device or a pipe)")


_CANNOT_READ = N_("cannot read rules file '%(path)s': %(reason)s")


class Source(NamedTuple):
    """A rules file: its path as shown to people, and its name when it is a preset."""

    path: str
    preset: Optional[str] = None
    resource: Any = None  # the preset's file in the package (an importlib.resources Traversable)

    @property
    def label(self) -> str:
        return self.preset or self.path

    def read_bytes(self) -> bytes:
        if self.resource is not None:
            raw: bytes = self.resource.read_bytes()
            return raw
        return _read_file(self.path)


def _read_file(path: str) -> bytes:
    """The bytes of a rules file: a regular file of at most MAX_SIZE bytes, read without blocking on a pipe
    or reading a device (``/dev/zero``) that would never end. Raises RulesError (its message without the
    file's name, which the report adds) or OSError."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise RulesError(Message(_NOT_REGULAR))
        chunks: List[bytes] = []
        size = 0
        while size <= MAX_SIZE:
            chunk = os.read(fd, MAX_SIZE + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > MAX_SIZE:
            raise RulesError(Message(N_("too large for a rules file: over %(most)d KiB"), most=MAX_SIZE // 1024))
        return b"".join(chunks)
    finally:
        os.close(fd)


def preset_path(name: str) -> Any:
    """The YAML file of preset ``name``. Raises RulesError for an unknown preset."""
    resource = _find_preset(name)
    if resource is None:
        close = nearest(name, preset_names())
        if close is not None:
            raise RulesError(Message(N_("unknown preset '%(name)s' (did you mean '%(near)s'?) (presets: %(names)s)"),
                                     name=name, near=close, names=", ".join(preset_names())))
        raise RulesError(Message(N_("unknown preset '%(name)s' (presets: %(names)s)"), name=name,
                                 names=", ".join(preset_names())))
    return resource


@lru_cache(maxsize=None)
def _preset_files() -> Dict[str, Any]:
    """``{name: file}`` of every preset shipped in the package (``NAME.yaml``)."""
    from importlib import resources  # here, not at the top: only commands that name a preset pay its import

    folder = resources.files(_PRESETS_PACKAGE)
    return {entry.name[:-len(".yaml")]: entry for entry in folder.iterdir()
            if entry.name.endswith(".yaml") and entry.is_file()}


def preset_names() -> List[str]:
    found = set(_preset_files())
    return [name for name in PRESET_NAMES if name in found] + sorted(found - set(PRESET_NAMES))


def _find_preset(name: str) -> Any:
    """The preset file ``name`` names, without regard to case (``Classic`` is ``classic``), or None."""
    found = _preset_files()
    canonical = _canonical_preset(name)
    return found[canonical] if canonical is not None else None


def _canonical_preset(name: str) -> Optional[str]:
    found = _preset_files()
    if name in found:
        return name
    return next((preset for preset in found if preset.casefold() == str(name).casefold()), None)


def preset_source(name: str) -> Source:
    resource = preset_path(name)
    canonical = _canonical_preset(name)
    return Source(str(resource), canonical, resource)


def locate(spec: str, folder: Optional[Path] = None) -> Source:
    """The file ``spec`` names, read from ``folder`` when relative. Raises RulesError if there is none.

    A spec with a path separator or a .yaml/.yml ending is a path; otherwise a preset name wins over a
    file of the same name, and an existing file comes next.
    """
    path = Path(spec) if folder is None else folder / spec
    separators = {sep for sep in (os.sep, os.altsep, "/") if sep is not None}
    if any(sep in spec for sep in separators) or spec.endswith((".yaml", ".yml")):
        return file_source(str(path))
    if spec and _find_preset(spec) is not None:
        return preset_source(spec)
    try:
        is_file = path.is_file()
    except OSError:  # a name too long for the file system is no file
        is_file = False
    if is_file:
        return Source(str(path))
    close = nearest(spec, preset_names())
    if close is not None:
        raise RulesError(Message(N_("unknown rules '%(name)s' (did you mean '%(near)s'?): not a preset (%(names)s) "
                                    "nor a file"), name=excerpt(spec), near=close, names=", ".join(preset_names())))
    raise RulesError(Message(N_("unknown rules '%(name)s': not a preset (%(names)s) nor a file"), name=excerpt(spec),
                             names=", ".join(preset_names())))


def file_source(path: str) -> Source:
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        raise RulesError(Message(N_("cannot read rules file '%(path)s': no such file"),
                                 path=excerpt(path, PATH_SHOWN))) from None
    except OSError as exc:
        words = exc.strerror or str(exc)
        raise RulesError(Message(_CANNOT_READ, path=excerpt(path, PATH_SHOWN),
                                 reason=words[:1].lower() + words[1:])) from None
    if not stat.S_ISREG(mode):
        raise RulesError(Message(_CANNOT_READ, path=excerpt(path, PATH_SHOWN), reason=Message(_NOT_REGULAR)))
    return Source(path)
