"""Whether the companion is up, for a club's admin (issue 42): ``/healthz`` (the process
answers, the store is reachable, its last event; 503 when the store is not) for a
service manager or a container's health check, and ``/metrics``, counters in the
Prometheus text format (requests by status, streams open and refused, taps, refusals,
errors), for a keeper or the admin only (``Authorization: Bearer TOKEN``: a keeper's
token, or ``GRIZZLED_METRICS_TOKEN``); anyone else gets the same 404 as any unknown path.
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
from collections import Counter
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

from app.watch import UNREACHABLE, Watched
from web.limits import App, Receive, Scope, Send, StreamCap, one_line

ADMIN = "GRIZZLED_METRICS_TOKEN"
HELP = {
    "requests_total": ("counter", "Requests answered, by status class."),
    "streams_open": ("gauge", "Event streams open now."),
    "streams_refused_total": ("counter", "Event streams refused: too many open."),
    "taps_total": ("counter", "Keepers' writes that were logged."),
    "refusals_total": ("counter", "Requests refused (4xx), the defences' refusals included."),
    "errors_total": ("counter", "Requests that failed (5xx)."),
    "last_event": ("gauge", "The store's last event number (-1: not reachable)."),
}


class Health:
    """ASGI middleware: ``/healthz`` and ``/metrics`` answered here, every other request
    passed on and counted."""

    def __init__(self, app: App, where: Path | str, tokens: list[str], cap: StreamCap) -> None:
        self.app, self.tokens, self.cap = app, list(tokens), cap
        self.watched = Watched(where)
        self.statuses: Counter[str] = Counter()
        self.taps = 0
        self.outside: Any = None  # the middleware around it (web.guard.Guard): its refusals

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope.get("path")
        if path == "/healthz":
            await self.healthz(send)
        elif path == "/metrics" and self.admin(scope):
            await self.metrics(send)
        else:
            await self.app(scope, receive, self.counted(scope, send))

    def counted(self, scope: Scope, send: Send) -> Send:
        tap = scope.get("method") == "POST" and str(scope.get("path", "")).endswith("/act")

        async def sending(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                status = int(message["status"])
                self.statuses[f"{status // 100}xx"] += 1
                self.taps += int(tap and status == 303)
            await send(message)

        return sending

    def admin(self, scope: Scope) -> bool:
        given = dict(scope.get("headers") or ()).get(b"authorization", b"").decode("latin-1")
        token = given.removeprefix("Bearer ").strip()
        known = [*self.tokens, *([os.environ[ADMIN]] if os.environ.get(ADMIN) else [])]
        return bool(token) and any(secrets.compare_digest(token, k) for k in known)

    async def last_event(self) -> int:
        return await asyncio.to_thread(self.watched.last_event)

    async def healthz(self, send: Send) -> None:
        event = await self.last_event()
        reachable = event != UNREACHABLE
        said: dict[str, Any] = {"up": True, "last_event": event}
        said["store"] = "reachable" if reachable else "unreachable"
        await one_line(200 if reachable else 503, json.dumps(said), send)

    async def metrics(self, send: Send) -> None:
        values: dict[str, Any] = {
            "requests_total": dict(sorted(self.statuses.items())),
            "streams_open": self.cap.open,
            "streams_refused_total": self.cap.refused,
            "taps_total": self.taps,
            "refusals_total": self.statuses["4xx"] + getattr(self.outside, "refused", 0),
            "errors_total": self.statuses["5xx"],
            "last_event": await self.last_event(),
        }
        await one_line(
            200, prometheus(values).rstrip("\n"), send, kind=b"text/plain; version=0.0.4"
        )


def prometheus(values: dict[str, Any]) -> str:
    """The counters in the Prometheus text format (``grizzled_`` before each name)."""
    lines = []
    for name, value in values.items():
        kind, said = HELP[name]
        lines += [f"# HELP grizzled_{name} {said}", f"# TYPE grizzled_{name} {kind}"]
        if isinstance(value, dict):
            lines += [f'grizzled_{name}{{status="{k}"}} {v}' for k, v in value.items()]
        else:
            lines.append(f"grizzled_{name} {value}")
    return "\n".join(lines) + "\n"
