"""The docs hold together: CI runs the README's test command (mypy included, --strict on the command line),
every docs/ page the README links exists, and the code cites the project's own rules document, never a
RULES.md it does not have."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def readme_commands():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```sh\n(.*?)\n```", text, re.S)


def test_ci_runs_exactly_the_readme_test_command_with_mypy():
    test_command = next(c for c in readme_commands() if "pytest" in c)
    assert "python -m mypy gin_ref && python -m mypy --strict gin_ref/cli && python -m pytest -q -m 'not slow'" \
        in test_command
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert test_command in ci
    assert ci[-1] == "python -m pytest -q -m slow || [ $? -eq 5 ]"
    assert "python -m pytest -q -m slow" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_every_docs_page_the_readme_links_exists():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    linked = set(re.findall(r"\((docs/[\w.-]+\.md)", text))
    assert {"docs/rules.md", "docs/commands.md", "docs/match-file.md", "docs/json.md"} <= linked
    for page in linked:
        assert (ROOT / page).is_file(), page


def test_the_code_cites_docs_rules_md():
    cited = []
    for folder in ("gin_ref", "configs", "docs"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in (".py", ".yaml", ".md") and "RULES.md" in path.read_text(encoding="utf-8"):
                cited.append(str(path.relative_to(ROOT)))
    assert cited == []
    assert "RULES.md" not in (ROOT / "README.md").read_text(encoding="utf-8")


def test_rules_md_lists_every_knob_with_its_default():
    from gin_ref.core.rules import KNOBS

    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for name, knob in KNOBS.items():
        row = next((line for line in text.splitlines() if line.startswith(f"| `{name}` |")), None)
        assert row is not None, name
        default = {None: "null", True: "true", False: "false"}.get(knob.default, knob.default) \
            if not isinstance(knob.default, int) or isinstance(knob.default, bool) else knob.default
        cells = [cell.strip().strip("`") for cell in row.split("|")]
        assert cells[3] == str(default), (name, cells[3])
