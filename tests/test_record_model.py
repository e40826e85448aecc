"""The record as mappings in match/, counted (issue 36 item 1): a ratchet while the typed record replaces them.

Item 1 ends with no mapping of record data in match/ (tests/test_architecture.py will then refuse any). Until
then these counts may only fall: a change that adds a ``.get(``, a ``Dict[str, Any]``, a ``Mapping[`` or a use
of the ``Entry``/``Record`` aliases to match/ fails here; one that removes some lowers the ceiling with it.
(``isinstance(`` is not held down: a reader that narrows a value read from YAML to its field's type uses it.)
``python benchmarks/record_counts.py`` prints the figures."""

import re
from pathlib import Path

MATCH = Path(__file__).resolve().parent.parent / "gin_ref" / "match"
CEILINGS = {".get(": 230, "Dict[str, Any]": 21, "Entry/Record": 169, "Mapping[": 58}


def test_match_holds_no_more_mapping_code_than_it_did():
    texts = "".join(path.read_text(encoding="utf-8") for path in sorted(MATCH.glob("*.py")))
    found = {key: texts.count(key) for key in CEILINGS if key != "Entry/Record"}
    found["Entry/Record"] = len(re.findall(r"\b(?:Entry|Record)\b", texts))
    assert {key: count for key, count in found.items() if count > CEILINGS[key]} == {}
