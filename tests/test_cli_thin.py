"""The command line is thin (#37 item 2): every click command parses its options, calls the desk and
renders the result. The longest command function is at most 40 lines (its docstring, the help, aside)."""

import ast
from pathlib import Path

CLI = Path(__file__).resolve().parent.parent / "gin_ref" / "cli"
LIMIT = 40


def _is_command(node):
    for decorator in node.decorator_list:
        call = decorator.func if isinstance(decorator, ast.Call) else decorator
        name = call.attr if isinstance(call, ast.Attribute) else getattr(call, "id", "")
        if name in ("command", "group"):
            return True
    return False


def command_lengths(source):
    """``{name: lines}`` of each click command function in ``source``: from its ``def`` to its last line,
    its docstring left out."""
    lengths = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef) and _is_command(node):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant):
                doc = body[0].end_lineno - body[0].lineno + 1
            else:
                doc = 0
            lengths[node.name] = node.end_lineno - node.lineno + 1 - doc
    return lengths


def all_lengths():
    found = {}
    for path in sorted(CLI.glob("*.py")):
        for name, lines in command_lengths(path.read_text(encoding="utf-8")).items():
            found[f"{path.name}:{name}"] = lines
    return found


def test_every_command_is_short():
    lengths = all_lengths()
    assert len(lengths) >= 25
    longest = max(lengths.items(), key=lambda item: item[1])
    assert longest[1] <= LIMIT, f"the longest command function: {longest}"


def test_the_measure_can_fail():
    source = '@click.command("x")\ndef x_cmd():\n    """Help\n\n    more."""\n' + "    pass\n" * 41
    assert command_lengths(source) == {"x_cmd": 42}


if __name__ == "__main__":  # the figure for the note: python tests/test_cli_thin.py
    lengths = all_lengths()
    name, lines = max(lengths.items(), key=lambda item: item[1])
    print(f"longest command function: {name} ({lines} lines, help aside); {len(lengths)} commands")
