"""The modules a command imports are found and read from one kept file (tracker/module_code.py
says why and how), and only where Python's own finder and loader would have found and read
the same module: each run here is a fresh interpreter, with a kept file of its own, over a
small tree of modules the test changes between runs."""

from __future__ import annotations

import json
import marshal
import os
import py_compile
import subprocess
import sys
from importlib.util import MAGIC_NUMBER
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("top", "pkg", "pkg.mod", "pkg.sub", "pkg.sub.deep")
LATER = ("msgspec.inspect", "msgspec.toml", "msgspec.yaml")  # tracker.speedups.LaterParts
SHOW = """
import json, sys
for name in NAMES:
    __import__(name)
print(json.dumps({
    name: {
        "loader": type(sys.modules[name].__spec__.loader).__name__,
        "file": sys.modules[name].__file__,
        "cached": sys.modules[name].__cached__,
        "path": getattr(sys.modules[name], "__path__", None),
        "value": sys.modules[name].VALUE,
        "source": sys.modules[name].__loader__.get_source(name).strip(),
    }
    for name in NAMES
}))
"""


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """``early`` (first on the path, empty) and ``site`` (a module, a package, a package
    inside it, and a type stub beside a module, as msgspec has)."""
    site = tmp_path / "site"
    (site / "pkg" / "sub").mkdir(parents=True)
    (tmp_path / "early").mkdir()
    for name in NAMES:
        parts = name.split(".")
        path = site.joinpath(*parts, "__init__.py") if name in ("pkg", "pkg.sub") else None
        path = path or site.joinpath(*parts[:-1], parts[-1] + ".py")
        path.write_text(f"VALUE = {name!r}\n")
    (site / "pkg" / "mod.pyi").write_text("VALUE: str\n")
    return tmp_path


