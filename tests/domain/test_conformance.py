"""The conformance suite every ruleset in ``domain.RULESETS`` must pass.

Hypothesis plays random games of random options to the end using only
``legal_commands``; along the way it checks that:

* a random sample of the listed commands is accepted by ``decide``;
* other commands (listed for another seat, listed earlier in the game, or a
  listed command with one field mutated) are rejected with ``RuleViolation``
  and nothing else, unless they are legal now;
* ``decide`` and ``evolve`` never mutate their input;
* folding every event from scratch gives the same state (at the end and at
  a few random points);
* msgpack and JSON round-trips of commands, events, state and views are exact;
* ``view``/``redact`` for a seat never contain a value the ruleset declares
  hidden from that seat (``hidden_values``);
* ``legal_commands`` is deterministic, the game always waits on someone who
  has a legal command, and a finished game has an ``Outcome`` and no legal
  command.

Per-game knobs live in ``tests/domain/<ruleset>/support.py``:
``options`` (a hypothesis strategy of valid ``Options``, required),
``canonical(command)`` (the canonical form of an equivalent command,
optional), ``MAX_STEPS`` (optional), ``choose(random, state, seat, commands)``
(the random player's policy, optional; it must pick among ``commands``),
``TRUE_RANDOM`` (optional, default True: the random player is a
``random.Random`` seeded by hypothesis, so its choices are uniform and a game
may run for thousands of commands; False makes it draw from
hypothesis-generated data, which shrinks better but is heavily biased
towards the first listed commands and holds only about a hundred steps'
worth of draws).

``PLATEAU_CONFORMANCE_GAMES`` sets how many games per ruleset (default 200;
the opt-in long run uses 10000: ``PLATEAU_CONFORMANCE_GAMES=10000 pytest
tests/domain/test_conformance.py``).
"""

from __future__ import annotations

import importlib
import os
import random
from types import ModuleType
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain import RULESETS, AnyRuleset, Outcome, Rng, RuleViolation, SeatedPlayer, SetupContext
from domain.kernel import fold, members_of, tag_of_class
from tests.domain.probes import Probe, hidden_values

GAMES = int(os.environ.get("PLATEAU_CONFORMANCE_GAMES", "200"))
DEFAULT_MAX_STEPS = 20_000


def support_for(name: str) -> ModuleType:
    try:
        return importlib.import_module(f"tests.domain.{name}.support")
    except ModuleNotFoundError as exc:  # pragma: no cover - a missing module is a failure
        pytest.fail(f"ruleset {name!r} has no tests/domain/{name}/support.py: {exc}")


def enc(value: Any) -> bytes:
    return msgspec.json.encode(value)


def assert_roundtrip(value: Any, typ: Any) -> None:
    as_json = msgspec.json.decode(msgspec.json.encode(value), type=typ)
    assert as_json == value, f"JSON round-trip changed {type(value).__name__}"
    as_msgpack = msgspec.msgpack.decode(msgspec.msgpack.encode(value), type=typ)
    assert as_msgpack == value, f"msgpack round-trip changed {type(value).__name__}"


def mutate(command: Any, rnd: random.Random, pool_strings: list[str]) -> Any | None:
    """A copy of ``command`` with one field changed to a random value of a plausible type."""
    raw = msgspec.to_builtins(command)
    fields = [k for k in raw if k != "type"]
    if not fields:
        return None
    key = rnd.choice(fields)
    old = raw[key]
    choices: list[Any] = [None, -1, 0, 1, 2, 7, 99, True, False, "", "nope", [], {}]
    if pool_strings:
        choices.extend(rnd.choice(pool_strings) for _ in range(5))
    if isinstance(old, bool):
        choices.append(not old)
    elif isinstance(old, int):
        choices.extend([old + 1, old - 1])
    elif isinstance(old, list) and old:
        choices.extend([old[::-1], old[:-1], old + old[:1]])
    raw[key] = rnd.choice(choices)
    try:
        return msgspec.convert(raw, type=type(command))
    except (msgspec.ValidationError, TypeError):
        return None


def collect_strings(value: Any, out: set[str]) -> None:
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for v in value.values():
            collect_strings(v, out)
    elif isinstance(value, list):
        for v in value:
            collect_strings(v, out)


