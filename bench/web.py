"""The companion's budget lines (issue 30): ``grizzled serve`` as a real subprocess on
127.0.0.1 on a small campaign. A page's first load (the HTML and every asset it links) in
bytes, the server's RSS with 100 viewers' connections held open after loading the page, and
a keeper's tap to every viewer's board: from the keeper's POST (an undo or a redo, through
the page's own form fields) until each of 10 viewers' event streams has delivered the board
of the event it logged. ``python -m bench.web`` runs these lines alone."""

from __future__ import annotations

import contextlib
import dataclasses
import http.client
import os
import re
import selectors
import socket
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

from bench.report import Check

PAGE_LIMIT_KB = 120.0
RSS_LIMIT_MB = 120.0
VIEWERS = 100
BUDGET = 8
TAP_VIEWERS = 10
TAPS = 20
TAP_MEDIAN_MS = 50.0
TAP_P95_MS = 100.0
TARGET_MEDIAN_MS = 15.0  # issue 40's target for the same tap, on a quiet machine
TARGET_P95_MS = 30.0
# F on that quiet machine: the `make bench` of 2026-11-28 (docs/performance.md, session 5)
# measured the tap the issue sets its targets against (22 / 24 ms) beside F 74 ms. As every
# budget here, the targets are judged as multiples of F measured in the same run: 15 and
# 30 ms at F 74 ms are 0.20 and 0.41 x F (this machine's F is 100-145 ms, quiet or not).
TARGET_F_MS = 74.0
FLOOR_RUNS = 5  # runs of F beside the taps (each ~0.1 s): the tap as a multiple of F
TAP_WAIT = 60.0  # seconds a tap may take to reach every viewer before the bench gives up
IDLE_STREAMS = 1000  # issue 42: event streams held open, doing nothing
IDLE_RSS_LIMIT_MB = 150.0
BUSY_STREAMS = 500  # idle streams held while the taps are measured again


def _first_load(port: int) -> int:
    """Bytes of the viewer's page and each local asset it loads, as a first visit gets them."""
    total = 0
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", "/")
        page = connection.getresponse().read()
        total += len(page)
        # what a browser loads with the page (its <link> and <script> elements), not the
        # pages it links to (/stats, /log: read when a phone asks)
        for asset in set(re.findall(rb'<(?:link|script)[^>]*?(?:href|src)="(/[^"]+)"', page)):
            connection.request("GET", asset.decode())
            total += len(connection.getresponse().read())
    finally:
        connection.close()
    return total


def _rss_mb(pid: int) -> float:
    """The resident memory of the server and of its children, if any (none since issue 40:
    the companion runs the application in-process)."""
    total = 0.0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            total += int(line.split()[1]) / 1024
    for thread in Path(f"/proc/{pid}/task").iterdir():  # a child is its thread's
        children = thread / "children"
        for child in children.read_text().split() if children.exists() else []:
            total += _rss_mb(int(child))
    return total


class _Streams:
    """Viewers' event streams, all read by one thread (``selectors``): when each received
    each event. One reader for all, not a thread each: ten Python threads waking on one
    push took turns at the interpreter, and the last viewer's board was timed when its
    thread had its turn, up to 4 ms after the bytes had arrived (a harness's cost, not
    a phone's)."""

    def __init__(self, port: int, count: int) -> None:
        self.arrived: dict[int, list[float]] = {}
        self.changed = threading.Condition()
        self.count = count
        self.selector = selectors.DefaultSelector()
        self.sockets: list[socket.socket] = []
        request = f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
        for _ in range(count):
            sock = socket.create_connection(("127.0.0.1", port), timeout=TAP_WAIT)
            sock.sendall(request)
            self.sockets.append(sock)
            self.selector.register(sock, selectors.EVENT_READ, _Stream())
        self.stopped = False
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while not self.stopped:
            for key, _ in self.selector.select(0.5):
                try:
                    data = key.fileobj.recv(65536)  # type: ignore[union-attr]
                except OSError:
                    data = b""
                now = time.perf_counter()
                if not data:
                    self.selector.unregister(key.fileobj)
                    continue
                events = key.data.fed(data)
                if events:
                    with self.changed:
                        for event in events:
                            self.arrived.setdefault(event, []).append(now)
                        self.changed.notify_all()

    def all_got(self, event: int) -> float:
        """When the last viewer received ``event`` (waiting for it)."""
        with self.changed:
            if not self.changed.wait_for(
                lambda: len(self.arrived.get(event, ())) >= self.count, TAP_WAIT
            ):
                raise RuntimeError(f"bench web: event {event} did not reach {self.count} viewers")
            return max(self.arrived[event][: self.count])

    def close(self) -> None:
        self.stopped = True
        self.reader.join(TAP_WAIT)
        for sock in self.sockets:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()
        self.selector.close()


