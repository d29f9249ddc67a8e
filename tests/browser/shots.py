"""Regenerate the companion's screenshots in docs/companion/ (``python -m tests.browser.shots``,
or ``make screenshots``): Debian's Chromium at 390 x 844, the keeper's and a viewer's page, light
and dark, on campaigns made by the real command: Friday (chapter 1, Mission 1, one card played)
and Autumn (Armistice, chapter 2, Mission 1 at the Recruit's turn, an Order of the Day in play);
and the keeper's set-up steps (issue 41) as tests/browser/campaign_flow.py takes them from an
empty file: ``setup-*-light.png`` and ``setup-*-dark.png``.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from playwright.sync_api import ViewportSize

from cli.main import main as grizzled
from tests.browser import campaign_flow as flow
from tests.browser.server import CHROMIUM_ARGS, Served, chromium, serve
from tests.cli.conftest import SEATS, TABLE_CHAPTER, Grizzled
from tests.web.conftest import RECRUIT_HAND, armistice_chapter_two

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


def make_armistice(db: Path) -> None:
    """Autumn, chapter 2, Mission 1: Order #13 kept, Recruit #5 in, Ann played a Helping
    Hand, Ben a Hard Knock, Cy a card: the Recruit's turn (test cards only)."""
    g = Grizzled(db, explicit=True)
    armistice_chapter_two(g)
    g.ok(f"mission start 3 --order 13 --back 12 --recruit 5 --recruit-hand {RECRUIT_HAND}")
    for step in ("helping play 32 -p ann --note 'test note'", "play mute", "play rain+gas"):
        g.ok(step)


def main() -> None:
    path = chromium()
    if path is None:
        raise SystemExit("shots: no Chromium found (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="grizzled-shots-") as folder:
        friday, autumn = Path(folder) / "shots.sqlite", Path(folder) / "armistice.sqlite"
        make_campaign(friday, folder)
        make_armistice(autumn)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
            try:
                with serve(friday) as served:
                    _shoot(browser, served, ("keeper", "viewer", "stats"), "")
                    _shoot(browser, served, ("keeper", "viewer"), "-fr", locale="fr-FR")
                with serve(autumn) as served:
                    _shoot(browser, served, ("keeper", "viewer"), "-armistice")
                with serve(Path(folder) / "setup-armistice.sqlite") as served:
                    _set_up(browser, served, flow.armistice_by_phone)
                with serve(Path(folder) / "setup-classic.sqlite") as served:
                    _set_up(browser, served, flow.classic_by_phone)
            finally:
                browser.close()


def _shoot(
    browser: Any, served: Served, pages: tuple[str, ...], suffix: str, locale: str = "en-GB"
) -> None:
    """The ``pages`` of one serve, light and dark, as ``docs/companion/PAGE{suffix}-SCHEME``
    (``locale``: the browser's language, which the companion speaks if it can)."""
    addresses = {
        "keeper": served.keeper,
        "viewer": served.viewer,
        "stats": f"{served.viewer.rstrip('/')}/stats",
    }
    for scheme in ("light", "dark"):
        context = browser.new_context(viewport=SIZE, color_scheme=scheme, locale=locale)
        page = context.new_page()
        for who in pages:
            page.goto(addresses[who])
            shot = OUT / f"{who}{suffix}-{scheme}.png"
            page.screenshot(path=str(shot))
            print(f"shots: {shot.relative_to(OUT.parents[1])}")
        context.close()


def _set_up(browser: Any, served: Served, steps: Any) -> None:
    """A campaign set up from an empty file on the keeper's phone, each step it names
    photographed in light and dark as ``docs/companion/setup-STEP-SCHEME.png``."""
    context = browser.new_context(viewport=SIZE, color_scheme="light", locale="en-GB")

    def shoot(page: Any, name: str) -> None:
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            shot = OUT / f"{name}-{scheme}.png"
            page.screenshot(path=str(shot))
            print(f"shots: {shot.relative_to(OUT.parents[1])}")
        page.emulate_media(color_scheme="light")

    try:
        steps(context.new_page(), served.keeper, shoot)
    finally:
        context.close()


if __name__ == "__main__":
    main()
    sys.exit(0)