class Player:
    """Plays one random game, checking the contract along the way."""

    def __init__(
        self,
        ruleset: AnyRuleset,
        support: ModuleType,
        options: Any,
        seed: str,
        rnd: random.Random,
        probe: Probe | None = None,
    ):
        self.rs = ruleset
        self.support = support
        self.probe: Probe = probe or (lambda state, seat: hidden_values(ruleset.name, state, seat))
        self.options = options
        self.seed = seed
        self.rnd = rnd
        self.canonical = getattr(support, "canonical", lambda c: c)
        self.choose = getattr(support, "choose", None)
        self.max_steps = getattr(support, "MAX_STEPS", DEFAULT_MAX_STEPS)
        self.seats = tuple(ruleset.seats(options))
        self.log: list[Any] = []
        self.past_commands: list[Any] = []
        self.strings: set[str] = set(self.seats)
        self.string_pool: list[str] = sorted(self.strings)

    def legal_by_seat(self, state: Any) -> dict[str, list[Any]]:
        return {s: self.rs.legal_commands(state, s) for s in self.seats}

    def check_rejected_or_legal(
        self, state: Any, seat: str, command: Any, legal: list[Any]
    ) -> None:
        before = enc(state)
        try:
            events = self.rs.decide(state, seat, command, Rng(self.seed, len(self.log)))
        except RuleViolation as exc:
            assert exc.code and exc.code == exc.code.lower() and " " not in exc.code, exc.code
            assert self.canonical(command) not in legal, (
                f"decide rejected a listed command {command!r} of {seat} ({exc.code})"
            )
        else:
            assert events, f"decide accepted {command!r} of {seat} and produced no event"
            assert self.canonical(command) in legal, (
                f"decide accepted {command!r} from {seat}, which legal_commands does not list"
            )
        assert enc(state) == before, "decide mutated the state"

    def check_state(self, state: Any, legal: dict[str, list[Any]]) -> None:
        rs = self.rs
        assert_roundtrip(state, rs.State)
        to_act = rs.to_act(state)
        assert set(to_act) <= set(self.seats)
        for seat in (None, *self.seats):
            view = rs.view(state, seat)
            assert_roundtrip(view, rs.View)
            encoded_view = enc(view)
            hidden = [enc(value) for value in self.probe(state, seat)]
            if not hidden:
                continue
            redacted = [enc(rs.redact(event, seat)) for event in self.log]
            for needle in hidden:
                assert needle not in encoded_view, f"view for {seat} leaks {needle!r}"
                for event, encoded in zip(self.log, redacted, strict=True):
                    assert needle not in encoded, (
                        f"redacted event {type(event).__name__} for {seat} leaks {needle!r}"
                    )
        for seat, commands in legal.items():
            assert rs.legal_commands(state, seat) == commands, "legal_commands is not deterministic"
            for command in commands:
                assert_roundtrip(command, rs.Command)
        for event in self.log[-20:]:
            assert_roundtrip(event, rs.Event)
            for seat in (None, *self.seats):
                assert_roundtrip(rs.redact(event, seat), rs.Event)

    def check_replay(self, state: Any) -> None:
        assert enc(fold(self.rs, self.log)) == enc(state), (
            "folding the log does not rebuild the state"
        )

    def run(self) -> None:
        rs, rnd = self.rs, self.rnd
        rs.validate_options(self.options)
        context = SetupContext(
            players=tuple(
                SeatedPlayer(seat=s, player_id=f"p{i}") for i, s in enumerate(self.seats)
            ),
            last_winner_seat=rnd.choice([None, *self.seats]),
        )
        self.log = list(rs.setup(self.options, context, Rng(self.seed, 0)))
        assert self.log, "setup produced no event"
        state = fold(rs, self.log)
        checkpoints = {rnd.randrange(1, 400) for _ in range(3)}
        for step in range(self.max_steps):
            legal = self.legal_by_seat(state)
            for commands in legal.values():
                self.past_commands.extend(commands[:5])
                del self.past_commands[:-300]
                for c in commands[:5]:
                    collect_strings(msgspec.to_builtins(c), self.strings)
            if len(self.strings) != len(self.string_pool):
                self.string_pool = sorted(self.strings)
            to_act = rs.to_act(state)
            if rs.outcome(state) is not None:
                break
            assert to_act, "the game is not over but waits on nobody"
            for seat in to_act:
                assert legal[seat], f"the game waits on {seat}, who has no legal command"
            full = step in checkpoints
            if full:
                self.check_state(state, legal)
                self.check_replay(state)
            # Listed commands are accepted.
            seat = rnd.choice(to_act)
            for command in rnd.sample(legal[seat], min(2, len(legal[seat]))):
                self.check_rejected_or_legal(state, seat, command, legal[seat])
            # Other commands are rejected with RuleViolation unless legal now.
            pool = self.string_pool
            for _ in range(3):
                other_seat = rnd.choice(self.seats)
                candidate = rnd.choice(self.past_commands)
                if rnd.random() < 0.5:
                    candidate = mutate(candidate, rnd, pool) or candidate
                self.check_rejected_or_legal(state, other_seat, candidate, legal[other_seat])
            try:
                rs.decide(state, "no_such_seat", rnd.choice(self.past_commands), Rng(self.seed, 0))
            except RuleViolation:
                pass
            else:
                raise AssertionError("decide accepted a command from an unknown seat")
            # Play one listed command (any seat that has one may act: free commands too).
            movers = [s for s in self.seats if legal[s]]
            weights = [4 if s in to_act else 1 for s in movers]
            mover = rnd.choices(movers, weights)[0]
            if self.choose is not None:
                command = self.choose(rnd, state, mover, legal[mover])
            else:
                command = rnd.choice(legal[mover])
            before = enc(state)
            events = rs.decide(state, mover, command, Rng(self.seed, len(self.log)))
            assert events, f"{command!r} produced no event"
            new_state = fold(rs, events, state)
            assert enc(state) == before, "decide/evolve mutated the previous state"
            self.log.extend(events)
            state = new_state
        else:
            raise AssertionError(f"game not over after {self.max_steps} steps")
        outcome = rs.outcome(state)
        assert isinstance(outcome, Outcome)
        assert {s.seat for s in outcome.standings} == set(self.seats)
        assert outcome.winners and set(outcome.winners) <= set(self.seats)
        assert all(s.rank == 1 for s in outcome.standings if s.seat in outcome.winners)
        assert [s.rank for s in outcome.standings] == sorted(s.rank for s in outcome.standings)
        assert outcome.decided_by
        assert rs.to_act(state) == []
        for seat in self.seats:
            assert rs.legal_commands(state, seat) == [], "a finished game still has legal commands"
        self.check_state(state, self.legal_by_seat(state))
        self.check_replay(state)
        assert_roundtrip(outcome, Outcome)


