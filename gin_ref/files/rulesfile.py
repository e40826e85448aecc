"""House rules from YAML: presets by name and club files, with where every knob came from.

This is the one module that imports yaml. Files are read with the safe loader only: a tag that would build
a Python object is refused before anything is constructed.

A rules file is a mapping of knobs (docs/rules.md §10) plus two optional keys: ``description:`` and
``extends:``, a preset name or another file (a relative path is taken from the extending file's folder).
Chains are followed to the end and a file overrides the one it extends; a file without ``extends:`` starts
from the defaults, which are the oklahoma preset's.

Strict reading (``load_rules``, ``explain_rules``) raises the first problem as a ``RulesError`` that names
the file and line; lenient reading (``check_rules_file``) collects every problem of the chain in one pass.
"""

import os
import re
import stat
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Dict, FrozenSet, List, NamedTuple, Optional, Set, Tuple

import yaml

from gin_ref.core.errors import RulesError
from gin_ref.core.errors import RecordError
from gin_ref.core.escape import excerpt
from gin_ref.core.rules import (DEFAULT_PRESET, KNOBS, PRESET_NAMES, HouseRules, check_consistency, check_knob,
                                did_you_mean, make_rules, shown)
from gin_ref.files import yamlload

_Loader = yamlload.loader_class()
# The presets are package data: configs/ in the checkout, installed as the package gin_ref.configs.
_PRESETS_PACKAGE = "gin_ref.configs"
_YAML_TAG = "tag:yaml.org,2002:"
# Tags the safe loader builds (plain values), and the merge keys (<<, =) it resolves itself.
_MERGE_TAGS = {_YAML_TAG + "merge", _YAML_TAG + "value"}
_SAFE_TAGS = frozenset(tag for tag in _Loader.yaml_constructors if tag) | _MERGE_TAGS
PATH_SHOWN = 160  # characters of a path quoted in a message, at most (a name too long for the file system)
MAX_SIZE = 256 * 1024  # bytes of a rules file, at most (a preset is under 2 KiB)
_NOT_REGULAR = "not a regular file (a folder, a device or a pipe)"
_NODE_KINDS = {yaml.ScalarNode: "a single value", yaml.SequenceNode: "a list", yaml.MappingNode: "a tagged map"}