def writing_bytecode(**more: str) -> dict[str, str]:
    """The environment of a fresh interpreter that writes bytecode (the kept file is kept
    only then) and imports the project."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPATH": str(ROOT), **more}


def run(tree: Path, *flags: str, kept: bool = True) -> dict[str, dict[str, object]]:
    """A fresh interpreter importing NAMES (with the kept file at ``tree/kept``, or as
    Python alone does): how each module was loaded and what it is."""
    setup = (
        f"import sys\nsys.path[:0] = [{str(tree / 'early')!r}, {str(tree / 'site')!r}]\n"
        f"NAMES = {NAMES!r}\n"
    )
    if kept:
        setup += (
            "from tracker import module_code\n"
            f"sys.meta_path.insert(0, module_code.Kept({str(tree / 'kept')!r}))\n"
        )
    out = subprocess.run(
        [sys.executable, *flags, "-c", setup + SHOW],
        capture_output=True,
        text=True,
        check=True,
        cwd=tree,
        env=writing_bytecode(),
    )
    return json.loads(out.stdout)  # type: ignore[no-any-return]


def loaders(found: dict[str, dict[str, object]]) -> dict[str, object]:
    return {name: module["loader"] for name, module in found.items()}


def stamp(path: Path) -> tuple[int, int]:
    """Whether a file was written again (renamed over: a new inode)."""
    found = path.stat()
    return found.st_ino, found.st_mtime_ns


def test_the_second_run_reads_every_module_from_the_kept_file_as_python_would(
    tree: Path,
) -> None:
    first = run(tree)
    assert set(loaders(first).values()) == {"SourceFileLoader"}
    written = stamp(tree / "kept")
    second = run(tree)
    assert set(loaders(second).values()) == {"Loader"}  # stubs beside a module change nothing
    plain = run(tree, kept=False)

    def what(found: dict[str, dict[str, object]]) -> dict[str, object]:
        return {name: {**module, "loader": None} for name, module in found.items()}

    assert what(second) == what(plain) == what(first)
    assert second["pkg.sub"]["path"] == [str(tree / "site" / "pkg" / "sub")]
    assert stamp(tree / "kept") == written  # nothing new: not written again


def test_a_changed_source_is_read_as_it_is_now_and_kept_again(tree: Path) -> None:
    run(tree)
    run(tree)
    (tree / "site" / "pkg" / "mod.py").write_text("VALUE = 'changed since it was kept'\n")
    written = stamp(tree / "kept")
    changed = run(tree)
    assert changed["pkg.mod"]["value"] == "changed since it was kept"
    assert stamp(tree / "kept") != written
    again = run(tree)
    assert again["pkg.mod"]["value"] == "changed since it was kept"
    assert set(loaders(again).values()) == {"Loader"}


def test_a_module_of_that_name_earlier_on_the_path_is_the_one_imported(tree: Path) -> None:
    run(tree)
    (tree / "early" / "top.py").write_text("VALUE = 'early'\n")
    found = run(tree)
    assert found["top"]["value"] == "early"
    assert found["top"]["file"] == str(tree / "early" / "top.py")
    assert found["pkg.mod"]["loader"] == "Loader"  # the rest still kept
    (tree / "early" / "top.py").unlink()
    (tree / "early" / "top").mkdir()  # a folder of that name: maybe a package, not kept
    assert run(tree)["top"]["loader"] == "SourceFileLoader"


def test_a_package_beside_a_kept_module_is_the_one_imported(tree: Path) -> None:
    run(tree)
    package = tree / "site" / "pkg" / "sub" / "deep"
    package.mkdir()
    (package / "__init__.py").write_text("VALUE = 'package'\n")
    found = run(tree)
    assert found["pkg.sub.deep"]["value"] == "package"
    assert found["pkg.sub.deep"]["path"] == [str(package)]
    assert run(tree)["pkg.sub.deep"]["value"] == "package"


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[: len(data) // 2],
        lambda data: MAGIC_NUMBER + b"\xff" * 64,
        lambda data: b"",
        lambda data: b"\0\0\0\0" + data[4:],
    ],
    ids=["cut short", "garbage", "empty", "another magic number"],
)
def test_a_kept_file_that_cannot_be_read_is_ignored_and_written_anew(
    tree: Path, damage: object
) -> None:
    run(tree)
    kept = tree / "kept"
    kept.write_bytes(damage(kept.read_bytes()))  # type: ignore[operator]
    found = run(tree)
    assert {name: module["value"] for name, module in found.items()} == {n: n for n in NAMES}
    assert set(loaders(run(tree)).values()) == {"Loader"}


def test_a_module_damaged_inside_the_kept_file_is_read_as_python_would(tree: Path) -> None:
    run(tree)
    kept = tree / "kept"
    data = bytearray(kept.read_bytes())
    where = int.from_bytes(data[4:12], "little")
    _, entries = marshal.loads(bytes(data[where:]))
    start, end = entries["pkg.mod"][4:]
    data[start + 16 : end] = b"\xff" * (end - start - 16)  # its header intact, its code not
    kept.write_bytes(bytes(data))
    found = run(tree)
    assert found["pkg.mod"]["value"] == "pkg.mod"
    assert found["top"]["loader"] == "Loader"
    assert run(tree)["pkg.mod"]["loader"] == "Loader"  # kept anew


def test_a_file_kept_by_another_interpreter_build_is_ignored(tree: Path) -> None:
    run(tree)
    kept = tree / "kept"
    data = kept.read_bytes()  # magic number, the index's place (8 bytes) and size (4)
    where, size = int.from_bytes(data[4:12], "little"), int.from_bytes(data[12:16], "little")
    assert where + size == len(data)  # the index last
    version, entries = marshal.loads(data[where:])
    assert version == sys.version
    index = marshal.dumps((version + " (another build)", entries))
    kept.write_bytes(data[:12] + len(index).to_bytes(4, "little") + data[16:where] + index)
    assert set(loaders(run(tree)).values()) == {"SourceFileLoader"}
    assert set(loaders(run(tree)).values()) == {"Loader"}


def test_processes_keeping_at_once_leave_one_whole_kept_file(tree: Path) -> None:
    """Eight first runs at once each write the kept file (renamed over one another)."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(8) as pool:
        runs = list(pool.map(lambda _: run(tree), range(8)))
    for found in runs:
        assert {name: module["value"] for name, module in found.items()} == {n: n for n in NAMES}
    assert set(loaders(run(tree)).values()) == {"Loader"}
    assert sorted(path.name for path in tree.iterdir()) == ["early", "kept", "site"]  # no part left


