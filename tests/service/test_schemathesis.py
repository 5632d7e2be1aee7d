"""schemathesis, as an outside user runs it: its CLI, every check, every phase.

A real ``plateau serve`` on PostgreSQL + Redis (a database and a Redis prefix
of its own); ``schemathesis run openapi/openapi.json --checks all`` against
it: the examples, coverage and fuzzing phases, then the stateful phase, which
walks the document's ``links`` (create a game, claim its seats, read the
legal commands, send them, …; link inference is off, so only the document's
links drive it). It must report 0 failures and 0 errors over at least
``PLATEAU_SCHEMATHESIS_CASES`` generated cases (2,000 by default), and the
server's log of the whole run must hold no 5xx answer and no error record.

Seat tokens come from ``schemathesis_hooks.py``: an auth provider hands out
the tokens the run's own seat claims received (no link can carry a
credential). ``ignored_auth`` then replays authenticated requests without a
token and with a wrong one.

Configuration choices, each about what "valid" means here:

* ``positive_data_acceptance`` also accepts 401, 403, 404, 409, 412 and 422:
  a schema-valid request can name a game that does not exist (404), carry no
  or another seat's token (401/403), come too early or too late for the game
  (409), be stale (412 under ``If-Match``) or break a rule (422 with the
  ruleset's code); a schema cannot express game rules.
* ``object_level_authorization`` is enabled but has nothing to compare: it
  needs fixed identities ("peers") that own objects, and here nothing is
  owned: every game is public (spectators read it), and a seat token is
  issued per game by the claim. What a seat may see is the view filtering,
  tested on every ruleset in ``tests/service/test_api.py`` and the domain.

``PLATEAU_SCHEMATHESIS_CASES=20000`` (for example) asks for a larger run:
more examples per operation and more stateful scenarios, in proportion.
"""

from __future__ import annotations

import json
import os
import re
import resource
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.backends import postgres_database
from tests.servers import served

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = ROOT / "openapi" / "openapi.json"
BIN = Path(sys.executable).parent

DEFAULT_CASES = 2000
CASES = int(os.environ.get("PLATEAU_SCHEMATHESIS_CASES", DEFAULT_CASES))
SEED = int(os.environ.get("PLATEAU_SCHEMATHESIS_SEED", "20261202"))
REQUEST_TIMEOUT = 60
"""Seconds schemathesis waits for an answer (only a hung request takes this long)."""


def run_settings(cases: int) -> tuple[int, int]:
    """(examples per operation, stateful scenarios) for about ``cases`` cases.

    The coverage phase alone generates about 2,000 (every boundary the schema
    defines, whatever the budget); fuzzing adds the examples per operation
    (21 operations) and each stateful scenario about 15 steps.
    """
    extra = max(cases - DEFAULT_CASES, 0)
    return 10 + extra // 20, 60 + extra // 20


CONFIG = """
[checks.positive_data_acceptance]
expected-statuses = ["2xx", "401", "403", "404", "409", "412", "422"]

[phases.stateful]
max-steps = 30

[phases.stateful.generation]
max-examples = {scenarios}

[phases.stateful.inference]
algorithms = []
"""


@pytest.fixture
def server(redis_url: str, redis_prefix: str, tmp_path: Path) -> Iterator[tuple[str, Path, int]]:
    with postgres_database() as database_url:
        env = {
            "PLATEAU_DATABASE_URL": database_url,
            "PLATEAU_REDIS_URL": redis_url,
            "PLATEAU_REDIS_PREFIX": f"{redis_prefix}st:",
            "PLATEAU_LOG_FORMAT": "json",
        }
        with served(tmp_path / "server.log", env=env) as plateau:
            yield plateau.base, plateau.log, plateau.pid


