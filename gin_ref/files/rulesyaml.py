"""One rules file read: its YAML mapping, each entry checked, into a layer (knob -> value and line, the knobs
refused, its extends, its description); every problem goes to a report with its line.

This is the one module that imports yaml. Files are read with the safe loader only: a tag that would build
a Python object is refused before anything is constructed.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, FrozenSet, NamedTuple, Optional, Set, Tuple, Union

import yaml

from gin_ref.core.errors import RecordError, RulesError, reason
from gin_ref.core.message import Message, N_, Nn_
from gin_ref.core.escape import excerpt
from gin_ref.core.rules import KNOBS, check_knob, did_you_mean, shown
from gin_ref.files import yamlload
from gin_ref.files.presets import Source

_Loader = yamlload.loader_class()
_YAML_TAG = "tag:yaml.org,2002:"
# Tags the safe loader builds (plain values), and the merge keys (<<, =) it resolves itself.
_MERGE_TAGS = {_YAML_TAG + "merge", _YAML_TAG + "value"}
_SAFE_TAGS = frozenset(tag for tag in _Loader.yaml_constructors if tag) | _MERGE_TAGS
_NODE_KINDS = {yaml.ScalarNode: N_("the top level must be a mapping of house rules, not a single value"),
               yaml.SequenceNode: N_("the top level must be a mapping of house rules, not a list"),
               yaml.MappingNode: N_("the top level must be a mapping of house rules, not a tagged map")}


class Layer(NamedTuple):
    """One file read: knob -> (value, line), knobs refused, ``(spec, line)`` of its extends, its description."""

    source: Source
    knobs: Dict[str, Tuple[Any, int]]
    rejected: FrozenSet[str]
    extends: Optional[Tuple[str, int]]
    description: Optional[str]


Report = Callable[[str, int, Union[str, Message]], None]  # where problems go: (file, line, message)




def read_layer(source: Source, report: Report) -> Optional[Layer]:
    """One file's entries, each checked; problems go to ``report``. None when the file cannot be used."""
    where = source.path
    try:
        text = source.read_bytes().decode("utf-8-sig")
    except OSError as exc:
        report(where, 1, Message(N_("cannot read the file: %(reason)s"), reason=str(exc.strerror or exc)))
        return None
    except RulesError as exc:
        report(where, 1, reason(exc))
        return None
    except UnicodeDecodeError:
        report(where, 1, Message(N_("not UTF-8 text")))
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
        report(where, exc.line or 1, exc.said_as or exc.message)
        return None


def _top_mapping(loader: Any, where: str, report: Report) -> Any:
    """The document's top-level mapping node, merge keys flattened; None (reported) when there is none."""
    root = loader.get_single_node()
    if root is None:
        report(where, 1, Message(N_("empty rules file: expected 'knob: value' lines")))
        return None
    unsafe = _unsafe_node(root)
    if unsafe is not None:
        tag = unsafe.tag.replace(_YAML_TAG, "!!")
        report(where, _line(unsafe), Message(yamlload.TAG_REFUSED, tag=tag))
        return None
    if not isinstance(root, yaml.MappingNode) or root.tag != _YAML_TAG + "map":
        report(where, _line(root), Message(_NODE_KINDS[type(root)]))
        return None
    loader.flatten_mapping(root)  # merge keys (<<: *base)
    return root


def _read_entries(loader: Any, root: Any, source: Source, report: Report) -> Optional[Layer]:
    """The layer of a top-level mapping node: each key checked, problems reported with their line."""
    where = source.path
    other = _other_record(root)
    if other is not None:
        line, what, form = other
        report(where, line, Message(what, format=form))
        return None
    if _foreign(root):
        report(where, _line(root), Message(Nn_("not a rules file: none of its %(count)d keys is a house rule "
                                               "(%(command)s lists them)",
                                               "not a rules file: none of its %(count)d keys is a house rule "
                                               "(%(command)s lists them)"), count=len(root.value),
                                           command="gin-ref rules show oklahoma"))
        return None
    knobs: Dict[str, Tuple[Any, int]] = {}
    rejected: Set[str] = set()
    first_line: Dict[str, int] = {}
    extends: Optional[Tuple[str, int]] = None
    description: Optional[str] = None
    for key_node, value_node in root.value:
        line = _line(key_node)
        if not isinstance(key_node, yaml.ScalarNode):
            report(where, line, Message(N_("a house rule name must be plain text")))
            continue
        key = key_node.value
        if key in first_line:
            report(where, line, Message(N_("house rule '%(knob)s' given twice (first at line %(first)d)"),
                                        knob=excerpt(key), first=first_line[key]))
            continue
        first_line[key] = line
        problem: Optional[Message] = None
        if isinstance(value_node, yaml.ScalarNode):
            value, problem = yamlload.scalar_problem(loader, value_node)
        else:
            try:
                value = loader.construct_object(value_node, deep=True)
            except Exception:  # noqa: BLE001 - a tag PyYAML cannot build inside a list ('!!int' alone...)
                problem = Message(N_("cannot read it"))
        if problem is not None:
            report(where, line, Message(N_("cannot read the value of '%(knob)s': %(reason)s"), knob=excerpt(key),
                                        reason=problem))
            rejected.add(key)
            continue
        if key == "extends":
            if isinstance(value, str) and value:
                extends = (value, line)
            else:
                report(where, line, Message(N_("'extends' must be a preset name or a file path, not %(value)s"),
                                            value=shown(value)))
        elif key == "description":
            if isinstance(value, str):
                description = value
            else:
                report(where, line, Message(N_("'description' must be text, not %(value)s"), value=shown(value)))
        else:
            try:
                knobs[key] = (check_knob(key, value), line)
            except RulesError as exc:
                report(where, line, reason(exc))
                rejected.add(key)
    return Layer(source, knobs, frozenset(rejected), extends, description)


_RULES_KEYS = frozenset(KNOBS) | {"extends", "description"}


def _foreign(root: Any) -> bool:
    """Is this mapping some other file (``/etc/passwd``, a config of another program): plain keys, none of
    them a house rule or a near miss of one? It is refused in one line, quoting none of it."""
    keys = [key.value for key, _value in root.value if isinstance(key, yaml.ScalarNode)]
    return bool(keys) and len(keys) == len(root.value) and \
        not any(key in _RULES_KEYS or did_you_mean(key, _RULES_KEYS) for key in keys)
_RECORDS = {"gin-ref-match/": N_("a match file (format: %(format)s), not a rules file: a rules file holds "
                                  "'knob: value' lines"),
            "gin-ref-event/": N_("an event file (format: %(format)s), not a rules file: a rules file holds "
                                 "'knob: value' lines")}


def _other_record(root: Any) -> Optional[Tuple[int, str, str]]:
    """``(line, what, format)`` when the mapping is a gin-ref record (a match or an event file), else None."""
    for key_node, value_node in root.value:
        if isinstance(key_node, yaml.ScalarNode) and key_node.value == "format" and \
                isinstance(value_node, yaml.ScalarNode):
            for prefix, what in _RECORDS.items():
                if value_node.value.startswith(prefix):
                    return _line(key_node), what, value_node.value
    return None


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
