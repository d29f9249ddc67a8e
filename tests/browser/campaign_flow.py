"""A whole campaign set up and played from the keeper's phone, no command line (issue 41):
what tests/browser/test_setup.py checks and tests/browser/shots.py photographs. Every
card is a test card ("Test hand 32"): the printed texts are not public.

``armistice_by_phone`` plays Autumn from an empty file: Boot Camp skipped, card #60
described, chapter 1 briefed, started and won, its Helping Hands described, its
Conclusion entered and both awarded; chapter 2 briefed, started and lost, its Conclusion
entered, an award of none asked about then one taken, a card banned. ``classic_by_phone``
plays Friday's chapter 1 (classic) from an empty file, lost at its first Morale Drop.
``*_by_command`` log the same games with the ``grizzled`` command, for the comparison."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.browser.conftest import tap
from tests.cli.conftest import SEATS as COMMAND_SEATS

Shoot = Callable[[Any, str], None]  # a page and the step's name: a screenshot, or nothing
SEATS = (("ann", "night"), ("ben", "snow"), ("cy", "rain"))
WON = ("night+snow", "shell+whistle", "snow+rain")  # three plays: Trials and hands empty


def no_shot(page: Any, name: str) -> None:
    """The test's: no screenshot."""


def _error(page: Any) -> str:
    found = page.get_by_test_id("write-error")
    return str(found.inner_text()) if found.count() else ""


def submit(page: Any, step: str, button: str, **fields: str | bool) -> None:
    """Fill the set-up form of ``step`` as a thumb would and send it; no error after."""
    form = page.get_by_test_id(f"step-{step}")
    details = page.locator("details", has=form)
    if details.count() and not details.evaluate("d => d.open"):
        details.locator("summary").click()
    for name, value in fields.items():
        field = form.locator(f"[name='{name}']")
        if isinstance(value, bool):
            field.set_checked(value)
        elif field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    form.get_by_test_id(button).click()
    page.wait_for_load_state()
    assert not _error(page), _error(page)


def to_setup(page: Any) -> None:
    """From the keeper's board to the set-up page, by its link."""
    page.get_by_test_id("setup-link").click()
    page.wait_for_load_state()
    assert page.get_by_test_id("setup").count() == 1


def create(page: Any, keeper: str, name: str, rules: str, shoot: Shoot = no_shot) -> None:
    page.goto(keeper)
    to_setup(page)
    shoot(page, "setup-new")
    seats: dict[str, str | bool] = {}
    for seat, (player, charm) in enumerate(SEATS, 1):
        seats |= {f"player{seat}": player, f"charm{seat}": charm}
    submit(page, "new", "create", name=name, rules=rules, **seats)


def start(page: Any, tiles: tuple[str, ...], **more: str | bool) -> None:
    picked = {f"tile{n}": tile for n, tile in enumerate(tiles, 1)}
    submit(page, "start", "start", leader="Ann", draw=False, **picked, **more)
    assert page.get_by_test_id("moves").count() == 1  # back on the keeper's board


def play_mission(page: Any, plays: tuple[str, ...], intensity: int = 1) -> None:
    """A Mission tapped on the keeper's board: its start, the plays, three withdrawals."""
    tap(page, f"mission start {intensity}")
    for card in plays:
        tap(page, f"play {card}")
    for _ in range(3):
        tap(page, "withdraw left")


def describe_hands(page: Any, numbers: tuple[int, ...]) -> None:
    for number in numbers:
        kind = "friendship" if number % 3 == 1 else "action"
        submit(
            page,
            "hand",
            "describe-hand",
            number=str(number),
            name=f"Test hand {number}",
            category=kind,
        )


def conclude(page: Any, offer: str) -> None:
    submit(
        page,
        "conclusion",
        "conclude",
        result1="won",
        left1="0",
        hands1="2",
        result2="lost",
        left2="0",
        hands2="1",
        offer=offer,
    )


def armistice_by_phone(page: Any, keeper: str, shoot: Shoot = no_shot) -> None:
    create(page, keeper, "Autumn", "armistice", shoot)
    shoot(page, "setup-boot-camp")
    submit(page, "skip", "skip")
    submit(page, "card", "describe-card", number="60", face="rain+gas+luck")
    submit(page, "briefing", "brief", trials="3", morale="20", first="1")
    shoot(page, "setup-start")
    start(page, ("left", "left", "right"))
    play_mission(page, WON)
    to_setup(page)
    describe_hands(page, (32, 33))
    shoot(page, "setup-conclusion")
    conclude(page, "32,33")
    submit(page, "award", "award", **{"hand-32": "Ann", "hand-33": "Ben"})
    submit(page, "briefing", "brief", trials="3", morale="1", first="1")
    start(page, ("left", "left", "right"))
    play_mission(page, ())
    to_setup(page)
    describe_hands(page, (34, 35))
    conclude(page, "34,35")
    form = page.get_by_test_id("step-award")
    form.get_by_test_id("award").click()  # none taken: the command's question
    page.wait_for_load_state()
    assert "Take 0?" in page.get_by_test_id("question").inner_text()
    shoot(page, "setup-award")
    submit(page, "award", "award", **{"hand-34": "Cy"})
    shoot(page, "setup-ban")
    submit(page, "ban", "ban", player="Ben", card="night+rain", reason="test reason")


def armistice_by_command(g: Any) -> None:
    """The same campaign through the ``grizzled`` command."""
    g.ok("campaign", "new", "Autumn", "--rules", "armistice", *COMMAND_SEATS)
    g.ok("skip-boot-camp")
    g.ok("describe card 60 rain+gas+luck")
    g.ok("briefing 1 --trials 3 --morale 20 --first 1")
    g.ok("chapter start --leader ann --tiles left,left,right")
    g.ok("mission start 1")
    for card in WON:
        g.ok(f"play {card}")
    for _ in range(3):
        g.ok("withdraw left")
    g.conclude(1, (32, 33))
    g.ok("award 32:ann 33:ben")
    g.ok("briefing 2 --trials 3 --morale 1 --first 1")
    g.ok("chapter start --leader ann --tiles left,left,right")
    g.ok("mission start 1")
    for _ in range(3):
        g.ok("withdraw left")
    g.conclude(2, (34, 35))
    g.ok("award 34:cy")
    g.ok('ban ben night+rain -r "test reason"')


def classic_by_phone(page: Any, keeper: str, shoot: Shoot = no_shot) -> None:
    create(page, keeper, "Friday", "classic")
    shoot(page, "setup-classic")
    start(page, ("left", "right", "left"), trials="9", morale="2")
    play_mission(page, (), intensity=3)  # 9 cards kept in hands: the Morale Reserve runs out


def classic_by_command(g: Any) -> None:
    g.ok("campaign", "new", "Friday", "--rules", "classic", *COMMAND_SEATS)
    g.ok("chapter start --leader ann --tiles left,right,left --trials 9 --morale 2")
    g.ok("mission start 3")
    for _ in range(3):
        g.ok("withdraw left")
