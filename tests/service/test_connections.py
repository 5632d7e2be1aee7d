"""No connection is left hanging (issue 29, finding 2; issue 33), on a real
``plateau serve`` over real sockets, with small limits:

* a request body that stops arriving is answered 408 ``body_timeout`` after
  ``PLATEAU_BODY_TIMEOUT`` and its connection closed; a connection that sends
  nothing, or stays idle after an answer, is closed after ``PLATEAU_IDLE_TIMEOUT``;
* past the open requests of one client address (``PLATEAU_MAX_REQUESTS_PER_ADDRESS``)
  or of the process (``PLATEAU_MAX_REQUESTS``) a request is answered 503 at once
  with ``Retry-After``, while ``/health/live``, ``/health/ready`` and ``/metrics``
  are still answered and other addresses still served;
* SSE streams are capped per token, per address and per process (503
  ``too_many_streams``);
* with every connection of the process taken (``PLATEAU_MAX_CONNECTIONS``:
  streams, stalled requests and idle connections), a new client is still
  answered: the idle ones are closed, so its connection is served.

Other client addresses are loopback addresses of their own (127.0.0.2, ...).
``HANG`` bounds every wait: a test fails, never hangs, when an answer does not
come; no assertion is on timing.
"""

from __future__ import annotations

import http.client
import json
import socket
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import httpx
import pytest

from service.api.headers import ClientAddress
from service.settings import Settings
from tests.servers import Served, served

HANG = 15.0
"""Seconds any answer may take before the test calls it a hang (far above every
configured timeout here, far below a stalled body's own deadline)."""


@contextmanager
def plateau(tmp_path: Path, **env: str) -> Iterator[Served]:
    with served(
        tmp_path / "server.log",
        env={"PLATEAU_DATABASE_URL": f"sqlite:///{tmp_path}/plateau.db", **env},
        workers=1,
    ) as server:
        yield server


def connection(server: Served, source: str = "127.0.0.1") -> http.client.HTTPConnection:
    """A connection from ``source`` (any 127.x.y.z: a client address of its own)."""
    conn = http.client.HTTPConnection(
        "127.0.0.1", server.port, timeout=HANG, source_address=(source, 0)
    )
    conn.connect()
    return conn


def ask(
    server: Served,
    path: str,
    source: str = "127.0.0.1",
    method: str = "GET",
    headers: dict[str, str] | None = None,
) -> tuple[http.client.HTTPResponse, bytes]:
    """One request on a fresh connection: its answer and its body, read whole
    (none for a stream, which stays open)."""
    conn = connection(server, source)
    conn.request(method, path, headers=headers or {})
    answer = conn.getresponse()
    if answer.headers.get("content-type", "").startswith("text/event-stream"):
        return answer, b""
    return answer, answer.read()


def status(server: Served, path: str, source: str = "127.0.0.1") -> int:
    return ask(server, path, source)[0].status


def stalled(
    server: Served, source: str = "127.0.0.1", path: str = "/games", token: str | None = None
) -> http.client.HTTPConnection:
    """A ``POST`` (of ``/games``) whose body stops after 10 of its 1,000 announced bytes."""
    conn = connection(server, source)
    conn.putrequest("POST", path)
    conn.putheader("Content-Type", "application/json")
    if token is not None:
        conn.putheader("Authorization", f"Bearer {token}")
    conn.putheader("Content-Length", "1000")
    conn.endheaders(b'{"ruleset"')
    return conn


def problem(answer: http.client.HTTPResponse, body: bytes) -> dict[str, object]:
    assert answer.headers["content-type"].startswith("application/problem+json")
    document: dict[str, object] = json.loads(body)
    return document


def closed_by_server(sock: socket.socket) -> bool:
    """True once the server closes ``sock`` (read up to ``HANG`` s; anything it sends is skipped)."""
    sock.settimeout(HANG)
    try:
        while sock.recv(4096):
            pass
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True
    return True


