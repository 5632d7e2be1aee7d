"""decide, legal_commands and to_act (spec sections 7 and 10).

``decide`` validates a command in the spec's order (7.0), then emits events
through the kernel's ``Emitter`` and runs the automatic steps of
``procedures`` (the resolution loop of 10.4) until the game needs a player's
answer.
"""

from __future__ import annotations

from typing import Any

from domain import kernel
from domain.eclats_des_cites.commands import (
    EclatsChooseRevealedCard,
    EclatsChooseUpgrade,
    EclatsChooseWonder,
    EclatsCommand,
    EclatsTakeCard,
    param_of,
)
from domain.eclats_des_cites.components import (
    ACCESSIBLE,
    HIDDEN,
    SEAT_INDEX,
    UPGRADE_IDS,
    WONDER_IDS,
    CardId,
    DecisionKind,
    SeatIndex,
    all_piles,
    seat_id,
)
from domain.eclats_des_cites.events import (
    EclatsCardTaken,
    EclatsEvent,
    EclatsRevealedCardChosen,
    EclatsUpgradeTaken,
    EclatsWonderChosen,
)
from domain.eclats_des_cites.evolve import evolve
from domain.eclats_des_cites.procedures import Emitter, after_choice, next_wonder, play, resolve
from domain.eclats_des_cites.state import EclatsState
from domain.kernel import Rng, RuleViolation, Seat

_KIND_OF_COMMAND: dict[type[Any], DecisionKind] = {
    EclatsChooseWonder: "choose_wonder",
    EclatsTakeCard: "take_card",
    EclatsChooseRevealedCard: "choose_revealed_card",
    EclatsChooseUpgrade: "choose_upgrade",
}


# --- decide ------------------------------------------------------------------------


def decide(
    state: EclatsState, seat: Seat, command: EclatsCommand, rng: Rng | None = None
) -> list[EclatsEvent]:
    """The events of ``command`` from ``seat``, or RuleViolation (checks in the order of 7.0).

    ``rng`` is unused: every draw of the game is made at setup (section 5)."""
    value = param_of(command)  # 1. invalid_payload
    index = SEAT_INDEX.get(seat) if isinstance(seat, str) else None
    if index is None or index >= state.n:  # 2.
        raise RuleViolation("not_a_player", f"{seat!r} holds no seat in this game", {"seat": seat})
    if state.status == "finished":  # 3.
        raise RuleViolation("game_finished", "the game is over")
    pending = state.pending
    if pending is None or pending.seat != index:  # 4.
        waiting = None if pending is None else seat_id(pending.seat)
        raise RuleViolation(
            "not_your_turn", f"the game waits on {waiting}, not {seat}", {"waiting_on": waiting}
        )
    kind = _KIND_OF_COMMAND[type(command)]
    if kind != pending.kind:  # 5.
        raise RuleViolation(
            "wrong_command",
            f"{seat} must answer {pending.kind}, not {kind}",
            {"expected": pending.kind, "got": kind},
        )
    emitter: Emitter = kernel.Emitter(evolve, state)
    if kind == "choose_wonder":
        _choose_wonder(emitter, index, value)
    elif kind == "take_card":
        _take_card(emitter, index, value)
    elif kind == "choose_revealed_card":
        _choose_revealed(emitter, index, value)
    else:
        _choose_upgrade(emitter, index, value)
    return emitter.events


def _choose_wonder(emitter: Emitter, index: SeatIndex, wonder: str) -> None:
    if wonder not in WONDER_IDS:
        raise RuleViolation(
            "unknown_wonder", f"there is no wonder {wonder!r}", {"wonder_id": wonder}
        )
    for player in emitter.state.players:
        if player.wonder == wonder:
            holder = seat_id(player.seat)
            raise RuleViolation(
                "wonder_taken",
                f"{wonder} is already held by {holder}",
                {"wonder_id": wonder, "seat": holder},
            )
    emitter.emit(EclatsWonderChosen(seat=index, wonder_id=wonder, automatic=False))
    next_wonder(emitter)


