"""Floods for the companion's bounds (issue 42), loopback only: many connections to a
``grizzled serve`` on 127.0.0.1, each from one of many loopback source addresses
(127.0.0.2, 127.0.0.3, ...: Linux routes the whole of 127/8 to this machine), so that the
per-address cap does not hide the total one. Each helper is bounded in time."""

from __future__ import annotations

import contextlib
import http.client
import re
import resource
import socket
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import urlencode, urlsplit

TIMEOUT = 10.0  # seconds any one request of a test may take
CONNECT = 0.5  # seconds one connection of a flood may take to be made
FLOODING = 10.0  # seconds a flood may take to be made, whatever the server does


def own_files(wanted: int) -> str | None:
    """Raise this process's open-files limit to ``wanted``; the reason if it cannot."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return None
    if hard != resource.RLIM_INFINITY and hard < wanted:
        return f"this machine allows {hard} open files, the flood needs {wanted}"
    resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    return None


def port_of(url: str) -> int:
    return int(urlsplit(url).port or 80)


def source(n: int, per_address: int) -> str:
    """The loopback address the ``n``-th connection comes from."""
    index = n // per_address
    return f"127.0.{2 + index // 250}.{2 + index % 250}"


@contextlib.contextmanager
def connections(
    port: int,
    count: int,
    head: bytes,
    per_address: int = 20,
    connect: float = CONNECT,
    other: bytes = b"",
) -> Iterator[list[socket.socket]]:
    """``count`` connections to the server, each having sent ``head`` (every other one
    ``other`` if given; those made within
    ``FLOODING`` seconds); closed on the way out. A connection the server closed at once
    stays in the list (it was made)."""
    held: list[socket.socket] = []
    deadline = time.monotonic() + FLOODING * connect / CONNECT
    try:
        for n in range(count):
            if time.monotonic() > deadline:
                break
            sock = socket.socket()
            held.append(sock)
            sock.settimeout(connect)
            with contextlib.suppress(OSError):  # refused or reset by the server: it was tried
                sock.bind((source(n, per_address), 0))
                sock.connect(("127.0.0.1", port))
                sock.sendall(other if other and n % 2 else head)
        yield held
    finally:
        for sock in held:
            sock.close()


def answers(held: list[socket.socket]) -> Counter[str]:
    """What each held connection got so far: its status (``200``, ``503``), ``closed`` or
    ``nothing`` (read without waiting)."""
    said: Counter[str] = Counter()
    for sock in held:
        try:
            sock.setblocking(False)
            first = sock.recv(12, socket.MSG_PEEK)
        except BlockingIOError:
            said["nothing"] += 1
            continue
        except OSError:
            said["closed"] += 1
            continue
        said[first[9:12].decode() if first.startswith(b"HTTP/1.1 ") else "closed"] += 1
    return said


def stream_head(port: int) -> bytes:
    return f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()


def slow_head(port: int) -> bytes:
    """A request's first lines, never finished (a slowloris)."""
    return f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Slow: ".encode()


def slow_body(port: int, path: str) -> bytes:
    """A write to ``path`` whose body never arrives whole (its head does: a keeper's
    address is needed for the companion to read a body at all)."""
    head = f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: 1000\r\n"
    return (head + "Content-Type: application/x-www-form-urlencoded\r\n\r\ncsrf=").encode()


def keeper_fields(keeper: str) -> dict[str, str]:
    """The page token and event number of a fresh keeper's page."""
    status, page = get(keeper)
    assert status == 200, page[:200]
    return dict(re.findall(r'name="(csrf|event)" value="([^"]+)"', page))


def get(url: str) -> tuple[int, str]:
    address = urlsplit(url)
    connection = http.client.HTTPConnection("127.0.0.1", address.port, timeout=TIMEOUT)
    try:
        connection.request("GET", address.path or "/")
        answer = connection.getresponse()
        return answer.status, answer.read().decode("utf-8", "replace")
    finally:
        connection.close()


def post(url: str, fields: dict[str, str], headers: dict[str, str] | None = None) -> int:
    """A form posted as the page posts it; the status (a 303 is not followed)."""
    address = urlsplit(url)
    connection = http.client.HTTPConnection("127.0.0.1", address.port, timeout=TIMEOUT)
    try:
        kind = {"Content-Type": "application/x-www-form-urlencoded", **(headers or {})}
        connection.request("POST", address.path, body=urlencode(fields), headers=kind)
        answer = connection.getresponse()
        answer.read()
        return answer.status
    finally:
        connection.close()


@dataclass
class Timed:
    """A request run in a thread: its status and when it ended."""

    status: int | None = None
    ended: float = 0.0
    error: str = ""


def at_once(*calls: tuple[object, ...]) -> list[Timed]:
    """Each ``(function, *args)`` run in its own thread at the same moment; their results."""
    results = [Timed() for _ in calls]

    def run(timed: Timed, call: tuple[object, ...]) -> None:
        function, *args = call
        try:
            answer = function(*args)  # type: ignore[operator]
            timed.status = answer[0] if isinstance(answer, tuple) else answer
        except OSError as error:
            timed.error = str(error)
        timed.ended = time.monotonic()

    threads = [threading.Thread(target=run, args=pair) for pair in zip(results, calls, strict=True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(TIMEOUT * 2)
    return results
