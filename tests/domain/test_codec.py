"""Stored states come back exactly: the campaign, its chapter, and a finished chapter's own
catalogue after the campaign's changed (a ban can take a card's last copy out of the box)."""

import json

from msgspec.structs import replace

from domain.campaign.briefing import Briefing, Conclusion, EnterBriefing, EnterConclusion
from domain.campaign.flow import (
    CampaignState,
    decide_campaign,
    decide_create_campaign,
    evolve_campaign,
    start_campaign,
)
from domain.campaign.rewards import BanCard, SkipBootCamp
from domain.chapter.commands import PlayCard, Seat, StartChapter, StartMission, Withdraw
from domain.codec import STATE_FORMAT, decode_board, decode_campaign, encode_campaign
from domain.modules.friendships import friendships, with_friendships
from domain.modules.luck import LuckSpent, luck_spent

SEATS = (Seat("Ann", "night"), Seat("Ben", "snow"), Seat("Cy", "rain"))


def play(state: CampaignState, *commands: object) -> CampaignState:
    for command in commands:
        for event in decide_campaign(state, command):  # type: ignore[arg-type]
            state = evolve_campaign(state, event)
    return state


def stored(state: CampaignState) -> CampaignState:
    return decode_campaign(json.loads(json.dumps(encode_campaign(state))))


def test_a_finished_chapter_keeps_its_catalogue_through_storage_after_a_ban():
    state = start_campaign(decide_create_campaign("Autumn", "armistice", SEATS))
    state = play(
        state,
        SkipBootCamp(),  # Boot Camp bans nothing (notes, decision 6)
        EnterBriefing(Briefing(1, trials=3, morale=1, first_intensity=1)),
        StartChapter("armistice", SEATS, leader="Ann", third_tiles=("left", "left", "right")),
        StartMission(1),
        PlayCard("Ann", "wounded"),
        Withdraw("Ben", "left"),
        Withdraw("Cy", "left"),
        Withdraw("Ann", "left"),
    )
    assert state.last_result is not None and state.last_result.outcome == "monument"
    state = play(state, EnterConclusion(Conclusion(1, ())), BanCard("Ann", "wounded", "knock"))

    assert "wounded" not in state.catalogue  # its only copy left the campaign
    assert state.chapter is not None and "wounded" in state.chapter.catalogue
    again = stored(state)
    assert again == state
    assert again.chapter is not None
    assert again.chapter.hard_knock_weight(again.chapter.player("Ann")) == 2


def test_a_running_chapter_shares_the_campaign_catalogue_in_storage():
    state = start_campaign(decide_create_campaign("Autumn", "classic", SEATS))
    state = play(
        state, StartChapter("classic", SEATS, leader="Ann", third_tiles=("left", "left", "right"))
    )
    data = encode_campaign(state)
    assert data["chapter"]["catalogue"] is None
    assert stored(state) == state


def test_a_state_stored_before_the_friendships_had_their_record_reads_them_into_it():
    """State format 2 kept the Friendships held in the chapter's ``friendships``; format 3
    keeps them in the card effects' record (``ChapterState.modules``)."""
    state = start_campaign(decide_create_campaign("Autumn", "classic", SEATS))
    state = play(
        state, StartChapter("classic", SEATS, leader="Ann", third_tiles=("left", "left", "right"))
    )
    assert state.chapter is not None
    held = replace(state, chapter=with_friendships(state.chapter, (("Ann", 7),)))
    data = json.loads(json.dumps(encode_campaign(held)))
    assert data["format"] == STATE_FORMAT and data["chapter"]["modules"] == {
        "friendships": {"held": [["Ann", 7]]}
    }
    chapter = {k: v for k, v in data["chapter"].items() if k != "modules"}
    old = {**data, "format": 2, "chapter": {**chapter, "friendships": [["Ann", 7]]}}
    none = {**data, "format": 2, "chapter": {**chapter, "friendships": []}}

    assert decode_campaign(old) == held == stored(held)
    assert decode_campaign(none) == state and friendships(state.chapter) == ()
    assert decode_board(old) == held.chapter  # the chapter alone, as odds and hint read it


def test_a_state_stored_before_luck_had_its_record_reads_the_luck_spent_into_it():
    """State formats 2 and 3 kept the Luck spent this Mission in the chapter's
    ``luck_spent``; format 4 keeps it in Luck's record (``ChapterState.modules``)."""
    state = start_campaign(decide_create_campaign("Autumn", "classic", SEATS))
    state = play(
        state, StartChapter("classic", SEATS, leader="Ann", third_tiles=("left", "left", "right"))
    )
    assert state.chapter is not None
    spent = replace(state, chapter=state.chapter.keeping("luck", LuckSpent(("rain+luck",))))
    data = json.loads(json.dumps(encode_campaign(spent)))
    assert data["format"] == STATE_FORMAT
    assert data["chapter"]["modules"] == {"luck": {"spent": ["rain+luck"]}}
    assert "luck_spent" not in data["chapter"]
    chapter = {k: v for k, v in data["chapter"].items() if k != "modules"}
    three = {
        **data,
        "format": 3,
        "chapter": {**chapter, "modules": {}, "luck_spent": ["rain+luck"]},
    }
    two = {**data, "format": 2, "chapter": {**chapter, "luck_spent": ["rain+luck"]}}
    none = {**data, "format": 3, "chapter": {**chapter, "modules": {}, "luck_spent": []}}

    assert decode_campaign(three) == decode_campaign(two) == spent == stored(spent)
    assert decode_campaign(none) == state and luck_spent(state.chapter) == ()


def test_a_chapter_stored_before_the_trail_after_a_failure_prints_no_exact_odds():
    """State format 5 keeps the trail of a failed Mission's cards; a chapter stored before
    it that may have seen a failure says where they went is not known (issue 43)."""
    from domain.assist.hints import public
    from domain.assist.unseen import next_draw
    from tests.domain.assist_tables import played

    state = start_campaign(decide_create_campaign("Autumn", "classic", SEATS))
    failed = played(2, 33, preparing=True)  # a classic chapter after a failed Mission
    assert failed.trail and next_draw(public(failed)).exact
    data = json.loads(json.dumps(encode_campaign(replace(state, chapter=failed))))
    old = {**data, "format": 4, "chapter": {k: v for k, v in data["chapter"].items()}}
    del old["chapter"]["trail"]

    chapter = decode_board(old)
    assert chapter is not None and chapter.trail == (("unknown", "a record older than the trail"),)
    odds = next_draw(public(chapter))
    assert not odds.exact and "stored before failed Missions' cards were followed" in odds.reason
    assert decode_board(data) == failed  # today's format keeps the trail
    first = played(1, 0)  # a first Mission not yet played: nothing to doubt
    data = json.loads(json.dumps(encode_campaign(replace(state, chapter=first))))
    assert decode_board({**data, "format": 4}) == first
