"""Servers the tests start for real: a free loopback port and a served Plateau.

One way to start ``plateau serve`` (or another server command, such as the
benchmarks' granian hello app), wait until it answers, and stop it, with one
timeout policy::

    from tests.servers import served

    with served(tmp_path / "server.log", env={"PLATEAU_DATABASE_URL": url}, workers=2) as server:
        httpx.get(f"{server.base}/games")

The timeout policy (the same for every test, fixture and benchmark):

* ``START_TIMEOUT`` (180 s): how long a server may take to answer its ready
  path. ``plateau serve --workers 2`` took 15 s on the 2-core machine while
  other test runs shared it; 180 s was the largest bound any test had (the
  docs UI's), so no test waits less than it did. It is a bound against a
  hang, never a measure of speed: a server that exits fails at once, with
  its log.
* ``STOP_TIMEOUT`` (20 s): between SIGTERM and SIGKILL when it stops: more
  than the server's own graceful shutdown (``PLATEAU_SHUTDOWN_TIMEOUT``, 10 s
  by default, for in-flight requests).
* ``PROBE_TIMEOUT`` (2 s) for each request of the wait, one every
  ``POLL_INTERVAL`` (0.2 s).

The server runs in a process group of its own (its workers with it): it is
signalled as a whole, and on exit whatever is left of the group is killed, so
no process outlives the ``with``. Its output goes to a log file (never an
unread pipe, whose full buffer would block the server's logging and so its
requests); a server that does not start raises ``ServerFailed`` naming that
file, with its last lines.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
PLATEAU = str(Path(sys.executable).with_name("plateau"))
"""The ``plateau`` command of this virtual environment."""

START_TIMEOUT = 180.0
"""Seconds a server may take to answer its ready path (a bound against a hang)."""
STOP_TIMEOUT = 20.0
"""Seconds from SIGTERM to SIGKILL when a server stops."""
PROBE_TIMEOUT = 2.0
"""Seconds each readiness request may take."""
POLL_INTERVAL = 0.2
"""Seconds between readiness requests."""
LOG_TAIL_LINES = 40
"""Lines of a server's log quoted when it fails to start."""


class ServerFailed(RuntimeError):
    """A server exited, or did not answer in ``START_TIMEOUT``; the message names its log."""


def free_port() -> int:
    """A TCP port of 127.0.0.1 that nothing listens on (the system's choice)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def environment(changes: Mapping[str, str | None]) -> dict[str, str]:
    """This process's environment with ``changes``: a value of ``None`` removes the name."""
    env = dict(os.environ)
    for name, value in changes.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return env


def log_tail(log: Path, lines: int = LOG_TAIL_LINES) -> str:
    """The last ``lines`` lines of a log file ("" when there is none yet)."""
    try:
        return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


def serve_command(port: int, workers: int | None = None, args: Sequence[str] = ()) -> list[str]:
    """``plateau serve`` on 127.0.0.1:``port`` (with ``--workers`` when given, then ``args``)."""
    argv = [PLATEAU, "serve", "--host", "127.0.0.1", "--port", str(port)]
    if workers is not None:
        argv += ["--workers", str(workers)]
    return argv + list(args)


def launch(argv: Sequence[str], env: Mapping[str, str], log: Path) -> subprocess.Popen[bytes]:
    """Start ``argv`` in the checkout, in a new process group, its output into ``log``
    (its folder made if need be)."""
    log.parent.mkdir(parents=True, exist_ok=True)
    with open(log, "wb") as out:  # the child keeps its own descriptor
        return subprocess.Popen(
            list(argv),
            cwd=ROOT,
            env=dict(env),
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )


def wait_answering(
    process: subprocess.Popen[bytes], url: str, log: Path, timeout: float = START_TIMEOUT
) -> None:
    """Until ``url`` answers 200: ``ServerFailed`` (naming ``log``) if the process
    exits first or ``timeout`` seconds pass."""
    deadline = time.monotonic() + timeout
    while True:
        if process.poll() is not None:
            raise ServerFailed(
                f"the server (pid {process.pid}) exited with {process.returncode}"
                f" before {url} answered; its log: {log}\n{log_tail(log)}"
            )
        try:
            if httpx.get(url, timeout=PROBE_TIMEOUT).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline:
            raise ServerFailed(
                f"{url} did not answer in {timeout:.0f} s; its log: {log}\n{log_tail(log)}"
            )
        time.sleep(POLL_INTERVAL)


def group_members(group: int) -> list[int]:
    """The live processes of a process group (from /proc; a zombie is not alive)."""
    members = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        if int(fields[2]) == group and fields[0] != "Z":  # [0]: state; [2]: group
            members.append(int(stat.parent.name))
    return members


def stop(process: subprocess.Popen[bytes], timeout: float = STOP_TIMEOUT) -> None:
    """SIGTERM to the process group, SIGKILL after ``timeout`` s to whatever is left
    of it (the leader, or a worker it left behind), and wait until none is alive."""
    group = process.pid  # start_new_session: the leader's pid is the group's id
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(group, sig)
        except ProcessLookupError:  # the whole group has gone
            break
        with suppress(subprocess.TimeoutExpired):
            process.wait(timeout)
    process.wait()
    deadline = time.monotonic() + timeout
    while group_members(group) and time.monotonic() < deadline:  # killed, not yet gone
        time.sleep(0.05)


@dataclass(frozen=True)
class Served:
    """A running server: its base URL, its log file and its process (a group leader)."""

    base: str
    port: int
    log: Path
    process: subprocess.Popen[bytes]

    @property
    def pid(self) -> int:
        """The server's pid, which is also its process group's id."""
        return self.process.pid


@contextmanager
def served(
    log: Path,
    *,
    env: Mapping[str, str | None] | None = None,
    workers: int | None = None,
    args: Sequence[str] = (),
    command: Sequence[str] | None = None,
    port: int | None = None,
    ready_path: str = "/health/ready",
) -> Iterator[Served]:
    """``plateau serve`` on 127.0.0.1 and a free port, from its start until it answers
    ``ready_path`` with 200 (``/health/ready``: the store is reachable), to its stop.

    ``log``: the file its output goes to (created or truncated). ``env``: changes
    to this process's environment (``None`` removes a name). ``workers``: its
    ``--workers``; ``args``: more arguments of ``plateau serve``. ``command``:
    another server's command line instead, listening on ``port`` (which it
    must then name; ``free_port()`` picks one).
    """
    if command is None:
        port = free_port() if port is None else port
        argv = serve_command(port, workers, args)
    elif port is None:
        raise ValueError("a server command needs the port it listens on")
    else:
        argv = list(command)
    process = launch(argv, environment(env or {}), log)
    try:
        base = f"http://127.0.0.1:{port}"
        wait_answering(process, base + ready_path, log)
        yield Served(base, port, log, process)
    finally:
        stop(process)
