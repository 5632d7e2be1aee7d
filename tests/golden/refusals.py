"""The refusals a client can meet, recorded: each ruleset's rule-violation codes
(``refusals.ndjson`` beside its games) and the service's own codes and conditional
answers (``docs/golden/service/``).

A ruleset's refusals come from ``search.py``; each is first sent unrecorded and kept
only when the server answers it with the code the engine raised (a body the schema
refuses first is a 400, already in the service's file). The codes no search or
request here reaches are listed, with the reason, in ``tests/service/test_golden.py``.
"""

from __future__ import annotations

from typing import Any

from domain import RULESETS
from domain.positions import Position, positions_for
from service.games.positions import export_of
from tests.golden import search
from tests.golden.record import Recorder, auth

ARKANTIS_END_TURN = {"type": "arkantis.end_turn"}
OUTSIDE_SANDBOX = {"operator_token": "golden-operator"}
"""The settings of ``service/outside-sandbox.ndjson``: no sandbox; an operator token,
used only to import a named position's game in play (its seed is in the source)."""
SERVICE = {"sandbox": True, "max_body_bytes": 2048}
"""The settings of ``service/refusals.ndjson`` (a small body limit, for the 413)."""


def _quiet_code(rec: Recorder, path: str, token: str | None, body: Any) -> str | None:
    answer = rec.session.client.post(rec.session.names.live(path), headers=auth(token), json=body)
    return str(answer.json().get("code")) if answer.status_code >= 400 else None


def ruleset_refusals(rec: Recorder, ruleset: str) -> None:
    rs = RULESETS[ruleset]
    for options, code in search.options_refusals(rs):
        body = {"ruleset": ruleset, "options": options}
        if _quiet_code(rec, "/games", None, body) == code:
            rec.call(f"options refused: {code}", "POST", "/games", body=body)
    named = {p.id for p in positions_for(ruleset)}
    quiet: dict[str, tuple[str, dict[str, str]]] = {}
    recorded: dict[str, tuple[str, dict[str, str]]] = {}
    for position, seat, command, code in search.command_refusals(rs):
        if position.id not in quiet:
            quiet[position.id] = _start(rec, ruleset, position, position.id in named, None)
        game_id, tokens = quiet[position.id]
        if seat not in tokens:  # a bot's seat
            continue
        if _quiet_code(rec, f"/games/{game_id}/commands", tokens[seat], command) != code:
            continue
        if position.id not in recorded:
            recorded[position.id] = _start(rec, ruleset, position, position.id in named, rec)
        game_id, tokens = recorded[position.id]
        rec.call(
            f"{seat} sends a command the rules refuse: {code}",
            "POST",
            f"/games/{game_id}/commands",
            token=tokens[seat],
            body=command,
        )


def _start(
    rec: Recorder, ruleset: str, position: Position, named: bool, recorder: Recorder | None
) -> tuple[str, dict[str, str]]:
    """A game at ``position`` (named, or ad-hoc and imported): recorded when
    ``recorder`` is given, else sent unrecorded. Returns its id and tokens."""
    if named:
        note = f"the named position {position.id!r} (sandbox only)"
        path, body = "/games", {"ruleset": ruleset, "position": position.id}
    else:
        note = f"an ad-hoc position imported in play (sandbox only): {position.id}"
        path, body = "/games/import?new_id=true", export_of(ruleset, position)
    if recorder is None:
        answer = rec.session.client.post(path, json=body)
    else:
        answer = recorder.call(note, "POST", path, body=body)
    assert answer.status_code == 201, answer.text
    game = answer.json() if named else answer.json()["game"]
    return game["game_id"], game["tokens"] if named else answer.json()["tokens"]


def _arkantis_game(rec: Recorder, seats: int) -> tuple[str, dict[str, str]]:
    """A seeded ArkantiS game, recorded, with its first ``seats`` seats claimed."""
    game = rec.call(
        "a seeded ArkantiS game (sandbox only)",
        "POST",
        "/games",
        body={"ruleset": "arkantis", "seed": "golden-refusals"},
    ).json()
    tokens: dict[str, str] = {}
    for seat in [s["seat"] for s in game["seats"]][:seats]:
        answer = rec.call(
            f"{seat} is claimed",
            "POST",
            f"/games/{game['game_id']}/seats/{seat}",
            body={"player_name": seat},
        )
        tokens[seat] = answer.json()["token"]
    return game["game_id"], tokens


