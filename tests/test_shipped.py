"""The shipped examples (examples/*.yaml) and club night (events/club-night) are exactly what their scripts
write with the installed gin-ref: format /3 records, every settled hand sealed (issue 25 item 1)."""

import filecmp
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from gin_ref.cli import main

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = [("examples", "make_examples.sh", "*.yaml"), ("events", "make_club_night.sh", "club-night/*.yaml")]


def shipped_files(folder, pattern):
    return sorted(path.relative_to(folder) for path in folder.glob(pattern))


@pytest.mark.slow  # some 150 processes: run after the README's suite (.ci/run)
@pytest.mark.skipif(shutil.which("gin-ref") is None, reason="the scripts run the installed gin-ref")
@pytest.mark.parametrize("folder, script, pattern", SHIPPED, ids=[s[0] for s in SHIPPED])
def test_the_shipped_files_are_what_their_script_writes(tmp_path, folder, script, pattern):
    copy = tmp_path / folder
    shutil.copytree(ROOT / folder, copy)
    for made in copy.glob(pattern):
        made.unlink()  # the script must make every file itself
    env = {k: v for k, v in os.environ.items() if k != "GIN_REF_MATCH"}
    done = subprocess.run(["bash", str(copy / script)], capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr
    assert shipped_files(copy, pattern) == shipped_files(ROOT / folder, pattern)
    for name in shipped_files(ROOT / folder, pattern):
        assert filecmp.cmp(copy / name, ROOT / folder / name, shallow=False), \
            f"{folder}/{name} is not what {folder}/{script} writes: run `bash {folder}/{script}` and commit it"


@pytest.mark.parametrize("folder, pattern", [("examples", "*.yaml"), ("events", "club-night/round-*.yaml")])
def test_the_shipped_matches_are_format_3_and_sealed(folder, pattern):
    files = sorted((ROOT / folder).glob(pattern))
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert "\nformat: gin-ref-match/3\n" in text, path.name
        assert text.count("\n  seal: ") == text.count("\n- number: ") > 0, path.name
        assert "\nend: {hands: " in text and ", seal: '" in text.rsplit("\nend:", 1)[1], path.name
    result = CliRunner().invoke(main, ["verify", "--strict", *map(str, files)])
    assert result.exit_code == 0, result.output
    assert "seal" not in result.output, result.output
