"""domain.audit: an honest log passes every check; each kind of tampering is
refused with the first bad version named."""

from __future__ import annotations

import copy
import random
from typing import Any

import msgspec
import pytest

from domain import RULESETS, SeatedPlayer, SetupContext
from domain.audit import AuditReport, LoggedCommand, audit, sha256_hex
from domain.kernel import Rng, fold, new_game, play

NAMES = sorted(RULESETS)


def recorded_game(name: str, seed: str = "audit-seed", max_steps: int = 3000) -> dict[str, Any]:
    """A whole game played with random legal commands, recorded as an export holds it."""
    rs = RULESETS[name]
    options = rs.Options()
    players = tuple(
        SeatedPlayer(seat=s, player_id=f"p{i}", player_name=f"Player {i}")
        for i, s in enumerate(rs.seats(options))
    )
    state, log = new_game(rs, options, seed=seed, context=SetupContext(players=players))
    rnd = random.Random(seed)
    commands: list[LoggedCommand] = []
    for _ in range(max_steps):
        if rs.outcome(state) is not None:
            break
        seat = rs.to_act(state)[0]
        command = rnd.choice(rs.legal_commands(state, seat))
        commands.append(
            LoggedCommand(version=len(log), seat=seat, command=msgspec.to_builtins(command))
        )
        state, _ = play(rs, state, log, seat, command, seed=seed)
    outcome = rs.outcome(state)
    assert outcome is not None, f"{name}: no end after {max_steps} commands"
    return {
        "ruleset": rs,
        "ruleset_name": name,
        "options": msgspec.to_builtins(options),
        "players": players,
        "events": [(i, msgspec.to_builtins(e)) for i, e in enumerate(log, start=1)],
        "commands": commands,
        "seed": seed,
        "seed_sha256": sha256_hex(seed),
        "recorded_outcome": msgspec.json.decode(msgspec.json.encode(outcome)),
        "finished": True,
    }


@pytest.fixture(scope="module", params=NAMES)
def game(request: pytest.FixtureRequest) -> dict[str, Any]:
    return recorded_game(str(request.param))


def run(game: dict[str, Any], **changes: Any) -> AuditReport:
    return audit(**{**game, **changes})


def test_an_honest_finished_game_passes_every_check(game: dict[str, Any]) -> None:
    report = run(game)
    assert report.ok, report.verdict
    assert report.versions_contiguous and report.events_decode and report.log_folds
    assert report.seed_matches_commitment is True
    assert report.log_reproduced is True
    assert report.outcome_matches and report.outcome == game["recorded_outcome"]
    assert report.verdict.startswith("ok:")
    assert report.to_act == []


