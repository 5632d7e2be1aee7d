"""Bots: policies that play one seat from what that seat sees.

A bot's entry point is :func:`choose` ``(ruleset, level, view, legal_commands,
seat, seed, budget)``: it never receives a State. Levels:

* ``random``: uniform over the legal commands (seeded).
* ``greedy``: samples one full state consistent with the view (the game's
  ``determinize``), plays every legal command on it with the engine and keeps
  the one whose resulting view the game's ``heuristic`` scores best.
* ``mcts``: determinized Monte-Carlo tree search. Every playout samples the
  hidden parts afresh (other hands, pile orders, future rolls), descends a
  tree keyed by the commands played (UCB1, the reward of the seat choosing at
  each node), expands one node, rolls out for a bounded number of commands and
  scores the end with the game's evaluation (``evaluate`` if the game has one,
  else the heuristic). A rollout command is, with probability
  ``1 - ROLLOUT_EPSILON``, the evaluation's best of ``ROLLOUT_GREEDY`` sampled
  commands (a cheap greedy player on the sampled full state: the opponent it
  foresees plays sensibly, not at random), else the game's ``rollout`` policy
  (uniform by default). The budget is a number of playouts (deterministic) and
  optionally a time cap.

Each game provides ``domain/<game>/bot.py`` with ``determinize(view, seat, rng)
-> State`` (a state whose ``view(state, seat)`` equals ``view``) and
``heuristic(view) -> {seat: float}`` (higher is better, on a spectator or seat
view), optionally ``SCALE`` (the heuristic difference worth "clearly ahead"),
``rollout(state, seat, legal, rng) -> command``, ``ROLLOUT_DEPTH``,
``ROLLOUT_GREEDY`` (0: no greedy rollouts) and ``evaluate(view) -> {seat:
float}``: the search's own evaluation, each seat's win logit (a seat's reward
is the softmax of the logits: in a two-seat game ``sigmoid`` of the
difference), where the greedy bot keeps the heuristic. Found by package name,
so nothing here names a game. Nothing random but seeded ``random.Random``; no I/O.
"""

from __future__ import annotations

import hashlib
import importlib
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Literal, Protocol

import msgspec

from domain.kernel import AnyRuleset, Rng, RuleViolation, Seat, fold

