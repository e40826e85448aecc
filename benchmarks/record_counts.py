"""The counts issue 36 asks for, before and after: ``python benchmarks/record_counts.py [CHECKOUT ...]``

For each checkout (default: this one) it prints, in ``gin_ref/match/``: the occurrences of ``Dict[str, Any]``,
of ``.get(`` and of ``isinstance(`` (in code and comments alike, as text), of the words ``Entry`` and ``Record``
(the aliases of a mapping of record data; ``Record`` only where schema.py makes it one: it names the typed
record since), and the number of modules; in
``gin_ref/`` as a whole: the lines of its Python files, the ``import`` statements that stand inside a
function (found with ``ast``, so a word "import" in a string or a comment is not one; a lambda is a function,
and ``if TYPE_CHECKING:`` is not an import that runs), and what tests/test_imports.py counts: the pairs
``(module loaded late, the module importing it)`` among those, next to the pairs of docs/architecture.md's table
of late imports (its "Imports" section; nothing where that checkout has none). The two pair counts are equal
when every late import is listed. Give two checkouts (``git worktree add /tmp/before main``) to see the figures
side by side.
"""

import argparse
import ast
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
TEXTS = ("Dict[str, Any]", ".get(", "isinstance(")


def _late_imports(tree: ast.AST):
    """The import statements inside a function (or a lambda), not under ``if TYPE_CHECKING:``."""
    found = []

    def walk(node: ast.AST, inside: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and getattr(child.test, "id", getattr(child.test, "attr", None)) == "TYPE_CHECKING":
                continue
            if inside and isinstance(child, (ast.Import, ast.ImportFrom)):
                found.append(child)
            walk(child, inside or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    walk(tree, False)
    return found


def _loaded(node, package: Path) -> set:
    """The modules an import statement loads: ``import X`` X; ``from X import a`` X.a when that is a module
    of gin_ref, else X (relative imports made absolute)."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names}
    base = node.module or ""
    if node.level:  # (gin_ref imports absolutely; a relative one counts from the package)
        base = "gin_ref" + ("." + base if base else "")
    found = set()
    for alias in node.names:
        full = f"{base}.{alias.name}"
        parts = full.split(".")
        is_module = parts[0] == "gin_ref" and ((package.parent / Path(*parts)).with_suffix(".py").is_file()
                                               or (package.parent / Path(*parts) / "__init__.py").is_file())
        found.add(full if is_module else base)
    return found


def table_pairs(root: Path):
    """The pairs of the table of late imports in ``root``'s docs/architecture.md, or None without one."""
    path = root / "docs" / "architecture.md"
    text = path.read_text(encoding="utf-8") if path.is_file() else ""
    if "\n## Imports\n" not in text:
        return None
    section = text.split("\n## Imports\n", 1)[1].split("\n## ", 1)[0]
    pairs = {(row.group(1), by) for row in re.finditer(r"^\| `([\w.]+)` \| ([^|]*)\|", section, re.MULTILINE)
             for by in re.findall(r"`([\w/]+\.py)`", row.group(2))}
    return pairs or None


def counts(root: Path) -> dict:
    package = root / "gin_ref"
    match = sorted((package / "match").glob("*.py"))
    texts = "".join(path.read_text(encoding="utf-8") for path in match)
    found = {f"{text!r} in match/": texts.count(text) for text in TEXTS}
    # Record: while schema.py makes it the alias of a mapping (since #36 item 1 it is the typed record's name)
    aliases = "Entry|Record" if re.search(r"^Record = Dict", texts, re.M) else "Entry"
    found["'Entry'/'Record' (the mapping aliases) in match/"] = len(re.findall(rf"\b(?:{aliases})\b", texts))
    found["modules in match/"] = len([path for path in match if path.name != "__init__.py"])
    files = sorted(package.rglob("*.py"))
    found["lines in gin_ref/"] = sum(len(path.read_text(encoding="utf-8").splitlines()) for path in files)
    late = {path: _late_imports(ast.parse(path.read_text(encoding="utf-8"))) for path in files}
    found["imports inside functions (gin_ref/)"] = sum(len(nodes) for nodes in late.values())
    found["  (module, importer) pairs of them"] = len({(module, path.relative_to(package).as_posix())
                                                       for path, nodes in late.items() for node in nodes
                                                       for module in _loaded(node, package)})
    listed = table_pairs(root)
    found["  pairs in the table of late imports"] = "-" if listed is None else len(listed)
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