class _Stream:
    """One event stream's bytes as they come: its head skipped, its chunked body undone,
    and the id of each whole message (a blank line ends one) that carries one."""

    def __init__(self) -> None:
        self.raw = b""  # received, not yet undone from its chunks
        self.body = b""  # undone, not yet a whole message
        self.head = True

    def fed(self, data: bytes) -> list[int]:
        self.raw += data
        if self.head:
            if b"\r\n\r\n" not in self.raw:
                return []
            self.raw = self.raw.split(b"\r\n\r\n", 1)[1]
            self.head = False
        while True:  # each whole chunk: its size line, its bytes, CRLF
            line, crlf, rest = self.raw.partition(b"\r\n")
            if not crlf:
                break
            size = int(line.split(b";")[0], 16)
            if len(rest) < size + 2:
                break
            self.body += rest[:size]
            self.raw = rest[size + 2 :]
        found = []
        while b"\n\n" in self.body:
            message, self.body = self.body.split(b"\n\n", 1)
            for line in message.split(b"\n"):
                if line.startswith(b"id: "):
                    found.append(int(line[4:]))
        return found


def _keeper_fields(port: int, path: str) -> dict[str, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TAP_WAIT)
    try:
        connection.request("GET", path)
        page = connection.getresponse().read().decode("utf-8")
    finally:
        connection.close()
    found = dict(re.findall(r'name="(csrf|event)" value="([^"]+)"', page))
    return {"csrf": found["csrf"], "event": found["event"]}


def _tap(port: int, path: str, fields: dict[str, str]) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TAP_WAIT)
    try:
        body = urlencode(fields)
        kind = {"Content-Type": "application/x-www-form-urlencoded"}
        connection.request("POST", f"{path}/act", body=body, headers=kind)
        answer = connection.getresponse()
        answer.read()
        if answer.status != 303:
            raise RuntimeError(f"bench web: the keeper's tap got {answer.status}")
    finally:
        connection.close()


def taps(port: int, keeper: str, count: int = TAPS) -> list[float]:
    """Milliseconds from each keeper's tap (undo, redo, undo...) to every viewer's board."""
    path = urlsplit(keeper).path
    streams = _Streams(port, TAP_VIEWERS)
    took = []
    try:
        for n in range(count):
            fields = _keeper_fields(port, path)
            move = "undo" if n % 2 == 0 else "redo"
            start = time.perf_counter()
            _tap(port, path, {**fields, "move": move, "reason": "bench"})
            logged = int(_keeper_fields(port, path)["event"])
            took.append((streams.all_got(logged) - start) * 1000)
    finally:
        streams.close()
    return took


OWN_PAGE_MS = 100.0  # issue 41: the keeper's own page after a tap, median
TAPS_LIMIT = 2.5  # issue 41: the median taps an action of the demo chapter takes


def own_page(port: int, keeper: str, count: int = TAPS) -> list[float]:
    """Milliseconds from each keeper's tap (undo, redo...) sent as the page's script sends
    it (htmx) to the whole answer: the keeper's moves and board, swapped in place."""
    path = urlsplit(keeper).path
    took = []
    for n in range(count):
        fields = {**_keeper_fields(port, path), "move": "undo" if n % 2 == 0 else "redo"}
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TAP_WAIT)
        try:
            kind = {"Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true"}
            start = time.perf_counter()
            connection.request("POST", f"{path}/act", body=urlencode(fields), headers=kind)
            answer = connection.getresponse()
            answer.read()
            took.append((time.perf_counter() - start) * 1000)
            if answer.headers.get("X-Grizzled-Status") != "200":
                raise RuntimeError(f"bench web: the keeper's tap got {answer.status}")
        finally:
            connection.close()
    return took


