"""Servers the fault suite owns: its own PostgreSQL cluster, Redis and ``plateau serve``.

Never the machine's shared servers: the suite stops and kills these on purpose.

* ``Postgres``: ``initdb`` into a temporary folder (owned by ``postgres`` and
  run as that user through ``runuser`` when we are root), on a free port,
  Unix socket in the same folder; ``stop(immediate=True)`` is a crash.
* ``Redis``: ``redis-server`` on a free port, no persistence.
* ``Server``: ``plateau serve --workers N`` (started and awaited as in
  ``tests.servers``), its output in a log file; finds its worker processes
  through ``/proc``.
"""

from __future__ import annotations

import glob
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Collection
from pathlib import Path

from tests.servers import (
    START_TIMEOUT,
    free_port,
    launch,
    log_tail,
    serve_command,
    wait_answering,
)


class SetupError(RuntimeError):
    pass


def wait_until(predicate, timeout: float, what: str, interval: float = 0.1) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while True:
        try:
            if predicate():
                return
        except Exception:
            pass
        if time.monotonic() > deadline:
            raise SetupError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(interval)


def port_open(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


def _pg_bin() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), reverse=True)
    if found:
        return Path(found[0]).parent
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).parent
    raise SetupError("no PostgreSQL server binaries (initdb) under /usr/lib/postgresql/*/bin")


class Postgres:
    def __init__(self) -> None:
        self.bin = _pg_bin()
        self.root = Path(tempfile.mkdtemp(prefix="plateau-faults-pg-"))
        self.data = self.root / "data"
        self.logfile = self.root / "postgres.log"
        self.port = free_port()
        self.as_root = os.geteuid() == 0
        if self.as_root:
            shutil.chown(self.root, "postgres", "postgres")
            os.chmod(self.root, 0o700)

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/plateau"

    def _run(
        self, *args: str, check: bool = True, timeout: float = 60
    ) -> subprocess.CompletedProcess[str]:
        cmd = list(args)
        if self.as_root:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        return subprocess.run(cmd, capture_output=True, text=True, check=check, timeout=timeout)

    def init(self) -> None:
        try:
            self._run(
                str(self.bin / "initdb"),
                "-D",
                str(self.data),
                "-U",
                "postgres",
                "--auth=trust",
                "--no-sync",
                "-E",
                "UTF8",
            )
        except subprocess.CalledProcessError as exc:
            raise SetupError(f"initdb failed:\n{exc.stdout}\n{exc.stderr}") from exc
        with open(self.data / "postgresql.conf", "a") as fh:
            fh.write(
                f"\nport = {self.port}\nlisten_addresses = '127.0.0.1'\n"
                f"unix_socket_directories = '{self.root}'\n"
                # fsync off is safe here: the faults crash PostgreSQL, never the
                # machine. synchronous_commit stays on: with it off, a commit the
                # service acknowledged may be lost in a crash (the audit sees it).
                "fsync = off\nfull_page_writes = off\n"
                "max_connections = 100\nshared_buffers = 32MB\n"
            )
        self.start()
        self.psql("CREATE DATABASE plateau")

    def start(self) -> None:
        result = self._run(
            str(self.bin / "pg_ctl"),
            "-D",
            str(self.data),
            "-l",
            str(self.logfile),
            "-w",
            "-t",
            "60",
            "start",
            check=False,
        )
        if result.returncode != 0:
            raise SetupError(
                f"pg_ctl start failed:\n{result.stdout}\n{result.stderr}\n{self.log_tail()}"
            )

    def stop(self, immediate: bool = False) -> None:
        mode = "immediate" if immediate else "fast"
        self._run(
            str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop", check=False
        )

    def psql(self, sql: str, db: str = "postgres") -> list[tuple[object, ...]]:
        import psycopg

        url = f"postgresql://postgres@127.0.0.1:{self.port}/{db}"
        with psycopg.connect(url, autocommit=True, connect_timeout=5) as conn:
            cur = conn.execute(sql.encode())
            return list(cur.fetchall()) if cur.description else []

    def log_tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.logfile.read_text().splitlines()[-lines:])
        except OSError:
            return ""

    def destroy(self) -> None:
        self.stop(immediate=True)
        shutil.rmtree(self.root, ignore_errors=True)


class Redis:
    def __init__(self) -> None:
        exe = shutil.which("redis-server")
        if exe is None:
            raise SetupError("redis-server is not installed")
        self.exe = exe
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [
                self.exe,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_until(lambda: port_open(self.port), 15, f"redis-server on {self.port}")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.proc = None


def children(pid: int) -> list[int]:
    """The direct child processes of ``pid`` (from /proc)."""
    found: list[int] = []
    for stat in glob.glob("/proc/[0-9]*/stat"):
        try:
            with open(stat) as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.split("/")[2]))
    return sorted(found)


class Server:
    """One ``plateau serve`` process tree on a fixed port."""

    def __init__(
        self, env: dict[str, str], port: int, workers: int, logdir: Path, name: str = "server"
    ) -> None:
        self.env = env
        self.port = port
        self.workers = workers
        self.logdir = logdir
        self.name = name
        self.proc: subprocess.Popen[bytes] | None = None
        self.logs: list[Path] = []
        self.metrics_dir = Path(tempfile.mkdtemp(prefix="plateau-faults-metrics-"))

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = START_TIMEOUT, ready_path: str = "/health/ready") -> None:
        """Start it and wait until ``ready_path`` answers 200 (``/health/live``:
        the workers serve, whether or not the store answers) on every worker."""
        log = self.logdir / f"{self.name}-{len(self.logs) + 1}.log"
        self.logs.append(log)
        env = {**self.env, "PROMETHEUS_MULTIPROC_DIR": str(self.metrics_dir)}
        self.proc = launch(serve_command(self.port, self.workers), env, log)
        self.wait_ready(timeout, ready_path)

    def wait_ready(self, timeout: float = START_TIMEOUT, ready_path: str = "/health/ready") -> None:
        assert self.proc is not None
        wait_answering(self.proc, f"{self.base}{ready_path}", self.logs[-1], timeout)
        # Every worker up (the listener answers as soon as one is).
        wait_until(
            lambda: len(self.worker_pids()) == self.workers, timeout, f"{self.workers} workers"
        )

    def worker_pids(self) -> list[int]:
        return [] if self.proc is None else children(self.proc.pid)

    def replacements(self, killed: Collection[int]) -> set[int] | None:
        """The workers, once there are as many as asked and none is one of ``killed``;
        else None. One reading of /proc: two could see a killed worker not yet reaped in
        the first, then neither it nor its replacement in the second."""
        now = set(self.worker_pids())
        return now if len(now) == self.workers and not now & set(killed) else None

    def kill_worker(self) -> int:
        pids = self.worker_pids()
        if not pids:
            raise SetupError(f"{self.name} has no worker to kill")
        os.kill(pids[0], signal.SIGKILL)
        return pids[0]

    def terminate(self, timeout: float = 30) -> float:
        """SIGTERM the server (the main process, as an orchestrator does); seconds to exit."""
        assert self.proc is not None
        started = time.monotonic()
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired as exc:
            self.kill()
            raise SetupError(f"{self.name} did not exit {timeout} s after SIGTERM") from exc
        return time.monotonic() - started

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.proc.wait()

    def log_text(self) -> str:
        return "\n".join(p.read_text(errors="replace") for p in self.logs if p.exists())

    def log_tail(self, lines: int = 40) -> str:
        return log_tail(self.logs[-1], lines) if self.logs else ""

    def destroy(self) -> None:
        self.kill()
        shutil.rmtree(self.metrics_dir, ignore_errors=True)
