"""Babel's extraction for the command line (babel.cfg's ``[extractors]``; a developer's tool, never loaded
by a command): Babel's own Python extraction (``gettext``, ``N_``, ...) and, besides it, the help click shows
from a docstring: the docstring of every function made a command or group by gin-ref's makers, one message
a paragraph as ``gin_ref.cli.helptext`` says it."""

from __future__ import annotations

import ast
import io
from typing import IO, Any, Collection, Iterator, Mapping, Tuple

from gin_ref.cli.helptext import paragraphs

Found = Tuple[Any, ...]  # (line, function, message(s), comments), as Babel's extraction methods yield
MAKERS = {"command", "group"}


def _makes_a_command(node: ast.AST) -> bool:
    """Whether a function definition is made a command whose help gin-ref says by a decorator: the makers
    of ``gin_ref.cli.helptext`` (``@command("tally")``, ``@group``) or a group's own (``@event_cmd.command``).
    (click's own ``@click.command`` makes a command whose help is never translated: not extracted.)"""
    for decorator in getattr(node, "decorator_list", []):
        called = decorator.func if isinstance(decorator, ast.Call) else decorator
        if isinstance(called, ast.Name) and called.id in MAKERS:
            return True
        if isinstance(called, ast.Attribute) and called.attr in MAKERS and not (
                isinstance(called.value, ast.Name) and called.value.id == "click"):
            return True
    return False


def help_docstrings(source: bytes) -> Iterator[Tuple[int, str]]:
    """(line, message) for each paragraph of each docstring click shows as a command's help."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and _makes_a_command(node):
            docstring = ast.get_docstring(node, clean=False)
            if docstring:
                for _kept, message in paragraphs(docstring):
                    yield node.body[0].lineno, message


def extract(fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str],
            options: Any) -> Iterator[Found]:
    """Babel's extraction method: what ``python`` finds, then the help of the commands' docstrings."""
    from babel.messages.extract import extract_python  # (Babel: the test extra, a developer's tool)

    source = fileobj.read()
    yield from extract_python(io.BytesIO(source), keywords, comment_tags, options)
    for line, message in help_docstrings(source):
        yield line, None, message, []
