"""What a tableau pays: the payment rule (10.5) and science sets (10.6).

Pure calculations on card counts, no state types.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from domain.eclats_des_cites.components import (
    CARD_BY_ID,
    CARD_ORDER,
    MATERIALS,
    ONE_UNIT_JOKERS,
    PRISME,
    SCIENCE_SYMBOLS,
    CardId,
)

PRISME_UNITS = CARD_BY_ID[PRISME].units
"""Units a Prisme de sève gives (the other jokers give 1)."""

Payment = tuple[list[CardId], CardId | None]
"""(cards spent in card-kind order, the doubled joker or None)."""


def choose_payment(
    tableau: Mapping[CardId, int], count: int, pattern: str, multiplicateur: bool
) -> Payment | None:
    """The payment of 10.5 for a stage of ``count`` units, or None if unaffordable.

    ``pattern`` is ``different``, ``identical`` or ``any`` (Technologie).
    Enumerates (p, j, x) with the smallest useful d = max(0, count - W) and
    keeps the smallest key (K1 = j + 2p, K2 = j, K3 = d); K4 and K5 then pick
    which resources and jokers.
    """
    get = tableau.get
    found = _payment(
        (get("bois", 0), get("pierre", 0), get("metal", 0), get("cristal", 0)),
        (get("energie", 0), get("caravane", 0), get("comptoir", 0)),
        get(PRISME, 0),
        count,
        pattern,
        multiplicateur,
    )
    return None if found is None else (list(found[0]), found[1])


@lru_cache(maxsize=8192)
def _payment(
    counts: tuple[int, int, int, int],
    jokers: tuple[int, int, int],
    big_p: int,
    count: int,
    pattern: str,
    multiplicateur: bool,
) -> tuple[tuple[CardId, ...], CardId | None] | None:
    """``choose_payment`` on counts only (pure, so it is memoised)."""
    big_j = sum(jokers)
    if sum(counts) + big_j + PRISME_UNITS * big_p + (1 if multiplicateur and big_j else 0) < count:
        return None  # fast path: not enough units at all
    distinct = sum(1 for c in counts if c)
    largest = max(counts)
    total_res = sum(counts)
    best: tuple[int, int, int, int, int] | None = None  # (K1, K2, K3, p, x)
    for p in range(big_p + 1):
        for j in range(big_j + 1):
            base = j + PRISME_UNITS * p
            for x in (0, 1):
                if x and not (multiplicateur and j >= 1 and base < count):
                    continue
                d = max(0, count - base - x)
                if pattern == "different":
                    ok = d <= distinct
                elif pattern == "identical":
                    ok = d <= largest
                else:
                    ok = d <= total_res
                if not ok:
                    continue
                key = (base, j, d, p, x)
                if best is None or key[:3] < best[:3]:
                    best = key
    if best is None:
        return None
    _, j, d, p, x = best
    spent: list[CardId] = []
    if d:
        if pattern == "identical":
            top = max(range(len(MATERIALS)), key=lambda i: (counts[i], -i))
            spent.extend([MATERIALS[top]] * d)
        elif pattern == "different":
            held = sorted(
                (i for i in range(len(MATERIALS)) if counts[i]), key=lambda i: (counts[i], i)
            )
            spent.extend(MATERIALS[i] for i in sorted(held[:d]))
        else:
            seq = [m for i, m in enumerate(MATERIALS) for _ in range(counts[i])]
            spent.extend(seq[:d])
    jok_seq = [jk for i, jk in enumerate(ONE_UNIT_JOKERS) for _ in range(jokers[i])]
    chosen_jokers = jok_seq[:j]
    spent.extend(chosen_jokers)
    spent.extend([PRISME] * p)
    spent.sort(key=CARD_ORDER.__getitem__)
    doubled = chosen_jokers[0] if x else None
    return tuple(spent), doubled


def science_set(tableau: Mapping[CardId, int]) -> list[CardId] | None:
    """The set L2 forms: a pair in symbol order, else one of each symbol (10.6)."""
    for sym in SCIENCE_SYMBOLS:
        if tableau.get(sym, 0) >= 2:
            return [sym, sym]
    if all(tableau.get(sym, 0) >= 1 for sym in SCIENCE_SYMBOLS):
        return list(SCIENCE_SYMBOLS)
    return None
