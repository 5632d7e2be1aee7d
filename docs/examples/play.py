"""One whole game of every ruleset, played through the generated Python client.

Generate the client first (see docs/clients.md), then run this with the
folder that holds ``plateau_client`` on the path:

    openapi-python-client generate --path openapi/openapi.json \\
        --config tests/contract/openapi-python-client.yaml --meta none \\
        --output-path plateau_client
    PYTHONPATH=. python docs/examples/play.py --base http://127.0.0.1:8000

Everything goes through the client's typed models and endpoint functions:
two players claim the two seats of a default game, then the seat to act asks
for its legal commands, picks one (seeded random) and sends it with
``If-Match`` (the version the commands are legal at) and an
``Idempotency-Key``, until the game is finished. Then the log is read back
page by page, and the live stream once (it ends after a finished game's last
event); the finished game is forked at a resting version (the one its middle
command was legal at), and the ruleset's named positions are listed; on a
server in sandbox mode, a game is started at the first of them.
``tests/contract/test_clients.py`` runs this file.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import uuid
from dataclasses import dataclass
from typing import Any, TypeVar

import httpx
from plateau_client import AuthenticatedClient, Client
from plateau_client.api.games import (
    claim_seat,
    create_game,
    fork_game,
    get_events,
    get_game,
    get_legal_commands,
    stream_events,
    submit_command,
)
from plateau_client.api.health import get_readiness
from plateau_client.api.players import create_player
from plateau_client.api.rulesets import list_positions
from plateau_client.models import (
    ArkantisGameSummary,
    ArkantisNewGame,
    ArkantisNewGamePositionType1,
    ChoiceStep,
    ClaimSeat,
    CommandAccepted,
    CreatePlayer,
    EclatsGameSummary,
    EclatsNewGame,
    EclatsNewGamePositionType1,
    ForkedFrom,
    ForkGame,
    LastMove,
    LoggedEvent,
    Outcome,
    PetitsDragonsGameSummary,
    PetitsDragonsNewGame,
    PetitsDragonsNewGamePositionType1,
    PositionInfo,
    Problem,
    ToursGameSummary,
    ToursNewGame,
    ToursNewGamePositionType1,
)
from plateau_client.types import UNSET, Unset

RULESETS = ("arkantis", "eclats_des_cites", "petits_dragons", "tours_arc_en_ciel")

T = TypeVar("T")
TIMEOUT = httpx.Timeout(60)
"""Per request (httpx's default is 5 s)."""
Summary = ArkantisGameSummary | EclatsGameSummary | PetitsDragonsGameSummary | ToursGameSummary


def refused(answer: Problem | None) -> RuntimeError:
    """An error naming the server's problem (status, code and detail)."""
    if answer is None:
        return RuntimeError("an answer the document does not describe")
    return RuntimeError(f"{answer.status} {answer.code}: {answer.detail}")


def ok(answer: T | Problem | None) -> T:
    """The answer, unless it is a problem."""
    if isinstance(answer, Problem) or answer is None:
        raise refused(answer)
    return answer


def summary_of(answer: Summary | Problem | None) -> Summary:
    """A game's summary, unless the answer is a problem (a union needs its own check)."""
    summaries = (ArkantisGameSummary, EclatsGameSummary, PetitsDragonsGameSummary, ToursGameSummary)
    if isinstance(answer, summaries):
        return answer
    raise refused(answer)


def new_game(
    ruleset: str, position: str | None = None
) -> ArkantisNewGame | EclatsNewGame | PetitsDragonsNewGame | ToursNewGame:
    """The default game (no options) of ``ruleset``: two seats; or, in the sandbox only,
    the game at a named ``position`` (an id ``GET /rulesets/{ruleset}/positions`` lists)."""
    if ruleset == "arkantis":
        at = UNSET if position is None else ArkantisNewGamePositionType1(position)
        return ArkantisNewGame(ruleset="arkantis", position=at)
    if ruleset == "eclats_des_cites":
        at_e = UNSET if position is None else EclatsNewGamePositionType1(position)
        return EclatsNewGame(ruleset="eclats_des_cites", position=at_e)
    if ruleset == "petits_dragons":
        at_p = UNSET if position is None else PetitsDragonsNewGamePositionType1(position)
        return PetitsDragonsNewGame(ruleset="petits_dragons", position=at_p)
    if ruleset == "tours_arc_en_ciel":
        at_t = UNSET if position is None else ToursNewGamePositionType1(position)
        return ToursNewGame(ruleset="tours_arc_en_ciel", position=at_t)
    raise ValueError(f"unknown ruleset {ruleset!r}")


def bearer(base: str, token: str) -> AuthenticatedClient:
    """A client sending ``Authorization: Bearer <token>`` (a player's or a seat's)."""
    return AuthenticatedClient(
        base_url=base, token=token, timeout=TIMEOUT, raise_on_unexpected_status=True
    )


def choose(steps: list[ChoiceStep], rng: random.Random) -> int:
    """One question at a time, as a person chooses: a step at each level of the
    tree (its ``label`` says it in words), down to a leaf, an index into ``commands``."""
    while True:
        step = rng.choice(steps)
        if isinstance(step.command, int):
            return step.command
        steps = step.children


@dataclass
class Played:
    game_id: str
    status: str
    version: int
    outcome: Outcome | None
    commands: int
    moves: list[str]
    """Each move in words (French), as its player read it."""
    log: list[LoggedEvent]
    stream: list[tuple[str, str, LoggedEvent]]
    """(SSE ``id``, SSE ``event``, its ``data`` as the client's LoggedEvent)."""
    fork: Summary
    """The finished game forked at a resting version: waiting for its seats."""
    positions: list[PositionInfo]
    """The ruleset's named positions."""
    at_position: Summary | None
    """The game started at the first position (None: the server is no sandbox)."""


def play(base: str, ruleset: str, rng: random.Random) -> Played:
    """Create a default game of ``ruleset``, claim both seats and play it to the end."""
    anonymous = Client(base_url=base, timeout=TIMEOUT, raise_on_unexpected_status=True)
    game = summary_of(create_game.sync(client=anonymous, body=new_game(ruleset)))
    seats: dict[str, AuthenticatedClient] = {}
    for place in game.seats:
        player = ok(create_player.sync(client=anonymous, body=CreatePlayer(name=place.seat)))
        as_player = bearer(base, player.token)
        claimed = ok(claim_seat.sync(game.game_id, place.seat, client=as_player, body=ClaimSeat()))
        assert claimed.token is not None, "a seat claimed by a player has a token"
        seats[place.seat] = bearer(base, claimed.token)
    commands = 0
    moves: list[str] = []
    rested: list[int] = []  # the versions commands were legal at: each a resting version
    while True:
        summary = summary_of(get_game.sync(game.game_id, client=anonymous))
        if summary.status != "active":
            break
        seat = summary.to_act[0]
        legal = ok(get_legal_commands.sync(game.game_id, client=seats[seat], accept_language="fr"))
        assert len(legal.labels) == len(legal.commands), "a label (and targets) per command"
        accepted = ok(
            submit_command.sync(
                game.game_id,
                client=seats[seat],
                body=legal.commands[choose(legal.steps, rng)],
                if_match=f'"{legal.version}"',
                idempotency_key=str(uuid.uuid4()),
                accept_language="fr",
            )
        )
        assert isinstance(accepted, CommandAccepted)
        if isinstance(accepted.last_move, LastMove):
            moves.append(accepted.last_move.text)
        commands += 1
        rested.append(legal.version)
    reader = next(iter(seats.values()))
    positions = ok(list_positions.sync(ruleset, client=anonymous))
    assert positions and all(p.id and p.title for p in positions), positions
    return Played(
        game_id=summary.game_id,
        status=str(summary.status),
        version=summary.version,
        outcome=summary.outcome if isinstance(summary.outcome, Outcome) else None,
        commands=commands,
        moves=moves,
        log=read_log(reader, summary.game_id),
        stream=read_stream(reader, summary.game_id),
        fork=fork(reader, summary.game_id, rested[len(rested) // 2]),
        positions=positions,
        at_position=start_at_position(base, ruleset, positions[0], anonymous),
    )


def fork(client: AuthenticatedClient, game_id: str, version: int) -> Summary:
    """A new game from ``version`` of a finished game (anyone may fork one, at a version
    after a whole move with a seat to act): its log is the original's events
    1..``version``, its seats free to claim, its luck after them its own."""
    forked = summary_of(fork_game.sync(game_id, client=client, body=ForkGame(version=version)))
    origin = forked.forked_from
    assert isinstance(origin, ForkedFrom), "a fork says where it comes from"
    assert (origin.game_id, origin.version) == (game_id, version), origin
    assert (forked.status, forked.version) == ("waiting", version), forked
    return forked


def start_at_position(
    base: str, ruleset: str, position: PositionInfo, anonymous: Client
) -> Summary | None:
    """In the sandbox, a game at a named position, every seat claimed: the answer's
    ``tokens`` hold the seat token of each seat a person holds (a server in no
    sandbox answers 422 ``sandbox_only``: None here, nothing asked)."""
    if ok(get_readiness.sync(client=anonymous)).sandbox is not True:
        return None
    game = summary_of(create_game.sync(client=anonymous, body=new_game(ruleset, position.id)))
    tokens = game.tokens
    assert tokens is not None and not isinstance(tokens, Unset), "a token per seat"
    assert set(tokens.additional_properties) == {s.seat for s in game.seats if not s.bot}
    if game.status == "active":  # the seat to act plays from here with its token
        seat = bearer(base, tokens.additional_properties[game.to_act[0]])
        assert ok(get_legal_commands.sync(game.game_id, client=seat)).commands
    return game


def read_log(client: AuthenticatedClient, game_id: str) -> list[LoggedEvent]:
    """Every event of the log, as this seat sees it, page by page."""
    events: list[LoggedEvent] = []
    while True:
        page = ok(get_events.sync(game_id, client=client, after=len(events)))
        events.extend(page.events)
        if not page.events or len(events) >= page.last_version:
            return events


def read_stream(client: AuthenticatedClient, game_id: str) -> list[tuple[str, str, LoggedEvent]]:
    """The live stream of a finished game, read to its end.

    The generator does not model Server-Sent Events: the answer's text is
    parsed here (the WHATWG format, reduced to what Plateau sends: ``id``,
    ``event`` and one ``data`` line per message, a blank line after each, and
    ``:`` comment lines as heartbeats), and each ``data`` into the client's
    ``LoggedEvent``.
    """
    answer = stream_events.sync_detailed(game_id, client=client)
    if answer.status_code != 200:
        raise RuntimeError(f"the stream answered {answer.status_code}")
    messages = []
    fields: dict[str, str] = {}
    for line in re.split(r"\r\n|\r|\n", answer.content.decode()):
        if line == "":  # the end of a message
            if "data" in fields:
                data: dict[str, Any] = json.loads(fields["data"])
                messages.append((fields["id"], fields["event"], LoggedEvent.from_dict(data)))
            fields = {}
        elif not line.startswith(":"):  # a ":" line is a comment (a heartbeat)
            name, _, value = line.partition(":")
            fields[name] = value.removeprefix(" ")
    return messages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="http://127.0.0.1:8000")
    parser.add_argument("--seed", type=int, default=1, help="seeds the choice of commands")
    parser.add_argument("rulesets", nargs="*", default=list(RULESETS))
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for ruleset in args.rulesets:
        played = play(args.base, ruleset, rng)
        winners = played.outcome.winners if played.outcome else []
        print(
            f"{ruleset}: {played.game_id} {played.status} after {played.commands} commands,"
            f" {played.version} events; winners {', '.join(winners)}"
        )
        print(f"  the last move: {played.moves[-1]}")
        started = played.at_position
        at = f"a game at {played.positions[0].id}: {started.game_id}" if started else "no sandbox"
        print(
            f"  forked at version {played.fork.version}: {played.fork.game_id};"
            f" {len(played.positions)} named positions, {at}"
        )


if __name__ == "__main__":
    main()
