"""Packaging (issue 42 item 5): the MIT licence in LICENSE and in the metadata, classifiers, a pyproject.toml
that only says how to build (the metadata stays in setup.py), and an sdist that carries docs/ and examples/
(the README's first command runs on them) and LICENSE."""

import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_the_licence_is_mit_and_named_in_the_metadata():
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License\n")
    setup = (ROOT / "setup.py").read_text(encoding="utf-8")
    assert 'license_expression="MIT"' in setup and 'license_files=["LICENSE"]' in setup
    assert "classifiers=[" in setup and '"Programming Language :: Python :: 3"' in setup


def test_pyproject_holds_the_build_system_only():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    tables = re.findall(r"^\[([^\]]+)\]", text, flags=re.M)
    assert tables == ["build-system"]


def test_the_manifest_carries_docs_and_examples():
    lines = (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines()
    assert "graft docs" in lines and "graft examples" in lines


@pytest.mark.slow  # builds the sdist in an isolated environment (some 20 s)
def test_the_sdist_lists_docs_examples_and_the_licence(tmp_path):
    pytest.importorskip("build")
    copy = tmp_path / "src"
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(".venv", ".git", "dist", "build", "*.egg-info",
                                                              "__pycache__", ".pytest_cache", ".hypothesis"))
    done = subprocess.run([sys.executable, "-m", "build", "--sdist", "--outdir", str(tmp_path / "dist"), str(copy)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    [sdist] = (tmp_path / "dist").glob("*.tar.gz")
    with tarfile.open(sdist) as tar:
        names = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
        info = tar.extractfile(next(m for m in tar.getmembers() if m.name.endswith("/PKG-INFO"))).read().decode()
    for needed in ("LICENSE", "docs/commands.md", "examples/oklahoma.yaml", "examples/season.csv",
                   "configs/oklahoma.yaml", "pyproject.toml", "gin_ref/schemas/match.schema.json"):
        assert needed in names, needed
    assert "License-Expression: MIT" in info and "License-File: LICENSE" in info
