"""The server's modules as layers (#37 item 3): no import cycle among them (imports inside functions
counted: a late import hides a cycle, it does not end it), and no module takes another's private names."""

import ast
from pathlib import Path

import gin_ref

SERVE = Path(gin_ref.__file__).parent / "serve"


def serve_imports(path):
    """The serve modules that the module at ``path`` imports (anywhere in it), and the private names it takes
    from them (``from gin_ref.serve.x import _y``, or ``x._y`` of a serve module imported as ``x``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found, private, aliases = set(), [], {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module.startswith("gin_ref.serve."):
                found.add(node.module.split(".")[2])
                private += [f"{node.module}.{a.name}" for a in node.names if a.name.startswith("_")]
            elif node.module == "gin_ref.serve":
                for alias in node.names:
                    found.add(alias.name)
                    aliases[alias.asname or alias.name] = alias.name
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("gin_ref.serve."):
                    found.add(alias.name.split(".")[2])
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases:
            if node.attr.startswith("_") and not node.attr.startswith("__"):
                private.append(f"{aliases[node.value.id]}.{node.attr}")
    return found - {path.stem}, private


def graph():
    return {path.stem: serve_imports(path) for path in sorted(SERVE.glob("*.py"))}


def cycle(edges):
    """One cycle of the graph ``edges`` (a list of module names), or None."""
    state = {}

    def visit(node, trail):
        state[node] = "open"
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == "open":
                return trail[trail.index(nxt):] + [nxt] if nxt in trail else [node, nxt]
            if nxt not in state:
                found = visit(nxt, trail + [nxt])
                if found:
                    return found
        state[node] = "done"
        return None

    for start in sorted(edges):
        if start not in state:
            found = visit(start, [start])
            if found:
                return found
    return None


def test_the_cycle_finder_finds_one():
    assert cycle({"board": {"director"}, "director": {"cards"}, "cards": {"server"}, "server": {"board"}}) == \
        ["board", "director", "cards", "server", "board"]
    assert cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_cycle_among_the_servers_modules():
    edges = {name: imports for name, (imports, _) in graph().items()}
    assert "served" in edges and "board" in edges
    assert cycle(edges) is None


def test_no_module_of_the_server_takes_anothers_private_names():
    taken = {name: private for name, (_, private) in graph().items() if private}
    assert taken == {}
