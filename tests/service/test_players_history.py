"""Player identities across games: history, results, and the last winner that
a ruleset's setup may use (Les Tours Arc-en-Ciel gives its Gold tower to it)."""

from __future__ import annotations

import random
from typing import Any

from litestar.testing import AsyncTestClient

from tests.service.helpers import auth, legal, summary


async def new_player(client: AsyncTestClient[Any], name: str) -> dict[str, Any]:
    r = await client.post("/players", json={"name": name})
    assert r.status_code == 201
    return dict(r.json())


async def seated_game(
    client: AsyncTestClient[Any], ruleset: str, players: list[dict[str, Any]]
) -> tuple[str, dict[str, str], list[str]]:
    r = await client.post("/games", json={"ruleset": ruleset})
    game = r.json()
    seats = [s["seat"] for s in game["seats"]]
    tokens = {}
    for seat, player in zip(seats, players, strict=True):
        r = await client.post(
            f"/games/{game['game_id']}/seats/{seat}", json={}, headers=auth(player["token"])
        )
        assert r.status_code == 201, r.text
        tokens[seat] = r.json()["token"]
    return game["game_id"], tokens, seats


async def play_to_the_end(
    client: AsyncTestClient[Any], game_id: str, tokens: dict[str, str]
) -> dict[str, Any]:
    rnd = random.Random(game_id)
    for _ in range(5000):
        s = await summary(client, game_id)
        if s["status"] == "finished":
            return s
        seat = rnd.choice(s["to_act"])
        command = rnd.choice((await legal(client, game_id, tokens[seat]))["commands"])
        r = await client.post(
            f"/games/{game_id}/commands", json=command, headers=auth(tokens[seat])
        )
        assert r.status_code == 201, r.text
    raise AssertionError("the game did not end")


async def test_history_results_and_the_last_winner(client: AsyncTestClient[Any]) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    game_id, tokens, seats = await seated_game(client, "tours_arc_en_ciel", [ada, bob])
    first = (await client.get(f"/games/{game_id}/events", params={"limit": 5})).json()["events"]
    gold = next(
        e["event"] for e in first if e["event"]["type"] == "tours_arc_en_ciel.gold_tower_assigned"
    )
    assert gold["method"] == "roll", "neither player has won a game of this ruleset yet"

    final = await play_to_the_end(client, game_id, tokens)
    winner_seat = final["outcome"]["winners"][0]
    holder = {s["seat"]: s["player_id"] for s in final["seats"]}
    winner = ada if holder[winner_seat] == ada["player_id"] else bob
    loser = bob if winner is ada else ada

    for player, won in ((winner, True), (loser, False)):
        detail = (await client.get(f"/players/{player['player_id']}")).json()
        assert detail["games_played"] == 1 and detail["games_won"] == int(won)
        entry = detail["games"][0]
        assert entry["game_id"] == game_id and entry["status"] == "finished" and entry["won"] is won
        assert (entry["rank"] == 1) is won
        standing = next(s for s in final["outcome"]["standings"] if s["seat"] == entry["seat"])
        assert entry["score"] == standing["score"] and entry["rank"] == standing["rank"]

    # A new game with the seats swapped: setup learns, generically, which seat
    # holds the most recent winner among the seated players.
    game_id2, _, seats2 = await seated_game(client, "tours_arc_en_ciel", [loser, winner])
    events = (await client.get(f"/games/{game_id2}/events", params={"limit": 5})).json()["events"]
    gold = next(
        e["event"] for e in events if e["event"]["type"] == "tours_arc_en_ciel.gold_tower_assigned"
    )
    assert gold["method"] == "previous_winner"
    assert gold["seat"] == 1, "the winner now holds the second seat (index 1)"
    listing = (await client.get("/games", params={"player_id": winner["player_id"]})).json()[
        "games"
    ]
    assert [g["game_id"] for g in listing] == [game_id2, game_id]