RULESET_NAMES = sorted(RULESETS)


def test_at_least_one_ruleset_is_registered() -> None:
    assert RULESET_NAMES, "domain.RULESETS is empty"


@pytest.mark.parametrize("name", RULESET_NAMES)
def test_metadata(name: str) -> None:
    rs = RULESETS[name]
    assert rs.name == name
    assert 1 <= rs.min_seats <= rs.max_seats
    assert isinstance(rs.title, str) and rs.title
    default = rs.Options()
    rs.validate_options(default)
    seats = rs.seats(default)
    assert rs.min_seats <= len(seats) <= rs.max_seats
    assert len(set(seats)) == len(seats)
    msgspec.json.encode(rs.components)
    for union in (rs.Command, rs.Event):
        for member in members_of(union):
            tag = tag_of_class(member)
            assert isinstance(tag, str) and tag.startswith(f"{name}."), (member, tag)
            assert member.__name__[0].isupper()


def test_tags_and_class_names_are_unique_across_rulesets() -> None:
    seen_tags: dict[str, str] = {}
    seen_names: dict[str, str] = {}
    for name in RULESET_NAMES:
        rs = RULESETS[name]
        for kind, union in (("command", rs.Command), ("event", rs.Event)):
            for member in members_of(union):
                tag = f"{kind}:{tag_of_class(member)}"
                assert tag not in seen_tags, f"{tag} used by {seen_tags[tag]} and {name}"
                seen_tags[tag] = name
                assert member.__name__ not in seen_names, member.__name__
                seen_names[member.__name__] = name


@pytest.mark.parametrize("name", RULESET_NAMES)
def test_setup_is_deterministic_per_seed(name: str) -> None:
    rs = RULESETS[name]
    options = rs.Options()
    ctx = SetupContext(players=tuple(SeatedPlayer(seat=s) for s in rs.seats(options)))
    assert enc(rs.setup(options, ctx, Rng("s", 0))) == enc(rs.setup(options, ctx, Rng("s", 0)))


def make_random_game_test(
    name: str,
    *,
    ruleset: AnyRuleset | None = None,
    support: ModuleType | None = None,
    probe: Probe | None = None,
    games: int = GAMES,
) -> Any:
    """A hypothesis test playing ``games`` random games of a registered ruleset (or of
    ``ruleset`` with its ``support`` module and leak ``probe``, for a game outside
    ``domain.RULESETS`` such as the tests' example ruleset)."""
    support = support or support_for(name)
    rs = ruleset or RULESETS[name]

    @settings(
        max_examples=games,
        deadline=None,
        derandomize=False,
        suppress_health_check=list(HealthCheck),
        database=None,
    )
    @given(
        options=support.options,
        seed=st.text(min_size=1, max_size=12),
        rnd=st.randoms(use_true_random=bool(getattr(support, "TRUE_RANDOM", True))),
    )
    def run(options: Any, seed: str, rnd: random.Random) -> None:
        Player(rs, support, options, seed, rnd, probe).run()

    return run


@pytest.mark.parametrize("name", RULESET_NAMES)
def test_random_games(name: str) -> None:
    make_random_game_test(name)()
