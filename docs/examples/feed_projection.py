"""A projection built only from Plateau's global feed: per ruleset, how many games
started, how many finished, and their mean length in events.

    python docs/examples/feed_projection.py --base http://127.0.0.1:8000

It reads ``GET /events?after=<position>`` page by page and keeps its position,
so a second run (or a crash and restart) resumes where it stopped: pass
``--state FILE`` to keep the position and the counts between runs.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import httpx


def project(base: str, state: dict[str, Any] | None = None) -> dict[str, Any]:
    state = state or {"position": 0, "games": {}}
    games: dict[str, dict[str, Any]] = state["games"]
    with httpx.Client(base_url=base, timeout=30) as client:
        while True:
            page = client.get("/events", params={"after": state["position"], "limit": 1000})
            page.raise_for_status()
            body = page.json()
            for item in body["events"]:
                game = games.setdefault(
                    item["game_id"], {"ruleset": item["ruleset"], "events": 0, "finished": False}
                )
                game["events"] = item["version"]
                if item["event"]["type"].endswith(".game_ended"):
                    game["finished"] = True
            if not body["events"]:
                return state
            state["position"] = body["last_position"]


def report(state: dict[str, Any]) -> dict[str, dict[str, float]]:
    by_ruleset: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for game in state["games"].values():
        by_ruleset[game["ruleset"]].append(game)
    table = {}
    for ruleset, games in sorted(by_ruleset.items()):
        finished = [g for g in games if g["finished"]]
        table[ruleset] = {
            "started": len(games),
            "finished": len(finished),
            "mean_events_when_finished": (
                round(sum(g["events"] for g in finished) / len(finished), 1) if finished else 0.0
            ),
        }
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="http://127.0.0.1:8000")
    parser.add_argument("--state", type=Path, default=None, help="keep position and counts here")
    args = parser.parse_args()
    state = json.loads(args.state.read_text()) if args.state and args.state.exists() else None
    state = project(args.base, state)
    if args.state:
        args.state.write_text(json.dumps(state))
    print(json.dumps(report(state), indent=2))


if __name__ == "__main__":
    main()
