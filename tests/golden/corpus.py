"""The corpus format, its placeholders, and the session that records or replays it.

A corpus file (``docs/golden/<name>/<part>.ndjson``) is a header line, then one
line per HTTP exchange::

    {"corpus": "plateau-golden/1", "ruleset": "arkantis", "settings": {"sandbox": true}, "note": …}
    {"note": …, "request": {"method", "path", "headers", "body"},
                "response": {"status", "headers", "body"}}

The header's ``settings`` are the ``Settings`` fields the server ran with (beside
an SQLite store and the in-process cache). Headers are lower-cased and sorted: a request's
are all it sends (beside the client's own ``host``, ``user-agent`` …), an answer's
only those that matter to a client (``KEPT_RESPONSE_HEADERS``);
a body is the JSON value, or the text for any other media type (``"raw": true`` in a
request: the text is sent as it is, malformed JSON included), or null when empty.

Values that differ on every run are placeholders, numbered in the order a run meets
them, the same in the file and in a replay: ``{game_1}``, ``{player_1}``,
``{command_1}`` (32-hex ids, named by the field or path that first shows them),
``{token_1}`` (seat and player tokens), ``{time}`` (every timestamp). A request
names them; the session substitutes the live values it met (a fresh id for one a
request shows first, such as an imported document's command ids).
"""

from __future__ import annotations

import difflib
import json
import re
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from litestar.testing import TestClient

from service.app import create_app
from service.settings import Settings
from tests.service.helpers import UNBOUNDED

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "docs" / "golden"
FORMAT = "plateau-golden/1"

KEPT_RESPONSE_HEADERS = (
    "allow",
    "cache-control",
    "content-language",
    "content-type",
    "etag",
    "location",
    "retry-after",
    "vary",
    "www-authenticate",
)
FIXED_TIME = "2026-01-01T00:00:00Z"
"""What ``{time}`` becomes in a request (an imported document's dates)."""

TOKEN = re.compile(r"(?<![\w.-])(?:st|pt)\.[0-9a-f]{32}\.[A-Za-z0-9_-]+")
HEX_ID = re.compile(r"(?<![0-9A-Za-z])[0-9a-f]{32}(?![0-9A-Za-z])")
TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)")
PLACEHOLDER = re.compile(r"\{(game|player|command|id|token)_(\d+)\}")
KIND_BY_FIELD = re.compile(r'"(game|player|command)_id"\s*:\s*"([0-9a-f]{32})"')
KIND_BY_PATH = re.compile(r"/(games|players)/([0-9a-f]{32})")


@dataclass
class Placeholders:
    """Live value <-> placeholder, bound in the order a run meets the values."""

    by_value: dict[str, str] = field(default_factory=dict)
    by_name: dict[str, str] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)

    def bind(self, kind: str, value: str) -> str:
        if value not in self.by_value:
            self.counts[kind] = self.counts.get(kind, 0) + 1
            name = f"{{{kind}_{self.counts[kind]}}}"
            self.by_value[value] = name
            self.by_name[name] = value
        return self.by_value[value]

    def normalise(self, text: str) -> str:
        """``text`` with every per-run value as its placeholder (binding new ones)."""
        kinds = {v: k for k, v in KIND_BY_FIELD.findall(text)}
        kinds.update({v: k.rstrip("s") for k, v in KIND_BY_PATH.findall(text)})
        text = TOKEN.sub(lambda m: self.bind("token", m.group()), text)
        text = HEX_ID.sub(lambda m: self.bind(kinds.get(m.group(), "id"), m.group()), text)
        return TIME.sub("{time}", text)

    def live(self, text: str) -> str:
        """``text`` with each placeholder as its live value (a new id for an unbound one)."""

        def value(m: re.Match[str]) -> str:
            name = m.group()
            if name not in self.by_name:
                if m.group(1) == "token":
                    raise KeyError(f"{name} is used before any answer gave it")
                self.by_name[name] = uuid.uuid4().hex
                self.by_value[self.by_name[name]] = name
                self.counts[m.group(1)] = max(self.counts.get(m.group(1), 0), int(m.group(2)))
            return self.by_name[name]

        return PLACEHOLDER.sub(value, text).replace("{time}", FIXED_TIME)


