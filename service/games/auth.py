"""Bearer tokens: seat tokens (one seat of one game) and player tokens (an
identity that may hold seats), resolved to the seat they act for.

A token is ``<kind>.<owner>.<secret>``; the store keeps only its SHA-256.
"""

from __future__ import annotations

import hmac
import secrets
import time

from service.exceptions import Forbidden, Unauthenticated
from service.games.core import ServiceCore, Viewer, sha256_hex
from service.store.base import GameRecord, PlayerRecord

SEAT_TOKEN = "st"
PLAYER_TOKEN = "pt"

TOKEN_TTL = 10.0
"""Seconds a token found in the store is trusted without asking it again (per
process). Only tokens that were found are remembered: an unknown token is
looked up every time, and a token removed from the store (none is, today)
would stay accepted by a process for at most this long."""


def new_token(kind: str, owner: str) -> str:
    return f"{kind}.{owner}.{secrets.token_urlsafe(24)}"


def required(token: str | None, detail: str = "a seat token is required") -> str:
    """``token``, or 401 asking for a Bearer token when there is none."""
    if token is None:
        raise Unauthenticated(detail, challenge=True)
    return token


class Auth(ServiceCore):
    """Who is asking, from a bearer token."""

    async def viewer(self, game: GameRecord, token: str | None) -> Viewer:
        """Resolve a bearer token to a seat of ``game`` (None: spectator)."""
        if token is None:
            return Viewer(seat=None)
        kind, _, rest = token.partition(".")
        owner, _, secret = rest.partition(".")
        if not owner or not secret or kind not in (SEAT_TOKEN, PLAYER_TOKEN):
            raise Unauthenticated("malformed bearer token")
        digest = sha256_hex(token)
        if kind == SEAT_TOKEN:
            if not hmac.compare_digest(owner, game.game_id):
                raise Forbidden("this token belongs to another game")
            key = (game.game_id, digest)
            known = self._seat_tokens.get(key)
            if known is not None and known[1] > time.monotonic():
                return Viewer(seat=known[0])
            seat = await self.store.seat_by_token(game.game_id, digest)
            if seat is None:
                raise Unauthenticated("unknown or revoked seat token")
            if len(self._seat_tokens) > 100_000:
                self._seat_tokens.clear()
            self._seat_tokens[key] = (seat, time.monotonic() + TOKEN_TTL)
            return Viewer(seat=seat)
        player = await self._player_by_token(digest)
        if player is None:
            raise Unauthenticated("unknown player token")
        held = [s.seat for s in game.seats if s.player_id == player.player_id]
        if len(held) != 1:
            raise Forbidden(
                "this player holds no seat in this game"
                if not held
                else "this player holds several seats here: use a seat token",
            )
        return Viewer(seat=held[0])

    async def player_from_token(self, token: str) -> PlayerRecord:
        kind, _, rest = token.partition(".")
        if kind != PLAYER_TOKEN or "." not in rest:
            raise Unauthenticated("claiming a seat needs a player token (or none)")
        player = await self._player_by_token(sha256_hex(token))
        if player is None:
            raise Unauthenticated("unknown player token")
        return player

    async def _player_by_token(self, digest: str) -> PlayerRecord | None:
        """``store.player_by_token``, remembered for ``TOKEN_TTL`` when found."""
        known = self._player_tokens.get(digest)
        if known is not None and known[1] > time.monotonic():
            return known[0]
        player = await self.store.player_by_token(digest)
        if player is not None:
            if len(self._player_tokens) > 100_000:
                self._player_tokens.clear()
            self._player_tokens[digest] = (player, time.monotonic() + TOKEN_TTL)
        return player