def _take_card(emitter: Emitter, index: SeatIndex, pile_id: str) -> None:
    s = emitter.state
    assert s.pending is not None
    piles = all_piles(s.n)
    if pile_id not in piles:
        raise RuleViolation("unknown_pile", f"there is no pile {pile_id!r}", {"pile_id": pile_id})
    allowed = piles if s.pending.source == "colosse" else ACCESSIBLE[s.n][index]
    if pile_id not in allowed:
        raise RuleViolation(
            "pile_not_allowed",
            f"{pile_id} is not one of {seat_id(index)}'s piles for a {s.pending.source} take",
            {"pile_id": pile_id, "allowed": list(allowed)},
        )
    pile = s.piles[pile_id]
    if not pile:
        raise RuleViolation("pile_empty", f"{pile_id} is empty", {"pile_id": pile_id})
    card = pile[0]
    new_top = pile[1] if pile_id != "central" and len(pile) > 1 else None
    emitter.emit(EclatsCardTaken(seat=index, pile_id=pile_id, card_id=card, new_top=new_top))
    play(emitter, index, card)
    resolve(emitter)


def _choose_revealed(emitter: Emitter, index: SeatIndex, card_id: str) -> None:
    turn = emitter.state.turn
    revealed: list[CardId] = list(turn.revealed) if turn is not None else []
    if card_id not in revealed:
        raise RuleViolation(
            "card_not_revealed",
            f"{card_id!r} is not among the revealed cards",
            {"card_id": card_id},
        )
    revealed.remove(card_id)
    emitter.emit(
        EclatsRevealedCardChosen(
            seat=index,
            card_id=card_id,
            returned_to_bottom=revealed,
            automatic=False,
        )
    )
    after_choice(emitter, index, card_id)
    resolve(emitter)


def _choose_upgrade(emitter: Emitter, index: SeatIndex, upgrade: str) -> None:
    s = emitter.state
    if upgrade != HIDDEN and upgrade not in UPGRADE_IDS:
        raise RuleViolation(
            "unknown_upgrade", f"there is no upgrade {upgrade!r}", {"upgrade": upgrade}
        )
    if upgrade == HIDDEN:
        if not s.upgrades_hidden:
            raise RuleViolation("hidden_pile_empty", "the hidden upgrade pile is empty")
        event = EclatsUpgradeTaken(
            seat=index, upgrade_id=s.upgrades_hidden[0], from_="hidden", slot=None, replacement=None
        )
    else:
        if upgrade not in s.upgrades_face_up:
            raise RuleViolation(
                "upgrade_not_available", f"{upgrade} is not face up", {"upgrade": upgrade}
            )
        slot = s.upgrades_face_up.index(upgrade)
        replacement = s.upgrades_hidden[0] if s.upgrades_hidden else None
        event = EclatsUpgradeTaken(
            seat=index,
            upgrade_id=upgrade,
            from_="face_up",
            slot=slot,
            replacement=replacement,
        )
    emitter.emit(event)
    resolve(emitter)


# --- queries -------------------------------------------------------------------------


def legal_commands(state: EclatsState, seat: Seat) -> list[EclatsCommand]:
    """The pending decision's options, as commands, for the seat it waits on."""
    pending = state.pending
    if state.status == "finished" or pending is None or SEAT_INDEX.get(seat) != pending.seat:
        return []
    kind = pending.kind
    if kind == "take_card":
        return [EclatsTakeCard(pile_id=option) for option in pending.options]
    if kind == "choose_upgrade":
        return [EclatsChooseUpgrade(upgrade=option) for option in pending.options]
    if kind == "choose_revealed_card":
        return [EclatsChooseRevealedCard(card_id=option) for option in pending.options]
    return [EclatsChooseWonder(wonder_id=option) for option in pending.options]


def to_act(state: EclatsState) -> list[Seat]:
    if state.status == "finished" or state.pending is None:
        return []
    return [seat_id(state.pending.seat)]