def header_line(ruleset: str | None, settings: dict[str, Any], note: str) -> dict[str, Any]:
    return {"corpus": FORMAT, "ruleset": ruleset, "settings": settings, "note": note}


def read(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A corpus file: (its header, its exchanges)."""
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    return lines[0], lines[1:]


def write(path: Path, header: dict[str, Any], exchanges: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = [json.dumps(line, ensure_ascii=False, sort_keys=False) for line in [header, *exchanges]]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def files() -> list[Path]:
    return sorted(CORPUS.glob("*/*.ndjson"))


def _body_of(content_type: str, text: str) -> Any:
    if not text:
        return None
    return json.loads(text) if "json" in content_type else text


class Session:
    """One server (in-process, SQLite, in-process cache) and the exchanges made with it.

    ``send`` takes a request in corpus form (placeholders allowed), sends it with the
    live values, and returns the exchange in corpus form; ``live_json`` gives the
    answer's body with live values, for a recorder that goes on from it."""

    def __init__(self, client: TestClient[Any]) -> None:
        self.client = client
        self.names = Placeholders()

    def send(self, note: str, request: dict[str, Any]) -> dict[str, Any]:
        request = json.loads(self.names.normalise(json.dumps(request, ensure_ascii=False)))
        headers = {k.lower(): v for k, v in (request.get("headers") or {}).items()}
        if request.get("body") is not None and not request.get("raw"):
            headers.setdefault("content-type", "application/json")
        request["headers"] = dict(sorted(headers.items()))
        live = json.loads(self.names.live(json.dumps(request, ensure_ascii=False)))
        body = live.get("body")
        content = None
        if body is not None:
            content = (body if live.get("raw") else json.dumps(body, ensure_ascii=False)).encode()
        answer = self.client.request(
            live["method"], live["path"], headers=live["headers"], content=content
        )
        self.last_live = answer
        kept = {
            name: self.names.normalise(answer.headers[name])
            for name in KEPT_RESPONSE_HEADERS
            if name in answer.headers
        }
        text = self.names.normalise(answer.text)
        response = {
            "status": answer.status_code,
            "headers": kept,
            "body": _body_of(kept.get("content-type", ""), text),
        }
        return {"note": note, "request": request, "response": response}

    def live_json(self) -> Any:
        return self.last_live.json()


def settings_for(folder: Path, overrides: dict[str, Any]) -> Settings:
    fields: dict[str, Any] = {**UNBOUNDED, "log_level": "warning", **overrides}
    return Settings(database_url=f"sqlite:///{folder}/golden.db", **fields)


@contextmanager
def server(overrides: dict[str, Any]) -> Iterator[TestClient[Any]]:
    """A fresh server with these settings (a store of its own), as a test client."""
    with tempfile.TemporaryDirectory(prefix="plateau-golden-") as folder:
        with TestClient(create_app(settings_for(Path(folder), overrides))) as client:
            yield client


def canonical(exchange: dict[str, Any]) -> str:
    return json.dumps(exchange, ensure_ascii=False, indent=1, sort_keys=True)


def difference(index: int, want: dict[str, Any], got: dict[str, Any]) -> str:
    """A readable diff of one exchange: the recorded one against the replayed one."""
    lines = difflib.unified_diff(
        canonical(want).splitlines(),
        canonical(got).splitlines(),
        "recorded",
        "replayed",
        lineterm="",
    )
    request = want["request"]
    return (
        f"exchange {index} ({request['method']} {request['path']}: {want['note']})\n"
        + "\n".join(lines)
    )


def replay(path: Path, client: TestClient[Any] | None = None) -> str | None:
    """Replay a corpus file (on ``client``, else a server of its own): None when every
    answer is the recorded one, else the diff of the first that is not."""
    header, exchanges = read(path)
    if client is None:
        with server(header["settings"]) as own:
            return replay(path, own)
    session = Session(client)
    for index, want in enumerate(exchanges, start=1):
        got = session.send(want["note"], want["request"])
        if got != want:
            return difference(index, want, got)
    return None
