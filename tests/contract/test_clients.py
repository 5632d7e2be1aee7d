"""Both generated clients play one whole game of every ruleset, fork it and start one
at a named position, and nothing else.

The programs are the documented examples themselves (``docs/examples/play.py``
and ``docs/examples/play.ts``, shown in docs/clients.md): each
is run against one real ``plateau serve`` in sandbox mode on PostgreSQL + Redis
(``conftest.py``), with a client generated here, into a temporary folder, from
the committed document by the pinned outside tool. They create a default game,
claim both seats, then for the seat to act fetch its legal commands, pick one
(seeded random) and send it with ``If-Match`` and ``Idempotency-Key`` until
the game is finished; then read the log and the stream back, fork the game at
a resting version, list the ruleset's named positions and start a game at the
first (a sandbox's privilege: the answer holds the seats' tokens). No raw JSON is
sent or read outside the clients' models (the one exception is the SSE
framing, which no generator models: see ``read_stream`` in the examples).
The TypeScript program plays in the background while the Python client
plays (the server runs two workers); this test then reads its games back
with plain httpx, as an independent check. The server's log must hold no 500
(checked after each test and at the end of the run).
"""

from __future__ import annotations

import random
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from types import ModuleType

import httpx
import pytest

from tests.contract.conftest import EXAMPLES, RULESETS, Server
from tests.contract.generate import BIN, HERE, ROOT, TSC_STRICT, run, typescript_types


@pytest.mark.slow
@pytest.mark.usefixtures("typescript_games")  # (playing meanwhile)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_python_client_plays_a_whole_game(
    ruleset: str, play_py: ModuleType, sandbox_server: Server
) -> None:
    played = play_py.play(sandbox_server.base, ruleset, random.Random(ruleset))
    # The outcome, read through the client's models.
    assert played.status == "finished", played.status
    assert isinstance(played.outcome, play_py.Outcome)
    seats = [standing.seat for standing in played.outcome.standings]
    assert len(seats) == 2 and set(played.outcome.winners) <= set(seats), seats
    assert played.commands > 0
    # The whole log, paged, through EventLog/LoggedEvent; it ends the game.
    versions = [logged.version for logged in played.log]
    assert versions == list(range(1, played.version + 1))
    assert all(isinstance(logged, play_py.LoggedEvent) for logged in played.log)
    assert type(played.log[-1].event).__name__.endswith("GameEnded"), played.log[-1]
    # The stream of the finished game: the same events, `id` = version,
    # `event` = the event's type, `data` = the same LoggedEvent.
    assert [int(sse_id) for sse_id, _, _ in played.stream] == versions
    assert [name for _, name, _ in played.stream] == [e.event.type_ for e in played.log]
    assert [m.to_dict() for _, _, m in played.stream] == [e.to_dict() for e in played.log]
    # The fork: a new game, waiting at a resting version of this one.
    origin = played.fork.forked_from
    assert (origin.game_id, played.fork.status) == (played.game_id, "waiting"), played.fork
    assert 0 < origin.version == played.fork.version < played.version, origin
    assert played.fork.game_id != played.game_id
    # The named positions, and a game started at the first with its seats' tokens.
    assert played.positions and all(p.id and p.title for p in played.positions)
    started = played.at_position
    assert started is not None and started.imported_in_play, started
    assert sorted(started.tokens.additional_properties) == sorted(s.seat for s in started.seats)
    assert sandbox_server.problems() == []


