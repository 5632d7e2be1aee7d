"""The fault run from the command line; ``--minutes N`` makes it a soak.

    .venv/bin/python -m tests.faults.soak              # the default 60-second fault run
    .venv/bin/python -m tests.faults.soak --minutes 10 # + 10 minutes of steady load

A soak runs the fault sequence first, then keeps the players going for N
minutes and reports each worker's memory, open descriptors and database
connections 30 s after the last restart and at the end. The report (JSON) is
printed and written to ``bench-results/faults-soak.json``; the exit status is
1 when the audit found a problem.
"""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path

from tests.faults.scenario import run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.faults.soak")
    parser.add_argument("--minutes", type=float, default=0.0, help="steady load after the faults")
    parser.add_argument("--seconds", type=float, default=60.0, help="length of the fault sequence")
    parser.add_argument("--clients", type=int, default=12)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--output", default="bench-results/faults-soak.json")
    args = parser.parse_args(argv)
    report = asyncio.run(
        run(args.seconds, clients=args.clients, seed=args.seed, soak_minutes=args.minutes)
    )
    text = json.dumps(report, indent=2)
    print(text)
    out = Path(args.output)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text + "\n")
    return 1 if report["problems"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
