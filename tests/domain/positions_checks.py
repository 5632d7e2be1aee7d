"""What follows from each named position: the spec scenario's "then" (§14 of
``docs/rules/<game>.md``), or the end a last-move position leads to. ``CHECKS`` maps
(ruleset, position id) to a function of a :class:`Game` at that position."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec
import pytest

from domain import RULESETS, Rng, RuleViolation
from domain.kernel import fold, tag_of
from domain.positions import build_game, position


class Game:
    """A position's game, played on by the engine as the service would."""

    def __init__(self, ruleset: str, where: Any) -> None:
        self.ruleset = RULESETS[ruleset]
        self.position = where
        built = build_game(self.ruleset, where)
        self.events: list[Any] = built.events
        self.state = built.state

    def decide(self, seat: str, body: dict[str, Any]) -> list[Any]:
        command = msgspec.convert(body, type=self.ruleset.Command)
        rng = Rng(self.position.seed, len(self.events))
        return list(self.ruleset.decide(self.state, seat, command, rng))

    def post(self, seat: str, body: dict[str, Any]) -> list[Any]:
        """Decide and apply; the new events."""
        events = self.decide(seat, body)
        for event in events:
            self.state = self.ruleset.evolve(self.state, event)
        self.events.extend(events)
        return events

    def refused(self, seat: str, body: dict[str, Any]) -> str:
        """The code a refused command answers (nothing applied)."""
        with pytest.raises(RuleViolation) as caught:
            self.decide(seat, body)
        return caught.value.code


def tags(events: list[Any]) -> list[str]:
    return [tag_of(e).split(".", 1)[1] for e in events]


def of(events: list[Any], tag: str) -> Any:
    return next(e for e in events if tag_of(e).endswith("." + tag))


# --- petits Dragons -----------------------------------------------------------------

PD = "petits_dragons."


def pd(verb: str, **fields: Any) -> dict[str, Any]:
    return {"type": PD + verb, **fields}


def pd_opening(game: Game) -> None:
    """T38 (and T30's first part): the default game."""
    created = of(game.events, "game_created")
    assert [(s.seat, s.colours) for s in created.seats] == [
        ("seat_0", ["green"]),
        ("seat_1", ["black"]),
    ]
    assert created.turn_order == ["green", "black"]
    assert created.side == {"green": "seat_0", "black": "seat_1"}
    started = of(game.events, "turn_started")
    assert (started.colour, started.seat, started.round) == ("green", "seat_0", 1)
    assert game.refused("seat_1", pd("roll_dice")) == "not_your_turn"
    assert game.refused("seat_2", pd("roll_dice")) == "unknown_seat"
    assert game.refused("seat_0", pd("end_turn")) == "must_roll"


def pd_three_colours(game: Game) -> None:
    """T2: white, green, red play in the order green, white, red."""
    assert of(game.events, "game_created").turn_order == ["green", "white", "red"]
    assert of(game.events, "turn_started").colour == "green"


def pd_suite(game: Game) -> None:
    """T3: roll 3/4 is a suite; the roll is lost and the turn passes."""
    events = game.post("seat_0", pd("roll_dice"))
    assert tags(events) == [
        "dice_rolled",
        "roll_forfeited",
        "turn_ended",
        "turn_started",
    ]
    rolled = events[0]
    assert (rolled.red, rolled.blue, rolled.outcome) == (3, 4, "suite")
    assert events[1].reason == "suite" and events[2].reason == "suite"
    assert events[3].colour == "black"


def pd_birth_on_double_2(game: Game) -> None:
    """T4: roll 2/2, then a pawn is born at the exit and the turn ends (no replay)."""
    rolled = game.post("seat_0", pd("roll_dice"))
    assert (rolled[0].red, rolled[0].blue) == (2, 2)
    assert game.state.turn.phase == "awaiting_action"
    events = game.post("seat_0", pd("give_birth", kind="pawn"))
    born = of(events, "piece_born")
    assert (born.piece_id, born.kind, born.double_value) == ("white_pawn_1", "pawn", 2)
    assert game.state.dragons["white"].pawns["white_pawn_1"].position == "exit"
    assert of(events, "turn_ended").reason == "birth"


def pd_double_5(game: Game) -> None:
    """T5: on 5/5 with the chief in the nest, the chief must be born first."""
    assert (game.state.turn.last_roll.red, game.state.turn.last_roll.blue) == (5, 5)
    assert game.refused("seat_0", pd("give_birth", kind="pawn")) == "chief_must_be_born_first"
    events = game.post("seat_0", pd("give_birth", kind="chief"))
    assert of(events, "piece_born").piece_id == "white_chief"
    assert of(events, "turn_ended").reason == "birth"


def pd_double_4(game: Game) -> None:
    """T5, also: a chief needs a double 5 or 6."""
    assert (game.state.turn.last_roll.red, game.state.turn.last_roll.blue) == (4, 4)
    assert game.refused("seat_0", pd("give_birth", kind="chief")) == "chief_needs_double_5_or_6"


EXIT_PATH = ["centre", "white_h7", "white_h6", "white_h5", "white_h4"]


def pd_first_move(game: Game) -> None:
    """T7, with T8 (the exit path is fixed) and T29 (a move is compulsory)."""
    pawn = "white_pawn_1"
    assert game.refused("seat_0", pd("pass_roll")) == "legal_move_available"
    for path, code in [
        (["centre", "black_h7", "black_h6", "black_h5", "black_h4"], "exit_path_invalid"),
        (["centre", "arena", "white_h7", "white_h6", "white_h5"], "exit_path_invalid"),
        (["centre", "white_h7", "white_h6", "white_h5"], "wrong_path_length"),
    ]:
        assert game.refused("seat_0", pd("move_piece", piece_id=pawn, path=path)) == code
    events = game.post("seat_0", pd("move_piece", piece_id=pawn, path=EXIT_PATH))
    moved = of(events, "piece_moved")
    assert (moved.from_, moved.value, moved.die, moved.outcome) == ("exit", 5, "higher", "placed")
    assert list(game.state.board["white_h4"].piece_ids) == [pawn]
    assert of(events, "turn_ended").reason == "plain_roll"


def pd_replay(game: Game) -> None:
    """T30: after a double and a move, end_turn declines the replay."""
    assert game.state.turn.roll_index == 1
    seat = game.state.controller[game.state.turn.colour]
    events = game.post(seat, pd("end_turn"))
    assert of(events, "turn_ended").reason == "replay_declined"


def pd_birth_only(game: Game) -> None:
    """T29's variant: on 1/1 with only a birth possible, pass_roll is accepted."""
    events = game.post("seat_0", pd("pass_roll"))
    assert of(events, "roll_forfeited").reason == "passed"
    assert game.state.turn.phase == "awaiting_roll"


def pd_combat(game: Game) -> None:
    seat = game.state.controller[game.state.turn.colour]
    combats = []
    for command in game.ruleset.legal_commands(game.state, seat):
        body = msgspec.to_builtins(command)
        events = game.decide(seat, body) if tag_of(command).endswith("move_piece") else []
        if "combat_resolved" in tags(events):
            combats.append(of(events, "combat_resolved"))
    assert combats and all(c.attacker.dice and c.defender.dice for c in combats)


def _moves(game: Game, piece: str) -> list[dict[str, Any]]:
    seat = game.state.controller[game.state.turn.colour]
    return [
        {k: v for k, v in msgspec.to_builtins(c).items() if v is not None}
        for c in game.ruleset.legal_commands(game.state, seat)
        if tag_of(c).endswith(".move_piece") and c.piece_id == piece
    ]


def _turn_seat(game: Game) -> str:
    return str(game.state.controller[game.state.turn.colour])


RING = ("black", "white", "blue", "brown", "green", "skeleton", "red", "yellow")
"""The outer ring's h0 cells by colour, anticlockwise (as the legal walks go)."""


def _ring_walk(start: str, steps: int, direction: str) -> list[str]:
    at = RING.index(start)
    sign = 1 if direction == "anticlockwise" else -1
    return [f"{RING[(at + sign * i) % len(RING)]}_h0" for i in range(1, steps + 1)]


def pd_pawn_direction(game: Game) -> None:
    """T9: on a plain roll a lone pawn goes round the ring the way the higher die says
    (red: clockwise, blue: anticlockwise)."""
    seat, colour, roll = _turn_seat(game), game.state.turn.colour, game.state.turn.last_roll
    pawn = game.state.board[f"{colour}_h0"].piece_ids[0]
    value = max(roll.red, roll.blue)
    way = "clockwise" if roll.red > roll.blue else "anticlockwise"
    other = "anticlockwise" if way == "clockwise" else "clockwise"
    wrong = pd("move_piece", piece_id=pawn, path=_ring_walk(colour, value, other))
    assert game.refused(seat, wrong) == "wrong_direction"
    right = pd("move_piece", piece_id=pawn, path=_ring_walk(colour, value, way))
    assert of(game.decide(seat, right), "piece_moved").ring_direction == way


def pd_own_branch(game: Game) -> None:
    """T11: a pawn may not climb its own branch; another colour's branch it may."""
    seat, colour, roll = _turn_seat(game), game.state.turn.colour, game.state.turn.last_roll
    pawn = game.state.board[f"{colour}_h0"].piece_ids[0]
    value = max(roll.red, roll.blue)
    climb = pd("move_piece", piece_id=pawn, path=[f"{colour}_h{i}" for i in range(1, value + 1)])
    assert game.refused(seat, climb) == "own_branch_climb"
    other = next(b for b in _moves(game, pawn) if b["path"][-1].endswith(f"_h{value - 1}"))
    assert of(game.post(seat, other), "piece_moved").outcome in {"placed", "combat", "stacked"}


def pd_twice_on_the_arena(game: Game) -> None:
    """T13 (first part): a double's walk crosses the centre and ends on the arena: the
    centre is used for the turn, and the double gives a replay."""
    seat = _turn_seat(game)
    body = next(
        {k: v for k, v in msgspec.to_builtins(c).items() if v is not None}
        for c in game.ruleset.legal_commands(game.state, seat)
        if tag_of(c).endswith(".move_piece") and "centre" in c.path[:-1] and c.path[-1] == "arena"
    )
    events = game.post(seat, body)
    assert of(events, "piece_moved").path[-1] == "arena"
    assert game.state.turn.usage[body["piece_id"]].centre_used is True
    assert game.state.turn.phase == "awaiting_roll" and game.state.turn.roll_index == 1


def pd_bounce(game: Game) -> None:
    """T12: over the centre and back to the arena, a branch is used once; no reversal."""
    seat = _turn_seat(game)
    legal = next(b for b in _moves(game, "green_pawn_1") if b["path"][-1] == "yellow_h7")
    up = legal["path"][0]
    branch = up.split("_h")[0]
    again = {**legal, "path": [*legal["path"][:-1], up]}
    assert game.refused(seat, again) == "branch_already_used"
    back = [*legal["path"][:2], up, f"{branch}_h6", f"{branch}_h5"]
    assert game.refused(seat, {**legal, "path": back}) == "reversal_not_allowed"
    events = game.decide(seat, legal)
    assert of(events, "piece_moved").path[-1] == "yellow_h7"
    moved = tags(events).index("piece_moved")
    after = fold(game.ruleset, events[: moved + 1], game.state)  # before the turn ends
    usage = after.turn.usage["green_pawn_1"]
    assert usage.centre_used is True
    assert (usage.branches[branch], usage.branches["yellow"]) == ("done", "down")


def pd_chief_on_own_pawn(game: Game) -> None:
    """T19: a chief never ends on its own pawn (it never stacks)."""
    from tests.domain.positions_targets import walks_from

    seat, colour, roll = _turn_seat(game), game.state.turn.colour, game.state.turn.last_roll
    chief = f"{colour}_chief"
    cell = game.state.dragons[colour].chief.cell
    refused = []
    for walk in walks_from(cell, max(roll.red, roll.blue)):
        target = game.state.board[walk[-1]]
        if target is not None and target.colour == colour and target.kind == "pawn":
            refused.append(game.refused(seat, pd("move_piece", piece_id=chief, path=walk)))
    assert "cannot_stack_chief" in refused


def pd_stack_full(game: Game) -> None:
    """T19, also: a lone pawn may not end on its own stack (a stack is full at two)."""
    from tests.domain.positions_targets import walks_from

    seat, colour, roll = _turn_seat(game), game.state.turn.colour, game.state.turn.last_roll
    refused = []
    for cell, unit in game.state.board.items():
        if unit is None or unit.colour != colour or unit.kind != "pawn":
            continue
        for walk in walks_from(cell, max(roll.red, roll.blue)):
            target = game.state.board[walk[-1]]
            if target is not None and target.colour == colour and target.kind == "stack":
                body = pd("move_piece", piece_id=unit.piece_ids[0], path=walk)
                refused.append(game.refused(seat, body))
    assert "stack_full" in refused


def pd_stack_arrives(game: Game) -> None:
    """T31: a stack's arrival penalty (250: 100, 100 and 50) must be handed out whole."""
    events = final(game)
    assert len(of(events, "piece_arrived").piece_ids) == 2
    penalty = of(events, "penalty_created")
    assert (penalty.kind, penalty.value) == ("stack_arrival", 250)
    seat = game.state.controller[penalty.owner]
    enemy = next(c for c in game.state.turn_order if c != penalty.owner)
    give = [{"action": "give", "denomination": d, "to": enemy} for d in (100, 100, 50)]
    body = pd("assign_penalty", penalty_id=penalty.penalty_id, transfers=give[:2])
    assert game.refused(seat, body) == "wrong_total"
    # The bank's eggs are counted over all the gives (§7.7): one 50 more than it holds.
    many = [{"action": "give", "denomination": 50, "to": enemy}] * (game.state.bank.e50 + 1)
    assert game.refused(seat, {**body, "transfers": many}) == "egg_unavailable"
    eggs = game.state.dragons[enemy].eggs
    events = game.post(seat, {**body, "transfers": give})
    assert "penalty_resolved" in tags(events)
    after = game.state.dragons[enemy].eggs
    assert (after.e100, after.e50) == (eggs.e100 + 2, eggs.e50 + 1)


def pd_bank_out_of_100s(game: Game) -> None:
    """T16: a pawn's arrival penalty to hand out while the bank holds no 100 (a long game
    of penalties, found by ``tests/domain/petits_dragons_bank_search.py``): a 100 is
    ``egg_unavailable``, a 50 is accepted."""
    state = game.state
    assert state.turn.phase == "closing"
    assert state.bank.e100 == 0 and state.bank.e50 >= 1
    (penalty,) = [p for p in state.penalties if p.status == "pending"]
    assert (penalty.kind, penalty.value, penalty.blocking) == ("pawn_arrival", 100, False)
    assert penalty.owner == state.turn.colour
    seat = state.controller[penalty.owner]
    enemy = next(c for c in state.turn_order if c != penalty.owner)
    body = pd("assign_penalty", penalty_id=penalty.penalty_id)
    give_100 = [{"action": "give", "denomination": 100, "to": enemy}]
    assert game.refused(seat, {**body, "transfers": give_100}) == "egg_unavailable"
    eggs, fifties = state.dragons[enemy].eggs, state.bank.e50
    give_50 = [{"action": "give", "denomination": 50, "to": enemy}]
    events = game.post(seat, {**body, "transfers": give_50})
    moved = of(events, "eggs_transferred")
    assert (moved.to, moved.denomination, moved.count) == (enemy, 50, 1)
    assert "penalty_resolved" in tags(events)
    assert game.state.dragons[enemy].eggs.e50 == eggs.e50 + 1
    assert game.state.bank.e50 == fifties - 1


def pd_die_choice(game: Game) -> None:
    """T20: a stack chooses its die (and must); a lone pawn may not."""
    seat, roll = _turn_seat(game), game.state.turn.last_roll
    stack = next(
        c
        for c in game.ruleset.legal_commands(game.state, seat)
        if tag_of(c).endswith(".move_piece") and c.die is not None
    )
    lone = next(
        c
        for c in game.ruleset.legal_commands(game.state, seat)
        if tag_of(c).endswith(".move_piece") and c.die is None and "pawn" in c.piece_id
    )
    without = pd("move_piece", piece_id=stack.piece_id, path=list(stack.path))
    assert game.refused(seat, without) == "die_choice_required"
    body = pd("move_piece", piece_id=lone.piece_id, path=list(lone.path), die="blue")
    assert game.refused(seat, body) == "die_choice_not_allowed"
    events = game.post(seat, {**without, "die": stack.die})
    moved = of(events, "piece_moved")
    assert moved.die == stack.die and moved.value == getattr(roll, stack.die)
    assert len(moved.piece_ids) == 2


def pd_chief_dead_double(game: Game) -> None:
    """T23: no birth once the chief is dead, even on a double."""
    dragon = game.state.dragons[game.state.turn.colour]
    assert dragon.chief_dead and game.state.turn.last_roll.outcome == "double"
    assert any(p.position == "nest" for p in dragon.pawns.values())
    assert game.refused(_turn_seat(game), pd("give_birth", kind="pawn")) == "chief_dead"


def _both_ways(game: Game, piece: str) -> None:
    seat = _turn_seat(game)
    directions = set()
    for body in _moves(game, piece):
        moved = of(game.decide(seat, body), "piece_moved")
        directions.add(moved.ring_direction)
    assert {"clockwise", "anticlockwise"} <= directions


def pd_chief_both_ways(game: Game) -> None:
    """T10: on a plain roll a chief ignores the direction the dice impose on pawns."""
    assert game.state.turn.last_roll.outcome == "plain"
    _both_ways(game, f"{game.state.turn.colour}_chief")


def pd_pawn_both_ways(game: Game) -> None:
    """T35: on a double, a pawn goes either way round the ring."""
    assert game.state.turn.last_roll.outcome == "double"
    piece = next(
        c.piece_id
        for c in game.ruleset.legal_commands(game.state, _turn_seat(game))
        if tag_of(c).endswith(".move_piece")
    )
    _both_ways(game, piece)


def pd_arena_bounce(game: Game) -> None:
    """T36: from the arena, 2/2 and [centre, arena]: back on the arena, the centre used,
    a replay."""
    seat = _turn_seat(game)
    body = next(b for b in _moves(game, "black_pawn_1") if b["path"] == ["centre", "arena"])
    events = game.post(seat, body)
    assert of(events, "piece_moved").path == ["centre", "arena"]
    assert game.state.board["arena"] is not None
    assert "black_pawn_1" in game.state.board["arena"].piece_ids
    assert game.state.turn.usage["black_pawn_1"].centre_used is True
    assert game.state.turn.phase == "awaiting_roll" and game.state.turn.roll_index == 1


