"""The servers helper: a started server answers, a failed one names its log, none outlives it."""

from __future__ import annotations

import sys
from pathlib import Path

import httpx
import pytest

from tests.servers import ServerFailed, free_port, group_members, served

# A server whose worker ignores SIGTERM (before the server listens): only the
# SIGKILL of its group stops it.
STUBBORN = """
import http.server, subprocess, sys
worker = (
    "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN);"
    " print('ignoring SIGTERM', flush=True); time.sleep(600)"
)
subprocess.Popen([sys.executable, "-c", worker], stdout=subprocess.PIPE).stdout.readline()
address = ("127.0.0.1", int(sys.argv[1]))
http.server.ThreadingHTTPServer(address, http.server.SimpleHTTPRequestHandler).serve_forever()
"""


def test_a_served_plateau_answers_and_leaves_no_process(tmp_path: Path) -> None:
    env = {"PLATEAU_DATABASE_URL": f"sqlite:///{tmp_path}/s.db", "PLATEAU_REDIS_URL": None}
    with served(tmp_path / "server.log", env=env, workers=1) as server:
        assert httpx.get(f"{server.base}/health/ready").json()["backend"] == "sqlite"
        assert len(group_members(server.pid)) >= 2  # granian's main process and its worker
    assert server.process.returncode is not None
    assert group_members(server.pid) == []


def test_a_worker_that_ignores_sigterm_is_killed_with_its_group(tmp_path: Path) -> None:
    port = free_port()
    command = [sys.executable, "-c", STUBBORN, str(port)]
    with served(tmp_path / "stub.log", command=command, port=port, ready_path="/") as server:
        assert len(group_members(server.pid)) == 2
    assert group_members(server.pid) == []


def test_a_server_that_exits_fails_naming_its_log(tmp_path: Path) -> None:
    log = tmp_path / "failing.log"
    command = [sys.executable, "-c", "print('no such store'); raise SystemExit(3)"]
    with pytest.raises(ServerFailed) as failed:
        with served(log, command=command, port=free_port()):
            pytest.fail("a server that exited was served")
    message = str(failed.value)
    assert "exited with 3" in message and str(log) in message
    assert "no such store" in message  # its log's last lines


def test_a_command_needs_its_port(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        with served(tmp_path / "x.log", command=[sys.executable, "-c", "pass"]):
            pass
    assert not (tmp_path / "x.log").exists()  # nothing was started
