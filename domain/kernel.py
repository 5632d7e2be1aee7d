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
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast, get_args

import msgspec

Seat = str
"""A seat id, as the ruleset names them (``seat_0``, ``fire`` ...).

Glossary (``domain/README.md``): a *seat* is one place at the table, named
by this id in every command, event, view and API path; a *seat index* is a
seat's position in the game's seat order (0-based), an int that a game may
use inside its own state but never in a message; a *player* is an identity
of the service (``player_id``) who may hold seats, and never appears in the
rules."""

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
    msgspec.Struct,
    frozen=True,
    forbid_unknown_fields=True,
    tag_field="type",
    kw_only=True,
    gc=False,
):
    """Base of every command. Subclasses set ``tag="<ruleset>.<name>"``."""


class EventBase(msgspec.Struct, frozen=True, tag_field="type", kw_only=True, gc=False):
    """Base of every event. Subclasses set ``tag="<ruleset>.<name>"``.

    Events evolve by adding fields with defaults; a stored tag is forever.
    """


def tag_of(message: msgspec.Struct) -> str:
    """The ``type`` tag of a command or event instance."""
    return tag_of_class(type(message))


class Standing(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One seat's place in the final ranking."""

    seat: Seat
    """The seat."""
    rank: int
    """1 for the winner(s); seats that stay tied after every tie-break share a rank."""
    score: int
    """The game's score for this seat (the spec says whether higher or lower is better)."""


class Outcome(msgspec.Struct, frozen=True, kw_only=True, gc=False):
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


class SeatedPlayer(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """Who holds a seat when the game starts, as the service knows it."""

    seat: Seat
    player_id: str | None = None
    player_name: str | None = None


class SetupContext(msgspec.Struct, frozen=True, kw_only=True, gc=False):
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


OptionsT = TypeVar("OptionsT", contravariant=True)
StateT = TypeVar("StateT")
CommandT = TypeVar("CommandT")
EventT = TypeVar("EventT")
ViewT = TypeVar("ViewT", covariant=True)
StateIn = TypeVar("StateIn", contravariant=True)
EventIn = TypeVar("EventIn", contravariant=True)

# A ruleset's functions, by the module of a game's package that holds them
# ("One layout in every game", ``domain/README.md``). Each is a protocol that
# the module itself satisfies, so mypy checks a game's modules where
# :meth:`RulesetBase.assemble` takes them; :class:`Ruleset` is their union.
# Parameters are positional-only: names differ between games, and callers
# pass them in order.


class OptionsModule(Protocol[OptionsT]):
    """A game's ``options.py``."""

    def validate_options(self, options: OptionsT, /) -> None:
        """Raise RuleViolation (the spec's create_game codes) on bad options."""
        ...


class SetupModule(Protocol[OptionsT, EventT]):
    """A game's ``setup.py``."""

    def seats(self, options: OptionsT, /) -> tuple[Seat, ...]:
        """The seat ids of a game with these (valid) options, in seat order."""
        ...

    def setup(self, options: OptionsT, context: SetupContext, rng: Rng, /) -> list[EventT]:
        """The opening events, every random draw recorded in them."""
        ...


class RulesModule(Protocol[StateIn, CommandT, EventT]):
    """A game's ``rules.py``."""

    def decide(self, state: StateIn, seat: Seat, command: CommandT, rng: Rng, /) -> list[EventT]:
        """Validate ``command`` from ``seat``; return the events, or raise RuleViolation."""
        ...

    def legal_commands(self, state: StateIn, seat: Seat, /) -> list[CommandT]:
        """Every command ``decide`` accepts from ``seat`` now, in canonical form."""
        ...

    def to_act(self, state: StateIn, /) -> list[Seat]:
        """The seats the game waits on (empty once finished)."""
        ...


class EvolveModule(Protocol[StateT, EventIn]):
    """A game's ``evolve.py``."""

    def evolve(self, state: StateT | None, event: EventIn, /) -> StateT:
        """Fold one event; never mutates ``state``, never raises on a valid log."""
        ...


class ViewsModule(Protocol[StateIn, EventT, ViewT]):
    """A game's ``views.py``: the only module that decides what is hidden."""

    def view(self, state: StateIn, seat: Seat | None, /) -> ViewT:
        """What ``seat`` (None: a spectator) may see of ``state``."""
        ...

    def redact(self, event: EventT, seat: Seat | None, /) -> EventT:
        """``event`` as ``seat`` (None: a spectator) may see it."""
        ...


class ScoringModule(Protocol[StateIn]):
    """A game's ``scoring.py``."""

    def outcome(self, state: StateIn, /) -> Outcome | None:
        """The final ranking once the game is over, else None."""
        ...


class Ruleset(
    OptionsModule[OptionsT],
    SetupModule[OptionsT, EventT],
    RulesModule[StateT, CommandT, EventT],
    EvolveModule[StateT, EventT],
    ViewsModule[StateT, EventT, ViewT],
    ScoringModule[StateT],
    Protocol[OptionsT, StateT, CommandT, EventT, ViewT],
):
    """What every game exports as ``RULESET`` (see ``domain/README.md``): the
    functions of the six modules above, and the game's metadata.

    Generic over the game's options, state, command union, event union and
    view, so that ``RULESET: Ruleset[ArkantisOptions, ArkantisState, ...]``
    is checked by mypy against the game's real signatures. A game declares
    its metadata as class variables of a :class:`RulesetBase` (they are
    read-only properties here) and builds ``RULESET`` with
    :meth:`RulesetBase.assemble`.
    """

    @property
    def name(self) -> str:
        """Registry key and tag prefix, e.g. ``arkantis``."""
        ...

    @property
    def title(self) -> str: ...

    @property
    def version(self) -> int: ...

    @property
    def min_seats(self) -> int: ...

    @property
    def max_seats(self) -> int: ...

    @property
    def has_chance(self) -> bool: ...

    @property
    def has_hidden_information(self) -> bool: ...

    @property
    def Options(self) -> type[Any]:
        """msgspec Struct; every field has a default so ``{}`` is a valid game."""
        ...

    @property
    def Command(self) -> Any:
        """The tagged union of the ruleset's command Structs (:func:`members_of`)."""
        ...

    @property
    def Event(self) -> Any:
        """The tagged union of the ruleset's event Structs."""
        ...

    @property
    def State(self) -> type[Any]: ...

    @property
    def View(self) -> type[Any]: ...

    @property
    def Components(self) -> type[Any]:
        """The type of :attr:`components` (static data a frontend draws)."""
        ...

    @property
    def error_codes(self) -> frozenset[str]:
        """Every ``RuleViolation`` code the ruleset can raise (listed in the API's
        ``ProblemCode``; ``tests/service/test_problem_codes.py`` reads the source)."""
        ...

    @property
    def components(self) -> Any:
        """Static, read-only data: board graph, card lists, counts."""
        ...


AnyRuleset = Ruleset[Any, Any, Any, Any, Any]
"""A ruleset of any game, as the registry and the service hold them."""

_METADATA = tuple(name for name, member in vars(Ruleset).items() if isinstance(member, property))
"""The protocol's read-only members: what a ruleset class declares (or inherits)."""


class RulesetBase:
    """A game's ruleset class: its metadata as class variables (with these
    defaults), assembled once with the game's functions by :meth:`assemble`."""

    has_chance: ClassVar[bool] = True
    has_hidden_information: ClassVar[bool] = False
    version: ClassVar[int] = 1
    error_codes: ClassVar[frozenset[str]] = frozenset()
    """A game lists the codes it raises (the four games' lists are checked against their source)."""

    @classmethod
    def assemble(
        cls,
        options: OptionsModule[OptionsT],
        setup: SetupModule[OptionsT, EventT],
        rules: RulesModule[StateT, CommandT, EventT],
        evolve: EvolveModule[StateT, EventT],
        views: ViewsModule[StateT, EventT, ViewT],
        scoring: ScoringModule[StateT],
    ) -> Ruleset[OptionsT, StateT, CommandT, EventT, ViewT]:
        """The game's one ruleset object: an instance of ``cls`` holding the
        functions of the game's modules, each from its home in the layout.

        The functions are stored as they are, not wrapped: an instance
        attribute is never bound, so ``RULESET.decide`` *is* ``rules.decide``
        and the hot path (``decide``, ``evolve``, ``legal_commands``, ``view``,
        ``redact``) pays no delegating call."""
        missing = [name for name in _METADATA if not hasattr(cls, name)]
        if missing:
            raise TypeError(f"{cls.__name__} does not declare {', '.join(missing)}")
        ruleset = cls()
        vars(ruleset).update(
            validate_options=options.validate_options,
            seats=setup.seats,
            setup=setup.setup,
            decide=rules.decide,
            legal_commands=rules.legal_commands,
            to_act=rules.to_act,
            evolve=evolve.evolve,
            view=views.view,
            redact=views.redact,
            outcome=scoring.outcome,
        )
        return cast("Ruleset[OptionsT, StateT, CommandT, EventT, ViewT]", ruleset)


def members_of(union: Any) -> tuple[type[Any], ...]:
    """The Struct classes of a tagged union (or the one class of a single-member "union")."""
    args = get_args(union)
    return tuple(args) if args else (union,)


def tag_of_class(cls: type[Any]) -> str:
    """The ``type`` tag of a command or event class."""
    tag = cls.__struct_config__.tag
    assert isinstance(tag, str), f"{cls.__name__} has no string tag"
    return tag


def tags_of(union: Any) -> dict[str, type[Any]]:
    """Tag -> class for every member of a tagged union, in declaration order."""
    return {tag_of_class(cls): cls for cls in members_of(union)}


StateS = TypeVar("StateS")


class Emitter(Generic[StateS]):
    """The events of one decision, each folded into :attr:`state` as it is emitted.

    Every ruleset's procedures take an ``Emitter``: a step reads
    ``emitter.state`` (always up to date), emits the events it decides, and
    draws from ``emitter.rng`` when the rules ask for chance. ``decide``
    returns ``emitter.events``.
    """

    __slots__ = ("_evolve", "events", "rng", "state")

    def __init__(
        self,
        evolve: Callable[[StateS | None, Any], StateS],
        state: StateS,
        rng: Rng | None = None,
    ) -> None:
        self._evolve = evolve
        self.state = state
        self.rng = rng
        self.events: list[Any] = []

    def emit(self, event: Any) -> None:
        self.events.append(event)
        self.state = self._evolve(self.state, event)

    def draw(self) -> Rng:
        """The decision's randomness; a step that needs chance without one is a bug."""
        assert self.rng is not None, "this step needs randomness"
        return self.rng


def unchanged(state: StateS, event: object) -> StateS:
    """The ``evolve`` handler of an event that records a fact the state does not
    keep (a die rolled for the record, a declined offer): the state as it was.

    Every game's handler table names this one function for such events."""
    return state


def fold(ruleset: AnyRuleset, events: Iterable[Any], state: Any | None = None) -> Any:
    """Apply ``events`` in order, starting from ``state`` (None: from scratch)."""
    evolve = ruleset.evolve
    for event in events:
        state = evolve(state, event)
    return state


def new_game(
    ruleset: AnyRuleset,
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
    ruleset: AnyRuleset,
    state: Any,
    log: list[Any],
    seat: Seat,
    command: Any,
    *,
    seed: str = "plateau",
) -> tuple[Any, list[Any]]:
    """Decide and apply one command the way the service does; returns ``(state, new_events)``.

    The Rng is derived from ``seed`` and the log length (the version), so a
    game played with this helper replays like one played over HTTP.
    """
    events = ruleset.decide(state, seat, command, Rng(seed, len(log)))
    log.extend(events)
    return fold(ruleset, events, state), events
