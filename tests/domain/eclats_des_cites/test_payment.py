"""The payment rule (10.5): spec scenario T37, and a brute-force reading of its definition.

The engine uses the spec's "implementation note" shortcut; this test
enumerates every set of material cards (and the doubling flag), keeps those
the spec calls valid, and checks that the engine finds a payment exactly when
one exists, that its payment is valid, and that no valid payment has a smaller
(K1, K2, K3) key. K4 and K5 are then checked on the chosen cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.eclats_des_cites.components import (
    CARD_ORDER,
    MATERIALS,
    ONE_UNIT_JOKERS,
    PRISME,
    CardId,
)
from domain.eclats_des_cites.payment import choose_payment

KINDS: tuple[CardId, ...] = (*MATERIALS, *ONE_UNIT_JOKERS, PRISME)


def valid(used: Mapping[CardId, int], x: int, count: int, pattern: str, mult: bool) -> bool:
    res = [m for m in MATERIALS for _ in range(used.get(m, 0))]
    d = len(res)
    j = sum(used.get(k, 0) for k in ONE_UNIT_JOKERS)
    p = used.get(PRISME, 0)
    if x and not (mult and j >= 1):
        return False
    w = j + x + 2 * p
    if d > count or d + w < count:
        return False
    if x and not d + j + 2 * p < count:
        return False
    if pattern == "different":
        return len(set(res)) == d
    if pattern == "identical":
        return len(set(res)) <= 1
    return True


def key(used: Mapping[CardId, int]) -> tuple[int, int, int]:
    j = sum(used.get(k, 0) for k in ONE_UNIT_JOKERS)
    p = used.get(PRISME, 0)
    d = sum(used.get(m, 0) for m in MATERIALS)
    return (j + 2 * p, j, d)


@settings(max_examples=250, deadline=None, database=None)
@given(
    counts=st.lists(st.integers(0, 3), min_size=8, max_size=8),
    prisme=st.integers(0, 1),
    count_pattern=st.sampled_from([(2, "different"), (2, "identical"), (3, "different"), (3, "identical"), (4, "different"), (3, "any"), (4, "any")]),
    mult=st.booleans(),
)  # fmt: skip
def test_payment_matches_the_definition(
    counts: list[int], prisme: int, count_pattern: tuple[int, str], mult: bool
) -> None:
    count, pattern = count_pattern
    tableau = {k: c for k, c in zip(KINDS, [*counts[:7], prisme], strict=True) if c}
    best: tuple[int, int, int] | None = None
    for amounts in product(*(range(tableau.get(k, 0) + 1) for k in KINDS)):
        candidate = {k: a for k, a in zip(KINDS, amounts, strict=True) if a}
        for x in (0, 1):
            if valid(candidate, x, count, pattern, mult):
                k = key(candidate)
                best = k if best is None or k < best else best
    got = choose_payment(tableau, count, pattern, mult)
    if best is None:
        assert got is None
        return
    assert got is not None
    spent, doubled = got
    assert spent == sorted(spent, key=CARD_ORDER.__getitem__)
    used = dict(Counter(spent))
    assert all(used[k] <= tableau.get(k, 0) for k in used)
    x = 1 if doubled is not None else 0
    assert valid(used, x, count, pattern, mult)
    assert key(used) == best
    # K4: which resources.
    res = [m for m in MATERIALS for _ in range(used.get(m, 0))]
    held = {m: tableau.get(m, 0) for m in MATERIALS}
    if res and pattern == "identical":
        top = max(MATERIALS, key=lambda m: (held[m], -MATERIALS.index(m)))
        assert set(res) == {top}
    elif res and pattern == "different":
        order = sorted(
            (m for m in MATERIALS if held[m]), key=lambda m: (held[m], MATERIALS.index(m))
        )
        assert sorted(res, key=MATERIALS.index) == sorted(order[: len(res)], key=MATERIALS.index)
    elif res:
        seq = [m for m in MATERIALS for _ in range(held[m])]
        assert res == seq[: len(res)]
    # K5: which jokers, and the doubled one is the first spent.
    jokers = [k for k in ONE_UNIT_JOKERS for _ in range(used.get(k, 0))]
    joker_seq = [k for k in ONE_UNIT_JOKERS for _ in range(tableau.get(k, 0))]
    assert jokers == joker_seq[: len(jokers)]
    if doubled is not None:
        assert doubled == jokers[0]


PAYMENTS = [
    ("a", {"bois": 1, "pierre": 1, "prisme_de_seve": 1}, 3, "different", "", ["bois", "prisme_de_seve"], None),
    ("b", {"bois": 1, "energie": 1, "caravane": 1, "prisme_de_seve": 1}, 3, "different", "", ["bois", "prisme_de_seve"], None),
    ("c", {"bois": 1, "energie": 1, "caravane": 1, "prisme_de_seve": 1}, 3, "different", "multiplicateur", ["bois", "energie"], "energie"),
    ("d", {"metal": 1, "caravane": 1, "comptoir": 1}, 2, "identical", "", ["metal", "caravane"], None),
    ("e", {"bois": 1, "pierre": 2, "cristal": 1, "energie": 1}, 3, "identical", "technologie", ["bois", "pierre", "pierre"], None),
    ("f", {"prisme_de_seve": 1}, 2, "identical", "", ["prisme_de_seve"], None),
    ("g", {"bois": 1, "pierre": 1, "energie": 1}, 4, "different", "", None, None),
    ("h", {"bois": 2, "pierre": 1, "metal": 1, "cristal": 1}, 3, "different", "", ["pierre", "metal", "cristal"], None),
    ("i", {"bois": 3, "pierre": 3}, 3, "identical", "", ["bois", "bois", "bois"], None),
    ("j", {"bois": 1, "energie": 1, "prisme_de_seve": 1}, 2, "identical", "", ["bois", "energie"], None),
]  # fmt: skip


@pytest.mark.parametrize(
    ("tableau", "count", "pattern", "flags", "spent", "doubled"),
    [p[1:] for p in PAYMENTS],
    ids=[p[0] for p in PAYMENTS],
)
def test_t37_payment_rule_as_a_pure_function(
    tableau: dict[str, int],
    count: int,
    pattern: str,
    flags: str,
    spent: list[str] | None,
    doubled: str | None,
) -> None:
    effective = "any" if flags == "technologie" else pattern
    got = choose_payment(tableau, count, effective, flags == "multiplicateur")  # type: ignore[arg-type]
    if spent is None:
        assert got is None
    else:
        assert got == (spent, doubled)


def test_multiplicateur_never_doubles_the_prisme_nor_doubles_when_not_needed() -> None:
    # Only a Prisme: it gives 2 units, the Multiplicateur cannot make it 3 (D10).
    assert choose_payment({"prisme_de_seve": 1, "bois": 1}, 4, "any", True) is None
    # Resources alone cover the stage: no joker is spent, nothing is doubled.
    assert choose_payment({"bois": 1, "pierre": 1, "energie": 1}, 2, "different", True) == (
        ["bois", "pierre"],
        None,
    )
    # One doubled joker is cheaper (K1) than two jokers: the second one is kept.
    assert choose_payment({"energie": 2}, 2, "identical", True) == (["energie"], "energie")
    assert choose_payment({"energie": 2}, 2, "identical", False) == (["energie", "energie"], None)
    # One joker doubled covers the 2 units.
    assert choose_payment({"energie": 1}, 2, "different", True) == (["energie"], "energie")
    assert choose_payment({"energie": 1}, 2, "different", False) is None
