"""docs/deploy.md's recipes for running the companion as a club's service (issue 42): its
systemd unit passes ``systemd-analyze verify`` where systemd is installed, its container
file builds from a clone where a container tool can build; otherwise each test says in one
line why it was skipped."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "docs" / "deploy.md"


def _block(language: str) -> str:
    """The one fenced block of ``language`` in docs/deploy.md."""
    found = re.findall(rf"```{language}\n(.*?)```", DEPLOY.read_text(), re.DOTALL)
    assert len(found) == 1, f"docs/deploy.md has {len(found)} {language} blocks"
    return str(found[0])


def test_the_systemd_unit_passes_systemd_analyze_verify(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("no systemd-analyze here: the unit was not verified")
    unit = _block("ini")
    assert "serve" in unit and "LimitNOFILE=" in unit and "PASSWORD" not in unit.upper()
    grizzled = str(Path(sys.executable).parent / "grizzled")  # the tool, installed here
    path = tmp_path / "grizzled-companion.service"
    path.write_text(unit.replace("/opt/grizzled/bin/grizzled", grizzled))
    done = subprocess.run(
        [analyze, "verify", "--man=no", str(path)], capture_output=True, text=True, timeout=60
    )
    said = [line for line in done.stderr.splitlines() if "grizzled-companion" in line]
    assert done.returncode == 0 and not said, done.stderr


def test_the_container_file_builds_from_a_clone(tmp_path: Path) -> None:
    tool = next((t for t in ("podman", "docker") if shutil.which(t)), None)
    if tool is None:
        pytest.skip("no podman or docker here: the container file was not built")
    if subprocess.run([tool, "info"], capture_output=True, timeout=60).returncode != 0:
        pytest.skip(f"{tool} cannot build here (no daemon or no rights): not built")
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True, timeout=120)
    (clone / "Containerfile").write_text(_block("dockerfile"))
    done = subprocess.run(
        [tool, "build", "-f", "Containerfile", "-t", "grizzled-companion-test", "."],
        cwd=clone,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stderr[-2000:]
