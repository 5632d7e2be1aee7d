"""Audit a recorded game with no service: the check a player can run alone.

Given what an export holds (the ruleset, the options, who sat where, the log
of events, the log of commands and, once the game is over, the revealed
seed), :func:`audit` checks, in order, stopping at the first problem:

1. the ruleset exists and the options are valid;
2. versions are 1..N, contiguous;
3. every event decodes as one of the ruleset's events;
4. the log folds from scratch without an error;
5. once the seed is revealed: it hashes (SHA-256 of its UTF-8 bytes) to the
   commitment published when the game was created;
6. once the seed is revealed: the opening events are exactly what ``setup``
   draws from that seed, and every recorded command, decided again at its
   version with ``Rng(seed, version)``, gives exactly the recorded events:
   no roll, shuffle or draw was chosen by the server;
7. the folded outcome is the one the service recorded.

A fork (``fork_version`` N > 0) copied the first N events of another game,
decided from that game's seed: steps 6 starts at version N, with the fork's
own seed; whether the copy is faithful is checked against the original (the
caller's part: ``plateau verify`` does when the original is at hand).

The result names the first bad version, so a tampered export is refused with
a precise reason. Everything here is pure: no I/O, no clock. A caller that
bounds the work (the service's CPU budget on imports) passes ``tick``, called
once per unit of work, which may raise to stop the audit; one that keeps the
folded states (the service's snapshots) passes ``on_state``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from domain.kernel import AnyRuleset, Rng, RuleViolation, SeatedPlayer, SetupContext, fold


class LoggedCommand(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One accepted command, as the export records it."""

    version: int
    """The version the command was decided at (the number of events before it)."""
    seat: str
    """The seat that sent it."""
    command: Any
    """The command as JSON builtins (tagged on ``type``)."""


