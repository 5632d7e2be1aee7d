"""The log lines and the request counters, as written on every request: the JSON
line's fields, the request id, the logging switches ``plateau serve`` turns off,
and the request metrics' children kept per label set."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import re
import sys

import pytest
from prometheus_client import REGISTRY

from service import metrics
from service.logs import (
    ACCESS_FLUSH,
    REQUEST_ID,
    AccessLog,
    JsonFormatter,
    TextFormatter,
    lighten,
    request_id_from,
)

TS = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$")


def record(msg: str = "GET %s %d", *args: object, **extra: object) -> logging.LogRecord:
    made = logging.getLogger("plateau.access").makeRecord(
        "plateau.access", logging.INFO, __file__, 1, msg, args or ("/games", 200), None
    )
    for key, value in extra.items():
        setattr(made, key, value)
    return made


class Opaque:
    def __str__(self) -> str:
        return "opaque thing"


def test_a_json_line_has_the_fields_the_request_id_and_the_extras() -> None:
    token = REQUEST_ID.set("probe-1")
    try:
        line = JsonFormatter().format(
            record(route="/games/{game_id}", status=200, who="Élodie ✓", thing=Opaque())
        )
    finally:
        REQUEST_ID.reset(token)
    assert "\n" not in line
    entry = json.loads(line)
    assert list(entry)[:5] == ["ts", "level", "logger", "message", "request_id"]
    assert TS.match(entry["ts"]), entry["ts"]
    assert entry["level"] == "info"
    assert entry["logger"] == "plateau.access"
    assert entry["message"] == "GET /games 200"
    assert entry["request_id"] == "probe-1"
    assert entry["route"] == "/games/{game_id}" and entry["status"] == 200
    # UTF-8 as written, not \u escapes; a value JSON has no type for, as its str().
    assert "Élodie ✓" in line
    assert entry["thing"] == "opaque thing"


def test_a_line_outside_a_request_has_no_request_id_and_keeps_its_traceback() -> None:
    try:
        raise ValueError("boom")
    except ValueError:
        made = logging.getLogger("plateau").makeRecord(
            "plateau", logging.ERROR, __file__, 1, "failed", (), sys.exc_info()
        )
    entry = json.loads(JsonFormatter().format(made))
    assert "request_id" not in entry
    assert entry["level"] == "error"
    assert "ValueError: boom" in entry["exception"]


def test_the_timestamp_follows_each_record_across_seconds() -> None:
    formatter = JsonFormatter()
    first, later = record(), record()
    first.created, first.msecs = 1_765_000_000.25, 250.0
    later.created, later.msecs = 1_765_000_001.5, 500.0
    assert json.loads(formatter.format(first))["ts"] == "2025-12-06T05:46:40.250Z"
    assert json.loads(formatter.format(later))["ts"] == "2025-12-06T05:46:41.500Z"
    first.msecs = 999.0  # the same second again, after another one
    assert json.loads(formatter.format(first))["ts"] == "2025-12-06T05:46:40.999Z"


def test_lighten_skips_the_caller_lookup_and_the_lines_stay_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in ("_srcfile", "logThreads", "logProcesses", "logMultiprocessing"):
        monkeypatch.setattr(logging, name, getattr(logging, name))
    lighten()
    seen: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, rec: logging.LogRecord) -> None:
            seen.append(rec)

    logger = logging.getLogger("plateau.test-lighten")
    logger.addHandler(Keep())
    logger.setLevel(logging.INFO)
    logger.propagate = False
    logger.info("moved %s", "seat_0", extra={"route": "/x"})
    (made,) = seen
    assert made.funcName == "(unknown function)"  # no walk up the stack
    assert made.thread is None and made.process is None
    entry = json.loads(JsonFormatter().format(made))
    assert entry["message"] == "moved seat_0" and entry["route"] == "/x"
    assert (
        TextFormatter("%(levelname)s %(name)s: %(message)s")
        .format(made)
        .startswith("INFO plateau.test-lighten: moved seat_0")
    )


def test_request_ids_are_kept_when_sane_else_made() -> None:
    assert request_id_from(b"probe-7:a.b") == "probe-7:a.b"
    made = {request_id_from(b"bad id") for _ in range(50)} | {request_id_from(None)}
    assert len(made) == 51
    assert all(re.fullmatch(r"[0-9a-f]{32}", m) for m in made)


def test_each_answer_is_counted_through_the_kept_children() -> None:
    metrics.known_routes(["/games/{game_id}/test-logs"])
    labels = {"method": "GET", "route": "/games/{game_id}/test-logs", "status": "200"}
    timed = {"method": "GET", "route": "/games/{game_id}/test-logs", "le": "0.005"}
    bucket = "plateau_http_request_duration_seconds_bucket"
    before = REGISTRY.get_sample_value("plateau_http_requests_total", labels) or 0.0
    before_timed = REGISTRY.get_sample_value(bucket, timed) or 0.0
    for _ in range(3):
        metrics.observe_request("GET", "/games/{game_id}/test-logs", 200, 0.002)
    metrics.observe_request("GET", "/games/{game_id}/test-logs", 404, 0.002)
    assert REGISTRY.get_sample_value("plateau_http_requests_total", labels) == before + 3
    assert REGISTRY.get_sample_value(bucket, timed) == before_timed + 4


class CountedStream(io.StringIO):
    """A stream that counts its ``write`` calls."""

    writes = 0

    def write(self, text: str) -> int:
        self.writes += 1
        return super().write(text)


def access_logger(name: str, stream: io.StringIO, formatter: logging.Formatter) -> logging.Logger:
    """A logger of its own (pytest's handlers sit on the root) with one handler."""
    logger = logging.getLogger(name)
    logger.handlers.clear()
    logger.propagate = False
    logger.setLevel(logging.INFO)
    handler = logging.StreamHandler(stream)
    handler.setFormatter(formatter)
    logger.addHandler(handler)
    return logger


EXTRA = {"method": "GET", "route": "/games/{game_id}", "status": 200, "duration_ms": 1.5}


def test_access_lines_are_the_lines_logging_writes_in_one_write_soon_after() -> None:
    """Past ``logging`` (one JSON stream handler): the same line as ``Logger.log``
    with ``JsonFormatter`` writes, and the lines of ``ACCESS_FLUSH`` seconds, over
    several turns of the loop, in one write."""
    stream = CountedStream()
    logger = access_logger("plateau.test-access-fast", stream, JsonFormatter())
    writer = AccessLog(logger)

    async def requests() -> int:
        token = REQUEST_ID.set("rid-1")
        try:
            writer.write(logging.INFO, "GET /games/g1 200", EXTRA)
            await asyncio.sleep(0)  # a later turn of the loop: still pending
            writer.write(logging.WARNING, "GET /games/g2 503", {**EXTRA, "status": 503})
            logger.log(logging.INFO, "%s %s %d", "GET", "/games/g1", 200, extra=EXTRA)
        finally:
            REQUEST_ID.reset(token)
        written_meanwhile = stream.getvalue().count("\n")  # logging's line only
        await asyncio.sleep(ACCESS_FLUSH * 3)  # then both access lines are written
        return written_meanwhile

    assert asyncio.run(requests()) == 1
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    assert stream.writes == 2  # logging's own line, then both access lines in one write
    by_logging, fast, warned = lines
    for entry in (by_logging, fast, warned):
        assert TS.match(entry.pop("ts"))
    assert fast == by_logging
    assert list(fast) == ["level", "logger", "message", "request_id", *EXTRA]
    assert fast["message"] == "GET /games/g1 200" and fast["request_id"] == "rid-1"
    assert warned["level"] == "warning" and warned["status"] == 503

    writer.write(logging.INFO, "GET /outside 200", EXTRA)  # no loop running: at once
    assert json.loads(stream.getvalue().splitlines()[-1])["message"] == "GET /outside 200"
    writer.write(logging.DEBUG, "GET /quiet 200", EXTRA)  # below the logger's level
    assert "/quiet" not in stream.getvalue()


@pytest.mark.parametrize("setup", ["text", "filter", "two handlers"])
def test_access_lines_go_through_logging_for_any_other_configuration(setup: str) -> None:
    stream = CountedStream()
    formatter = TextFormatter("%(levelname)s %(message)s") if setup == "text" else JsonFormatter()
    logger = access_logger(f"plateau.test-access-{setup}", stream, formatter)
    seen: list[logging.LogRecord] = []

    class Seen(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            seen.append(record)

    if setup == "filter":
        logger.addFilter(lambda record: record.getMessage() != "GET /hidden 200")
    if setup == "two handlers":
        logger.addHandler(Seen())
    writer = AccessLog(logger)

    async def requests() -> str:
        writer.write(logging.INFO, "GET /games 200", EXTRA)
        writer.write(logging.INFO, "GET /hidden 200", EXTRA)
        return stream.getvalue()  # written at once, by logging

    written = asyncio.run(requests())
    if setup == "text":
        assert written.splitlines()[0] == "INFO GET /games 200"
    else:
        assert json.loads(written.splitlines()[0])["message"] == "GET /games 200"
    assert ("/hidden" in written) == (setup != "filter")
    if setup == "two handlers":
        assert [r.getMessage() for r in seen] == ["GET /games 200", "GET /hidden 200"]
        assert seen[0].route == "/games/{game_id}"  # type: ignore[attr-defined]