def refused_at_once(server: Served, path: str, source: str, code: str) -> http.client.HTTPResponse:
    """Ask ``path`` until it is refused with ``code`` (the stalled requests reach the
    app a moment after their heads are sent): every answer meanwhile is a 200,
    and the refusal is a 503 problem with ``Retry-After`` that closes the connection."""
    for _ in range(100):
        conn = connection(server, source)
        conn.request("GET", path)
        answer = conn.getresponse()
        body = answer.read()
        if answer.status != 200:
            assert answer.status == 503, (answer.status, body)
            assert problem(answer, body)["code"] == code
            assert int(answer.headers["retry-after"]) >= 1
            assert answer.headers["connection"] == "close"
            return answer
    raise AssertionError(f"{path} from {source} was never refused with {code}")


def test_a_stalled_body_is_answered_408_and_idle_connections_are_closed(tmp_path: Path) -> None:
    with plateau(tmp_path, PLATEAU_BODY_TIMEOUT="1", PLATEAU_IDLE_TIMEOUT="1") as server:
        # Through the framework, and through the hot path (a command's plain form).
        for conn in (stalled(server), stalled(server, path="/games/g/commands", token="st.g.x")):
            answer = conn.getresponse()  # the app waits for the rest of the body: 408 after 1 s
            body = answer.read()
            assert answer.status == 408, body
            assert problem(answer, body)["code"] == "body_timeout"
            assert answer.headers["connection"] == "close"
            assert conn.sock is None or closed_by_server(conn.sock)
        assert "Traceback" not in server.log.read_text()

        # A connection that never sends a byte is closed (granian's header read
        # timeout, in HTTP/1 mode: the "auto" mode would keep it open forever).
        silent = socket.create_connection(("127.0.0.1", server.port), timeout=HANG)
        assert closed_by_server(silent)
        # So is a keep-alive connection left idle after its answer.
        kept = connection(server)
        kept.request("GET", "/health/live")
        assert kept.getresponse().read() == b'{"status":"ok"}'
        assert kept.sock is not None and closed_by_server(kept.sock)
        assert status(server, "/rulesets") == 200


def test_past_the_open_requests_of_an_address_or_process_the_answer_is_503_at_once(
    tmp_path: Path,
) -> None:
    with (
        plateau(
            tmp_path,
            PLATEAU_MAX_REQUESTS_PER_ADDRESS="3",
            PLATEAU_MAX_REQUESTS="5",
            PLATEAU_BODY_TIMEOUT="300",  # they stay stalled for the whole test
        ) as server,
        ExitStack() as held,
    ):
        for _ in range(3):
            held.callback(stalled(server, "127.0.0.2").close)
        refused_at_once(server, "/rulesets", "127.0.0.2", "too_many_connections")
        assert status(server, "/rulesets", "127.0.0.3") == 200  # another address
        for _ in range(2):  # the process's 4th and 5th requests in progress
            held.callback(stalled(server, "127.0.0.3").close)
        refused_at_once(server, "/rulesets", "127.0.0.4", "overloaded")
        # Probes and scrapes hold no slot: answered while every slot is taken.
        for path in ("/health/live", "/health/ready", "/metrics"):
            assert status(server, path, "127.0.0.4") == 200, path
        metrics = httpx.get(f"{server.base}/metrics").text
        assert 'plateau_refused_total{limit="requests_per_address"}' in metrics
        assert 'plateau_refused_total{limit="requests"}' in metrics
        held.close()  # the stalled clients go: their slots come back
        for _ in range(100):
            if status(server, "/rulesets", "127.0.0.2") == 200:
                break
        else:
            raise AssertionError("the slots of the closed connections never came back")


