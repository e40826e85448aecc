"""``gin_ref.core.lazydata.dataclass``: the standard decorator, applied when the class is first used, so a
class behaves as a standard dataclass from its first use on, and a command that imports a class it never
uses does not pay for its methods."""

import dataclasses
import subprocess
import sys
from typing import Dict, Optional

import pytest

from gin_ref.core.lazydata import dataclass


def test_an_instance_is_a_standard_frozen_dataclass_s():
    @dataclass(frozen=True)
    class Point:
        x: int
        y: Optional[int] = None
        tags: Dict[str, int] = dataclasses.field(default_factory=dict, hash=False)

    assert "__eq__" not in Point.__dict__  # not decorated yet
    point = Point(1, y=2)
    assert point == Point(1, 2) and point != Point(2, 1) and hash(point) == hash(Point(1, 2))
    assert repr(point) == "test_an_instance_is_a_standard_frozen_dataclass_s.<locals>.Point(x=1, y=2, tags={})"
    assert Point(3).tags == {} and Point(3).tags is not Point(3).tags
    with pytest.raises(dataclasses.FrozenInstanceError):
        point.x = 5  # type: ignore[misc]
    assert dataclasses.replace(point, x=7) == Point(7, 2)
    assert Point.__match_args__ == ("x", "y", "tags")
    with pytest.raises(TypeError):
        Point()  # type: ignore[call-arg]


def test_fields_and_is_dataclass_ask_of_the_class_before_any_instance():
    @dataclass(frozen=True)
    class Knob:
        name: str
        value: int = dataclasses.field(default=3, metadata={"doc": "how many"})

    assert dataclasses.is_dataclass(Knob)
    assert [(f.name, f.default, dict(f.metadata)) for f in dataclasses.fields(Knob)] == [
        ("name", dataclasses.MISSING, {}), ("value", 3, {"doc": "how many"})]
    assert Knob("a") == Knob("a", 3)


def test_a_dataclass_subclass_sees_its_lazy_base_s_fields():
    @dataclass
    class Base:
        a: int

    @dataclasses.dataclass
    class Standard(Base):
        b: int = 0

    @dataclass
    class Lazy(Base):
        c: int = 1

    assert Standard(1, 2) == Standard(a=1, b=2) and Lazy(5).a == 5 and Lazy(5, 6).c == 6
    assert [f.name for f in dataclasses.fields(Lazy)] == ["a", "c"]


def test_a_class_with_its_own_init_or_slots_is_decorated_at_once():
    @dataclass(slots=True)
    class Slotted:
        a: int

    @dataclass
    class OwnInit:
        a: int

        def __init__(self, text: str) -> None:
            self.a = int(text)

    assert "__eq__" in Slotted.__dict__ and Slotted.__slots__ == ("a",)
    assert "__eq__" in OwnInit.__dict__ and OwnInit("4") == OwnInit("4") and OwnInit("4").a == 4


def test_the_tally_s_classes_are_the_standard_decorator_s():
    from gin_ref.match import tally
    from gin_ref.views import sheet

    for cls in (tally.Tally, tally.HandTally, tally.Turn, tally.GameTally, sheet.Sheet, sheet.SheetLine):
        fields = dataclasses.fields(cls)
        assert cls.__dataclass_params__.frozen and "__setattr__" in cls.__dict__ and "__hash__" in cls.__dict__
        assert fields and all(isinstance(f, dataclasses.Field) for f in fields)
    assert tally.Turn("Ann", "draw") == tally.Turn("Ann", "draw")


def test_reading_a_match_file_does_not_decorate_the_classes_it_does_not_use():
    code = ("import sys; from gin_ref.cli import main; import gin_ref.match.tally as t, gin_ref.views.sheet as s;"
            "print(sorted(c.__name__ for c in (t.Turn, t.GameTally, t.ResultOnly, s.Sheet) if '__eq__' in c.__dict__))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == "[]\n"
