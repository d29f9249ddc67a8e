"""The backends the storage tests run on: SQLite always, and PostgreSQL on a throwaway
cluster (``tests/pgserver.py``) when its server binaries and driver are found. A test
marked ``backends`` runs once on each: its ``db`` fixture is a SQLite file's path or a
PostgreSQL URL with a schema of its own."""

from __future__ import annotations

import importlib.util
import os
import uuid
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from tests import pgserver

# Property tests assert behaviour, never time: a loaded machine (CI's, or two cores shared
# by several runs) neither fails an example for its time nor a test for slow generation.
settings.register_profile("grizzled", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("grizzled")


def _postgres() -> tuple[str | None, str]:
    """The server binaries' folder (None: not usable here) and why not."""
    if importlib.util.find_spec("psycopg") is None:
        return None, "the driver psycopg is not installed (pip install -e '.[test]')"
    found = pgserver.binaries()
    if found is None:
        return None, "no PostgreSQL server binaries found (apt-get install postgresql)"
    return found, ""


BIN_DIR, MISSING = _postgres()
# Issue 45: grizzled speaks the locale's language; the tests read its English unless one
# chooses another (a French locale on the machine running them changes nothing).
os.environ["LANGUAGE"] = "en"

BACKENDS = ["sqlite", "postgres"] if BIN_DIR else ["sqlite"]


# Tests that check what the interpreter does not change (SQLite's and PostgreSQL's locks
# under many processes, a browser's page, a server under a flood): marked ``once``, and
# .ci/run runs them under one Python of the several it tests (``make test`` runs them
# always). Each is a folder or a file under tests/.
ONCE = (
    "browser/",
    "cli/test_many_writers.py",
    "cli/test_takeback_races.py",
    "web/test_flood.py",
    "web/test_restart.py",
)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "backends: run the test on SQLite and on PostgreSQL")
    config.addinivalue_line(
        "markers", "once: a race, flood or browser test: CI runs it under one Python only"
    )
    if BIN_DIR is None and os.environ.get(pgserver.REQUIRE) == "1":
        raise pytest.UsageError(f"{pgserver.REQUIRE}=1 but {MISSING}")


def pytest_report_header(config: pytest.Config) -> str:
    if BIN_DIR is None:
        return f"postgresql: {MISSING}: the storage tests run on SQLite only"
    return f"postgresql: a throwaway cluster from {BIN_DIR} for the tests marked backends"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = os.path.dirname(__file__)
    for item in items:
        where = os.path.relpath(str(item.path), here)
        if where.startswith(ONCE):
            item.add_marker(pytest.mark.once)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if metafunc.definition.get_closest_marker("backends") and "db" in metafunc.fixturenames:
        metafunc.parametrize("db", BACKENDS, indirect=True)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A cluster started for this run (once, when a test first asks), removed at its end."""
    assert BIN_DIR is not None
    with pgserver.cluster(BIN_DIR) as url:
        yield url


@pytest.fixture
def postgres_db(postgres_unmade: str) -> str:
    """A PostgreSQL URL whose schema is the test's own, its tables made by the owner's
    ``grizzled db upgrade`` (``tracker.app.upgrade``), as a club's server is set up."""
    from tracker.app import upgrade

    upgrade(postgres_unmade)
    return postgres_unmade


@pytest.fixture
def postgres_unmade(postgres_server: str) -> str:
    """A PostgreSQL URL whose schema is the test's own, nothing made in it yet."""
    return f"{postgres_server}?schema=t_{uuid.uuid4().hex[:12]}"