class AuditProblem(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    code: str
    """A stable snake_case code (``command_not_reproduced``, ``seed_mismatch`` ...)."""
    message: str
    """A sentence naming what differs."""
    version: int | None = None
    """The first bad version, when the problem is in the log."""


class AuditReport(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    ruleset: str
    version: int
    """The number of events read."""
    versions_contiguous: bool
    events_decode: bool
    log_folds: bool
    seed_matches_commitment: bool | None
    """None while the seed is not revealed (the game is not finished)."""
    log_reproduced: bool | None
    """Every random outcome follows from the seed: None while the seed is hidden
    or when the export holds no command log."""
    outcome_matches: bool
    outcome: Any = None
    """The outcome folded here (JSON builtins), None while the game goes on."""
    to_act: list[str] = []
    problem: AuditProblem | None = None
    """The first problem found; None when every check passed."""
    fork_version: int = 0
    """A fork's copied events (its outcomes are checked from there); 0 for no fork."""

    @property
    def ok(self) -> bool:
        return self.problem is None

    @property
    def verdict(self) -> str:
        """One line for a terminal."""
        if self.problem is not None:
            where = f" at version {self.problem.version}" if self.problem.version else ""
            return f"FAILED{where}: {self.problem.code}: {self.problem.message}"
        parts = [f"ok: {self.ruleset}, {self.version} events, versions contiguous"]
        if self.seed_matches_commitment:
            parts.append("the seed matches its commitment")
        if self.log_reproduced and self.fork_version:
            parts.append(
                f"a fork of events 1..{self.fork_version}: every random outcome after them"
                " follows from its own seed"
            )
        elif self.log_reproduced:
            parts.append("every random outcome follows from the seed")
        elif self.seed_matches_commitment is None:
            parts.append("the seed is not revealed yet (the game is not finished)")
        if isinstance(self.outcome, dict):
            parts.append(f"winners {', '.join(self.outcome.get('winners', []))}")
        return "; ".join(parts)


Tick = Callable[[], None]
"""Called once per event decoded or folded and per command decided again; an
exception it raises ends the audit and propagates to the caller."""
StateHook = Callable[[int, Any], None]
"""Called with (version, state) after each event of the log is folded."""


def _idle() -> None:
    return None


class _Stop(Exception):
    def __init__(self, problem: AuditProblem) -> None:
        self.problem = problem


def _as(data: Any, typ: Any) -> Any:
    """JSON builtins -> ``typ``, through JSON: an export read from a file has
    string keys where a message may declare int-keyed dicts."""
    return msgspec.json.decode(msgspec.json.encode(data), type=typ)


def sha256_hex(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _encoded(events: Sequence[Any]) -> list[bytes]:
    """Canonical bytes of each event: dict keys sorted, since a store may not keep
    their order (PostgreSQL's jsonb does not)."""
    return [json.dumps(json.loads(msgspec.json.encode(e)), sort_keys=True).encode() for e in events]


def audit(
    ruleset: AnyRuleset | None,
    *,
    ruleset_name: str,
    options: Any,
    players: Sequence[SeatedPlayer],
    events: Sequence[tuple[int, Any]],
    commands: Sequence[LoggedCommand] | None,
    seed: str | None,
    seed_sha256: str,
    recorded_outcome: Any = None,
    finished: bool = False,
    tick: Tick | None = None,
    on_state: StateHook | None = None,
    fork_version: int = 0,
) -> AuditReport:
    """Audit one game (see the module docstring). ``events`` are ``(version, data)``
    pairs with ``data`` as JSON builtins; ``ruleset`` is None when unknown here.
    ``tick`` and ``on_state``: see ``Tick`` and ``StateHook``; ``fork_version``:
    the number of events a fork copied (its commands are decided again from there)."""
    tick = tick or _idle
    facts: dict[str, Any] = {
        "versions_contiguous": False,
        "events_decode": False,
        "log_folds": False,
        "seed_matches_commitment": None,
        "log_reproduced": None,
        "outcome_matches": False,
    }
    outcome: Any = None
    to_act: list[str] = []
    problem: AuditProblem | None = None
    try:
        if ruleset is None:
            raise _Stop(
                AuditProblem(code="unknown_ruleset", message=f"no ruleset {ruleset_name!r}")
            )
        opts = _options(ruleset, options)
        versions = [v for v, _ in events]
        expected = list(range(1, len(events) + 1))
        if versions != expected:
            bad = next((e for v, e in zip(versions, expected, strict=False) if v != e), None)
            bad = bad if bad is not None else len(expected) + 1
            raise _Stop(
                AuditProblem(
                    code="versions_not_contiguous",
                    message=f"expected version {bad} in an unbroken 1..N sequence",
                    version=bad,
                )
            )
        facts["versions_contiguous"] = True
        decoded = _decode(ruleset, events, tick)
        facts["events_decode"] = True
        state = _fold(ruleset, decoded, tick, on_state)
        facts["log_folds"] = True
        if state is not None:
            to_act = list(ruleset.to_act(state))
            folded = ruleset.outcome(state)
            outcome = msgspec.json.decode(msgspec.json.encode(folded)) if folded else None
        if seed is not None:
            if sha256_hex(seed) != seed_sha256:
                raise _Stop(
                    AuditProblem(
                        code="seed_mismatch",
                        message="the revealed seed does not hash to the published seed_sha256",
                    )
                )
            facts["seed_matches_commitment"] = True
            if commands is not None:
                _reproduce(ruleset, opts, players, decoded, commands, seed, tick, fork_version)
                facts["log_reproduced"] = True
        elif finished:
            raise _Stop(
                AuditProblem(code="seed_missing", message="a finished game reveals its seed")
            )
        if finished and outcome is None:
            raise _Stop(
                AuditProblem(
                    code="outcome_mismatch",
                    message="the game is recorded as finished but its log does not end it",
                    version=len(events) or None,
                )
            )
        if outcome != recorded_outcome:
            raise _Stop(
                AuditProblem(
                    code="outcome_mismatch",
                    message="the outcome folded from the log differs from the recorded one",
                    version=len(events) or None,
                )
            )
        facts["outcome_matches"] = True
    except _Stop as stop:
        problem = stop.problem
    return AuditReport(
        ruleset=ruleset_name,
        version=len(events),
        outcome=outcome,
        to_act=to_act,
        problem=problem,
        fork_version=fork_version,
        **facts,
    )


def _options(ruleset: AnyRuleset, options: Any) -> Any:
    try:
        opts = _as(options or {}, ruleset.Options)
        ruleset.validate_options(opts)
    except (msgspec.ValidationError, RuleViolation) as exc:
        raise _Stop(AuditProblem(code="invalid_options", message=str(exc))) from None
    return opts


def _decode(ruleset: AnyRuleset, events: Sequence[tuple[int, Any]], tick: Tick) -> list[Any]:
    decoded = []
    for version, data in events:
        tick()
        try:
            decoded.append(_as(data, ruleset.Event))
        except msgspec.ValidationError as exc:
            raise _Stop(
                AuditProblem(
                    code="event_undecodable",
                    message=f"not an event of {ruleset.name}: {exc}",
                    version=version,
                )
            ) from None
    return decoded


def _fold(
    ruleset: AnyRuleset, decoded: Sequence[Any], tick: Tick, on_state: StateHook | None
) -> Any:
    state = None
    for version, event in enumerate(decoded, start=1):
        tick()
        try:
            state = ruleset.evolve(state, event)
        except Exception as exc:  # a tampered log may break any invariant
            raise _Stop(
                AuditProblem(
                    code="log_does_not_fold",
                    message=f"{type(event).__name__} cannot be applied: {type(exc).__name__}",
                    version=version,
                )
            ) from None
        if on_state is not None:
            on_state(version, state)
    return state


def _reproduce(
    ruleset: AnyRuleset,
    options: Any,
    players: Sequence[SeatedPlayer],
    decoded: Sequence[Any],
    commands: Sequence[LoggedCommand],
    seed: str,
    tick: Tick,
    fork_version: int = 0,
) -> None:
    recorded = _encoded(decoded)
    if fork_version > 0:  # the copied prefix was drawn from the original's seed
        if fork_version > len(recorded):
            raise _Stop(
                AuditProblem(
                    code="versions_not_contiguous",
                    message=f"a fork at version {fork_version} holds only {len(recorded)} events",
                    version=len(recorded) + 1,
                )
            )
        version = fork_version
    else:
        version = len(_opening(ruleset, options, players, recorded, seed, tick))
    state = fold(ruleset, decoded[:version])
    for logged in sorted(commands, key=lambda c: c.version):
        if logged.version < fork_version:
            continue  # a command of the original, copied with its events
        tick()
        if logged.version != version:
            raise _Stop(
                AuditProblem(
                    code="events_without_command",
                    message=f"no recorded command explains the events from version {version + 1}",
                    version=version + 1,
                )
            )
        try:
            command = _as(logged.command, ruleset.Command)
            events = ruleset.decide(state, logged.seat, command, Rng(seed, version))
        except (msgspec.ValidationError, RuleViolation) as exc:
            raise _Stop(
                AuditProblem(
                    code="command_not_reproduced",
                    message=f"the command recorded at version {version} is refused now: {exc}",
                    version=version + 1,
                )
            ) from None
        mine = _encoded(events)
        theirs = recorded[version : version + len(mine)]
        if mine != theirs:
            first = next(
                (i for i, (a, b) in enumerate(zip(mine, theirs, strict=False)) if a != b),
                min(len(mine), len(theirs)),
            )
            raise _Stop(
                AuditProblem(
                    code="command_not_reproduced",
                    message=(
                        f"deciding the command of {logged.seat} again from the seed does not "
                        f"give the recorded event at version {version + first + 1}"
                    ),
                    version=version + first + 1,
                )
            )
        state = fold(ruleset, events, state)
        version += len(events)
    if version != len(recorded):
        raise _Stop(
            AuditProblem(
                code="events_without_command",
                message=f"no recorded command explains the events from version {version + 1}",
                version=version + 1,
            )
        )


def _opening(
    ruleset: AnyRuleset,
    options: Any,
    players: Sequence[SeatedPlayer],
    recorded: list[bytes],
    seed: str,
    tick: Tick,
) -> list[bytes]:
    """The setup events as drawn from the seed. The service tells ``setup`` who
    won last (a hint some games use); the export does not record it, so every
    possibility (nobody, or one of the seats) is tried: with the seed fixed by
    its commitment, no choice among them can pick a roll."""
    seats = [p.seat for p in players]
    for last_winner in (None, *seats):
        tick()
        context = SetupContext(players=tuple(players), last_winner_seat=last_winner)
        opening = _encoded(ruleset.setup(options, context, Rng(seed, 0)))
        if recorded[: len(opening)] == opening:
            return opening
    first = 1
    opening = _encoded(ruleset.setup(options, SetupContext(players=tuple(players)), Rng(seed, 0)))
    for i, (a, b) in enumerate(zip(opening, recorded, strict=False)):
        if a != b:
            first = i + 1
            break
    raise _Stop(
        AuditProblem(
            code="setup_not_reproduced",
            message="the opening events are not what setup draws from the revealed seed",
            version=first,
        )
    )
