"""``plateau export``, ``import``, ``verify`` and ``fork``: whole games in and out.

* ``export GAME_ID`` prints one game as JSON (format ``plateau-game/2``:
  summary, events, command log, and the seed once finished); ``export --all``
  (or ``--ruleset``, ``--status``, ``--since``) streams many as NDJSON, one
  game a line. With ``-o FILE`` an interrupted bulk export resumes: games
  already in the file are skipped and new ones appended. A game still in
  play is written as a spectator sees it (``--as-seat SEAT``: as that seat
  does), hidden information left out; ``--with-seed`` writes it whole, seed
  included (an operator moving it to another server).
* ``import FILE...`` reads JSON or NDJSON exports, checks and audits each one
  as ``POST /games/import`` does (with no CPU budget: this is the operator)
  and stores those that pass (``--new-id`` to store under fresh ids).
* ``verify FILE|GAME_ID [--base URL]`` is the check a player runs alone: the
  seed matches its commitment and every random outcome in the log follows
  from it; of a fork, that its copied events are the original's (when the
  original is at hand: in the same file, store or server) and that its
  outcomes after them follow from its own seed. One verdict line per game;
  exit status 0 only when all pass.
* ``fork GAME_ID --version N [--same-seed] [--base URL]`` makes a fork of a
  game at a resting version, as ``POST /games/{game_id}/fork`` does: in the
  store as the operator (any game), or through a server's API (``--base``,
  with ``PLATEAU_OPERATOR_TOKEN`` when set). Prints the fork's summary.

Input that is not JSON (or nested too deeply, or no file at all) is a
one-line error and exit status 2, like every other input error. Long runs
draw a progress bar on standard error when it is a terminal.
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
    from service.settings import pooler_options
    from service.store import open_store

    settings = _settings()
    store = open_store(settings.database_url, **pooler_options(settings))
    await store.open()
    return store


def _line(doc: Any) -> str:
    return msgspec.json.encode(doc).decode()


class InputError(Exception):
    """A file the command cannot read as JSON: one line on stderr, exit status 2."""


def input_error(command: str, exc: InputError) -> int:
    print(f"plateau {command}: {exc}", file=sys.stderr)
    return 2


def _decode(raw: bytes, where: str) -> Any:
    try:
        return msgspec.json.decode(raw)
    except msgspec.DecodeError as exc:
        raise InputError(f"{where}: not JSON: {exc}") from None
    except RecursionError:
        raise InputError(f"{where}: JSON nested too deeply") from None


def load_json_file(path: str) -> Any:
    """One JSON document from ``path``; InputError when it cannot be read as one."""
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise InputError(f"{path}: {exc.strerror or exc}") from None
    return _decode(raw, path)


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
            except (ValueError, KeyError, TypeError, RecursionError):
                break
            good += len(raw)
    with open(path, "r+b") as fh:
        fh.truncate(good)
    return done


async def _export(args: argparse.Namespace) -> int:
    from service.games.exports import export_game

    store = await _open_store()
    try:
        if args.game_id:
            game = await store.get_game(args.game_id)
            if game is None:
                print(f"plateau: no game {args.game_id}", file=sys.stderr)
                return 1
            doc = await export_game(store, game, **_export_options(args))
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
                doc = await export_game(store, game, **_export_options(args))
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


def _export_options(args: argparse.Namespace) -> dict[str, Any]:
    """``export_game``'s options: a game in play whole with its seed (``--with-seed``),
    else as a spectator (or ``--as-seat``) sees it."""
    from service.games.exports import SPECTATOR

    if args.with_seed:
        return {"with_seed": True}
    return {"view": args.as_seat or SPECTATOR}


def cmd_export(args: argparse.Namespace) -> int:
    if not args.game_id and not (args.all or args.ruleset or args.status or args.since):
        print(
            "plateau export: name a game, or --all / --ruleset / --status / --since",
            file=sys.stderr,
        )
        return 2
    if args.with_seed and args.as_seat:
        print(
            "plateau export: --with-seed writes the whole game; --as-seat redacts it: not both",
            file=sys.stderr,
        )
        return 2
    if args.as_seat and not args.game_id:
        print("plateau export: --as-seat names a seat of one game: name the game", file=sys.stderr)
        return 2
    try:
        return asyncio.run(_export(args))
    except ValueError as exc:  # --as-seat names no seat of the game
        print(f"plateau export: {exc}", file=sys.stderr)
        return 2


# --- reading exports --------------------------------------------------------------------


def read_documents(path: str) -> Iterator[Any]:
    """The exports in a file: one JSON document, or NDJSON (one per line).
    Raises InputError for a file that is neither (or cannot be read)."""
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise InputError(f"{path}: {exc.strerror or exc}") from None
    try:
        yield msgspec.json.decode(raw)
        return
    except msgspec.DecodeError:
        pass
    except RecursionError:
        raise InputError(f"{path}: JSON nested too deeply") from None
    for number, line in enumerate(raw.splitlines(), start=1):
        if line.strip():
            yield _decode(line, f"{path}:{number}")


def _count_documents(paths: list[str]) -> int:
    """The exports in ``paths``, every one read once: a file that is not JSON or
    NDJSON is refused (InputError) before anything is imported."""
    return sum(1 for path in paths for _ in read_documents(path))


def _name(doc: Any) -> str:
    try:
        return f"{doc['game']['ruleset']} {doc['game']['game_id']}"
    except (KeyError, TypeError):
        return "(not an export)"


# --- import -----------------------------------------------------------------------------


async def _import(args: argparse.Namespace) -> int:
    from service.games.exports import IMPORTED_IN_PLAY, ExportRejected
    from service.games.imports import ImportRules, MalformedImport, import_export
    from service.store.base import GameAlreadyExists

    total = _count_documents(args.files)  # an unreadable file is refused before the store opens
    rules = ImportRules(in_play=True, new_id=args.new_id, snapshot_every=_settings().snapshot_every)
    store = await _open_store()
    stored = refused = existing = 0
    progress = Progress("importing", total)
    try:
        for path in args.files:
            for doc in read_documents(path):
                try:
                    prepared = await import_export(store, doc, rules)
                except (ExportRejected, MalformedImport) as exc:
                    refused += 1
                    print(f"\nrefused {_name(doc)}: {_refusal(exc)}", file=sys.stderr)
                except GameAlreadyExists:
                    existing += 1
                else:
                    stored += 1
                    game = prepared.bundle.game
                    if game.imported == "in_play":
                        print(f"\nimported {_name(doc)}: {IMPORTED_IN_PLAY}", file=sys.stderr)
                    if prepared.tokens:
                        print(_line({"game_id": game.game_id, "tokens": prepared.tokens}))
                progress.step()
    finally:
        progress.close()
        await store.close()
    print(
        f"plateau: imported {stored} game(s), {existing} already here, {refused} refused",
        file=sys.stderr,
    )
    return 1 if refused else 0


def _refusal(exc: Exception) -> str:
    from service.games.exports import ExportRejected

    if isinstance(exc, ExportRejected):
        where = f"at version {exc.version}: " if exc.version else ""
        return f"{where}{exc.reason}: {exc.message}"
    return f"invalid_request: {exc}"


def cmd_import(args: argparse.Namespace) -> int:
    try:
        return asyncio.run(_import(args))
    except InputError as exc:
        return input_error("import", exc)


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
        return [_decode(r.content, url)]
    from service.games.exports import export_game

    store = await _open_store()
    try:
        game = await store.get_game(target)
        if game is None:
            raise SystemExit(f"plateau verify: no file and no game {target!r}")
        return [await export_game(store, game)]
    finally:
        await store.close()


def _origin(doc: Any) -> str | None:
    """The id of the game ``doc`` was forked from (None for no fork)."""
    game = doc.get("game") if isinstance(doc, dict) else None
    origin = game.get("forked_from") if isinstance(game, dict) else None
    return str(origin["game_id"]) if isinstance(origin, dict) and "game_id" in origin else None


async def _originals(args: argparse.Namespace, documents: list[Any]) -> dict[str, Any]:
    """The exports of the games the forks among ``documents`` come from, when at
    hand: in the same file, else where the fork was read (the store, or
    ``--base``'s export of a finished game)."""
    found = {
        str(d["game"]["game_id"]): d
        for d in documents
        if isinstance(d, dict) and isinstance(d.get("game"), dict) and "game_id" in d["game"]
    }
    wanted = {o for o in map(_origin, documents) if o is not None} - set(found)
    if not wanted or os.path.exists(args.target):
        return found
    if args.base:
        import httpx

        async with httpx.AsyncClient(timeout=60) as client:
            for game_id in wanted:
                r = await client.get(f"{args.base.rstrip('/')}/games/{game_id}/export")
                if r.status_code == 200:
                    found[game_id] = _decode(r.content, game_id)
        return found
    from service.games.exports import export_game

    store = await _open_store()
    try:
        for game_id in wanted:
            game = await store.get_game(game_id)
            if game is not None:
                found[game_id] = await export_game(store, game)
    finally:
        await store.close()
    return found


def cmd_verify(args: argparse.Namespace) -> int:
    from service.games.exports import ExportRejected, audit_export, fork_copy, verdict

    try:
        documents = asyncio.run(_documents_for(args))
        originals = asyncio.run(_originals(args, documents))
    except InputError as exc:
        return input_error("verify", exc)
    failed = 0
    for doc in documents:
        try:
            plain = msgspec.json.decode(msgspec.json.encode(doc))
            report = audit_export(plain)
            game = doc.get("game") if isinstance(doc, dict) else None
            line = verdict(report, game.get("imported") if isinstance(game, dict) else None)
            ok = report.ok
            origin = _origin(doc)
            if ok and origin is not None:
                original = originals.get(origin)
                copied = fork_copy(
                    plain,
                    None
                    if original is None
                    else msgspec.json.decode(msgspec.json.encode(original)),
                )
                ok = not copied.startswith("FAILED")
                line = copied if not ok else f"{line}; {copied}"
        except ExportRejected as exc:
            line, ok = f"FAILED: {exc.reason}: {exc.message}", False
        failed += not ok
        print(f"{_name(doc)}: {line}")
    return 1 if failed else 0


# --- fork -------------------------------------------------------------------------------


async def _fork_in_store(args: argparse.Namespace) -> dict[str, Any]:
    """A fork made in the store, as the operator; the fork's summary."""
    from service.cache.memory import MemoryStateCache
    from service.cache.notifier import MemoryNotifier
    from service.games import GameService

    settings = _settings()
    store = await _open_store()
    try:
        svc = GameService(settings, store, MemoryStateCache(), MemoryNotifier())
        fork = await svc.seats.fork_game(
            args.game_id, args.version, same_seed=args.same_seed, operator=True
        )
        summary: dict[str, Any] = msgspec.to_builtins(await svc.reads.summary(fork))
        return summary
    finally:
        await store.close()


def _fork_over_http(args: argparse.Namespace) -> tuple[int, dict[str, Any]]:
    """``POST {base}/games/{id}/fork`` (the operator's token when set): (status, body)."""
    import httpx

    headers = {}
    token = os.environ.get("PLATEAU_OPERATOR_TOKEN")
    if token:
        headers["Authorization"] = f"Bearer {token}"
    body = {"version": args.version, "same_seed": args.same_seed}
    url = f"{args.base.rstrip('/')}/games/{args.game_id}/fork"
    with httpx.Client(timeout=60) as client:
        r = client.post(url, json=body, headers=headers)
    try:
        answer = dict(r.json())
    except ValueError:
        answer = {"detail": r.text}
    return r.status_code, answer


def cmd_fork(args: argparse.Namespace) -> int:
    from service.games.exceptions import ServiceError

    if args.version < 0:
        print("plateau fork: --version is a version (0 or more)", file=sys.stderr)
        return 2
    if args.base:
        status, answer = _fork_over_http(args)
        if status != 201:
            code = answer.get("code", status)
            print(f"plateau fork: {code}: {answer.get('detail', '')}", file=sys.stderr)
            details = answer.get("details")
            if details:
                print(f"plateau fork: {_line(details)}", file=sys.stderr)
            return 1
    else:
        try:
            answer = asyncio.run(_fork_in_store(args))
        except ServiceError as exc:
            print(f"plateau fork: {exc.code}: {exc.detail}", file=sys.stderr)
            if exc.details:
                print(f"plateau fork: {_line(exc.details)}", file=sys.stderr)
            return 1
    sys.stdout.write(json.dumps(answer, indent=2, ensure_ascii=False, default=str) + "\n")
    return 0


# --- wiring -----------------------------------------------------------------------------


def register(sub: Any) -> None:
    """Add ``export``, ``import``, ``verify`` and ``fork`` to the ``plateau`` parser."""
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
        help="write games still in play whole, secret seed included (an operator moving them)",
    )
    export.add_argument(
        "--as-seat",
        default=None,
        metavar="SEAT",
        help="write games still in play as SEAT sees them (default: as a spectator)",
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
    forking = sub.add_parser(
        "fork", help="make a new game from a game's first events, at a resting version"
    )
    forking.add_argument("game_id", help="the game to fork")
    forking.add_argument(
        "--version", type=int, required=True, help="a resting version (0: a new start)"
    )
    forking.add_argument(
        "--same-seed", action="store_true", help="keep the original's seed (its luck)"
    )
    forking.add_argument(
        "--base",
        "--url",
        dest="base",
        default=None,
        help="fork through this server's API (with PLATEAU_OPERATOR_TOKEN when set);"
        " default: in the store, as the operator",
    )
    forking.set_defaults(func=cmd_fork)
