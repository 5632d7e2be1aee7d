"""Starting a game at a named position (``domain/positions.py``): in the sandbox only.

A position is a seed and commands; the engine builds its log (``domain.positions``), and
the game is stored the way an import is (``service.games.imports``: checked, audited,
with its snapshots and a fresh token per seat a person holds). Its seed is public (it is
in the source), so the game is marked imported in play: ``plateau verify`` accepts it
and says its dice prove nothing about fairness.
"""

from __future__ import annotations

import dataclasses
import uuid
from typing import Any, cast

import msgspec

from domain import RULESETS
from domain.positions import Position, build_game, claims_of, listing, positions_for
from service.games.exceptions import InvalidRequest, NotFound
from service.games.imports import ImportRules, Prepared, off_loop, prepare
from service.games.schemas import PositionInfo
from service.games.tokens import sha256_hex


def positions_of(ruleset: str, lang: str) -> list[PositionInfo]:
    """Every named position of ``ruleset``, titled in ``lang``."""
    if ruleset not in RULESETS:
        raise NotFound(f"unknown ruleset {ruleset!r}")
    return [msgspec.convert(entry, PositionInfo) for entry in listing(ruleset, lang)]


def find(ruleset: str, position_id: str) -> Position:
    """The position (the request's schema lists each ruleset's ids: any other is a 400)."""
    found = next((p for p in positions_for(ruleset) if p.id == position_id), None)
    if found is None:
        raise InvalidRequest(
            f"{ruleset} has no position {position_id!r}",
            details={"positions": [p.id for p in positions_for(ruleset)]},
        )
    return found


def export_of(ruleset_name: str, position: Position) -> dict[str, Any]:
    """The position's game as an export (``plateau-game/2``), built by the engine."""
    ruleset = RULESETS[ruleset_name]
    built = build_game(ruleset, position)
    claims = claims_of(ruleset, position)
    command_ids = [uuid.uuid4().hex for _ in built.commands]
    by_version = {version: index for index, (version, _, _) in enumerate(built.commands)}
    events: list[dict[str, Any]] = []
    cause: tuple[str, str] | None = None
    for index, event in enumerate(built.events):
        if index in by_version:
            at = by_version[index]
            cause = (command_ids[at], built.commands[at][1])
        events.append(
            {
                "version": index + 1,
                "data": msgspec.to_builtins(event),
                "command_id": cause[0] if cause else None,
                "seat": cause[1] if cause else None,
            }
        )
    outcome = ruleset.outcome(built.state)
    document = {
        "format": "plateau-game/2",
        "game": {
            "game_id": uuid.uuid4().hex,
            "ruleset": ruleset.name,
            "options": msgspec.to_builtins(built.options),
            "status": "active" if outcome is None else "finished",
            "version": len(built.events),
            "to_act": list(ruleset.to_act(built.state)),
            "outcome": None
            if outcome is None
            else msgspec.json.decode(msgspec.json.encode(outcome)),
            "seats": [{"seat": seat, "claimed": True} for seat in claims],
            "seed_sha256": sha256_hex(position.seed),
            "imported": "in_play",  # its seed is public, even once it is over
        },
        "seed": position.seed,
        "events": events,
        "commands": [
            {
                "version": version,
                "seat": seat,
                "command": msgspec.to_builtins(command),
                "command_id": command_ids[index],
            }
            for index, (version, seat, command) in enumerate(built.commands)
        ],
    }
    # As JSON reads it (an event's int keys become strings), like an imported body.
    return cast("dict[str, Any]", msgspec.json.decode(msgspec.json.encode(document)))


def prepare_position(position: Position, ruleset: str, snapshot_every: int) -> Prepared:
    """The position's game built, checked and audited like an import (CPU-bound), its
    bot seats given to their bots (no token)."""
    rules = ImportRules(in_play=True, new_id=True, snapshot_every=snapshot_every)
    prepared = prepare(export_of(ruleset, position), rules)
    bots = {
        seat: claim
        for seat, claim in claims_of(RULESETS[ruleset], position).items()
        if claim != "person"
    }
    if not bots:
        return prepared
    bundle = prepared.bundle
    seats = [
        msgspec.structs.replace(
            s, bot=bots[s.seat], token_hash=None, player_name=f"{bots[s.seat]} bot"
        )
        if s.seat in bots
        else s
        for s in bundle.seats
    ]
    records = [
        msgspec.structs.replace(s, bot=bots[s.seat], player_name=f"{bots[s.seat]} bot")
        if s.seat in bots
        else s
        for s in bundle.game.seats
    ]
    game = msgspec.structs.replace(bundle.game, seats=records)
    tokens = {seat: token for seat, token in prepared.tokens.items() if seat not in bots}
    bundle = msgspec.structs.replace(bundle, game=game, seats=seats)
    return dataclasses.replace(prepared, bundle=bundle, tokens=tokens)


async def prepare_off_loop(ruleset: str, position_id: str, snapshot_every: int) -> Prepared:
    """``prepare_position`` in the import thread; the event loop is free meanwhile."""
    return await off_loop(prepare_position, find(ruleset, position_id), ruleset, snapshot_every)