def service_refusals(rec: Recorder) -> None:
    """Every service code a sandbox server answers deterministically, and the 304."""
    get, post = "GET", "POST"
    rec.call(
        "malformed JSON: invalid_request",
        post,
        "/games",
        body="{",
        raw=True,
        headers={"content-type": "application/json"},
    )
    rec.call(
        "an unknown field: invalid_request",
        post,
        "/games",
        body={"ruleset": "arkantis", "colour": "red"},
    )
    rec.call("an unknown ruleset: not_found", get, "/rulesets/chess")
    rec.call("an unknown path: not_found", get, "/no-such-path")
    rec.call("a method the path lacks: method_not_allowed, with Allow", "DELETE", "/games")
    rec.call("an unknown player: not_found", get, "/players/00000000000000000000000000000000")
    rec.call(
        "a body over PLATEAU_MAX_BODY_BYTES (2048 here): payload_too_large",
        post,
        "/games",
        body={"ruleset": "arkantis", "options": {"x": "y" * 3000}},
    )
    rec.call(
        "a bots map naming a seat the game lacks: unknown_bot_seat",
        post,
        "/games",
        body={"ruleset": "arkantis", "bots": {"seat_9": "random"}},
    )
    rec.call(
        "a position with a seed: position_conflict",
        post,
        "/games",
        body={"ruleset": "arkantis", "position": "opening", "seed": "x"},
    )
    rec.call(
        "an export that is none: export_rejected",
        post,
        "/games/import",
        body={"format": "plateau-game/2"},
    )
    waiting, waiting_tokens = _arkantis_game(rec, 1)
    rec.call(
        "a claimed seat claimed again: seat_taken",
        post,
        f"/games/{waiting}/seats/seat_0",
        body={"player_name": "again"},
    )
    rec.call(
        "a command before every seat is claimed: game_not_active",
        post,
        f"/games/{waiting}/commands",
        token=waiting_tokens["seat_0"],
        body=ARKANTIS_END_TURN,
    )
    player = rec.call(
        "a player identity, with its token", post, "/players", body={"name": "Ida"}
    ).json()
    rec.call(
        "a bot seat claimed with a player token: bot_with_token",
        post,
        f"/games/{waiting}/seats/seat_1",
        token=player["token"],
        body={"bot": "random"},
    )
    game, tokens = _arkantis_game(rec, 2)
    path = f"/games/{game}/commands"
    rec.call(
        "a command without a token: unauthenticated, with WWW-Authenticate",
        post,
        path,
        body=ARKANTIS_END_TURN,
    )
    rec.call(
        "a token that is no token: unauthenticated",
        post,
        path,
        token="not-a-token",
        body=ARKANTIS_END_TURN,
    )
    rec.call(
        "the token of another game: forbidden",
        post,
        path,
        token=waiting_tokens["seat_0"],
        body=ARKANTIS_END_TURN,
    )
    rec.call(
        "a player token holding no seat here: forbidden",
        get,
        f"/games/{game}/legal-commands",
        token=player["token"],
    )
    rec.call(
        "an unknown command type: invalid_request",
        post,
        path,
        token=tokens["seat_0"],
        body={"type": "arkantis.fly"},
    )
    rec.call(
        "a command of another ruleset: command_not_in_ruleset",
        post,
        path,
        token=tokens["seat_0"],
        body={"type": "petits_dragons.roll_dice"},
    )
    rec.call(
        "If-Match naming another version: stale_version",
        post,
        path,
        token=tokens["seat_0"],
        body=ARKANTIS_END_TURN,
        headers={"if-match": '"3"'},
    )
    rec.call(
        "a command of the seat not to act: the rules' not_your_turn",
        post,
        path,
        token=tokens["seat_1"],
        body=ARKANTIS_END_TURN,
    )
    state = rec.call(
        "the state as seat_0 sees it, with its ETag",
        get,
        f"/games/{game}/state",
        token=tokens["seat_0"],
    )
    rec.call(
        "If-None-Match naming the ETag: 304 Not Modified",
        get,
        f"/games/{game}/state",
        token=tokens["seat_0"],
        headers={"if-none-match": state.headers["etag"]},
    )
    rec.call(
        "the summary's ETag is the version: 304 too",
        get,
        f"/games/{game}",
        headers={"if-none-match": state.headers["etag"]},
    )
    rec.call(
        "a version the game has not reached: not_found", get, f"/games/{game}/state?version=999"
    )
    rec.call("an export of a game in play: game_not_finished", get, f"/games/{game}/export")
    legal = rec.session.client.get(
        rec.session.names.live(f"/games/{game}/legal-commands"), headers=auth(tokens["seat_0"])
    ).json()
    key = {"idempotency-key": "golden-1"}
    rec.call(
        "a command with an Idempotency-Key",
        post,
        path,
        token=tokens["seat_0"],
        body=legal["commands"][0],
        headers=key,
    )
    rec.call(
        "the same key again: the first answer, nothing appended",
        post,
        path,
        token=tokens["seat_0"],
        body=legal["commands"][0],
        headers=key,
    )
    rec.call(
        "the same key with another body: idempotency_key_reused",
        post,
        path,
        token=tokens["seat_0"],
        body=ARKANTIS_END_TURN,
        headers=key,
    )
    fork = f"/games/{game}/fork"
    rec.call("a fork inside a move: not_a_resting_point", post, fork, body={"version": 1})
    rec.call("a fork beyond the log: version_out_of_range", post, fork, body={"version": 9999})
    _finished_and_imported(rec)


