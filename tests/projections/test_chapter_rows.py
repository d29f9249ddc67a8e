"""A chapter's rows when its catalogue no longer holds a card still on the board: a board
restored by an undo carries the campaign's catalogue, where a ban may have removed the
last copy; the card is then read from the base game."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from projections import chapter
from projections.chapter import chapter_row, player_rows
from tests.domain.builders import start


def test_a_board_holding_a_card_its_catalogue_lost_is_drawn_with_the_base_games_card() -> None:
    state = start({"Ann": ["night+shell", "rain+gas"], "Ben": ["shell+gas", "snow+whistle"]})
    banned = state.catalogue
    for _ in range(banned.cards["night+shell"].copies):
        banned = banned.without("night+shell")
    assert "night+shell" not in banned
    board = replace(state, catalogue=banned)

    row = chapter_row("c1", "Friday", 1, board)
    players = player_rows("c1", "Friday", 1, board)

    assert row["chapter"] == 1 and row["legal"] is not None
    assert players[0]["player"] == "Ann"
    assert "night+shell" in players[0]["hand_known"]
    assert players[0]["hard_knock_weight"] == 0


def test_a_board_the_row_code_cannot_read_fails_loudly_instead_of_becoming_a_silent_null(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    board = start({"Ann": ["night+shell"], "Ben": ["shell+gas"]})
    ghost = replace(board, nml=("ghost+card",))  # a card no catalogue knows: a bug upstream

    with pytest.raises(KeyError, match="ghost"):
        chapter_row("c1", "Friday", 1, ghost)

    def broken(_: object) -> dict[str, object]:
        raise TypeError("legal_summary broke")

    monkeypatch.setattr(chapter, "legal_summary", broken)
    with pytest.raises(TypeError, match="legal_summary broke"):
        chapter_row("c1", "Friday", 1, board)
