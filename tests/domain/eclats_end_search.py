"""Finding an Éclats des Cités game that ends with every pile empty (T29, T31).

Random play never gets there (the game's README, "Named positions"): every card taken is
played and the stages build themselves, so a wonder is completed first. A game that
empties the piles needs both players to plan it, and a shape the rules force (section
"The end by exhausted piles" of the README says why):

- the *holder* (seat ``1 - hoarder``) takes Technologie and as few material units as it
  can: with Technologie its stages need only a count, so it ends at stage 4 with at most
  3 units (4 complete the wonder), having received at most 13 units (14 if the Prisme was
  spent for one);
- the *hoarder* builds its four stages from one material ``x`` and the jokers, then
  keeps every card of the three other materials: the Couronnement needs four different
  materials, and it never holds a fourth (nor a joker).

``python -m tests.domain.eclats_end_search <t29|t31> [first] [seeds] [nodes] [restarts]``
runs a depth-first search over the players' choices (which pile, which revealed card,
which upgrade, which wonder), for each seed ``eclats_des_cites-piles-exhausted-<k>``,
hoarder seat and material ``x``: the moves in the order above first, a move that builds
a fifth stage never, and a branch is cut as soon as the holder has more than 14 units,
more than two cards of the hoarded materials went elsewhere, or the jokers and ``x``
units left in the piles exceed what the two players can still absorb. It prints the
first game that ends with the target's last take as a ``Position`` literal's seed and
commands. The engine decides every move: the result is a real game.
"""

from __future__ import annotations

import random
import sys
from typing import Any

import msgspec

from domain import RULESETS, Rng
from domain.eclats_des_cites.components import CARD_BY_ID, MATERIALS, ONE_UNIT_JOKERS, PRISME
from domain.kernel import SeatedPlayer, SetupContext

RULESET = RULESETS["eclats_des_cites"]
UNITS = {c.id: c.units for c in CARD_BY_ID.values()}
WILD = frozenset({*ONE_UNIT_JOKERS, PRISME})
HOLDER_CAP = 14
"""Units the holder may receive: 10 for stages 1-4, 3 held, 1 lost if the Prisme paid one."""
HOARDER_STAGES_CAP = 11
"""Units of ``x`` and jokers the hoarder may spend on stages 1-4 (10, +1 a Prisme's loss)."""
LOST_CAP = 2
"""Cards of the hoarded materials that may end elsewhere than in the hoarder's tableau."""
HOLDER_UPGRADES = (
    "technologie",
    "progres",
    "protection",
    "exploration",
    "bonus",
    "commerce",
    "multiplicateur",
)
HOARDER_UPGRADES = (
    "progres",
    "protection",
    "exploration",
    "multiplicateur",
    "bonus",
    "commerce",
)
WONDERS = ("pyramide_des_aurores", "sanctuaire", "palais", "colosse", "observatoire")
"""The wonders, those whose power takes no extra card first."""
NEVER = 99
"""The order of a move never tried."""
TAIL = {"t29": 200, "t31": 24}
"""Cards left from which a take's pile also orders the moves: T29 keeps a border pile for
last all game long (its last card must come from one), T31 the central pile at the end."""
KEEP_FOR_LAST = {
    "t29": {"central": 0, "border_0": 1, "border_1": 1},
    "t31": {"central": 3, "border_0": 0, "border_1": 0},
}


class _Budget(Exception):
    pass


def _tag(event: Any) -> str:
    return str(type(event).__struct_config__.tag).split(".", 1)[1]


def _body(command: Any) -> dict[str, Any]:
    return {k: v for k, v in msgspec.to_builtins(command).items() if v is not None}


def last_take(target: str, state: Any, events: list[Any]) -> bool:
    """The target's "given" before the take and its "then" after it (two players)."""
    piles, pending = state.piles, state.pending
    names = [_tag(e) for e in events]
    if pending.source != "turn":
        return False
    if target == "t29":
        return (
            not piles["central"]
            and sorted(len(p) for p in piles.values()) == [0, 0, 1]
            and (names == ["card_taken", "card_played", "turn_ended", "game_ended"])
        )
    return (
        len(piles["central"]) == 1
        and not piles["border_0"]
        and not piles["border_1"]
        and "commerce" in state.players[pending.seat].upgrades
        and names
        == [
            "card_taken",
            "card_played",
            "extra_take_granted",
            "grant_started",
            "grant_forfeited",
            "turn_ended",
            "game_ended",
        ]
    )


