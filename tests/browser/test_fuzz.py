"""Malformed and unauthenticated requests against ``grizzled serve`` run as a subprocess
(tests/browser/fuzz.py; ``python -m tests.browser.fuzz`` runs the 2,000 of issue 30)."""

from __future__ import annotations

from typing import Any
from urllib.request import urlopen

from tests.browser import fuzz
from tests.browser.server import Served
from tests.cli.conftest import stored_events


def test_three_hundred_malformed_or_unauthenticated_requests_get_no_5xx_and_write_nothing(
    served: Served, table: Any
) -> None:
    before = stored_events(table.db)
    statuses = fuzz.run(served.viewer, served.keeper, 300)
    assert max(statuses) < 500, statuses
    assert stored_events(table.db) == before
    with urlopen(served.viewer, timeout=5) as answer:
        assert answer.status == 200
