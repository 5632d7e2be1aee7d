"""Pure calculations: the payment rule (10.5), science sets (10.6), battles
(10.10) and scoring (section 11). No state types here, only counts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from domain.eclats_des_cites.components import (
    CARD_BY_ID,
    CARD_ORDER,
    MATERIALS,
    ONE_UNIT_JOKERS,
    PRISME,
    PROGRESS_PER_UPGRADE,
    SCIENCE_SYMBOLS,
    VICTORY_PRESTIGE,
    WONDER_BY_ID,
    CardId,
)

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
    if sum(counts) + big_j + 2 * big_p + (1 if multiplicateur and big_j else 0) < count:
        return None  # fast path: not enough units at all
    distinct = sum(1 for c in counts if c)
    largest = max(counts)
    total_res = sum(counts)
    best: tuple[int, int, int, int, int] | None = None  # (K1, K2, K3, p, x)
    for p in range(big_p + 1):
        for j in range(big_j + 1):
            base = j + 2 * p
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
            top = max(range(4), key=lambda i: (counts[i], -i))
            spent.extend([MATERIALS[top]] * d)
        elif pattern == "different":
            held = sorted((i for i in range(4) if counts[i]), key=lambda i: (counts[i], i))
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


def battle_victories(strengths: Sequence[int]) -> list[int]:
    """Victories each seat gains in a battle with these strengths (10.10)."""
    n = len(strengths)
    if n == 2:
        a, b = strengths
        if a == b:
            return [0, 0]
        hi, lo = max(a, b), min(a, b)
        won = 2 if hi >= 2 * lo else 1
        return [won, 0] if a > b else [0, won]
    out = []
    for s in range(n):
        mine = strengths[s]
        out.append(
            (1 if strengths[(s + 1) % n] < mine else 0)
            + (1 if strengths[(s - 1) % n] < mine else 0)
        )
    return out


def stage_prestige(wonder: str | None, stages: int) -> int:
    if wonder is None:
        return 0
    return sum(WONDER_BY_ID[wonder].stage_prestige[:stages])


def culture(tableau: Mapping[CardId, int]) -> int:
    return sum(CARD_BY_ID[c].prestige * k for c, k in tableau.items())


def victory_prestige(victories: int) -> int:
    return VICTORY_PRESTIGE * victories


def progress(upgrades: Sequence[str]) -> int:
    return PROGRESS_PER_UPGRADE * len(upgrades) if "progres" in upgrades else 0


def ranking(totals: Sequence[int], stages: Sequence[int], first_seat: int) -> tuple[list[int], str]:
    """Seats best first, and what separated the first two (section 11).

    Keys: total, then stages built, then turn position (later first). Turn
    positions are unique, so the ranking is always complete.
    """
    n = len(totals)
    order = sorted(range(n), key=lambda s: (-totals[s], -stages[s], -((s - first_seat) % n)))
    a, b = order[0], order[1]
    if totals[a] != totals[b]:
        decided = "score"
    elif stages[a] != stages[b]:
        decided = "stages_built"
    else:
        decided = "turn_position"
    return order, decided
