"""What the voice says is structured (issue 29, one voice): a piece's text, its public
facts and its secrets, so a face that shows one viewer builds what it shows with
``public`` or ``seen_by`` and cannot leak a hand's cards or a tile played face down."""

from __future__ import annotations

import random

from domain.cards.catalogue import base_catalogue
from domain.events import CardPlayed, CardsDealt, ChapterStarted, PlayerWithdrew
from domain.modules.effects import CardEffect
from domain.simulate import play_chapter, random_setup
from voice import NOBODY, Secret, joined, marked, public, seen_by
from voice.facts import seen_board
from voice.narrate import narrate, narration, said

SECRET_WORDS = ("tiles", "trials", "morale", "cards", "tile")


def a_chapter(seed: int = 3):
    rng = random.Random(seed)
    return play_chapter(random_setup(rng, "classic", 4), rng)


def test_a_withdrawn_players_tile_is_theirs_alone_and_never_in_the_text() -> None:
    piece = said(PlayerWithdrew("Ben", "left"), base_catalogue())

    assert piece.text == "Ben withdraws, a Support tile face down."
    assert "tile" not in piece.facts and public(piece).secrets == ()
    assert seen_by(piece, "Ben").secrets == (Secret("tile", "left", "Ben"),)
    assert seen_by(piece, "Ann").secrets == ()


def test_the_chaplains_face_down_tile_is_nobodys_to_see() -> None:
    piece = said(PlayerWithdrew("Chaplain", "right"), base_catalogue())

    assert piece.secrets == (Secret("tile", "right", NOBODY),)
    assert seen_by(piece, "Chaplain").secrets == ()
    assert seen_by(piece, NOBODY).secrets == ()


def test_each_dealt_hand_is_seen_by_its_player_alone() -> None:
    chapter = a_chapter()
    dealt = next(e for e in chapter.events if isinstance(e, CardsDealt))
    piece = said(dealt, chapter.state.catalogue)

    assert "cards" not in piece.facts
    for player, cards in zip(dealt.players, dealt.cards, strict=True):
        assert seen_by(piece, player).secrets == (Secret("cards", cards, player),)


def test_the_setup_says_the_decks_to_nobody_and_each_seats_tiles_to_its_player() -> None:
    chapter = a_chapter()
    started = chapter.events[0]
    assert isinstance(started, ChapterStarted)

    piece = said(started, chapter.state.catalogue)

    owners = {(s.fact, s.owner) for s in piece.secrets}
    assert {("trials", NOBODY), ("morale", NOBODY)} <= owners
    assert {("tiles", p) for p in started.players} <= owners
    assert not set(SECRET_WORDS) & set(piece.facts)
    assert tuple(piece.facts["players"]) == started.players


def test_a_whole_chapters_public_narration_holds_no_secret_and_says_what_is_printed() -> None:
    chapter = a_chapter(seed=11)
    pieces = narration(chapter.events, chapter.state.catalogue, "classic")

    assert [p.text for p in pieces] == narrate(chapter.events, chapter.state.catalogue, "classic")
    for piece in map(public, pieces):
        assert piece.secrets == ()
        assert piece.facts["type"] == piece.kind
        if piece.kind in ("ChapterStarted", "CardsDealt", "PlayerWithdrew", "MissionFailed"):
            assert not set(SECRET_WORDS) & set(piece.facts), piece.kind


def test_the_cards_a_card_effect_draws_are_secret_and_those_it_discards_are_said() -> None:
    drew = said(CardEffect("Order #21", "draw:2", "Ann", ("night", "snow")), base_catalogue())
    threw = said(CardEffect("Order #21", "discard:1", "Ann", ("night",)), base_catalogue())

    assert drew.text == "Order #21: Ann draws 2 cards."
    assert "cards" not in drew.facts
    assert seen_by(drew, "Ann").secrets == (Secret("cards", ("night", "snow"), "Ann"),)
    assert threw.text == "Order #21: Ann discards night."
    assert threw.secrets == () and tuple(threw.facts["cards"]) == ("night",)


def test_a_played_card_is_said_in_spans_naming_the_player_and_the_card() -> None:
    piece = said(CardPlayed("Ann", "night+shell+trap"), base_catalogue())

    assert [(s.text, s.kind, s.value) for s in piece.spans] == [
        ("Ann", "player", "Ann"),
        (" plays ", "", None),
        ("night+shell (trap)", "card", "night+shell+trap"),
        (" in No Man's Land.", "", None),
    ]


def test_a_name_inside_another_word_is_not_marked() -> None:
    spans = marked("Annie thanks Ann.", [("Ann", "player", "Ann")])

    assert [(s.text, s.kind) for s in spans] == [
        ("Annie thanks ", ""),
        ("Ann", "player"),
        (".", ""),
    ]


def test_every_piece_of_a_chapters_narration_is_spelt_by_its_spans() -> None:
    chapter = a_chapter(seed=5)

    pieces = narration(chapter.events, chapter.state.catalogue, "classic")

    assert all(joined(p.parts()) == p.text for p in pieces)
    assert any(s.kind == "player" for p in pieces for s in p.spans)
    assert any(s.kind == "card" for p in pieces for s in p.spans)


def a_board() -> dict:
    hand = {"hand": 2, "hard_knocks": [], "withdrawn": False}
    return {
        "phase": "mission",
        "players": [
            {"name": "Ann", "known_cards": ["night+shell", "rain"], **hand},
            {"name": "Ben", "known_cards": ["gas+snow"], **hand},
        ],
        "legal": {"player": "Ann", "play": ["night+shell", "rain"], "withdraw": ["left"]},
    }


def test_the_public_board_shows_no_hand_and_not_whats_legal_for_the_player_to_act() -> None:
    seen = seen_board(a_board())

    assert [p["known_cards"] for p in seen["players"]] == [[], []]
    assert [p["hand"] for p in seen["players"]] == [2, 2]  # how many: public
    assert seen["legal"] == {}


def test_a_players_board_shows_their_own_hand_and_choices_only() -> None:
    board = a_board()

    ann, ben = seen_board(board, "Ann"), seen_board(board, "Ben")

    assert [p["known_cards"] for p in ann["players"]] == [["night+shell", "rain"], []]
    assert ann["legal"] == board["legal"]
    assert [p["known_cards"] for p in ben["players"]] == [[], ["gas+snow"]]
    assert ben["legal"] == {}