def pd_teleport_lost(game: Game) -> None:
    """T25: a chief teleports into a combat and loses it: it dies; the winner's penalty
    blocks."""
    events = final(game)
    assert of(events, "piece_teleported").outcome == "combat"
    combat = of(events, "combat_resolved")
    assert combat.winner == "defender" and combat.attacker.unit_kind == "chief"
    assert combat.attacker.total < combat.defender.total
    assert of(events, "chief_killed").colour == combat.attacker.colour
    assert of(events, "penalty_created").blocking is True


def pd_ends(reason: str, *, tie: bool = False) -> Callable[[Game], None]:
    def check(game: Game) -> None:
        events = final(game)
        ended = of(events, "game_ended")
        assert ended.reason == reason
        outcome = game.ruleset.outcome(game.state)
        assert outcome is not None and game.ruleset.to_act(game.state) == []
        assert (outcome.decided_by == "tie") == tie
        if tie:
            assert len(outcome.winners) == 2

    return check


def pd_finished(game: Game) -> None:
    outcome = game.ruleset.outcome(game.state)
    assert outcome is not None and of(game.events, "game_ended").reason == "colour_completed"
    last = position("petits_dragons", "last-move-colour-completed")
    assert last is not None and game.position.commands[:-1] == last.commands


# --- ArkantiS -----------------------------------------------------------------------

AK = "arkantis."
BOARD_A = ("BRBBBBB", "BBBBRBB", "BBRBBBB", "BBBBBBB", "BBBRBBB", "BBBBBRR", "RBBBBBB")


def ak(verb: str, **fields: Any) -> dict[str, Any]:
    return {"type": AK + verb, **fields}


def ak_context_k(game: Game) -> None:
    """Context K without its deal: alice (seat_0) active in turn 1, phase action, 3
    sesterces each, bank 44, Board A."""
    state = game.state
    assert (state.turn, state.active_seat, state.phase) == (1, "seat_0", "action")
    assert [p.sesterces for p in state.players] == [3, 3] and state.bank == 44
    assert tuple(of(game.events, "board_prepared").rows) == BOARD_A


def ak_opening(game: Game) -> None:
    """T05: no options at all: two seats, no tournament, a random layout, bank 44."""
    created = of(game.events, "game_created")
    assert [p.seat for p in created.players] == ["seat_0", "seat_1"]
    assert (created.tournament_mode, created.tournament_config) == (False, None)
    assert created.explicit_layout is None
    assert of(game.events, "board_layout_drawn").source == "random"
    assert of(game.events, "sesterces_distributed").bank == 44


def ak_tournament_1(game: Game) -> None:
    """T01: layout 1 (2536471), die 2: column 6's empty cell moves to r6c6: Board A."""
    drawn = of(game.events, "board_layout_drawn")
    assert (drawn.source, drawn.tournament_config) == ("tournament", 1)
    assert list(drawn.empty_cells) == ["r1c2", "r2c5", "r3c3", "r4c6", "r5c4", "r6c7", "r7c1"]
    assert of(game.events, "phase_2_die_rolled").value == 2
    moved = of(game.events, "empty_cell_moved")
    assert (moved.column, moved.from_cell, moved.to_cell) == (6, "r4c6", "r6c6")
    assert tuple(of(game.events, "board_prepared").rows) == BOARD_A


def ak_tournament_die_4(game: Game) -> None:
    """T02: die 4 skips the middle row: r4c6 -> r3c6."""
    assert of(game.events, "phase_2_die_rolled").value == 4
    moved = of(game.events, "empty_cell_moved")
    assert (moved.column, moved.from_cell, moved.to_cell) == (6, "r4c6", "r3c6")
    assert tuple(of(game.events, "board_prepared").rows) == (
        "BRBBBBB", "BBBBRBB", "BBRBBRB", "BBBBBBB", "BBBRBBB", "BBBBBBR", "RBBBBBB"
    )  # fmt: skip


def ak_tournament_12(game: Game) -> None:
    """T03: layout 12 (1572463), die 6: column 2, r4c2 -> r1c2."""
    drawn = of(game.events, "board_layout_drawn")
    assert drawn.tournament_config == 12
    assert of(game.events, "phase_2_die_rolled").value == 6
    moved = of(game.events, "empty_cell_moved")
    assert (moved.column, moved.from_cell, moved.to_cell) == (2, "r4c2", "r1c2")
    assert tuple(of(game.events, "board_prepared").rows) == (
        "RRBBBBB", "BBBBRBB", "BBBBBBR", "BBBBBBB", "BBBRBBB", "BBBBBRB", "BBRBBBB"
    )  # fmt: skip


def ak_explicit(game: Game) -> None:
    """T04: the diagonal layout is accepted, then phase 2 runs."""
    drawn = of(game.events, "board_layout_drawn")
    assert (drawn.source, drawn.tournament_config) == ("explicit", None)
    assert list(drawn.empty_cells) == [f"r{i}c{i}" for i in range(1, 8)]
    assert "phase_2_die_rolled" in tags(game.events)


def ak_no_new_red_shape(game: Game) -> None:
    """T07."""
    ak_context_k(game)
    assert game.refused("seat_0", ak("remove_token", cell="r7c5")) == "no_new_red_shape"


def ak_no_new_blue_shape(game: Game) -> None:
    """T08."""
    ak_context_k(game)
    assert game.refused("seat_0", ak("remove_token", cell="r1c1")) == "no_new_blue_shape"


def ak_no_new_shapes(game: Game) -> None:
    """T09."""
    ak_context_k(game)
    assert game.refused("seat_0", ak("remove_token", cell="r4c1")) == "no_new_shapes"
    assert game.refused("seat_0", ak("remove_token", cell="r1c2")) == "cell_is_empty"
    assert game.refused("seat_0", ak("remove_token", cell="r8c1")) == "invalid_cell"


def ak_remove_two(game: Game) -> None:
    """T11: two diagonal tokens: a red and a blue triple, 6 sesterces."""
    ak_context_k(game)
    events = game.post("seat_0", ak("remove_two_tokens", cells=["r7c4", "r6c5"]))
    assert tags(events) == [
        "tokens_removed",
        "shapes_created",
        "sesterces_earned",
        "turn_ended",
        "turn_started",
    ]
    assert (list(events[0].cells), events[0].cost) == (["r6c5", "r7c4"], 2)
    shapes = [(s.shape_id, s.colour, list(s.cells), s.size) for s in events[1].shapes]
    assert shapes == [
        ("s1", "red", ["r6c5", "r6c6", "r6c7"], 3),
        ("s2", "blue", ["r7c5", "r7c6", "r7c7"], 3),
    ]
    assert (events[2].owed, events[2].paid) == (6, 6)
    assert (events[4].turn, events[4].seat) == (2, "seat_1")
    assert game.state.players[0].sesterces == 7 and game.state.bank == 40


def ak_remove_two_refused(game: Game) -> None:
    """T13 (alice at 3 sesterces; one cell alone is refused by the command's schema, before
    the rules)."""
    ak_context_k(game)
    for cells, code in [
        (["r6c5", "r6c5"], "duplicate_cells"),
        (["r6c5", "r1c2"], "cell_is_empty"),
    ]:
        assert game.refused("seat_0", ak("remove_two_tokens", cells=cells)) == code


def _validation_window(game: Game) -> list[Any]:
    events = game.post("seat_0", ak("remove_two_tokens", cells=["r6c5", "r7c5"]))
    shapes = [(s.shape_id, s.colour, list(s.cells), s.card_type) for s in events[1].shapes]
    assert shapes == [
        ("s1", "red", ["r6c5", "r6c6", "r6c7", "r7c5"], "set_square"),
        ("s2", "blue", ["r7c6", "r7c7"], None),
    ]
    assert list(events[2].shape_ids) == ["s2"] and events[2].paid == 2
    assert game.state.phase == "validation" and list(game.state.pending_shape_ids) == ["s1"]
    assert game.state.players[0].sesterces == 3 and game.state.bank == 44
    return events


def _square(hand: tuple[str, ...]) -> str:
    return next(c for c in hand if c.startswith("set_square"))


def ak_validation_window(game: Game) -> None:
    """T16: a 4-cell red shape opens the window; laying a set square validates it."""
    ak_context_k(game)
    _validation_window(game)
    card = _square(game.state.players[0].hand)
    events = game.post("seat_0", ak("lay_card", shape_id="s1", card_id=card))
    laid = of(events, "card_laid")
    assert (laid.shape_id, laid.card_id, laid.card_type) == ("s1", card, "set_square")
    assert of(events, "turn_ended").forfeited_shape_ids == ()
    assert of(events, "turn_started").seat == "seat_1"


def ak_lay_card_refused(game: Game) -> None:
    """T17 (and T27's second part: no pass in the validation phase)."""
    hand = game.state.players[0].hand
    card, other = _square(hand), next(c for c in hand if not c.startswith("set_square"))
    missing = next(f"set_square_{n}" for n in range(1, 5) if f"set_square_{n}" not in hand)
    for seat, shape, card_id, code in [
        ("seat_0", "s1", other, "card_shape_mismatch"),
        ("seat_0", "s2", other, "shape_not_validatable"),
        ("seat_0", "s3", card, "unknown_shape"),
        ("seat_0", "s1", missing, "card_not_in_hand"),
        ("seat_1", "s1", card, "not_your_turn"),
    ]:
        assert game.refused(seat, ak("lay_card", shape_id=shape, card_id=card_id)) == code


def ak_pass_out_of_turn(game: Game) -> None:
    """T27: pass_turn is for one's own action phase only."""
    assert game.refused("seat_1", ak("pass_turn")) == "not_your_turn"
    assert game.state.phase == "validation"
    assert game.refused("seat_0", ak("pass_turn")) == "wrong_phase"


def ak_buy_visible_then_lay(game: Game) -> None:
    """T18: no set square in hand; buy the visible one during the window, then lay it."""
    ak_context_k(game)
    assert not any(c.startswith("set_square") for c in game.state.players[0].hand)
    _validation_window(game)
    visible = game.state.emerald.visible
    next_card = game.state.emerald.hidden[0]
    events = game.post(
        "seat_0", ak("buy_card", colour="emerald", source="visible", expected_card_id=visible)
    )
    bought = of(events, "card_bought")
    assert (bought.card_id, bought.price) == (visible, 1)
    assert of(events, "card_turned_face_up").card_id == next_card
    assert game.state.players[0].sesterces == 2 and game.state.bank == 45
    assert game.state.phase == "validation"
    events = game.post("seat_0", ak("lay_card", shape_id="s1", card_id=visible))
    assert of(events, "card_laid").card_id == visible
    assert of(events, "turn_started").turn == 2


def ak_forfeit(game: Game) -> None:
    """T19: bob buys the matching card first; alice forfeits with end_turn."""
    visible = game.state.emerald.visible
    assert visible is not None and visible.startswith("set_square")
    events = game.post("seat_1", ak("buy_card", colour="emerald", source="visible"))
    assert of(events, "card_bought").card_id == visible
    assert game.refused("seat_0", ak("remove_token", cell="r1c1")) == "wrong_phase"
    assert game.refused("seat_0", ak("pass_turn")) == "wrong_phase"
    events = game.post("seat_0", ak("end_turn"))
    assert list(of(events, "turn_ended").forfeited_shape_ids) == ["s1"]
    assert of(events, "turn_started").seat == "seat_1"
    card = "set_square_1"
    assert game.refused("seat_0", ak("lay_card", shape_id="s1", card_id=card)) == "not_your_turn"


def ak_visible_race(game: Game) -> None:
    """T23: the visible card changed under bob's feet."""
    ak_context_k(game)
    visible = game.state.emerald.visible
    events = game.post(
        "seat_0", ak("buy_card", colour="emerald", source="visible", expected_card_id=visible)
    )
    turned = of(events, "card_turned_face_up").card_id
    body = ak("buy_card", colour="emerald", source="visible", expected_card_id=visible)
    assert game.refused("seat_1", body) == "visible_card_changed"
    body = ak("buy_card", colour="emerald", source="hidden", expected_card_id=turned)
    assert game.refused("seat_1", body) == "invalid_parameters"


def ak_swap(game: Game) -> None:
    """T25: two identical cards: one goes under its pile, the top card is drawn."""
    ak_context_k(game)
    hand = game.state.players[0].hand
    kinds = [c.rsplit("_", 1)[0] for c in hand]
    twin, card = (c for c, k in zip(hand, kinds, strict=True) if kinds.count(k) == 2)
    odd = next(c for c, k in zip(hand, kinds, strict=True) if kinds.count(k) == 1)
    assert game.refused("seat_0", ak("swap_duplicate", card_id=twin, twin_card_id=odd)) == (
        "cards_not_identical"
    )
    assert game.refused("seat_0", ak("swap_duplicate", card_id=twin, twin_card_id=twin)) == (
        "same_card"
    )
    before = game.state
    events = game.post("seat_0", ak("swap_duplicate", card_id=card, twin_card_id=twin))
    swapped = of(events, "duplicate_swapped")
    pile, after = getattr(before, swapped.colour), getattr(game.state, swapped.colour)
    top = pile.hidden[0]
    assert (swapped.discarded_card_id, swapped.drawn_card_id) == (card, top)
    assert sorted(game.state.players[0].hand) == sorted([twin, odd, top])
    assert after.hidden[-1] == card and len(after.hidden) == len(pile.hidden)
    assert (game.state.turn, game.state.phase, game.state.players[0].sesterces) == (1, "action", 3)


def ak_ends(decided_by: str) -> Callable[[Game], None]:
    def check(game: Game) -> None:
        events = final(game)
        assert of(events, "game_ended").reason == "all_players_passed"
        outcome = game.ruleset.outcome(game.state)
        assert outcome is not None and outcome.decided_by == decided_by
        assert game.ruleset.to_act(game.state) == []

    return check


def ak_first_move_ends(game: Game) -> None:
    """T31: a first move that leaves nobody an action: both pass, the game ends."""
    ak_context_k(game)
    events = game.post("seat_0", ak("remove_two_tokens", cells=["r1c1", "r7c5"]))
    assert tags(events) == [
        "tokens_removed",
        "shapes_created",
        "sesterces_earned",
        "turn_ended",
        "turn_started",
        "player_passed",
        "turn_started",
        "player_passed",
        "game_ended",
    ]
    shapes = [(s.colour, list(s.cells)) for s in events[1].shapes]
    assert shapes == [("red", ["r1c1", "r1c2"]), ("blue", ["r7c6", "r7c7"])]
    assert [(e.seat, e.reason, e.leave_position) for e in (events[5], events[7])] == [
        ("seat_1", "no_legal_action", 1),
        ("seat_0", "no_legal_action", 2),
    ]
    outcome = game.ruleset.outcome(game.state)
    assert outcome is not None and outcome.winners == ("seat_0",)
    assert outcome.scores == {"seat_0": 0, "seat_1": -2} and outcome.decided_by == "score"


def ak_unknown_seat(game: Game) -> None:
    """T34: a seat this 2-player game lacks."""
    ak_context_k(game)
    body = ak("buy_card", colour="orange", source="hidden")
    assert game.refused("seat_2", body) == "unknown_player"


def ak_finished(game: Game) -> None:
    """T33 (on this game's end, not T32's): any command after the end is refused."""
    assert game.ruleset.outcome(game.state) is not None
    for seat in ("seat_0", "seat_1"):
        for body in (ak("buy_card", colour="orange", source="hidden"), ak("pass_turn")):
            assert game.refused(seat, body) == "game_not_in_progress"
    last = position("arkantis", "last-move")
    assert last is not None and game.position.commands[:-1] == last.commands


# --- Éclats des Cités and Les Tours Arc-en-Ciel ---------------------------------------


def ec_opening(game: Game) -> None:
    """T01: two seats, the setup drew first_seat 1; the wonders are chosen from seat 0."""
    setup = of(game.events, "game_set_up")
    assert (setup.seat_count, setup.first_seat, setup.wonder_choice_order) == (2, 1, [0, 1])
    assert len(setup.central) == 60 and setup.central.count("bois") == 4
    assert setup.central.count("prisme_de_seve") == 1
    assert [len(pile) for pile in setup.borders.values()] == [25, 25]
    upgrades = [*setup.upgrades_face_up, *setup.upgrades_hidden]
    assert (len(setup.upgrades_face_up), len(set(upgrades))) == (3, 7)
    assert game.state.alerts == 0
    asked = of(game.events, "decision_requested")
    assert (asked.seat, asked.kind, asked.source) == (0, "choose_wonder", "setup")
    assert asked.options == [
        "observatoire",
        "sanctuaire",
        "colosse",
        "pyramide_des_aurores",
        "palais",
    ]


def tr_opening(game: Game) -> None:
    """T1 (the gold roll ties once, then seat 0 wins it; the spec's rolls are 7, 7, 15, 3)."""
    assert tags(game.events)[:3] == ["game_started", "gold_tower_assigned", "game_deck_shuffled"]
    assert of(game.events, "game_started").turn_order == [0, 1]
    gold = of(game.events, "gold_tower_assigned")
    assert (gold.seat, gold.method, len(gold.rounds)) == (0, "roll", 2)
    assert gold.rounds[0][0].roll == gold.rounds[0][1].roll
    assert gold.rounds[1][0].roll > gold.rounds[1][1].roll
    order = of(game.events, "game_deck_shuffled").order
    assert len(order) == 72 and len(of(game.events, "chance_deck_shuffled").order) == 86
    dealt = [e for e in game.events if tag_of(e).endswith(".cards_dealt")]
    assert [(d.seat, d.cards) for d in dealt] == [(0, order[0:3]), (1, order[3:6])]
    assert of(game.events, "face_up_dealt").cards == order[6:9]
    started = of(game.events, "turn_started")
    assert (started.seat, started.turn_number) == (0, 1)
    assert len(game.state.pile) == 63