class _Source(NamedTuple):
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
            raise RulesError(_NOT_REGULAR)
        chunks: List[bytes] = []
        size = 0
        while size <= MAX_SIZE:
            chunk = os.read(fd, MAX_SIZE + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > MAX_SIZE:
            raise RulesError(f"too large for a rules file: over {MAX_SIZE // 1024} KiB")
        return b"".join(chunks)
    finally:
        os.close(fd)


class _Layer(NamedTuple):
    """One file read: knob -> (value, line), knobs refused, ``(spec, line)`` of its extends, its description."""

    source: _Source
    knobs: Dict[str, Tuple[Any, int]]
    rejected: FrozenSet[str]
    extends: Optional[Tuple[str, int]]
    description: Optional[str]


Report = Callable[[str, int, str], None]  # where problems go: (file, line, message)


class _Report:
    """Where problems go: strict raises the first as a RulesError, lenient collects ``FILE:LINE: message``."""

    def __init__(self, strict: bool) -> None:
        self.strict = strict
        self.problems: List[str] = []

    def __call__(self, path: str, line: int, message: str) -> None:
        if self.strict:
            raise RulesError(f"{message} ({path}:{line})")
        self.problems.append(f"{path}:{line}: {message}")


def load_rules(spec: Optional[object] = None) -> HouseRules:
    """HouseRules from a preset name or a YAML file path (None: the oklahoma preset). Raises RulesError."""
    return explain_rules(spec)[0]


def explain_rules(spec: Optional[object] = None) -> Tuple[HouseRules, Dict[str, str]]:
    """``(HouseRules, {knob: source})``; a source is ``default``, a preset name, or ``FILE:LINE``."""
    name = DEFAULT_PRESET if spec is None else str(spec)
    report = _Report(strict=True)
    source = _locate(name)
    knobs, sources = _merge(_read_chain(source, report), report)
    return make_rules(knobs, name=source.preset or name), sources  # a preset by its own name: Classic -> classic


def explain_chain(spec: Optional[object] = None) -> Tuple[HouseRules, Dict[str, str], List[str]]:
    """``(HouseRules, {knob: source}, chain)``: as ``explain_rules``, with the extends chain read from
    ``spec`` down (each a preset name or a file path, ``spec``'s own first)."""
    name = DEFAULT_PRESET if spec is None else str(spec)
    report = _Report(strict=True)
    layers = _read_chain(_locate(name), report)
    knobs, sources = _merge(layers, report)
    return make_rules(knobs, name=name), sources, [layer.source.label for layer in layers]


def check_rules_file(path: object) -> List[str]:
    """Every problem of a rules file and the files it extends, each ``FILE:LINE: message`` ([] if none).

    Raises RulesError only when ``path`` itself is not a file.
    """
    report = _Report(strict=False)
    _merge(_read_chain(_file_source(str(path)), report), report)
    return report.problems


def preset_path(name: str) -> Any:
    """The YAML file of preset ``name``. Raises RulesError for an unknown preset."""
    resource = _find_preset(name)
    if resource is None:
        raise RulesError(f"unknown preset '{name}'{did_you_mean(name, _preset_names())} "
                         f"(presets: {', '.join(_preset_names())})")
    return resource


def list_presets() -> List[Tuple[str, str]]:
    """``[(name, description)]`` of every preset: the six of docs/rules.md §10 first, then any other."""
    presets = []
    for name in _preset_names():
        layer = _read_layer(_preset_source(name), _Report(strict=True))
        assert layer is not None  # (a strict report raises at a preset's first problem)
        presets.append((name, layer.description or ""))
    return presets


@lru_cache(maxsize=None)
def _preset_files() -> Dict[str, Any]:
    """``{name: file}`` of every preset shipped in the package (``NAME.yaml``)."""
    from importlib import resources  # here, not at the top: only commands that name a preset pay its import

    folder = resources.files(_PRESETS_PACKAGE)
    return {entry.name[:-len(".yaml")]: entry for entry in folder.iterdir()
            if entry.name.endswith(".yaml") and entry.is_file()}


def _preset_names() -> List[str]:
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


def _preset_source(name: str) -> _Source:
    resource = preset_path(name)
    canonical = _canonical_preset(name)
    return _Source(str(resource), canonical, resource)


def _locate(spec: str, folder: Optional[Path] = None) -> _Source:
    """The file ``spec`` names, read from ``folder`` when relative. Raises RulesError if there is none.

    A spec with a path separator or a .yaml/.yml ending is a path; otherwise a preset name wins over a
    file of the same name, and an existing file comes next.
    """
    path = Path(spec) if folder is None else folder / spec
    separators = {sep for sep in (os.sep, os.altsep, "/") if sep is not None}
    if any(sep in spec for sep in separators) or spec.endswith((".yaml", ".yml")):
        return _file_source(str(path))
    if spec and _find_preset(spec) is not None:
        return _preset_source(spec)
    try:
        is_file = path.is_file()
    except OSError:  # a name too long for the file system is no file
        is_file = False
    if is_file:
        return _Source(str(path))
    raise RulesError(f"unknown rules '{excerpt(spec)}'{did_you_mean(spec, _preset_names())}: not a preset "
                     f"({', '.join(_preset_names())}) nor a file")


def _file_source(path: str) -> _Source:
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        raise RulesError(f"cannot read rules file '{excerpt(path, PATH_SHOWN)}': no such file") from None
    except OSError as exc:
        words = exc.strerror or str(exc)
        raise RulesError(f"cannot read rules file '{excerpt(path, PATH_SHOWN)}': {words[:1].lower() + words[1:]}") from None
    if not stat.S_ISREG(mode):
        raise RulesError(f"cannot read rules file '{excerpt(path, PATH_SHOWN)}': {_NOT_REGULAR}")
    return _Source(path)


def _read_chain(source: Optional[_Source], report: Report) -> List[_Layer]:
    """The layers from ``source`` down its extends chain, top first; a cycle or a missing file ends it."""
    layers: List[_Layer] = []
    visited: List[Path] = []
    while source is not None:
        layer = _read_layer(source, report)
        if layer is None:
            break
        layers.append(layer)
        visited.append(Path(source.path).resolve())
        source = None
        if layer.extends is not None:
            spec, line = layer.extends
            try:
                source = _locate(spec, Path(layer.source.path).parent)
            except RulesError as exc:
                report(layer.source.path, line, str(exc))
                break
            if Path(source.path).resolve() in visited:
                cycle = " -> ".join([item.source.label for item in layers] + [source.label])
                report(layer.source.path, line, f"extends cycle: {cycle}")
                break
    return layers


def _read_layer(source: _Source, report: Report) -> Optional[_Layer]:
    """One file's entries, each checked; problems go to ``report``. None when the file cannot be used."""
    where = source.path
    try:
        text = source.read_bytes().decode("utf-8-sig")
    except OSError as exc:
        report(where, 1, f"cannot read the file: {exc.strerror or exc}")
        return None
    except RulesError as exc:
        report(where, 1, str(exc))
        return None
    except UnicodeDecodeError:
        report(where, 1, "not UTF-8 text")
        return None
    try:
        yamlload.scan(text, aliases=True, loader=_Loader)  # too deep: refused, never a RecursionError
        loader = _Loader(text)
        try:
            root = _top_mapping(loader, where, report)
            return None if root is None else _read_entries(loader, root, source, report)
        finally:
            loader.dispose()
    except yaml.YAMLError as exc:
        line, message = yamlload.yaml_problem(exc, text)
        report(where, line or 1, message)
        return None
    except RecordError as exc:
        report(where, exc.line or 1, exc.message)
        return None


def _top_mapping(loader: Any, where: str, report: Report) -> Any:
    """The document's top-level mapping node, merge keys flattened; None (reported) when there is none."""
    root = loader.get_single_node()
    if root is None:
        report(where, 1, "empty rules file: expected 'knob: value' lines")
        return None
    unsafe = _unsafe_node(root)
    if unsafe is not None:
        tag = unsafe.tag.replace(_YAML_TAG, "!!")
        report(where, _line(unsafe), f"YAML tag '{tag}' is not allowed: only plain values are read")
        return None
    if not isinstance(root, yaml.MappingNode) or root.tag != _YAML_TAG + "map":
        kind = _NODE_KINDS[type(root)]
        report(where, _line(root), f"the top level must be a mapping of house rules, not {kind}")
        return None
    loader.flatten_mapping(root)  # merge keys (<<: *base)
    return root


def _read_entries(loader: Any, root: Any, source: _Source, report: Report) -> Optional[_Layer]:
    """The layer of a top-level mapping node: each key checked, problems reported with their line."""
    where = source.path
    other = _other_record(root)
    if other is not None:
        line, what, form = other
        report(where, line, f"{what} (format: {form}), not a rules file: a rules file holds 'knob: value' lines")
        return None
    if _foreign(root):
        report(where, _line(root), f"not a rules file: none of its {len(root.value)} keys is a house rule "
                                   "(gin-ref rules show oklahoma lists them)")
        return None
    knobs: Dict[str, Tuple[Any, int]] = {}
    rejected: Set[str] = set()
    first_line: Dict[str, int] = {}
    extends: Optional[Tuple[str, int]] = None
    description: Optional[str] = None
    for key_node, value_node in root.value:
        line = _line(key_node)
        if not isinstance(key_node, yaml.ScalarNode):
            report(where, line, "a house rule name must be plain text")
            continue
        key = key_node.value
        if key in first_line:
            report(where, line, f"house rule '{excerpt(key)}' given twice (first at line {first_line[key]})")
            continue
        first_line[key] = line
        problem = None
        if isinstance(value_node, yaml.ScalarNode):
            value, problem = yamlload.scalar_problem(loader, value_node)
        else:
            try:
                value = loader.construct_object(value_node, deep=True)
            except Exception:  # noqa: BLE001 - a tag PyYAML cannot build inside a list ('!!int' alone...)
                problem = "cannot read it"
        if problem is not None:
            report(where, line, f"cannot read the value of '{excerpt(key)}': {problem}")
            rejected.add(key)
            continue
        if key == "extends":
            if isinstance(value, str) and value:
                extends = (value, line)
            else:
                report(where, line, f"'extends' must be a preset name or a file path, not {shown(value)}")
        elif key == "description":
            if isinstance(value, str):
                description = value
            else:
                report(where, line, f"'description' must be text, not {shown(value)}")
        else:
            try:
                knobs[key] = (check_knob(key, value), line)
            except RulesError as exc:
                report(where, line, str(exc))
                rejected.add(key)
    return _Layer(source, knobs, frozenset(rejected), extends, description)


_RULES_KEYS = frozenset(KNOBS) | {"extends", "description"}


def _foreign(root: Any) -> bool:
    """Is this mapping some other file (``/etc/passwd``, a config of another program): plain keys, none of
    them a house rule or a near miss of one? It is refused in one line, quoting none of it."""
    keys = [key.value for key, _value in root.value if isinstance(key, yaml.ScalarNode)]
    return bool(keys) and len(keys) == len(root.value) and \
        not any(key in _RULES_KEYS or did_you_mean(key, _RULES_KEYS) for key in keys)
_RECORDS = {"gin-ref-match/": "a match file", "gin-ref-event/": "an event file"}


def _other_record(root: Any) -> Optional[Tuple[int, str, str]]:
    """``(line, what, format)`` when the mapping is a gin-ref record (a match or an event file), else None."""
    for key_node, value_node in root.value:
        if isinstance(key_node, yaml.ScalarNode) and key_node.value == "format" and \
                isinstance(value_node, yaml.ScalarNode):
            for prefix, what in _RECORDS.items():
                if value_node.value.startswith(prefix):
                    return _line(key_node), what, value_node.value
    return None


def _merge(layers: List[_Layer], report: Report) -> Tuple[Dict[str, Any], Dict[str, str]]:
    """``(knobs, sources)`` with the layers applied bottom up over the defaults; cross-knob problems reported.

    A cross-knob problem is reported at the line of the knob it names that was set last, and left out when
    a knob it names was refused (its value is then unknown).
    """
    knobs = {name: default for name, (_check, default, _doc) in KNOBS.items()}
    sources = dict.fromkeys(KNOBS, "default")
    origins: Dict[str, Tuple[int, str, int]] = {}  # knob -> (depth, file, line) of the file that set it last
    for depth in range(len(layers) - 1, -1, -1):
        layer = layers[depth]
        for name, (value, line) in layer.knobs.items():
            knobs[name] = value
            sources[name] = layer.source.preset or f"{layer.source.path}:{line}"
            origins[name] = (depth, layer.source.path, line)
    rejected: FrozenSet[str] = frozenset().union(*(layer.rejected for layer in layers))
    for message in check_consistency(knobs):
        named = [name for name in KNOBS if re.search(rf"\b{name}\b", message)]
        if rejected.intersection(named):
            continue
        blamed = [origins[name] for name in named if name in origins]
        _depth, path, line = min(blamed, key=lambda o: (o[0], -o[2])) if blamed else (0, layers[0].source.path, 1)
        report(path, line, message)
    return knobs, sources


def _unsafe_node(root: Any) -> Any:
    """The first node, in document order, whose tag the safe loader does not know; None if all are plain."""
    stack, seen = [root], set()  # (nodes; their ids)
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if node.tag not in _SAFE_TAGS:
            return node
        if isinstance(node, yaml.MappingNode):
            stack.extend(child for pair in reversed(node.value) for child in reversed(pair))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(reversed(node.value))
    return None


def _line(node: Any) -> int:
    line: int = node.start_mark.line + 1
    return line
