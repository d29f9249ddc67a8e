"""The companion's budget lines (issue 30): ``grizzled serve`` as a real subprocess on
127.0.0.1 on a small campaign. A page's first load (the HTML and every asset it links) in
bytes, and the server's RSS with 100 viewers' connections held open after loading the page.
The keeper's tap to 10 viewers' SSE streams is not measured yet (the server has no SSE).
``python -m bench.web`` runs these lines alone."""

from __future__ import annotations

import http.client
import re
import tempfile
from collections.abc import Callable
from pathlib import Path

from bench.report import Check

PAGE_LIMIT_KB = 120.0
RSS_LIMIT_MB = 120.0
VIEWERS = 100
BUDGET = 8


def _first_load(port: int) -> int:
    """Bytes of the viewer's page and each local asset it links, as a first visit gets them."""
    total = 0
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", "/")
        page = connection.getresponse().read()
        total += len(page)
        for asset in set(re.findall(rb'(?:href|src)="(/[^"]+)"', page)):
            connection.request("GET", asset.decode())
            total += len(connection.getresponse().read())
    finally:
        connection.close()
    return total


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def measure(log: Callable[[str], None]) -> list[Check]:
    from tests.browser.server import serve
    from tests.browser.shots import make_campaign

    with tempfile.TemporaryDirectory(prefix="grizzled-bench-web-") as folder:
        db = Path(folder) / "web.sqlite"
        make_campaign(db, folder)
        with serve(db) as served:
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
    ]


if __name__ == "__main__":
    for check in measure(print):
        print(
            f"{check.what}: {check.measured} (limit {check.reference}) "
            f"{'ok' if check.passed else 'OVER'}"
        )
