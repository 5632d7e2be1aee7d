"""The many-replica shape, for real and without containers: two separate
``plateau serve`` processes on one PostgreSQL and one Redis (this suite's
own), behind nginx running the repository's ``deploy/nginx.conf`` (adapted
to local ports). Players go through the balancer; one replica is killed
(SIGKILL of its whole process tree) mid-run. Afterwards every game passes the
fault suite's audit: nothing acknowledged lost, nothing applied twice, no gap,
every 5xx problem+json (nginx's own 502 included).

And the file's limits (docs/operations.md, "Limits"), in front of one
replica: a stalled body is cut by nginx and never reaches the replica; past
the connections in progress of one client address nginx answers 503
``too_many_connections`` problem+json with ``Retry-After``; both streams (a
game's, the global feed's) pass unbuffered; its upstream idle timeout is
under the service's, its stream read timeout over the heartbeat."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

from service.settings import Settings
from tests.faults.cluster import Postgres, Redis, Server, port_open, wait_until
from tests.faults.load import Load, audit
from tests.faults.scenario import log_problems, server_env
from tests.servers import free_port, served

ROOT = Path(__file__).resolve().parents[2]


def nginx_binary() -> str:
    found = shutil.which("nginx") or (
        "/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None
    )
    assert found, (
        "nginx is not installed (scripts/test installs Debian's nginx-light: scripts/_debian.sh)"
    )
    return found


def adapt(conf: str, listen: int, upstreams: list[int], workdir: Path) -> str:
    """deploy/nginx.conf with local ports, files in ``workdir``; nothing else changed."""
    conf = re.sub(r"^\s*resolver .*;\n", "", conf, flags=re.M)
    servers = "".join(f"    server 127.0.0.1:{p} max_fails=1 fail_timeout=5s;\n" for p in upstreams)
    conf, n = re.subn(r"^\s*server api:8000[^;]*;\n", servers, conf, flags=re.M)
    assert n == 1, "deploy/nginx.conf no longer has the `server api:8000` upstream line"
    conf, n = re.subn(r"listen 80;", f"listen 127.0.0.1:{listen};", conf)
    assert n == 1
    paths = "".join(
        f"  {name}_temp_path {workdir / name};\n"
        for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return conf.replace("http {\n", f"http {{\n  access_log {workdir / 'access.log'};\n{paths}", 1)


async def test_two_replicas_behind_nginx_survive_one_killed(tmp_path: Path) -> None:
    nginx = nginx_binary()
    pg, redis = Postgres(), Redis()
    replicas: list[Server] = []
    proc: subprocess.Popen[bytes] | None = None
    workdir = Path(tempfile.mkdtemp(prefix="plateau-nginx-"))
    try:
        await asyncio.to_thread(pg.init)
        redis.start()
        for name in ("replica-a", "replica-b"):
            replica = Server(server_env(pg, redis), free_port(), 1, tmp_path, name)
            replicas.append(replica)
        await asyncio.gather(*(asyncio.to_thread(r.start) for r in replicas))
        port = free_port()
        conf = workdir / "nginx.conf"
        conf.write_text(
            adapt(
                (ROOT / "deploy" / "nginx.conf").read_text(),
                port,
                [r.port for r in replicas],
                workdir,
            )
        )
        directives = f"daemon off; pid {workdir / 'nginx.pid'}; error_log {workdir / 'error.log'};"
        if os.geteuid() == 0:
            directives += " user root;"
        check = subprocess.run(
            [nginx, "-t", "-c", str(conf), "-g", directives], capture_output=True, text=True
        )
        assert check.returncode == 0, check.stderr
        proc = subprocess.Popen(
            [nginx, "-c", str(conf), "-g", directives], stderr=subprocess.DEVNULL
        )
        await asyncio.to_thread(wait_until, lambda: port_open(port), 10, "nginx")
        base = f"http://127.0.0.1:{port}"

        load = Load(base, clients=8, seed=3)
        load.start()
        await asyncio.sleep(6)
        before = len(load.acks)
        killed = replicas[0]
        assert killed.proc is not None
        os.killpg(killed.proc.pid, signal.SIGKILL)
        killed_at = time.monotonic()
        await asyncio.sleep(8)
        await load.stop()
        after = [a for a in load.acks if a.at > killed_at]

        report = await asyncio.to_thread(audit, pg.url, base, load)
        problems = report["problems"] + load.stats.violations
        problems += log_problems(replicas[1].log_text())
        assert not problems, "\n".join(problems[:30])
        assert before >= 20, f"only {before} commands acknowledged before the kill"
        assert len(after) >= 20, f"only {len(after)} commands acknowledged after the kill"
        # Both replicas served before the kill; the survivor after it.
        for replica in replicas:
            assert "plateau.access" in replica.log_text(), f"{replica.name} served nothing"
        async with httpx.AsyncClient(timeout=5) as http:
            r = await http.get(f"{base}/health/ready")
            assert r.status_code == 200 and r.json()["status"] == "ok"
            assert re.fullmatch(r"[0-9a-f]{32}", r.headers["x-request-id"])  # nginx's $request_id
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(10)
        for replica in replicas:
            replica.destroy()
        redis.stop()
        await asyncio.to_thread(pg.destroy)
        shutil.rmtree(workdir, ignore_errors=True)


CONF = (ROOT / "deploy" / "nginx.conf").read_text()
HANG = 30.0
"""Seconds any answer may take before the test calls it a hang."""


def directive(pattern: str) -> str:
    """The value of the one line of deploy/nginx.conf that ``pattern`` matches."""
    found = re.findall(pattern, CONF, flags=re.M)
    assert len(found) == 1, (pattern, found)
    return str(found[0])


def seconds(value: str) -> float:
    assert value.endswith("s"), value
    return float(value[:-1])


def test_the_limits_fit_the_services_own() -> None:
    service = Settings()
    upstream = CONF.split("upstream plateau {", 1)[1].split("}", 1)[0]
    idle = re.search(r"keepalive_timeout (\w+);", upstream)
    assert idle is not None, "the upstream block sets no keepalive_timeout"
    assert seconds(idle.group(1)) < service.idle_timeout  # nginx drops an idle connection first
    streams = CONF.split("/events/stream$ {", 1)[1].split("}", 1)[0]
    read = re.search(r"proxy_read_timeout (\w+);", streams)
    assert read is not None and seconds(read.group(1)) > 2 * service.sse_heartbeat
    assert "proxy_buffering off;" in streams
    per_address = directive(r"^\s*limit_conn per_address (\d+);")
    assert f"already has {per_address} requests in progress" in CONF  # the 503's detail
    assert seconds(directive(r"^\s*client_body_timeout (\w+);")) < service.body_timeout


@contextlib.contextmanager
def nginx_before(upstream: int, workdir: Path) -> Iterator[str]:
    """deploy/nginx.conf in front of ``upstream``: its base URL."""
    nginx = nginx_binary()
    port = free_port()
    conf = workdir / "nginx.conf"
    conf.write_text(adapt(CONF, port, [upstream], workdir))
    directives = f"daemon off; pid {workdir / 'nginx.pid'}; error_log {workdir / 'error.log'};"
    if os.geteuid() == 0:
        directives += " user root;"
    proc = subprocess.Popen([nginx, "-c", str(conf), "-g", directives], stderr=subprocess.DEVNULL)
    try:
        wait_until(lambda: port_open(port), 10, "nginx")
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(10)


def stream_opened(
    port: int, path: str, source: str = "127.0.0.1"
) -> tuple[int, bytes, socket.socket]:
    """A GET of ``path`` from ``source``: its status, what came with the head, its socket."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=HANG, source_address=(source, 0))
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: plateau\r\n\r\n".encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(4096)
        assert chunk, f"{path}: closed before an answer"
        head += chunk
    return int(head.split(b" ", 2)[1]), head, sock


