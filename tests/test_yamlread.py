"""The YAML reader (gin_ref.files.yamlread and its parts): it returns exactly what PyYAML's safe loader
returns, or refuses with the line; never an exception from PyYAML, never a value that is not plain data.
Each case runs with the C loader (when libyaml is there) and with the pure-Python one."""

import importlib

import pytest
import yaml

from gin_ref.core.errors import RecordError
from gin_ref.files import yamlread

try:
    yamlload = importlib.import_module("gin_ref.files.yamlload")
except ImportError:  # an older layout: only the loader it chooses itself
    yamlload = None

LOADERS = [name for name in ("CSafeLoader", "SafeLoader") if hasattr(yaml, name)]


@pytest.fixture(params=LOADERS)
def loader(request, monkeypatch):
    """The loader gin-ref falls back to, forced to each of PyYAML's two."""
    cls = getattr(yaml, request.param)
    if yamlload is not None:
        monkeypatch.setattr(yamlload, "_loader", [cls])
    elif request.param != "CSafeLoader":
        pytest.skip("no way to choose the loader")
    return cls


def outcome(text):
    """What the reader makes of ``text``: ``("data", value)`` or ``("refused", line or where, message)``."""
    try:
        data, problems = yamlread.parse(text)
    except RecordError as exc:
        return ("refused", exc.line, exc.message)
    if problems:
        where, message = problems[0]
        return ("refused", where, str(message))  # (a Message: its English)
    return ("data", data)


def pyyaml(text, loader):
    try:
        return ("data", yaml.load(text, Loader=loader))
    except Exception as exc:  # noqa: BLE001 - PyYAML raises more than YAMLError on these texts
        return ("error", type(exc).__name__)


@pytest.mark.parametrize("text, message", [
    ("irregularities: !!seq\n", "YAML tag '!!seq' on a single value is not read: write [] or {} for an empty one"),
    ("start: !!map\n", "YAML tag '!!map' on a single value is not read: write [] or {} for an empty one"),
    ("a:\n  - !!seq\n", "YAML tag '!!seq' on a single value is not read: write [] or {} for an empty one"),
], ids=["seq", "map", "in a list"])
def test_an_empty_tagged_collection_is_refused_not_read_as_empty(loader, text, message):
    assert pyyaml(text, loader)[0] == "error"  # PyYAML itself cannot build it
    assert outcome(text)[0::2] == ("refused", message)


@pytest.mark.parametrize("length", [1023, 1024, 1025, 1100])
@pytest.mark.parametrize("layout", ["{k}: 1\n", "- {k}: 1\n", "a:\n  {k}: 1\n", "a: {{{k}: 1}}\n", "'{k}': 1\n"])
def test_a_long_key_is_read_as_pyyaml_reads_it(loader, layout, length):
    text = layout.format(k="k" * length)
    expected = pyyaml(text, loader)
    got = outcome(text)
    if expected[0] == "data":
        assert got == expected
    else:
        assert got[0] == "refused" and got[2].startswith("invalid YAML")


@pytest.mark.parametrize("value, message", [
    ("!!int", "cannot read '' as a whole number"),
    ("!!float ''", "cannot read '' as a number"),
    ("!!bool maybe", "cannot read 'maybe' as true or false"),
    ("!!timestamp x", "cannot read 'x' as a date or time"),
    ("!!timestamp ''", "cannot read '' as a date or time"),
    ("!!int 0x", "cannot read '0x' as a whole number"),
    ("!!null x", None),
])
def test_a_tag_pyyaml_cannot_build_is_a_problem_not_a_crash(loader, value, message):
    text = f"points: {value}\n"
    got = outcome(text)
    expected = pyyaml(text, loader)
    if expected[0] == "data":  # PyYAML builds it after all: then the same data
        assert got == expected
    else:
        assert got == ("refused", ("points",), message)


@pytest.mark.parametrize("value, message", [
    ("!!binary aGk=", "YAML tag '!!binary' is not allowed: only plain values are read"),
    ("!!set {x}", "YAML tag '!!set' is not allowed: only plain values are read"),
    (".nan", "cannot read '.nan' as a number: only finite numbers are read"),
    (".inf", "cannot read '.inf' as a number: only finite numbers are read"),
    ("-.Inf", "cannot read '-.Inf' as a number: only finite numbers are read"),
    ("!!float nan", "cannot read 'nan' as a number: only finite numbers are read"),
    ("!!omap [a: 1]", "YAML tag '!!omap' is not allowed: only plain values are read"),
])
def test_values_that_are_not_plain_data_are_refused(loader, value, message):
    """Bytes, sets and non-finite numbers have no JSON and no place in a record."""
    text = f"entry:\n  extra: {value}\n"
    assert outcome(text) == ("refused", ("entry", "extra"), message)


def test_a_lone_surrogate_is_refused_by_both_loaders(loader):
    text = 'players: [Ann, "B\\udcffn"]\n'
    got = outcome(text)
    assert got[0] == "refused"
    if pyyaml(text, loader)[0] == "data":  # the pure loader builds the lone surrogate; we do not
        assert got == ("refused", ("players", 1), "not valid text: it holds a lone surrogate (\\udcff)")


@pytest.mark.parametrize("depth", [99, 100, 101, 246, 1000, 5000])
def test_deep_nesting_is_read_or_refused_never_a_recursion_error(loader, depth):
    for text in ["a: " + "[" * depth + "]" * depth + "\n", "".join(" " * i + "a:\n" for i in range(depth + 1))]:
        got = outcome(text)
        if got[0] == "data":
            assert got == pyyaml(text, loader)
        else:
            assert got[2] == "nested too deeply: more than 100 levels" or got[2].endswith(
                "exceeded maximum nesting depth")


def test_plain_data_is_still_read_as_pyyaml_reads_it(loader):
    text = ("a: !!str 5\nb: 1.5\nc: 2024-05-01\nd: 2024-05-01T20:15:00+02:00\ne: [x, {y: ~}]\n"
            "f: !!int '12'\ng: !!bool yes\nh: 0x1f\n'i': \"q\\tq\"\n")
    assert outcome(text) == pyyaml(text, loader)


@pytest.mark.parametrize("text", ["!!seq\na: 1\n", "a: !!map [1, 2]\n", "a: !!seq {b: 1}\n", "- !!map\n  - x\n"])
def test_a_collection_tagged_as_the_other_kind_is_refused(loader, text):
    """Found by the mutation property: a mapping tagged !!seq was read as a mapping; PyYAML refuses it."""
    assert pyyaml(text, loader)[0] == "error"
    assert outcome(text)[0] == "refused"
