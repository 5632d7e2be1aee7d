"""The recorder: what each corpus file plays, through HTTP, against a sandbox server.

Per ruleset (``docs/golden/<ruleset>/``):

- ``game.ndjson``: the ruleset and its positions listed, a game created with a fixed
  seed, every seat claimed, played to its end by the first legal command of the seat
  to act (petits Dragons: its first ``GAME_MOVES_CAP`` moves, as its games last some
  two thousand versions; its ends are in ``positions.ndjson``), then read back;
- ``positions.ndjson``: every named position started, read by the seat to act (a
  spectator once it is over), and played on by the moves ``plan.moves_from`` picks;
  then the rare command and event types no named position shows within a few moves,
  each from an ad-hoc position imported in play (``plan.rare_scenes``);
- ``refusals.ndjson``: the ruleset's rule-violation codes (``refusals.py``).

And ``docs/golden/service/``: the service's own problem codes and conditional
answers (``refusals.py``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx

from domain import RULESETS
from domain.kernel import tag_of
from domain.positions import positions_for
from service.games.positions import export_of
from tests.golden import plan
from tests.golden.corpus import Session

GAME_MOVES_CAP = 12
"""Moves of the seeded game recorded in a ruleset whose games are too long to keep whole."""
LONG_GAMES = {"petits_dragons"}
READ_EVERY = 20
"""In a whole game, the state and the legal commands are recorded every this many moves."""
LEGAL_BYTES = 8192
"""Legal commands are recorded only when their answer is smaller (some positions have
thousands: the files would be megabytes of them)."""
NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal")


def auth(token: str | None) -> dict[str, str]:
    return {} if token is None else {"authorization": f"Bearer {token}"}


class Recorder:
    """A session whose exchanges are kept, in order, for one corpus file."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.exchanges: list[dict[str, Any]] = []

    def call(
        self,
        note: str,
        method: str,
        path: str,
        *,
        token: str | None = None,
        body: Any = None,
        headers: dict[str, str] | None = None,
        raw: bool = False,
    ) -> httpx.Response:
        request: dict[str, Any] = {
            "method": method,
            "path": path,
            "headers": {**auth(token), **(headers or {})},
            "body": body,
        }
        if raw:
            request["raw"] = True
        self.exchanges.append(self.session.send(note, request))
        return self.session.last_live

    def legal(self, game_id: str, seat: str, token: str, *, record: bool = True) -> Any:
        """The seat's legal commands, recorded when asked and under ``LEGAL_BYTES``."""
        path = f"/games/{game_id}/legal-commands"
        answer = self.session.client.get(path, headers=auth(token))
        assert answer.status_code == 200, answer.text
        if record and len(answer.content) < LEGAL_BYTES:
            self.call(f"what {seat} may send", "GET", path, token=token)
        return answer.json()

    def command(
        self, note: str, game_id: str, token: str, command: dict[str, Any], version: int
    ) -> dict[str, Any]:
        answer = self.call(
            note,
            "POST",
            f"/games/{game_id}/commands",
            token=token,
            body=command,
            headers={"if-match": f'"{version}"'},
        )
        assert answer.status_code == 201, answer.text
        return dict(answer.json())


