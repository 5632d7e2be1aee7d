"""Real ``plateau serve``s (two workers) on PostgreSQL + Redis for the generated clients,
and the documented Python example (``docs/examples/play.py``) with its client.

Two servers for the whole contract run, each with its own database (created and
dropped here) and Redis key prefix, logging into a file: ``contract_server`` as in
production (Prism proxies it: a ``seed`` is refused there), ``sandbox_server`` in
sandbox mode (``PLATEAU_SANDBOX=1``: the clients also start a game at a named
position). When the run ends a log must hold no 500 and no traceback, whichever
client test caused it. The Python client is generated once per run, from the
committed document.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

from tests.backends import BackendUnavailable, postgres_database
from tests.contract.generate import ROOT, python_client
from tests.faults.scenario import log_problems
from tests.servers import served

EXAMPLES = ROOT / "docs" / "examples"
RULESETS = ("arkantis", "eclats_des_cites", "petits_dragons", "tours_arc_en_ciel")


@dataclass(frozen=True)
class Server:
    base: str
    log: Path

    def problems(self) -> list[str]:
        """500s and tracebacks in the log so far (empty: none)."""
        return log_problems(self.log.read_text(errors="replace"))


@pytest.fixture(scope="session")
def contract_server(
    redis_url: str, redis_prefix: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    yield from serve_on_a_new_database(
        redis_url, f"{redis_prefix}contract:", tmp_path_factory, sandbox=False
    )


@pytest.fixture(scope="session")
def sandbox_server(
    redis_url: str, redis_prefix: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """A test server, as a client's own suite starts one: it starts games at positions."""
    yield from serve_on_a_new_database(
        redis_url, f"{redis_prefix}sandbox:", tmp_path_factory, sandbox=True
    )


def serve_on_a_new_database(
    redis_url: str, prefix: str, tmp_path_factory: pytest.TempPathFactory, *, sandbox: bool
) -> Iterator[Server]:
    with ExitStack() as stack:
        try:
            database = stack.enter_context(postgres_database())  # dropped at the end
        except BackendUnavailable as exc:
            message = str(exc)
        else:
            yield from serve(database, redis_url, prefix, tmp_path_factory, sandbox=sandbox)
            return
    pytest.fail(message, pytrace=False)


def serve(
    database: str,
    redis_url: str,
    prefix: str,
    tmp_path_factory: pytest.TempPathFactory,
    *,
    sandbox: bool,
) -> Iterator[Server]:
    env = {
        "PLATEAU_DATABASE_URL": database,
        "PLATEAU_REDIS_URL": redis_url,
        "PLATEAU_REDIS_PREFIX": prefix,
        "PLATEAU_SANDBOX": "1" if sandbox else "0",
        "PLATEAU_LOG_LEVEL": "info",
        "PLATEAU_LOG_FORMAT": "json",
    }
    log = tmp_path_factory.mktemp("contract-server") / "server.log"
    with served(log, env=env, workers=2) as plateau:
        server = Server(plateau.base, plateau.log)
        yield server
    # The whole contract run, every client's requests included.
    assert server.problems() == [], server.problems()


@pytest.fixture(scope="session")
def generated_python(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding ``plateau_client``, freshly generated from the document."""
    folder = tmp_path_factory.mktemp("python-client")
    r = python_client(folder / "plateau_client")
    assert r.returncode == 0, r.stdout + r.stderr
    return folder


@pytest.fixture(scope="session")
def play_py(generated_python: Path) -> Iterator[ModuleType]:
    """``docs/examples/play.py``, imported with the generated client on its path."""
    spec = importlib.util.spec_from_file_location("plateau_play_example", EXAMPLES / "play.py")
    assert spec is not None and spec.loader is not None
    sys.path.insert(0, str(generated_python))
    try:
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # (its dataclass looks itself up there)
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.path.remove(str(generated_python))
        for name in [m for m in sys.modules if m.split(".")[0] in ("plateau_client", spec.name)]:
            del sys.modules[name]
