"""The companion's bounds on a network it does not control (issue 42): how many connections
and event streams it holds (in total and per client address), how long a request's head or
body may take to arrive, how long an idle connection is kept, how many open files it may
use, and how many log lines a flood can write. Whatever a client does, the server keeps
descriptors for its own work (the worker's pipes, the campaign file, the listening socket)
and answers again as soon as the flood stops.

uvicorn times out an idle kept-alive connection, but not a request's head or body sent
slowly (its h11 protocol arms no timer before a request is parsed): ``protocol`` adds that
guard, and closes the oldest idle connection when a new one would pass the cap."""

from __future__ import annotations

import asyncio
import logging
import resource
import time
from collections import Counter
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

from voice.keeper import BUSY  # the companion's words are the voice's

READ_SECONDS = 5.0  # a request's head, then its body, must each arrive within this
TICK = 1.0  # seconds between two looks at a connection waiting for a request
KEEP_ALIVE = 5  # seconds an idle kept-alive connection stays open
REQUESTS = 100  # requests on one connection, then it is closed after its answer
STREAMS = 1000  # event streams open at once, every phone together
PER_ADDRESS = 32  # event streams open at once from one client address
RESERVE = 256  # descriptors kept for the server's own work, whatever the clients hold
BACKLOG = 128  # connections taken from the kernel at one look (asyncio accepts as many)
HEAD_BYTES = 16 * 1024  # a request's line and headers
STREAM_PATHS = ("/events",)
WRITE = "grizzled.write"  # the scope's extension: a stream's bytes straight to its connection
LAG_BYTES = 256 * 1024  # a stream this far behind its phone is closed (it catches up anew)

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


@dataclass(frozen=True)
class Limits:
    """How much the server holds at once: connections, streams in total and per address."""

    connections: int = 4096
    streams: int = STREAMS
    per_address: int = PER_ADDRESS
    read_seconds: float = READ_SECONDS


def open_files() -> int:
    """The open-files limit, raised to its hard limit where allowed (the soft one is
    often 1,024: a thousand phones' streams would not leave room for the server's own)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):  # not allowed here: the limit as it is
            pass
    return soft if soft != resource.RLIM_INFINITY else 65536


def limits_for(files: int, streams: int = STREAMS, per_address: int = PER_ADDRESS) -> Limits:
    """The bounds that fit ``files`` open files: ``RESERVE`` kept for the server's own work,
    and room for ordinary requests beside the streams."""
    connections = max(16, files - RESERVE)
    room = max(8, connections // 16)  # connections left for pages and taps
    return Limits(
        connections=connections,
        streams=max(1, min(streams, connections - room)),
        per_address=max(1, min(per_address, connections - room)),
    )


def headroom(limits: Limits, files: int) -> str | None:
    """One line if the open-files limit holds fewer streams than the default, else None."""
    if limits.streams >= STREAMS:
        return None
    from voice import keeper, lang

    return lang._(keeper.HEADROOM).format(files=files, streams=limits.streams)


def protocol(limits: Limits) -> type[asyncio.Protocol]:
    """uvicorn's h11 protocol with the bounds: a request's head and its body each within
    ``read_seconds`` (else the connection is closed), at most ``REQUESTS`` requests on one
    connection, and at most ``limits.connections`` connections (a new one past the cap
    closes the oldest one waiting for a request, else itself)."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    waiting = (h11.IDLE, h11.SEND_BODY)  # their side: a head or a body still to come

    class Bounded(H11Protocol):
        opened = 0.0
        served = 0
        mark: tuple[Any, float] = (None, 0.0)
        timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self.opened = self.loop.time()
            self.mark = (self._state(), self.opened)
            self.timer = self.loop.call_later(TICK, self._look)
            if len(self.connections) > limits.connections:
                _make_room(self.connections, self)

        def connection_lost(self, exc: Exception | None) -> None:
            if self.timer is not None:
                self.timer.cancel()
            super().connection_lost(exc)

        def handle_events(self) -> None:
            cycle = self.cycle
            super().handle_events()
            if self.cycle is not cycle and self.cycle is not None:  # a new request
                self.served += 1
                if self.served >= REQUESTS:
                    self.cycle.keep_alive = False
                extensions = self.cycle.scope.setdefault("extensions", {})
                extensions[WRITE] = self._writer(self.cycle)  # its task has not run yet

        def _writer(self, cycle: Any) -> Any:
            """Bytes written to this request's connection as they are (a stream's chunks,
            framed by the app once for every phone), without a wake-up of its own: False if
            the connection is gone, or closed here because its phone is ``LAG_BYTES``
            behind."""
            transport = self.transport

            def write(data: bytes) -> bool:
                if cycle.disconnected or transport.is_closing():
                    return False
                if transport.get_write_buffer_size() > LAG_BYTES:
                    transport.close()
                    return False
                transport.write(data)
                return True

            return write

        def _state(self) -> tuple[Any, Any]:
            return (self.conn.their_state, self.conn.our_state)

        def idle(self) -> tuple[bool, float] | None:
            """Waiting for the client (a request's head, or its body: no answer under way),
            and since when (a head first); None if it is being answered (a stream)."""
            if self.conn.their_state in waiting and self.conn.our_state in (
                h11.IDLE,
                h11.SEND_RESPONSE,
            ):
                return (self.conn.their_state is h11.SEND_BODY, self.opened)
            return None

        def _look(self) -> None:
            """Close the connection if its request's head or body is late."""
            if self.transport.is_closing():
                return
            now, state = self.loop.time(), self._state()
            if state != self.mark[0]:
                self.mark = (state, now)
            elif state[0] in waiting and now - self.mark[1] >= limits.read_seconds:
                self.transport.close()  # a head or a body late: a slow client, dropped
                return
            self.timer = self.loop.call_later(TICK, self._look)

    return Bounded