def _finished_and_imported(rec: Recorder) -> None:
    """A finished game exported, imported again, and forked (anyone may fork it)."""
    answer = rec.call(
        "the named position 'finished' (sandbox only): a finished game",
        "POST",
        "/games",
        body={"ruleset": "arkantis", "position": "finished"},
    )
    game = answer.json()["game_id"]
    export = rec.call(
        "its export: the whole log, seed and commands", "GET", f"/games/{game}/export"
    )
    document = export.json()
    rec.call(
        "imported under its own id, taken here: game_exists", "POST", "/games/import", body=document
    )
    rec.call(
        "imported under a new id (`new_id=true`)",
        "POST",
        "/games/import?new_id=true",
        body=document,
    )
    rec.call(
        "a finished game forked with its seed (anyone may)",
        "POST",
        f"/games/{game}/fork",
        body={"version": 0, "same_seed": True},
    )


def outside_sandbox(rec: Recorder) -> None:
    """The codes only a server outside the sandbox answers."""
    rec.call(
        "a seed outside the sandbox: sandbox_only",
        "POST",
        "/games",
        body={"ruleset": "arkantis", "seed": "x"},
    )
    rec.call(
        "a position outside the sandbox: sandbox_only",
        "POST",
        "/games",
        body={"ruleset": "arkantis", "position": "opening"},
    )
    opening = next(p for p in positions_for("arkantis") if p.id == "opening")
    document = export_of("arkantis", opening)
    rec.call(
        "an import without a token: unauthenticated",
        "POST",
        "/games/import?new_id=true",
        body=document,
    )
    player = rec.call(
        "a player identity, with its token", "POST", "/players", body={"name": "Ida"}
    ).json()
    rec.call(
        "a game in play imported with a player token: import_forbidden",
        "POST",
        "/games/import?new_id=true",
        token=player["token"],
        body=document,
    )
    imported = rec.call(
        "the same imported with the operator's token (a named position's game: its seed is public)",
        "POST",
        "/games/import?new_id=true",
        token=OUTSIDE_SANDBOX["operator_token"],
        body=document,
    ).json()
    game = imported["game"]["game_id"]
    rec.call(
        "a game in play forked with a seat's token: fork_forbidden",
        "POST",
        f"/games/{game}/fork",
        token=imported["tokens"]["seat_0"],
        body={"version": 0},
    )
