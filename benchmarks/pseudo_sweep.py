"""The pseudo-language sweep's counts (#38 item 6, docs/languages.md#the-pseudo-language-test): every
command's ``--help``, the goldens' commands, every command's refusals (tests/pseudosweep.py's
``refusal_commands``, run in a folder of bad inputs) and serve's pages under ``--lang xx`` (made in a temporary
directory from the template), per command the runs of ASCII letters said past the catalogue, and the total.

    python benchmarks/pseudo_sweep.py
"""

import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE / "tests"))

import pytest  # noqa: E402  (its MonkeyPatch: the same seam as the tests)

import pseudolang  # noqa: E402
import pseudosweep  # noqa: E402


def main():
    patch = pytest.MonkeyPatch()
    with tempfile.TemporaryDirectory() as locale, tempfile.TemporaryDirectory() as work, \
            tempfile.TemporaryDirectory() as refusals:
        pseudolang.use(patch, pseudolang.install(locale))
        os.environ.pop("GIN_REF_LANG", None)
        os.environ.pop("GIN_REF_MATCH", None)
        kept = pseudosweep.contract_words() | {"Error"}
        os.chdir(HERE)
        found = pseudosweep.sweep(pseudosweep.every_help(), kept, pseudosweep.json_keys())
        found.update(pseudosweep.sweep(pseudosweep.golden_commands(), kept | pseudosweep.EXAMPLE_NAMES,
                                       pseudosweep.json_keys()))
        found.update(pseudosweep.refusal_sweep(Path(refusals), kept))
        found.update(pseudosweep.serve_pages(Path(work), kept))
        patch.undo()
    print("\n".join(pseudosweep.summary(found)))


if __name__ == "__main__":
    main()
