"""Two rule sets side by side: the knobs that differ, both values and where each came from
(``gin-ref rules diff``). Typed values from what ``gin_ref.files.rulesfile.explain_chain`` reads; their
``data()`` is the ``rules diff --json`` object."""

from typing import Dict, List, Mapping, NamedTuple, Optional, Sequence, Tuple

from gin_ref.core.rules import HouseRules
from gin_ref.desk.language import gettext, ngettext
from gin_ref.views.table import grid

Explained = Tuple[HouseRules, Mapping[str, str], Sequence[str]]  # rules, knob -> source, extends chain


def plain(value: object) -> str:
    """A knob's value as it is written in a rules file: null, true, false, 10, upcard."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class Side(NamedTuple):
    """One rule set: its name and its extends chain (the file first, what it extends after)."""

    rules: str
    chain: List[str]


class Differ(NamedTuple):
    """A knob whose values differ: each side's value (a knob's value: None, a flag, a number or a word) and
    where it came from."""

    knob: str
    a: object
    a_from: str
    b: object
    b_from: str


class RulesDiff(NamedTuple):
    """``a`` and ``b``, and the knobs that differ, in the knobs' order."""

    a: Side
    b: Side
    differ: Tuple[Differ, ...]

    def data(self) -> Dict[str, object]:
        """The ``rules diff --json`` object: ``a`` and ``b`` {``rules``, ``chain``}, and ``differ``: one item
        per knob whose values differ {``knob``, ``a``, ``a_from``, ``b``, ``b_from``}."""
        return {"a": dict(self.a._asdict()), "b": dict(self.b._asdict()),
                "differ": [dict(item._asdict()) for item in self.differ]}


def rules_diff(a: Explained, b: Explained) -> RulesDiff:
    """The knobs of ``a`` and ``b`` that differ."""
    (rules_a, from_a, chain_a), (rules_b, from_b, chain_b) = a, b
    knobs_a, knobs_b = rules_a.knobs(), rules_b.knobs()
    differ = tuple(Differ(name, knobs_a[name], from_a[name], knobs_b[name], from_b[name])
                   for name in knobs_a if knobs_a[name] != knobs_b[name])
    return RulesDiff(Side(rules_a.name, list(chain_a)), Side(rules_b.name, list(chain_b)), differ)


def chain_words(side: Side) -> str:
    """``club.yaml extends classic`` (or the name alone when it extends nothing)."""
    if not side.chain:
        return side.rules
    said = side.chain[0]
    for base in side.chain[1:]:
        said = gettext("%(rules)s extends %(base)s") % {"rules": said, "base": base}
    return said


def diff_text(diff: RulesDiff, width: Optional[int] = None) -> str:
    """The knobs that differ as a grid fitting ``width`` cells, under the two chains; or a line saying none
    does."""
    a, b = diff.a.rules, diff.b.rules
    lines = [f"{side.rules}: {chain_words(side)}" for side in (diff.a, diff.b) if len(side.chain) > 1]
    if not diff.differ:
        return "\n".join(lines + [gettext("no house rule differs")])
    rows = [(item.knob, plain(item.a), item.a_from, plain(item.b), item.b_from) for item in diff.differ]
    count = len(rows)
    lines.append(ngettext("%(count)d house rule differs:", "%(count)d house rules differ:", count) % {"count": count})
    lines.append(grid(rows, (gettext("house rule"), a, gettext("from"), b, gettext("from")), right=set(), width=width,
                       clip_end=(2, 4)))
    return "\n".join(lines)
