"""What does each value class cost a command's start? ``python benchmarks/bench_values.py [CLASS ...]``

Issue 36 item 5: a value class is a ``typing.NamedTuple`` when it is made once a hand or a turn, a frozen
``dataclasses.dataclass(slots=True)`` elsewhere where the start-up target holds. Making a class is paid at
the start of every command that imports its module: a dataclass writes and compiles its methods, a NamedTuple
its ``__new__``. This prints, for each class named (``module:Class``; by default the value classes of
``core/`` and ``views/``), the instructions under valgrind's callgrind that making it takes in each form:
NamedTuple, frozen slotted dataclass, a plain class with ``__slots__`` and a written ``__init__`` (nothing
generated: no ``__eq__``, ``__repr__``, ``__hash__``, no immutability), and ``gin_ref.core.frozen.Frozen`` while
that module exists.

Each figure is one process that makes the class ``--copies`` times (its fields as the class has them, every
annotation ``object``, every default ``None``), less one that imports the same modules and makes nothing,
divided by the copies. ``--string-annotations`` makes every annotation a string, as ``from __future__ import
annotations`` does: a NamedTuple then compiles each one (``typing.ForwardRef``), several times the cost, so
a module that makes NamedTuples does not import ``annotations``. The imports themselves are not in the figures: ``dataclasses`` costs a command that
had not loaded it the line ``import dataclasses`` of the table (``typing`` and ``collections`` are loaded by
every command).
"""

import argparse
import dataclasses
import importlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

DEFAULT = ["gin_ref.core.rules:HouseRules", "gin_ref.core.scoring:HandScore", "gin_ref.core.scoring:Showdown",
           "gin_ref.core.turns:Turn", "gin_ref.core.game:Owed", "gin_ref.core.layoffs:Layoff",
           "gin_ref.views.sheet:SheetLine", "gin_ref.views.sheet:Sheet"]
IMPORTS = "import collections, typing, dataclasses\n"
FORMS = {
    "NamedTuple": ("from typing import NamedTuple\n", "class {name}(NamedTuple):\n"),
    "dataclass": ("from dataclasses import dataclass\n", "@dataclass(frozen=True, slots=True)\nclass {name}:\n"),
    "Frozen": ("from gin_ref.core.frozen import Frozen\n", "class {name}(Frozen):\n"),
    "slotted": ("", "class {name}:\n"),  # a plain class: __slots__ and a written __init__, nothing generated
}


def fields_of(cls):
    """``(name, has a default)`` of each field of a NamedTuple, a dataclass or a Frozen class."""
    if dataclasses.is_dataclass(cls):
        return [(f.name, f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING)
                for f in dataclasses.fields(cls)]
    defaults = getattr(cls, "_field_defaults", None)
    if defaults is not None:  # a NamedTuple
        return [(name, name in defaults) for name in cls._fields]
    return [(name, name not in cls._required) for name in cls._fields]  # a Frozen class


FUTURE = [""]  # "from __future__ import annotations\n" with --string-annotations


def source(form, fields, copies):
    """A program that makes a class of ``fields`` in ``form`` ``copies`` times (none: only the imports)."""
    head, line = FORMS[form]
    body = "".join(f"    {name}: object" + (" = None\n" if default else "\n") for name, default in fields)
    if form == "slotted":
        params = "".join(f", {name}: object" + (" = None" if default else "") for name, default in fields)
        body = (f"    __slots__ = {tuple(name for name, _ in fields)!r}\n"
                f"    def __init__(self{params}) -> None:\n"
                + ("".join(f"        self.{name} = {name}\n" for name, _ in fields) or "        pass\n"))
    return FUTURE[0] + IMPORTS + head + "".join(
        line.format(name=f"Value{copy}") + body for copy in range(copies))


def counted(code):
    """The instructions one run of ``python -c code`` takes under callgrind."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    env.update(PYTHONHASHSEED="0", PYTHONPATH=str(HERE.parent))
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                           "-c", code], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    for line in done.stderr.splitlines():
        if "Collected :" in line:
            return int(line.split(":")[-1])
    sys.exit(f"valgrind gave no count: {done.stderr[-400:]}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("classes", nargs="*", default=DEFAULT, help="module:Class (default: core's and views')")
    parser.add_argument("--copies", type=int, default=5, help="classes made in each process (default 5)")
    parser.add_argument("--string-annotations", action="store_true", help="every annotation a string")
    args = parser.parse_args(argv)
    if args.string_annotations:
        FUTURE[0] = "from __future__ import annotations\n"
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not on PATH")
    forms = [form for form in FORMS if form != "Frozen" or importlib.util.find_spec("gin_ref.core.frozen")]
    base = {form: counted(source(form, [], 0)) for form in forms}
    bare = counted("import collections, typing\n")
    print(f"value classes: instructions to make one under callgrind (M), Python {sys.version.split()[0]}, "
          f"{args.copies} copies a run" + (", string annotations" if args.string_annotations else ""))
    print(f"  import dataclasses (into a command with collections and typing): "
          f"{(base['dataclass'] - bare) / 1e6:.2f} M")
    print(f"  {'class':<34} {'fields':>6} " + " ".join(f"{form:>10}" for form in forms))
    totals = dict.fromkeys(forms, 0.0)
    for path in args.classes:
        module, name = path.split(":")
        fields = fields_of(getattr(importlib.import_module(module), name))
        costs = {form: (counted(source(form, fields, args.copies)) - base[form]) / args.copies / 1e6
                 for form in forms}
        for form in forms:
            totals[form] += costs[form]
        print(f"  {path:<34} {len(fields):>6} " + " ".join(f"{costs[form]:>10.2f}" for form in forms))
    print(f"  {'all':<34} {'':>6} " + " ".join(f"{totals[form]:>10.2f}" for form in forms))


if __name__ == "__main__":
    main()
