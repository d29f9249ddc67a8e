"""The methods dataclasses writes for the event classes are compiled once and kept beside
the bytecode (tracker/dataclass_code.py says why); every run after reads them back. Only
the command line installs it (tracker/speedups.py): each run here installs it as the
``grizzled`` script does, in an interpreter of its own."""

from __future__ import annotations

import marshal
import os
import subprocess
import sys
from dataclasses import dataclass
from importlib.util import MAGIC_NUMBER
from pathlib import Path

import pytest

from tracker import dataclass_code

ROOT = Path(__file__).resolve().parents[2]
# One text a class from Python 3.13 (dataclasses then writes all its methods in one), one
# a method before: ten or more either way.
RUN = (
    "from tracker import speedups\n"
    "assert speedups.install()\n"
    "import tracker.app\n"
    "from tracker.aggregate import Campaign\n"
    "from tracker import dataclass_code\n"
    "Campaign.ActionsUndone\n"  # a take-back class, defined when first met
    "print(dataclass_code.KEPT.added, dataclass_code.KEPT.path)"
)


def run(prefix: Path, *flags: str) -> tuple[int, Path]:
    """A fresh interpreter importing the tracker, its bytecode under ``prefix``: how many
    method texts it compiled, and where it keeps them."""
    env = {**os.environ, "PYTHONPYCACHEPREFIX": str(prefix)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("GRIZZLED_SPEEDUPS", None)
    out = subprocess.run(
        [sys.executable, *flags, "-c", RUN],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env=env,
    )
    added, path = out.stdout.split()
    return int(added), Path(path)


def kept(path: Path) -> dict[str, object]:
    data = path.read_bytes()
    assert data.startswith(MAGIC_NUMBER)
    codes = marshal.loads(data[len(MAGIC_NUMBER) :])
    assert isinstance(codes, dict)
    return codes


def test_the_second_run_compiles_none_of_the_methods_the_first_kept(tmp_path: Path) -> None:
    first, path = run(tmp_path)
    assert first >= 10 and path.is_relative_to(tmp_path)
    assert len(kept(path)) == first
    again, _ = run(tmp_path)
    assert again == 0


def test_what_is_kept_is_what_compiling_the_text_makes(tmp_path: Path) -> None:
    _, path = run(tmp_path)
    codes = kept(path)
    assert any("def __init__(" in text and "originator_id" in text for text in codes)
    for text, code in codes.items():
        assert isinstance(text, str)
        assert marshal.dumps(code) == marshal.dumps(compile(text, "<string>", "exec"))


@pytest.mark.parametrize(
    "damage",
    [
        b"not a cache",
        MAGIC_NUMBER + b"\x00\x01",  # cut short
        b"\x00\x00\x0d\x0a" + marshal.dumps({}),  # another interpreter's
        MAGIC_NUMBER + marshal.dumps({"def __create_fn__(): pass": "not code"}),
        MAGIC_NUMBER + marshal.dumps(["a list"]),
    ],
)
def test_a_cache_that_cannot_be_read_is_ignored_and_written_anew(
    tmp_path: Path, damage: bytes
) -> None:
    first, path = run(tmp_path)
    path.write_bytes(damage)
    assert run(tmp_path)[0] == first
    assert len(kept(path)) == first


def test_nothing_is_written_when_python_writes_no_bytecode(tmp_path: Path) -> None:
    added, path = run(tmp_path, "-B")
    assert added >= 10
    assert not path.exists()


def test_other_modules_dataclasses_are_compiled_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    monkeypatch.setattr(dataclasses, "exec", dataclass_code.kept_exec, raising=False)
    before = dict(dataclass_code.KEPT.codes or {})

    @dataclass(frozen=True)
    class Elsewhere:
        name: str

    assert Elsewhere("a") == Elsewhere("a") and repr(Elsewhere("b")).endswith("(name='b')")
    assert (dataclass_code.KEPT.codes or {}) == before


def test_a_kept_method_reads_the_names_of_its_own_module() -> None:
    code = (
        "from tracker import speedups, dataclass_code\n"
        "assert speedups.install()\n"
        "from tracker.aggregate import Campaign\n"
        "init = Campaign.ActionsUndone.__init__\n"
        "print(dataclass_code.KEPT.codes is not None, init.__code__.co_filename,"
        " init.__globals__['__name__'])"
    )
    env = {k: v for k, v in os.environ.items() if k != "GRIZZLED_SPEEDUPS"}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT, env=env
    )
    assert out.stdout.split() == ["True", "<string>", "tracker.takeback.undone"]
