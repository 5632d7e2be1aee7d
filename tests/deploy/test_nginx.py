"""The many-replica shape, for real and without containers: two separate
``plateau serve`` processes on one PostgreSQL and one Redis (this suite's
own), behind nginx running the repository's ``deploy/nginx.conf`` (adapted
to local ports). Players go through the balancer; one replica is killed
(SIGKILL of its whole process tree) mid-run. Afterwards every game passes the
fault suite's audit: nothing acknowledged lost, nothing applied twice, no gap,
every 5xx problem+json (nginx's own 502 included)."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import httpx

from tests.faults.cluster import Postgres, Redis, Server, free_port, port_open, wait_until
from tests.faults.load import Load, audit
from tests.faults.scenario import log_problems, server_env

ROOT = Path(__file__).resolve().parents[2]


def nginx_binary() -> str:
    found = shutil.which("nginx") or (
        "/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None
    )
    assert found, "nginx is not installed (.ci/run installs Debian's nginx-light)"
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
