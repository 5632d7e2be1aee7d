"""``plateau bot``: an external bot that plays one seat through the public HTTP API.

Like a Lichess bot it knows only what any client knows: the seat's state
(``GET /games/{id}/state``) and its legal commands. It waits on the SSE stream
(``/events/stream``), decides with ``domain.bots`` and posts with ``If-Match``
(the version it decided at) and an ``Idempotency-Key`` derived from (version,
seat), so a retry never plays twice. ``--ruleset R --vs L`` first creates a
game against a server-side bot of level L and claims the other seat.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import httpx
import msgspec

from domain import RULESETS
from domain.bots import LEVELS, Budget, choose

CLIENT_BUDGET = Budget(playouts=150, ms=2000.0)


def _convert(data: Any, typ: Any) -> Any:
    return msgspec.json.decode(msgspec.json.encode(data), type=typ)


def _check(r: httpx.Response) -> dict[str, Any]:
    if r.status_code >= 400:
        raise SystemExit(f"{r.request.method} {r.request.url.path}: {r.status_code} {r.text}")
    return dict(r.json())


def wait_for_move(client: httpx.Client, game_id: str, after: int, seconds: float = 30) -> None:
    """Return once the game moved past ``after`` (or after ``seconds``): the SSE stream."""
    params = {"after": str(after), "timeout": str(int(seconds))}
    with client.stream("GET", f"/games/{game_id}/events/stream", params=params) as r:
        for line in r.iter_lines():
            if line.startswith("id:"):
                return


def play_seat(
    client: httpx.Client,
    game_id: str,
    seat: str,
    token: str,
    level: str,
    *,
    budget: Budget = CLIENT_BUDGET,
    out: Any = sys.stderr,
) -> dict[str, Any]:
    """Play ``seat`` until the game is over; returns the final summary."""
    headers = {"Authorization": f"Bearer {token}"}
    moves = 0
    while True:
        summary = _check(client.get(f"/games/{game_id}"))
        ruleset = RULESETS[summary["ruleset"]]
        version = summary["version"]
        if summary["status"] == "finished":
            print(f"game over after {moves} moves of ours: {summary['outcome']}", file=out)
            return summary
        if summary["status"] != "active" or seat not in summary["to_act"]:
            wait_for_move(client, game_id, version)
            continue
        state = _check(client.get(f"/games/{game_id}/state", headers=headers))
        legal = _check(client.get(f"/games/{game_id}/legal-commands", headers=headers))
        if legal["version"] != state["version"] or not legal["commands"]:
            continue  # moved in between: look again
        view = _convert(state["view"], ruleset.View)
        commands = _convert(legal["commands"], list[ruleset.Command])  # type: ignore[name-defined]
        command = choose(
            ruleset, level, view, commands, seat, f"{game_id}:{legal['version']}:{seat}", budget
        )
        r = client.post(
            f"/games/{game_id}/commands",
            content=msgspec.json.encode(command),
            headers={
                **headers,
                "content-type": "application/json",
                "If-Match": f'"{legal["version"]}"',
                "Idempotency-Key": f"plateau-bot:{legal['version']}:{seat}",
            },
        )
        if r.status_code == 412:
            continue
        _check(r)
        moves += 1


def main(args: argparse.Namespace) -> int:
    with httpx.Client(base_url=args.base, timeout=60) as client:
        if args.ruleset:
            ruleset = RULESETS.get(args.ruleset)
            if ruleset is None:
                raise SystemExit(f"unknown ruleset {args.ruleset!r}; known: {sorted(RULESETS)}")
            seats = ruleset.seats(ruleset.Options())
            mine = args.seat or seats[0]
            body = {"ruleset": args.ruleset, "bots": {s: args.vs for s in seats if s != mine}}
            game = _check(client.post("/games", json=body))
            game_id = game["game_id"]
            claim = _check(
                client.post(f"/games/{game_id}/seats/{mine}", json={"player_name": "plateau bot"})
            )
            token = claim["token"]
            print(f"game {game_id}: {mine} ({args.level}) vs {args.vs}", file=sys.stderr)
        else:
            if not (args.game and args.seat and args.token):
                raise SystemExit("plateau bot needs --game, --seat and --token (or --ruleset)")
            game_id, mine, token = args.game, args.seat, args.token
        summary = play_seat(client, game_id, mine, token, args.level)
    json.dump(
        {"game_id": game_id, "seat": mine, "outcome": summary["outcome"]}, sys.stdout, indent=2
    )
    sys.stdout.write("\n")
    return 0


def add_parser(sub: Any) -> None:
    bot = sub.add_parser("bot", help="play a seat through the HTTP API (an external bot)")
    bot.add_argument("--base", default="http://127.0.0.1:8000", help="the service's base URL")
    bot.add_argument("--game", default=None, help="the game to play in")
    bot.add_argument(
        "--seat", default=None, help="the seat to play (with --ruleset: default first)"
    )
    bot.add_argument("--token", default=None, help="that seat's bearer token")
    bot.add_argument("--level", default="greedy", choices=LEVELS)
    bot.add_argument("--ruleset", default=None, help="create a game of this ruleset first")
    bot.add_argument("--vs", default="greedy", choices=LEVELS, help="the server-side bots' level")
    bot.set_defaults(func=main)