def whole_game(rec: Recorder, ruleset: str) -> None:
    rec.call(
        f"{ruleset}: its options, seats, message types and components",
        "GET",
        f"/rulesets/{ruleset}",
    )
    rec.call(f"{ruleset}: its named positions", "GET", f"/rulesets/{ruleset}/positions")
    seed = f"golden-{ruleset}"
    game = rec.call(
        f"a game with the seed {seed!r} (sandbox only), waiting for its seats",
        "POST",
        "/games",
        body={"ruleset": ruleset, "seed": seed},
    ).json()
    game_id = game["game_id"]
    tokens: dict[str, str] = {}
    for index, seat in enumerate(s["seat"] for s in game["seats"]):
        answer = rec.call(
            f"{NAMES[index]} claims {seat}: its token, shown once (the last claim starts the game)",
            "POST",
            f"/games/{game_id}/seats/{seat}",
            body={"player_name": NAMES[index]},
        )
        tokens[seat] = answer.json()["token"]
    summary = rec.call("the summary once every seat is claimed", "GET", f"/games/{game_id}").json()
    rec.call("the setup's events as a spectator reads them", "GET", f"/games/{game_id}/events")
    moves = 0
    status, to_act, version = summary["status"], summary["to_act"], summary["version"]
    while status == "active":
        if ruleset in LONG_GAMES and moves >= GAME_MOVES_CAP:
            break
        seat = to_act[0]
        if moves % READ_EVERY == 0:
            rec.call(
                f"the state as {seat} sees it", "GET", f"/games/{game_id}/state", token=tokens[seat]
            )
        legal = rec.legal(game_id, seat, tokens[seat], record=moves % READ_EVERY == 0)
        command = legal["commands"][0]
        accepted = rec.command(
            f"{seat} sends its first legal command", game_id, tokens[seat], command, version
        )
        status, to_act, version = accepted["status"], accepted["to_act"], accepted["version"]
        moves += 1
    rec.call("the summary at the end", "GET", f"/games/{game_id}")
    rec.call("the state as a spectator sees it", "GET", f"/games/{game_id}/state")
    rec.call(
        "the log's last versions as a spectator reads them",
        "GET",
        f"/games/{game_id}/events?after={max(0, version - 8)}",
    )


def _position_game(rec: Recorder, ruleset: str, position_id: str, note: str) -> dict[str, Any]:
    answer = rec.call(note, "POST", "/games", body={"ruleset": ruleset, "position": position_id})
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def _read_and_play(
    rec: Recorder, game: dict[str, Any], tokens: dict[str, str], moves: list[tuple[str, Any]]
) -> None:
    game_id, version = game["game_id"], game["version"]
    if game["status"] == "finished":
        rec.call("the finished game as a spectator sees it", "GET", f"/games/{game_id}/state")
        return
    seat = moves[0][0] if moves else game["to_act"][0]
    rec.call(f"the state as {seat} sees it", "GET", f"/games/{game_id}/state", token=tokens[seat])
    rec.legal(game_id, seat, tokens[seat])
    for seat, command in moves:
        accepted = rec.command(
            f"{seat} sends {tag_of(command)}", game_id, tokens[seat], plan.body(command), version
        )
        version = accepted["version"]


def positions(rec: Recorder, ruleset: str, seen: plan.Coverage) -> None:
    rs = RULESETS[ruleset]
    for position in positions_for(ruleset):
        game = _position_game(
            rec, ruleset, position.id, f"the named position {position.id!r} (sandbox only)"
        )
        if position.claims:  # a bot plays at once: what it does next is its own
            continue
        moves = plan.moves_from(rs, position, seen)
        _read_and_play(rec, game, game["tokens"], moves)
    for scene, moves, shows in plan.rare_scenes(rs, seen):
        answer = rec.call(
            f"an ad-hoc position imported in play (sandbox only): {scene.id}, before {', '.join(shows)}",
            "POST",
            "/games/import?new_id=true",
            body=export_of(ruleset, scene),
        )
        assert answer.status_code == 201, answer.text
        imported = answer.json()
        _read_and_play(rec, imported["game"], imported["tokens"], moves)


def types_in(value: Any, prefix: str) -> Iterator[str]:
    """Every ``type`` tag of the ruleset (``prefix``) anywhere in a JSON value."""
    if isinstance(value, dict):
        tag = value.get("type")
        if isinstance(tag, str) and tag.startswith(prefix):
            yield tag
        for item in value.values():
            yield from types_in(item, prefix)
    elif isinstance(value, list):
        for item in value:
            yield from types_in(item, prefix)


def coverage_of(exchanges: list[dict[str, Any]], ruleset: str) -> plan.Coverage:
    """The command types posted and the event types answered in these exchanges."""
    seen = plan.Coverage()
    for exchange in exchanges:
        request, response = exchange["request"], exchange["response"]
        if request["path"].endswith("/commands") and response["status"] == 201:
            seen.commands |= set(types_in(request["body"], f"{ruleset}."))
            seen.events |= set(types_in(response["body"]["events"], f"{ruleset}."))
        elif response["status"] == 200 and "/events" in request["path"]:
            seen.events |= set(types_in(response["body"], f"{ruleset}."))
    return seen
