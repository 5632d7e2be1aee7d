"""The rules kernel: the protocol every ruleset satisfies, and what they share.

Nothing here (or anywhere under ``domain/``) performs I/O, reads the clock or
touches global randomness. A ruleset is a plain object exposing pure
functions over msgspec types; the service drives it, tests drive it, and a
script can drive it with no service at all (see ``domain/README.md``).

Conventions shared by every ruleset:

* Seats are short ASCII ids (``seat_0``, ``fire`` ...), chosen by the ruleset
  from its options (:meth:`Ruleset.seats`).
* Commands and events are frozen ``msgspec.Struct`` classes deriving from
  :class:`CommandBase` / :class:`EventBase`, tagged on the field ``type``
  with a value ``"<ruleset>.<spec name>"`` (``"arkantis.remove_token"``), so
  that a tag is unique across every ruleset and the HTTP API can serve all
  games' messages in one discriminated union. Class names are prefixed with
  the game (``ArkantisRemoveToken``) so schema names are unique too.
* ``evolve`` starts from ``None``: the first event of every log creates the
  game. ``evolve`` never mutates its input and never raises on a valid log.
* ``decide`` never mutates its input; it raises :class:`RuleViolation` with
  the spec's snake_case code for every rejected command.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable

import msgspec

Seat = str
"""A seat id, as the ruleset names them (``seat_0``, ``fire`` ...)."""

T = TypeVar("T")


class RuleViolation(Exception):
    """A command the rules reject.

    ``code`` is the spec's snake_case error code (``not_your_turn``,
    ``cell_is_empty`` ...); ``message`` is a human sentence naming the
    offending cell, card or seat; ``details`` is a small JSON-able mapping
    with the same facts for machines. A RuleViolation never carries hidden
    information about another seat.
    """

    def __init__(self, code: str, message: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.details: dict[str, Any] = dict(details or {})

    def __repr__(self) -> str:
        return f"RuleViolation({self.code!r}, {self.message!r}, {self.details!r})"


class CommandBase(
    msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="type", kw_only=True
):
    """Base of every command. Subclasses set ``tag="<ruleset>.<name>"``."""


class EventBase(msgspec.Struct, frozen=True, tag_field="type", kw_only=True):
    """Base of every event. Subclasses set ``tag="<ruleset>.<name>"``.

    Events evolve by adding fields with defaults; a stored tag is forever.
    """


def tag_of(message: msgspec.Struct) -> str:
    """The ``type`` tag of a command or event instance."""
    tag = type(message).__struct_config__.tag
    assert isinstance(tag, str), f"{type(message).__name__} has no string tag"
    return tag


class Standing(msgspec.Struct, frozen=True, kw_only=True):
    """One seat's place in the final ranking."""

    seat: Seat
    rank: int
    """1 for the winner(s); seats that stay tied after every tie-break share a rank."""
    score: int
    """The game's score for this seat (the spec says whether higher or lower is better)."""


class Outcome(msgspec.Struct, frozen=True, kw_only=True):
    """The end of a game as a value."""

    standings: tuple[Standing, ...]
    """Every seat, best first."""
    winners: tuple[Seat, ...]
    """The seats ranked 1 (several on a shared win or in team play)."""
    decided_by: str
    """Which criterion separated the first two places: ``score`` when the
    score alone did, else the spec's name of the tie-break that decided, or
    ``tie`` when nothing could separate them."""

    @property
    def ranking(self) -> tuple[Seat, ...]:
        return tuple(s.seat for s in self.standings)

    @property
    def scores(self) -> dict[Seat, int]:
        return {s.seat: s.score for s in self.standings}


class SeatedPlayer(msgspec.Struct, frozen=True, kw_only=True):
    """Who holds a seat when the game starts, as the service knows it."""

    seat: Seat
    player_id: str | None = None
    player_name: str | None = None


class SetupContext(msgspec.Struct, frozen=True, kw_only=True):
    """What the service tells ``setup`` about the seated players."""

    players: tuple[SeatedPlayer, ...] = ()
    last_winner_seat: Seat | None = None
    """The seat, in this game, of the seated player who most recently won a
    finished game of this ruleset on this server (None when none of them
    ever won one). Rulesets that do not care ignore it."""


