"""The fault suite: 60 s of concurrent play on ``plateau serve --workers 2``
(own PostgreSQL and Redis) through a worker SIGKILL, Redis down and back,
a PostgreSQL crash and return, and a graceful SIGTERM and restart; then an
audit of every game (see ``scenario.py`` and ``load.py``).

Longer: ``python -m tests.faults.soak --minutes 10``.
"""

from __future__ import annotations

import json
import shutil

from tests.faults.scenario import RECOVERY_LIMIT, run


async def test_no_command_is_lost_or_applied_twice_through_faults() -> None:
    report = await run(60, clients=12, seed=1)
    summary = {k: v for k, v in report.items() if k not in ("timeline",)}
    detail = json.dumps(summary, indent=1)[:6000] + "\n" + "\n".join(report["timeline"])
    assert not report["problems"], detail
    # The run did what it says: many commands acknowledged, across many games.
    assert report["acknowledged"] >= 200, detail
    assert report["games"] >= 12, detail
    assert report["recovery_seconds"] is not None
    assert report["recovery_seconds"] <= RECOVERY_LIMIT, detail
    assert report["ready_without_redis"] == [200, "degraded"], detail
    assert report["ready_without_postgres"][0] == 503, detail
    # A passing run leaves nothing behind (a failing one keeps its servers'
    # logs, named in the report above, for whoever reads the failure).
    shutil.rmtree(report["logs"], ignore_errors=True)
