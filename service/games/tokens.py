"""Bearer tokens, and the one hash the store keeps of them (a leaf: imports nothing).

A token is ``<kind>.<owner>.<secret>``: a seat token (``st.<game id>.…``)
acts for one seat of one game, a player token (``pt.<player id>.…``) for an
identity that may hold seats. The store keeps only the token's SHA-256.
"""

from __future__ import annotations

import hashlib
import secrets

SEAT_TOKEN = "st"
PLAYER_TOKEN = "pt"


def new_token(kind: str, owner: str) -> str:
    return f"{kind}.{owner}.{secrets.token_urlsafe(24)}"


def sha256_hex(data: str | bytes) -> str:
    return hashlib.sha256(data.encode() if isinstance(data, str) else data).hexdigest()


def parts(token: str) -> tuple[str, str, str]:
    """(kind, owner, secret) of a token; empty strings where it is malformed."""
    kind, _, rest = token.partition(".")
    owner, _, secret = rest.partition(".")
    return kind, owner, secret