def ends(reason: str, decided_by: str) -> Callable[[Game], None]:
    """The last-move positions: posting the last command ends the game so."""

    def check(game: Game) -> None:
        events = final(game)
        ended = of(events, "game_ended")
        reasons = getattr(ended, "reasons", None) or [ended.reason]
        assert reason in reasons
        outcome = game.ruleset.outcome(game.state)
        assert outcome is not None and outcome.decided_by == decided_by
        assert game.ruleset.to_act(game.state) == []

    return check


def finished(game: Game) -> None:
    assert game.ruleset.outcome(game.state) is not None
    last = position(game.ruleset.name, "last-move")
    assert last is not None and game.position.commands[:-1] == last.commands


EC = "eclats_des_cites."


def ec(verb: str, **fields: Any) -> dict[str, Any]:
    return {"type": EC + verb, **fields}


def ec_five_players(game: Game) -> None:
    """T02: first_seat 2; after S3's choice, S2 gets the last wonder automatically."""
    setup = of(game.events, "game_set_up")
    assert (setup.seat_count, setup.first_seat, setup.wonder_choice_order) == (
        5,
        2,
        [1, 0, 4, 3, 2],
    )
    deck = [*setup.central, *(c for pile in setup.borders.values() for c in pile)]
    assert len(deck) == 185
    counts = {c: deck.count(c) for c in ("bois", "sentinelle", "prisme_de_seve", "belvedere")}
    assert counts == {"bois": 14, "sentinelle": 14, "prisme_de_seve": 1, "belvedere": 2}
    assert deck.count("archives_des_echos") == 16
    events = game.post("seat_3", ec("choose_wonder", wonder_id="pyramide_des_aurores"))
    assert tags(events)[-3:] == ["wonder_chosen", "turn_started", "decision_requested"]
    chosen, started, asked = events[-3:]
    assert (chosen.seat, chosen.wonder_id, chosen.automatic) == (2, "palais", True)
    assert (started.seat, started.turn_number) == (2, 1)
    assert (asked.seat, asked.kind, asked.source) == (2, "take_card", "turn")
    assert asked.options == ["border_2", "border_1", "central"]


def _victories(strengths: list[int]) -> list[int]:
    """T24's table, two players: the stronger gains 2 when at least twice as strong (or
    against 0), else 1; a tie gains nothing."""
    a, b = strengths
    if a == b:
        return [0, 0]
    high, low = max(a, b), min(a, b)
    won = 2 if low == 0 or high >= 2 * low else 1
    return [won, 0] if a > b else [0, won]


def ec_battle(game: Game) -> None:
    """T24: the third alert of a two-player game ends the turn with a battle."""
    assert game.state.alerts == 2 and game.state.n == 2
    events = final(game)
    battle = of(events, "battle_fought")
    assert battle.victories_gained == _victories(battle.strengths)
    assert tags(events).index("battle_fought") < tags(events).index("turn_ended")
    assert _victories([4, 2]) == [2, 0] and _victories([3, 2]) == [1, 0]
    assert _victories([1, 0]) == [2, 0] and _victories([0, 5]) == [0, 2]
    assert _victories([0, 0]) == [0, 0]


def ec_first_stage(game: Game) -> None:
    """T08 (on the seed's wonder and cards): the card taken completes stage 1's cost, the
    stage is built at once and its cards leave the tableau."""
    events = final(game)
    built = of(events, "stage_built")
    assert (built.stage, built.rule, built.wonder_completed) == (1, "standard", False)
    assert of(events, "card_played").card_id in built.spent and len(built.spent) == 2
    assert tags(events)[2:4] == ["stage_built", "turn_ended"]


def ec_wonder_taken(game: Game) -> None:
    """T03."""
    assert game.state.pending.kind == "choose_wonder" and game.state.pending.seat == 0
    assert game.refused("seat_0", ec("choose_wonder", wonder_id="colosse")) == "wonder_taken"
    assert game.refused("seat_0", ec("choose_wonder", wonder_id="tour")) == "unknown_wonder"


def ec_four_players(game: Game) -> None:
    """T04: S0's piles are border_0, border_3 and central."""
    assert set(game.state.pending.options) == {"border_0", "border_3", "central"}
    assert game.refused("seat_0", ec("take_card", pile_id="border_1")) == "pile_not_allowed"
    assert game.refused("seat_0", ec("take_card", pile_id="border_7")) == "unknown_pile"


def ec_three_players(game: Game) -> None:
    """T06: taking from a border pile reveals the next card; the left neighbour plays."""
    events = game.post("seat_0", ec("take_card", pile_id="border_0"))
    assert tags(events) == [
        "card_taken",
        "card_played",
        "turn_ended",
        "turn_started",
        "decision_requested",
    ]
    taken = events[0]
    assert (taken.seat, taken.pile_id, taken.card_id, taken.new_top) == (
        0,
        "border_0",
        "archives_des_echos",
        "bois",
    )
    assert events[1].card_id == "archives_des_echos"
    assert (events[3].seat, events[3].turn_number) == (1, 2)
    asked = events[4]
    assert (asked.seat, asked.kind, asked.source) == (1, "take_card", "turn")
    assert asked.options == ["border_1", "border_0", "central"]


def ec_two_players(game: Game) -> None:
    """T07: two players share both border piles."""
    assert list(game.state.pending.options) == ["border_0", "border_1", "central"]
    events = game.post("seat_0", ec("take_card", pile_id="central"))
    assert of(events, "decision_requested").options == ["border_1", "border_0", "central"]
    assert "card_taken" in tags(game.post("seat_1", ec("take_card", pile_id="border_0")))


def ec_upgrade(game: Game) -> None:
    """T35: a hidden upgrade is not available by name; a face-up one is replaced by the
    hidden pile's top."""
    pending = game.state.pending
    assert pending.kind == "choose_upgrade"
    seat = f"seat_{pending.seat}"
    face_up, hidden = game.state.upgrades_face_up, game.state.upgrades_hidden
    body = ec("choose_upgrade", upgrade=hidden[0])
    assert game.refused(seat, body) == "upgrade_not_available"
    assert game.refused(seat, ec("choose_upgrade", upgrade="magie")) == "unknown_upgrade"
    events = game.post(seat, ec("choose_upgrade", upgrade=face_up[1]))
    taken = of(events, "upgrade_taken")
    assert (taken.upgrade_id, taken.from_, taken.slot, taken.replacement) == (
        face_up[1],
        "face_up",
        1,
        hidden[0],
    )
    assert game.state.upgrades_face_up == (face_up[0], hidden[0], *face_up[2:])


def ec_turn_errors(game: Game) -> None:
    """T36: S1 is to take; S2 and a seat of no player are refused."""
    assert game.state.pending.seat == 1
    assert game.refused("seat_2", ec("take_card", pile_id="central")) == "not_your_turn"
    assert game.refused("seat_7", ec("take_card", pile_id="central")) == "not_a_player"


def ec_finished(game: Game) -> None:
    """T36, also: after game_ended, any command is refused."""
    finished(game)
    for seat in ("seat_0", "seat_1"):
        assert game.refused(seat, ec("take_card", pile_id="central")) == "game_finished"


TR = "tours_arc_en_ciel."


def tr(verb: str, **fields: Any) -> dict[str, Any]:
    return {"type": TR + verb, **fields}


def tr_take_face_up(game: Game) -> None:
    """T4 (G2, fire in take; the seed's own face-up cards and pile)."""
    state = game.state
    assert (state.phase, state.active_seat, state.gold_seat) == ("take", 0, 0)
    face_up, top = list(state.face_up), state.pile[0]
    assert game.refused("fire", tr("take_card", source="pile", slot=0)) == "invalid_slot"
    events = game.post("fire", tr("take_card", source="face_up", slot=1))
    taken, refilled = events
    assert (taken.seat, taken.source, taken.slot, taken.island) == (0, "face_up", 1, face_up[1])
    assert (refilled.slot, refilled.island) == (1, top)
    assert game.state.phase == "play"


def tr_landing(game: Game) -> None:
    """T6: landing a reserve Dragon on an empty tower (the seed's card: amethyst)."""
    assert game.state.phase == "play" and game.state.hands[0].get("amethyst") == 1
    body = tr("land_dragon", island="amethyst", tower="diamond_amethyst", dragon="fire_10_mason_1")
    events = game.post("fire", body)
    assert tags(events) == ["card_played", "dragon_arrived", "defense_changed"]
    played, arrived, defense = events
    assert (played.seat, played.islands, played.purpose) == (0, ["amethyst"], "land")
    assert (arrived.dragon, arrived.strength, arrived.specialty, arrived.origin) == (
        "fire_10_mason_1",
        10,
        "mason",
        "reserve",
    )
    assert (arrived.tower, arrived.cause, arrived.contested) == ("diamond_amethyst", "card", False)
    assert (defense.tower, defense.delta, defense.defense, defense.cause) == (
        "diamond_amethyst",
        1,
        1,
        "landing",
    )
    assert game.state.phase == "third"


def tr_landing_refused(game: Game) -> None:
    """T7."""
    for tower, island, dragon, code in [
        ("diamond_ruby", "amethyst", "fire_10_mason_1", "tower_not_adjacent"),
        ("ruby_coral", "amethyst", "fire_10_mason_1", "unknown_tower"),
        ("diamond_amethyst", "amethyst", "ice_10_mason_1", "dragon_not_available"),
        ("diamond_amethyst", "coral", "fire_10_mason_1", "card_not_in_hand"),
    ]:
        body = tr("land_dragon", island=island, tower=tower, dragon=dragon)
        assert game.refused("fire", body) == code
    # T18: a chance card instead of landing only with an empty reserve; T32, T33: the
    # variants' commands with their options off.
    assert game.state.reserve[0]
    body = tr("chance_instead_of_landing", island="amethyst")
    assert game.refused("fire", body) == "reserve_not_empty"
    body = tr("invoke_invulnerability", island="coral")
    assert game.refused("fire", body) == "variant_disabled"
    body = tr("share_island", island="ivory", target_island="diamond")
    assert game.refused("fire", body) == "variant_disabled"


def tr_third_action(game: Game) -> None:
    """T35 (first part): with chance cards left, the third action may not be skipped."""
    assert game.state.phase == "third" and game.state.chance_deck
    assert game.refused("fire", tr("skip_third_action")) == "third_action_available"


def tr_turn_errors(game: Game) -> None:
    """T36."""
    assert game.refused("ice", tr("take_card", source="pile")) == "not_your_turn"
    body = tr("land_dragon", island="jade", tower="diamond_jade", dragon="fire_10_mason_1")
    assert game.refused("fire", body) == "wrong_phase"
    assert game.refused("fire", tr("resolve_chance")) == "no_pending_decision"
    game.post("fire", tr("take_card", source="pile"))
    assert game.refused("fire", tr("draw_chance")) == "wrong_phase"


def tr_combat(game: Game) -> None:
    """A move onto an enemy's tower: contested, then the combat's dice."""
    events = final(game)
    arrived = of(events, "dragon_arrived")
    assert arrived.contested is True
    combat = of(events, "combat_resolved")
    assert combat.tower == arrived.tower and combat.attacker.rolls


def _tr_combat(game: Game) -> tuple[Any, list[Any]]:
    events = final(game)
    combat = of(events, "combat_resolved")
    defense = next(e for e in events if tag_of(e).endswith(".defense_changed"))
    assert (defense.tower, defense.delta) == (combat.tower, 1)
    return combat, events


def tr_attacker_wins(game: Game) -> None:
    """T8: the higher total wins; the defender is eliminated and the attacker holds the
    tower, its defense +1."""
    combat, _ = _tr_combat(game)
    assert combat.attacker.total > combat.defender.total
    assert (combat.winner, combat.reason, combat.loser_fate) == ("attacker", "totals", "eliminated")
    assert combat.loser_dragon == combat.defender.dragon
    assert game.state.occupant[combat.tower] == combat.attacker.dragon
    assert combat.defender.dragon in game.state.eliminated[combat.defender.seat]


def tr_tie_to_defender(game: Game) -> None:
    """T9: equal totals go to the defender; the attacking mason is eliminated."""
    combat, _ = _tr_combat(game)
    assert combat.attacker.total == combat.defender.total
    assert (combat.winner, combat.reason, combat.loser_fate) == (
        "defender",
        "tie_defender",
        "eliminated",
    )
    assert combat.attacker.specialty == "mason"
    assert combat.attacker.dragon in game.state.eliminated[combat.attacker.seat]
    assert game.state.occupant[combat.tower] == combat.defender.dragon


def tr_blower_back(game: Game) -> None:
    """T10: a losing blower goes back to its reserve."""
    combat, _ = _tr_combat(game)
    assert combat.attacker.total < combat.defender.total
    assert (combat.winner, combat.loser_fate) == ("defender", "reserve")
    assert combat.attacker.specialty == "blower"
    assert combat.attacker.dragon in game.state.reserve[combat.attacker.seat]


def tr_chance_card(game: Game) -> None:
    """The third action: a chance card drawn from the chance deck's top."""
    top = game.state.chance_deck[0]
    events = final(game)
    drawn = of(events, "chance_card_drawn")
    assert (drawn.card, drawn.origin) == (top, "third_action")


def tr_chance_decline(game: Game) -> None:
    """T37: add_defense_3 drawn with a board Dragon asks for a decision; declining
    discards it and ends the turn."""
    events = final(game)
    drawn = of(events, "chance_card_drawn")
    assert drawn.card == "add_defense_3"
    asked = of(events, "chance_decision_requested")
    seat = ("fire", "ice")[asked.decider_seat]
    other = ("fire", "ice")[1 - asked.decider_seat]
    # T21's order of checks (spec 7.2): nothing but the answer while a decision is
    # pending, and only from the seat that decides; T37: a tower that is no target.
    assert game.refused(seat, tr("skip_third_action")) == "decision_pending"
    assert game.refused(other, tr("resolve_chance", decline=True)) == "not_your_decision"
    from domain.tours_arc_en_ciel.chance import target_towers
    from domain.tours_arc_en_ciel.components import TOWERS

    pending = game.state.pending
    targets = target_towers(game.state, pending.card, pending.drawer, pending.decider)
    elsewhere = next(t for t in TOWERS if t not in targets)
    body = tr("resolve_chance", tower=elsewhere)
    assert game.refused(seat, body) == "invalid_target"
    events = game.post(seat, tr("resolve_chance", decline=True))
    assert tags(events)[:3] == ["chance_declined", "chance_card_discarded", "turn_ended"]
    assert events[1].outcome == "declined"


def tr_swap(game: Game) -> None:
    """T16: two own towers swap Dragons, each defense +1, the turn ends; the same tower
    twice, or an enemy's tower, is refused."""
    seat, body = FINALS[("tours_arc_en_ciel", "swap")]
    a, b = body["tower_a"], body["tower_b"]
    before = dict(game.state.defense)
    assert game.refused(seat, {**body, "tower_b": a}) == "same_tower"
    enemy = next(t for t, d in game.state.occupant.items() if d and not d.startswith(seat))
    assert game.refused(seat, {**body, "tower_b": enemy}) == "not_your_dragon"
    events = final(game)
    assert tags(events) == [
        "dragons_swapped",
        "defense_changed",
        "defense_changed",
        "turn_ended",
        "turn_started",
    ]
    assert [(e.tower, e.delta, e.defense) for e in events[1:3]] == [
        (a, 1, before.get(a, 0) + 1),
        (b, 1, before.get(b, 0) + 1),
    ]


def tr_atomize(game: Game) -> None:
    """T17: a pair of island cards atomizes an enemy Dragon whatever its good right; the
    attacker's Dragon lands, the tower's defense back to 1."""
    seat, body = FINALS[("tours_arc_en_ciel", "atomize")]
    index = ("fire", "ice").index(seat)
    count = game.state.atomize_count[index]
    events = final(game)
    played = of(events, "card_played")
    assert (played.islands, played.purpose) == ([body["island"]] * 2, "atomize")
    atomized = of(events, "dragon_atomized")
    assert atomized.tower == body["tower"] and atomized.victim_seat != index
    arrived = of(events, "dragon_arrived")
    assert (arrived.cause, arrived.contested, arrived.dragon) == ("atomize", False, body["dragon"])
    defense = of(events, "defense_changed")
    assert (defense.delta, defense.defense) == (1, 1)
    assert game.state.atomize_count[index] == count + 1


