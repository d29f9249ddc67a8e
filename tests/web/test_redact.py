"""What a phone is told when the club's server is down (issue 42): one line that names
neither its URL, its user, host, port nor database (the terminal still has the full line)."""

from __future__ import annotations

import re

from starlette.testclient import TestClient

from app.redact import UNREACHABLE, redacted
from web.app import create_app

DOWN = "postgresql://clubuser:s3cret@127.0.0.1:1/clubdb?schema=northside"  # nobody listens


def test_a_club_server_down_shows_phones_one_line_naming_none_of_its_url() -> None:
    with TestClient(create_app(DOWN, ["t"]), raise_server_exceptions=False) as client:
        for path in ("/", "/k/t", "/k/t/moves", "/stats", "/log"):
            text = client.get(path).text
            errors = re.findall(r'class="error"[^>]*>([^<]*)', text)
            assert errors, path
            assert {e.replace("&#39;", "'") for e in errors} == {UNREACHABLE}, path
            for secret in ("clubuser", "s3cret", "clubdb", "northside", "postgresql", ":1/"):
                assert secret not in text, (path, secret)


def test_a_rule_s_refusal_is_shown_as_it_is() -> None:
    line = "Ben is Mute: a Mute Grizzled cannot make a Speech"
    assert redacted(line, DOWN) == line
    assert redacted("connection to server at 10.1.2.3, port 5432 failed", DOWN) == UNREACHABLE
    assert redacted("database clubdb does not exist", DOWN) == UNREACHABLE