def test_python_example_runs_as_documented(
    play_py: ModuleType,
    sandbox_server: Server,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The command line docs/clients.md shows (in-process: the generated
    # client is already imported), on the quickest ruleset.
    monkeypatch.setattr(sys, "argv", ["play.py", "--base", sandbox_server.base, "arkantis"])
    play_py.main()
    out = capsys.readouterr().out
    assert re.fullmatch(
        r"arkantis: \S+ finished after \d+ commands, \d+ events; winners .+\n"
        r"  the last move: .+\.\n"
        r"  forked at version \d+: \S+; \d+ named positions, a game at \S+: \S+\n",
        out,
    ), out


def build_and_play_typescript(base: str) -> subprocess.CompletedProcess[str]:
    """Types by openapi-typescript, ``tsc --strict``, then ``node`` plays every ruleset."""
    node = shutil.which("node")
    assert node is not None, "node (20 or newer) is needed"
    # Inside tests/contract, so that Node and tsc resolve openapi-fetch and
    # @types/node from its node_modules.
    with tempfile.TemporaryDirectory(dir=HERE, prefix=".tsc-") as tmp:
        folder = Path(tmp)
        r = typescript_types(folder / "api.d.ts")
        if r.returncode != 0:
            return r
        shutil.copy(EXAMPLES / "play.ts", folder / "play.ts")
        r = run(BIN / "tsc", *TSC_STRICT, "--outDir", folder / "out", folder / "play.ts")
        if r.returncode != 0:
            return r
        return run(node, folder / "out" / "play.js", base, "7", timeout=1800)


@pytest.fixture(scope="module")
def typescript_games(sandbox_server: Server) -> Iterator[Future[subprocess.CompletedProcess[str]]]:
    """The TypeScript program, started at once: it plays while the Python client does
    (the server has two workers), and its test waits for it."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        yield pool.submit(build_and_play_typescript, sandbox_server.base)


@pytest.mark.slow
def test_typescript_client_plays_every_ruleset(
    typescript_games: Future[subprocess.CompletedProcess[str]], sandbox_server: Server
) -> None:
    r = typescript_games.result()
    assert r.returncode == 0, r.stdout + r.stderr
    said = r.stdout.splitlines()
    lines = said[0::3]  # each game's line, its last move in words, its fork and position
    assert [line.split(":")[0] for line in lines] == list(RULESETS), r.stdout
    assert all(re.fullmatch(r"  the last move: .+\.", line) for line in said[1::3]), r.stdout
    # The program checked its own games; read them back independently too.
    for line, forked in zip(lines, said[2::3], strict=True):
        m = re.fullmatch(r"\w+: (\S+) finished after \d+ commands, (\d+) events; winners .+", line)
        assert m is not None, line
        summary = httpx.get(f"{sandbox_server.base}/games/{m[1]}", timeout=30).json()
        assert summary["status"] == "finished" and summary["outcome"] is not None, summary
        assert summary["version"] == int(m[2]), summary
        f = re.fullmatch(
            r"  forked at version (\d+): (\S+); [1-9]\d* named positions, a game at \S+: (\S+)",
            forked,
        )
        assert f is not None, forked
        fork = httpx.get(f"{sandbox_server.base}/games/{f[2]}", timeout=30).json()
        assert fork["forked_from"]["game_id"] == m[1], fork
        assert fork["forked_from"]["version"] == fork["version"] == int(f[1]), fork
        at = httpx.get(f"{sandbox_server.base}/games/{f[3]}", timeout=30).json()
        assert at["imported_in_play"] and at["tokens"] is None, at  # shown once, at creation
    assert sandbox_server.problems() == []


def fenced(text: str, language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", text, re.S)


def test_docs_show_the_tested_programs() -> None:
    """docs/clients.md shows both programs exactly and links them; the README points to it."""
    clients = (ROOT / "docs" / "clients.md").read_text(encoding="utf-8")
    assert (EXAMPLES / "play.py").read_text(encoding="utf-8") in fenced(clients, "python")
    assert (EXAMPLES / "play.ts").read_text(encoding="utf-8") in fenced(clients, "ts")
    for target in ("examples/play.ts", "examples/play.py"):
        assert f"]({target})" in clients, target
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "](docs/clients.md)" in readme
    # Every TypeScript excerpt on the page is the tested program's lines, in its order.
    program = (EXAMPLES / "play.ts").read_text(encoding="utf-8")
    for block in fenced(clients, "ts"):
        assert block in program, block
