"""Every request rule of the HTTP edge, in one home.

Both doors into the API use these and nothing else: the controllers
(``service/api/*.py``, through Litestar) and the hot path that skips
Litestar's routing (``service/api/middleware/hot.py``). So the two give the
same answers by construction:

- the routes' templates and, for the hot path, their matchers;
- ``Authorization: Bearer <token>``;
- ``If-Match`` (a command's precondition), ``If-None-Match`` and ``ETag``
  (a read's revalidation);
- ``Cache-Control`` of private answers;
- the bounds of ``Idempotency-Key``;
- the language of the answer: ``Accept-Language`` (or ``?lang=``) negotiated
  among the catalogues' languages, answered with ``Content-Language`` and
  ``Vary: Accept-Language``, and in the entity tag;
- the client's address (``X-Forwarded-For`` from trusted proxies).
"""

from __future__ import annotations

import functools
import ipaddress
import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from typing import Any

from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from service.games.auth import required
from service.games.exceptions import InvalidRequest, Unauthenticated
from service.games.texts import DEFAULT_LANGUAGE, LANGUAGES

# --- routes ----------------------------------------------------------------------------

GAME_ID = r"[0-9A-Za-z_-]{1,64}"
"""The game ids the hot path answers itself (every id this service makes)."""


@dataclass(frozen=True)
class Route:
    """A route template, e.g. ``/games/{game_id}/state`` (the OpenAPI path)."""

    template: str
    matcher: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        pattern = re.sub(r"\\\{[a-z_]+\\\}", f"({GAME_ID})", re.escape(self.template))
        object.__setattr__(self, "matcher", re.compile(pattern))

    @property
    def litestar(self) -> str:
        """The template in Litestar's syntax (``{game_id:str}``)."""
        return re.sub(r"\{([a-z_]+)\}", r"{\1:str}", self.template)

    def match(self, path: str) -> str | None:
        """The game id of ``path`` when it is this route with a hot-path id, else None."""
        found = self.matcher.fullmatch(path)
        return found.group(1) if found is not None else None


GAME = Route("/games/{game_id}")
STATE = Route("/games/{game_id}/state")
LEGAL = Route("/games/{game_id}/legal-commands")
COMMANDS = Route("/games/{game_id}/commands")
STREAM = Route("/games/{game_id}/events/stream")
FEED_STREAM = "/events/stream"


def is_stream(path: str) -> bool:
    """A Server-Sent Events path, as Litestar routes it (a trailing slash too):
    ``/games/<any id>/events/stream`` or the global feed's ``/events/stream``."""
    if path in (FEED_STREAM, FEED_STREAM + "/"):
        return True
    head, _, tail = path.partition("/games/")
    game_id, _, rest = tail.partition("/")
    return not head and bool(game_id) and rest in ("events/stream", "events/stream/")


# --- answers -------------------------------------------------------------------------

PRIVATE = {"Cache-Control": "private, no-store"}
"""An answer for one bearer only: no shared cache may keep it."""
PRIVATE_RAW = (b"cache-control", b"private, no-store")
NO_STORE = {"Cache-Control": "no-store"}
"""A problem answer: never kept."""


def etag(version: int, language: str = DEFAULT_LANGUAGE) -> str:
    """The entity tag of a game's answer at ``version`` in ``language``: ``"12"`` in
    the default language, ``"12.fr"`` in another (two languages, two bodies, two tags)."""
    return f'"{version}"' if language == DEFAULT_LANGUAGE else f'"{version}.{language}"'


# --- languages -----------------------------------------------------------------------


def language(accept_language: str | None, lang: str | None = None) -> str:
    """The language of an answer: ``lang`` (a query parameter, for EventSource and
    links) when given, else the best of ``Accept-Language`` (RFC 9110 §12.5.4, with
    q-values and ``fr-CA`` -> ``fr``, read by Werkzeug) among the catalogues'
    languages, else the default (English)."""
    if lang is not None and lang in LANGUAGES:
        return lang
    if not accept_language:
        return DEFAULT_LANGUAGE
    best = parse_accept_header(accept_language, LanguageAccept).best_match(
        LANGUAGES, default=DEFAULT_LANGUAGE
    )
    return best if best in LANGUAGES else DEFAULT_LANGUAGE


def language_headers(language: str) -> dict[str, str]:
    """An answer in words: its language, and that it varies with ``Accept-Language``."""
    return {"Content-Language": language, "Vary": "Accept-Language"}


def language_raw(language: str) -> list[tuple[bytes, bytes]]:
    return [(b"content-language", language.encode()), (b"vary", b"Accept-Language")]


def names_etag(if_none_match: str | None, tag: str) -> bool:
    """``If-None-Match`` names ``tag`` (weak comparison) or is ``*``: answer 304."""
    if if_none_match is None:
        return False
    tags = {t.strip().removeprefix("W/") for t in if_none_match.split(",")}
    return "*" in tags or tag in tags


# --- credentials ---------------------------------------------------------------------


def parse_bearer(authorization: str) -> str | None:
    """The token of ``Bearer <token>``, None when the header is malformed."""
    scheme, _, token = authorization.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization`` header (None when absent; 401 when malformed)."""
    if authorization is None:
        return None
    token = parse_bearer(authorization)
    if token is None:
        raise Unauthenticated("the Authorization header must be 'Bearer <token>'")
    return token


PLAY_TOKEN_REQUIRED = "a seat token is required to play"


def player_bearer(authorization: str | None) -> str:
    """A command's token: 401 before any other header is judged."""
    return required(bearer(authorization), PLAY_TOKEN_REQUIRED)


