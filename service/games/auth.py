"""Who is asking: bearer tokens resolved to a seat of a game (or a player).

Seat tokens act for one seat of one game; player tokens for an identity that
may hold seats (``service.games.tokens``); the operator's token
(``PLATEAU_OPERATOR_TOKEN``, compared in constant time) for the operator. Found tokens are remembered for
``TOKEN_TTL`` seconds per process, so a client that plays costs one token
lookup per ``TOKEN_TTL``, not one per request.
"""

from __future__ import annotations

import hmac
import time
from dataclasses import dataclass

from service.games.exceptions import Forbidden, Unauthenticated
from service.games.tokens import PLAYER_TOKEN, SEAT_TOKEN, parts, sha256_hex
from service.store.base import EventStore, GameRecord, PlayerRecord

TOKEN_TTL = 600.0
"""Seconds a token found in the store is trusted without asking it again (per
process). Only tokens that were found are remembered: an unknown token is
looked up every time, and a token removed from the store (none is, today: a seat's
token never changes, and a deleted game is refused before its tokens are read)
would stay accepted by a process for at most this long. Ten minutes, not seconds:
at a person's pace a seat acts once a minute or so, and with a TTL of 10 s every
move paid a PostgreSQL round trip for its token (4.5% of a worker's time at 1,500
games, docs/performance.md)."""

REMEMBERED = 100_000
"""Tokens remembered per process and kind before the memory starts afresh."""


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who is asking: a seat of this game, or a spectator (seat None)."""

    seat: str | None


SPECTATOR = Viewer(seat=None)


def required(token: str | None, detail: str = "a seat token is required") -> str:
    """``token``, or 401 asking for a Bearer token when there is none."""
    if token is None:
        raise Unauthenticated(detail)
    return token


OPERATOR = "operator"
PLAYER = "player"
NOBODY = "nobody"
"""Who imports a game (``Authenticator.importer``): the operator, a player, or
nobody (no token: only in the sandbox)."""


class Authenticator:
    """Bearer tokens -> the seat (or player) they act for."""

    def __init__(self, store: EventStore, operator_token: str | None = None) -> None:
        self.store = store
        self._operator = None if operator_token is None else operator_token.encode()
        self._seat_tokens: dict[tuple[str, str], tuple[str, float]] = {}
        self._player_tokens: dict[str, tuple[PlayerRecord, float]] = {}
        self._digests: dict[str, str] = {}

    async def viewer(self, game: GameRecord, token: str | None) -> Viewer:
        """Resolve a bearer token to a seat of ``game`` (None: a spectator)."""
        if token is None:
            return SPECTATOR
        kind, owner, secret = parts(token)
        if not owner or not secret or kind not in (SEAT_TOKEN, PLAYER_TOKEN):
            raise Unauthenticated("malformed bearer token")
        digest = self.digest(token)
        if kind == SEAT_TOKEN:
            seat = await self._seat(game, owner, digest)
            self._found(token, digest)
            return Viewer(seat=seat)
        player = await self._player_by_token(digest)
        if player is None:
            raise Unauthenticated("unknown player token")
        self._found(token, digest)
        held = [s.seat for s in game.seats if s.player_id == player.player_id]
        if len(held) != 1:
            raise Forbidden(
                "this player holds no seat in this game"
                if not held
                else "this player holds several seats here: use a seat token",
            )
        return Viewer(seat=held[0])

    def digest(self, token: str) -> str:
        """``sha256_hex(token)``: remembered for a token found before (a client sends
        the same token with every request, and two hashes per move were 0.7% of a
        worker's time), computed for any other (an unknown token is not remembered)."""
        return self._digests.get(token) or sha256_hex(token)

    def _found(self, token: str, digest: str) -> None:
        """``token`` (hashing to ``digest``) names a seat or a player: remembered."""
        if token in self._digests:
            return
        if len(self._digests) > REMEMBERED:
            self._digests.clear()
        self._digests[token] = digest

    def know_seat(self, game_id: str, token: str, seat: str) -> None:
        """``token`` was just issued for ``seat`` of ``game_id`` (a claim): its first
        requests here need not look it up in the store."""
        digest = sha256_hex(token)
        self._found(token, digest)
        if len(self._seat_tokens) > REMEMBERED:
            self._seat_tokens.clear()
        self._seat_tokens[(game_id, digest)] = (seat, time.monotonic() + TOKEN_TTL)

    def forget(self) -> None:
        """Drop every token this process remembers (each is looked up again)."""
        self._seat_tokens.clear()
        self._player_tokens.clear()
        self._digests.clear()

    async def seat(self, game: GameRecord, token: str) -> str:
        """The seat ``token`` acts for: a player (401 for a spectator's request)."""
        seat = (await self.viewer(game, token)).seat
        assert seat is not None  # a token always names a seat or fails
        return seat

    async def _seat(self, game: GameRecord, owner: str, digest: str) -> str:
        if not hmac.compare_digest(owner, game.game_id):
            raise Forbidden("this token belongs to another game")
        key = (game.game_id, digest)
        known = self._seat_tokens.get(key)
        if known is not None and known[1] > time.monotonic():
            return known[0]
        seat = await self.store.seat_by_token(game.game_id, digest)
        if seat is None:
            raise Unauthenticated("unknown or revoked seat token")
        if len(self._seat_tokens) > REMEMBERED:
            self._seat_tokens.clear()
        self._seat_tokens[key] = (seat, time.monotonic() + TOKEN_TTL)
        return seat

    async def player(self, token: str) -> PlayerRecord:
        """The player a player token names (401 otherwise)."""
        kind, _, _ = parts(token)
        if kind != PLAYER_TOKEN or token.count(".") < 2:
            raise Unauthenticated("claiming a seat needs a player token (or none)")
        player = await self._player_by_token(sha256_hex(token))
        if player is None:
            raise Unauthenticated("unknown player token")
        return player

    def is_operator(self, token: str | None) -> bool:
        """``token`` is the operator's (always False when no operator is set)."""
        if self._operator is None or token is None:
            return False
        return hmac.compare_digest(token.encode(), self._operator)

    async def importer(self, token: str | None, *, sandbox: bool) -> str:
        """Who imports a game: ``OPERATOR``, ``PLAYER`` (a known player token) or,
        in the sandbox only, ``NOBODY``. 401 otherwise, before the body is read."""
        if self.is_operator(token):
            return OPERATOR
        if token is None:
            if sandbox:
                return NOBODY
            raise Unauthenticated("importing a game needs a player token (or the operator's token)")
        kind, _, _ = parts(token)
        if kind != PLAYER_TOKEN or token.count(".") < 2:
            raise Unauthenticated("importing a game needs a player token (or the operator's token)")
        if await self._player_by_token(sha256_hex(token)) is None:
            raise Unauthenticated("unknown player token")
        return PLAYER

    async def _player_by_token(self, digest: str) -> PlayerRecord | None:
        """``store.player_by_token``, remembered for ``TOKEN_TTL`` when found."""
        known = self._player_tokens.get(digest)
        if known is not None and known[1] > time.monotonic():
            return known[0]
        player = await self.store.player_by_token(digest)
        if player is not None:
            if len(self._player_tokens) > REMEMBERED:
                self._player_tokens.clear()
            self._player_tokens[digest] = (player, time.monotonic() + TOKEN_TTL)
        return player