class Rng:
    """Deterministic randomness for one decision point.

    ``Rng(seed, version)`` is derived from the game's secret seed and the log
    version the command is decided at (0 for setup), so deciding the same
    command twice at the same version draws the same values. Draws are
    always recorded in events: replay never needs an ``Rng``.
    """

    __slots__ = ("_generator", "_seed", "seed_version")

    def __init__(self, seed: str, version: int) -> None:
        self._seed = seed
        self.seed_version = version
        self._generator: random.Random | None = None

    @property
    def _random(self) -> random.Random:
        # Derived on the first draw only: most commands draw nothing.
        if self._generator is None:
            material = f"plateau-rng\x00{self._seed}\x00{self.seed_version}".encode()
            digest = hashlib.sha256(material).digest()
            self._generator = random.Random(int.from_bytes(digest, "big"))
        return self._generator

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]`` (both included)."""
        return self._random.randint(low, high)

    def die(self, sides: int = 6) -> int:
        """One roll of a fair die numbered 1..sides."""
        return self._random.randint(1, sides)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("choice from an empty sequence")
        return items[self._random.randrange(len(items))]

    def shuffled(self, items: Iterable[T]) -> list[T]:
        """A new list with the items in a uniformly random order."""
        out = list(items)
        self._random.shuffle(out)
        return out

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        return self._random.sample(list(items), k)


@runtime_checkable
class Ruleset(Protocol):
    """What every game exports as ``RULESET`` (see ARCHITECTURE.md)."""

    name: str
    """Registry key and tag prefix, e.g. ``arkantis``."""
    title: str
    version: int
    min_seats: int
    max_seats: int
    has_chance: bool
    has_hidden_information: bool

    Options: type[Any]
    """msgspec Struct; every field has a default so ``{}`` is a valid game."""
    Command: Any
    """The tagged union of the ruleset's command Structs."""
    Event: Any
    """The tagged union of the ruleset's event Structs."""
    State: type[Any]
    View: type[Any]
    Components: type[Any]
    """The type of :attr:`components` (static data a frontend draws)."""
    components: Any
    """Static, read-only data: board graph, card lists, counts."""

    def validate_options(self, options: Any) -> None:
        """Raise RuleViolation (the spec's create_game codes) on bad options."""
        ...

    def seats(self, options: Any) -> tuple[Seat, ...]:
        """The seat ids of a game with these (valid) options, in seat order."""
        ...

    def setup(self, options: Any, context: SetupContext, rng: Rng) -> list[Any]:
        """The opening events, every random draw recorded in them."""
        ...

    def decide(self, state: Any, seat: Seat, command: Any, rng: Rng) -> list[Any]:
        """Validate ``command`` from ``seat``; return the events, or raise RuleViolation."""
        ...

    def evolve(self, state: Any | None, event: Any) -> Any:
        """Fold one event; never mutates ``state``, never raises on a valid log."""
        ...

    def legal_commands(self, state: Any, seat: Seat) -> list[Any]:
        """Every command ``decide`` accepts from ``seat`` now, in canonical form."""
        ...

    def to_act(self, state: Any) -> list[Seat]:
        """The seats the game waits on (empty once finished)."""
        ...

    def view(self, state: Any, seat: Seat | None) -> Any:
        """What ``seat`` (None: a spectator) may see of ``state``."""
        ...

    def redact(self, event: Any, seat: Seat | None) -> Any:
        """``event`` as ``seat`` (None: a spectator) may see it."""
        ...

    def outcome(self, state: Any) -> Outcome | None:
        """The final ranking once the game is over, else None."""
        ...

    def hidden_values(self, state: Any, seat: Seat | None) -> list[Any]:
        """Test hook for the no-leak checks: values hidden from ``seat`` now.

        Each value (another seat's hand as a list of card ids, a hidden
        pile's order, ...) is JSON-encoded by the conformance suite, which
        asserts the encoding appears in neither ``view(state, seat)`` nor any
        event of the log redacted for ``seat``. Return only values whose
        encoding is distinctive (e.g. lists of two or more ids).
        """
        ...


class RulesetBase:
    """Optional convenience base: metadata defaults and a few shared helpers."""

    has_chance: ClassVar[bool] = True
    has_hidden_information: ClassVar[bool] = False
    version: ClassVar[int] = 1

    def hidden_values(self, state: Any, seat: Seat | None) -> list[Any]:
        return []


def fold(ruleset: Ruleset, events: Iterable[Any], state: Any | None = None) -> Any:
    """Apply ``events`` in order, starting from ``state`` (None: from scratch)."""
    evolve = ruleset.evolve
    for event in events:
        state = evolve(state, event)
    return state


def new_game(
    ruleset: Ruleset,
    options: Any | None = None,
    *,
    seed: str = "plateau",
    context: SetupContext | None = None,
) -> tuple[Any, list[Any]]:
    """Set up a game with no service: returns ``(state, events)``.

    >>> from domain import RULESETS
    >>> rs = RULESETS["arkantis"]
    >>> state, log = new_game(rs)
    >>> seat = rs.to_act(state)[0]
    >>> cmd = rs.legal_commands(state, seat)[0]
    >>> events = rs.decide(state, seat, cmd, Rng("plateau", len(log)))
    >>> state = fold(rs, events, state)
    """
    opts = ruleset.Options() if options is None else options
    ruleset.validate_options(opts)
    if context is None:
        context = SetupContext(players=tuple(SeatedPlayer(seat=s) for s in ruleset.seats(opts)))
    events = ruleset.setup(opts, context, Rng(seed, 0))
    return fold(ruleset, events), list(events)


def play(
    ruleset: Ruleset, state: Any, log: list[Any], seat: Seat, command: Any, *, seed: str = "plateau"
) -> tuple[Any, list[Any]]:
    """Decide and apply one command the way the service does; returns ``(state, new_events)``.

    The Rng is derived from ``seed`` and the log length (the version), so a
    game played with this helper replays like one played over HTTP.
    """
    events = ruleset.decide(state, seat, command, Rng(seed, len(log)))
    log.extend(events)
    return fold(ruleset, events, state), events