FINALS: dict[tuple[str, str], tuple[str, dict[str, Any]]] = {
    ("arkantis", "forced-pass-after-a-pass"): ("seat_1", ak("pass_turn")),
    ("petits_dragons", "double-nothing-legal"): ("seat_1", pd("roll_dice")),
    ("eclats_des_cites", "turn-skipped"): ("seat_0", ec("take_card", pile_id="border_4")),
    ("tours_arc_en_ciel", "undeclinable"): ("fire", tr("draw_chance")),
    ("tours_arc_en_ciel", "combat-card-kept"): ("fire", tr("draw_chance")),
    ("tours_arc_en_ciel", "lose-defense"): ("fire", tr("draw_chance")),
    ("tours_arc_en_ciel", "hide-dragons"): ("fire", tr("draw_chance")),
    ("tours_arc_en_ciel", "resurrection-for-all"): ("ice", tr("draw_chance")),
    ("tours_arc_en_ciel", "chance-reshuffle"): (
        "ice",
        tr("chance_instead_of_landing", island="pearl"),
    ),
    ("petits_dragons", "combat-tie-three-colours"): (
        "seat_2",
        pd(
            "move_piece",
            piece_id="red_pawn_1",
            path=["red_h2", "red_h1", "red_h0", "yellow_h0", "yellow_h1"],
        ),
    ),
    ("petits_dragons", "last-move-colour-completed"): (
        "seat_1",
        pd(
            "assign_penalty",
            penalty_id="pen_48",
            transfers=[{"action": "give", "denomination": 100, "to": "green"}],
        ),
    ),
    ("petits_dragons", "last-move-no-colour-can-act"): ("seat_1", pd("end_turn")),
    ("petits_dragons", "last-move-round-limit"): ("seat_0", pd("end_turn")),
    ("petits_dragons", "last-move-tie"): (
        "seat_0",
        pd(
            "assign_penalty",
            penalty_id="pen_17",
            transfers=[{"action": "give", "denomination": 100, "to": "black"}],
        ),
    ),
    ("petits_dragons", "inactive-colour-skipped"): (
        "seat_0",
        {
            "type": "petits_dragons.assign_penalty",
            "penalty_id": "pen_3",
            "transfers": [{"action": "give", "denomination": 50, "to": "black"}],
        },
    ),
    ("petits_dragons", "penalty-to-backfire"): ("seat_1", {"type": "petits_dragons.end_turn"}),
    ("petits_dragons", "stacking"): (
        "seat_0",
        {
            "type": "petits_dragons.move_piece",
            "piece_id": "green_pawn_4",
            "path": ["centre", "green_h7", "green_h6"],
        },
    ),
    ("petits_dragons", "teleport"): (
        "seat_1",
        {"type": "petits_dragons.teleport", "piece_id": "black_chief", "to": "brown_h3"},
    ),
    ("petits_dragons", "arrival"): (
        "seat_0",
        {
            "type": "petits_dragons.move_piece",
            "piece_id": "green_pawn_1",
            "path": ["brown_h5", "brown_h6", "brown_h7", "arena", "centre"],
        },
    ),
    ("petits_dragons", "chief-killed"): (
        "seat_1",
        {"type": "petits_dragons.teleport", "piece_id": "black_chief", "to": "green_h4"},
    ),
    ("petits_dragons", "arena-hold"): (
        "seat_0",
        {
            "type": "petits_dragons.move_piece",
            "piece_id": "green_chief",
            "path": ["centre", "green_h7", "green_h6", "green_h5", "green_h4", "green_h3"],
        },
    ),
    ("petits_dragons", "arena-penalty-lapses"): ("seat_0", {"type": "petits_dragons.roll_dice"}),
    ("petits_dragons", "combat-tie"): (
        "seat_0",
        {
            "type": "petits_dragons.move_piece",
            "piece_id": "green_pawn_1",
            "path": ["arena", "black_h7", "black_h6"],
        },
    ),
    ("arkantis", "last-move"): ("seat_1", {"type": "arkantis.pass_turn"}),
    ("arkantis", "last-move-tie-laid-value"): ("seat_1", {"type": "arkantis.end_turn"}),
    ("arkantis", "last-move-tie-leave-position"): ("seat_1", {"type": "arkantis.pass_turn"}),
    ("eclats_des_cites", "last-move"): (
        "seat_1",
        {"type": "eclats_des_cites.take_card", "pile_id": "border_1"},
    ),
    ("eclats_des_cites", "last-move-tie-stages-built"): (
        "seat_0",
        {"type": "eclats_des_cites.choose_upgrade", "upgrade": "hidden"},
    ),
    ("tours_arc_en_ciel", "last-move"): (
        "ice",
        {
            "type": "tours_arc_en_ciel.swap_dragons",
            "tower_a": "topaz_tiger_eye",
            "tower_b": "lapis_lazuli_silver",
        },
    ),
    ("tours_arc_en_ciel", "last-move-all-dragons-on-board"): (
        "ice",
        {
            "type": "tours_arc_en_ciel.move_dragon",
            "from_tower": "opal_turquoise",
            "via_island": "opal",
            "to_tower": "diamond_opal",
        },
    ),
    ("tours_arc_en_ciel", "last-move-tie-pearls"): (
        "ice",
        {
            "type": "tours_arc_en_ciel.move_dragon",
            "from_tower": "diamond_emerald",
            "via_island": "diamond",
            "to_tower": "diamond_onyx",
        },
    ),
    ("petits_dragons", "teleport-lost"): (
        "seat_0",
        {"type": "petits_dragons.teleport", "piece_id": "green_chief", "to": "brown_h7"},
    ),
    ("tours_arc_en_ciel", "combat-next"): (
        "fire",
        {
            "type": "tours_arc_en_ciel.move_dragon",
            "from_tower": "opal_tiger_eye",
            "via_island": "opal",
            "to_tower": "opal_jet",
        },
    ),
    ("tours_arc_en_ciel", "chance-card-next"): ("fire", {"type": "tours_arc_en_ciel.draw_chance"}),
    ("tours_arc_en_ciel", "chance-decline"): ("ice", {"type": "tours_arc_en_ciel.draw_chance"}),
    ("tours_arc_en_ciel", "swap"): (
        "fire",
        {
            "type": "tours_arc_en_ciel.swap_dragons",
            "tower_a": "topaz_ivory",
            "tower_b": "emerald_lapis_lazuli",
        },
    ),
    ("tours_arc_en_ciel", "atomize"): (
        "ice",
        {
            "type": "tours_arc_en_ciel.atomize",
            "island": "diamond",
            "tower": "diamond_jade",
            "dragon": "ice_20_blower_3",
        },
    ),
    ("eclats_des_cites", "battle"): (
        "seat_0",
        {"type": "eclats_des_cites.take_card", "pile_id": "border_1"},
    ),
    ("eclats_des_cites", "first-stage"): (
        "seat_1",
        {"type": "eclats_des_cites.take_card", "pile_id": "border_0"},
    ),
    ("tours_arc_en_ciel", "attacker-wins"): (
        "fire",
        {
            "type": "tours_arc_en_ciel.land_dragon",
            "island": "diamond",
            "tower": "diamond_jade",
            "dragon": "fire_15_mason_2",
        },
    ),
    ("tours_arc_en_ciel", "tie-to-defender"): (
        "fire",
        {
            "type": "tours_arc_en_ciel.move_dragon",
            "from_tower": "diamond_ruby",
            "via_island": "diamond",
            "to_tower": "diamond_emerald",
        },
    ),
    ("tours_arc_en_ciel", "blower-back"): (
        "fire",
        {
            "type": "tours_arc_en_ciel.move_dragon",
            "from_tower": "jade_platinum",
            "via_island": "platinum",
            "to_tower": "amethyst_platinum",
        },
    ),
    ("petits_dragons", "stack-arrives"): (
        "seat_0",
        {
            "type": "petits_dragons.move_piece",
            "piece_id": "green_pawn_2",
            "path": ["arena", "centre"],
            "die": "red",
        },
    ),
    ("eclats_des_cites", "colosse-two-stages"): ("seat_1", ec("take_card", pile_id="border_1")),
    ("eclats_des_cites", "identical-stage-tie"): ("seat_0", ec("take_card", pile_id="border_1")),
    ("eclats_des_cites", "prisme-identical-stage"): ("seat_0", ec("take_card", pile_id="central")),
    ("eclats_des_cites", "multiplicateur-doubles-a-joker"): (
        "seat_1",
        ec("take_card", pile_id="border_1"),
    ),
    ("eclats_des_cites", "technologie-from-science"): (
        "seat_1",
        ec("take_card", pile_id="border_0"),
    ),
    ("eclats_des_cites", "three-symbols-hidden-upgrade"): (
        "seat_0",
        ec("take_card", pile_id="central"),
    ),
    ("eclats_des_cites", "no-upgrade-left"): ("seat_1", ec("take_card", pile_id="border_0")),
    ("eclats_des_cites", "commerce-first-joker"): ("seat_0", ec("take_card", pile_id="border_0")),
    ("eclats_des_cites", "bonus-chain"): ("seat_1", ec("take_card", pile_id="border_1")),
    ("eclats_des_cites", "boussole-reveals-two"): ("seat_1", ec("take_card", pile_id="border_0")),
    ("eclats_des_cites", "belvedere-single-card"): ("seat_1", ec("take_card", pile_id="central")),
    ("eclats_des_cites", "exploration-empty-central"): (
        "seat_4",
        ec("take_card", pile_id="border_3"),
    ),
    ("eclats_des_cites", "nested-exploration"): ("seat_1", ec("take_card", pile_id="central")),
    ("eclats_des_cites", "alert-overflow-battle"): ("seat_2", ec("take_card", pile_id="central")),
    ("eclats_des_cites", "commerce-then-bonus"): ("seat_1", ec("take_card", pile_id="border_0")),
    ("eclats_des_cites", "sanctuaire-shields"): ("seat_0", ec("take_card", pile_id="border_0")),
    ("eclats_des_cites", "palais-upgrade-choice"): ("seat_0", ec("take_card", pile_id="border_0")),
    ("eclats_des_cites", "observatoire-reveals-four"): (
        "seat_1",
        ec("take_card", pile_id="border_0"),
    ),
    ("eclats_des_cites", "wonder-completed-grant"): ("seat_1", ec("take_card", pile_id="central")),
    ("eclats_des_cites", "exploration-peek"): ("seat_1", ec("take_card", pile_id="border_0")),
    ("tours_arc_en_ciel", "fatigue"): (
        "fire",
        tr("move_dragon", from_tower="diamond_opal", via_island="opal", to_tower="opal_jet"),
    ),
    ("tours_arc_en_ciel", "chance-instead-resurrect"): (
        "ice",
        tr("chance_instead_of_landing", island="peridot"),
    ),
    ("tours_arc_en_ciel", "combat-card-in-defence"): (
        "ice",
        tr("resolve_chance", decline=False, tower="ivory_tiger_eye", dragon="ice_10_mason_3"),
    ),
    ("tours_arc_en_ciel", "enemy-arrival-decider"): ("light", tr("draw_chance")),
    ("tours_arc_en_ciel", "hidden-not-targeted"): ("fire", tr("draw_chance")),
    ("tours_arc_en_ciel", "mode-card"): (
        "ice",
        tr("land_dragon", island="diamond", tower="diamond_ruby", dragon="ice_20_mason_1"),
    ),
    ("tours_arc_en_ciel", "die-modifier"): (
        "ice",
        tr("land_dragon", island="jade", tower="jade_garnet", dragon="ice_20_mason_1"),
    ),
    ("tours_arc_en_ciel", "natural-20"): (
        "fire",
        tr("land_dragon", island="emerald", tower="emerald_silver", dragon="fire_10_mason_2"),
    ),
    ("tours_arc_en_ciel", "recycling"): (
        "fire",
        tr("land_dragon", island="ruby", tower="ruby_aquamarine", dragon="fire_20_mason_3"),
    ),
    ("eclats_des_cites", "scoring"): ("seat_0", ec("take_card", pile_id="border_1")),
    ("eclats_des_cites", "turn-position-tie"): ("seat_1", ec("take_card", pile_id="border_1")),
    ("eclats_des_cites", "piles-exhausted"): ("seat_0", ec("take_card", pile_id="border_0")),
    ("eclats_des_cites", "commerce-forfeited"): ("seat_1", ec("take_card", pile_id="central")),
    ("tours_arc_en_ciel", "hidden-skipped"): ("ice", tr("draw_chance")),
    ("tours_arc_en_ciel", "mode-cards-cancel"): (
        "ice",
        tr("land_dragon", island="ruby", tower="ruby_aquamarine", dragon="ice_20_blower_2"),
    ),
    ("tours_arc_en_ciel", "natural-1"): (
        "fire",
        tr("land_dragon", island="pearl", tower="topaz_pearl", dragon="fire_10_blower_3"),
    ),
    ("arkantis", "stuck-with-money"): ("seat_0", ak("pass_turn")),
    ("tours_arc_en_ciel", "tie-rolls"): (
        "ice",
        tr("swap_dragons", tower_a="sapphire_tourmaline", tower_b="ivory_tiger_eye"),
    ),
    ("arkantis", "every-tie-break"): ("seat_2", ak("move_token", from_cell="r5c6", to_cell="r5c4")),
    ("arkantis", "bank-shortfall"): ("seat_1", ak("remove_two_tokens", cells=["r4c4", "r4c6"])),
    ("arkantis", "last-move-tie-laid-count"): ("seat_0", ak("pass_turn")),
}
"""The command to post at each position whose check plays its scenario's "when" (the
last-move positions' is the command that ends the game)."""


def final(game: Game) -> list[Any]:
    return game.post(*FINALS[(game.ruleset.name, game.position.id)])


def pd_skip(game: Game) -> None:
    """T34: an inactive colour's turn is skipped, and the next colour's turn starts."""
    events = final(game)
    at = tags(events).index("turn_skipped")
    skipped = events[at]
    assert skipped.reason == "inactive"
    assert tags(events)[at + 1] == "turn_started"
    assert events[at + 1].colour != skipped.colour


def pd_backfire(game: Game) -> None:
    """T17: ending the turn with a pending penalty: it backfires on its owner."""
    pending = [p for p in game.state.penalties if p.owner == game.state.turn.colour]
    assert pending and game.state.turn.phase == "closing"
    events = final(game)
    backfired = of(events, "penalty_backfired")
    assert backfired.penalty_id == pending[0].penalty_id
    moved = of(events, "eggs_transferred")
    assert (moved.to, moved.reason) == (pending[0].owner, "backfire")
    assert of(events, "turn_ended").reason == "closed_with_pending"


def pd_stacking(game: Game) -> None:
    """T18: a pawn ending on its own lone pawn forms a stack."""
    events = final(game)
    assert of(events, "piece_moved").outcome == "stacked"
    stack = of(events, "stack_formed")
    assert len(stack.piece_ids) == 2
    assert game.state.board[stack.cell].kind == "stack"


def pd_teleport(game: Game) -> None:
    """T24: a chief on a double teleports to a cell of its own colour (the arena is
    none), then replays."""
    seat, body = FINALS[("petits_dragons", "teleport")]
    assert game.refused(seat, {**body, "to": "arena"}) == "not_own_colour_cell"
    events = final(game)
    moved = of(events, "piece_teleported")
    assert moved.outcome == "placed" and moved.unit_kind == "chief"
    assert game.state.turn.phase == "awaiting_roll"


def pd_arrival(game: Game) -> None:
    """T14 and T15: an exact arrival creates the arrival penalty; handing it out ends the
    turn."""
    events = final(game)
    assert of(events, "piece_moved").outcome == "arrived"
    assert of(events, "piece_arrived").piece_ids
    penalty = of(events, "penalty_created")
    assert (penalty.kind, penalty.value, penalty.blocking) == ("pawn_arrival", 100, False)
    assert game.state.turn.phase == "closing" and "turn_ended" not in tags(events)
    bank = game.state.bank.e100
    enemy = next(c for c in game.state.turn_order if c != penalty.owner)
    seat = game.state.controller[penalty.owner]
    transfer = {"action": "give", "denomination": 100, "to": enemy}
    events = game.post(
        seat, pd("assign_penalty", penalty_id=penalty.penalty_id, transfers=[transfer])
    )
    moved = of(events, "eggs_transferred")
    assert (moved.from_, moved.to, moved.denomination, moved.count) == ("bank", enemy, 100, 1)
    assert "penalty_resolved" in tags(events)
    assert game.state.bank.e100 == bank - 1


def pd_chief_killed(game: Game) -> None:
    """T22 (by a chief teleporting, not a stack): the attacker wins on the defender's chief,
    which dies; each pawn left in its nest becomes a 100 egg, plus 500 for the chief, from
    the bank; the winner's penalty does not block, and goes to the defeated colour."""
    bank = game.state.bank
    events = final(game)
    assert of(events, "piece_teleported").outcome == "combat"
    combat = of(events, "combat_resolved")
    assert combat.winner == "attacker" and combat.defender.unit_kind == "chief"
    killed = of(events, "chief_killed")
    assert killed.colour == combat.defender.colour and killed.kept_in_nest_pawn_ids == []
    moved = [e for e in events if tag_of(e).endswith(".eggs_transferred")]
    assert [(e.denomination, e.count) for e in moved] == [
        (500, 1),
        (100, len(killed.removed_pawn_ids)),
    ]
    assert game.state.bank.e500 == bank.e500 - 1
    assert game.state.bank.e100 == bank.e100 - len(killed.removed_pawn_ids)
    assert list(game.state.board[combat.cell].piece_ids) == combat.attacker.piece_ids
    penalty = of(events, "penalty_created")
    assert (penalty.owner, penalty.kind, penalty.restricted_to, penalty.blocking) == (
        combat.attacker.colour,
        "combat_win",
        killed.colour,
        False,
    )


def pd_arena_hold(game: Game) -> None:
    """T26: a unit held the arena through a whole round: its owner gets the arena penalty
    at its next turn's start."""
    events = final(game)
    penalty = of(events, "penalty_created")
    assert (penalty.kind, penalty.value, penalty.blocking) == ("arena_hold", 100, False)
    started = [e for e in events if tag_of(e).endswith(".turn_started")]
    assert started and started[-1].colour == penalty.owner


def pd_lapses(game: Game) -> None:
    """T27: an arena penalty with no 100 to move lapses at once."""
    events = final(game)
    at = tags(events).index("penalty_created")
    assert events[at].kind == "arena_hold"
    assert tags(events)[at + 1] == "penalty_lapsed" and events[at + 1].reason == "impossible"


def pd_combat_tie(game: Game) -> None:
    """T21: a tie goes to the defender; the attacker goes home; the defender's penalty is
    blocking and restricted to the defeated colour."""
    events = final(game)
    combat = of(events, "combat_resolved")
    assert combat.attacker.total == combat.defender.total and combat.winner == "defender"
    returned = of(events, "pieces_returned_to_nest")
    assert returned.colour == combat.attacker.colour
    penalty = of(events, "penalty_created")
    assert (penalty.kind, penalty.blocking) == ("combat_win", True)
    assert (penalty.owner, penalty.restricted_to) == (
        combat.defender.colour,
        combat.attacker.colour,
    )
    assert game.state.turn.phase == "awaiting_penalty"
    attacker = game.state.controller[combat.attacker.colour]
    assert game.ruleset.to_act(game.state) == [game.state.controller[penalty.owner]]
    assert game.refused(attacker, pd("roll_dice")) in {"awaiting_other_player", "not_your_turn"}


def _refusing_walk(game: Game, code: str) -> tuple[str, dict[str, Any]]:
    """The first walk of one of the acting colour's units on the board (in board order)
    that the rules refuse with ``code``."""
    from tests.domain.positions_targets import walks_from

    seat, colour, roll = _turn_seat(game), game.state.turn.colour, game.state.turn.last_roll
    for cell, unit in game.state.board.items():
        if unit is None or unit.colour != colour:
            continue
        for walk in walks_from(cell, max(roll.red, roll.blue)):
            body = pd("move_piece", piece_id=unit.piece_ids[0], path=walk)
            if unit.kind == "stack":
                body["die"] = "red" if roll.red >= roll.blue else "blue"
            try:
                game.decide(seat, body)
            except RuleViolation as exc:
                if exc.code == code:
                    return seat, body
    raise AssertionError(f"no walk refused with {code}")


