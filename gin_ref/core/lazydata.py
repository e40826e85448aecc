"""``dataclass``, made when first needed: the standard decorator, applied to a class the first time the
class is used as a dataclass (an instance made, or ``dataclasses.fields``/``is_dataclass`` asked of it),
not when its module is imported.

Why: the standard decorator writes and compiles each class's ``__init__``, ``__repr__``, ``__eq__``,
``__hash__``, ``__setattr__`` and ``__delattr__`` at import, about a million instructions a method, and a
command that reads one match file imports some two dozen such classes and makes instances of half of them.
The class is the same class, decorated by the same call with the same options: only the moment moves.

Until then the class holds two stand-ins: an ``__init__`` that decorates the class, then makes the instance
with the real ``__init__``; and a ``__dataclass_fields__`` that decorates the class when read (the way
``dataclasses.fields``, ``is_dataclass`` and a dataclass subclass's decorator read a class). A class that
defines its own ``__init__``, or asks for ``slots`` (the decorator then makes a new class), is decorated at
once. The type checker sees the standard decorator.
"""

from typing import TYPE_CHECKING, Any, Callable, Dict

__all__ = ["dataclass"]

if TYPE_CHECKING:
    from dataclasses import dataclass as dataclass
else:
    import _thread

    _LOCK = _thread.RLock()  # two threads making a first instance at once decorate the class once

    class _Fields:
        """The stand-in ``__dataclass_fields__``: decorates its class when read."""

        def __init__(self, owner: type) -> None:
            self.owner = owner

        def __get__(self, instance: Any, cls: type) -> Dict[str, Any]:
            _decorate(self.owner)
            return getattr(cls if instance is None else instance, "__dataclass_fields__")

    def _decorate(cls: type) -> None:
        with _LOCK:
            options = cls.__dict__.get("__lazydata_options__")
            if options is None:  # decorated already
                return
            for name in ("__lazydata_options__", "__dataclass_fields__", "__init__"):
                delattr(cls, name)
            from dataclasses import dataclass as standard

            standard(**options)(cls)

    def _lazy(cls: type, options: Dict[str, Any]) -> type:
        from dataclasses import dataclass as standard

        if options.get("slots") or "__init__" in cls.__dict__ or options.get("init") is False:
            return standard(**options)(cls)

        def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
            _decorate(cls)
            cls.__init__(self, *args, **kwargs)

        __init__.__qualname__ = f"{cls.__qualname__}.__init__"
        cls.__lazydata_options__ = options
        cls.__dataclass_fields__ = _Fields(cls)
        cls.__init__ = __init__
        return cls

    def dataclass(cls: Any = None, /, **options: Any) -> Any:
        """``dataclasses.dataclass`` (the same options), applied when the class is first used as one."""
        if cls is None:
            wrap: Callable[[type], type] = lambda cls: _lazy(cls, options)  # noqa: E731
            return wrap
        return _lazy(cls, options)
