"""``evolve``: apply one recorded event (spec section 8, "effect on the state").

Pure and total on a valid log: never draws, never recomputes a payment, never
raises, never mutates its input (tuples and copied dicts only). One named
handler per event class in ``HANDLERS``; an event of another game raises.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from domain.eclats_des_cites.components import FAMILY, FINAL_STAGE, SeatIndex, border
from domain.eclats_des_cites.events import (
    EclatsBattleFought,
    EclatsCardDiscarded,
    EclatsCardPlayed,
    EclatsCardsRevealed,
    EclatsCardTaken,
    EclatsCentralTopPeeked,
    EclatsConflictAlerted,
    EclatsDecisionRequested,
    EclatsExtraTakeGranted,
    EclatsGameEnded,
    EclatsGameSetUp,
    EclatsGrantForfeited,
    EclatsGrantStarted,
    EclatsPermanentShieldsGained,
    EclatsRevealedCardChosen,
    EclatsScienceSetCompleted,
    EclatsStageBuilt,
    EclatsTurnEnded,
    EclatsTurnSkipped,
    EclatsTurnStarted,
    EclatsUpgradeTaken,
    EclatsWonderChosen,
    EclatsWonderPowerTriggered,
)
from domain.eclats_des_cites.state import (
    EclatsDecision,
    EclatsPlayer,
    EclatsResult,
    EclatsState,
    EclatsTurn,
)
from domain.kernel import unchanged


def _set_player(
    state: EclatsState, index: SeatIndex, player: EclatsPlayer, **changes: Any
) -> EclatsState:
    players = list(state.players)
    players[index] = player
    return replace(state, players=tuple(players), **changes)


def _without(tableau: dict[Any, int], cards: list[Any]) -> dict[Any, int]:
    out = dict(tableau)
    for c in cards:
        left = out.get(c, 0) - 1
        if left > 0:
            out[c] = left
        else:
            out.pop(c, None)
    return out


def _turn(state: EclatsState) -> EclatsTurn:
    # A valid log only sends turn events during a turn; stay total anyway.
    return state.turn if state.turn is not None else EclatsTurn(seat=state.current_seat or 0)


def _game_set_up(_: Any, e: EclatsGameSetUp) -> EclatsState:
    n = e.seat_count
    piles: dict[Any, tuple[Any, ...]] = {"central": tuple(e.central or ())}
    borders = e.borders or {}
    for i in range(n):
        piles[border(i)] = tuple(borders.get(border(i), ()))
    return EclatsState(
        status="choosing_wonders",
        n=n,
        players=tuple(EclatsPlayer(seat=i) for i in range(n)),
        first_seat=e.first_seat,
        wonder_choice_order=tuple(e.wonder_choice_order),
        current_seat=None,
        turn_number=0,
        piles=piles,
        discard=(),
        upgrades_face_up=tuple(e.upgrades_face_up),
        upgrades_hidden=tuple(e.upgrades_hidden or ()),
        alerts=0,
        pending=None,
        turn=None,
        wonder_completed_by=None,
        result=None,
    )


def _decision_requested(s: EclatsState, e: EclatsDecisionRequested) -> EclatsState:
    pending = EclatsDecision(seat=e.seat, kind=e.kind, source=e.source, options=tuple(e.options))
    return replace(s, pending=pending)


def _wonder_chosen(s: EclatsState, e: EclatsWonderChosen) -> EclatsState:
    return _set_player(s, e.seat, replace(s.players[e.seat], wonder=e.wonder_id), pending=None)


def _turn_started(s: EclatsState, e: EclatsTurnStarted) -> EclatsState:
    p = s.players[e.seat]
    return _set_player(
        s,
        e.seat,
        replace(p, turns_taken=p.turns_taken + 1),
        status="playing",
        current_seat=e.seat,
        turn_number=e.turn_number,
        turn=EclatsTurn(seat=e.seat),
    )


def _central_top_peeked(s: EclatsState, e: EclatsCentralTopPeeked) -> EclatsState:
    return replace(s, turn=replace(_turn(s), peeked_card=e.card_id))


def _card_taken(s: EclatsState, e: EclatsCardTaken) -> EclatsState:
    piles = dict(s.piles)
    piles[e.pile_id] = piles.get(e.pile_id, ())[1:]
    return replace(s, piles=piles, pending=None)


def _card_played(s: EclatsState, e: EclatsCardPlayed) -> EclatsState:
    family = FAMILY[e.card_id]
    turn = _turn(s)
    if family == "exploration":
        return replace(s, turn=replace(turn, exploring_card=e.card_id))
    p = s.players[e.seat]
    tableau = dict(p.tableau)
    tableau[e.card_id] = tableau.get(e.card_id, 0) + 1
    if family == "joker":
        turn = replace(turn, jokers_played=turn.jokers_played + 1)
    return _set_player(s, e.seat, replace(p, tableau=tableau), turn=turn)


def _conflict_alerted(s: EclatsState, e: EclatsConflictAlerted) -> EclatsState:
    return replace(s, alerts=e.alerts)


def _cards_revealed(s: EclatsState, e: EclatsCardsRevealed) -> EclatsState:
    piles = dict(s.piles)
    piles["central"] = piles["central"][len(e.card_ids) :]
    turn = replace(_turn(s), revealed=tuple(e.card_ids), reveal_source=e.source)
    return replace(s, piles=piles, turn=turn)


def _revealed_card_chosen(s: EclatsState, e: EclatsRevealedCardChosen) -> EclatsState:
    piles = dict(s.piles)
    piles["central"] = piles["central"] + tuple(e.returned_to_bottom)
    turn = replace(_turn(s), revealed=(), reveal_source=None)
    return replace(s, piles=piles, turn=turn, pending=None)


def _card_discarded(s: EclatsState, e: EclatsCardDiscarded) -> EclatsState:
    turn = s.turn
    if turn is not None and turn.exploring_card == e.card_id:
        turn = replace(turn, exploring_card=None)
    return replace(s, turn=turn, discard=s.discard + (e.card_id,))


def _science_set_completed(s: EclatsState, e: EclatsScienceSetCompleted) -> EclatsState:
    p = s.players[e.seat]
    return _set_player(
        s,
        e.seat,
        replace(p, tableau=_without(p.tableau, e.card_ids)),
        discard=s.discard + tuple(e.card_ids),
    )


def _upgrade_taken(s: EclatsState, e: EclatsUpgradeTaken) -> EclatsState:
    face_up = s.upgrades_face_up
    hidden = s.upgrades_hidden
    if e.from_ == "hidden":
        hidden = hidden[1:]
    elif e.slot is not None:
        row = list(face_up)
        if e.replacement is not None:
            row[e.slot] = e.replacement
            hidden = hidden[1:]
        else:
            del row[e.slot]
        face_up = tuple(row)
    p = s.players[e.seat]
    return _set_player(
        s,
        e.seat,
        replace(p, upgrades=p.upgrades + (e.upgrade_id,)),
        upgrades_face_up=face_up,
        upgrades_hidden=hidden,
        pending=None,
    )


def _stage_built(s: EclatsState, e: EclatsStageBuilt) -> EclatsState:
    p = s.players[e.seat]
    turn = _turn(s)
    return _set_player(
        s,
        e.seat,
        replace(p, stages_built=e.stage, tableau=_without(p.tableau, e.spent)),
        discard=s.discard + tuple(e.spent),
        turn=replace(turn, stages_built_this_turn=turn.stages_built_this_turn + 1),
        wonder_completed_by=e.seat if e.stage == FINAL_STAGE else s.wonder_completed_by,
    )


def _permanent_shields_gained(s: EclatsState, e: EclatsPermanentShieldsGained) -> EclatsState:
    return _set_player(s, e.seat, replace(s.players[e.seat], permanent_shields=e.total))


def _extra_take_granted(s: EclatsState, e: EclatsExtraTakeGranted) -> EclatsState:
    turn = _turn(s)
    return replace(s, turn=replace(turn, grant_queue=turn.grant_queue + (e.source,)))


def _grant_started(s: EclatsState, e: EclatsGrantStarted) -> EclatsState:
    turn = _turn(s)
    return replace(s, turn=replace(turn, grant_queue=turn.grant_queue[1:]))


def _battle_fought(s: EclatsState, e: EclatsBattleFought) -> EclatsState:
    players = list(s.players)
    discard = list(s.discard)
    for index, gained in enumerate(e.victories_gained):
        lost = e.discarded.get(index, [])
        if gained or lost:
            p = players[index]
            players[index] = replace(
                p, victories=p.victories + gained, tableau=_without(p.tableau, lost)
            )
            discard.extend(lost)
    return replace(s, players=tuple(players), discard=tuple(discard), alerts=0)


def _turn_ended(s: EclatsState, e: EclatsTurnEnded) -> EclatsState:
    return replace(s, turn=None, pending=None)


def _game_ended(s: EclatsState, e: EclatsGameEnded) -> EclatsState:
    result = EclatsResult(
        reason=e.reason, scores=tuple(e.scores), ranking=tuple(e.ranking), winner=e.winner
    )
    return replace(s, status="finished", result=result, pending=None)


HANDLERS: dict[type[Any], Callable[[Any, Any], EclatsState]] = {
    EclatsGameSetUp: _game_set_up,
    EclatsDecisionRequested: _decision_requested,
    EclatsWonderChosen: _wonder_chosen,
    EclatsTurnStarted: _turn_started,
    EclatsCentralTopPeeked: _central_top_peeked,
    EclatsCardTaken: _card_taken,
    EclatsCardPlayed: _card_played,
    EclatsConflictAlerted: _conflict_alerted,
    EclatsCardsRevealed: _cards_revealed,
    EclatsRevealedCardChosen: _revealed_card_chosen,
    EclatsCardDiscarded: _card_discarded,
    EclatsScienceSetCompleted: _science_set_completed,
    EclatsUpgradeTaken: _upgrade_taken,
    EclatsStageBuilt: _stage_built,
    EclatsWonderPowerTriggered: unchanged,
    EclatsPermanentShieldsGained: _permanent_shields_gained,
    EclatsExtraTakeGranted: _extra_take_granted,
    EclatsGrantStarted: _grant_started,
    EclatsGrantForfeited: unchanged,
    EclatsBattleFought: _battle_fought,
    EclatsTurnEnded: _turn_ended,
    EclatsTurnSkipped: unchanged,
    EclatsGameEnded: _game_ended,
}


def evolve(state: EclatsState | None, event: Any) -> EclatsState:
    """Fold one event into a new state (``None`` before ``game_set_up``)."""
    handler = HANDLERS.get(type(event))
    if handler is None:
        raise TypeError(f"not an eclats_des_cites event: {event!r}")
    return handler(state, event)
