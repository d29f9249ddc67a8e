"""The import of issue 26's smallest case, through the command line: a campaign holding
undos moves to a new file, which verifies, and a plain copy of which opens."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.cli.conftest import Grizzled


def test_a_campaign_holding_undos_is_imported_verified_and_a_copy_of_the_new_file_opens(
    grizzled: Grizzled, tmp_path: Path
) -> None:
    grizzled.ok("campaign new R -p ann:night -p ben:snow -p cy:rain")
    grizzled.ok("chapter start --leader ann --tiles left,right,left")
    grizzled.ok("mission start 3")
    grizzled.ok("play night+shell")
    for _ in range(3):
        grizzled.ok("withdraw left")
        grizzled.ok("undo -r x")
    grizzled.ok("withdraw left")
    export = tmp_path / "r.jsonl"
    grizzled.ok("export", str(export))
    moved = Grizzled(tmp_path / "new.sqlite", explicit=True)

    said = moved.ok("import", str(export))

    assert said.startswith("Imported 'R': 11 events, verified")
    assert "Campaign 'R': 11 events, chained from the first" in moved.ok("verify")
    assert moved.json("status") == grizzled.json("status")
    shutil.copyfile(tmp_path / "new.sqlite", tmp_path / "copy.sqlite")
    copied = Grizzled(tmp_path / "copy.sqlite", explicit=True)
    assert copied.json("log --all") == grizzled.json("log --all")
