"""Structured logs: one JSON object a line, with the request id of the request.

``X-Request-ID`` is taken from the request when it is a sane token (1-128
characters of ``[A-Za-z0-9._:-]``), else made (32 hex digits); it is echoed on
the answer and set in a context variable that ``JsonFormatter`` adds to every
log line written while that request runs, whichever logger writes it.

``plateau serve`` hands ``dict_config()`` to granian, so the server's own
lines (worker spawned, respawned, stopped) are JSON too.
"""

from __future__ import annotations

import asyncio
import atexit
import contextvars
import logging
import os
import re
import sys
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
        return self.stamp(record.created, record.msecs)

    def stamp(self, created: float, msecs: float) -> str:
        second = int(created)
        if second != self._second:  # one strftime a second, not one a line
            self._second = second
            self._stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(second))
        return f"{self._stamp}.{int(msecs):03d}Z"

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


ACCESS_FLUSH = 0.02
"""Seconds an access line may wait to be written with the lines that follow it (one
``write`` for all: about 25 lines at 600 moves a second)."""


class AccessLog:
    """The access log's lines (``Edge``, one a request), written past ``logging``
    when the line would reach one handler only, a ``StreamHandler`` with a
    ``JsonFormatter`` (``plateau serve``'s configuration): the same JSON line as
    ``logging.Logger.log`` with that formatter writes, without a ``LogRecord``
    and its formatting, and written with the other lines of the next
    ``ACCESS_FLUSH`` seconds in one ``write`` (one ``write`` a line had been nearly
    half of the access log's cost under the command benchmark, and one a turn of
    the event loop still 1.4% of a worker: most turns end one request). A line
    then follows its request by at most that long, and may come after a line
    that ``logging`` wrote meanwhile (each carries its time stamp); the lines
    pending are written when the process exits. Any other configuration (text
    lines, a filter, another handler such as pytest's ``caplog``) goes through
    ``logging``."""

    def __init__(self, logger: logging.Logger) -> None:
        self.logger = logger
        self._pending: list[str] = []
        self._handler: logging.StreamHandler[Any] | None = None
        """The handler of the pending lines, while their flush is due on ``_loop``."""
        self._loop: asyncio.AbstractEventLoop | None = None
        atexit.register(self.flush)

    def _sole_json_handler(self, level: int) -> logging.StreamHandler[Any] | None:
        """The one handler a line of ``level`` reaches, when it is a plain
        ``StreamHandler`` with a ``JsonFormatter`` and no filter sits on the way."""
        found: logging.Handler | None = None
        logger: logging.Logger | None = self.logger
        while logger is not None:
            if logger.filters or logger.disabled:
                return None
            for handler in logger.handlers:
                if level >= handler.level:
                    if found is not None:
                        return None
                    found = handler
            if not logger.propagate:
                break
            logger = logger.parent
        if (
            type(found) is logging.StreamHandler
            and not found.filters
            and type(found.formatter) is JsonFormatter
        ):
            return found
        return None

    def write(self, level: int, message: str, extra: dict[str, Any]) -> None:
        """One line: ``message`` and ``extra`` as ``logger.log(level, ...)`` writes them."""
        logger = self.logger
        if not logger.isEnabledFor(level):
            return
        handler = self._sole_json_handler(level)
        if handler is None:
            logger.log(level, "%s", message, extra=extra)
            return
        formatter = handler.formatter
        assert isinstance(formatter, JsonFormatter)
        created = time.time()
        entry: dict[str, Any] = {
            "ts": formatter.stamp(created, (created - int(created)) * 1000),
            "level": logging.getLevelName(level).lower(),
            "logger": logger.name,
            "message": message,
        }
        request_id = REQUEST_ID.get()
        if request_id is not None:
            entry["request_id"] = request_id
        entry.update(extra)
        self._pending.append(_ENCODE(entry).decode() + handler.terminator)
        try:
            loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is not None and self._handler is handler and self._loop is loop:
            return  # a flush is already due
        if self._handler is not None:
            self.flush()  # due elsewhere (another handler, or a loop gone): the earlier lines first
        self._handler, self._loop = handler, loop
        if loop is None:
            self.flush()
        else:
            loop.call_later(ACCESS_FLUSH, self.flush)

    def flush(self) -> None:
        """Write the pending lines in one call, under the handler's lock."""
        handler, self._handler, self._loop = self._handler, None, None
        lines, self._pending = self._pending, []
        if handler is None or not lines:
            return
        handler.acquire()
        try:
            handler.stream.write("".join(lines))
            handler.flush()
        except Exception:  # as StreamHandler.emit: a broken stream never fails a request
            if logging.raiseExceptions:
                sys.stderr.write("plateau: the access log could not be written\n")
        finally:
            handler.release()


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
