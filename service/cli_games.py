"""``plateau export``, ``plateau import`` and ``plateau verify``: whole games in and out.

* ``export GAME_ID`` prints one game as JSON (format ``plateau-game/2``:
  summary, events, command log, and the seed once finished); ``export --all``
  (or ``--ruleset``, ``--status``, ``--since``) streams many as NDJSON, one
  game a line. With ``-o FILE`` an interrupted bulk export resumes: games
  already in the file are skipped and new ones appended.
* ``import FILE...`` reads JSON or NDJSON exports, audits each one and stores
  those that pass (``--new-id`` to store under fresh ids).
* ``verify FILE|GAME_ID [--base URL]`` is the check a player runs alone: the
  seed matches its commitment and every random outcome in the log follows
  from it. One verdict line per game; exit status 0 only when all pass.

Long runs draw a progress bar on standard error when it is a terminal.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

import msgspec


class Progress:
    """A one-line progress bar on stderr, drawn only on a terminal."""

    def __init__(self, label: str, total: int | None, stream: IO[str] | None = None) -> None:
        self.label = label
        self.total = total
        self.done = 0
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty()
        self._last = 0.0

    def step(self, n: int = 1) -> None:
        self.done += n
        now = time.monotonic()
        if self.enabled and (now - self._last > 0.1 or self.done == self.total):
            self._last = now
            self._draw()

    def _draw(self) -> None:
        if self.total:
            filled = int(30 * self.done / self.total)
            bar = "#" * filled + "." * (30 - filled)
            text = f"\r{self.label} [{bar}] {self.done}/{self.total}"
        else:
            text = f"\r{self.label} {self.done}"
        self.stream.write(text)
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self._draw()
            self.stream.write("\n")
            self.stream.flush()


def _settings() -> Any:
    from service.settings import Settings

    return Settings.from_env()


async def _open_store() -> Any:
    from service.store import open_store

    store = open_store(_settings().database_url)
    await store.open()
    return store


def _line(doc: Any) -> str:
    return msgspec.json.encode(doc).decode()


# --- export ---------------------------------------------------------------------------


def _since(value: str | None) -> datetime | None:
    if value is None:
        return None
    parsed = datetime.fromisoformat(value)
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


async def _selected(store: Any, args: argparse.Namespace) -> AsyncIterator[Any]:
    """Games matching the filters, newest first, page by page."""
    since = _since(args.since)
    cursor = None
    while True:
        page, cursor = await store.list_games(
            ruleset=args.ruleset, status=args.status, limit=200, cursor=cursor
        )
        for game in page:
            if since is not None and game.created_at < since:
                return
            yield game
        if cursor is None:
            return


def _already_exported(path: str | None) -> set[str]:
    """The games a previous run wrote to ``path``. A last line cut short by an
    interruption is removed, so the file stays one whole game a line."""
    if not path or not os.path.exists(path):
        return set()
    done: set[str] = set()
    good = 0
    with open(path, "rb") as fh:
        for raw in fh:
            if not raw.endswith(b"\n"):
                break
            try:
                done.add(json.loads(raw)["game"]["game_id"])
            except (ValueError, KeyError, TypeError):
                break
            good += len(raw)
    with open(path, "r+b") as fh:
        fh.truncate(good)
    return done


async def _export(args: argparse.Namespace) -> int:
    from service.exports import export_game

    store = await _open_store()
    try:
        if args.game_id:
            game = await store.get_game(args.game_id)
            if game is None:
                print(f"plateau: no game {args.game_id}", file=sys.stderr)
                return 1
            doc = await export_game(store, game, with_seed=True if args.with_seed else None)
            text = json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
            if args.output:
                Path(args.output).write_text(text, encoding="utf-8")
            else:
                sys.stdout.write(text)
            return 0
        games = [g async for g in _selected(store, args)]
        skip = _already_exported(args.output)
        todo = [g for g in reversed(games) if g.game_id not in skip]  # oldest first
        out: IO[str]
        out = open(args.output, "a", encoding="utf-8") if args.output else sys.stdout
        progress = Progress("exporting", len(todo))
        try:
            for game in todo:
                doc = await export_game(store, game, with_seed=True if args.with_seed else None)
                out.write(_line(doc) + "\n")
                out.flush()
                progress.step()
        finally:
            progress.close()
            if out is not sys.stdout:
                out.close()
        print(
            f"plateau: exported {len(todo)} game(s)"
            + (
                f", {len(skip & {g.game_id for g in games})} already in {args.output}"
                if skip
                else ""
            ),
            file=sys.stderr,
        )
        return 0
    finally:
        await store.close()


def cmd_export(args: argparse.Namespace) -> int:
    if not args.game_id and not (args.all or args.ruleset or args.status or args.since):
        print(
            "plateau export: name a game, or --all / --ruleset / --status / --since",
            file=sys.stderr,
        )
        return 2
    return asyncio.run(_export(args))


# --- reading exports --------------------------------------------------------------------


def read_documents(path: str) -> Iterator[Any]:
    """The exports in a file: one JSON document, or NDJSON (one per line)."""
    text = Path(path).read_text(encoding="utf-8")
    try:
        yield json.loads(text)
        return
    except json.JSONDecodeError:
        pass
    for number, raw in enumerate(text.splitlines(), start=1):
        if raw.strip():
            try:
                yield json.loads(raw)
            except json.JSONDecodeError as exc:
                raise SystemExit(f"plateau: {path}:{number}: not JSON: {exc}") from None


def _count_lines(paths: list[str]) -> int:
    total = 0
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            total += sum(1 for raw in fh if raw.strip())
    return total


def _name(doc: Any) -> str:
    try:
        return f"{doc['game']['ruleset']} {doc['game']['game_id']}"
    except (KeyError, TypeError):
        return "(not an export)"


# --- import -----------------------------------------------------------------------------


async def _import(args: argparse.Namespace) -> int:
    from service.exports import ExportRejected, import_export
    from service.store.base import GameAlreadyExists

    store = await _open_store()
    stored = refused = existing = 0
    progress = Progress("importing", _count_lines(args.files))
    try:
        for path in args.files:
            for doc in read_documents(path):
                try:
                    game, tokens, _ = await import_export(store, doc, new_id=args.new_id)
                except ExportRejected as exc:
                    refused += 1
                    where = f" at version {exc.version}" if exc.version else ""
                    print(
                        f"\nrefused {_name(doc)}{where}: {exc.reason}: {exc.message}",
                        file=sys.stderr,
                    )
                except GameAlreadyExists:
                    existing += 1
                else:
                    stored += 1
                    if tokens:
                        print(_line({"game_id": game.game_id, "tokens": tokens}))
                progress.step()
    finally:
        progress.close()
        await store.close()
    print(
        f"plateau: imported {stored} game(s), {existing} already here, {refused} refused",
        file=sys.stderr,
    )
    return 1 if refused else 0


def cmd_import(args: argparse.Namespace) -> int:
    return asyncio.run(_import(args))


# --- verify -----------------------------------------------------------------------------


async def _documents_for(args: argparse.Namespace) -> list[Any]:
    target = args.target
    if os.path.exists(target):
        return list(read_documents(target))
    if args.base:
        import httpx

        url = f"{args.base.rstrip('/')}/games/{target}/export"
        async with httpx.AsyncClient(timeout=60) as client:
            r = await client.get(url)
        if r.status_code != 200:
            try:
                detail = r.json().get("detail", r.text)
            except ValueError:
                detail = r.text
            raise SystemExit(f"plateau verify: {url} answered {r.status_code}: {detail}")
        return [r.json()]
    from service.exports import export_game

    store = await _open_store()
    try:
        game = await store.get_game(target)
        if game is None:
            raise SystemExit(f"plateau verify: no file and no game {target!r}")
        return [await export_game(store, game)]
    finally:
        await store.close()


def cmd_verify(args: argparse.Namespace) -> int:
    from service.exports import ExportRejected, audit_export

    documents = asyncio.run(_documents_for(args))
    failed = 0
    for doc in documents:
        try:
            report = audit_export(json.loads(json.dumps(doc)))
            verdict = report.verdict
            ok = report.ok
        except ExportRejected as exc:
            verdict, ok = f"FAILED: {exc.reason}: {exc.message}", False
        failed += not ok
        print(f"{_name(doc)}: {verdict}")
    return 1 if failed else 0


# --- wiring -----------------------------------------------------------------------------


def register(sub: Any) -> None:
    """Add ``export``, ``import`` and ``verify`` to the ``plateau`` parser."""
    export = sub.add_parser(
        "export",
        help="export a game as JSON, or many as NDJSON (--all, --ruleset, --status, --since)",
    )
    export.add_argument("game_id", nargs="?", help="one game (JSON); omit with a filter")
    export.add_argument("--all", action="store_true", help="every game (NDJSON)")
    export.add_argument("--ruleset", default=None)
    export.add_argument("--status", choices=["waiting", "active", "finished"], default=None)
    export.add_argument("--since", default=None, help="games created at or after (ISO 8601)")
    export.add_argument("--output", "-o", default=None, help="a file; a bulk export resumes in it")
    export.add_argument(
        "--with-seed",
        action="store_true",
        help="include the secret seed of games still in play (an operator moving them)",
    )
    export.set_defaults(func=cmd_export)
    imp = sub.add_parser("import", help="audit and store exported games (JSON or NDJSON files)")
    imp.add_argument("files", nargs="+")
    imp.add_argument("--new-id", action="store_true", help="store under new game ids")
    imp.set_defaults(func=cmd_import)
    verify = sub.add_parser(
        "verify", help="check that no roll was chosen: the seed and every random outcome"
    )
    verify.add_argument("target", help="an export file, or a game id")
    verify.add_argument("--base", default=None, help="read the game from this server's API")
    verify.set_defaults(func=cmd_verify)