BotLevel = Literal["random", "greedy", "mcts"]
LEVELS: tuple[BotLevel, ...] = ("random", "greedy", "mcts")


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a bot may think per move."""

    playouts: int = 200
    """MCTS playouts (the deterministic budget)."""
    ms: float | None = None
    """Optional wall-clock cap per move (then the choice depends on the machine's speed)."""
    rollout_depth: int | None = None
    """Commands simulated after the tree before the heuristic scores the position
    (None: the game's ``ROLLOUT_DEPTH``, cheap games roll out further)."""


DEFAULT_BUDGET = Budget()


class Bot(Protocol):
    """A policy for one seat: one legal command from the seat's view."""

    def choose(
        self, view: Any, legal_commands: Sequence[Any], seat: Seat, seed: str, budget: Budget
    ) -> Any: ...


def rng_for(seed: str, *parts: object) -> random.Random:
    """A ``random.Random`` derived from ``seed`` and ``parts`` (stable across processes)."""
    material = "\x00".join(["plateau-bot", seed, *map(str, parts)]).encode()
    return random.Random(int.from_bytes(hashlib.sha256(material).digest()[:16], "big"))


def command_key(command: Any) -> bytes:
    """A stable identity of a command (equal commands, equal keys)."""
    return msgspec.json.encode(command)


class GameBots:
    """A game's bot module, looked up by package: ``domain.<name>.bot``."""

    def __init__(self, ruleset: AnyRuleset, module: ModuleType) -> None:
        self.ruleset = ruleset
        self.determinize: Callable[[Any, Seat, random.Random], Any] = module.determinize
        self.heuristic: Callable[[Any], dict[Seat, float]] = module.heuristic
        self.scale: float = float(getattr(module, "SCALE", 10.0))
        self.rollout_depth: int = int(getattr(module, "ROLLOUT_DEPTH", 4))
        self.rollout: Callable[[Any, Seat, list[Any], random.Random], Any] | None = getattr(
            module, "rollout", None
        )
        self.rollout_greedy: int = int(getattr(module, "ROLLOUT_GREEDY", 0))
        self.rollout_epsilon: float = float(getattr(module, "ROLLOUT_EPSILON", 0.1))
        self.evaluate: Callable[[Any], dict[Seat, float]] | None = getattr(module, "evaluate", None)

    # --- evaluation -------------------------------------------------------------------

    def rewards(self, state: Any) -> dict[Seat, float]:
        """Every seat's reward in [0, 1]: the outcome once over, else the heuristic's
        lead over the best other seat squashed by ``scale``."""
        rs = self.ruleset
        outcome = rs.outcome(state)
        if outcome is not None:
            winners = set(outcome.winners)
            share = 1.0 / len(winners) if winners else 0.0
            return {s.seat: (share if s.seat in winners else 0.0) for s in outcome.standings}
        values = self.heuristic(rs.view(state, None))
        out: dict[Seat, float] = {}
        for seat, value in values.items():
            others = [v for s, v in values.items() if s != seat]
            lead = value - (max(others) if others else 0.0)
            out[seat] = 1.0 / (1.0 + math.exp(-lead / self.scale))
        return out

    def value_for(self, state: Any, seat: Seat) -> float:
        return self.rewards(state).get(seat, 0.0)

    def search_rewards(self, state: Any) -> dict[Seat, float]:
        """The search's rewards in [0, 1]: the outcome once over, else the softmax of
        the game's ``evaluate`` logits (each seat's estimated chance to win); without
        ``evaluate``, :meth:`rewards`."""
        rs = self.ruleset
        if self.evaluate is None or rs.outcome(state) is not None:
            return self.rewards(state)
        logits = self.evaluate(rs.view(state, None))
        top = max(logits.values(), default=0.0)
        weights = {seat: math.exp(value - top) for seat, value in logits.items()}
        total = sum(weights.values())
        return {seat: w / total for seat, w in weights.items()}

    def search_value_for(self, state: Any, seat: Seat) -> float:
        return self.search_rewards(state).get(seat, 0.0)

    def step(self, state: Any, seat: Seat, command: Any, rng: random.Random) -> Any | None:
        """``state`` after ``seat`` plays ``command`` (chance drawn from ``rng``); None if refused."""
        try:
            events = self.ruleset.decide(state, seat, command, Rng(str(rng.random()), 0))
        except RuleViolation:
            return None
        return fold(self.ruleset, events, state)


def bots_of(ruleset: AnyRuleset) -> GameBots:
    cached = _CACHE.get(ruleset.name)
    if cached is None:
        module = importlib.import_module(f"domain.{ruleset.name}.bot")
        cached = _CACHE[ruleset.name] = GameBots(ruleset, module)
    return cached


_CACHE: dict[str, GameBots] = {}


# --- the levels -------------------------------------------------------------------------


@dataclass(slots=True)
class RandomBot:
    """Uniform over the legal commands."""

    game: GameBots

    def choose(
        self, view: Any, legal_commands: Sequence[Any], seat: Seat, seed: str, budget: Budget
    ) -> Any:
        return rng_for(seed, "random", seat).choice(list(legal_commands))


@dataclass(slots=True)
class GreedyBot:
    """One ply: the legal command whose result the heuristic likes best (ties: seeded)."""

    game: GameBots

    def choose(
        self, view: Any, legal_commands: Sequence[Any], seat: Seat, seed: str, budget: Budget
    ) -> Any:
        legal = list(legal_commands)
        if len(legal) == 1:
            return legal[0]
        rng = rng_for(seed, "greedy", seat)
        state = self.game.determinize(view, seat, rng)
        best: list[Any] = []
        best_value = -math.inf
        for command in legal:
            after = self.game.step(state, seat, command, rng)
            value = -math.inf if after is None else self.game.value_for(after, seat)
            if value > best_value + 1e-12:
                best, best_value = [command], value
            elif abs(value - best_value) <= 1e-12:
                best.append(command)
        return rng.choice(best or legal)


@dataclass(slots=True)
class _Node:
    visits: int = 0
    children: dict[bytes, _Child] = field(default_factory=dict)


@dataclass(slots=True)
class _Child:
    command: Any
    seat: Seat
    visits: int = 0
    total: float = 0.0
    node: _Node = field(default_factory=_Node)


EXPLORATION = 0.9
"""UCB1's exploration constant: the weight of ``sqrt(ln N / n)`` against a child's mean reward."""
MAX_ROOT_WIDTH = 12
"""Root commands the search considers (the greedy prior's best)."""
PRIOR_VISITS = 3
"""The greedy prior counts as this many playouts: the search must find consistent
evidence to overrule the heuristic."""


@dataclass(slots=True)
class MctsBot:
    """Determinized MCTS (one tree over every sampled world, keyed by commands)."""

    game: GameBots

    def choose(
        self, view: Any, legal_commands: Sequence[Any], seat: Seat, seed: str, budget: Budget
    ) -> Any:
        legal = list(legal_commands)
        if len(legal) == 1:
            return legal[0]
        rng = rng_for(seed, "mcts", seat)
        rs = self.game.ruleset
        root = _Node()
        # Greedy prior on one sampled world: the search spends its playouts on the
        # most promising commands only (a few playouts cannot try 50 commands).
        world = self.game.determinize(view, seat, rng)
        ranked: list[tuple[float, int, Any]] = []
        for i, command in enumerate(legal):
            after = self.game.step(world, seat, command, rng)
            ranked.append(
                (-1.0 if after is None else self.game.search_value_for(after, seat), -i, command)
            )
        ranked.sort(key=lambda r: (r[0], r[1]), reverse=True)
        width = max(2, min(len(ranked), budget.playouts // 4, MAX_ROOT_WIDTH))
        for prior, _, command in ranked[:width]:
            child = _Child(
                command=command, seat=seat, visits=PRIOR_VISITS, total=PRIOR_VISITS * prior
            )
            root.children[command_key(command)] = child
            root.visits += PRIOR_VISITS
        legal = [r[2] for r in ranked[:width]]
        deadline = None if budget.ms is None else time.perf_counter() + budget.ms / 1000
        for _ in range(max(1, budget.playouts)):
            if deadline is not None and time.perf_counter() > deadline:
                break
            state = self.game.determinize(view, seat, rng)
            path: list[_Child] = []
            node = root
            acting = seat
            options = legal
            while True:
                available = [
                    node.children.get(command_key(c)) or _Child(command=c, seat=acting)
                    for c in options
                ]
                unvisited = [c for c in available if c.visits == 0]
                if unvisited:
                    child = rng.choice(unvisited)
                    expand = True
                else:
                    log_n = math.log(max(1, node.visits))
                    child = max(
                        available,
                        key=lambda c: (
                            c.total / c.visits + EXPLORATION * math.sqrt(log_n / c.visits)
                        ),
                    )
                    expand = False
                after = self.game.step(state, acting, child.command, rng)
                node.children.setdefault(command_key(child.command), child)
                if after is None:  # refused in this world: a bad move here
                    node.visits += 1
                    child.visits += 1
                    _backpropagate(path, {})
                    break
                path.append(child)
                state = after
                waiting = rs.to_act(state)
                if expand or not waiting:
                    depth = self.game.rollout_depth
                    if budget.rollout_depth is not None:
                        depth = budget.rollout_depth
                    rewards = self._rollout(state, rng, depth)
                    node.visits += 1
                    _backpropagate(path, rewards)
                    break
                node.visits += 1
                node = child.node
                acting = waiting[0]
                options = rs.legal_commands(state, acting)
                if not options:
                    _backpropagate(path, self.game.search_rewards(state))
                    break
        best = max(root.children.values(), key=lambda c: (c.visits, c.total))
        return best.command

    def _rollout(self, state: Any, rng: random.Random, depth: int) -> dict[Seat, float]:
        rs = self.game.ruleset
        policy = self.game.rollout
        sample = self.game.rollout_greedy
        epsilon = self.game.rollout_epsilon
        for _ in range(depth):
            waiting = rs.to_act(state)
            if not waiting:
                break
            acting = waiting[0]
            options = rs.legal_commands(state, acting)
            if not options:
                break
            after = None
            if sample and len(options) > 1 and rng.random() >= epsilon:
                after = self._greedy_step(state, acting, options, rng, sample)
            if after is None:
                command = policy(state, acting, options, rng) if policy else rng.choice(options)
                after = self.game.step(state, acting, command, rng)
            if after is None:
                break
            state = after
        return self.game.search_rewards(state)

    def _greedy_step(
        self, state: Any, acting: Seat, options: list[Any], rng: random.Random, sample: int
    ) -> Any | None:
        """The state after the best of (at most ``sample``) options by the search's
        evaluation: a cheap stand-in for the greedy bot, on the full sampled state."""
        candidates = options if len(options) <= sample else rng.sample(options, sample)
        best = None
        best_value = -math.inf
        for command in candidates:
            after = self.game.step(state, acting, command, rng)
            if after is None:
                continue
            value = self.game.search_value_for(after, acting)
            if value > best_value:
                best, best_value = after, value
        return best


def _backpropagate(path: list[_Child], rewards: dict[Seat, float]) -> None:
    for child in path:
        child.visits += 1
        child.total += rewards.get(child.seat, 0.0)


_LEVELS: dict[str, Callable[[GameBots], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "mcts": MctsBot,
}


def make_bot(ruleset: AnyRuleset, level: str) -> Bot:
    """The bot of ``level`` for ``ruleset`` (KeyError for an unknown level)."""
    return _LEVELS[level](bots_of(ruleset))


def choose(
    ruleset: AnyRuleset,
    level: str,
    view: Any,
    legal_commands: Sequence[Any],
    seat: Seat,
    seed: str,
    budget: Budget = DEFAULT_BUDGET,
) -> Any:
    """One of ``legal_commands`` for ``seat``, from its ``view`` only; deterministic
    given (view, legal commands, seed, level) under a playout budget."""
    if not legal_commands:
        raise ValueError(f"{seat} has no legal command")
    return make_bot(ruleset, level).choose(view, legal_commands, seat, seed, budget)


# --- thinking elsewhere ------------------------------------------------------------------


class BotRequest(msgspec.Struct, array_like=True, frozen=True, gc=False):
    """One decision asked of :func:`choose`, as bytes can carry it to another
    process: the view and the legal commands msgpack-encoded (msgspec Structs,
    decoded there with the ruleset's own types)."""

    ruleset: str
    level: str
    seat: Seat
    seed: str
    playouts: int
    ms: float | None
    rollout_depth: int | None
    view: bytes
    legal_commands: bytes


_REQUEST = msgspec.msgpack.Decoder(BotRequest)


def encode_request(
    ruleset: AnyRuleset,
    level: str,
    view: Any,
    legal_commands: Sequence[Any],
    seat: Seat,
    seed: str,
    budget: Budget = DEFAULT_BUDGET,
) -> bytes:
    """The arguments of :func:`choose` as bytes, for :func:`choose_encoded`."""
    return msgspec.msgpack.encode(
        BotRequest(
            ruleset=ruleset.name,
            level=level,
            seat=seat,
            seed=seed,
            playouts=budget.playouts,
            ms=budget.ms,
            rollout_depth=budget.rollout_depth,
            view=msgspec.msgpack.encode(view),
            legal_commands=msgspec.msgpack.encode(list(legal_commands)),
        )
    )


def choose_encoded(request: bytes) -> bytes:
    """:func:`choose` on an :func:`encode_request`, its command JSON-encoded (the
    body a client would post): what a process that thinks for the service runs.
    The same choice as :func:`choose` on the same arguments."""
    from domain import RULESETS  # here: the game packages import this module

    asked = _REQUEST.decode(request)
    ruleset = RULESETS[asked.ruleset]
    view = msgspec.msgpack.decode(asked.view, type=ruleset.View)
    legal = msgspec.msgpack.decode(asked.legal_commands, type=list[ruleset.Command])  # type: ignore[name-defined]
    budget = Budget(playouts=asked.playouts, ms=asked.ms, rollout_depth=asked.rollout_depth)
    return msgspec.json.encode(
        choose(ruleset, asked.level, view, legal, asked.seat, asked.seed, budget)
    )


def warm() -> None:
    """Import every game's bot module (a thinking process does it once, at start)."""
    from domain import RULESETS

    for ruleset in RULESETS.values():
        bots_of(ruleset)


__all__ = [
    "DEFAULT_BUDGET",
    "LEVELS",
    "Bot",
    "BotLevel",
    "BotRequest",
    "Budget",
    "GameBots",
    "GreedyBot",
    "MctsBot",
    "RandomBot",
    "bots_of",
    "choose",
    "choose_encoded",
    "command_key",
    "encode_request",
    "make_bot",
    "rng_for",
    "warm",
]
