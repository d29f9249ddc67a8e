"""The browser's own defences around the companion (issue 42), as ASGI middleware put
around the app by ``grizzled serve``: only the host names it was given are answered (a
DNS-rebinding page cannot read the board), a write must come from the companion's own
pages (its Origin, its Sec-Fetch-Site), and every answer carries a strict
Content-Security-Policy (no inline script or style, no framing), no Referer, and
``Cache-Control: no-store`` on a keeper's pages."""

from __future__ import annotations

from collections.abc import Iterable, MutableMapping
from typing import Any

from voice import keeper as said
from voice import lang
from web.limits import App, Receive, Scope, Send, one_line

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; manifest-src 'self'; worker-src 'self'; form-action 'self'; "
    "frame-ancestors 'none'; base-uri 'none'"
)
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
]
PRIVATE = ("/k/", "/metrics")  # a keeper's pages, the admin's counters: never kept
UNSAFE = ("POST", "PUT", "PATCH", "DELETE")
SITES = ("same-origin", "none")  # Sec-Fetch-Site of a request made by the page itself
UNKNOWN_HOST = said.UNKNOWN_HOST
FOREIGN = said.FOREIGN


def host_names(*given: str) -> frozenset[str]:
    """The names the companion answers to: this machine's loopback and those given."""
    return frozenset(n.lower() for n in ("localhost", "127.0.0.1", "[::1]", *given) if n)


class Guard:
    """ASGI middleware: the host allow-list, the Origin check on writes, the headers."""

    def __init__(self, app: App, hosts: Iterable[str]) -> None:
        self.app = app
        self.hosts = frozenset(hosts)
        self.refused = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or ())
        host = headers.get(b"host", b"").decode("latin-1").lower()
        refusal = self.refusal(scope, headers, host)
        if refusal is not None:
            self.refused += 1
            asked = lang.from_accept(headers.get(b"accept-language", b"").decode("latin-1"))
            line = _in(asked, refusal[1])
            await one_line(refusal[0], line, _with_headers(send, scope), close=True)
            return
        await self.app(scope, receive, _with_headers(send, scope))

    def refusal(
        self, scope: Scope, headers: dict[bytes, bytes], host: str
    ) -> tuple[int, str] | None:
        """Why this request is refused (status, line), or None."""
        if _name(host) not in self.hosts:
            return 400, UNKNOWN_HOST
        if scope.get("method") not in UNSAFE:
            return None
        origin = headers.get(b"origin", b"").decode("latin-1").lower()
        if origin not in ("", "null") and origin != f"http://{host}":
            return 403, FOREIGN
        site = headers.get(b"sec-fetch-site", b"").decode("latin-1").lower()
        if site and site not in SITES:
            return 403, FOREIGN
        return None


def _name(host: str) -> str:
    """The host name of a Host header, without its port."""
    if host.startswith("["):
        return host.partition("]")[0] + "]"
    return host.rpartition(":")[0] if ":" in host else host


def _with_headers(send: Send, scope: Scope) -> Send:
    """``send`` adding the defences' headers to the answer's start."""
    path = str(scope.get("path", ""))
    private = any(part in path for part in PRIVATE)  # under /c/<campaign>/ too

    async def sending(message: MutableMapping[str, Any]) -> None:
        if message["type"] == "http.response.start":
            headers = [(k, v) for k, v in message.get("headers", []) if k.lower() not in _OURS]
            headers += HEADERS
            if private:
                headers = [(k, v) for k, v in headers if k.lower() != b"cache-control"]
                headers.append((b"cache-control", b"no-store"))
            message = {**message, "headers": headers}
        await send(message)

    return sending


_OURS = {name for name, _ in HEADERS}


def _in(code: str | None, message: str) -> str:
    """``message`` in the language ``code`` (the phone's ``Accept-Language``), else as it
    is (English); the language in use is left as it was."""
    catalogue = lang.catalogue(code) if code else None
    return catalogue.gettext(message) if catalogue is not None else message
