"""Datasette metadata for a campaign file (``datasette FILE -m metadata.json``): the read
models' titles, descriptions, label columns and column meanings (docs/projections.md),
the bookkeeping tables hidden, and canned queries ("every ban with its reason", ...).

The metadata ships as ``datasette.json`` beside this module, for a file called
``grizzled.sqlite`` (Datasette names a database after its file); ``metadata(name)`` gives
it for a database of another name. Datasette is not a dependency: only its file format is
written here."""

from __future__ import annotations

import json
import os
from typing import Any

SHIPPED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "datasette.json")
DATABASE = "grizzled"  # the database the shipped file describes (the default file's stem)


def metadata(database: str = DATABASE) -> dict[str, Any]:
    """The shipped metadata, describing the database Datasette calls ``database``."""
    with open(SHIPPED, encoding="utf-8") as f:
        found: dict[str, Any] = json.load(f)
    found["databases"] = {database: found["databases"][DATABASE]}
    return found


def database_name(path: str) -> str:
    """What Datasette calls the database at ``path``: its file name without extension."""
    return os.path.splitext(os.path.basename(path))[0]
