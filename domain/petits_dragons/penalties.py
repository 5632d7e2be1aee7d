"""Penalties as pending decisions (§7.7, §7.8, §10.7): finding one by id, the
accepted answers, their validation in the spec's order, and the backfire of a
forgotten penalty."""

from __future__ import annotations

from itertools import combinations_with_replacement

from domain.kernel import RuleViolation
from domain.petits_dragons.commands import PetitsDragonsTransfer
from domain.petits_dragons.components import (
    ARRIVAL_PENALTY,
    COLOUR_INDEX,
    DENOMINATIONS,
    Colour,
    Denomination,
)
from domain.petits_dragons.state import (
    PetitsDragonsEggs,
    PetitsDragonsPenalty,
    PetitsDragonsState,
    enemies_of,
)

STACK_DUE = ARRIVAL_PENALTY["stack"]
"""What a stack's arrival costs when the eggs allow it (§7.8)."""
SINGLE_KINDS = ("chief_arrival", "pawn_arrival", "combat_win", "arena_hold")

Transfers = tuple[PetitsDragonsTransfer, ...]


def sort_key(t: PetitsDragonsTransfer) -> tuple[int, int, int]:
    """Gives first, then denomination (highest first), then ``to`` (colour index)."""
    return (
        0 if t.action == "give" else 1,
        -t.denomination,
        COLOUR_INDEX.get(t.to, -1) if t.to is not None else -1,
    )


def canonical_transfers(transfers: list[PetitsDragonsTransfer]) -> list[PetitsDragonsTransfer]:
    return sorted(transfers, key=sort_key)


def _give(d: Denomination, to: Colour) -> PetitsDragonsTransfer:
    return PetitsDragonsTransfer(action="give", denomination=d, to=to)


def _remove(d: Denomination) -> PetitsDragonsTransfer:
    return PetitsDragonsTransfer(action="remove", denomination=d)


def stack_target(state: PetitsDragonsState, owner: Colour) -> int:
    """The stack's 250 if reachable with the bank's and own nest's 100s and 50s, else T_max."""
    bank, nest = state.bank, state.dragons[owner].eggs
    a100, a50 = bank.e100 + nest.e100, bank.e50 + nest.e50
    best = 0
    for a in range(0, min(a100, 2) + 1):
        for b in range(0, min(a50, 5) + 1):
            total = 100 * a + 50 * b
            if best < total <= STACK_DUE:
                best = total
    return best


def options(state: PetitsDragonsState, penalty: PetitsDragonsPenalty) -> list[Transfers]:
    """Every accepted answer, each once, transfers in canonical order."""
    owner = penalty.owner
    bank, nest = state.bank, state.dragons[owner].eggs
    kind = penalty.kind
    enemies = enemies_of(state, owner)
    out: list[Transfers] = []
    if kind == "stack_arrival":
        return _stack_options(state, owner, enemies)
    if kind == "combat_win":
        target = penalty.restricted_to
        if target is not None and bank.e50 >= 1 and target in enemies:
            out.append((_give(50, target),))
        if nest.e50 >= 1:
            out.append((_remove(50),))
        return out
    d: Denomination = 500 if kind == "chief_arrival" else 100
    if bank.get(d) >= 1:
        out.extend((_give(d, e),) for e in enemies)
    elif kind == "pawn_arrival" and bank.e50 >= 1:
        out.extend((_give(50, e),) for e in enemies)
    if nest.get(d) >= 1:
        out.append((_remove(d),))
    return out


def _stack_options(
    state: PetitsDragonsState, owner: Colour, enemies: list[Colour]
) -> list[Transfers]:
    target = stack_target(state, owner)
    if target == 0:
        return []
    bank, nest = state.bank, state.dragons[owner].eggs
    out: list[Transfers] = []
    for n100 in range(0, 3):
        rest = target - 100 * n100
        if rest < 0 or rest % 50:
            continue
        n50 = rest // 50
        for r100 in range(0, min(n100, nest.e100) + 1):
            g100 = n100 - r100
            if g100 > bank.e100:
                continue
            for r50 in range(0, min(n50, nest.e50) + 1):
                g50 = n50 - r50
                if g50 > bank.e50:
                    continue
                for to100 in combinations_with_replacement(enemies, g100):
                    for to50 in combinations_with_replacement(enemies, g50):
                        ts = [_give(100, e) for e in to100] + [_give(50, e) for e in to50]
                        ts += [_remove(100)] * r100 + [_remove(50)] * r50
                        out.append(tuple(canonical_transfers(ts)))
    out.sort(key=lambda ts: [sort_key(t) for t in ts])
    return out


