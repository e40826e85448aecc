"""Finding match files: each file named, and each ``*.yaml`` / ``*.yml`` file under each folder named
(``verify``, ``history``, ``stats``, ``standings``, ``export``, ``settle``). Only the names: whether a file
found is a match is for its reader to say."""

import os
from typing import List, Sequence, Set, Tuple

MATCH_SUFFIXES = (".yaml", ".yml")


def candidates(paths: Sequence[str]) -> List[Tuple[str, bool]]:
    """``(file, named)`` for each file named and each *.yaml / *.yml file under each directory named
    (recursively, sorted); ``named`` files must be matches, found ones only count if they claim to be."""
    found: List[Tuple[str, bool]] = []
    seen: Set[str] = set()

    def add(file: str, named: bool) -> None:
        real = os.path.realpath(file)
        if real not in seen:  # a match named twice, or reached twice, counts once
            seen.add(real)
            found.append((file, named))

    for path in paths or ["."]:
        if not os.path.isdir(path):
            add(path, True)
            continue
        for root, dirs, files in os.walk(path):
            dirs.sort()
            for name in sorted(files):
                file = os.path.join(root, name)
                if name.endswith(MATCH_SUFFIXES) and os.path.isfile(file):  # no pipes or devices
                    add(file[2:] if path == "." and file.startswith("./") else file, False)
    return found
