"""Multi-process HTTP clients for the command benchmark (stdlib only: ``http.client``
with keep-alive, one process per client, so the load generator is not one
saturated event loop).

``play``: each client creates games of a ruleset, claims every seat, then
loops ``GET legal-commands`` + ``POST commands`` (with ``If-Match``) until the
deadline, timing both; the seats to act next come from the command's answer
(a summary is read only after a refusal). ``ceiling``: the same loop shape (a GET, then a POST
with a JSON body) against the hello app, to show how fast the generator
itself can go."""

from __future__ import annotations

import http.client
import json
import multiprocessing as mp
import random
import socket
import time
from collections.abc import Callable
from typing import Any


class Client:
    def __init__(self, host: str, port: int) -> None:
        self.conn = http.client.HTTPConnection(host, port, timeout=30)
        self.conn.connect()
        self.conn.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def call(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> tuple[int, bytes]:
        data = None if body is None else json.dumps(body).encode()
        hdrs = {"content-type": "application/json", **(headers or {})}
        self.conn.request(method, path, body=data, headers=hdrs)
        response = self.conn.getresponse()
        return response.status, response.read()


def _play(host: str, port: int, ruleset: str, seconds: float, go: Any, seed: int, out: Any) -> None:
    rnd = random.Random(seed)
    client = Client(host, port)
    legal_ms: list[float] = []
    command_ms: list[float] = []
    rejected = 0
    out.put("ready")
    go.wait()
    cpu = time.process_time()
    deadline = time.time() + seconds
    while time.time() < deadline:
        _, raw = client.call("POST", "/games", {"ruleset": ruleset})
        game = json.loads(raw)
        gid = game["game_id"]
        tokens = {}
        for seat in (s["seat"] for s in game["seats"]):
            _, raw = client.call("POST", f"/games/{gid}/seats/{seat}", {"player_name": seat})
            tokens[seat] = json.loads(raw)["token"]
        _, raw = client.call("GET", f"/games/{gid}")
        to_act = json.loads(raw)["to_act"]
        while to_act and time.time() < deadline:
            seat = rnd.choice(to_act)
            auth = {"Authorization": f"Bearer {tokens[seat]}"}
            t0 = time.perf_counter()
            _, raw = client.call("GET", f"/games/{gid}/legal-commands", headers=auth)
            t1 = time.perf_counter()
            legal = json.loads(raw)
            if not legal["commands"]:
                break
            status, raw = client.call(
                "POST",
                f"/games/{gid}/commands",
                rnd.choice(legal["commands"]),
                {**auth, "If-Match": f'"{legal["version"]}"'},
            )
            t2 = time.perf_counter()
            legal_ms.append((t1 - t0) * 1000)
            command_ms.append((t2 - t1) * 1000)
            if status != 201:
                rejected += 1
                _, raw = client.call("GET", f"/games/{gid}")
                to_act = json.loads(raw)["to_act"]
                continue
            # the seat(s) to act next come with the answer (no summary read)
            accepted = json.loads(raw)
            to_act = accepted["to_act"] if accepted["status"] == "active" else []
    out.put(
        {
            "legal_ms": legal_ms,
            "command_ms": command_ms,
            "rejected": rejected,
            "cpu_s": time.process_time() - cpu,
        }
    )


def _ceiling(host: str, port: int, seconds: float, go: Any, out: Any) -> None:
    client = Client(host, port)
    n = 0
    out.put("ready")
    go.wait()
    deadline = time.time() + seconds
    while time.time() < deadline:
        client.call("GET", "/hello")
        client.call(
            "POST", "/hello", {"type": "arkantis.remove_two_tokens", "cells": ["r1c1", "r2c3"]}
        )
        n += 1
    out.put({"pairs": n})


def run(
    kind: str,
    host: str,
    port: int,
    clients: int,
    seconds: float,
    ruleset: str = "arkantis",
    on_go: Callable[[], None] | None = None,
) -> list[dict[str, Any]]:
    """``clients`` processes for ``seconds``; their reports. ``on_go`` runs just
    before they are let go (after they are all up: spawning is not timed)."""
    ctx = mp.get_context("spawn")
    queue = ctx.Queue()
    go = ctx.Event()
    procs = []
    for i in range(clients):
        if kind == "play":
            args: tuple[Any, ...] = (host, port, ruleset, seconds, go, i, queue)
            target: Any = _play
        else:
            args, target = (host, port, seconds, go, queue), _ceiling
        p = ctx.Process(target=target, args=args, daemon=True)
        p.start()
        procs.append(p)
    for _ in procs:
        assert queue.get(timeout=120) == "ready"
    if on_go is not None:
        on_go()
    go.set()
    results = [queue.get(timeout=seconds + 120) for _ in procs]
    for p in procs:
        p.join(timeout=10)
    return results
