"""Duo mode is one room (domain/modules/duo.py): its seating, its Morale Drop of up to 7
and its Speech rule join the chapter through the registry; a chapter played without it
seats one Grizzled a player."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from domain.chapter.commands import Seat
from domain.chapter.moments import INSTALLED, install
from domain.chapter.setup import check_seats
from domain.errors import InvalidSetup
from domain.modules.duo import DUO

DUO_SEATS = (
    Seat("Ann", "night", "Pia"),
    Seat("Ben", "snow", "Pia"),
    Seat("Cy", "rain", "Quin"),
    Seat("Dee", "shell", "Quin"),
)


@pytest.fixture
def without_duo() -> Iterator[None]:
    """The modules played, Duo mode left out."""
    before = install(tuple(m for m in INSTALLED.modules if m is not DUO))
    yield
    install(before)


def test_duo_mode_is_a_module_of_the_registry() -> None:
    assert DUO in INSTALLED.modules
    check_seats("armistice", DUO_SEATS)  # accepted: 2 players, 2 Grizzled each


@pytest.mark.usefixtures("without_duo")
def test_without_the_duo_module_two_players_sharing_four_grizzled_are_refused() -> None:
    with pytest.raises(InvalidSetup, match="each Grizzled is played by a player of their own"):
        check_seats("armistice", DUO_SEATS)


@pytest.mark.usefixtures("without_duo")
def test_without_the_duo_module_two_grizzled_are_refused_without_naming_duo_mode() -> None:
    with pytest.raises(InvalidSetup, match=r"for 3 or 4 Grizzled at the table, not 2$"):
        check_seats("armistice", DUO_SEATS[:2])