def pd_ally_occupied(game: Game) -> None:
    """T28: a unit may not end its walk on a teammate's cell (passing over it is allowed)."""
    seat, body = _refusing_walk(game, "ally_occupied")
    assert game.refused(seat, body) == "ally_occupied"
    colour = game.state.turn.colour
    ally = game.state.board[body["path"][-1]]
    assert ally.colour != colour and game.state.side[ally.colour] == game.state.side[colour]
    assert game.ruleset.legal_commands(game.state, seat), "another move is legal"


def pd_combat_tie_three(game: Game) -> None:
    """T21 with a third colour: the defender's combat penalty goes to the defeated colour
    only (``target_must_be_defeated`` for the other enemy), and is then accepted."""
    events = final(game)
    combat = of(events, "combat_resolved")
    assert combat.attacker.total == combat.defender.total and combat.winner == "defender"
    penalty = of(events, "penalty_created")
    assert (penalty.kind, penalty.blocking) == ("combat_win", True)
    assert penalty.restricted_to == combat.attacker.colour
    seat = game.state.controller[penalty.owner]
    other = next(
        c for c in game.state.turn_order if c not in {penalty.owner, penalty.restricted_to}
    )
    give = {"action": "give", "denomination": 50, "to": other}
    body = pd("assign_penalty", penalty_id=penalty.penalty_id, transfers=[give])
    assert game.refused(seat, body) == "target_must_be_defeated"
    events = game.post(seat, {**body, "transfers": [{**give, "to": penalty.restricted_to}]})
    assert "penalty_resolved" in tags(events)


def pd_stop_on_centre(game: Game) -> None:
    """R9: on a roll of 1/1, a unit leaving the exit may not stop on the centre."""
    seat, colour = _turn_seat(game), game.state.turn.colour
    roll = game.state.turn.last_roll
    assert (roll.red, roll.blue) == (1, 1)
    dragon = game.state.dragons[colour]
    pieces = [(f"{colour}_chief", dragon.chief), *dragon.pawns.items()]
    piece = next(i for i, p in pieces if p.position == "exit")
    body = pd("move_piece", piece_id=piece, path=["centre"])
    assert game.refused(seat, body) == "cannot_stop_on_centre"


def pd_centre_twice(game: Game) -> None:
    """T13 (second part): a unit that crossed the centre earlier in the turn may not enter
    it again on the replay."""
    seat, body = _refusing_walk(game, "centre_already_used")
    assert game.state.turn.roll_index >= 1, "a replay"
    assert game.state.turn.usage[body["piece_id"]].centre_used is True
    assert game.refused(seat, body) == "centre_already_used"


def pd_branch_reversed(game: Game) -> None:
    """R6: a branch is walked one way in a turn: on the replay, the unit that went one way
    along it may not go back the other way (its path has no reversal of its own)."""
    seat, body = _refusing_walk(game, "branch_direction_reversed")
    assert game.state.turn.roll_index >= 1, "a replay"
    usage = game.state.turn.usage[body["piece_id"]]
    assert set(usage.branches.values()) & {"up", "down"}
    assert game.refused(seat, body) == "branch_direction_reversed"


def tr_last_card(game: Game) -> None:
    """T5 (the pile empty, face-up [null, jade, null]) then T28: taking the last card
    makes this turn the last; the game ends with it (cards_exhausted)."""
    state = game.state
    seat = ("fire", "ice")[state.active_seat]
    assert state.phase == "take" and not state.pile
    slot = next(i for i, c in enumerate(state.face_up) if c is not None)
    empty = next(i for i, c in enumerate(state.face_up) if c is None)
    assert game.refused(seat, tr("take_card", source="pile")) == "pile_empty"
    body = tr("take_card", source="face_up", slot=empty)
    assert game.refused(seat, body) == "face_up_slot_empty"
    events = game.post(seat, tr("take_card", source="face_up", slot=slot))
    assert tags(events) == ["card_taken", "last_card_taken"], "no refill"
    assert events[1].seat == game.state.active_seat
    while game.ruleset.outcome(game.state) is None:
        assert game.state.active_seat == events[1].seat, "nobody plays after it"
        command = game.ruleset.legal_commands(game.state, seat)[0]
        played = game.post(seat, msgspec.to_builtins(command))
        assert "turn_started" not in tags(played)
    ended = of(played, "game_ended")
    assert "cards_exhausted" in ended.reasons
    assert game.refused(seat, tr("take_card", source="pile")) == "game_over"


def tr_variants(game: Game) -> None:
    """T32 and T33's refusals, with both variants on: fire holds two ivory cards (ice's
    start island)."""
    from domain.tours_arc_en_ciel.board import owners_by_bridges
    from domain.tours_arc_en_ciel.components import START_ISLAND

    state = game.state
    seat = ("fire", "ice")[state.active_seat]
    own, enemy = START_ISLAND[seat], START_ISLAND[("fire", "ice")[1 - state.active_seat]]
    assert state.phase == "play" and state.hands[state.active_seat][enemy] == 2
    body = tr("invoke_invulnerability", island="jade")
    assert game.refused(seat, body) == "not_own_start_island"
    for island in (own, "gold"):  # fire's own, and light's (absent)
        body = tr("share_island", island=island, target_island="diamond")
        assert game.refused(seat, body) == "not_enemy_start_island"
    owned = owners_by_bridges(state)
    target = next(i for i, owners in owned.items() if 1 - state.active_seat not in owners)
    body = tr("share_island", island=enemy, target_island=target)
    assert game.refused(seat, body) == "target_not_owned_by_enemy"


def tr_undeclinable(game: Game) -> None:
    """T24: bridges_needed_plus_1 may not be declined; on an island it raises the
    island's threshold by one."""
    from domain.tours_arc_en_ciel.components import ISLAND_BY_ID

    events = final(game)
    asked = of(events, "chance_decision_requested")
    assert asked.card == "bridges_needed_plus_1"
    seat = ("fire", "ice")[asked.decider_seat]
    assert game.refused(seat, tr("resolve_chance", decline=True)) == "decline_not_allowed"
    events = game.post(seat, tr("resolve_chance", island="coral"))
    changed = of(events, "threshold_changed")
    assert (changed.island, changed.delta) == ("coral", 1)
    assert changed.threshold == ISLAND_BY_ID["coral"].threshold + 1


def tr_atomize_limit(game: Game) -> None:
    """T17 (``atomize_count = 2``): a third atomization is refused, whatever the tower."""
    from domain.tours_arc_en_ciel.components import TOWERS_OF

    state = game.state
    index = state.active_seat
    seat = ("fire", "ice")[index]
    assert state.phase == "play" and state.atomize_count[index] == 2
    island = next(i for i, n in state.hands[index].items() if n >= 2)
    body = tr("atomize", island=island, tower=TOWERS_OF[island][0])
    assert game.refused(seat, body) == "atomize_limit_reached"


def tr_chance_reshuffle(game: Game) -> None:
    """T27: the chance deck drawn to its end: the next draw shuffles the discard into a
    new deck (its order recorded) and draws its top."""
    discard = sorted(game.state.chance_discard)
    assert not game.state.chance_deck and discard
    events = final(game)
    shuffled = of(events, "chance_deck_reshuffled")
    assert sorted(shuffled.order) == discard and shuffled.count == len(discard)
    assert of(events, "chance_card_drawn").card == shuffled.order[0]
    assert game.state.chance_deck[: len(shuffled.order) - 1] == shuffled.order[1:]


def tr_eight_houses(game: Game) -> None:
    """T3: eight Houses play in the order of the board, water (seat 2) first."""
    started = of(game.events, "game_started")
    assert started.turn_order == [2, 3, 4, 5, 6, 7, 0, 1] == game.state.turn_order
    assert (game.state.active_seat, game.state.phase) == (2, "take")
    assert game.refused("bronze", tr("take_card", source="pile")) == "not_your_turn"


def ec_empty_border(game: Game) -> None:
    """T05: S0 to take, border_0 empty: taking from it is refused."""
    assert game.state.pending.seat == 0 and not game.state.piles["border_0"]
    assert game.refused("seat_0", ec("take_card", pile_id="border_0")) == "pile_empty"
    assert "border_0" not in game.state.pending.options


def ec_turn_skipped(game: Game) -> None:
    """T30 (five players): after S0's take, S1's two border piles and the central one are
    empty: S1 is skipped and S2 takes from the one pile it reaches."""
    assert not game.state.piles["central"]
    events = final(game)
    names = tags(events)
    ended = names.index("turn_ended")
    assert names[ended : ended + 3] == ["turn_ended", "turn_skipped", "turn_started"]
    skipped, started = events[ended + 1], events[ended + 2]
    assert (skipped.seat, skipped.reason) == (1, "no_accessible_card")
    assert started.seat == 2
    asked = of(events, "decision_requested")
    assert (asked.seat, asked.kind, list(asked.options)) == (2, "take_card", ["border_2"])


def ak_no_removal(game: Game) -> None:
    """T36 (D34): the active player moved last, and no token has left the board since:
    another move is refused (a removal would be accepted)."""
    from domain.arkantis.components import CELLS

    state = game.state
    seat = state.active_seat
    count = bin(state.tokens).count("1")
    assert state.phase == "action" and state.player(seat).tokens_at_last_move == count
    full = [c for i, c in enumerate(CELLS) if state.tokens >> i & 1]
    empty = [c for i, c in enumerate(CELLS) if not state.tokens >> i & 1]
    codes = set()
    for a in full:
        for b in empty:
            try:
                game.decide(seat, ak("move_token", from_cell=a, to_cell=b))
            except RuleViolation as exc:
                codes.add(exc.code)
                if exc.code == "no_removal_since_last_move":
                    body = ak("move_token", from_cell=a, to_cell=b)
                    assert game.refused(seat, body) == "no_removal_since_last_move"
                    return
    raise AssertionError(f"no move refused for D34: {sorted(codes)}")


def tr_move_errors(game: Game) -> None:
    """T14: moving from an enemy's tower, via an island that is not an end of the
    tower, back onto the same tower, or onto a tower the mover holds, is refused."""
    from domain.tours_arc_en_ciel.components import DRAGONS, ISLAND_BY_ID, TOWER_ENDS
    from tests.domain.positions_targets import _tr_own_next_to_own

    state = game.state
    seat = state.houses[state.active_seat]
    assert state.phase == "third"
    found = _tr_own_next_to_own(state)
    assert found is not None
    a, via, b = found
    enemy = next(t for t, d in state.occupant.items() if d and DRAGONS[d].house != seat)
    move = tr("move_dragon", from_tower=a, via_island=via, to_tower=b)
    assert game.refused(seat, {**move, "from_tower": enemy}) == "not_your_dragon"
    elsewhere = next(i for i in ISLAND_BY_ID if i not in TOWER_ENDS[a])
    assert game.refused(seat, {**move, "via_island": elsewhere}) == "via_not_endpoint"
    assert game.refused(seat, {**move, "to_tower": a}) == "tower_not_adjacent"
    assert game.refused(seat, move) == "tower_occupied_by_own_dragon"


def tr_hide_dragons(game: Game) -> None:
    """T23: a hide card with no more visible board Dragons than it hides hides them all
    at once, in bridge order, with no decision."""
    from domain.tours_arc_en_ciel.board import own_towers
    from domain.tours_arc_en_ciel.components import TOWER_NO

    state = game.state
    visible = [
        t for t in own_towers(state, state.active_seat) if state.occupant[t] not in state.hidden
    ]
    events = final(game)
    card = of(events, "chance_card_drawn").card
    assert card.startswith("hide_dragons") and len(visible) <= int(card.rsplit("_", 1)[1])
    hidden = [e.tower for e in events if tag_of(e).endswith(".dragon_hidden")]
    assert hidden == sorted(visible, key=TOWER_NO.__getitem__)
    assert "chance_decision_requested" not in tags(events)
    assert of(events, "chance_card_discarded").outcome == "applied"


def tr_resurrection_for_all(game: Game) -> None:
    """T38: every seat with an eliminated Dragon gets its first one back, from the
    drawer on in turn order."""
    state = game.state
    drawer = state.active_seat
    order = state.turn_order[state.turn_order.index(drawer) :]
    order += state.turn_order[: state.turn_order.index(drawer)]
    expected = [(s, state.eliminated[s][0]) for s in order if state.eliminated[s]]
    events = final(game)
    assert of(events, "chance_card_drawn").card == "resurrection_for_all"
    back = [(e.seat, e.dragon) for e in events if tag_of(e).endswith(".dragon_resurrected")]
    assert back == expected and back
    assert of(events, "chance_card_discarded").outcome == "applied"


def pd_double_nothing_legal(game: Game) -> None:
    """T6: a double that leaves nothing legal is lost, and the colour still replays."""
    colour = game.state.turn.colour
    events = final(game)
    assert tags(events) == ["dice_rolled", "roll_forfeited"]
    assert events[0].outcome == "double" and events[1].reason == "no_legal_action"
    turn = game.state.turn
    assert (turn.colour, turn.phase, turn.roll_index) == (colour, "awaiting_roll", 1)


def tr_lose_defense(game: Game) -> None:
    """T20: a lose_defense card takes its amount (at most what there is) from the
    drawer's tower with the highest defense (the lowest bridge number on a tie), with
    no decision."""
    from domain.tours_arc_en_ciel.board import own_towers
    from domain.tours_arc_en_ciel.components import TOWER_NO

    state = game.state
    defended = [t for t in own_towers(state, state.active_seat) if state.defense[t] > 0]
    tower = min(defended, key=lambda t: (-state.defense[t], TOWER_NO[t]))
    before = state.defense[tower]
    events = final(game)
    card = of(events, "chance_card_drawn").card
    assert card.startswith("lose_defense")
    amount = int(card.rsplit("_", 1)[1])
    changed = of(events, "defense_changed")
    assert (changed.tower, changed.cause) == (tower, "chance")
    assert changed.delta == -min(amount, before) and changed.defense == before + changed.delta
    assert "chance_decision_requested" not in tags(events)
    assert of(events, "chance_card_discarded").outcome == "applied"


def ak_forced_pass_after_a_pass(game: Game) -> None:
    """T28: bob passes; alice, with too few sesterces for any legal action, is passed
    for her (``no_legal_action``) and the game ends."""
    events = final(game)
    assert tags(events)[:3] == ["player_passed", "turn_started", "player_passed"]
    first, started, forced = events[:3]
    assert (first.reason, first.leave_position) == ("voluntary", 1)
    assert started.seat == forced.seat != first.seat
    assert (forced.reason, forced.leave_position) == ("no_legal_action", 2)
    assert tags(events)[-1] == "game_ended" and game.ruleset.to_act(game.state) == []


def tr_combat_card_kept(game: Game) -> None:
    """T19 (first part): a combat card drawn as the third action is kept for a combat
    to come, and the turn passes."""
    seat = game.state.active_seat
    events = final(game)
    drawn, kept = of(events, "chance_card_drawn"), of(events, "chance_card_kept")
    assert (kept.seat, kept.card, kept.pile) == (seat, drawn.card, "combat")
    assert drawn.card.startswith("combat_")
    assert tags(events)[-2:] == ["turn_ended", "turn_started"]
    assert game.state.combat_cards[seat] == [drawn.card]
    assert drawn.card not in game.state.chance_discard


def _ec_actor(game: Game) -> tuple[int, str, Any]:
    """The seat to act at an Éclats position: its index, its name and its player."""
    seat = game.state.pending.seat
    return seat, f"seat_{seat}", game.state.players[seat]


def _ec_all(events: list[Any], tag: str) -> list[Any]:
    return [e for e in events if tag_of(e).endswith("." + tag)]


def _ec_after(events: list[Any], tag: str) -> list[str]:
    """The tags from the first ``tag`` on."""
    names = tags(events)
    return names[names.index(tag) :]


def _ec_central_after_take(game: Game) -> tuple[str, ...]:
    """The central pile once the final command's card has left it (if it came from it)."""
    central: tuple[str, ...] = game.state.piles["central"]
    _, body = FINALS[(game.ruleset.name, game.position.id)]
    return central[1:] if body.get("pile_id") == "central" else central


def ec_colosse_two_stages(game: Game) -> None:
    """T09 (four players): one card builds stages 1 and 2; the Colosse's power at stage 2
    grants a take from any pile, one beyond the seat's own reach too."""
    seat, name, player = _ec_actor(game)
    assert game.state.n == 4 and (player.wonder, player.stages_built) == ("colosse", 0)
    reach = set(game.state.pending.options)
    events = final(game)
    assert _ec_after(events, "stage_built") == [
        "stage_built",
        "stage_built",
        "wonder_power_triggered",
        "extra_take_granted",
        "grant_started",
        "decision_requested",
    ]
    assert [e.stage for e in _ec_all(events, "stage_built")] == [1, 2]
    power = of(events, "wonder_power_triggered")
    assert (power.wonder_id, power.stage) == ("colosse", 2)
    assert (
        of(events, "extra_take_granted").source == of(events, "grant_started").source == "colosse"
    )
    asked = events[-1]
    assert (asked.seat, asked.kind, asked.source) == (seat, "take_card", "colosse")
    assert set(asked.options) == {p for p, cards in game.state.piles.items() if cards}
    far = next(p for p in asked.options if p not in reach)
    taken = of(game.post(name, ec("take_card", pile_id=far)), "card_taken")
    assert (taken.seat, taken.pile_id) == (seat, far)


def ec_identical_stage_tie(game: Game) -> None:
    """T10: stage 2 (two identical) from a joker and one of two materials held once each:
    the first in card order is spent, the other stays."""
    from domain.eclats_des_cites.components import FAMILY, MATERIALS

    seat, _, player = _ec_actor(game)
    tied = [m for m in MATERIALS if player.tableau.get(m, 0) == 1]
    assert player.stages_built == 1 and len(tied) >= 2
    assert all(player.tableau.get(m, 0) <= 1 for m in MATERIALS)
    events = final(game)
    joker = of(events, "card_played").card_id
    assert FAMILY[joker] == "joker"
    built = of(events, "stage_built")
    assert (built.stage, built.spent, built.doubled_joker) == (2, [tied[0], joker], None)
    left = game.state.players[seat].tableau
    assert [m for m in MATERIALS if left.get(m)] == tied[1:]


