"""Structured logs: one JSON object a line, with the request id of the request.

``X-Request-ID`` is taken from the request when it is a sane token (1-128
characters of ``[A-Za-z0-9._:-]``), else made (32 hex digits); it is echoed on
the answer and set in a context variable that ``JsonFormatter`` adds to every
log line written while that request runs, whichever logger writes it.

``plateau serve`` hands ``dict_config()`` to granian, so the server's own
lines (worker spawned, respawned, stopped) are JSON too.
"""

from __future__ import annotations

import contextvars
import logging
import os
import re
import time
from typing import Any

import msgspec

REQUEST_ID: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "plateau_request_id", default=None
)
_VALID_ID = re.compile(r"^[A-Za-z0-9._:\-]{1,128}$")

# LogRecord attributes that are not extras.
_STANDARD = set(vars(logging.makeLogRecord({}))) | {"message", "asctime", "taskName"}


def request_id_from(header: bytes | None) -> str:
    if header:
        try:
            value = header.decode("ascii").strip()
        except UnicodeDecodeError:
            value = ""
        if _VALID_ID.match(value):
            return value
    return os.urandom(16).hex()  # 32 hex digits, as uuid4().hex, at a third of its cost


def lighten() -> None:
    """Skip what no line of ours writes: the caller's file and line (a walk up the
    stack at every record), and the thread, process and process-name lookups.
    Python's logging HOWTO, "Optimization", names these switches. The JSON and
    text lines carry none of them; a traceback is still written in full.
    ``plateau serve`` calls it before its workers fork (part of the access log's
    cost, cut this way: docs/performance.md)."""
    logging._srcfile = None
    logging.logThreads = False
    logging.logProcesses = False
    logging.logMultiprocessing = False


def _as_text(value: Any) -> str:
    return str(value)


_ENCODE = msgspec.json.Encoder(enc_hook=_as_text).encode
"""A record as one JSON line: UTF-8 as written (no ``\\u`` escapes), and any value
JSON has no type for as its ``str()``."""


class JsonFormatter(logging.Formatter):
    """``{"ts", "level", "logger", "message", "request_id"?, ...extras}``."""

    _second = -1
    _stamp = ""

    def _ts(self, record: logging.LogRecord) -> str:
        second = int(record.created)
        if second != self._second:  # one strftime a second, not one a line
            self._second = second
            self._stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(second))
        return f"{self._stamp}.{int(record.msecs):03d}Z"

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "ts": self._ts(record),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        request_id = REQUEST_ID.get()
        if request_id is not None:
            entry["request_id"] = request_id
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                entry[key] = value
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return _ENCODE(entry).decode()


class TextFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        request_id = REQUEST_ID.get()
        return f"{line} [request_id={request_id}]" if request_id else line


def dict_config(fmt: str = "json", level: str = "info") -> dict[str, Any]:
    """A ``logging.config.dictConfig`` for the service and granian's loggers."""
    formatter: dict[str, Any] = (
        {"()": "service.logs.JsonFormatter"}
        if fmt == "json"
        else {
            "()": "service.logs.TextFormatter",
            "fmt": "%(asctime)s %(levelname)s %(name)s: %(message)s",
        }
    )
    lvl = level.upper()
    handler = {
        "formatter": "default",
        "class": "logging.StreamHandler",
        "stream": "ext://sys.stderr",
    }
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"default": formatter},
        "handlers": {"console": handler},
        "loggers": {
            "_granian": {"handlers": ["console"], "level": lvl, "propagate": False},
            "granian.access": {"handlers": ["console"], "level": lvl, "propagate": False},
        },
        "root": {"handlers": ["console"], "level": lvl},
    }