def search(
    target: str, seed: str, hoarder: int, x: str, nodes: int, chooser: random.Random
) -> list[tuple[str, dict[str, Any]]] | None:
    """One depth-first search (at most ``nodes`` states) of a two-player game."""
    options = msgspec.convert({"seat_count": 2}, type=RULESET.Options)
    context = SetupContext(players=tuple(SeatedPlayer(seat=s) for s in RULESET.seats(options)))
    log = list(RULESET.setup(options, context, Rng(seed, 0)))
    state: Any = None
    for event in log:
        state = RULESET.evolve(state, event)
    holder = 1 - hoarder
    hoarded = {m for m in MATERIALS if m != x}
    visited = [0]

    def to_absorb(s: Any) -> int:
        cards = [c for pile in s.piles.values() for c in pile]
        if s.turn is not None:
            cards.extend(s.turn.revealed)
        return sum(UNITS[c] for c in cards if c == x or c in WILD)

    def walk(
        s: Any, version: int, commands: list[tuple[str, dict[str, Any]]], counts: tuple[int, ...]
    ) -> list[tuple[str, dict[str, Any]]] | None:
        visited[0] += 1
        if visited[0] > nodes:
            raise _Budget
        pending = s.pending
        seat = f"seat_{pending.seat}"
        left = sum(len(p) for p in s.piles.values())
        children = []
        for command in RULESET.legal_commands(s, seat):
            events = list(RULESET.decide(s, seat, command, Rng(seed, version)))
            after = s
            holder_units, hoarder_xw, lost = counts
            completed = False
            for event in events:
                after = RULESET.evolve(after, event)
                tag = _tag(event)
                if tag == "card_played":
                    card = event.card_id
                    if event.seat == holder:
                        holder_units += UNITS[card]
                        lost += card in hoarded
                    elif card == x or card in WILD:
                        hoarder_xw += UNITS[card]
                elif tag == "stage_built":
                    completed = completed or event.wonder_completed
                    if event.seat == hoarder:
                        lost += sum(1 for c in event.spent if c in hoarded)
            if completed or holder_units > HOLDER_CAP or lost > LOST_CAP:
                continue
            body = _body(command)
            if after.status == "finished":
                if after.result.reason == "piles_exhausted" and last_take(target, s, events):
                    return [*commands, (seat, body)]
                continue
            player = after.players[hoarder]
            room = max(0, HOARDER_STAGES_CAP - hoarder_xw) if player.stages_built < 4 else 1
            if to_absorb(after) > HOLDER_CAP - holder_units + room:
                continue
            new = (holder_units, hoarder_xw, lost)
            key = order(s, after, pending, body, counts, new)
            if key == NEVER:  # the hoarder never takes Technologie
                continue
            if pending.kind == "take_card" and left <= TAIL[target]:
                key += KEEP_FOR_LAST[target][body["pile_id"]]
            children.append((key, chooser.random(), after, len(events), body, new))
        children.sort(key=lambda c: (c[0], c[1]))
        for _, _, after, count, body, new in children:
            found = walk(after, version + count, [*commands, (seat, body)], new)
            if found is not None:
                return found
        return None

    def order(
        before: Any,
        after: Any,
        pending: Any,
        body: dict[str, Any],
        counts: tuple[int, ...],
        new: tuple[int, ...],
    ) -> int:
        """The order a move is tried in (smaller first)."""
        if pending.kind == "choose_wonder":
            return WONDERS.index(body["wonder_id"])
        if pending.kind == "choose_upgrade":
            upgrade = body["upgrade"]
            if upgrade == "hidden":
                upgrade = before.upgrades_hidden[0]
            order = HOLDER_UPGRADES if pending.seat == holder else HOARDER_UPGRADES
            return order.index(upgrade) if upgrade in order else NEVER
        cost = (new[0] - counts[0]) * 10 + (new[2] - counts[2]) * 30
        if pending.seat == holder:
            return cost
        was, now = before.players[hoarder], after.players[hoarder]
        if was.stages_built < 4:
            built = int(now.stages_built - was.stages_built)
            return cost - 5 * built - 3 * (new[1] - counts[1])
        kept = sum(int(now.tableau.get(m, 0) - was.tableau.get(m, 0)) for m in hoarded)
        return cost - 2 * kept

    try:
        return walk(state, len(log), [], (0, 0, 0))
    except _Budget:
        return None


