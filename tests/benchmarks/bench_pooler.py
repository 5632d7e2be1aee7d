"""The service's append under pgbench: direct, and through PgBouncer in
transaction mode (docs/scaling.md). Opt-in, like the rest of tests/benchmarks::

    .venv/bin/python -m tests.benchmarks.bench_pooler [--seconds 8]

Three rows per client count, in one run on one scratch database: the direct
store's ``plateau_append`` (the allocation lock released inside the function),
``plateau_append_pooled`` (PLATEAU_DATABASE_POOLER=transaction: the lock held
to COMMIT) on a direct connection, and the same through a PgBouncer of its own
(``tests.backends.pgbouncer``: ``pool_mode = transaction``, 20 server connections).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os

import psycopg

from service.store.postgres import PostgresEventStore
from tests.backends import base_database_url, pgbouncer, postgres_database, via_pgbouncer
from tests.benchmarks.bench_suite import SERVICE_APPEND_SCRIPT, run_pgbench


async def migrate(url: str) -> None:
    store = PostgresEventStore(url, min_size=1, max_size=1)
    await store.open()  # opening migrates
    await store.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--clients", default="8,32")
    args = parser.parse_args()
    pooled_script = SERVICE_APPEND_SCRIPT.replace("plateau_append(", "plateau_append_pooled(")
    results = []
    with postgres_database(base_database_url()) as url, pgbouncer() as port:
        asyncio.run(migrate(url))
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("ALTER DATABASE " + url.rsplit("/", 1)[1] + " RESET synchronous_commit")
            conn.execute(
                "INSERT INTO games (game_id, ruleset, options, status, version, seed_sha256,"
                " created_at, updated_at) SELECT 'g' || g, 'arkantis', '{}', 'active', 0, 'x',"
                " now(), now() FROM generate_series(1, 1000) g"
            )
        for clients in (int(c) for c in args.clients.split(",")):
            for label, script, target in (
                ("plateau_append, direct", SERVICE_APPEND_SCRIPT, url),
                ("plateau_append_pooled, direct", pooled_script, url),
                ("plateau_append_pooled, PgBouncer", pooled_script, via_pgbouncer(url, port)),
            ):
                tps, latency = run_pgbench(target, script, args.seconds, clients)
                row = {"what": label, "clients": clients, "tps": tps, "latency_ms": latency}
                print(json.dumps(row), flush=True)
                results.append(row)
    print(json.dumps({"load": os.getloadavg(), "results": results}))


if __name__ == "__main__":
    main()
