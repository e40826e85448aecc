"""Two rule sets side by side: the knobs that differ, both values and where each came from
(``gin-ref rules diff``). Plain data from what ``gin_ref.files.rulesfile.explain_chain`` reads."""

from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from gin_ref.core.rules import HouseRules
from gin_ref.views.table import grid

Explained = Tuple[HouseRules, Mapping[str, str], Sequence[str]]  # rules, knob -> source, extends chain


def plain(value: Any) -> str:
    """A knob's value as it is written in a rules file: null, true, false, 10, upcard."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def diff_data(a: Explained, b: Explained) -> Dict[str, Any]:
    """The ``rules diff --json`` object: ``a`` and ``b`` {``rules``, ``chain``}, and ``differ``: one item per
    knob whose values differ {``knob``, ``a``, ``a_from``, ``b``, ``b_from``}, in the knobs' order."""
    (rules_a, from_a, chain_a), (rules_b, from_b, chain_b) = a, b
    knobs_a, knobs_b = rules_a.knobs(), rules_b.knobs()
    differ: List[Dict[str, Any]] = [
        {"knob": name, "a": knobs_a[name], "a_from": from_a[name], "b": knobs_b[name], "b_from": from_b[name]}
        for name in knobs_a if knobs_a[name] != knobs_b[name]]
    return {"a": {"rules": rules_a.name, "chain": list(chain_a)},
            "b": {"rules": rules_b.name, "chain": list(chain_b)}, "differ": differ}


def chain_words(side: Mapping[str, Any]) -> str:
    """``club.yaml extends classic`` (or the name alone when it extends nothing)."""
    return " extends ".join(side["chain"]) or side["rules"]


def diff_text(data: Mapping[str, Any], width: Optional[int] = None) -> str:
    """The knobs that differ as a grid fitting ``width`` cells, under the two chains; or a line saying none
    does."""
    a, b = data["a"]["rules"], data["b"]["rules"]
    lines = [f"{side['rules']}: {chain_words(side)}" for side in (data["a"], data["b"]) if len(side["chain"]) > 1]
    if not data["differ"]:
        return "\n".join(lines + ["no house rule differs"])
    rows = [(item["knob"], plain(item["a"]), item["a_from"], plain(item["b"]), item["b_from"])
            for item in data["differ"]]
    count = len(rows)
    lines.append(f"{count} house rule{'s' if count != 1 else ''} differ{'s' if count == 1 else ''}:")
    lines.append(grid(rows, ("house rule", a, "from", b, "from"), right=set(), width=width,
                       clip_end=(2, 4)))
    return "\n".join(lines)
