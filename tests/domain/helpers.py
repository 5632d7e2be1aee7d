"""Test helpers shared by every game's tests (``tests/domain/<game>/helpers.py``
re-exports them bound to the game's ruleset).

* :func:`play` decides a command that must be listed by ``legal_commands``
  and folds its events;
* :func:`rejected` decides a command that must be refused, checks that it is
  not listed and that the state did not change, and returns the RuleViolation;
* :class:`ScriptedRng` is a real :class:`~domain.kernel.Rng` whose dice,
  choices and shuffles follow a script.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

import msgspec

from domain.kernel import AnyRuleset, Rng, RuleViolation, fold

T = TypeVar("T")


def listed(rs: AnyRuleset, state: Any, seat: str, command: Any) -> bool:
    """Whether ``command`` is among the seat's legal commands (compared encoded)."""
    wanted = msgspec.json.encode(command)
    return any(msgspec.json.encode(c) == wanted for c in rs.legal_commands(state, seat))


def play(
    rs: AnyRuleset,
    state: Any,
    seat: str,
    command: Any,
    rng: Rng | None = None,
    *,
    canonical: Callable[[Any], Any] | None = None,
) -> tuple[Any, list[Any]]:
    """Decide ``command`` (asserting it is listed) and fold its events: ``(state, events)``.

    ``canonical`` maps a command to the form ``legal_commands`` lists (for
    games whose commands name unordered sets).
    """
    probe = canonical(command) if canonical is not None else command
    assert listed(rs, state, seat, probe), f"{command!r} is not listed for {seat}"
    events = rs.decide(state, seat, command, rng or Rng("test", 1))
    return fold(rs, events, state), events


def rejected(
    rs: AnyRuleset,
    state: Any,
    seat: str,
    command: Any,
    code: str | None = None,
    rng: Rng | None = None,
    *,
    canonical: Callable[[Any], Any] | None = None,
) -> RuleViolation:
    """Decide ``command``, which must be refused (with ``code`` when given), not be
    listed, and leave ``state`` unchanged; returns the RuleViolation."""
    probe = canonical(command) if canonical is not None else command
    assert not listed(rs, state, seat, probe), f"{command!r} is listed for {seat}"
    before = msgspec.msgpack.encode(state)
    try:
        rs.decide(state, seat, command, rng or Rng("test", 1))
    except RuleViolation as exc:
        assert msgspec.msgpack.encode(state) == before, "a refused command changed the state"
        if code is not None:
            assert exc.code == code, f"expected {code}, got {exc.code}: {exc.message}"
        return exc
    raise AssertionError(f"{command!r} from {seat} was accepted")


class ScriptedRng(Rng):
    """An Rng that follows a script: ``dice`` are returned by ``die``/``randint``
    in order; ``choice`` takes the item at the next scripted index (default 0);
    ``shuffled`` returns the next scripted order (default: unchanged);
    ``sample`` takes the first ``k`` items. Running out of dice is an error.
    """

    def __init__(
        self,
        dice: Iterable[int] = (),
        *,
        choices: Iterable[int] = (),
        shuffles: Iterable[Sequence[Any]] = (),
        repeat_last_die: bool = False,
    ) -> None:
        super().__init__("scripted", 0)
        self.dice = list(dice)
        self.choices = list(choices)
        self.shuffles = [list(s) for s in shuffles]
        self.repeat_last_die = repeat_last_die

    def die(self, sides: int = 6) -> int:
        assert self.dice, "the test did not script enough dice"
        if self.repeat_last_die and len(self.dice) == 1:
            return self.dice[0]
        return self.dice.pop(0)

    def randint(self, low: int, high: int) -> int:
        value = self.die(high)
        assert low <= value <= high, f"scripted {value} is not in [{low}, {high}]"
        return value

    def choice(self, items: Sequence[T]) -> T:
        index = self.choices.pop(0) if self.choices else 0
        return items[index]

    def shuffled(self, items: Iterable[T]) -> list[T]:
        out = list(items)
        if self.shuffles:
            order = self.shuffles.pop(0)
            assert sorted(map(repr, order)) == sorted(map(repr, out)), "not a permutation"
            return list(order)
        return out

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        return list(items)[:k]
