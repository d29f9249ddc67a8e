"""What a phone may be told of the club's server (issue 42): an error line that names its
URL, user, host, port or database (the driver's and the tracker's lines do) is replaced
by one that names none of them. The terminal that runs ``serve`` still prints the full
line; a phone on the café's network never sees it."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

from tracker import store
from voice.lang import N_, _

UNREACHABLE = N_("The club's server did not answer: the page will follow it when it does.")
URL = re.compile(r"postgres(?:ql)?(?:\+\w+)?://", re.IGNORECASE)


def redacted(line: str, where: Path | str) -> str:
    """``line`` as a phone may read it when the companion reads ``where``."""
    if not store.is_postgres(str(where)):
        return line
    parts = urlsplit(str(where))
    named = [parts.username, parts.password, parts.hostname, parts.path.strip("/")]
    named += [str(parts.port)] if parts.port else []
    named += [unquote(v) for _k, _s, v in (p.partition("=") for p in parts.query.split("&")) if v]
    if URL.search(line) or "server at" in line or any(n and n in line for n in named):
        return _(UNREACHABLE)
    return line
