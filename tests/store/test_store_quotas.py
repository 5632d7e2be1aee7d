"""Per-creator usage and the expiry of waiting games, on both stores."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from service.store.base import EventStore, GameRecord, PlayerRecord
from tests.store.support import game_record, setup_hook, started_game


async def claim_all(
    store: EventStore, game: GameRecord, *, bots: bool, creator: str | None
) -> None:
    for i, seat in enumerate(s.seat for s in game.seats):
        await store.claim_seat(
            game.game_id,
            seat,
            player_id=None,
            player_name=f"p{i}",
            token_hash=f"tok-{game.game_id}-{seat}",
            on_full=setup_hook(1),
            bot="random" if bots or i == 0 else None,
            creator=creator if i == len(game.seats) - 1 else None,
        )


async def test_quota_usage_counts_what_one_creator_made(store: EventStore) -> None:
    now = datetime.now(UTC)
    hour_ago = now - timedelta(hours=1)
    since = now - timedelta(minutes=30)
    empty = await store.quota_usage("alice", since)
    assert (empty.games, empty.players, empty.bots_only) == (0, 0, 0)
    assert empty.oldest_game is None and empty.oldest_player is None
    for created, creator in ((hour_ago, "alice"), (now - timedelta(minutes=9), "alice"),
                             (now, "alice"), (now, "bob"), (now, None)):  # fmt: skip
        await store.create_game(game_record(created_at=created), "seed", creator=creator)
    for i, (created, creator) in enumerate(((hour_ago, "alice"), (now, "alice"), (now, "bob"))):
        player = PlayerRecord(player_id=f"p{i}-{creator}", name="P", created_at=created)
        await store.create_player(player, f"token-{i}-{creator}", creator=creator)
    # A bots-only game in play is charged to the creator given with its last
    # claim (it takes the game over: bob's game is now alice's).
    bots_only = game_record()
    await store.create_game(bots_only, "seed", creator="bob")
    await claim_all(store, bots_only, bots=True, creator="alice")
    mixed = game_record()
    await store.create_game(mixed, "seed", creator="alice")
    await claim_all(store, mixed, bots=False, creator=None)  # a person holds a seat
    usage = await store.quota_usage("alice", since)
    assert (usage.games, usage.players, usage.bots_only) == (4, 1, 1)
    assert usage.oldest_game is not None and abs(
        usage.oldest_game - (now - timedelta(minutes=9))
    ) < timedelta(seconds=1)
    assert usage.oldest_player is not None and abs(usage.oldest_player - now) < timedelta(seconds=1)
    bob = await store.quota_usage("bob", since)
    assert (bob.games, bob.players, bob.bots_only) == (1, 1, 0)


async def test_waiting_games_created_before_a_time_are_deleted(store: EventStore) -> None:
    now = datetime.now(UTC)
    old = [game_record(created_at=now - timedelta(days=2)) for _ in range(3)]
    for game in old:
        await store.create_game(game, "seed")
    # One old game has a seat claimed: still waiting, deleted with its seats.
    await store.claim_seat(
        old[0].game_id, "north", player_id=None, player_name="Ann", token_hash="t-ann",
        on_full=setup_hook(1),
    )  # fmt: skip
    recent = game_record(created_at=now)
    await store.create_game(recent, "seed")
    playing = await started_game(store, created_at=now - timedelta(days=2))
    assert await store.expire_waiting(now - timedelta(days=1), limit=2) == 2
    assert await store.expire_waiting(now - timedelta(days=1)) == 1
    assert await store.expire_waiting(now - timedelta(days=1)) == 0
    for game in old:
        assert await store.get_game(game.game_id) is None
        assert await store.get_seed(game.game_id) is None
    assert await store.seat_by_token(old[0].game_id, "t-ann") is None
    assert await store.get_game(recent.game_id) is not None
    kept = await store.get_game(playing.game_id)
    assert kept is not None and kept.status == "active"
    waiting, _ = await store.list_games(status="waiting")
    assert [g.game_id for g in waiting] == [recent.game_id]
