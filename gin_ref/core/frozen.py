"""``Frozen``: a base for a frozen value class, made in a moment.

A class deriving from it lists its fields as annotations, with their defaults, as a frozen dataclass does;
it gets the same ``__init__`` (positional or keyword arguments, in the order of the fields), ``==``, a hash,
the ``repr``, and ``_replace``/``_fields``/``_asdict`` as a NamedTuple has them. Setting or deleting an
attribute raises AttributeError. The hash is worked out once (the house rules are a cache's key).

Why not a dataclass or a NamedTuple: both write and compile code for each class when it is made (a
dataclass its methods, a NamedTuple its ``__new__``), about 0.1 M instructions a field, paid at the start of
every command: 3.4 M for the 34 fields of the house rules. These methods are written once, here, and read
the fields from the class. The ``__init__`` given here reads its arguments against the fields, a few
microseconds an instance: good for a class made a few times a command (the house rules, the tally); a class
made once a hand or a turn writes its own, ``fill(self, name=name, ...)`` (every field, in order), as quick
as a NamedTuple's.

Memory: a value's fields are set one by one in the order of the fields (``fill``), never through its
``__dict__``, so Python keeps them in the object itself, as for any object whose attributes are set alike,
and no dictionary of its own is made: 144 bytes for seven fields, not 336 (a record of 100,000 hands keeps
some of these for each hand). The type checker sees a frozen dataclass (``dataclass_transform``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, ClassVar, Dict, Tuple

__all__ = ["Frozen", "fill"]

_SET = object.__setattr__


def fill(instance: object, **fields: Any) -> None:
    """Set a new value's fields, in the order given (its ``__init__`` gives every field, in the class's
    order): the quick way for a class made once a hand or a turn."""
    for name, value in fields.items():
        _SET(instance, name, value)

if TYPE_CHECKING:
    from typing import Self, dataclass_transform
else:  # typing's own is Python 3.11's, and does nothing at run time but mark the class
    def dataclass_transform(**options: Any) -> Callable[[type], type]:
        return lambda cls: cls


@dataclass_transform(frozen_default=True)
class Frozen:
    """The base class (see the module): fields from the annotations, in order, each a default or required."""

    _fields: ClassVar[Tuple[str, ...]] = ()
    _required: ClassVar[Tuple[str, ...]] = ()

    def __init_subclass__(cls, **options: Any) -> None:
        super().__init_subclass__(**options)
        own = [name for name, kind in cls.__dict__.get("__annotations__", {}).items()
               if not (isinstance(kind, str) and kind.startswith("ClassVar")) and getattr(kind, "__origin__", None)
               is not ClassVar]
        cls._fields = cls._fields + tuple(name for name in own if name not in cls._fields)
        cls._required = tuple(name for name in cls._fields if not hasattr(cls, name))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        fields = self._fields
        if len(args) > len(fields):
            raise TypeError(f"{type(self).__name__}() takes {len(fields)} arguments, {len(args)} given")
        values: Dict[str, Any] = dict(zip(fields, args))
        for name, value in kwargs.items():
            if name not in fields:
                raise TypeError(f"{type(self).__name__}() got an unexpected keyword argument '{name}'")
            if name in values:
                raise TypeError(f"{type(self).__name__}() got multiple values for argument '{name}'")
            values[name] = value
        missing = [name for name in self._required if name not in values]
        if missing:
            raise TypeError(f"{type(self).__name__}() missing arguments: {', '.join(missing)}")
        for name in fields:  # every field, in order (see the module: memory)
            _SET(self, name, values[name] if name in values else getattr(type(self), name))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field '{name}' of a frozen {type(self).__name__}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field '{name}' of a frozen {type(self).__name__}")

    def _values(self) -> Tuple[Any, ...]:
        return tuple([getattr(self, name) for name in self._fields])

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._values() == other._values()

    def __hash__(self) -> int:  # worked out once (a cache's key: the house rules of every hand judged)
        try:
            value: int = object.__getattribute__(self, "_hash")
        except AttributeError:
            value = hash(self._values())
            _SET(self, "_hash", value)
        return value

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__qualname__}({shown})"

    def _replace(self, **changes: Any) -> Self:
        """A copy with ``changes`` made (NamedTuple's name for ``dataclasses.replace``)."""
        return type(self)(**{**{name: getattr(self, name) for name in self._fields}, **changes})

    def _asdict(self) -> Dict[str, Any]:
        return {name: getattr(self, name) for name in self._fields}