def ec_prisme_identical_stage(game: Game) -> None:
    """T11: the Prisme de sève (2 units) and the largest material stack pay stage 4 (three
    identical); stage 5 is not built."""
    from domain.eclats_des_cites.components import MATERIALS

    seat, _, player = _ec_actor(game)
    assert player.stages_built == 3
    largest = max(MATERIALS, key=lambda m: (player.tableau.get(m, 0), -MATERIALS.index(m)))
    events = final(game)
    assert of(events, "card_played").card_id == "prisme_de_seve"
    assert [(e.stage, e.spent, e.doubled_joker) for e in _ec_all(events, "stage_built")] == [
        (4, [largest, "prisme_de_seve"], None)
    ]
    assert game.state.players[seat].stages_built == 4


def ec_multiplicateur(game: Game) -> None:
    """T12: the Multiplicateur ×2 doubles the joker taken, which alone pays a 2-unit
    stage; the resources held stay."""
    from domain.eclats_des_cites.components import FAMILY, MATERIALS

    seat, _, player = _ec_actor(game)
    assert "multiplicateur" in player.upgrades
    held = {m: player.tableau[m] for m in MATERIALS if player.tableau.get(m)}
    assert held
    events = final(game)
    joker = of(events, "card_played").card_id
    assert FAMILY[joker] == "joker"
    built = of(events, "stage_built")
    assert (built.stage, built.spent, built.doubled_joker) == (
        player.stages_built + 1,
        [joker],
        joker,
    )
    after = game.state.players[seat].tableau
    assert {m: after[m] for m in MATERIALS if after.get(m)} == held


def ec_technologie_from_science(game: Game) -> None:
    """T13: a pair of science symbols asks for an upgrade; Technologie taken from the
    face-up row builds the next stage at once (any materials), and the hidden pile's
    top fills its slot."""
    seat, name, player = _ec_actor(game)
    face_up, hidden = game.state.upgrades_face_up, game.state.upgrades_hidden
    slot = face_up.index("technologie")
    events = final(game)
    science = of(events, "science_set_completed")
    assert len(science.card_ids) == 2 and len(set(science.card_ids)) == 1
    asked = events[-1]
    assert (asked.seat, asked.kind, asked.source) == (seat, "choose_upgrade", "science")
    assert asked.options == [*face_up, "hidden"]
    events = game.post(name, ec("choose_upgrade", upgrade="technologie"))
    assert tags(events)[:3] == ["upgrade_taken", "stage_built", "turn_ended"]
    taken, built = events[0], events[1]
    assert (taken.upgrade_id, taken.from_, taken.slot, taken.replacement) == (
        "technologie",
        "face_up",
        slot,
        hidden[0],
    )
    assert (built.stage, built.rule) == (player.stages_built + 1, "technologie")
    assert game.state.upgrades_face_up[slot] == hidden[0]
    assert game.state.upgrades_hidden == hidden[1:]


def ec_three_symbols(game: Game) -> None:
    """T14: three different science symbols make a set; the hidden pile's top is taken,
    and the face-up row is unchanged."""
    from domain.eclats_des_cites.components import SCIENCE_SYMBOLS

    seat, name, _ = _ec_actor(game)
    face_up, hidden = game.state.upgrades_face_up, game.state.upgrades_hidden
    events = final(game)
    assert sorted(of(events, "science_set_completed").card_ids) == sorted(SCIENCE_SYMBOLS)
    asked = events[-1]
    assert (asked.seat, asked.kind, asked.source) == (seat, "choose_upgrade", "science")
    taken = of(game.post(name, ec("choose_upgrade", upgrade="hidden")), "upgrade_taken")
    assert (taken.upgrade_id, taken.from_, taken.slot, taken.replacement) == (
        hidden[0],
        "hidden",
        None,
        None,
    )
    assert game.state.upgrades_face_up == face_up
    assert game.state.upgrades_hidden == hidden[1:]


def ec_no_upgrade_left(game: Game) -> None:
    """T15: with all seven upgrades held, a science set completes nothing: the cards stay."""
    from domain.eclats_des_cites.components import SCIENCE_SYMBOLS
    from domain.eclats_des_cites.payment import science_set

    seat, _, player = _ec_actor(game)
    state = game.state
    assert not state.upgrades_face_up and not state.upgrades_hidden
    assert sum(len(p.upgrades) for p in state.players) == 7
    events = final(game)
    played = of(events, "card_played").card_id
    assert played in SCIENCE_SYMBOLS
    assert "science_set_completed" not in tags(events) and "turn_ended" in tags(events)
    after = game.state.players[seat].tableau
    assert after[played] == player.tableau.get(played, 0) + 1
    assert science_set(after) is not None


def ec_commerce_first_joker(game: Game) -> None:
    """T16: Commerce grants one more take after the turn's first joker only: a second
    joker grants nothing."""
    from domain.eclats_des_cites.components import FAMILY

    seat, name, player = _ec_actor(game)
    assert "commerce" in player.upgrades
    events = final(game)
    assert FAMILY[of(events, "card_played").card_id] == "joker"
    assert of(events, "extra_take_granted").source == "commerce"
    assert tags(events)[-2:] == ["grant_started", "decision_requested"]
    asked = events[-1]
    assert (asked.seat, asked.kind, asked.source) == (seat, "take_card", "commerce")
    jokers = [
        p
        for p in asked.options
        if FAMILY[of(game.decide(name, ec("take_card", pile_id=p)), "card_played").card_id]
        == "joker"
    ]
    events = game.post(name, ec("take_card", pile_id=jokers[0]))
    assert "extra_take_granted" not in tags(events) and "turn_ended" in tags(events)


def ec_bonus_chain(game: Game) -> None:
    """T17: two stages built from one card grant a single Bonus take, between them."""
    seat, _, player = _ec_actor(game)
    assert "bonus" in player.upgrades
    events = final(game)
    assert _ec_after(events, "stage_built") == [
        "stage_built",
        "extra_take_granted",
        "stage_built",
        "grant_started",
        "decision_requested",
    ]
    first = player.stages_built + 1
    assert [e.stage for e in _ec_all(events, "stage_built")] == [first, first + 1]
    assert [e.source for e in _ec_all(events, "extra_take_granted")] == ["bonus"]
    asked = events[-1]
    assert (asked.seat, asked.kind, asked.source) == (seat, "take_card", "bonus")


def ec_boussole(game: Game) -> None:
    """T18: the Boussole reveals the central pile's two top cards; the one chosen is
    played, the other goes under the pile, and the Boussole is discarded."""
    seat, name, _ = _ec_actor(game)
    central = _ec_central_after_take(game)
    events = final(game)
    assert of(events, "card_played").card_id == "boussole"
    revealed = of(events, "cards_revealed")
    assert (revealed.source, revealed.card_ids) == ("boussole", list(central[:2]))
    asked = events[-1]
    assert (asked.kind, asked.source, asked.options) == (
        "choose_revealed_card",
        "boussole",
        list(central[:2]),
    )
    chosen, other = central[1], central[0]
    events = game.post(name, ec("choose_revealed_card", card_id=chosen))
    assert tags(events)[:3] == ["revealed_card_chosen", "card_discarded", "card_played"]
    picked, discarded, played = events[:3]
    assert (picked.card_id, picked.returned_to_bottom, picked.automatic) == (chosen, [other], False)
    assert (discarded.card_id, discarded.reason) == ("boussole", "exploration_resolved")
    assert (played.seat, played.card_id) == (seat, chosen)
    assert game.state.piles["central"] == (*central[2:], other)


def ec_belvedere_single(game: Game) -> None:
    """T19: a Belvédère with one card left in the central pile reveals it: it is chosen
    automatically and played, and the central pile is empty."""
    central = _ec_central_after_take(game)
    assert len(central) == 1
    events = final(game)
    names = tags(events)
    assert names[names.index("card_played") :][:5] == [
        "card_played",
        "cards_revealed",
        "revealed_card_chosen",
        "card_discarded",
        "card_played",
    ]
    revealed, chosen = of(events, "cards_revealed"), of(events, "revealed_card_chosen")
    assert (revealed.source, revealed.card_ids) == ("belvedere", [central[0]])
    assert (chosen.card_id, chosen.returned_to_bottom, chosen.automatic) == (central[0], [], True)
    assert of(events, "card_discarded").card_id == "belvedere"
    assert [e.card_id for e in _ec_all(events, "card_played")][:2] == ["belvedere", central[0]]
    assert not game.state.piles["central"]


def ec_exploration_empty_central(game: Game) -> None:
    """T20: an exploration card played with the central pile empty reveals nothing and is
    discarded at once."""
    assert not game.state.piles["central"]
    events = final(game)
    names = tags(events)
    played = of(events, "card_played").card_id
    assert played in ("boussole", "belvedere")
    at = names.index("card_played")
    assert names[at + 1] == "card_discarded" and "cards_revealed" not in names
    discarded = events[at + 1]
    assert (discarded.card_id, discarded.reason) == (played, "exploration_resolved")


def ec_nested_exploration(game: Game) -> None:
    """T21: the Belvédère reveals a Boussole; choosing it discards the Belvédère and plays
    the Boussole, which reveals the next two cards; the others went under the pile."""
    seat, name, _ = _ec_actor(game)
    central = _ec_central_after_take(game)
    events = final(game)
    revealed = of(events, "cards_revealed")
    assert (revealed.source, revealed.card_ids) == ("belvedere", list(central[:3]))
    others = list(central[:3])
    others.remove("boussole")
    events = game.post(name, ec("choose_revealed_card", card_id="boussole"))
    assert tags(events) == [
        "revealed_card_chosen",
        "card_discarded",
        "card_played",
        "cards_revealed",
        "decision_requested",
    ]
    chosen, discarded, played, again, asked = events
    assert (chosen.card_id, chosen.returned_to_bottom) == ("boussole", others)
    assert (discarded.card_id, played.card_id) == ("belvedere", "boussole")
    assert (again.source, again.card_ids) == ("boussole", list(central[3:5]))
    assert (asked.seat, asked.kind, asked.source, asked.options) == (
        seat,
        "choose_revealed_card",
        "boussole",
        list(central[3:5]),
    )
    assert list(game.state.piles["central"][-2:]) == others


def ec_alert_overflow_battle(game: Game) -> None:
    """T22 (four players): an alert card with two markers on alert raises the last one and
    loses the rest; the battle follows, every signal card is discarded, the markers are
    back to peace and the next seat plays."""
    from collections import Counter

    from domain.eclats_des_cites.components import ALERT_CARDS, CARD_BY_ID

    seat, _, _ = _ec_actor(game)
    assert game.state.n == 4 and game.state.alerts == 2
    events = final(game)
    alerted = of(events, "conflict_alerted")
    assert (alerted.alerts_added, alerted.alerts) == (1, 3)
    assert alerted.alerts_lost == CARD_BY_ID[alerted.card_id].alerts - 1 >= 1
    assert _ec_after(events, "conflict_alerted")[:4] == [
        "conflict_alerted",
        "battle_fought",
        "turn_ended",
        "turn_started",
    ]
    battle = of(events, "battle_fought")
    assert len(battle.strengths) == len(battle.victories_gained) == 4
    assert game.state.alerts == 0
    for i, player in enumerate(game.state.players):
        assert not any(player.tableau.get(c) for c in ALERT_CARDS)
        assert player.victories >= battle.victories_gained[i]
    assert Counter(battle.discarded[seat])[alerted.card_id] >= 1
    assert of(events, "turn_started").seat == (seat + 1) % 4


def ec_commerce_then_bonus(game: Game) -> None:
    """T23: a joker that builds a stage grants Commerce then Bonus; the grants are taken
    first in, first out."""
    seat, name, player = _ec_actor(game)
    assert {"commerce", "bonus"} <= set(player.upgrades)
    events = final(game)
    assert _ec_after(events, "extra_take_granted") == [
        "extra_take_granted",
        "stage_built",
        "extra_take_granted",
        "grant_started",
        "decision_requested",
    ]
    assert [e.source for e in _ec_all(events, "extra_take_granted")] == ["commerce", "bonus"]
    assert of(events, "grant_started").source == "commerce"
    asked = events[-1]
    assert (asked.seat, asked.kind, asked.source) == (seat, "take_card", "commerce")
    plain = [
        p
        for p in asked.options
        if "grant_started" in tags(game.decide(name, ec("take_card", pile_id=p)))
    ]
    events = game.post(name, ec("take_card", pile_id=plain[0]))
    assert of(events, "grant_started").source == "bonus"
    assert (events[-1].kind, events[-1].source) == ("take_card", "bonus")


def ec_sanctuaire_shields(game: Game) -> None:
    """T25: the Sanctuaire's power gives permanent shields, counted in strength (and the
    Protection upgrade adds 2)."""
    from domain.eclats_des_cites.battle import strength
    from domain.eclats_des_cites.components import PROTECTION_CARDS

    seat, _, player = _ec_actor(game)
    assert player.wonder == "sanctuaire"
    events = final(game)
    assert _ec_after(events, "wonder_power_triggered")[:2] == [
        "wonder_power_triggered",
        "permanent_shields_gained",
    ]
    built, power = of(events, "stage_built"), of(events, "wonder_power_triggered")
    assert (power.wonder_id, power.stage) == ("sanctuaire", built.stage)
    gained = of(events, "permanent_shields_gained")
    assert gained.amount >= 1 and gained.total == player.permanent_shields + gained.amount
    after = game.state.players[seat]
    kept = sum(after.tableau.get(c, 0) for c in PROTECTION_CARDS)
    bonus = 2 if "protection" in after.upgrades else 0
    assert strength(game.state, seat) == kept + gained.total + bonus


def ec_palais_choice(game: Game) -> None:
    """T26: the Palais's power is an upgrade to choose (face-up or hidden); another command
    is refused; a face-up one is taken and the turn ends."""
    seat, name, player = _ec_actor(game)
    assert player.wonder == "palais"
    events = final(game)
    power = of(events, "wonder_power_triggered")
    assert (power.wonder_id, power.stage) == ("palais", of(events, "stage_built").stage)
    face_up = game.state.upgrades_face_up
    asked = events[-1]
    assert (asked.seat, asked.kind, asked.source) == (seat, "choose_upgrade", "palais")
    assert asked.options == [*face_up, "hidden"]
    assert game.refused(name, ec("take_card", pile_id="central")) == "wrong_command"
    events = game.post(name, ec("choose_upgrade", upgrade=face_up[0]))
    assert tags(events)[:2] == ["upgrade_taken", "turn_ended"]
    assert events[0].upgrade_id == face_up[0]


def ec_observatoire(game: Game) -> None:
    """T27: the Observatoire's power reveals the central pile's four top cards; the one
    chosen is played, the other three go under the pile, nothing is discarded."""
    from domain.eclats_des_cites.components import FAMILY

    seat, name, player = _ec_actor(game)
    assert player.wonder == "observatoire"
    central = _ec_central_after_take(game)
    events = final(game)
    assert _ec_after(events, "wonder_power_triggered") == [
        "wonder_power_triggered",
        "extra_take_granted",
        "grant_started",
        "cards_revealed",
        "decision_requested",
    ]
    revealed = of(events, "cards_revealed")
    assert (revealed.source, revealed.card_ids) == ("observatoire", list(central[:4]))
    pick = next((c for c in central[:4] if FAMILY[c] == "culture"), central[0])
    others = list(central[:4])
    others.remove(pick)
    events = game.post(name, ec("choose_revealed_card", card_id=pick))
    assert tags(events)[:2] == ["revealed_card_chosen", "card_played"]
    assert (events[0].card_id, events[0].returned_to_bottom) == (pick, others)
    assert "card_discarded" not in tags(events)
    assert game.state.piles["central"] == (*central[4:], *others)


def ec_wonder_completed_grant(game: Game) -> None:
    """T28 (three players): the fifth stage completes the wonder and a grant still
    follows; the game ends with that turn, and no next turn starts."""
    seat, name, player = _ec_actor(game)
    assert game.state.n == 3 and player.stages_built == 4
    events = final(game)
    built = of(events, "stage_built")
    assert (built.stage, built.wonder_completed) == (5, True)
    assert _ec_after(events, "stage_built")[-3:] == [
        "extra_take_granted",
        "grant_started",
        "decision_requested",
    ]
    asked = events[-1]
    assert (asked.seat, asked.kind) == (seat, "take_card")
    ending = [
        p
        for p in asked.options
        if "game_ended" in tags(game.decide(name, ec("take_card", pile_id=p)))
    ]
    events = game.post(name, ec("take_card", pile_id=ending[0]))
    assert tags(events)[-2:] == ["turn_ended", "game_ended"]
    assert "turn_started" not in tags(events)
    assert of(events, "game_ended").reason == "wonder_completed"


def ec_exploration_peek(game: Game) -> None:
    """T34 (three players): S2 holds Exploration; when S1's turn ends, S2's turn starts
    with a secret look at the central pile's top: only S2's copy names the card."""
    assert game.state.n == 3 and "exploration" in game.state.players[2].upgrades
    events = final(game)
    names = tags(events)
    at = names.index("central_top_peeked")
    assert names[at - 1 : at + 2] == ["turn_started", "central_top_peeked", "decision_requested"]
    peeked = events[at]
    top = game.state.piles["central"][0]
    assert (peeked.seat, peeked.card_id) == (2, top)
    assert game.ruleset.redact(peeked, "seat_2").card_id == top
    for seat in ("seat_0", "seat_1", None):
        assert game.ruleset.redact(peeked, seat).card_id is None


def _ec_ends_on_empty_piles(game: Game, events: list[Any]) -> None:
    """The turn just taken ends the game on empty piles, no wonder completed."""
    assert tags(events)[-2:] == ["turn_ended", "game_ended"]
    assert of(events, "game_ended").reason == "piles_exhausted"
    assert not any(game.state.piles.values())
    assert all(p.stages_built < 5 for p in game.state.players)
    assert "stage_built" not in tags(events)


def ec_piles_exhausted(game: Game) -> None:
    """T29 (two players): the central pile and border_1 are empty and border_0 holds one
    card; S0 takes it, and the game ends at the end of that turn with the piles exhausted,
    no wonder completed."""
    seat, name, player = _ec_actor(game)
    piles = game.state.piles
    assert game.state.n == 2 and seat == 0 and game.state.pending.source == "turn"
    assert not piles["central"] and not piles["border_1"] and len(piles["border_0"]) == 1
    card = piles["border_0"][0]
    events = final(game)
    assert tags(events) == ["card_taken", "card_played", "turn_ended", "game_ended"]
    taken = of(events, "card_taken")
    assert (taken.seat, taken.pile_id, taken.card_id, taken.new_top) == (0, "border_0", card, None)
    assert of(events, "card_played").card_id == card
    assert of(events, "turn_ended").seat == 0
    _ec_ends_on_empty_piles(game, events)