def search_seats(
    n: int, seed: str, holder: int, x: str, nodes: int, chooser: random.Random
) -> list[tuple[str, dict[str, Any]]] | None:
    """Any end by exhausted piles with ``n`` players: the same plan, every seat but the
    holder a hoarder, and only the bounds that hold for any ``n`` (the holder's 14 units;
    the jokers and ``x`` units left no more than the players can still absorb)."""
    options = msgspec.convert({"seat_count": n}, type=RULESET.Options)
    context = SetupContext(players=tuple(SeatedPlayer(seat=s) for s in RULESET.seats(options)))
    log = list(RULESET.setup(options, context, Rng(seed, 0)))
    state: Any = None
    for event in log:
        state = RULESET.evolve(state, event)
    hoarded = {m for m in MATERIALS if m != x}
    visited = [0]

    def to_absorb(s: Any) -> int:
        cards = [c for pile in s.piles.values() for c in pile]
        if s.turn is not None:
            cards.extend(s.turn.revealed)
        return sum(UNITS[c] for c in cards if c == x or c in WILD)

    def order(
        before: Any,
        after: Any,
        pending: Any,
        body: dict[str, Any],
        units: tuple[list[int], tuple[int, ...]],
    ) -> int:
        if pending.kind == "choose_wonder":
            return WONDERS.index(body["wonder_id"])
        if pending.kind == "choose_upgrade":
            upgrade = body["upgrade"]
            if upgrade == "hidden":
                upgrade = before.upgrades_hidden[0]
            upgrades = HOLDER_UPGRADES if pending.seat == holder else HOARDER_UPGRADES
            return upgrades.index(upgrade) if upgrade in upgrades else NEVER
        me = pending.seat
        gained = int(units[0][me] - units[1][me])
        if me == holder:
            return 10 * gained
        was, now = before.players[me], after.players[me]
        more = sum(max(0, int(now.tableau.get(m, 0) - was.tableau.get(m, 0))) for m in hoarded)
        if was.stages_built < 4:
            built = int(now.stages_built - was.stages_built)
            return -5 * built - 3 * gained + (10 * more if not built else 0)
        return -2 * more

    def walk(
        s: Any, version: int, commands: list[tuple[str, dict[str, Any]]], counts: tuple[int, ...]
    ) -> list[tuple[str, dict[str, Any]]] | None:
        visited[0] += 1
        if visited[0] > nodes:
            raise _Budget
        seat = f"seat_{s.pending.seat}"
        children = []
        for command in RULESET.legal_commands(s, seat):
            events = list(RULESET.decide(s, seat, command, Rng(seed, version)))
            after, new, completed = s, list(counts), False
            for event in events:
                after = RULESET.evolve(after, event)
                tag = _tag(event)
                if tag == "card_played":
                    card = event.card_id
                    if event.seat == holder or card == x or card in WILD:
                        new[event.seat] += UNITS[card]
                elif tag == "stage_built":
                    completed = completed or event.wonder_completed
            if completed or new[holder] > HOLDER_CAP:
                continue
            body = _body(command)
            if after.status == "finished":
                if after.result.reason == "piles_exhausted":
                    return [*commands, (seat, body)]
                continue
            room = sum(
                (max(0, HOARDER_STAGES_CAP - new[h]) if after.players[h].stages_built < 4 else 1)
                for h in range(n)
                if h != holder
            )
            if to_absorb(after) > HOLDER_CAP - new[holder] + room:
                continue
            key = order(s, after, s.pending, body, (new, counts))
            if key == NEVER:
                continue
            children.append((key, chooser.random(), after, len(events), body, tuple(new)))
        children.sort(key=lambda c: (c[0], c[1]))
        for _, _, after, count, body, new_counts in children:
            found = walk(after, version + count, [*commands, (seat, body)], new_counts)
            if found is not None:
                return found
        return None

    try:
        return walk(state, len(log), [], (0,) * n)
    except _Budget:
        return None


def find(
    target: str, seed: str, nodes: int, n: int = 2, restarts: int = 1
) -> tuple[list[tuple[str, dict[str, Any]]], int, str] | None:
    """The first game the search finds on one seed: (commands, hoarder or holder, x).
    ``target``: ``t29`` or ``t31`` (two players), or ``any`` (``n`` players)."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))
    for restart in range(restarts):
        for seat in range(n):
            for x in MATERIALS:
                chooser = random.Random(f"{seed}{seat}{x}{restart or ''}")
                if target == "any":
                    found = search_seats(n, seed, seat, x, nodes, chooser)
                else:
                    found = search(target, seed, seat, x, nodes, chooser)
                if found is not None:
                    return found, seat, x
    return None


def main(argv: list[str]) -> None:
    """``<t29|t31> [first] [seeds] [nodes] [restarts]`` or ``any <n> [first] [seeds] [nodes]``."""
    target = argv[0]
    n = 2
    if target == "any":
        n, argv = int(argv[1]), argv[1:]
    first = int(argv[1]) if len(argv) > 1 else 0
    seeds = int(argv[2]) if len(argv) > 2 else 20
    nodes = int(argv[3]) if len(argv) > 3 else 4000
    restarts = int(argv[4]) if len(argv) > 4 else 1
    for k in range(first, first + seeds):
        seed = (
            f"eclats_des_cites-piles-exhausted-{k}"
            if n == 2
            else f"eclats_des_cites-piles-exhausted-{n}-{k}"
        )
        result = find(target, seed, nodes, n, restarts)
        if result is not None:
            found = result[0]
            print(f"seed={seed!r} ({len(found)} commands)")
            print("commands=(")
            for seat, body in found:
                print(f"    ({seat!r}, {body!r}),")
            print(")")
            return
    print("not found")


if __name__ == "__main__":
    main(sys.argv[1:])
