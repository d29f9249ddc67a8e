"""The command's fixtures (a real campaign file, the ``grizzled`` command on it) for the
companion's tests, and the companion on that file."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tests.cli.conftest import campaign, db, grizzled, table  # noqa: F401 (fixtures)
from web.app import create_app

TOKEN = "keeper-token-for-tests"


@pytest.fixture
def client(db: Path) -> TestClient:  # noqa: F811 (the fixture imported above)
    """The companion on this test's file, one keeper holding ``TOKEN``."""
    return TestClient(create_app(db, [TOKEN]), raise_server_exceptions=False)
