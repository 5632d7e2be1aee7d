"""What ``plateau serve`` sets up before its workers fork reaches the workers that
answer: the collector's thresholds and frozen heap, and the logging switches.

A ``sitecustomize`` on ``PYTHONPATH`` has every process forked by the server write
what it runs with; the test reads the reports of the server's own children (the
workers), which must have answered requests."""

from __future__ import annotations

import json
import time
from pathlib import Path

import httpx

from service.cli import GC_THRESHOLDS, worker_loop
from tests.faults.cluster import children
from tests.servers import served

REPORTER = """
import gc, json, logging, os, threading, time

def _report():
    time.sleep(1.0)  # the worker has imported the app and configured its logging by then
    with open(os.path.join({out!r}, f"{{os.getpid()}}.json"), "w") as fh:
        json.dump(
            {{
                "threshold": list(gc.get_threshold()),
                "frozen": gc.get_freeze_count(),
                "srcfile": logging._srcfile,
                "threads": logging.logThreads,
                "processes": logging.logProcesses,
            }},
            fh,
        )

os.register_at_fork(after_in_child=lambda: threading.Thread(target=_report, daemon=True).start())
"""


def test_the_workers_run_with_the_servers_collector_and_logging_settings(tmp_path: Path) -> None:
    site, out = tmp_path / "site", tmp_path / "reports"
    site.mkdir()
    out.mkdir()
    (site / "sitecustomize.py").write_text(REPORTER.format(out=str(out)))
    env = {"PLATEAU_DATABASE_URL": f"sqlite:///{tmp_path}/plateau.db", "PYTHONPATH": str(site)}
    with served(tmp_path / "server.log", env=env, workers=2) as server:
        for _ in range(10):
            assert httpx.get(f"{server.base}/rulesets", timeout=10).status_code == 200
        workers = set(children(server.pid))
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            reports = {int(p.stem): p for p in out.glob("*.json")}
            if len(workers & reports.keys()) >= 2:
                break
            time.sleep(0.2)
    seen = [json.loads(reports[pid].read_text()) for pid in workers & reports.keys()]
    assert len(seen) >= 2, (workers, sorted(reports))
    for report in seen:
        assert report["threshold"] == list(GC_THRESHOLDS)
        assert report["frozen"] > 10_000  # the app's modules, loaded before the fork
        assert report["srcfile"] is None
        assert report["threads"] is False and report["processes"] is False


def test_worker_loop_is_the_one_asked_for_or_says_why_not() -> None:
    assert worker_loop("uvloop", True) == ("uvloop", None)
    assert worker_loop("asyncio", True) == ("asyncio", None)
    assert worker_loop("asyncio", False) == ("asyncio", None)
    loop, warning = worker_loop("uvloop", False)
    assert loop == "asyncio"
    assert warning is not None and "PLATEAU_LOOP=uvloop" in warning and "asyncio" in warning


def test_serve_warns_when_uvloop_is_asked_for_but_missing(tmp_path: Path) -> None:
    """uvloop hidden from the server (``sys.modules["uvloop"] = None``: not found, as on
    an install without it): it serves on the standard loop and says so at start."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text('import sys\nsys.modules["uvloop"] = None\n')
    log = tmp_path / "server.log"
    env = {"PLATEAU_DATABASE_URL": f"sqlite:///{tmp_path}/plateau.db", "PYTHONPATH": str(site)}
    with served(log, env=env, workers=1) as server:
        assert httpx.get(f"{server.base}/rulesets", timeout=10).status_code == 200
    said = log.read_text()
    assert "loop asyncio" in said
    assert "warning: PLATEAU_LOOP=uvloop but uvloop is not installed here" in said


def test_serve_says_nothing_of_the_loop_when_uvloop_is_there(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    env = {"PLATEAU_DATABASE_URL": f"sqlite:///{tmp_path}/plateau.db"}
    with served(log, env=env, workers=1) as server:
        assert httpx.get(f"{server.base}/rulesets", timeout=10).status_code == 200
    said = log.read_text()
    assert "loop uvloop" in said
    assert "uvloop is not installed" not in said