def composer_taps(log: Callable[[str], None]) -> list[Check]:
    """The demo chapter tapped through the card composer in Debian's Chromium
    (``tests.browser.taps``): the median taps an action took, beside the command line's
    keystrokes for the same actions; nothing when there is no Chromium."""
    from click.testing import CliRunner
    from playwright.sync_api import sync_playwright

    from cli.main import main as grizzled
    from cli.table_demo import CLI_LINES, keystrokes
    from tests.browser.server import CHROMIUM_ARGS, chromium, serve
    from tests.browser.taps import tapped
    from tests.cli.conftest import SEATS

    path = chromium()
    if path is None:
        log("  composer taps: no Chromium, not measured")
        return []
    with tempfile.TemporaryDirectory(prefix="grizzled-bench-taps-") as folder:
        db = Path(folder) / "taps.sqlite"
        for words in (
            ["campaign", "new", "Demo evening", "--rules", "classic", *SEATS],
            ["chapter", "start", "--leader", "ann", "--tiles", "left,right,left"],
        ):
            CliRunner().invoke(grizzled, ["--db", str(db), *words], catch_exceptions=False)
        with serve(db) as served, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
            try:
                page = browser.new_page(viewport={"width": 390, "height": 844}, has_touch=True)
                page.goto(served.keeper)
                taps, _, _ = tapped(page)
            finally:
                browser.close()
    median = statistics.median(taps)
    keys = keystrokes(CLI_LINES[1:]) / len(taps)
    log(f"  composer: {sum(taps)} taps, {len(taps)} actions (median {median}); CLI {keys:.1f} keys")
    return [
        Check(
            BUDGET,
            "keeper's taps per action, demo chapter (median)",
            f"{median:.1f} taps ({sum(taps)} for {len(taps)} actions)",
            f"CLI {keys:.1f} keystrokes an action",
            median,
            TAPS_LIMIT,
            unit="taps",
            details={"taps": taps, "cli_keys_per_action": round(keys, 1)},
        )
    ]


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def floor_ms(runs: int = FLOOR_RUNS) -> float:
    """F (``bench.latency.FLOOR``: the interpreter importing click, rich and sqlite3), the
    median of ``runs`` runs in milliseconds: what the machine's load makes of a start-up."""
    from bench.latency import FLOOR
    from bench.measure import bytecode_env, checked

    env = {**os.environ, **bytecode_env()}
    return statistics.median(checked(FLOOR, env).seconds for _ in range(runs)) * 1000


def tap_checks(took: list[float], floor: float | None = None) -> list[Check]:
    """The tap's median and p95 against budget 8's limits; with ``floor`` (F in ms,
    measured beside the taps) each also as a multiple of F, judged against issue 40's
    targets as multiples of the F they were set at (``TARGET_F_MS``)."""
    median, p95 = statistics.median(took), _p95(took)
    what = f"a keeper's tap to {TAP_VIEWERS} viewers' boards"
    checks = []
    for name, value, limit, target in (
        ("median", median, TAP_MEDIAN_MS, TARGET_MEDIAN_MS),
        ("p95", p95, TAP_P95_MS, TARGET_P95_MS),
    ):
        measured, details = f"{value:.0f} ms", {}
        if floor is not None:
            measured += f" ({value / floor:.2f} x F)"
            details = {"floor_ms": round(floor, 1), "x_floor": round(value / floor, 3)}
        checks.append(
            Check(BUDGET, f"{what}, {name}", measured, f"{limit:.0f} ms", value, limit, unit="ms")
        )
        checks[-1].details.update(details)
        if floor is not None:
            checks.append(
                Check(
                    BUDGET,
                    f"{what}, {name}, issue 40's target, as a multiple of F",
                    measured,
                    f"{target:.0f} ms at F {TARGET_F_MS:.0f} ms; F {floor:.0f} ms",
                    value / floor,
                    target / TARGET_F_MS,
                    details=details,
                )
            )
    return checks


def _idle_streams(port: int, count: int) -> Any:
    """``count`` event streams held open from many loopback addresses (the per-address cap
    is not what is measured), once each has its first answer."""
    from tests.web import flood

    reason = flood.own_files(count + 256)
    if reason:
        raise RuntimeError(f"bench web: {reason}")
    held = flood.connections(port, count, flood.stream_head(port), connect=5.0)
    sockets = held.__enter__()
    deadline = time.monotonic() + TAP_WAIT
    while flood.answers(sockets)["nothing"] and time.monotonic() < deadline:
        time.sleep(0.2)
    said = flood.answers(sockets)
    if said["200"] != count:
        held.__exit__(None, None, None)
        raise RuntimeError(f"bench web: {count} idle streams answered {dict(said)}")
    return held


def idle(port: int, pid: int, keeper: str, log: Callable[[str], None]) -> list[Check]:
    """Issue 42's lines: the server's memory with ``IDLE_STREAMS`` idle streams, and a tap
    to 10 viewers while ``BUSY_STREAMS`` idle streams are held."""
    held = _idle_streams(port, IDLE_STREAMS)
    try:
        rss = _rss_mb(pid)
    finally:
        held.__exit__(None, None, None)
    log(f"  RSS with {IDLE_STREAMS} idle streams: {rss:.1f} MB")
    time.sleep(1.0)  # the closed streams let go
    held = _idle_streams(port, BUSY_STREAMS)
    try:
        took = taps(port, keeper)
    finally:
        held.__exit__(None, None, None)
    median = statistics.median(took)
    log(f"  tap to {TAP_VIEWERS} viewers, {BUSY_STREAMS} idle streams: {median:.0f} ms")
    checks = [
        dataclasses.replace(check, what=f"{check.what}, {BUSY_STREAMS} idle streams held")
        for check in tap_checks(took)
    ]
    return [
        Check(
            BUDGET,
            f"server RSS (its worker too), {IDLE_STREAMS} idle event streams",
            f"{rss:.1f} MB",
            f"{IDLE_RSS_LIMIT_MB:.0f} MB",
            rss,
            IDLE_RSS_LIMIT_MB,
            unit="MB",
        ),
        *checks,
    ]


