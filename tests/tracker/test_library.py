"""The eventsourcing library is imported through tracker.library, which hands over the one
builtin signature it asks for (tracker/library.py says why)."""

from __future__ import annotations

import inspect
import subprocess
import sys

from tracker.library import OBJECT_INIT, object_init_known


def test_the_signature_handed_over_is_the_one_inspect_computes() -> None:
    assert inspect.signature(object.__init__) == OBJECT_INIT
    assert str(OBJECT_INIT) == str(inspect.signature(object.__init__))


def test_inspect_answers_as_before_after_the_import_and_other_objects_meanwhile() -> None:
    before = inspect.signature

    def f(a: int, *, b: str = "") -> None: ...

    with object_init_known():
        assert inspect.signature(object.__init__) is OBJECT_INIT
        assert inspect.signature(f) == before(f)
    assert inspect.signature is before


def test_a_logged_action_compiles_no_tokenizer_to_import_the_library() -> None:
    code = (
        "import tokenize, tracker.app, tracker.integrity\n"
        "print(tokenize._compile.cache_info().currsize)"  # the tokenizer's compiled patterns
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "0"


def test_only_the_library_module_imports_eventsourcing() -> None:
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    importers = sorted(
        str(path.relative_to(root))
        for folder in ("domain", "tracker", "projections", "cli")
        for path in (root / folder).rglob("*.py")
        if "import eventsourcing" in path.read_text() or "from eventsourcing" in path.read_text()
    )
    assert importers == ["tracker/library.py"]
