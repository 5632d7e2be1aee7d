"""Finding a named position (``domain/<game>/positions.py``): a seed and commands reaching
a state a scenario's "given" describes, by random play from the opening.

``python -m tests.domain.positions_search <ruleset> <target> [seeds] [steps]`` plays, for
each seed ``<ruleset>-<target>-<n>``, a random game (uniform over the legal commands,
drawn from a generator seeded with the same string) for at most ``steps`` commands, and
prints the first (seed, commands) whose state satisfies the target's predicate, as a
``Position`` literal to paste. The predicates are in ``positions_targets.py``, per game;
a target with ``before`` is met by a command's events: its position is every command
printed but the last, which its check posts (``positions_checks.FINALS``).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator
from typing import Any

import msgspec

from domain import RULESETS, AnyRuleset, Rng, RuleViolation
from domain.bots import Budget, choose
from domain.kernel import SeatedPlayer, SetupContext

Probe = Callable[[str, Any], list[Any] | None]
"""(seat, command) -> the events it would give now (None: refused), nothing committed."""
BUDGET = Budget(playouts=8, rollout_depth=2)
Predicate = Callable[[Any, list[Any], Probe], bool]
"""(state, the events of the last command, a probe) -> found."""


def _tag(command: Any) -> str:
    return str(type(command).__struct_config__.tag).split(".", 1)[1]


def _preferred(policy: str, legal: list[Any]) -> list[Any]:
    """The legal commands of the first type ``prefer:<type>,<type>...`` names that has
    some (none for any other policy)."""
    if not policy.startswith("prefer:"):
        return []
    for tag in policy[len("prefer:") :].split(","):
        found = [c for c in legal if _tag(c) == tag]
        if found:
            return found
    return []


def games(
    ruleset: AnyRuleset, options: Any, seed: str, steps: int, policy: str = "random"
) -> Iterator[tuple[Any, list[Any], list[tuple[str, dict[str, Any]]], Probe]]:
    """Every state of one game (uniform random; ``prefer:<type>,…``: a command of the
    first of those types that is legal, else uniform random; or a bot level's choices): (state, last
    events, commands so far, a probe of this state)."""
    chooser = random.Random(seed)
    seats = ruleset.seats(options)
    context = SetupContext(players=tuple(SeatedPlayer(seat=s) for s in seats))
    log = list(ruleset.setup(options, context, Rng(seed, 0)))
    state = None
    for event in log:
        state = ruleset.evolve(state, event)
    commands: list[tuple[str, dict[str, Any]]] = []

    def probe(seat: str, command: Any) -> list[Any] | None:
        try:
            return list(ruleset.decide(state, seat, command, Rng(seed, len(log))))
        except RuleViolation:
            return None

    yield state, log, commands, probe
    for _ in range(steps):
        to_act = ruleset.to_act(state)
        if not to_act:
            return
        seat = chooser.choice(to_act)
        legal = ruleset.legal_commands(state, seat)
        preferred = _preferred(policy, legal)
        if preferred:
            command = chooser.choice(preferred)
        elif policy == "random" or policy.startswith("prefer:"):
            command = chooser.choice(legal)
        else:
            view = ruleset.view(state, seat)
            command = choose(ruleset, policy, view, legal, seat, f"{seed}-{len(log)}", BUDGET)
        events = ruleset.decide(state, seat, command, Rng(seed, len(log)))
        for event in events:
            state = ruleset.evolve(state, event)
        log.extend(events)
        body = {k: v for k, v in msgspec.to_builtins(command).items() if v is not None}
        commands = [*commands, (seat, body)]
        yield state, events, commands, probe


def search(
    ruleset: AnyRuleset,
    options: Any,
    predicate: Predicate,
    prefix: str,
    seeds: int,
    steps: int,
    *,
    shortest: bool = True,
    policy: str = "random",
) -> tuple[str, list[tuple[str, dict[str, Any]]]] | None:
    """The first (or, with ``shortest``, the shortest) hit over ``seeds`` seeds."""
    best: tuple[str, list[tuple[str, dict[str, Any]]]] | None = None
    for n in range(seeds):
        seed = f"{prefix}-{n}"
        limit = steps if best is None else len(best[1]) - 1
        for state, events, commands, probe in games(ruleset, options, seed, limit, policy):
            if predicate(state, events, probe):
                best = (seed, commands)
                break
        if best is not None and not shortest:
            break
    return best


def main(argv: list[str]) -> None:
    from tests.domain import positions_targets

    name, target = argv[0], argv[1]
    seeds = int(argv[2]) if len(argv) > 2 else 200
    steps = int(argv[3]) if len(argv) > 3 else 60
    ruleset = RULESETS[name]
    target_of = positions_targets.TARGETS[name][target]
    options = msgspec.convert(target_of.options, type=ruleset.Options)
    found = search(
        ruleset,
        options,
        target_of.predicate,
        f"{name}-{target}",
        seeds,
        steps,
        shortest=target_of.shortest,
        policy=target_of.policy,
    )
    if found is None:
        print("not found")
        return
    seed, commands = found
    print(f"seed={seed!r} ({len(commands)} commands)")
    print("commands=(")
    for seat, body in commands:
        print(f"    ({seat!r}, {body!r}),")
    print(")")


if __name__ == "__main__":
    main(sys.argv[1:])