def cpu_seconds(pgid: int) -> float:
    """CPU time so far of every live process in the server's process group."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid:  # fields[2]: pgrp; [11], [12]: utime, stime
            total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def server_answers(log_path: Path) -> list[dict[str, object]]:
    """The access-log records (one a request) and every record above ``info``."""
    records = []
    for line in log_path.read_text(errors="replace").splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if record.get("logger") == "plateau.access" or record.get("level") not in ("info", "debug"):
            records.append(record)
    return records


@pytest.mark.slow
def test_schemathesis_finds_nothing(server: tuple[str, Path, int], tmp_path: Path) -> None:
    base, log_path, server_pid = server
    examples, scenarios = run_settings(CASES)
    config = tmp_path / "schemathesis.toml"
    config.write_text(CONFIG.replace("{scenarios}", str(scenarios)))
    reports = tmp_path / "reports"
    started = time.monotonic()
    server_cpu = cpu_seconds(server_pid)
    client_cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run(
        [str(BIN / "schemathesis"), "--no-color", "--config-file", str(config), "run"]
        + [str(DOCUMENT), "--url", base, "--checks", "all", "--seed", str(SEED)]
        + ["--max-examples", str(examples), "--request-timeout", str(REQUEST_TIMEOUT)]
        + ["--report", "json", "--report-dir", str(reports)],
        cwd=tmp_path,  # its cache (.schemathesis/) stays out of the checkout
        env={
            **os.environ,
            "PYTHONPATH": str(ROOT),
            "SCHEMATHESIS_HOOKS": "tests.service.schemathesis_hooks",
            "PLATEAU_SCHEMATHESIS_BASE_URL": base,
        },
        capture_output=True,
        text=True,
        timeout=3600,
    )
    elapsed = time.monotonic() - started
    server_cpu = cpu_seconds(server_pid) - server_cpu
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    client_cpu_s = usage.ru_utime + usage.ru_stime - client_cpu.ru_utime - client_cpu.ru_stime
    out = r.stdout + r.stderr
    report = json.loads(next(reports.glob("json-*.json")).read_text())
    cases = report["test_cases"]
    phases = "\n".join(re.findall(r"^.*\((?:in )?[0-9.]+s\)$", out, flags=re.MULTILINE))
    # Wall time depends on the machine's load; the CPU seconds spent say what
    # a quiet machine needs (the client and the server take turns).
    print(
        f"schemathesis: {cases['generated']} cases in {elapsed:.0f} s wall, CPU:"
        f" client {client_cpu_s:.0f} s, server {server_cpu:.0f} s\n{phases}\n{out[-1500:]}"
    )
    assert r.returncode == 0, out
    assert report["failures"] == [] and report["errors"] == [], out
    assert cases["with_failures"] == 0 and cases["errored"] == 0, cases
    assert cases["generated"] >= CASES, cases
    assert all(p["status"] == "success" for p in report["phases"].values()), report["phases"]

    # The stateful phase followed the document's links (only those: no
    # inferred ones), through seat claims to the legal commands of a seat.
    line = re.search(r"API Links:.*", out)
    assert line and "inferred" not in line.group(0), out
    covered, total = map(int, re.findall(r"(\d+) (?:covered|total)", line.group(0)))
    assert covered >= total // 2, line.group(0)
    answers = server_answers(log_path)

    def answered(route: str, status: int) -> int:
        return sum(1 for a in answers if a.get("route") == route and a.get("status") == status)

    claims = answered("/games/{game_id}/seats/{seat}", 201)
    legal = answered("/games/{game_id}/legal-commands", 200)
    played = answered("/games/{game_id}/commands", 201)
    print(f"{line.group(0)}; {claims} seats claimed, {legal} legal-command lists, {played} played")
    assert claims and legal, (claims, legal)

    # No answer was held until the client gave up (a stream the hooks failed to
    # bound costs the run a minute each, and says nothing).
    held = [a for a in answers if float(str(a.get("duration_ms", 0))) >= REQUEST_TIMEOUT * 1000]
    assert not held, json.dumps(held[:20], indent=1)

    # The server's log of the whole run: no 5xx, no error.
    errors = [a for a in answers if int(str(a.get("status", 0))) >= 500 or "status" not in a]
    assert not errors, json.dumps(errors[:20], indent=1)