def test_nginx_limits_in_front_of_a_replica(tmp_path: Path) -> None:
    per_address = int(directive(r"^\s*limit_conn per_address (\d+);"))
    env = {
        "PLATEAU_DATABASE_URL": f"sqlite:///{tmp_path}/plateau.db",
        "PLATEAU_TRUSTED_PROXIES": "127.0.0.1",
        # The replica's own caps above nginx's, so nginx's is the one met.
        "PLATEAU_MAX_STREAMS_PER_ADDRESS": str(2 * per_address),
    }
    workdir = Path(tempfile.mkdtemp(prefix="plateau-nginx-"))
    with (
        served(tmp_path / "replica.log", env=env, workers=1) as replica,
        nginx_before(replica.port, workdir) as base,
        contextlib.ExitStack() as held,
    ):
        port = int(base.rsplit(":", 1)[1])
        # Both streams pass unbuffered: an event reaches the open stream at once.
        last = httpx.get(f"{base}/events", params={"limit": 1000}, timeout=HANG).json()
        status, _, feed = stream_opened(port, f"/events/stream?after={last['last_position']}")
        held.enter_context(feed)
        assert status == 200
        with httpx.Client(base_url=base, timeout=HANG) as http:
            game_id = http.post("/games", json={"ruleset": "arkantis"}).json()["game_id"]
            status, _, game = stream_opened(port, f"/games/{game_id}/events/stream")
            held.enter_context(game)
            assert status == 200
            for seat in ("seat_0", "seat_1"):  # the last claim starts the game: events
                http.post(f"/games/{game_id}/seats/{seat}", json={"player_name": seat})
        for sock in (feed, game):
            received = b""
            while b"data: " not in received:
                chunk = sock.recv(65536)
                assert chunk, "the stream closed before its first event"
                received += chunk

        # A body that stops: nginx cuts it (408 or a close), the replica never sees it.
        stalled = socket.create_connection(("127.0.0.1", port), timeout=HANG)
        held.enter_context(stalled)
        stalled.sendall(
            b"POST /games HTTP/1.1\r\nHost: plateau\r\nContent-Type: application/json\r\n"
            b'Content-Length: 1000\r\n\r\n{"ruleset"'
        )
        answer = b""
        with contextlib.suppress(ConnectionResetError):
            while chunk := stalled.recv(4096):
                answer += chunk
        assert answer == b"" or answer.startswith(b"HTTP/1.1 408"), answer[:100]

        # Past the connections in progress of one address: nginx's 503, answered at once.
        for _ in range(per_address):
            status, _, sock = stream_opened(port, "/events/stream", "127.0.0.2")
            held.enter_context(sock)
            assert status == 200
        status, head, sock = stream_opened(port, "/rulesets", "127.0.0.2")
        held.enter_context(sock)
        assert status == 503, head
        assert b"retry-after: 1" in head.lower()
        body = head.split(b"\r\n\r\n", 1)[1]
        while not body.endswith(b"}"):
            body += sock.recv(4096)
        assert httpx.get(f"{base}/rulesets", timeout=HANG).status_code == 200  # another address
        problem = json.loads(body)
        assert problem["code"] == "too_many_connections" and problem["status"] == 503
        held.close()
    assert "POST /games 2" in replica.log.read_text()  # the real game, never the stalled one
    assert replica.log.read_text().count("POST /games ") == 1
    shutil.rmtree(workdir, ignore_errors=True)
