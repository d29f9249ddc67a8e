"""The eventsourcing library is imported through tracker.library, which changes nothing in
the standard library; the command line hands over the one builtin signature the library
asks for as it is imported (tracker/speedups.py says why)."""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
from pathlib import Path

from tracker.signatures import OBJECT_INIT, knowing_object_init

ROOT = Path(__file__).resolve().parents[2]


def test_the_signature_handed_over_is_the_one_inspect_computes() -> None:
    assert inspect.signature(object.__init__) == OBJECT_INIT
    assert str(OBJECT_INIT) == str(inspect.signature(object.__init__))


def test_every_other_object_gets_the_signature_inspect_computes() -> None:
    def f(a: int, *, b: str = "") -> None: ...

    known = knowing_object_init(inspect.signature)
    assert known(object.__init__) is OBJECT_INIT
    assert known(f) == inspect.signature(f)
    assert known(dict.get) == inspect.signature(dict.get)


def test_a_logged_action_compiles_no_tokenizer_to_import_the_library() -> None:
    code = (
        "from tracker import speedups\n"
        "assert speedups.install()\n"  # as the grizzled script does
        "import tokenize, tracker.app, tracker.integrity\n"
        "print(tokenize._compile.cache_info().currsize)"  # the tokenizer's compiled patterns
    )
    env = {k: v for k, v in os.environ.items() if k != "GRIZZLED_SPEEDUPS"}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT, env=env
    )
    assert out.stdout.strip() == "0"


def test_only_the_library_module_imports_eventsourcing() -> None:
    importers = sorted(
        str(path.relative_to(ROOT))
        for folder in ("domain", "tracker", "projections", "cli")
        for path in (ROOT / folder).rglob("*.py")
        if "import eventsourcing" in path.read_text() or "from eventsourcing" in path.read_text()
    )
    assert importers == ["tracker/library.py"]
