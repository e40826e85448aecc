"""House rules from YAML: presets by name and club files, with where every knob came from.

A rules file is a mapping of knobs (docs/rules.md §10) plus two optional keys: ``description:`` and
``extends:``, a preset name or another file (a relative path is taken from the extending file's folder).
Chains are followed to the end and a file overrides the one it extends; a file without ``extends:`` starts
from the defaults, which are the oklahoma preset's.

Strict reading (``load_rules``, ``explain_rules``) raises the first problem as a ``RulesError`` that names
the file and line; lenient reading (``check_rules_file``) collects every problem of the chain in one pass.
Finding a preset or a file is ``gin_ref.files.presets``; reading one file, ``gin_ref.files.rulesyaml`` (the
one module that imports yaml).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Dict, FrozenSet, List, Optional, Tuple, Union

from gin_ref.core.errors import RulesError, reason
from gin_ref.core.message import Message, N_
from gin_ref.core.rules import DEFAULT_PRESET, KNOBS, HouseRules, consistency_problems, make_rules
from gin_ref.files.presets import Source, file_source, locate, preset_names, preset_source
from gin_ref.files.rulesyaml import Report, Layer, read_layer


_AT = N_("%(reason)s (%(where)s)")  # a rules file's problem and where it is (``FILE:LINE``)


class _Report:
    """Where problems go: strict raises the first as a RulesError, lenient collects ``(FILE:LINE, message)``
    (the message as data: whoever shows it says it in the reader's language)."""

    def __init__(self, strict: bool) -> None:
        self.strict = strict
        self.problems: List[Tuple[str, Union[str, Message]]] = []

    def __call__(self, path: str, line: int, message: Union[str, Message]) -> None:
        if self.strict:
            raise RulesError(Message(_AT, reason=message, where=f"{path}:{line}"))
        self.problems.append((f"{path}:{line}", message))


def load_rules(spec: Optional[object] = None) -> HouseRules:
    """HouseRules from a preset name or a YAML file path (None: the oklahoma preset). Raises RulesError."""
    return explain_rules(spec)[0]


def explain_rules(spec: Optional[object] = None) -> Tuple[HouseRules, Dict[str, str]]:
    """``(HouseRules, {knob: source})``; a source is ``default``, a preset name, or ``FILE:LINE``."""
    name = DEFAULT_PRESET if spec is None else str(spec)
    report = _Report(strict=True)
    source = locate(name)
    knobs, sources = _merge(_read_chain(source, report), report)
    return make_rules(knobs, name=source.preset or name), sources  # a preset by its own name: Classic -> classic


def explain_chain(spec: Optional[object] = None) -> Tuple[HouseRules, Dict[str, str], List[str]]:
    """``(HouseRules, {knob: source}, chain)``: as ``explain_rules``, with the extends chain read from
    ``spec`` down (each a preset name or a file path, ``spec``'s own first)."""
    name = DEFAULT_PRESET if spec is None else str(spec)
    report = _Report(strict=True)
    layers = _read_chain(locate(name), report)
    knobs, sources = _merge(layers, report)
    return make_rules(knobs, name=name), sources, [layer.source.label for layer in layers]


def check_rules_file(path: object) -> List[str]:
    """Every problem of a rules file and the files it extends, each ``FILE:LINE: message`` in English ([] if
    none). Raises RulesError only when ``path`` itself is not a file."""
    return [f"{where}: {message}" for where, message in rules_file_problems(path)]


def rules_file_problems(path: object) -> List[Tuple[str, Union[str, Message]]]:
    """Every problem of a rules file and the files it extends, each ``(FILE:LINE, message)`` ([] if none):
    the message as data, said where it is shown. Raises RulesError only when ``path`` itself is not a file.
    """
    report = _Report(strict=False)
    _merge(_read_chain(file_source(str(path)), report), report)
    return report.problems


def list_presets() -> List[Tuple[str, str]]:
    """``[(name, description)]`` of every preset: the six of docs/rules.md §10 first, then any other."""
    presets = []
    for name in preset_names():
        layer = read_layer(preset_source(name), _Report(strict=True))
        assert layer is not None  # (a strict report raises at a preset's first problem)
        presets.append((name, layer.description or ""))
    return presets


def _read_chain(source: Optional[Source], report: Report) -> List[Layer]:
    """The layers from ``source`` down its extends chain, top first; a cycle or a missing file ends it."""
    layers: List[Layer] = []
    visited: List[Path] = []
    while source is not None:
        layer = read_layer(source, report)
        if layer is None:
            break
        layers.append(layer)
        visited.append(Path(source.path).resolve())
        source = None
        if layer.extends is not None:
            spec, line = layer.extends
            try:
                source = locate(spec, Path(layer.source.path).parent)
            except RulesError as exc:
                report(layer.source.path, line, reason(exc))
                break
            if Path(source.path).resolve() in visited:
                cycle = " -> ".join([item.source.label for item in layers] + [source.label])
                report(layer.source.path, line, Message(N_("extends cycle: %(cycle)s"), cycle=cycle))
                break
    return layers


def _merge(layers: List[Layer], report: Report) -> Tuple[Dict[str, Any], Dict[str, str]]:
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
    for message in consistency_problems(knobs):
        named = [name for name in KNOBS if re.search(rf"\b{name}\b", message.words % dict(message.facts()))]
        if rejected.intersection(named):
            continue
        blamed = [origins[name] for name in named if name in origins]
        _depth, path, line = min(blamed, key=lambda o: (o[0], -o[2])) if blamed else (0, layers[0].source.path, 1)
        report(path, line, message)
    return knobs, sources
