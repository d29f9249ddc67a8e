"""No import of a project module changes the standard library: a test, a server or another
tool that imports the tracker runs on Python as it is (issue 28). The speed tricks that
patch it are the ``grizzled`` script's alone (tracker/speedups.py), and it installs them
only when run."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("domain", "tracker", "projections", "cli", "voice")

# Every module of the four packages, imported one after the other.
IMPORT_ALL = f"""
import importlib, pkgutil
for package in {PACKAGES!r}:
    importlib.import_module(package)
    for found in pkgutil.walk_packages([package], package + "."):
        importlib.import_module(found.name)
"""

# The modules those imports load, the standard library's and the dependencies' (some of
# which patch the standard library themselves: eventsourcing, typing_extensions), imported
# first; then the standard library's functions and classes before and after the project's
# modules are imported: what was replaced or added.
COMPARE = """
import importlib, json, sys
loaded = {name: importlib.import_module(name) for name in json.loads(sys.argv[1])}
modules = {
    name: module for name, module in loaded.items()
    if name.partition(".")[0] in sys.stdlib_module_names
}

def callables(module):
    return {k: v for k, v in vars(module).items() if callable(v)}

before = {name: callables(module) for name, module in modules.items()}
exec(compile(sys.argv[2], "<import all>", "exec"))
changed = sorted(
    f"{name}.{attr}"
    for name, module in modules.items()
    for attr, value in callables(module).items()
    if before[name].get(attr) is not value
)
print(json.dumps(changed))
"""

LOADED = f"""
import json, sys
print(json.dumps(sorted(
    name for name, module in sys.modules.items()
    if name.partition(".")[0] not in {PACKAGES!r} and name != "__main__"
    and getattr(module, "__spec__", None) is not None
)))
"""


def run(code: str, *args: str) -> str:
    out = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return out.stdout


def test_importing_a_project_module_changes_nothing_in_the_standard_library() -> None:
    stdlib = run(IMPORT_ALL + LOADED)
    changed = json.loads(run(COMPARE, stdlib, IMPORT_ALL))
    assert {"dataclasses", "inspect", "sqlite3", "eventsourcing"} <= set(json.loads(stdlib))
    assert changed == []
