"""The record as mappings in match/, counted (issue 36 item 1): a ratchet while the typed record replaces them.

Item 1 ends with no mapping of record data in match/ (tests/test_architecture.py::test_no_mapping_of_record_data
holds each module to its count in NOT_YET_TYPED meanwhile, and then refuses any). Until then these counts may only
fall: a change that adds a ``Dict[str, Any]``, a ``Mapping[str, Any]`` or a use of the
``Entry``/``Record`` aliases to match/ fails here; one that removes some lowers the ceiling with it. (``.get(``
and ``isinstance(`` are reported, not held down: while the record is read as mappings, a value narrowed to its
field's type in match/ takes one of each; they go with the typed reader.)
``python benchmarks/record_counts.py`` prints the figures."""

import re
from pathlib import Path

MATCH = Path(__file__).resolve().parent.parent / "gin_ref" / "match"
CEILINGS = {"Dict[str, Any]": 2, "Mapping[str, Any]": 0, "Entry/Record": 170}


def test_match_holds_no_more_mapping_code_than_it_did():
    texts = "".join(path.read_text(encoding="utf-8") for path in sorted(MATCH.glob("*.py")))
    found = {key: texts.count(key) for key in CEILINGS if key != "Entry/Record"}
    found["Entry/Record"] = len(re.findall(r"\b(?:Entry|Record)\b", texts))
    assert {key: count for key, count in found.items() if count > CEILINGS[key]} == {}