def test_a_game_in_progress_is_checked_without_its_seed(game: dict[str, Any]) -> None:
    upto = max(1, len(game["events"]) // 2)
    # Cut at a command boundary: the first command decided at or after `upto`.
    cut = next(c.version for c in game["commands"] if c.version >= upto)
    report = run(
        game,
        events=game["events"][:cut],
        seed=None,
        recorded_outcome=None,
        finished=False,
    )
    assert report.ok, report.verdict
    assert report.seed_matches_commitment is None and report.log_reproduced is None
    assert report.to_act, "a game in progress waits on someone"
    assert "not revealed" in report.verdict


def test_a_wrong_seed_is_refused(game: dict[str, Any]) -> None:
    report = run(game, seed="another seed")
    assert report.problem is not None and report.problem.code == "seed_mismatch"
    assert report.verdict.startswith("FAILED")


def test_a_seed_that_matches_a_forged_commitment_still_must_reproduce_the_log(
    game: dict[str, Any],
) -> None:
    report = run(game, seed="forged", seed_sha256=sha256_hex("forged"))
    assert report.problem is not None
    assert report.problem.code in {"setup_not_reproduced", "command_not_reproduced"}
    assert report.log_reproduced is not True


def test_a_missing_event_is_a_gap(game: dict[str, Any]) -> None:
    events = list(game["events"])
    del events[3]
    report = run(game, events=events)
    assert report.problem is not None and report.problem.code == "versions_not_contiguous"
    assert report.problem.version == 4


def test_an_undecodable_event_is_named(game: dict[str, Any]) -> None:
    events = list(game["events"])
    version, data = events[2]
    events[2] = (version, {**data, "type": f"{game['ruleset_name']}.no_such_event"})
    report = run(game, events=events)
    assert report.problem is not None and report.problem.code == "event_undecodable"
    assert report.problem.version == 3


def _tamper_one_int(data: Any, rnd: random.Random) -> bool:
    """Change one integer field somewhere in ``data`` (in place); False if none."""
    slots: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in items:
            if isinstance(value, bool):
                continue
            if isinstance(value, int):
                slots.append((node, key))
            elif isinstance(value, dict | list):
                walk(value)

    walk(data)
    if not slots:
        return False
    node, key = rnd.choice(slots)
    node[key] += 1
    return True


def test_a_changed_number_after_setup_is_caught_at_its_version(game: dict[str, Any]) -> None:
    """Change a number (a roll, a count, a score) in one event decided from a command:
    the log no longer follows from the seed, and the version is the tampered one."""
    rnd = random.Random(7)
    first_command_version = game["commands"][0].version
    candidates = [i for i, (v, _) in enumerate(game["events"]) if v > first_command_version]
    for index in rnd.sample(candidates, min(20, len(candidates))):
        events = copy.deepcopy(game["events"])
        version, data = events[index]
        if not _tamper_one_int(data, rnd):
            continue
        report = run(game, events=events)
        assert report.problem is not None, f"tampering version {version} went unnoticed"
        assert report.problem.version is not None and report.problem.version <= version
        return
    pytest.fail("no event with a number to tamper with")


def test_a_changed_setup_draw_is_refused(game: dict[str, Any]) -> None:
    events = copy.deepcopy(game["events"])
    first_command_version = game["commands"][0].version
    rnd = random.Random(3)
    for index in range(first_command_version):
        if _tamper_one_int(events[index][1], rnd):
            break
    else:
        pytest.fail("this game's opening events hold no number")
    report = run(game, events=events)
    assert report.problem is not None
    assert report.problem.version is not None and report.problem.version <= first_command_version


def test_a_dropped_command_leaves_events_unexplained(game: dict[str, Any]) -> None:
    report = run(game, commands=game["commands"][:-1])
    assert report.problem is not None and report.problem.code == "events_without_command"


def test_a_swapped_command_is_not_reproduced(game: dict[str, Any]) -> None:
    commands = list(game["commands"])
    rs = game["ruleset"]
    for i, logged in enumerate(commands):
        state = None
        for _, data in game["events"][: logged.version]:
            state = rs.evolve(state, msgspec.convert(data, type=rs.Event))
        others = [
            c
            for c in rs.legal_commands(state, logged.seat)
            if msgspec.to_builtins(c) != logged.command
        ]
        if others:
            commands[i] = LoggedCommand(
                version=logged.version, seat=logged.seat, command=msgspec.to_builtins(others[0])
            )
            break
    report = run(game, commands=commands)
    assert report.problem is not None and report.problem.code == "command_not_reproduced"
    assert report.problem.version == commands[i].version + 1


def test_an_outcome_that_is_not_the_log_s_is_refused(game: dict[str, Any]) -> None:
    report = run(game, recorded_outcome={"winners": ["nobody"]})
    assert report.problem is not None and report.problem.code == "outcome_mismatch"


def test_unknown_ruleset_and_bad_options(game: dict[str, Any]) -> None:
    report = run(game, ruleset=None, ruleset_name="chess")
    assert report.problem is not None and report.problem.code == "unknown_ruleset"
    report = run(game, options={"no_such_option": 1})
    assert report.problem is not None and report.problem.code == "invalid_options"


class Enough(Exception):
    """What a caller's tick raises to stop the audit (a CPU budget, say)."""


def test_a_tick_per_unit_of_work_may_stop_the_audit(game: dict[str, Any]) -> None:
    """``tick`` is called for every event decoded and folded and every command
    decided again; what it raises ends the audit and reaches the caller."""
    ticks = 0

    def count() -> None:
        nonlocal ticks
        ticks += 1

    assert run(game, tick=count).ok
    assert ticks >= 2 * len(game["events"]) + len(game["commands"])

    def stop_at_ten() -> None:
        nonlocal ticks
        ticks += 1
        if ticks >= 10:
            raise Enough

    ticks = 0
    with pytest.raises(Enough):
        run(game, tick=stop_at_ten)
    assert ticks == 10


def test_every_folded_state_is_shown_to_on_state(game: dict[str, Any]) -> None:
    rs = game["ruleset"]
    seen: list[tuple[int, bytes]] = []
    encoder = msgspec.msgpack.Encoder()
    run(game, on_state=lambda v, s: seen.append((v, encoder.encode(s))))
    assert [v for v, _ in seen] == list(range(1, len(game["events"]) + 1))
    events = [msgspec.convert(e, rs.Event) for _, e in game["events"]]
    middle = len(events) // 2
    assert seen[middle - 1][1] == encoder.encode(fold(rs, events[:middle]))


def test_a_fork_is_decided_from_its_own_seed_after_its_copied_events(
    game: dict[str, Any],
) -> None:
    """A fork copies the first N events (drawn from the original's seed) and draws
    the rest from its own: its commands are decided again from version N only."""
    rs = game["ruleset"]
    commands = game["commands"]
    fork_at = commands[len(commands) // 2].version
    state = fold(
        rs,
        [
            msgspec.json.decode(msgspec.json.encode(d), type=rs.Event)
            for _, d in game["events"][:fork_at]
        ],
    )
    seed = "the-fork-s-own-seed"
    log: list[Any] = [d for _, d in game["events"][:fork_at]]
    mine = [c for c in commands if c.version < fork_at]
    rnd = random.Random(seed)
    while rs.outcome(state) is None and len(mine) < 3000:
        seat = rs.to_act(state)[0]
        command = rnd.choice(rs.legal_commands(state, seat))
        mine.append(
            LoggedCommand(version=len(log), seat=seat, command=msgspec.to_builtins(command))
        )
        events = rs.decide(state, seat, command, Rng(seed, len(log)))
        state = fold(rs, events, state)
        log += [msgspec.to_builtins(e) for e in events]
    forked = {
        **game,
        "events": list(enumerate(log, start=1)),
        "commands": mine,
        "seed": seed,
        "seed_sha256": sha256_hex(seed),
        "recorded_outcome": msgspec.json.decode(msgspec.json.encode(rs.outcome(state))),
    }
    report = audit(**forked, fork_version=fork_at)
    assert report.ok and report.log_reproduced and report.fork_version == fork_at, report.verdict
    assert f"a fork of events 1..{fork_at}" in report.verdict
    # Not a fork, the same log is refused: its opening is not drawn from its seed.
    assert not audit(**forked).ok
