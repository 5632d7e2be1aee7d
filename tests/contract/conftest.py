"""A real ``plateau serve`` (two workers) on PostgreSQL + Redis for the generated clients.

One server for the whole contract run (its own database, created and dropped
here, and its own Redis key prefix), logging into a file; when the run ends
the log must hold no 500 and no traceback, whichever client test caused it.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from tests.backends import BackendUnavailable, postgres_database
from tests.faults.scenario import log_problems

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Server:
    base: str
    log: Path

    def problems(self) -> list[str]:
        """500s and tracebacks in the log so far (empty: none)."""
        return log_problems(self.log.read_text(errors="replace"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def contract_server(
    redis_url: str, redis_prefix: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    with ExitStack() as stack:
        try:
            database = stack.enter_context(postgres_database())  # dropped at the end
        except BackendUnavailable as exc:
            message = str(exc)
        else:
            yield from serve(database, redis_url, f"{redis_prefix}contract:", tmp_path_factory)
            return
    pytest.fail(message, pytrace=False)


def serve(
    database: str, redis_url: str, prefix: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    env = {
        **os.environ,
        "PLATEAU_DATABASE_URL": database,
        "PLATEAU_REDIS_URL": redis_url,
        "PLATEAU_REDIS_PREFIX": prefix,
        "PLATEAU_LOG_LEVEL": "info",
        "PLATEAU_LOG_FORMAT": "json",
    }
    port = free_port()
    log = tmp_path_factory.mktemp("contract-server") / "server.log"
    plateau = Path(sys.executable).with_name("plateau")
    # Into a file, never an unread pipe (a full pipe would block the server).
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [str(plateau), "serve", "--workers", "2", "--host", "127.0.0.1", "--port", str(port)],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        server = Server(f"http://127.0.0.1:{port}", log)
        try:
            wait_ready(proc, server)
            yield server
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
    # The whole contract run, every client's requests included.
    assert server.problems() == [], server.problems()


def wait_ready(proc: subprocess.Popen[bytes], server: Server) -> None:
    deadline = time.monotonic() + 120
    while True:
        if proc.poll() is not None:
            out = server.log.read_text(errors="replace")
            pytest.fail(f"plateau serve exited with {proc.returncode}:\n{out}")
        try:
            if httpx.get(f"{server.base}/health/ready", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline:
            pytest.fail("plateau serve did not become ready in 120 s")
        time.sleep(0.2)