def ec_commerce_forfeited(game: Game) -> None:
    """T31 (two players): the Commerce holder takes the last card, a joker, from the central
    pile with both border piles empty: the grant it earns starts and is forfeited, and the
    game ends with the piles exhausted."""
    from domain.eclats_des_cites.components import FAMILY

    seat, name, player = _ec_actor(game)
    piles = game.state.piles
    assert game.state.n == 2 and "commerce" in player.upgrades
    assert game.state.pending.source == "turn" and game.state.turn.jokers_played == 0
    assert not piles["border_0"] and not piles["border_1"] and len(piles["central"]) == 1
    card = piles["central"][0]
    assert FAMILY[card] == "joker"
    events = final(game)
    assert tags(events) == [
        "card_taken",
        "card_played",
        "extra_take_granted",
        "grant_started",
        "grant_forfeited",
        "turn_ended",
        "game_ended",
    ]
    assert (of(events, "card_played").seat, of(events, "card_played").card_id) == (seat, card)
    assert of(events, "extra_take_granted").source == "commerce"
    assert of(events, "grant_started").source == "commerce"
    forfeited = of(events, "grant_forfeited")
    assert (forfeited.seat, forfeited.source, forfeited.reason) == (
        seat,
        "commerce",
        "no_card_available",
    )
    _ec_ends_on_empty_piles(game, events)


def _tr_house(game: Game, seat: int) -> str:
    return str(game.state.houses[seat])


def _tr_total(side: Any, mode: str) -> int:
    """A side's total (10.6 step 6) from the terms its combat event records."""
    effective = side.strength_value + side.good_right + side.gold
    if mode == "dice_only":
        return int(side.die_value)
    if mode == "strength_only":
        return int(effective)
    flat = side.card_flat + side.fatigue + side.tower_defense
    return int(side.die_value + effective + flat)


def _tr_totals_follow(combat: Any) -> None:
    """Both totals are the sum of their terms; a totals win goes to the higher, the
    defender on a tie."""
    for side in (combat.attacker, combat.defender):
        assert side.total == _tr_total(side, combat.mode)
    if combat.reason in ("totals", "tie_defender"):
        higher = combat.attacker.total > combat.defender.total
        assert combat.winner == ("attacker" if higher else "defender")


def tr_fatigue(game: Game) -> None:
    """T15: a Dragon's second combat in a turn: the attacker suffers -5 for each combat it
    already fought this turn (the defender never does), and the totals decide."""
    since = max(i for i, e in enumerate(game.events) if tag_of(e).endswith(".turn_started"))
    events = final(game)
    combat = of(events, "combat_resolved")
    fought = [
        e
        for e in game.events[since:]
        if tag_of(e).endswith(".combat_resolved")
        and combat.attacker.dragon in (e.attacker.dragon, e.defender.dragon)
        and e is not combat
    ]
    assert fought and combat.attacker.fatigue == -5 * len(fought)
    assert combat.defender.fatigue == 0
    _tr_totals_follow(combat)


def tr_chance_instead_resurrect(game: Game) -> None:
    """T18: with an empty reserve, a card played for a chance draw instead of a landing
    draws a resurrect card, whose drawer picks the eliminated Dragons that come back; the
    card is then discarded and the turn goes on to its third action."""
    seat = game.state.active_seat
    house = _tr_house(game, seat)
    assert game.state.phase == "play" and not game.state.reserve[seat]
    assert game.state.eliminated[seat]
    events = final(game)
    assert tags(events)[:3] == ["card_played", "chance_card_drawn", "chance_decision_requested"]
    played, drawn, asked = events[:3]
    assert played.purpose == "chance_instead"
    assert drawn.origin == "instead_of_landing" and drawn.card.startswith("resurrect_")
    assert asked.decider_seat == asked.drawer_seat == seat
    back = []
    while "chance_card_discarded" not in tags(events):
        dragon = game.state.eliminated[seat][-1]
        events = game.post(house, tr("resolve_chance", dragon=dragon))
        resurrected = of(events, "dragon_resurrected")
        assert (resurrected.seat, resurrected.dragon) == (seat, dragon)
        back.append(dragon)
    assert len(back) == int(drawn.card.rsplit("_", 1)[1])
    assert of(events, "chance_card_discarded").outcome == "applied"
    assert "turn_ended" not in tags(events) and game.state.phase == "third"
    assert all(d in game.state.reserve[seat] for d in back)


def tr_combat_card_in_defence(game: Game) -> None:
    """T19 (second part): the defender's kept combat cards count in its defence and are
    all consumed: they leave its kept cards for the chance discard."""
    events = final(game)
    combat = of(events, "combat_resolved")
    defender = combat.defender.seat
    assert combat.defender.cards
    _tr_totals_follow(combat)
    assert game.state.combat_cards[defender] == []
    assert all(c in game.state.chance_discard for c in combat.defender.cards)


def tr_enemy_arrival_decider(game: Game) -> None:
    """T21 (three Houses): an enemy-arrival card drawn by one House is decided by the
    enemy whose Dragon arrives; the drawer and the third House are refused; the
    decider's answer lands its Dragon and ends the drawer's turn."""
    events = final(game)
    asked = of(events, "chance_decision_requested")
    assert asked.card.startswith("enemy_dragon_arrives") and asked.decider_seat != asked.drawer_seat
    decider, drawer = _tr_house(game, asked.decider_seat), _tr_house(game, asked.drawer_seat)
    third = next(h for h in game.state.houses if h not in (decider, drawer))
    assert game.refused(drawer, tr("skip_third_action")) == "decision_pending"
    assert game.refused(third, tr("resolve_chance", decline=True)) == "not_your_decision"
    answer = next(
        c
        for c in game.ruleset.legal_commands(game.state, decider)
        if not getattr(c, "decline", False)
    )
    body = {k: v for k, v in msgspec.to_builtins(answer).items() if v is not None}
    events = game.post(decider, body)
    arrived = of(events, "dragon_arrived")
    assert (arrived.seat, arrived.cause) == (asked.decider_seat, "enemy_arrival")
    assert of(events, "chance_card_discarded").outcome == "applied"
    assert of(events, "turn_ended").seat == asked.drawer_seat


def tr_hidden_not_targeted(game: Game) -> None:
    """T22: a remove-enemy card whose only matching enemy Dragons are hidden is void: no
    decision, nothing removed."""
    from tests.domain.positions_targets import tr_card_matches

    seat = game.state.active_seat
    enemy = 1 - seat
    board = set(game.state.occupant.values())
    events = final(game)
    card = of(events, "chance_card_drawn").card
    assert card.startswith("remove_enemy_dragon_")
    from domain.tours_arc_en_ciel.components import DRAGONS

    matching = [
        d
        for d in board
        if d and DRAGONS[d].house == game.state.houses[enemy] and tr_card_matches(card, d)
    ]
    assert matching and all(d in game.state.hidden for d in matching)
    assert of(events, "chance_card_discarded").outcome == "void"
    assert "chance_decision_requested" not in tags(events)
    assert "dragon_removed" not in tags(events)


def tr_mode_card(game: Game) -> None:
    """T25: a mode card held by one side only sets the combat's mode (its totals then
    leave out the other terms); the dice are still rolled and recorded; every combat card
    of both sides is consumed."""
    events = final(game)
    combat = of(events, "combat_resolved")
    cards = [*combat.attacker.cards, *combat.defender.cards]
    dice, strength = "combat_dice_only" in cards, "combat_strength_only" in cards
    assert dice != strength
    assert combat.mode == ("dice_only" if dice else "strength_only")
    assert combat.attacker.rolls and combat.defender.rolls
    _tr_totals_follow(combat)
    assert all(not game.state.combat_cards[s.seat] for s in (combat.attacker, combat.defender))


def tr_die_modifier(game: Game) -> None:
    """T26: a best-of-two card rolls two dice for its side and keeps the higher (a
    double-die card doubles it); the other side rolls one."""
    events = final(game)
    combat = of(events, "combat_resolved")
    side = combat.attacker
    other = combat.defender
    assert "combat_best_of_two" in side.cards and len(side.rolls) == 2
    assert side.natural == max(side.rolls)
    doubled = "combat_double_die" in side.cards and "combat_halve_die" not in side.cards
    assert side.die_value == side.natural * (2 if doubled else 1)
    assert len(other.rolls) == (2 if "combat_best_of_two" in other.cards else 1)
    _tr_totals_follow(combat)


def tr_natural_20(game: Game) -> None:
    """T31 (``natural_20_wins``): a natural 20 wins the combat whatever the totals."""
    assert game.state.options.natural_20_wins
    events = final(game)
    combat = of(events, "combat_resolved")
    assert combat.reason == "natural_20" and combat.mode != "strength_only"
    won = combat.attacker if combat.winner == "attacker" else combat.defender
    lost = combat.defender if combat.winner == "attacker" else combat.attacker
    assert won.natural == 20 != lost.natural and won.total <= lost.total
    _tr_totals_follow(combat)


def tr_recycling(game: Game) -> None:
    """T34 (``two_player_recycle``): with an empty reserve, an eliminated Dragon lands
    (``origin: eliminated``) and leaves the eliminated list."""
    seat = game.state.active_seat
    assert game.state.options.two_player_recycle and not game.state.reserve[seat]
    events = final(game)
    arrived = of(events, "dragon_arrived")
    assert (arrived.seat, arrived.origin) == (seat, "eliminated")
    assert arrived.dragon not in game.state.eliminated[seat]
    assert game.state.occupant[arrived.tower] == arrived.dragon


def ec_scoring(game: Game) -> None:
    """T32: at the end, each score is its wonder's stage Prestige, its culture cards (3 a
    Jardin des brumes, 2 an Archives des échos), 3 a victory and, with Progrès, 2 an
    upgrade held; the ranking follows the totals."""
    events = final(game)
    ended = of(events, "game_ended")
    assert any("progres" in p.upgrades and p.victories for p in game.state.players)
    culture = {"jardin_des_brumes": 3, "archives_des_echos": 2}
    from domain.eclats_des_cites.components import WONDER_BY_ID

    for player, score in zip(game.state.players, ended.scores, strict=True):
        assert player.wonder is not None
        stages = sum(WONDER_BY_ID[player.wonder].stage_prestige[: player.stages_built])
        kept = sum(n * culture.get(card, 0) for card, n in player.tableau.items())
        progress = 2 * len(player.upgrades) if "progres" in player.upgrades else 0
        assert (score.seat, score.stages) == (player.seat, player.stages_built)
        assert (score.stage_prestige, score.culture) == (stages, kept)
        assert (score.victories, score.victory_prestige) == (player.victories, 3 * player.victories)
        assert score.progress == progress
        assert score.total == stages + kept + 3 * player.victories + progress
    totals = [ended.scores[s].total for s in ended.ranking]
    assert totals == sorted(totals, reverse=True)


def tr_co_ownership(game: Game) -> None:
    """T12: an island whose bridges both Houses hold enough of is owned by both, and its
    whole value counts in both scores."""
    from domain.tours_arc_en_ciel.board import owners, owners_by_bridges
    from domain.tours_arc_en_ciel.components import ISLAND_BY_ID
    from domain.tours_arc_en_ciel.scoring import scores

    state = game.state
    shared = [i for i, o in owners_by_bridges(state).items() if len(o) == 2]
    assert shared and not state.shares
    island = shared[0]
    assert owners(state)[island] == (0, 1)
    value = ISLAND_BY_ID[island].value
    for score in scores(state):
        assert any((p.island, p.points) == (island, value) for p in score.islands)
        assert score.island_points == sum(p.points for p in score.islands)


def tr_passability(game: Game) -> None:
    """T13: a move through an island only an enemy owns is refused; a move onto an empty
    tower lands the Dragon (no combat), adds a pearl there, leaves the tower it came
    from empty with its defense, and ends the turn."""
    from tests.domain.positions_targets import tr_impassable

    state = game.state
    index = state.active_seat
    house = _tr_house(game, index)
    found = tr_impassable(state)
    assert state.phase == "third" and found is not None
    a, via, b = found
    body = tr("move_dragon", from_tower=a, via_island=via, to_tower=b)
    assert game.refused(house, body) == "island_not_passable"
    move = next(
        c
        for c in game.ruleset.legal_commands(state, house)
        if tag_of(c).endswith(".move_dragon") and c.to_tower not in state.occupant
    )
    kept = state.defense[move.from_tower]
    dragon = state.occupant[move.from_tower]
    events = game.post(house, {k: v for k, v in msgspec.to_builtins(move).items() if v})
    assert tags(events)[:4] == ["dragon_arrived", "defense_changed", "turn_ended", "turn_started"]
    arrived, changed = events[:2]
    assert (arrived.dragon, arrived.origin, arrived.cause, arrived.contested) == (
        dragon,
        "tower",
        "move",
        False,
    )
    assert (arrived.from_tower, arrived.via_island) == (move.from_tower, move.via_island)
    assert (changed.tower, changed.delta) == (move.to_tower, 1)
    assert move.from_tower not in game.state.occupant
    assert game.state.defense[move.from_tower] == kept


def tr_ownership(game: Game) -> None:
    """T11: an island is owned once a House's fixed bridges and held towers reach its
    threshold (fire's towers make up what its fixed bridges lack); an island fire only
    touches is not; a score is the value of the islands owned plus the point cards."""
    from domain.tours_arc_en_ciel.board import own_towers
    from domain.tours_arc_en_ciel.components import (
        CHANCE_BY_KIND,
        FIXED_OF,
        ISLAND_BY_ID,
        TOWER_ENDS,
        TOWERS_OF,
    )
    from domain.tours_arc_en_ciel.scoring import scores

    state = game.state
    assert not state.shares and not any(state.threshold_mod.values())
    for index, house in enumerate(state.houses):
        held = set(own_towers(state, index))
        owned = set()
        for island, info in ISLAND_BY_ID.items():
            bridges = FIXED_OF[island].count(house) + len(held & set(TOWERS_OF[island]))
            if bridges >= info.threshold:
                owned.add(island)
        score = scores(state)[index]
        assert {p.island for p in score.islands} == owned
        assert score.island_points == sum(ISLAND_BY_ID[i].value for i in owned)
        cards = sum(CHANCE_BY_KIND[c].amount for c in state.point_cards[index])
        assert score.score == score.island_points + cards
    fire = {i for t in own_towers(state, 0) for i in TOWER_ENDS[t]}
    mine = {p.island for p in scores(state)[0].islands}
    assert any(FIXED_OF[i].count("fire") < ISLAND_BY_ID[i].threshold for i in fire & mine)
    assert fire - mine


def ec_turn_position_tie(game: Game) -> None:
    """T33 (three players): equal Prestige is split by the stages built, then by the turn
    position (counted from the first player): the later position ranks first."""
    events = final(game)
    ended = of(events, "game_ended")
    first, n = int(game.state.first_seat), int(game.state.n)
    rank = {seat: i for i, seat in enumerate(ended.ranking)}

    def position(seat: int) -> int:
        return (seat - first) % n

    tied = False
    for a in ended.scores:
        for b in ended.scores:
            if a.seat == b.seat:
                continue
            if a.total != b.total:
                assert (rank[a.seat] < rank[b.seat]) == (a.total > b.total)
            elif a.stages != b.stages:
                assert (rank[a.seat] < rank[b.seat]) == (a.stages > b.stages)
            else:
                tied = True
                assert (rank[a.seat] < rank[b.seat]) == (position(a.seat) > position(b.seat))
    assert tied
    assert ended.winner == ended.ranking[0]


def tr_hidden_skipped(game: Game) -> None:
    """T22 (second part): a remove-enemy card with a visible target asks for a decision;
    the tower of a hidden matching Dragon is no target; the chosen Dragon is removed and
    its tower is left empty with its defense."""
    from domain.tours_arc_en_ciel.chance import target_towers

    events = final(game)
    asked = of(events, "chance_decision_requested")
    assert asked.card.startswith("remove_enemy_dragon_")
    house = _tr_house(game, asked.decider_seat)
    state = game.state
    pending = state.pending
    targets = target_towers(state, pending.card, pending.drawer, pending.decider)
    hidden = [t for t, d in state.occupant.items() if d in state.hidden]
    assert hidden and not set(hidden) & set(targets)
    body = tr("resolve_chance", tower=hidden[0])
    assert game.refused(house, body) == "invalid_target"
    tower = targets[0]
    dragon, defense = state.occupant[tower], state.defense[tower]
    removed = of(game.post(house, tr("resolve_chance", tower=tower)), "dragon_removed")
    assert (removed.tower, removed.dragon) == (tower, dragon)
    assert tower not in game.state.occupant and game.state.defense[tower] == defense


def tr_mode_cards_cancel(game: Game) -> None:
    """T25 (first part): a dice-only and a strength-only card in one combat cancel out:
    the mode is normal, and both cards are consumed."""
    events = final(game)
    combat = of(events, "combat_resolved")
    cards = [*combat.attacker.cards, *combat.defender.cards]
    assert "combat_dice_only" in cards and "combat_strength_only" in cards
    assert combat.mode == "normal"
    _tr_totals_follow(combat)
    assert all(not game.state.combat_cards[s.seat] for s in (combat.attacker, combat.defender))
    assert all(c in game.state.chance_discard for c in cards)


def tr_natural_1(game: Game) -> None:
    """T31 (``natural_1_loses``): a natural 1 loses the combat whatever the totals."""
    assert game.state.options.natural_1_loses
    events = final(game)
    combat = of(events, "combat_resolved")
    assert combat.reason == "natural_1" and combat.mode != "strength_only"
    won = combat.attacker if combat.winner == "attacker" else combat.defender
    lost = combat.defender if combat.winner == "attacker" else combat.attacker
    assert lost.natural == 1 != won.natural and won.total <= lost.total
    _tr_totals_follow(combat)


