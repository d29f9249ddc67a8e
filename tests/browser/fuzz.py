"""Malformed and unauthenticated requests against a running ``grizzled serve`` (issue 30):
bad paths and methods, huge or invalid bodies, a missing or wrong keeper token or CSRF field,
foreign Host and Origin headers (issue 42),
a bad Last-Event-ID, stale event numbers. Each must be answered below 500 and write nothing.
``python -m tests.browser.fuzz [COUNT]`` runs COUNT (2,000 by default) on a fresh campaign;
tests/browser/test_fuzz.py runs a few hundred. Only 127.0.0.1, one request at a time, each
bounded by a timeout.
"""

from __future__ import annotations

import http.client
import random
import sys
from collections import Counter
from urllib.parse import urlsplit
from urllib.request import urlopen

TIMEOUT = 5.0
METHODS = ("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "TRACE", "BREW")
PATHS = (
    "/",
    "/k/",
    "/k/{wrong}",
    "/k/{token}/../..",
    "/k/{token}/act",
    "/k/{wrong}/act",
    "/k/{token}/undo",
    "/events",
    "/k/{token}/events",
    "/static/../../etc/passwd",
    "/static/%2e%2e/%2e%2e/pyproject.toml",
    "/static/companion.css/x",
    "/{junk}",
    "/%00",
    "/" + "a" * 5000,
    "//k//{token}",
    "/k/{token}?event=-1",
    "/k/{token}?event=999999999999999999999",
    "/?last={junk}",
)


def _junk(rng: random.Random, size: int) -> str:
    return "".join(rng.choice("ab%/\\?#&=;<>\"'{}~ \t") for _ in range(size))


def _body(rng: random.Random, token: str) -> tuple[bytes, str]:
    kind = rng.randrange(7)
    if kind == 0:
        return b"", "application/x-www-form-urlencoded"
    if kind == 1:
        return b"x" * rng.choice((17 * 1024, 200 * 1024)), "application/octet-stream"
    if kind == 2:
        return b'{"command": "play", "args": [', "application/json"
    if kind == 3:  # a write with no CSRF field or a wrong one
        fields = f"command=play&card=night%2Bsnow&csrf={_junk(rng, 8)}&token={token[:-1]}"
        return fields.encode(), "application/x-www-form-urlencoded"
    if kind == 4:  # a stale event number
        return b"command=undo&reason=x&event=0", "application/x-www-form-urlencoded"
    if kind == 5:
        return bytes(rng.randrange(256) for _ in range(300)), "multipart/form-data; boundary=z"
    return "é€\U0001f600=\udc80".encode("utf-8", "surrogatepass"), "text/plain; charset=ascii"


def one(rng: random.Random, host: str, port: int, token: str) -> int:
    """One request; its status."""
    wrong = token[::-1] if rng.random() < 0.5 else ""
    path = rng.choice(PATHS).format(token=token, wrong=wrong or "x", junk=_junk(rng, 12))
    path = "".join(c if 32 < ord(c) < 127 and c not in " #" else "%20" for c in path)
    method = rng.choice(METHODS)
    body, kind = _body(rng, token) if method in ("POST", "PUT", "PATCH") else (b"", "")
    headers = {"Content-Type": kind} if kind else {}
    if rng.random() < 0.3:
        headers["Last-Event-ID"] = rng.choice(("-1", "abc", "9" * 40, "", "1e9", "0x10"))
    if rng.random() < 0.2:
        headers["Origin"] = "http://evil.example"
    if rng.random() < 0.1:  # a DNS-rebinding page's, or junk (issue 42)
        headers["Host"] = rng.choice(("evil.example", "127.0.0.1.evil.example", _junk(rng, 8)))
    connection = http.client.HTTPConnection(host, port, timeout=TIMEOUT)
    try:
        connection.request(method, path, body=body, headers=headers)
        answer = connection.getresponse()
        if "event-stream" not in (answer.getheader("Content-Type") or ""):
            answer.read(256 * 1024)
        return answer.status
    finally:
        connection.close()


def run(viewer: str, keeper: str, count: int, seed: int = 30) -> Counter[int]:
    """``count`` requests against the server at ``viewer``: how many got each status."""
    address = urlsplit(viewer)
    assert address.hostname == "127.0.0.1", "the fuzz only targets the loopback address"
    token = keeper.rstrip("/").rsplit("/", 1)[1]
    rng = random.Random(seed)
    return Counter(one(rng, "127.0.0.1", int(address.port or 80), token) for _ in range(count))


def main() -> None:
    import tempfile
    from pathlib import Path

    from tests.browser.server import serve
    from tests.browser.shots import make_campaign
    from tests.cli.conftest import stored_events

    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    with tempfile.TemporaryDirectory(prefix="grizzled-fuzz-") as folder:
        db = Path(folder) / "fuzz.sqlite"
        make_campaign(db, folder)
        before = stored_events(db)
        with serve(db, {"XDG_DATA_HOME": folder}) as served:
            statuses = run(served.viewer, served.keeper, count)
            with urlopen(served.viewer, timeout=TIMEOUT) as answer:
                alive = answer.status
        after = stored_events(db)
    print(f"fuzz: {count} requests, statuses {dict(sorted(statuses.items()))}")
    print(f"fuzz: events {before} -> {after}; the viewer's page after them: {alive}")
    if max(statuses) >= 500 or after != before or alive != 200:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
