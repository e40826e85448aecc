"""The sentences left outside the catalogue (#38): ``python benchmarks/count_sentences.py [CHECKOUT [CHECKOUT]]``

An AST count over a checkout's ``gin_ref/`` of the string literals meant for people, and how many of them
go through the catalogue, per folder (core, match, views, ..., and the package's own modules as ``(top)``).
With two checkouts (a before and an after: ``/work/main .``), both, side by side, and the change. Without
one, the checkout this script is in.

What counts as a sentence: a string literal (an f-string is one, its fields as ``{}``) holding two or more
words, a word being a token between spaces made of letters that begin with any case and go on in lower
case (``knock``, ``Error:``), so card codes, options, ``FILE``, ``JSON``, ``gin-ref`` and ``match.yaml``
are not words and ``"AS 2S 3S"`` or ``"--json"`` is no sentence.
Left out as not meant for people: docstrings (the developer's words), except the docstring click shows as
a command's help (a function decorated by a command or group maker, ``@click.command``, ``@command``,
``@event_cmd.command``), which counts; type annotations (``"Optional[Card]"``); the patterns of ``re``;
``__all__``; the names in ``getattr``, ``os.environ`` and the like.

Through the catalogue: a literal that is the message of ``gettext``, ``ngettext``, ``N_`` or ``Nn_`` (or
``_``), and a help docstring every paragraph of which is a message of the checkout's
``gin_ref/locale/gin_ref.pot`` (a docstring is said through the catalogue only by a command that translates
it, and only then is it extracted there: gin_ref.cli.helpextract). Everything else is outside.
"""

import argparse
import ast
import inspect
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
WORD = re.compile(r"""[(\[{"'`]*[A-Za-z][a-z]+[)\]}"'`,.:;!?]*""")
THROUGH = {"gettext", "ngettext", "N_", "Nn_", "_", "pgettext", "npgettext", "dgettext", "dngettext"}
MAKERS = {"command", "group"}
NOT_FOR_PEOPLE = {  # calls whose string arguments are names or patterns, not words for people
    "getattr", "setattr", "hasattr", "delattr", "get", "getenv", "pop", "setdefault", "compile", "match",
    "fullmatch", "search", "sub", "subn", "split", "findall", "finditer", "import_module", "__import__",
    "namedtuple", "NamedTuple", "TypeVar", "cast", "startswith", "endswith", "strftime", "strptime",
}


def is_sentence(text):
    """Two or more words: tokens between spaces that are letters (a first of any case, then lower case),
    with only punctuation around them (``gin-ref``, ``--big-gin`` and ``match.yaml`` are no words)."""
    return sum(1 for token in text.split() if WORD.fullmatch(token)) >= 2