def tr_no_recycling(game: Game) -> None:
    """T34 (second part): with ``two_player_recycle`` off, an eliminated Dragon may not
    land, even with an empty reserve."""
    from domain.tours_arc_en_ciel.board import own_towers
    from domain.tours_arc_en_ciel.components import TOWERS_OF

    state = game.state
    index = state.active_seat
    assert not state.options.two_player_recycle and state.phase == "play"
    assert not state.reserve[index] and state.eliminated[index]
    mine = set(own_towers(state, index))
    island, tower = next(
        (i, t) for i, n in state.hands[index].items() if n for t in TOWERS_OF[i] if t not in mine
    )
    body = tr("land_dragon", island=island, tower=tower, dragon=state.eliminated[index][0])
    assert game.refused(_tr_house(game, index), body) == "dragon_not_available"


def tr_co_owned_crossing(game: Game) -> None:
    """T13 (second part): an island both Houses own may be crossed by either: the move
    onto the enemy's tower beyond it is accepted and starts a combat."""
    from domain.tours_arc_en_ciel.board import island_owners
    from tests.domain.positions_targets import tr_co_owned_move

    state = game.state
    move = tr_co_owned_move(state)
    assert move is not None and len(island_owners(state, move.via_island)) == 2
    body = {k: v for k, v in msgspec.to_builtins(move).items() if v}
    events = game.post(_tr_house(game, state.active_seat), body)
    arrived = of(events, "dragon_arrived")
    assert (arrived.origin, arrived.via_island, arrived.contested) == (
        "tower",
        move.via_island,
        True,
    )
    assert of(events, "combat_resolved").tower == move.to_tower


def ak_stuck_with_money(game: Game) -> None:
    """T29: after a voluntary pass, the next player has no legal action although its
    sesterces pay for any (a move costs the most, 3): it is passed for want of one, and
    the game ends."""
    from domain.arkantis.components import MOVE_COST

    events = final(game)
    assert tags(events) == ["player_passed", "turn_started", "player_passed", "game_ended"]
    first, started, forced = events[:3]
    assert (first.reason, first.leave_position) == ("voluntary", 1)
    assert started.seat == forced.seat != first.seat
    assert (forced.reason, forced.leave_position) == ("no_legal_action", 2)
    player = game.state.player(forced.seat)
    assert player is not None and player.sesterces >= MOVE_COST
    assert game.ruleset.to_act(game.state) == []


def tr_tie_rolls(game: Game) -> None:
    """T30: equal scores and pearls at the end are split by rolls, round after round
    until one is higher; the higher roll ranks first."""
    events = final(game)
    ended = of(events, "game_ended")
    assert ended.tiebreak_rounds
    by_seat = {s.seat: s for s in ended.scores}
    tied = [r.seat for r in ended.tiebreak_rounds[0]]
    assert len({(by_seat[s].score, by_seat[s].pearls) for s in tied}) == 1
    for rolls in ended.tiebreak_rounds[:-1]:
        values = [r.roll for r in rolls]
        assert values.count(max(values)) > 1
    last = ended.tiebreak_rounds[-1]
    best = max(last, key=lambda r: r.roll)
    assert [r.roll for r in last].count(best.roll) == 1
    order = [s for s in ended.ranking if s in tied]
    assert order[0] == best.seat


def ak_every_tie_break(game: Game) -> None:
    """T32 (three players): a score is laid value + sesterces - hand penalty; the ranking
    splits equal scores by laid value, then laid count, then the later leave position;
    here the top two are equal down to the leave position."""
    events = final(game)
    ended = of(events, "game_ended")
    assert len(ended.scores) == 3 and ended.decided_by == "leave_position"
    by_seat = {s.seat: s for s in ended.scores}
    for s in ended.scores:
        assert s.score == s.laid_value + s.sesterces - s.hand_penalty
    keys = [
        (s.score, s.laid_value, s.laid_count, s.leave_position)
        for s in (by_seat[seat] for seat in ended.ranking)
    ]
    assert keys == sorted(keys, reverse=True)
    first, second = keys[0], keys[1]
    assert first[:3] == second[:3] and first[3] > second[3] and first[2] >= 1
    assert ended.winner_seat == ended.ranking[0]
    assert [by_seat[s].rank for s in ended.ranking] == [1, 2, 3]


def ak_bank_shortfall(game: Game) -> None:
    """T30: the bank holds less than a player earns: it pays what it holds (D25), the
    rest is lost, and the bank is empty; a purchase then refills it by its price."""
    state = game.state
    bob = state.players[1]
    assert (state.active_seat, bob.sesterces, state.bank) == ("seat_1", 21, 3)
    assert sum(p.sesterces for p in state.players) + state.bank == 50
    events = final(game)
    removed, earned = of(events, "tokens_removed"), of(events, "sesterces_earned")
    assert removed.cost == 2
    assert (earned.owed, earned.paid) == (6, 5)
    assert game.state.bank == 0 and game.state.players[1].sesterces == 21 - 2 + 5
    assert sum(p.sesterces for p in game.state.players) == 50
    visible = game.state.emerald.visible
    next_card = game.state.emerald.hidden[0]
    events = game.post(
        "seat_1", ak("buy_card", colour="emerald", source="visible", expected_card_id=visible)
    )
    bought = of(events, "card_bought")
    assert (bought.card_id, bought.price) == (visible, 1)
    assert of(events, "card_turned_face_up").card_id == next_card
    assert game.state.players[1].sesterces == 23 and game.state.bank == 1


def ak_tie_laid_count(game: Game) -> None:
    """11.3: two players equal on score and laid value are split by the number of cards
    they laid, the more the better."""
    events = final(game)
    ended = of(events, "game_ended")
    assert ended.reason == "all_players_passed" and ended.decided_by == "laid_count"
    first, second = (next(s for s in ended.scores if s.seat == seat) for seat in ended.ranking)
    for s in (first, second):
        assert s.score == s.laid_value + s.sesterces - s.hand_penalty
    assert (first.score, first.laid_value) == (second.score, second.laid_value)
    assert first.laid_count > second.laid_count
    assert ended.winner_seat == first.seat and game.ruleset.to_act(game.state) == []


CHECKS: dict[tuple[str, str], Callable[[Game], None]] = {
    ("eclats_des_cites", "opening"): ec_opening,
    ("eclats_des_cites", "last-move"): ends("wonder_completed", "score"),
    ("eclats_des_cites", "last-move-tie-stages-built"): ends("wonder_completed", "stages_built"),
    ("eclats_des_cites", "finished"): ec_finished,
    ("eclats_des_cites", "wonder-taken"): ec_wonder_taken,
    ("eclats_des_cites", "battle"): ec_battle,
    ("eclats_des_cites", "first-stage"): ec_first_stage,
    ("eclats_des_cites", "five-players"): ec_five_players,
    ("eclats_des_cites", "four-players-first-turn"): ec_four_players,
    ("eclats_des_cites", "three-players-first-turn"): ec_three_players,
    ("eclats_des_cites", "two-players-first-turn"): ec_two_players,
    ("eclats_des_cites", "upgrade-to-choose"): ec_upgrade,
    ("eclats_des_cites", "turn-errors"): ec_turn_errors,
    ("eclats_des_cites", "empty-border"): ec_empty_border,
    ("eclats_des_cites", "turn-skipped"): ec_turn_skipped,
    ("eclats_des_cites", "scoring"): ec_scoring,
    ("eclats_des_cites", "turn-position-tie"): ec_turn_position_tie,
    ("eclats_des_cites", "colosse-two-stages"): ec_colosse_two_stages,
    ("eclats_des_cites", "identical-stage-tie"): ec_identical_stage_tie,
    ("eclats_des_cites", "prisme-identical-stage"): ec_prisme_identical_stage,
    ("eclats_des_cites", "multiplicateur-doubles-a-joker"): ec_multiplicateur,
    ("eclats_des_cites", "technologie-from-science"): ec_technologie_from_science,
    ("eclats_des_cites", "three-symbols-hidden-upgrade"): ec_three_symbols,
    ("eclats_des_cites", "no-upgrade-left"): ec_no_upgrade_left,
    ("eclats_des_cites", "commerce-first-joker"): ec_commerce_first_joker,
    ("eclats_des_cites", "bonus-chain"): ec_bonus_chain,
    ("eclats_des_cites", "boussole-reveals-two"): ec_boussole,
    ("eclats_des_cites", "belvedere-single-card"): ec_belvedere_single,
    ("eclats_des_cites", "exploration-empty-central"): ec_exploration_empty_central,
    ("eclats_des_cites", "nested-exploration"): ec_nested_exploration,
    ("eclats_des_cites", "alert-overflow-battle"): ec_alert_overflow_battle,
    ("eclats_des_cites", "commerce-then-bonus"): ec_commerce_then_bonus,
    ("eclats_des_cites", "sanctuaire-shields"): ec_sanctuaire_shields,
    ("eclats_des_cites", "palais-upgrade-choice"): ec_palais_choice,
    ("eclats_des_cites", "observatoire-reveals-four"): ec_observatoire,
    ("eclats_des_cites", "wonder-completed-grant"): ec_wonder_completed_grant,
    ("eclats_des_cites", "exploration-peek"): ec_exploration_peek,
    ("eclats_des_cites", "piles-exhausted"): ec_piles_exhausted,
    ("eclats_des_cites", "commerce-forfeited"): ec_commerce_forfeited,
    ("tours_arc_en_ciel", "opening"): tr_opening,
    ("tours_arc_en_ciel", "take-a-face-up-card"): tr_take_face_up,
    ("tours_arc_en_ciel", "landing"): tr_landing,
    ("tours_arc_en_ciel", "landing-refused"): tr_landing_refused,
    ("tours_arc_en_ciel", "turn-errors"): tr_turn_errors,
    ("tours_arc_en_ciel", "third-action"): tr_third_action,
    ("tours_arc_en_ciel", "attacker-wins"): tr_attacker_wins,
    ("tours_arc_en_ciel", "tie-to-defender"): tr_tie_to_defender,
    ("tours_arc_en_ciel", "blower-back"): tr_blower_back,
    ("tours_arc_en_ciel", "combat-next"): tr_combat,
    ("tours_arc_en_ciel", "chance-card-next"): tr_chance_card,
    ("tours_arc_en_ciel", "chance-decline"): tr_chance_decline,
    ("tours_arc_en_ciel", "swap"): tr_swap,
    ("tours_arc_en_ciel", "atomize"): tr_atomize,
    ("tours_arc_en_ciel", "last-move"): ends("cards_exhausted", "score"),
    ("tours_arc_en_ciel", "last-move-all-dragons-on-board"): ends("all_dragons_on_board", "score"),
    ("tours_arc_en_ciel", "last-move-tie-pearls"): ends("cards_exhausted", "pearls"),
    ("tours_arc_en_ciel", "finished"): finished,
    ("tours_arc_en_ciel", "last-card"): tr_last_card,
    ("tours_arc_en_ciel", "variants"): tr_variants,
    ("tours_arc_en_ciel", "undeclinable"): tr_undeclinable,
    ("tours_arc_en_ciel", "atomize-limit"): tr_atomize_limit,
    ("tours_arc_en_ciel", "chance-reshuffle"): tr_chance_reshuffle,
    ("tours_arc_en_ciel", "eight-houses"): tr_eight_houses,
    ("tours_arc_en_ciel", "move-errors"): tr_move_errors,
    ("tours_arc_en_ciel", "combat-card-kept"): tr_combat_card_kept,
    ("tours_arc_en_ciel", "fatigue"): tr_fatigue,
    ("tours_arc_en_ciel", "chance-instead-resurrect"): tr_chance_instead_resurrect,
    ("tours_arc_en_ciel", "combat-card-in-defence"): tr_combat_card_in_defence,
    ("tours_arc_en_ciel", "enemy-arrival-decider"): tr_enemy_arrival_decider,
    ("tours_arc_en_ciel", "hidden-not-targeted"): tr_hidden_not_targeted,
    ("tours_arc_en_ciel", "mode-card"): tr_mode_card,
    ("tours_arc_en_ciel", "die-modifier"): tr_die_modifier,
    ("tours_arc_en_ciel", "natural-20"): tr_natural_20,
    ("tours_arc_en_ciel", "recycling"): tr_recycling,
    ("tours_arc_en_ciel", "no-recycling"): tr_no_recycling,
    ("tours_arc_en_ciel", "hidden-skipped"): tr_hidden_skipped,
    ("tours_arc_en_ciel", "mode-cards-cancel"): tr_mode_cards_cancel,
    ("tours_arc_en_ciel", "natural-1"): tr_natural_1,
    ("tours_arc_en_ciel", "ownership"): tr_ownership,
    ("tours_arc_en_ciel", "co-ownership"): tr_co_ownership,
    ("tours_arc_en_ciel", "passability"): tr_passability,
    ("tours_arc_en_ciel", "tie-rolls"): tr_tie_rolls,
    ("tours_arc_en_ciel", "co-owned-crossing"): tr_co_owned_crossing,
    ("tours_arc_en_ciel", "lose-defense"): tr_lose_defense,
    ("tours_arc_en_ciel", "hide-dragons"): tr_hide_dragons,
    ("tours_arc_en_ciel", "resurrection-for-all"): tr_resurrection_for_all,
    ("arkantis", "opening"): ak_opening,
    ("arkantis", "tournament-layout-1"): ak_tournament_1,
    ("arkantis", "tournament-die-4"): ak_tournament_die_4,
    ("arkantis", "tournament-layout-12"): ak_tournament_12,
    ("arkantis", "explicit-layout"): ak_explicit,
    ("arkantis", "no-new-red-shape"): ak_no_new_red_shape,
    ("arkantis", "no-new-blue-shape"): ak_no_new_blue_shape,
    ("arkantis", "no-new-shapes"): ak_no_new_shapes,
    ("arkantis", "remove-two-tokens"): ak_remove_two,
    ("arkantis", "remove-two-tokens-refused"): ak_remove_two_refused,
    ("arkantis", "validation-window"): ak_validation_window,
    ("arkantis", "lay-card-refused"): ak_lay_card_refused,
    ("arkantis", "pass-out-of-turn"): ak_pass_out_of_turn,
    ("arkantis", "buy-visible-then-lay"): ak_buy_visible_then_lay,
    ("arkantis", "forfeit-with-end-turn"): ak_forfeit,
    ("arkantis", "visible-card-race"): ak_visible_race,
    ("arkantis", "swap-duplicate"): ak_swap,
    ("arkantis", "last-move"): ak_ends("score"),
    ("arkantis", "last-move-tie-laid-value"): ak_ends("laid_value"),
    ("arkantis", "last-move-tie-leave-position"): ak_ends("leave_position"),
    ("arkantis", "finished"): ak_finished,
    ("arkantis", "unknown-seat"): ak_unknown_seat,
    ("arkantis", "first-move-ends-the-game"): ak_first_move_ends,
    ("arkantis", "no-removal-since-last-move"): ak_no_removal,
    ("arkantis", "forced-pass-after-a-pass"): ak_forced_pass_after_a_pass,
    ("arkantis", "stuck-with-money"): ak_stuck_with_money,
    ("arkantis", "every-tie-break"): ak_every_tie_break,
    ("arkantis", "bank-shortfall"): ak_bank_shortfall,
    ("arkantis", "last-move-tie-laid-count"): ak_tie_laid_count,
    ("petits_dragons", "inactive-colour-skipped"): pd_skip,
    ("petits_dragons", "penalty-to-backfire"): pd_backfire,
    ("petits_dragons", "stacking"): pd_stacking,
    ("petits_dragons", "teleport"): pd_teleport,
    ("petits_dragons", "arrival"): pd_arrival,
    ("petits_dragons", "chief-killed"): pd_chief_killed,
    ("petits_dragons", "arena-hold"): pd_arena_hold,
    ("petits_dragons", "arena-penalty-lapses"): pd_lapses,
    ("petits_dragons", "combat-tie"): pd_combat_tie,
    ("petits_dragons", "die-choice"): pd_die_choice,
    ("petits_dragons", "pawn-direction"): pd_pawn_direction,
    ("petits_dragons", "own-branch"): pd_own_branch,
    ("petits_dragons", "chief-on-own-pawn"): pd_chief_on_own_pawn,
    ("petits_dragons", "stack-full"): pd_stack_full,
    ("petits_dragons", "stack-arrives"): pd_stack_arrives,
    ("petits_dragons", "bank-out-of-100s"): pd_bank_out_of_100s,
    ("petits_dragons", "bounce-on-the-centre"): pd_bounce,
    ("petits_dragons", "twice-on-the-arena"): pd_twice_on_the_arena,
    ("petits_dragons", "chief-dead-double"): pd_chief_dead_double,
    ("petits_dragons", "chief-both-ways"): pd_chief_both_ways,
    ("petits_dragons", "pawn-both-ways"): pd_pawn_both_ways,
    ("petits_dragons", "arena-bounce"): pd_arena_bounce,
    ("petits_dragons", "teleport-lost"): pd_teleport_lost,
    ("petits_dragons", "opening"): pd_opening,
    ("petits_dragons", "three-colours"): pd_three_colours,
    ("petits_dragons", "suite"): pd_suite,
    ("petits_dragons", "birth-on-double-2"): pd_birth_on_double_2,
    ("petits_dragons", "double-5-chief-in-nest"): pd_double_5,
    ("petits_dragons", "double-4-chief-in-nest"): pd_double_4,
    ("petits_dragons", "first-move-from-the-exit"): pd_first_move,
    ("petits_dragons", "replay-to-decline"): pd_replay,
    ("petits_dragons", "double-1-birth-only"): pd_birth_only,
    ("petits_dragons", "combat-next"): pd_combat,
    ("petits_dragons", "last-move-colour-completed"): pd_ends("colour_completed"),
    ("petits_dragons", "last-move-no-colour-can-act"): pd_ends("no_colour_can_act"),
    ("petits_dragons", "last-move-round-limit"): pd_ends("round_limit"),
    ("petits_dragons", "last-move-tie"): pd_ends("no_colour_can_act", tie=True),
    ("petits_dragons", "finished"): pd_finished,
    ("petits_dragons", "ally-occupied"): pd_ally_occupied,
    ("petits_dragons", "combat-tie-three-colours"): pd_combat_tie_three,
    ("petits_dragons", "stop-on-centre"): pd_stop_on_centre,
    ("petits_dragons", "centre-twice"): pd_centre_twice,
    ("petits_dragons", "branch-reversed"): pd_branch_reversed,
    ("petits_dragons", "double-nothing-legal"): pd_double_nothing_legal,
}
