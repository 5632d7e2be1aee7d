"""Prism's validating proxy in front of a real ``plateau serve``: no violation.

Prism (``@stoplight/prism-cli``, pinned in ``tests/contract/package.json``) has
never met this API: run as ``prism proxy --errors openapi/openapi.json <server>``
it checks every request against the document before forwarding it and every
answer (status, headers, body) after, and turns any violation into its own
answer (422 for a request, 500 ``VIOLATIONS`` for an answer) and a ``✖`` line
in its log. Through it, the documented Python example plays one whole game of
every ruleset (``docs/examples/play.py``, with the client generated from the
document, as ``test_clients.py`` runs it), and a small HTTP player sends the
schema-valid requests the service refuses or answers otherwise (a seat claimed
without a body, 401s with malformed and unknown tokens, 409, 412, 422, 304,
the picture). Each answer must be the service's own, and Prism's log must hold
no error or warning.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest

from tests.contract.conftest import RULESETS, Server
from tests.contract.generate import BIN, DOCUMENT
from tests.servers import free_port, served

PRISM_ERRORS = "https://stoplight.io/prism/errors"
"""The ``type`` of every problem Prism writes itself (a violation, or a request
it refused to forward)."""


@dataclass(frozen=True)
class Prism:
    base: str
    log: Path

    def complaints(self) -> list[str]:
        """The errors and warnings in Prism's log so far (empty: none)."""
        text = self.log.read_text(encoding="utf-8", errors="replace")
        return [line for line in text.splitlines() if re.search(r"✖|⚠|VIOLATION", line)]


@pytest.fixture(scope="module")
def prism(contract_server: Server, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Prism]:
    """``prism proxy --errors`` on a free port, in front of the contract server."""
    if not (BIN / "prism").exists():
        pytest.fail("Prism missing: run `npm ci` in tests/contract (scripts/test does)")
    port = free_port()
    command = [str(BIN / "prism"), "proxy", "--errors", "-h", "127.0.0.1", "-p", str(port)]
    command += [str(DOCUMENT), contract_server.base]
    log = tmp_path_factory.mktemp("prism") / "prism.log"
    # Ready once a request goes through it to the server.
    with served(log, command=command, port=port, ready_path="/health/live") as proxy:
        yield Prism(proxy.base, log)


def answered(r: httpx.Response, status: int) -> dict[str, Any]:
    """The service's own answer, with ``status`` (never one Prism wrote)."""
    body: Any = r.json() if "json" in r.headers.get("content-type", "") else {}
    assert not str(body.get("type", "")).startswith(PRISM_ERRORS), body
    assert r.status_code == status, (r.status_code, r.text[:2000])
    return dict(body)


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_whole_game_through_prism(
    ruleset: str, play_py: ModuleType, prism: Prism, contract_server: Server
) -> None:
    played = play_py.play(prism.base, ruleset, random.Random(f"prism-{ruleset}"))
    assert played.status == "finished", played.status
    assert [logged.version for logged in played.log] == list(range(1, played.version + 1))
    assert len(played.stream) == played.version
    assert prism.complaints() == []
    assert contract_server.problems() == []


def test_refusals_through_prism(prism: Prism, contract_server: Server) -> None:
    """Schema-valid requests whose answers are not a 2xx: each is documented."""
    with httpx.Client(base_url=prism.base, timeout=60) as http:
        game = answered(http.post("/games", json={"ruleset": "eclats_des_cites"}), 201)
        gid = game["game_id"]
        answered(http.post("/games", json={"ruleset": "arkantis", "seed": "s"}), 422)
        players = [answered(http.post("/players", json={"name": n}), 201)["token"] for n in "AB"]

        def bearer(token: str) -> dict[str, str]:
            return {"Authorization": f"Bearer {token}"}

        # A seat claimed with a player token and no body at all; an unknown player token.
        seat = answered(http.post(f"/games/{gid}/seats/seat_0", headers=bearer(players[0])), 201)
        answered(http.post(f"/games/{gid}/seats/seat_0", json={"player_name": "C"}), 409)
        refused = http.post(f"/games/{gid}/seats/seat_1", headers=bearer("pt.nope.nope"))
        answered(refused, 401)
        assert refused.headers["www-authenticate"] == "Bearer"
        answered(http.get(f"/games/{gid}/picture.svg"), 409)  # waiting: nothing to draw yet
        second = http.post(f"/games/{gid}/seats/seat_1", headers=bearer(players[1]))
        tokens = {"seat_0": seat["token"], "seat_1": answered(second, 201)["token"]}
        actor = answered(http.get(f"/games/{gid}"), 200)["to_act"][0]
        other = next(s for s in tokens if s != actor)
        legal = answered(
            http.get(f"/games/{gid}/legal-commands", headers=bearer(tokens[actor])), 200
        )
        command, version = legal["commands"][0], legal["version"]
        # 304 on the documented conditional reads; the picture with its ETag.
        tag = http.get(f"/games/{gid}").headers["etag"]
        assert http.get(f"/games/{gid}", headers={"If-None-Match": tag}).status_code == 304
        picture = http.get(f"/games/{gid}/picture.svg")
        assert picture.status_code == 200 and picture.headers["etag"] == tag
        # 401 with a malformed and an unknown seat token, on the reads and on a command.
        for token in ("not-a-token", f"st.{gid}.unknown"):
            for r in (
                http.get(f"/games/{gid}/legal-commands", headers=bearer(token)),
                http.get(f"/games/{gid}/state", headers=bearer(token)),
                http.post(f"/games/{gid}/commands", json=command, headers=bearer(token)),
            ):
                answered(r, 401)
                assert r.headers["www-authenticate"] == "Bearer"
        # 412 (a stale If-Match, with the current ETag), 422 (not this seat's turn),
        # then the command played: 201.
        commands = f"/games/{gid}/commands"
        stale = {**bearer(tokens[actor]), "If-Match": f'"{version - 1}"'}
        assert answered(http.post(commands, json=command, headers=stale), 412)
        answered(http.post(commands, json=command, headers=bearer(tokens[other])), 422)
        current = {**bearer(tokens[actor]), "If-Match": f'"{version}"'}
        answered(http.post(commands, json=command, headers=current), 201)
        answered(http.get("/games/0123456789abcdef0123456789abcdef"), 404)
        for status in ("waiting", "active", "finished"):
            answered(http.get("/games", params={"status": status}), 200)
    assert prism.complaints() == []
    assert contract_server.problems() == []
