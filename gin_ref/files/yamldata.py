"""The data the YAML readers return: a dict and a list that also hold the line of each key or item.

``gin_ref.files.yamlfast`` (the writer's own layout) and ``gin_ref.files.yamlload`` (PyYAML) both build
them; ``line_of`` turns a problem's key path into a line of the file.
"""


class LineDict(dict):
    """A mapping read from a file: ``line`` is its first line, ``lines[key]`` the line of each key; a match
    record's top mapping keeps what its end line said in ``end`` (``gin_ref.files.recordformat``)."""

    __slots__ = ("line", "lines", "end")


class LineList(list):
    """A list read from a file: ``line`` is its first line, ``lines[i]`` the line of each item."""

    __slots__ = ("line", "lines")


def line_of(data, where):
    """The line of the key or item at path ``where`` (the deepest one found), or the document's first."""
    node, line = data, getattr(data, "line", 1)
    for key in where:
        lines = getattr(node, "lines", None)
        if isinstance(node, LineDict) and key in lines and key in node:
            line = lines[key]
        elif isinstance(node, LineList) and isinstance(key, int) and 0 <= key < len(lines):
            line = lines[key]
        else:
            break
        node = node[key]
    return line


def plain(data):
    """A copy of ``data`` as plain dicts and lists."""
    if isinstance(data, dict):
        return {key: plain(value) for key, value in data.items()}
    if isinstance(data, list):
        return [plain(value) for value in data]
    return data