def _make_room(connections: set[Any], new: Any) -> None:
    """Close the oldest connection waiting for its client (it holds a descriptor and asks
    nothing yet): one waiting for a request's head first, then one for a body; ``new`` if
    every other one is being answered (streams)."""
    waiting = [(c.idle(), c) for c in connections if c is not new and hasattr(c, "idle")]
    oldest = min(((k, c) for k, c in waiting if k is not None), key=lambda p: p[0], default=None)
    closed = new if oldest is None else oldest[1]
    closed.transport.close()
    connections.discard(closed)


class StreamCap:
    """ASGI middleware: at most ``limits.streams`` event streams open at once, and
    ``limits.per_address`` from one client address; one more gets 503 and one line."""

    def __init__(self, app: App, limits: Limits, paths: tuple[str, ...] = STREAM_PATHS) -> None:
        self.app, self.limits, self.paths = app, limits, paths
        self.open = 0
        self.by_address: Counter[str] = Counter()
        self.refused = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not str(scope.get("path", "")).endswith(self.paths):
            await self.app(scope, receive, send)
            return
        address = str((scope.get("client") or ("",))[0])
        if self.open >= self.limits.streams or self.by_address[address] >= self.limits.per_address:
            self.refused += 1
            await one_line(503, asked_in(scope_headers(scope), BUSY), send, close=True)
            return
        self.open += 1
        self.by_address[address] += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.open -= 1
            self.by_address[address] -= 1
            if self.by_address[address] <= 0:
                del self.by_address[address]


def scope_headers(scope: Scope) -> dict[str, str]:
    """A request's headers by lower-case name, from its ASGI scope (before any route)."""
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers") or ()}


def asked_in(headers: Any, message: str) -> str:
    """``message`` (marked ``N_``) in the language a request asks for, where no page says
    it (a refusal before any route): its ``lang`` cookie, its browser's ``Accept-Language``,
    else the serve's language."""
    from voice import lang

    cookie = headers.get("cookie") or ""
    chosen = [v for k, _, v in (c.strip().partition("=") for c in cookie.split(";")) if k == "lang"]
    code = lang.supported(chosen[0] if chosen else None)
    code = code or lang.from_accept(headers.get("accept-language")) or lang.current()
    found = lang.catalogue(code)
    return message if found is None else found.gettext(message)


async def one_line(
    status: int,
    line: str,
    send: Send,
    close: bool = False,
    kind: bytes = b"text/plain; charset=utf-8",
) -> None:
    """An answer of one line of plain text (closing the connection after it if ``close``)."""
    body = (line + "\n").encode("utf-8")
    headers = [
        (b"content-type", kind),
        (b"content-length", str(len(body)).encode()),
    ]
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class FewLines(logging.Filter):
    """At most ``lines`` log lines every ``window`` seconds, tracebacks included in only
    the first ``traces``; the next line written says how many were left out."""

    def __init__(self, lines: int = 20, window: float = 10.0, traces: int = 2) -> None:
        super().__init__()
        self.lines, self.window, self.traces = lines, window, traces
        self.started = time.monotonic()
        self.written = 0
        self.dropped = 0

    def filter(self, record: logging.LogRecord) -> bool:
        now = time.monotonic()
        if now - self.started >= self.window:
            self.started, self.written = now, 0
        if self.written >= self.lines:
            self.dropped += 1
            return False
        self.written += 1
        if self.written > self.traces and record.exc_info:
            record.exc_info, record.exc_text = None, None
            record.msg, record.args = f"{record.getMessage()} (traceback left out)", ()
        if self.dropped:
            record.msg = f"{record.getMessage()} ({self.dropped} more lines were left out)"
            record.args, self.dropped = (), 0
        return True


def quiet_logging(level: int = logging.WARNING) -> None:
    """The server's log (uvicorn's, asyncio's, ours) on stderr, rate-limited."""
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(levelname)s: %(message)s"))
    handler.addFilter(FewLines())
    root = logging.getLogger()
    root.handlers = [handler]
    root.setLevel(level)