def test_a_module_loaded_when_first_used_stays_unloaded_and_odd_entries_are_passed_over(
    tree: Path,
) -> None:
    """At exit the kept modules' finder reads what it keeps from each module's own
    attributes: a module Python loads when first used (``LazyLoader``) is not loaded by
    it, and an object that is no module in ``sys.modules`` (some libraries put one there)
    is passed over without a word."""
    code = (
        f"import sys, importlib.util\nsys.path[:0] = [{str(tree / 'site')!r}]\n"
        "import atexit\n"  # (its handlers run last first: this one after the kept file's)
        "atexit.register(lambda: print(object.__getattribute__("
        "sys.modules['pkg.mod'], '__class__').__name__))\n"
        "from tracker import module_code\n"
        f"sys.meta_path.insert(0, module_code.Kept({str(tree / 'kept')!r}))\n"
        "import top\n"
        "spec = importlib.util.find_spec('pkg.mod')\n"
        "spec.loader = importlib.util.LazyLoader(spec.loader)\n"
        "lazy = importlib.util.module_from_spec(spec)\n"
        "sys.modules['pkg.mod'] = lazy\n"
        "spec.loader.exec_module(lazy)\n"
        "class Odd:\n"
        "    def __getattribute__(self, name): raise RuntimeError(name)\n"
        "sys.modules['odd'] = Odd()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=tree,
        env=writing_bytecode(),
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.strip() == "_LazyModule"  # still not loaded after the kept file's write
    assert (tree / "kept").exists()


def test_nothing_is_kept_when_python_writes_no_bytecode(tree: Path) -> None:
    run(tree, "-B")
    assert not (tree / "kept").exists()


def test_a_bytecode_file_that_checks_a_hash_is_not_kept(tree: Path) -> None:
    source = tree / "site" / "pkg" / "mod.py"
    py_compile.compile(
        str(source), doraise=True, invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH
    )
    run(tree)
    found = run(tree)
    assert found["pkg.mod"]["loader"] == "SourceFileLoader"
    assert found["top"]["loader"] == "Loader"


def test_the_command_reads_its_own_modules_from_the_kept_file(tmp_path: Path) -> None:
    """As the grizzled script runs (``speedups.install``), the second run finds every
    module imported after the finder was installed in the kept file: the project's and
    those of the libraries it imports (click, rich, eventsourcing, msgspec with its type
    stubs beside its modules). Run from another folder than the project's: from the
    project's own, Python finds its packages through ``sys.path``'s first entry, the
    current folder, which is not kept (the next run may start elsewhere)."""
    code = (
        "import sys\n"
        "from tracker import speedups\n"
        "assert speedups.install()\n"
        "installed = set(sys.modules)\n"
        "import cli.main, tracker.app, projections.project, app.actions\n"
        "print(' '.join(sorted(n for n, m in list(sys.modules.items()) if n not in installed"
        " and type(getattr(m.__spec__, 'loader', None)).__name__ == 'SourceFileLoader')))\n"
    )
    env = writing_bytecode(PYTHONPYCACHEPREFIX=str(tmp_path))
    env.pop("GRIZZLED_SPEEDUPS", None)

    def found_by_python() -> set[str]:
        command = [sys.executable, "-c", code]
        out = subprocess.run(
            command, capture_output=True, text=True, check=True, cwd=tmp_path, env=env
        )
        return set(out.stdout.split())

    assert {
        "tracker.app",
        "eventsourcing.domain",
        "msgspec.json",
    } <= found_by_python()
    assert found_by_python() == set(LATER)  # msgspec's parts loaded when first used
