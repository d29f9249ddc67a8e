"""Regenerate the companion's screenshots in docs/companion/ (``python -m tests.browser.shots``,
or ``make screenshots``): Debian's Chromium at 390 x 844, the keeper's and a viewer's page, light
and dark, on a campaign made by the real command (Friday, chapter 1, Mission 1, one card played).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from click.testing import CliRunner
from playwright.sync_api import ViewportSize

from cli.main import main as grizzled
from tests.browser.server import CHROMIUM_ARGS, chromium, serve
from tests.cli.conftest import SEATS, TABLE_CHAPTER

OUT = Path(__file__).resolve().parents[2] / "docs" / "companion"
SIZE = ViewportSize(width=390, height=844)


def make_campaign(db: Path, folder: str) -> None:
    """Friday, chapter 1, Mission 1 dealt, Ann has played night+snow, in ``db``."""
    os.environ.update({"XDG_DATA_HOME": folder, "GRIZZLED_USER": "keeper", "NO_COLOR": "1"})
    steps = [
        ["campaign", "new", "Friday", "--rules", "classic", *SEATS],
        ["chapter", "start", *TABLE_CHAPTER],
        ["mission", "start", "3"],
        ["play", "night+snow"],
    ]
    for step in steps:
        result = CliRunner().invoke(grizzled, ["--db", str(db), *step])
        if result.exit_code != 0:
            raise SystemExit(f"shots: grizzled {' '.join(step)}: {result.output.strip()}")


def main() -> None:
    path = chromium()
    if path is None:
        raise SystemExit("shots: no Chromium found (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="grizzled-shots-") as folder:
        db = Path(folder) / "shots.sqlite"
        make_campaign(db, folder)
        with serve(db) as served, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
            try:
                for scheme in ("light", "dark"):
                    context = browser.new_context(viewport=SIZE, color_scheme=scheme)
                    page = context.new_page()
                    pages = (
                        ("keeper", served.keeper),
                        ("viewer", served.viewer),
                        ("stats", f"{served.viewer.rstrip('/')}/stats"),
                    )
                    for who, address in pages:
                        page.goto(address)
                        shot = OUT / f"{who}-{scheme}.png"
                        page.screenshot(path=str(shot))
                        print(f"shots: {shot.relative_to(OUT.parents[1])}")
                    context.close()
            finally:
                browser.close()


if __name__ == "__main__":
    main()
    sys.exit(0)