LONG_EVENTS = 5_000  # the fixture the tap is measured on again: a long campaign
LONG_TAPS = 10
LONG_LIMIT = 2.0  # its median against the small campaign's: the push does not grow with it


def long_campaign(small: float, log: Callable[[str], None]) -> list[Check]:
    """The same tap on the 5,001-event campaign of the CLI's budgets (a long Armistice
    campaign), as a multiple of the small campaign's median: a board pushed at each tap
    carries the log's newest entries, not the whole log (app.readings.LOG_SHOWN)."""
    import shutil

    from bench.fixtures import CAMPAIGN, fixtures
    from tests.browser.server import serve

    campaigns, _, _ = fixtures(log)
    source = campaigns[LONG_EVENTS]
    with tempfile.TemporaryDirectory(prefix="grizzled-bench-web-long-") as folder:
        db = Path(folder) / "long.sqlite"
        shutil.copyfile(source.path, db)
        with serve(db, {"XDG_DATA_HOME": folder}, "-c", CAMPAIGN) as served:
            port = int(served.viewer.rsplit(":", 1)[1].strip("/"))
            page = _first_load(port)
            took = taps(port, served.keeper, LONG_TAPS)
    median = statistics.median(took)
    log(f"  the tap on {source.events:,} events: median {median:.0f} ms, page {page / 1024:.0f} KB")
    return [
        Check(
            BUDGET,
            f"a keeper's tap to {TAP_VIEWERS} viewers, {source.events:,} events, median",
            f"{median:.0f} ms (first load {page / 1024:.0f} KB)",
            f"{small:.0f} ms on the small campaign",
            median / small,
            LONG_LIMIT,
            details={"median_ms": round(median, 1), "first_load_kb": round(page / 1024, 1)},
        )
    ]


def measure(log: Callable[[str], None]) -> list[Check]:
    from tests.browser.server import serve
    from tests.browser.shots import make_campaign

    with tempfile.TemporaryDirectory(prefix="grizzled-bench-web-") as folder:
        db = Path(folder) / "web.sqlite"
        make_campaign(db, folder)
        with serve(db, {"XDG_DATA_HOME": folder}) as served:  # its keeper's token kept there
            port = int(served.viewer.rsplit(":", 1)[1].strip("/"))
            page = _first_load(port)
            log(f"  first load: {page / 1024:.1f} KB")
            held = []
            try:
                for _ in range(VIEWERS):
                    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                    connection.request("GET", "/")
                    connection.getresponse().read()
                    held.append(connection)
                rss = _rss_mb(served.process.pid)
            finally:
                for connection in held:
                    connection.close()
            log(f"  RSS with {VIEWERS} viewers: {rss:.1f} MB")
            floor = floor_ms()
            took = taps(port, served.keeper)
            floor = statistics.median([floor, floor_ms()])  # F before and after the taps
            median = statistics.median(took)
            log(
                f"  keeper's tap to {TAP_VIEWERS} viewers: median {median:.0f} ms "
                f"({median / floor:.2f} x F, F {floor:.0f} ms)"
            )
            own = statistics.median(own_page(port, served.keeper))
            log(f"  keeper's own page after a tap: median {own:.0f} ms")
            flooded = idle(port, served.process.pid, served.keeper, log)
    return [
        Check(
            BUDGET,
            "a page's first load (HTML + assets)",
            f"{page / 1024:.1f} KB",
            f"{PAGE_LIMIT_KB:.0f} KB",
            page / 1024,
            PAGE_LIMIT_KB,
            unit="KB",
        ),
        Check(
            BUDGET,
            f"server RSS, {VIEWERS} viewers connected (page loaded, kept open)",
            f"{rss:.1f} MB",
            f"{RSS_LIMIT_MB:.0f} MB",
            rss,
            RSS_LIMIT_MB,
            unit="MB",
        ),
        *tap_checks(took, floor),
        Check(
            BUDGET,
            "the keeper's own page after a tap (moves and board in place), median",
            f"{own:.0f} ms",
            f"{OWN_PAGE_MS:.0f} ms",
            own,
            OWN_PAGE_MS,
            unit="ms",
        ),
        *composer_taps(log),
        *flooded,
        *long_campaign(median, log),
    ]


if __name__ == "__main__":
    from bench import measure as spawner

    try:
        for check in measure(print):
            print(
                f"{check.what}: {check.measured} (limit {check.reference}) "
                f"{'ok' if check.passed else 'OVER'}"
            )
    finally:
        spawner.close()