def validate(
    state: PetitsDragonsState, penalty: PetitsDragonsPenalty, transfers: list[PetitsDragonsTransfer]
) -> None:
    """The content checks of ``assign_penalty`` (§7.7), from ``invalid_transfers`` on."""
    pid = penalty.penalty_id
    kind = penalty.kind
    if not transfers:
        raise RuleViolation("invalid_transfers", f"{pid}: no transfer given", {"penalty_id": pid})
    for t in transfers:
        if (t.action == "give") != (t.to is not None) or t.action not in ("give", "remove"):
            raise RuleViolation(
                "invalid_transfers",
                f"{pid}: 'to' must be given for a give and only for a give",
                {"penalty_id": pid},
            )
    if kind in SINGLE_KINDS and len(transfers) != 1:
        raise RuleViolation(
            "invalid_transfers",
            f"{pid}: a {kind} penalty takes exactly one transfer",
            {"penalty_id": pid},
        )
    bank, nest = state.bank, state.dragons[penalty.owner].eggs
    for t in transfers:
        if not _denomination_allowed(kind, t, bank):
            raise RuleViolation(
                "wrong_denomination",
                f"{pid}: {t.action} {t.denomination} is not allowed for a {kind} penalty",
                {"penalty_id": pid, "denomination": t.denomination},
            )
    enemies = enemies_of(state, penalty.owner)
    for t in transfers:
        if t.to is not None and t.to not in enemies:
            raise RuleViolation(
                "target_not_enemy",
                f"{pid}: {t.to} is not an enemy of {penalty.owner} in play",
                {"penalty_id": pid, "to": t.to},
            )
    if kind == "combat_win":
        for t in transfers:
            if t.to is not None and t.to != penalty.restricted_to:
                raise RuleViolation(
                    "target_must_be_defeated",
                    f"{pid}: the combat penalty goes to {penalty.restricted_to}, not {t.to}",
                    {"penalty_id": pid, "to": t.to},
                )
    for d in DENOMINATIONS:
        gives = sum(1 for t in transfers if t.action == "give" and t.denomination == d)
        if gives > bank.get(d):
            raise RuleViolation(
                "egg_unavailable",
                f"{pid}: the bank holds {bank.get(d)} egg(s) of {d}",
                {"penalty_id": pid, "denomination": d},
            )
    for d in DENOMINATIONS:
        removes = sum(1 for t in transfers if t.action == "remove" and t.denomination == d)
        if removes > nest.get(d):
            raise RuleViolation(
                "egg_not_in_nest",
                f"{pid}: {penalty.owner}'s nest holds {nest.get(d)} egg(s) of {d}",
                {"penalty_id": pid, "denomination": d},
            )
    if kind == "stack_arrival":
        total = sum(t.denomination for t in transfers)
        target = stack_target(state, penalty.owner)
        if total != target:
            raise RuleViolation(
                "wrong_total",
                f"{pid}: the transfers total {total}, {target} is due",
                {"penalty_id": pid, "total": total, "due": target},
            )


def _denomination_allowed(kind: str, t: PetitsDragonsTransfer, bank: PetitsDragonsEggs) -> bool:
    d = t.denomination
    if kind == "chief_arrival":
        return d == 500
    if kind == "pawn_arrival":
        if t.action == "give" and d == 50:
            return bank.e100 == 0
        return d == 100
    if kind == "stack_arrival":
        return d in (100, 50)
    if kind == "combat_win":
        return d == 50
    return d == 100  # arena_hold


def backfire_eggs(state: PetitsDragonsState, penalty: PetitsDragonsPenalty) -> PetitsDragonsEggs:
    """The eggs a forgotten penalty puts into its owner's nest, as far as the bank allows."""
    bank = state.bank
    kind = penalty.kind
    if kind == "chief_arrival":
        return PetitsDragonsEggs(e500=min(1, bank.e500))
    if kind == "pawn_arrival":
        if bank.e100 >= 1:
            return PetitsDragonsEggs(e100=1)
        return PetitsDragonsEggs(e50=min(1, bank.e50))
    if kind == "combat_win":
        return PetitsDragonsEggs(e50=min(1, bank.e50))
    if kind == "arena_hold":
        return PetitsDragonsEggs(e100=min(1, bank.e100))
    n100 = min(2, bank.e100)
    n50 = min((STACK_DUE - 100 * n100) // 50, bank.e50)
    return PetitsDragonsEggs(e100=n100, e50=n50)


CLOSED = PetitsDragonsPenalty(
    penalty_id="closed",
    owner="white",
    kind="arena_hold",
    value=0,
    restricted_to=None,
    blocking=False,
    created_in_turn=0,
    status="resolved",
)
"""Stands for a penalty that existed and is no longer pending."""


def find_penalty(state: PetitsDragonsState, pid: str) -> PetitsDragonsPenalty | None:
    prefix, _, number = pid.partition("_")
    if prefix != "pen" or not number.isdigit():
        return None
    n = int(number)
    if not 1 <= n < state.next_penalty_number or pid != f"pen_{n}":
        return None
    for pen in state.penalties:
        if pen.penalty_id == pid:
            return pen
    return CLOSED
