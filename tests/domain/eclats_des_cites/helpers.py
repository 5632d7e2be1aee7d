"""Building "Given" states for the scenario tests (spec section 14).

``given(...)`` starts from a real setup, then places the cards, wonders,
upgrades and piles a scenario describes, with a ``take_card(source: turn)``
decision pending for the seat whose turn it is (the spec's default). A pile
written ``[a, b, ...]`` gets filler cards after its given top; the filler is
``archives_des_echos``, a culture card with no effect when played.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import EllipsisType
from typing import Any

import msgspec
from msgspec.structs import replace

from domain import Rng, RuleViolation, SeatedPlayer, SetupContext, fold
from domain.eclats_des_cites import RULESET
from domain.eclats_des_cites.commands import (
    EclatsChooseRevealedCard,
    EclatsChooseUpgrade,
    EclatsChooseWonder,
    EclatsTakeCard,
)
from domain.eclats_des_cites.components import ACCESSIBLE, UPGRADE_IDS, WONDER_IDS, all_piles
from domain.eclats_des_cites.options import EclatsOptions
from domain.eclats_des_cites.state import EclatsDecision, EclatsState, EclatsTurn

RS = RULESET
FILLER = "archives_des_echos"

PileSpec = Sequence[str | EllipsisType]


def setup_events(n: int = 2, seed: str = "helper") -> list[Any]:
    options = EclatsOptions(seat_count=n)
    ctx = SetupContext(players=tuple(SeatedPlayer(seat=s) for s in RS.seats(options)))
    return RS.setup(options, ctx, Rng(seed, 0))


def _pile(spec: PileSpec | None, fill: int) -> tuple[str, ...]:
    if spec is None:
        return (FILLER,) * fill
    cards = [c for c in spec if isinstance(c, str)]
    if spec and spec[-1] is Ellipsis:
        cards.extend([FILLER] * fill)
    return tuple(cards)


def given(
    n: int = 2,
    *,
    seat: int = 0,
    first_seat: int = 0,
    piles: dict[str, PileSpec] | None = None,
    wonders: dict[int, str] | None = None,
    stages: dict[int, int] | None = None,
    tableaux: dict[int, dict[str, int]] | None = None,
    upgrades: dict[int, Sequence[str]] | None = None,
    face_up: Sequence[str] | None = None,
    hidden: Sequence[str] | None = None,
    alerts: int = 0,
    permanent_shields: dict[int, int] | None = None,
    fill: int = 10,
) -> EclatsState:
    """A state in the middle of a game: ``seat``'s turn, ``take_card(turn)`` pending."""
    base = fold(RS, setup_events(n))
    wonders = dict(wonders or {})
    free = [w for w in WONDER_IDS if w not in wonders.values()]
    players = []
    held_all: list[str] = []
    for p in base.players:
        i = p.seat
        held = tuple((upgrades or {}).get(i, ()))
        held_all.extend(held)
        players.append(
            replace(
                p,
                wonder=wonders[i] if i in wonders else free.pop(0),
                stages_built=(stages or {}).get(i, 0),
                tableau=dict((tableaux or {}).get(i, {})),
                upgrades=held,
                permanent_shields=(permanent_shields or {}).get(i, 0),
                turns_taken=1 if i == seat else 0,
            )
        )
    rest = [u for u in UPGRADE_IDS if u not in held_all]
    if face_up is None:
        face_up = [u for u in rest if hidden is None or u not in hidden][:3]
    if hidden is None:
        hidden = [u for u in rest if u not in face_up]
    pile_map = {p: _pile((piles or {}).get(p), fill) for p in all_piles(n)}
    state = replace(
        base,
        status="playing",
        players=tuple(players),
        first_seat=first_seat,
        current_seat=seat,
        turn_number=1,
        piles=pile_map,
        upgrades_face_up=tuple(face_up),
        upgrades_hidden=tuple(hidden),
        alerts=alerts,
        turn=EclatsTurn(seat=seat),
    )
    options = tuple(p for p in ACCESSIBLE[n][seat] if state.piles[p])
    return replace(
        state, pending=EclatsDecision(seat=seat, kind="take_card", source="turn", options=options)
    )


def seat(i: int) -> str:
    return f"seat_{i}"


def take(pile: str) -> EclatsTakeCard:
    return EclatsTakeCard(pile_id=pile)


def pick(card: str) -> EclatsChooseRevealedCard:
    return EclatsChooseRevealedCard(card_id=card)


def upgrade(u: str) -> EclatsChooseUpgrade:
    return EclatsChooseUpgrade(upgrade=u)


def wonder(w: str) -> EclatsChooseWonder:
    return EclatsChooseWonder(wonder_id=w)


def step(state: EclatsState, who: int, command: Any) -> tuple[EclatsState, list[Any]]:
    """Assert ``command`` is listed, decide it, fold it: the new state and its events."""
    legal = RS.legal_commands(state, seat(who))
    assert command in legal, f"{command!r} is not legal for seat_{who}: {legal!r}"
    events = RS.decide(state, seat(who), command, Rng("test", 1))
    return fold(RS, events, state), events


def reject(state: EclatsState, who: int | str, command: Any) -> str:
    """Assert ``command`` is not listed and ``decide`` rejects it; the error code."""
    name = who if isinstance(who, str) else seat(who)
    assert command not in RS.legal_commands(state, name)
    before = msgspec.json.encode(state)
    try:
        RS.decide(state, name, command, Rng("test", 1))
    except RuleViolation as exc:
        assert msgspec.json.encode(state) == before
        return exc.code
    raise AssertionError(f"{command!r} was accepted")


def types(events: Sequence[Any]) -> list[str]:
    """Event tags without the ruleset prefix."""
    return [type(e).__struct_config__.tag.split(".", 1)[1] for e in events]


def tableau(state: EclatsState, who: int) -> dict[str, int]:
    return dict(state.players[who].tableau)
