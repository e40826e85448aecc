"""How many imports sit inside functions? ``python benchmarks/count_imports.py [PACKAGE_DIR] [--modules]``

Issue 36 item 5: imports stand at the top of a module, but for the few heavy modules of the table in
docs/architecture.md ("Imports"). This counts the import statements inside a function (or a method) of
every module of the package, per folder (``top``: ``__init__.py`` and ``__main__.py``), and with
``--modules`` each module that has any. Imports under ``if TYPE_CHECKING:`` at a module's top are at its top.
Give another checkout's ``gin_ref`` folder to count it (``git worktree`` or ``git archive`` of a commit).
"""

import argparse
import ast
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent


def inside_functions(tree):
    """The import statements of ``tree`` that stand inside a function."""
    found = []

    def walk(node, inside):
        for child in ast.iter_child_nodes(node):
            if inside and isinstance(child, (ast.Import, ast.ImportFrom)):
                found.append(child)
            walk(child, inside or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    walk(tree, False)
    return found


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("package", nargs="?", default=str(HERE.parent / "gin_ref"), help="the gin_ref folder")
    parser.add_argument("--modules", action="store_true", help="list each module that imports inside functions")
    args = parser.parse_args(argv)
    package = Path(args.package)
    per_folder, per_module = Counter(), Counter()
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package)
        count = len(inside_functions(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))))
        per_folder[rel.parts[0] if len(rel.parts) > 1 else "top"] += count
        if count:
            per_module[str(rel)] = count
    print(f"imports inside functions in {package}: {sum(per_folder.values())}")
    for folder in sorted(per_folder):
        print(f"  {folder:<8} {per_folder[folder]:>4}")
    if args.modules:
        for module, count in sorted(per_module.items()):
            print(f"    {module:<32} {count:>3}")


if __name__ == "__main__":
    main()