# --- preconditions -------------------------------------------------------------------

IDEMPOTENCY_KEY_LENGTH = (1, 200)
"""The bounds of an ``Idempotency-Key``'s length (400 outside them)."""


def idempotency_key_ok(key: str | None) -> bool:
    low, high = IDEMPOTENCY_KEY_LENGTH
    return key is None or low <= len(key) <= high


_ENTITY_TAG = re.compile(r'\s*(W/)?"([^"]*)"\s*(?:,|$)')
_LANGUAGE_SUFFIX = re.compile(r"\.[a-z]{2,8}$")
MAX_VERSION_DIGITS = 12
_TAG = rf'(W/)?"[0-9]{{1,{MAX_VERSION_DIGITS}}}(\.[a-z]{{2,8}})?"'
VERSION_TAG = rf"^\*$|^{_TAG}(, ?{_TAG})*$"
"""The OpenAPI pattern of an ``If-Match`` value (``parse_if_match`` reads it)."""


def parse_if_match(value: str | None) -> frozenset[int] | None:
    """An ``If-Match`` field (RFC 9110 §13.1.1) as the versions it may match.

    A tag read from an answer in another language (``"12.fr"``) names version 12.

    ``None`` when absent or ``*`` (any current version). Otherwise the
    strong tags' versions; a weak tag (``W/"2"``) never matches under the
    strong comparison ``If-Match`` requires, so ``W/"2"`` alone is a set
    that matches nothing (412). Anything but a list of quoted versions is 400.
    """
    if value is None:
        return None
    raw = value.strip()
    if raw == "*":
        return None
    plain = raw[1:-1]  # the usual field, one strong tag: ``"12"``
    if (
        len(raw) > 2
        and raw[0] == raw[-1] == '"'
        and plain.isascii()
        and plain.isdigit()
        and len(plain) <= MAX_VERSION_DIGITS
    ):
        return frozenset((int(plain),))
    malformed = InvalidRequest('If-Match must be "*" or a list of quoted versions, e.g. "12"')
    versions: set[int] = set()
    position = 0
    while position < len(raw):
        match = _ENTITY_TAG.match(raw, position)
        if match is None or match.end() == position:
            raise malformed
        opaque = _LANGUAGE_SUFFIX.sub("", match.group(2))  # a read's tag in a language
        if not opaque.isascii() or not opaque.isdigit() or len(opaque) > MAX_VERSION_DIGITS:
            raise malformed
        if match.group(1) is None:
            versions.add(int(opaque))
        position = match.end()
        if raw.endswith(",") and position == len(raw):
            raise malformed
    if not raw:
        raise malformed
    return frozenset(versions)


def parse_version_header(value: str | None, header: str) -> int | None:
    """``"12"``, ``W/"12"`` or ``12`` -> 12."""
    if value is None:
        return None
    raw = value.strip()
    if raw.startswith("W/"):
        raw = raw[2:]
    raw = raw.strip('"')
    if not raw.isdigit() or len(raw) > MAX_VERSION_DIGITS:
        raise InvalidRequest(f'{header} must be a version in quotes, e.g. "12"')
    return int(raw)


# --- the client ------------------------------------------------------------------------


class ClientAddress:
    """The client address of a request: the peer, or, when the peer is a
    trusted proxy (``PLATEAU_TRUSTED_PROXIES``: addresses or networks such as
    ``10.0.0.0/8``), the nearest ``X-Forwarded-For`` hop that is not one.
    Every limit per address (rates, open requests, streams) keys on it."""

    def __init__(self, trusted: Iterable[str] = ()) -> None:
        self.addresses: frozenset[str] = frozenset()
        self.networks: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...] = ()
        addresses, networks = set(), []
        for entry in trusted:
            try:
                network = ipaddress.ip_network(entry, strict=False)
            except ValueError:  # a peer named otherwise (a test client): matched as written
                addresses.add(entry)
                continue
            if network.num_addresses == 1:
                addresses.add(str(network.network_address))
                addresses.add(entry)
            else:
                networks.append(network)
        self.addresses, self.networks = frozenset(addresses), tuple(networks)

    def trusts(self, address: str) -> bool:
        if address in self.addresses:
            return True
        if not self.networks:
            return False
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in network for network in self.networks)

    def __call__(self, scope: dict[str, Any] | Any) -> str:
        peer = str((scope.get("client") or ("unknown", 0))[0])
        if (self.addresses or self.networks) and self.trusts(peer):
            for name, value in scope.get("headers", ()):
                if name == b"x-forwarded-for":
                    hops = [h.strip() for h in value.decode("latin-1").split(",") if h.strip()]
                    # The nearest hop not of a trusted proxy is the client.
                    for hop in reversed(hops):
                        if not self.trusts(hop):
                            return str(hop)
        return peer


@functools.lru_cache(maxsize=16)
def _client_address(trusted_proxies: tuple[str, ...]) -> ClientAddress:
    return ClientAddress(trusted_proxies)


def client_address(scope: Any, trusted_proxies: Collection[str]) -> str:
    """The client's address (``ClientAddress``): the one identity of every
    per-address limit (rate limits, open requests and streams, quotas)."""
    return _client_address(tuple(trusted_proxies))(scope)
