"""What a replay finds wrong in a record: each problem with its path of keys into the record (``("hands",
2, "totals")``), which the file adapter turns into a line from the typed values read, each carrying its
lines (``gin_ref.files.matchtop.line_of``). Checks add problems to a ``Problems`` list; a
problem the replay cannot go past (no players, no usable rules) ends it with ``Unreadable``.

What a problem says is data (#38 item 1): a ``Message`` (a message of the catalogue and its facts), which
whoever shows it says in the reader's language (its ``str`` is the English sentence).
"""

from typing import List, NamedTuple, NoReturn, Sequence, Tuple, Union

from gin_ref.core.message import Message

Where = Tuple[Union[str, int], ...]  # keys and indexes, from the top of the record


class Problem(NamedTuple):
    """Something in a record that does not add up: where (a key path) and what (a ``Message``; a plain
    string from a check not yet worded as data, in English)."""

    where: Where
    message: Union[str, Message]


class Unreadable(Exception):
    """The replay cannot go on (the problem that says why is the last one found)."""


class Problems(List[Problem]):
    """The problems found so far, in the order found."""

    def add(self, where: Sequence[Union[str, int]], message: Union[str, Message]) -> None:
        self.append(Problem(tuple(where), message))

    def fatal(self, where: Sequence[Union[str, int]], message: Union[str, Message]) -> NoReturn:
        """Add the problem and stop the replay."""
        self.add(where, message)
        raise Unreadable(str(message))


def english(problems: Sequence[Problem]) -> List[Tuple[Where, str]]:
    """Each problem as ``(where, its English sentence)``: what ``--json`` and the English output say."""
    return [(problem.where, str(problem.message)) for problem in problems]


def same(stored: object, value: object) -> bool:
    """Equal, with the same types (True is not 1): an atom (text, a whole number, true or false, null) as
    written against one worked out. (A hand's totals and games are compared typed: ``gin_ref.match.replay``.)"""
    return type(stored) is type(value) and stored == value