def _text_of(node):
    """The text of a string literal or an f-string (fields as ``{}``), else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(part.value if isinstance(part, ast.Constant) and isinstance(part.value, str) else "{}"
                       for part in node.values)
    return None


def _call_name(call):
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _makes_a_command(function):
    for decorator in function.decorator_list:
        called = decorator.func if isinstance(decorator, ast.Call) else decorator
        name = called.attr if isinstance(called, ast.Attribute) else getattr(called, "id", "")
        if name in MAKERS:
            return True
    return False


def paragraphs(text):
    """The paragraphs of a help text as click lays them out (gin_ref.cli.helptext.paragraphs says them)."""
    found, block = [], []
    for line in inspect.cleandoc(text).partition("\f")[0].splitlines() + [""]:
        if line:
            block.append(line)
            continue
        if block and block[0].strip() == "\b":
            found.append("\n".join(block[1:]))
        elif block:
            found.append(" ".join(part.strip() for part in block))
        block = []
    return found


class _Counter(ast.NodeVisitor):
    def __init__(self, catalogue):
        self.catalogue = catalogue
        self.inside = 0
        self.outside = 0
        self.help_inside = 0
        self.help_outside = 0
        self._skip = set()  # ids of nodes already judged (docstrings, messages, names)
        self.left = []  # (line, text) of each sentence outside

    def _judge(self, node, through):
        text = _text_of(node)
        if text is None or id(node) in self._skip:
            return
        self._skip.add(id(node))
        for part in ast.walk(node):
            self._skip.add(id(part))  # an f-string's own constants are part of it
        if is_sentence(text):
            if through:
                self.inside += 1
            else:
                self.outside += 1
                self.left.append((node.lineno, text))

    def _docstring(self, node):
        body = getattr(node, "body", None)
        if body and isinstance(body[0], ast.Expr) and _text_of(body[0].value) is not None \
                and isinstance(body[0].value, ast.Constant):
            return body[0].value
        return None

    def visit_Module(self, node):
        doc = self._docstring(node)
        if doc is not None:
            self._skip.add(id(doc))
        self.generic_visit(node)

    def visit_ClassDef(self, node):
        doc = self._docstring(node)
        if doc is not None:
            self._skip.add(id(doc))
        self.generic_visit(node)

    def visit_FunctionDef(self, node):
        doc = self._docstring(node)
        if doc is not None:
            self._skip.add(id(doc))
            if _makes_a_command(node) and is_sentence(doc.value):
                if all(message in self.catalogue for message in paragraphs(doc.value)):
                    self.help_inside += 1
                else:
                    self.help_outside += 1
                    self.left.append((doc.lineno, doc.value))
        for annotation in [node.returns] + [arg.annotation for arg in ast.walk(node.args) if isinstance(arg, ast.arg)]:
            if annotation is not None:
                self._skip.update(id(part) for part in ast.walk(annotation))
        self.generic_visit(node)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_AnnAssign(self, node):
        self._skip.update(id(part) for part in ast.walk(node.annotation))
        self.generic_visit(node)

    def visit_Assign(self, node):
        if any(isinstance(target, ast.Name) and target.id == "__all__" for target in node.targets):
            self._skip.update(id(part) for part in ast.walk(node.value))
        self.generic_visit(node)

    def visit_Call(self, node):
        name = _call_name(node)
        if name in THROUGH:
            for arg in node.args:
                self._judge(arg, through=True)
        elif name in NOT_FOR_PEOPLE:
            for arg in node.args:
                self._skip.update(id(part) for part in ast.walk(arg) if _text_of(part) is not None)
        self.generic_visit(node)

    def visit_Constant(self, node):
        self._judge(node, through=False)

    def visit_JoinedStr(self, node):
        self._judge(node, through=False)


def _catalogue(checkout):
    """The msgids of the checkout's template (none before there was one)."""
    pot = checkout / "gin_ref" / "locale" / "gin_ref.pot"
    if not pot.exists():
        return set()
    from babel.messages.pofile import read_po  # (Babel: the test extra)

    with open(pot, "rb") as stream:
        return {message.id for message in read_po(stream) if isinstance(message.id, str)}


def count(checkout, listing=None):
    """{folder: Counter(inside=, outside=, help_inside=, help_outside=)} over a checkout's gin_ref/; the
    sentences outside of the folder ``listing`` are printed, each at its file and line."""
    package = checkout / "gin_ref"
    catalogue = _catalogue(checkout)
    figures = {}
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package)
        folder = rel.parts[0] if len(rel.parts) > 1 else "(top)"
        counter = _Counter(catalogue)
        counter.visit(ast.parse(path.read_bytes(), filename=str(path)))
        if listing == folder:
            for line, text in counter.left:
                print(f"gin_ref/{rel}:{line}: {text[:100]!r}")
        figures.setdefault(folder, Counter()).update(
            inside=counter.inside, outside=counter.outside, help_inside=counter.help_inside,
            help_outside=counter.help_outside)
    return figures


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkouts", nargs="*", type=Path, help="one checkout, or a before and an after")
    parser.add_argument("--list", metavar="FOLDER", help="print the sentences outside in FOLDER (cli, views, ...)")
    args = parser.parse_args(argv)
    checkouts = args.checkouts or [HERE.parent]
    if len(checkouts) > 2:
        parser.error("at most two checkouts: a before and an after")
    results = [count(checkout.resolve(), args.list) for checkout in checkouts]
    folders = sorted(set().union(*results), key=lambda name: (name == "(top)", name))
    print("Sentences meant for people in gin_ref/ (string literals of two or more words; docstrings aside, "
          "the help click shows counted): outside the catalogue / through it")
    header = "  ".join(f"{str(checkout):>28}" for checkout in checkouts)
    print(f"{'folder':<8}  {header}" + ("      change outside" if len(results) == 2 else ""))
    totals = [Counter() for _ in results]
    for folder in folders + ["total"]:
        cells, outs = [], []
        for index, figures in enumerate(results):
            counts = figures.get(folder, Counter()) if folder != "total" else totals[index]
            if folder != "total":
                totals[index].update(counts)
            outside = counts["outside"] + counts["help_outside"]
            inside = counts["inside"] + counts["help_inside"]
            outs.append(outside)
            cells.append(f"{outside:>8} out {inside:>6} in (help {counts['help_outside']}/{counts['help_inside']})")
        change = f"  {outs[1] - outs[0]:+8d}" if len(outs) == 2 else ""
        print(f"{folder:<8}  " + "  ".join(f"{cell:>28}" for cell in cells) + change)
    print("(help a/b: the commands' help docstrings outside / through the catalogue, counted in the figures)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
