"""A claim starts from the games row its process wrote last (``WAITING_KEPT``): when
another process has claimed meanwhile, the store's answer, not the kept row, decides.

"Another process" here is a claim written to the same store past this app
(``store.claim_seat``), after the app created the game and kept its row."""

from __future__ import annotations

from typing import Any

from litestar.testing import AsyncTestClient

from service.games.seats import Seats
from tests.service.helpers import assert_problem, auth, create_game, legal, summary


async def _hook(full: Any) -> Any:  # pragma: no cover - a claim that leaves a seat free
    raise AssertionError("the other process's claim does not fill the game")


async def _claimed_elsewhere(client: AsyncTestClient[Any]) -> str:
    """A new ArkantiS game (its row kept by this app), whose ``seat_0`` is then
    claimed past this app: its id."""
    game_id = str((await create_game(client, "arkantis"))["game_id"])
    seats: Seats = client.app.state.games.seats
    await seats.store.claim_seat(
        game_id,
        "seat_0",
        player_id=None,
        player_name="Elsewhere",
        token_hash="0" * 64,
        on_full=_hook,
    )
    return game_id


async def test_a_claim_that_fills_a_game_claimed_elsewhere_since_starts_it_from_the_store(
    client: AsyncTestClient[Any],
) -> None:
    game_id = await _claimed_elsewhere(client)
    # This process kept the row it created (both seats free): by it, this claim
    # fills nothing; by the store, it fills the game, which starts with its setup.
    r = await client.post(f"/games/{game_id}/seats/seat_1", json={"player_name": "Here"})
    assert r.status_code == 201, r.text
    token = r.json()["token"]
    started = await summary(client, game_id)
    assert started["status"] == "active" and started["version"] > 0
    names = {s["seat"]: s["player_name"] for s in started["seats"]}
    assert names == {"seat_0": "Elsewhere", "seat_1": "Here"}
    if started["to_act"] == ["seat_1"]:
        assert (await legal(client, game_id, token))["commands"]
    events = (await client.get(f"/games/{game_id}/events")).json()["events"]
    assert len(events) == started["version"]  # the setup, appended once
    assert all(e["move"] is None and e["seat"] is None for e in events)


async def test_a_seat_claimed_elsewhere_since_the_row_was_kept_is_refused(
    client: AsyncTestClient[Any],
) -> None:
    game_id = await _claimed_elsewhere(client)
    r = await client.post(f"/games/{game_id}/seats/seat_0", json={"player_name": "Late"})
    assert_problem(r, 409, "seat_taken")
    # Refused, the claim kept nothing stale: the next one reads the store and fills it.
    r = await client.post(f"/games/{game_id}/seats/seat_1", json={"player_name": "Here"})
    assert r.status_code == 201, r.text
    assert (await summary(client, game_id))["status"] == "active"
    r = await client.get(f"/games/{game_id}/legal-commands", headers=auth(r.json()["token"]))
    assert r.status_code == 200