def test_streams_are_capped_per_token_per_address_and_per_process(tmp_path: Path) -> None:
    with (
        plateau(
            tmp_path,
            PLATEAU_MAX_STREAMS_PER_TOKEN="1",
            PLATEAU_MAX_STREAMS_PER_ADDRESS="2",
            PLATEAU_MAX_STREAMS="3",
        ) as server,
        ExitStack() as held,
    ):
        with httpx.Client(base_url=server.base, timeout=HANG) as client:
            game_id = client.post("/games", json={"ruleset": "arkantis"}).json()["game_id"]
            seat = client.post(f"/games/{game_id}/seats/seat_0", json={"player_name": "Ann"})
            token = seat.json()["token"]
        path = f"/games/{game_id}/events/stream"
        bearer = {"Authorization": f"Bearer {token}"}

        def opened(asked: tuple[http.client.HTTPResponse, bytes]) -> None:
            answer, body = asked
            assert answer.status == 200, body
            held.callback(answer.close)

        def refused(asked: tuple[http.client.HTTPResponse, bytes], limit: str) -> None:
            answer, body = asked
            assert answer.status == 503, body
            document = problem(answer, body)
            assert document["code"] == "too_many_streams"
            assert limit in str(document["detail"])
            assert int(answer.headers["retry-after"]) >= 1

        opened(ask(server, path, headers=bearer))
        refused(ask(server, path, headers=bearer), "PLATEAU_MAX_STREAMS_PER_TOKEN")
        refused(ask(server, f"{path}?access_token={token}"), "PLATEAU_MAX_STREAMS_PER_TOKEN")
        opened(ask(server, path))  # a spectator on the same address: its 2nd stream
        refused(ask(server, "/events/stream"), "PLATEAU_MAX_STREAMS_PER_ADDRESS")
        opened(ask(server, "/events/stream", "127.0.0.2"))  # the process's 3rd
        refused(ask(server, path, "127.0.0.3"), "(PLATEAU_MAX_STREAMS)")
        assert status(server, "/health/live", "127.0.0.3") == 200
        assert status(server, "/rulesets", "127.0.0.3") == 200  # requests are not streams


def test_with_every_connection_taken_a_new_client_is_still_answered(tmp_path: Path) -> None:
    """Granian's ``backpressure`` (``PLATEAU_MAX_CONNECTIONS``) counts open
    connections; past it a new one waits in the listen queue. Streams and
    requests in progress are capped below it, the rest are idle connections
    closed after ``PLATEAU_IDLE_TIMEOUT``: a new client is answered, never left
    hanging."""
    with (
        plateau(
            tmp_path,
            PLATEAU_MAX_CONNECTIONS="8",
            PLATEAU_MAX_STREAMS="2",
            PLATEAU_MAX_REQUESTS="3",
            PLATEAU_IDLE_TIMEOUT="1",
            PLATEAU_BODY_TIMEOUT="300",
        ) as server,
        ExitStack() as held,
    ):
        for source in ("127.0.0.2", "127.0.0.3"):
            stream, _ = ask(server, "/events/stream", source)
            assert stream.status == 200
            held.callback(stream.close)
        for source in ("127.0.0.4", "127.0.0.5", "127.0.0.6"):
            held.callback(stalled(server, source).close)
        refused_at_once(server, "/rulesets", "127.0.0.7", "overloaded")
        for _ in range(8):  # every connection left, and more: never a byte sent
            held.enter_context(socket.create_connection(("127.0.0.1", server.port)))
        # Answered once the idle connections are closed (1 s), not left hanging.
        assert status(server, "/health/live", "127.0.0.8") == 200
        answer, body = ask(server, "/rulesets", "127.0.0.8")
        assert answer.status == 503 and problem(answer, body)["code"] == "overloaded"


def test_the_limits_are_checked_at_start() -> None:
    with pytest.raises(ValueError, match="PLATEAU_MAX_CONNECTIONS must exceed"):
        Settings.from_env({"PLATEAU_MAX_CONNECTIONS": "100", "PLATEAU_MAX_STREAMS": "90"})
    for name, value in (("BODY_TIMEOUT", "0"), ("MAX_STREAMS_PER_TOKEN", "0")):
        with pytest.raises(ValueError, match=f"PLATEAU_{name}"):
            Settings.from_env({f"PLATEAU_{name}": value})
    with pytest.raises(ValueError, match="not an address or a network"):
        Settings.from_env({"PLATEAU_TRUSTED_PROXIES": "10.0.0.1, nginx"})
    trusted = Settings.from_env({"PLATEAU_TRUSTED_PROXIES": "10.0.0.0/8, 127.0.0.1"})
    address = ClientAddress(trusted.trusted_proxies)
    forwarded = [(b"x-forwarded-for", b"203.0.113.9, 10.1.2.3")]
    assert address({"client": ("10.9.9.9", 1), "headers": forwarded}) == "203.0.113.9"
    assert address({"client": ("127.0.0.1", 1), "headers": forwarded}) == "203.0.113.9"
    assert address({"client": ("192.0.2.1", 1), "headers": forwarded}) == "192.0.2.1"
