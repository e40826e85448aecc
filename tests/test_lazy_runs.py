"""The runs' tables worked out a mask at a time (``deadwood._Runs``, what a command that checks a few hands
uses) hold exactly what the whole tables hold, and give way to them once many masks are asked for."""

from gin_ref.core import deadwood
from gin_ref.core.deadwood import _Runs


def whole_tables(monkeypatch):
    monkeypatch.setattr(deadwood, "_DW", _Runs({0: 0}))
    monkeypatch.setattr(deadwood, "_MELDED", _Runs({0: 0}))
    deadwood._build_tables()
    return list(deadwood._DW), list(deadwood._MELDED)


def test_every_mask_worked_out_alone_is_the_tables_entry(monkeypatch):
    dw, melded = whole_tables(monkeypatch)
    monkeypatch.setattr(deadwood, "_LAZY_LIMIT", 1 << 20)
    lazy_dw, lazy_melded = _Runs({0: 0}), _Runs({0: 0})
    monkeypatch.setattr(deadwood, "_DW", lazy_dw)
    monkeypatch.setattr(deadwood, "_MELDED", lazy_melded)
    for mask in reversed(range(1 << 13)):  # high masks first: each works out the masks below it it needs
        assert (lazy_dw[mask], lazy_melded[mask]) == (dw[mask], melded[mask])
    assert deadwood._DW is lazy_dw and len(lazy_dw) == 1 << 13


def test_a_hand_asks_for_a_few_masks_and_many_build_the_whole_tables(monkeypatch):
    dw, _melded = whole_tables(monkeypatch)
    monkeypatch.setattr(deadwood, "_DW", _Runs({0: 0}))
    monkeypatch.setattr(deadwood, "_MELDED", _Runs({0: 0}))
    hand = sum(1 << index for index in (0, 1, 2, 13 + 5, 13 + 6, 26 + 9, 26 + 10, 26 + 11, 39 + 12, 39 + 3))
    assert deadwood.deadwood_of(hand) == 6 + 7 + 10 + 4 and isinstance(deadwood._DW, _Runs)  # 6H 7H KC 4C loose
    assert len(deadwood._DW) < 50
    for mask in range(1 << 13):
        deadwood.deadwood_of(mask)
        if isinstance(deadwood._DW, list):
            break
    assert deadwood._DW == dw and mask <= deadwood._LAZY_LIMIT
