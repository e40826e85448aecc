"""The counts issue 36 asks for, before and after: ``python benchmarks/record_counts.py [CHECKOUT ...]``

For each checkout (default: this one) it prints, in ``gin_ref/match/``: the occurrences of ``Dict[str, Any]``,
of ``.get(`` and of ``isinstance(`` (in code and comments alike, as text), of the words ``Entry`` and ``Record``
(the aliases of a mapping of record data), and the number of modules; in
``gin_ref/`` as a whole: the lines of its Python files and the ``import`` statements that stand inside a
function (found with ``ast``, so a word "import" in a string or a comment is not one). Give two checkouts
(``git worktree add /tmp/before main``) to see the figures side by side.
"""

import argparse
import ast
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
TEXTS = ("Dict[str, Any]", ".get(", "isinstance(")


def _nested_imports(tree: ast.AST) -> int:
    """Imports inside functions, each counted once (a function inside a function is walked by both)."""
    seen = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            seen.update(id(inner) for inner in ast.walk(node) if isinstance(inner, (ast.Import, ast.ImportFrom)))
    return len(seen)


def counts(root: Path) -> dict:
    package = root / "gin_ref"
    match = sorted((package / "match").glob("*.py"))
    texts = "".join(path.read_text(encoding="utf-8") for path in match)
    found = {f"{text!r} in match/": texts.count(text) for text in TEXTS}
    found["'Entry'/'Record' (the mapping aliases) in match/"] = len(re.findall(r"\b(?:Entry|Record)\b", texts))
    found["modules in match/"] = len([path for path in match if path.name != "__init__.py"])
    files = sorted(package.rglob("*.py"))
    found["lines in gin_ref/"] = sum(len(path.read_text(encoding="utf-8").splitlines()) for path in files)
    found["imports inside functions (gin_ref/)"] = sum(
        _nested_imports(ast.parse(path.read_text(encoding="utf-8"))) for path in files)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkouts", nargs="*", type=Path, default=[HERE])
    roots = parser.parse_args().checkouts
    table = [counts(root) for root in roots]
    width = max(len(key) for key in table[0])
    print(f"{'':{width}}  " + "  ".join(f"{str(root):>14}" for root in roots))
    for key in table[0]:
        print(f"{key:{width}}  " + "  ".join(f"{row[key]:>14}" for row in table))


if __name__ == "__main__":
    main()
