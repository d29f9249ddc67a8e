"""Stories of the tracker on a real SQLite file: each stored event type (a campaign
created, actions logged, undone and redone), the log, replays, snapshots, several
campaigns in one file, and everything still there after closing and reopening it."""

from __future__ import annotations

import random
import re
import uuid
from collections.abc import Callable, Sequence
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from msgspec.structs import replace

from domain.campaign.flow import CampaignCommand, CampaignState
from domain.chapter.commands import (
    ChooseSupport,
    MakeSpeech,
    PlayCard,
    Seat,
    StartChapter,
    StartMission,
    UseCharm,
    Withdraw,
)
from domain.chapter.corrections import CorrectFact
from domain.chapter.state import Phase
from domain.codec import decode_command
from domain.errors import (
    CampaignRuleViolation,
    CharmUnavailable,
    InvalidCorrection,
    MissingOutcome,
    NoChapter,
    NotYourTurn,
    RuleViolation,
    SpeechRefused,
    WrongPhase,
)
from domain.events import (
    CampaignCreated,
    CardDrawnAndPlayed,
    CardPlayed,
    ChapterStarted,
    FactCorrected,
    LeadershipPassed,
    MissionFailed,
    MoraleDropped,
    SpeechMade,
    SupportUsed,
)
from domain.records import from_record
from domain.simulate import RandomChance, random_command, random_setup
from projections import queries
from projections.runner import catch_up
from tests.domain.builders import rigged_deck
from tests.tracker.history import stored_history
from tracker.aggregate import Campaign
from tracker.app import NAMESPACE, Logged, Tracker, campaign_id
from tracker.errors import (
    CampaignExists,
    CampaignNotFound,
    NoSuchEvent,
    NothingToRedo,
    NothingToUndo,
    NotOnCurrentLine,
)

OpenTracker = Callable[..., Tracker]

SEATS = (Seat("Ann", "night"), Seat("Ben", "snow"), Seat("Cy", "rain"))
SETUP = StartChapter("classic", SEATS, leader="Ann", third_tiles=("left", "right", "left"))

# The first Mission at a real table (decks unseen): Ben's Trap draws a card, Ann's charm
# clears a card, everyone withdraws, Ann receives the Support and chooses her charm.
FIRST_MISSION: tuple[CampaignCommand, ...] = (
    StartMission(3),  # v3
    PlayCard("Ann", "night+shell"),  # v4
    PlayCard("Ben", "snow+gas+trap", drawn="rain+whistle"),  # v5
    PlayCard("Cy", "wounded"),  # v6
    UseCharm("Ann", "night+shell"),  # v7
    Withdraw("Ben", "right"),  # v8: to Ann
    Withdraw("Cy", "left"),  # v9: to Ann
    PlayCard("Ann", "demoralized"),  # v10
    Withdraw("Ann", "left"),  # v11: to Ben; Ann receives the Support
    ChooseSupport("Ann", recover_charm=True),  # v12: Morale Drop, Ben leads, Ann's token
)
# The second Mission: Ben leads, Ann (who took a Speech token) makes a Speech.
SECOND_MISSION: tuple[CampaignCommand, ...] = (
    StartMission(1),  # v13
    PlayCard("Ben", "night+gas"),  # v14
    PlayCard("Cy", "rain+shell"),  # v15
    MakeSpeech("Ann", "gas", (("Ben", "snow+gas"), ("Cy", "gas+whistle"))),  # v16
)


def friday(open_tracker: OpenTracker, **options: Any) -> Tracker:
    """A tracker at a real table with the campaign "Friday" opened and its chapter set up."""
    tracker = open_tracker(**options)
    tracker.create_campaign("Friday", "classic", SEATS)
    tracker.log_action("Friday", SETUP)
    return tracker


def log_all(tracker: Tracker, name: str, commands: Sequence[CampaignCommand]) -> list[Logged]:
    """Log the commands in order."""
    return [tracker.log_action(name, command) for command in commands]


def stored_events(tracker: Tracker, name: str) -> dict[int, Any]:
    """The campaign's stored events by version, as the library loads them."""
    campaign = tracker.campaign(name)
    return {e.originator_version: e for e in tracker.events.get(campaign.id)}


def kinds(logged: Logged) -> list[str]:
    """The domain event types an action led to."""
    return [type(e).__name__ for e in logged.events]


def next_command(tracker: Tracker, name: str, setup: StartChapter, rng: random.Random) -> Any:
    """A random legal command for the running chapter, or the next chapter's setup."""
    state = tracker.state(name)
    if state.chapter is None or not state.chapter_running:
        return setup
    return random_command(state.chapter, rng)


def play_out_chapter(tracker: Tracker, name: str, rng: random.Random) -> list[Logged]:
    """Log random legal commands until the running chapter is over."""
    logged: list[Logged] = []
    state = tracker.state(name)
    while state.chapter_running:
        assert state.chapter is not None
        logged.append(tracker.log_action(name, random_command(state.chapter, rng)))
        state = logged[-1].state
    return logged


class CountingChance:
    """A Chance that counts how often it was asked: a re-rolled outcome would show."""

    def __init__(self, rng: random.Random) -> None:
        self.inner = RandomChance(rng)
        self.calls = 0

    def shuffle(self, cards: tuple[str, ...]) -> tuple[str, ...]:
        self.calls += 1
        return self.inner.shuffle(cards)

    def pick(self, options: tuple[str, ...]) -> str:
        self.calls += 1
        return self.inner.pick(options)


class WithoutSnapshots(Tracker):
    """The same tracker that never reads or takes a snapshot: every load replays all events."""

    snapshotting_intervals = {}  # noqa: RUF012 - library API


# --- Campaign.Created ---------------------------------------------------------------------
def test_a_new_campaign_records_its_table_and_who_opened_it_in_which_session(
    open_tracker: OpenTracker, stored_versions: Callable[[str], list[int]]
) -> None:
    tracker = open_tracker(by="ann", session="2026-01-09")

    state = tracker.create_campaign("  Friday ", "classic", SEATS)

    seats = (Seat("Ann", "night", "Ann"), Seat("Ben", "snow", "Ben"), Seat("Cy", "rain", "Cy"))
    assert (state.name, state.ruleset, state.seats) == ("Friday", "classic", seats)
    assert state.chapter is None and state.chapter_number == 0 and state.results == ()
    assert tracker.state("friday") == state == tracker.state("FRIDAY")
    assert stored_versions("Friday") == [1]
    [created] = stored_history(tracker, "Friday")
    assert (created.version, created.kind) == (1, "Created")
    assert (created.logged_by, created.session) == ("ann", "2026-01-09")
    assert from_record(created.events[0]) == CampaignCreated(
        "Friday", "classic", (("Ann", "night", "Ann"), ("Ben", "snow", "Ben"), ("Cy", "rain", "Cy"))
    )
    assert tracker.campaigns() == ["Friday"]


def test_a_second_campaign_of_the_same_name_in_any_case_is_refused(
    open_tracker: OpenTracker, stored_versions: Callable[[str], list[int]]
) -> None:
    tracker = friday(open_tracker)
    before = tracker.state("Friday")

    with pytest.raises(CampaignExists, match="a campaign called 'FRIDAY' already exists"):
        tracker.create_campaign(" FRIDAY", "classic", SEATS[:2])

    assert stored_versions("Friday") == [1, 2]
    assert tracker.state("Friday") == before
    assert tracker.campaigns() == ["Friday"]


@pytest.mark.backends
def test_a_campaign_that_is_not_there_is_not_found_and_says_where_it_was_looked_for(
    open_tracker: OpenTracker, db: Path
) -> None:
    tracker = friday(open_tracker)
    message = re.escape(f"there is no campaign called 'Saturday' in {db}")

    with pytest.raises(CampaignNotFound, match=message):
        tracker.state("Saturday")
    with pytest.raises(CampaignNotFound, match=message):
        tracker.log_action("Saturday", StartMission(3))
    with pytest.raises(CampaignNotFound, match=message):
        tracker.undo("Saturday")

    assert tracker.campaigns() == ["Friday"]


@pytest.mark.backends
def test_several_campaigns_share_one_file_each_in_its_own_stream(
    open_tracker: OpenTracker, stored_versions: Callable[[str], list[int]]
) -> None:
    tracker = friday(open_tracker)
    sunday = tracker.create_campaign("Sunday duo", "classic", SEATS[:2])
    armistice = tracker.create_campaign("Armistice run", "armistice", SEATS)

    log_all(tracker, "Friday", FIRST_MISSION[:2])

    assert tracker.campaigns() == ["Friday", "Sunday duo", "Armistice run"]
    assert stored_versions("Friday") == [1, 2, 3, 4]
    assert stored_versions("Sunday duo") == [1]
    assert tracker.state("Sunday duo") == sunday
    assert tracker.state("Armistice run") == armistice
    assert tracker.state("Friday").chapter is not None
    assert open_tracker().campaigns() == ["Friday", "Sunday duo", "Armistice run"]


def test_the_campaign_list_is_read_on_a_connection_of_the_trackers_own(
    open_tracker: OpenTracker, monkeypatch: pytest.MonkeyPatch
) -> None:
    tracker = friday(open_tracker)
    tracker.create_campaign("Sunday duo", "classic", SEATS[:2])
    # The event store's connection is the library's own business: take it away.
    monkeypatch.setattr(tracker.recorder, "datastore", None)

    assert tracker.campaigns() == ["Friday", "Sunday duo"]


# A recorder of our own (the library's extension point, tracker/pgchain.py) saves
# through its own datastore: that is the event store's business. It may name its own
# (``self.datastore``), never another's, and no other module may name one.
RECORDERS = {"pgchain.py"}


def test_no_module_of_the_tracker_reaches_into_the_event_stores_connection() -> None:
    sources = sorted((Path(__file__).resolve().parents[2] / "tracker").glob("*.py"))
    reached = [
        f"{path.name}: {word}"
        for path in sources
        for word in re.findall(
            r"(?<!self)\.(?:recorder|datastore)\b"
            if path.name in RECORDERS
            else r"\.(?:recorder|datastore)\b",
            path.read_text(encoding="utf-8"),
        )
    ]
    assert reached == []


# --- Campaign.ActionLogged ---------------------------------------------------------------------
@pytest.mark.backends
def test_every_kind_of_command_is_logged_as_one_action_holding_the_events_it_led_to(
    open_tracker: OpenTracker,
) -> None:
    tracker = open_tracker(by="ann", session="2026-01-09")
    tracker.create_campaign("Friday", "classic", SEATS)
    commands = [
        SETUP,
        *FIRST_MISSION,
        *SECOND_MISSION,
        CorrectFact("trials", 12, "we miscounted the deck"),
        CorrectFact("knock-add", "mute", "nobody logged it", player="Ben"),
    ]

    logged = {2 + i: tracker.log_action("Friday", command) for i, command in enumerate(commands)}

    assert [entry.version for entry in logged.values()] == list(range(2, 19))
    assert {v: kinds(entry) for v, entry in logged.items()} == {
        2: ["ChapterStarted"],
        3: ["MissionStarted", "CardsDealt"],
        4: ["CardPlayed"],
        5: ["CardPlayed", "CardDrawnAndPlayed"],
        6: ["CardPlayed"],
        7: ["CharmUsed"],
        8: ["PlayerWithdrew"],
        9: ["PlayerWithdrew"],
        10: ["CardPlayed"],
        11: ["PlayerWithdrew", "MissionSucceeded", "SupportRevealed"],
        12: ["SupportUsed", "MoraleDropped", "LeadershipPassed"],
        13: ["MissionStarted", "CardsDealt"],
        14: ["CardPlayed"],
        15: ["CardPlayed"],
        16: ["SpeechMade"],
        17: ["FactCorrected"],
        18: ["FactCorrected"],
    }
    stored = stored_events(tracker, "Friday")
    assert sorted(stored) == list(range(1, 19))
    for version, command in zip(logged, commands, strict=True):
        action = stored[version]
        assert isinstance(action, Campaign.ActionLogged)
        assert [from_record(r) for r in action.events] == list(logged[version].events)
        assert decode_command(action.command) == command
        assert action.parent == version - 1
        assert (action.logged_by, action.session) == ("ann", "2026-01-09")

    # A real table: the decks are unseen, the first Mission Leader and tiles were told.
    started = logged[2].events[0]
    assert isinstance(started, ChapterStarted)
    assert started.leader == "Ann" and set(started.trials) == {None}
    # Ben's Trap sprang: the card he drew from the unseen deck went to No Man's Land.
    assert logged[5].events[1] == CardDrawnAndPlayed("Ben", "rain+whistle", "trap")
    assert logged[5].state.chapter and logged[5].state.chapter.nml == (
        "night+shell",
        "snow+gas+trap",
        "rain+whistle",
    )
    # Ann's charm took night+shell out; she recovered it with her Support choice.
    after_charm = logged[7].state.chapter
    assert after_charm and not after_charm.player("Ann").charm_up
    assert after_charm.nml == ("snow+gas+trap", "rain+whistle")
    assert logged[12].events == (
        SupportUsed("Ann", (), True),
        MoraleDropped(6, (None,) * 6),
        LeadershipPassed("Ben", "Ann"),
    )
    # Ann spent the Speech token she took when the leadership passed.
    assert logged[16].events == (
        SpeechMade("Ann", "gas", (("Ben", "snow+gas"), ("Cy", "gas+whistle"))),
    )
    # The corrections: the table is right.
    assert logged[17].events == (FactCorrected("trials", None, 12, "we miscounted the deck"),)
    assert logged[18].events == (FactCorrected("knock-add", "Ben", "mute", "nobody logged it"),)
    chapter = tracker.state("Friday").chapter
    assert chapter is not None
    assert len(chapter.trials) == 12
    assert chapter.player("Ben").hard_knocks == ("mute",)
    assert chapter.player("Ann").speech_tokens == 0 and chapter.player("Ann").charm_up
    assert (chapter.phase, chapter.mission, chapter.active_player) == (
        Phase.MISSION,
        2,
        chapter.player("Ben"),
    )
    assert tracker.state("Friday") == logged[18].state


@pytest.mark.backends
def test_an_action_keeps_the_summary_the_table_gave_it(open_tracker: OpenTracker) -> None:
    tracker = friday(open_tracker)

    tracker.log_action("Friday", StartMission(3), summary="Ann deals three each")
    tracker.log_action("Friday", PlayCard("Ann", "night+shell"))

    summaries = [entry.summary for entry in stored_history(tracker, "Friday")[2:]]
    assert summaries == ["Ann deals three each", "PlayCard player=Ann card=night+shell"]


@pytest.mark.parametrize(
    ("command", "refusal", "words"),
    [
        (PlayCard("Cy", "night+gas"), NotYourTurn, "it is Ben's turn, not Cy's"),
        (PlayCard("Ben", "night+gas+trap"), MissingOutcome, "say which card Ben drew"),
        (UseCharm("Ben", "snow+gas"), CharmUnavailable, "in No Man's Land for Ben's charm"),
        (MakeSpeech("Ben", "gas"), SpeechRefused, "Ben has no Speech token"),
        (StartMission(3), WrongPhase, "cannot start a Mission"),
        (SETUP, CampaignRuleViolation, "chapter 1 is still being played"),
        (CorrectFact("trials", 12, "  "), InvalidCorrection, "needs a reason"),
        (CorrectFact("knock-add", "mute", "forgot"), InvalidCorrection, "names the player"),
    ],
)
@pytest.mark.backends
def test_a_command_the_rules_refuse_records_nothing(
    open_tracker: OpenTracker,
    stored_versions: Callable[[str], list[int]],
    command: CampaignCommand,
    refusal: type[Exception],
    words: str,
) -> None:
    tracker = friday(open_tracker)
    log_all(tracker, "Friday", FIRST_MISSION[:2])
    before = tracker.state("Friday")

    with pytest.raises(RuleViolation, match=words) as refused:
        tracker.log_action("Friday", command)

    assert isinstance(refused.value, refusal)
    assert stored_versions("Friday") == [1, 2, 3, 4]
    assert tracker.state("Friday") == before


def test_a_campaign_without_a_chapter_refuses_play_and_a_real_table_must_say_who_leads(
    open_tracker: OpenTracker, stored_versions: Callable[[str], list[int]]
) -> None:
    tracker = open_tracker()
    tracker.create_campaign("Friday", "classic", SEATS)

    with pytest.raises(NoChapter, match="no chapter has been started"):
        tracker.log_action("Friday", StartMission(3))
    with pytest.raises(MissingOutcome, match="say who is the first Mission Leader"):
        tracker.log_action("Friday", StartChapter("classic", SEATS, third_tiles=SETUP.third_tiles))
    with pytest.raises(MissingOutcome, match="third Support tile"):
        tracker.log_action("Friday", StartChapter("classic", SEATS, leader="Ann"))

    assert stored_versions("Friday") == [1]
    assert tracker.line_of_play("Friday") == []


# --- Campaign.ActionsUndone -----------------------------------------------------------------
@pytest.mark.backends
def test_an_undo_with_a_reason_takes_actions_back_across_a_mission_boundary(
    open_tracker: OpenTracker,
) -> None:
    tracker = friday(open_tracker)
    logged = log_all(tracker, "Friday", [*FIRST_MISSION, *SECOND_MISSION[:2]])
    waiting_for_support = logged[8].state  # v11: Ann still has to choose

    undone = tracker.undo("Friday", 3, reason="Ann took a Hard Knock off, not her charm")

    assert (undone.version, undone.actions) == (15, (12, 13, 14))
    assert undone.state == waiting_for_support == tracker.state("Friday")
    chapter = undone.state.chapter
    assert chapter is not None and (chapter.phase, chapter.mission) == (Phase.SUPPORT, 1)
    assert tracker.line_of_play("Friday") == list(range(2, 12))
    entry = stored_history(tracker, "Friday")[-1]
    assert (entry.kind, entry.actions) == ("ActionsUndone", (12, 13, 14))
    assert entry.reason == "Ann took a Hard Knock off, not her charm"

    chosen = tracker.log_action("Friday", ChooseSupport("Ann", ("demoralized",)))

    assert chosen.version == 16
    assert chosen.events[0] == SupportUsed("Ann", ("demoralized",), False)
    assert stored_events(tracker, "Friday")[16].parent == 11
    assert tracker.line_of_play("Friday") == [*range(2, 12), 16]


@pytest.mark.backends
def test_an_undo_reaches_back_across_a_chapter_boundary(open_tracker: OpenTracker) -> None:
    rng = random.Random(11)
    tracker = open_tracker(chance=RandomChance(rng))
    setup = random_setup(rng, "classic", 3)
    tracker.create_campaign("Long war", "classic", setup.seats)
    tracker.log_action("Long war", setup)
    chapter_one = play_out_chapter(tracker, "Long war", rng)
    ended = tracker.state("Long war")
    assert ended.chapter_number == 1 and len(ended.results) == 1
    second = tracker.log_action("Long war", setup)
    tracker.log_action("Long war", StartMission(3))
    last_of_one, before_last = chapter_one[-1], chapter_one[-2]

    undone = tracker.undo("Long war", 3, reason="the last card was never played")

    assert undone.actions == (last_of_one.version, second.version, second.version + 1)
    state = tracker.state("Long war")
    assert state == before_last.state == undone.state
    assert state.chapter_number == 1 and state.results == () and state.chapter_running
    assert tracker.line_of_play("Long war")[-1] == before_last.version
    assert tracker.replay("Long war", tracker.line_of_play("Long war"))[-1].state == state

    redone = tracker.redo("Long war")

    assert redone.state == tracker.state("Long war", second.version + 1)
    assert redone.state.chapter_number == 2 and redone.state.results == ended.results


def test_an_undo_of_more_actions_than_stand_is_refused_and_records_nothing(
    open_tracker: OpenTracker, stored_versions: Callable[[str], list[int]]
) -> None:
    tracker = friday(open_tracker)
    tracker.log_action("Friday", StartMission(3))
    tracker.create_campaign("Empty", "classic", SEATS)

    with pytest.raises(NothingToUndo, match="only 2 actions can be undone"):
        tracker.undo("Friday", 3)
    with pytest.raises(NothingToUndo, match="at least one action"):
        tracker.undo("Friday", 0)
    with pytest.raises(NothingToUndo, match="only 0 actions can be undone"):
        tracker.undo("Empty")

    assert stored_versions("Friday") == [1, 2, 3]
    assert stored_versions("Empty") == [1]
    tracker.undo("Friday", 2)
    with pytest.raises(NothingToUndo, match="only 0 actions can be undone"):
        tracker.undo("Friday")
    assert tracker.state("Friday").chapter is None


@pytest.mark.backends
def test_undo_to_takes_back_everything_after_a_chosen_action_of_the_current_line(
    open_tracker: OpenTracker, stored_versions: Callable[[str], list[int]]
) -> None:
    tracker = friday(open_tracker)
    log_all(tracker, "Friday", FIRST_MISSION[:6])  # v3-v8

    assert tracker.undo_plan("Friday", 4) == [8, 7, 6, 5]
    undone = tracker.undo_to("Friday", 4, reason="Ben's Trap drew another card")

    assert (undone.version, undone.actions) == (9, (5, 6, 7, 8))
    assert undone.state == tracker.state("Friday", 4) == tracker.state("Friday")
    assert tracker.line_of_play("Friday") == [2, 3, 4]
    for target, why in ((6, "undone"), (9, "an undo, not an action")):
        with pytest.raises(NotOnCurrentLine, match=f"event #{target} is not an action"):
            tracker.undo_plan("Friday", target)
        with pytest.raises(NotOnCurrentLine):
            tracker.undo_to("Friday", target, reason=why)
    for target, said in ((42, "there is no log entry #42: the log ends at #9"), (0, "from 1")):
        with pytest.raises(NoSuchEvent, match=said):
            tracker.undo_plan("Friday", target)
        with pytest.raises(NoSuchEvent, match=said):
            tracker.undo_to("Friday", target)
    assert tracker.undo_plan("Friday", 4) == []
    with pytest.raises(NothingToUndo, match="event #4 is the last action"):
        tracker.undo_to("Friday", 4)
    assert stored_versions("Friday") == list(range(1, 10))


@pytest.mark.backends
def test_the_missions_an_undo_would_take_back_are_counted_by_the_missions_they_started(
    open_tracker: OpenTracker,
) -> None:
    tracker = friday(open_tracker)
    log_all(tracker, "Friday", [*FIRST_MISSION, *SECOND_MISSION[:2]])  # v3-v14

    assert tracker.preview("Friday", tracker.undo_plan("Friday", 12)).missions == 1  # v13
    assert tracker.preview("Friday", tracker.undo_plan("Friday", 2)).missions == 2
    assert tracker.preview("Friday", tracker.undo_plan("Friday", 13)).missions == 0
    assert tracker.preview("Friday", []).missions == 0


@pytest.mark.backends
def test_undoing_a_failed_mission_restores_the_deck_before_its_shuffle_and_redo_the_shuffle(
    open_tracker: OpenTracker,
) -> None:
    # Three nights fail the Mission: No Man's Land goes back into the Trials deck, shuffled.
    hands = {
        "Ann": ("night+shell", "snow+whistle", "rain+gas"),
        "Ben": ("night+gas", "snow+whistle", "rain+gas"),
        "Cy": ("night+whistle", "snow+whistle", "rain+gas"),
    }
    chance = CountingChance(random.Random(5))
    tracker = open_tracker(chance=chance)
    tracker.create_campaign("Shuffle", "classic", SEATS)
    deck = rigged_deck(hands, ["Ann", "Ben", "Cy"])
    plays = [PlayCard("Ann", "night+shell"), PlayCard("Ben", "night+gas")]
    log_all(tracker, "Shuffle", [replace(SETUP, deck=deck), StartMission(3), *plays])
    before = tracker.state("Shuffle")
    assert before.chapter is not None

    failed = tracker.log_action("Shuffle", PlayCard("Cy", "night+whistle"))

    [shuffle] = [e for e in failed.events if isinstance(e, MissionFailed)]
    unshuffled = (*before.chapter.trials, *before.chapter.nml, "night+whistle")
    assert sorted(shuffle.trials) == sorted(unshuffled) and shuffle.trials != unshuffled
    assert failed.state.chapter is not None
    shuffled_deck = failed.state.chapter.trials
    asked = chance.calls

    undone = tracker.undo("Shuffle", reason="Cy played night+rain")

    assert undone.state == before == tracker.state("Shuffle")
    assert undone.state.chapter and undone.state.chapter.trials == before.chapter.trials

    redone = tracker.redo("Shuffle")

    assert redone.state == failed.state == tracker.state("Shuffle")
    assert redone.state.chapter and redone.state.chapter.trials == shuffled_deck
    assert chance.calls == asked, "an undo or a redo asked chance again"
    elsewhere = open_tracker(chance=RandomChance(random.Random(99)))
    assert elsewhere.state("Shuffle") == failed.state


# --- Campaign.ActionsRedone -----------------------------------------------------------------
@pytest.mark.backends
def test_redo_takes_the_latest_undo_back_one_undo_at_a_time(
    open_tracker: OpenTracker, stored_versions: Callable[[str], list[int]]
) -> None:
    tracker = friday(open_tracker)
    logged = log_all(tracker, "Friday", FIRST_MISSION[:4])  # v3-v6
    tracker.undo("Friday", 2, reason="wrong cards")  # v7 takes back 5, 6
    tracker.undo("Friday", reason="wrong intensity")  # v8 takes back 4

    first = tracker.redo("Friday")

    assert (first.version, first.actions) == (9, (4,))
    assert first.state == logged[1].state == tracker.state("Friday")
    assert tracker.line_of_play("Friday") == [2, 3, 4]

    second = tracker.redo("Friday")

    assert (second.version, second.actions) == (10, (5, 6))
    assert second.state == logged[3].state == tracker.state("Friday")
    assert tracker.line_of_play("Friday") == [2, 3, 4, 5, 6]
    redos = [e for e in stored_history(tracker, "Friday") if e.kind == "ActionsRedone"]
    assert [(e.version, e.actions, e.undone) for e in redos] == [
        (9, (4,), False),
        (10, (5, 6), False),
    ]
    with pytest.raises(NothingToRedo):
        tracker.redo("Friday")
    assert stored_versions("Friday") == list(range(1, 11))


@pytest.mark.backends
def test_redo_is_refused_once_a_new_action_was_logged_after_the_undo(
    open_tracker: OpenTracker, stored_versions: Callable[[str], list[int]]
) -> None:
    tracker = friday(open_tracker)
    log_all(tracker, "Friday", FIRST_MISSION[:3])  # v3-v5
    tracker.undo("Friday", reason="Ben played no Trap")  # v6
    tracker.log_action("Friday", PlayCard("Ben", "snow+gas"))  # v7
    before = tracker.state("Friday")

    with pytest.raises(NothingToRedo, match="no undo to take back since the last logged action"):
        tracker.redo("Friday")

    assert stored_versions("Friday") == list(range(1, 8))
    assert tracker.state("Friday") == before
    assert tracker.line_of_play("Friday") == [2, 3, 4, 7]


# --- Reading the log ----------------------------------------------------------------------
@pytest.mark.backends
def test_the_state_after_any_event_number_can_be_looked_up(open_tracker: OpenTracker) -> None:
    tracker = open_tracker()
    after: dict[int, CampaignState] = {1: tracker.create_campaign("Friday", "classic", SEATS)}
    for logged in log_all(tracker, "Friday", [SETUP, *FIRST_MISSION[:5]]):
        after[logged.version] = logged.state
    for undone in (tracker.undo("Friday", 2), tracker.redo("Friday"), tracker.undo("Friday")):
        after[undone.version] = undone.state
    after[11] = tracker.log_action("Friday", Withdraw("Ann", "left")).state

    assert sorted(after) == list(range(1, 12))
    for version, state in after.items():
        assert tracker.state("Friday", version) == state, f"state after event #{version}"
    assert tracker.state("Friday") == after[11]
    assert tracker.state("Friday", 8) == after[5]  # the undo at #8 went back to #5
    assert tracker.state("Friday", 10) == after[6]  # the undo at #10 went back to #6


def test_a_chapter_replays_action_by_action_to_the_current_state(
    open_tracker: OpenTracker,
) -> None:
    rng = random.Random(3)
    tracker = open_tracker(chance=RandomChance(rng))
    setup = random_setup(rng, "classic", 4)
    tracker.create_campaign("Replayed", "classic", setup.seats)
    first_start = tracker.log_action("Replayed", setup)
    chapter_one = [first_start, *play_out_chapter(tracker, "Replayed", rng)]
    second_start = tracker.log_action("Replayed", setup)
    chapter_two = [second_start, *log_all(tracker, "Replayed", [StartMission(3)])]
    chapter_two.append(
        tracker.log_action("Replayed", next_command(tracker, "Replayed", setup, rng))
    )
    tracker.log_action("Replayed", next_command(tracker, "Replayed", setup, rng))
    tracker.undo("Replayed", reason="that one was a mistake")

    catch_up(tracker.db_path)  # which actions make a chapter: the read models know
    with closing(queries.connect(tracker.db_path)) as conn:
        played = queries.played_chapters(conn, campaign_id("Replayed").hex)
        actions = [queries.chapter_actions(conn, campaign_id("Replayed").hex, n) for n in (1, 2)]

    one, two = (tracker.replay("Replayed", versions) for versions in actions)

    assert played == [1, 2]
    assert [step.version for step in one] == [logged.version for logged in chapter_one]
    assert [step.state for step in one] == [logged.state for logged in chapter_one]
    assert one[-1].state == tracker.state("Replayed", chapter_one[-1].version)
    assert [step.version for step in two] == [logged.version for logged in chapter_two]
    assert two[-1].state == tracker.state("Replayed")
    for step in (*one, *two):
        assert step.state == tracker.state("Replayed", step.version)
    assert (
        one[0].summary.startswith("StartChapter") and two[1].summary == "StartMission intensity=3"
    )
    assert tracker.replay("Replayed", []) == []


@pytest.mark.backends
def test_the_history_shows_who_logged_what_in_which_session_and_marks_undone_actions(
    open_tracker: OpenTracker,
) -> None:
    ann = open_tracker(by="ann", session="2026-01-09")
    ben = open_tracker(by="ben", session="2026-01-16")
    ann.create_campaign("Friday", "classic", SEATS)
    log_all(ann, "Friday", [SETUP, StartMission(3), PlayCard("Ann", "night+shell")])  # v2-v4
    log_all(ben, "Friday", [PlayCard("Ben", "night+gas"), PlayCard("Cy", "rain+gas")])  # v5-v6
    ben.undo("Friday", 2, reason="Ben played snow+gas")  # v7
    ben.log_action("Friday", PlayCard("Ben", "snow+gas"))  # v8

    history = stored_history(ann, "Friday")

    assert [(e.version, e.kind, e.logged_by, e.session, e.undone) for e in history] == [
        (1, "Created", "ann", "2026-01-09", False),
        (2, "ActionLogged", "ann", "2026-01-09", False),
        (3, "ActionLogged", "ann", "2026-01-09", False),
        (4, "ActionLogged", "ann", "2026-01-09", False),
        (5, "ActionLogged", "ben", "2026-01-16", True),
        (6, "ActionLogged", "ben", "2026-01-16", True),
        (7, "ActionsUndone", "ben", "2026-01-16", False),
        (8, "ActionLogged", "ben", "2026-01-16", False),
    ]
    assert (history[6].actions, history[6].reason) == ((5, 6), "Ben played snow+gas")
    assert history[4].summary == "PlayCard player=Ben card=night+gas"
    assert [from_record(r) for r in history[7].events] == [CardPlayed("Ben", "snow+gas")]
    assert stored_history(ben, "Friday") == history


# --- The file ---------------------------------------------------------------------------------
@pytest.mark.backends
def test_everything_survives_closing_the_file_and_opening_it_again(
    open_tracker: OpenTracker,
) -> None:
    first = friday(open_tracker, by="ann", session="2026-01-09")
    first.create_campaign("Sunday", "classic", SEATS[:2])
    log_all(first, "Friday", FIRST_MISSION[:5])
    first.undo("Friday", 2, reason="Cy played nothing yet")
    seen = (
        first.campaigns(),
        first.state("Friday"),
        stored_history(first, "Friday"),
        first.line_of_play("Friday"),
        first.replay("Friday", first.line_of_play("Friday")),
        first.state("Friday", 6),
    )
    first.close()

    again = open_tracker(by="ben", session="2026-01-16")

    assert (
        again.campaigns(),
        again.state("Friday"),
        stored_history(again, "Friday"),
        again.line_of_play("Friday"),
        again.replay("Friday", again.line_of_play("Friday")),
        again.state("Friday", 6),
    ) == seen
    redone = again.redo("Friday")  # the undo can still be taken back
    assert redone.actions == (6, 7) and redone.version == 9
    assert again.log_action("Friday", Withdraw("Ben", "right")).version == 10
    assert stored_history(again, "Friday")[-1].logged_by == "ben"


def test_a_database_path_in_the_home_directory_is_opened_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)  # a literal "~" folder would show up here
    tracker = Tracker("~/games/grizzled.sqlite")
    try:
        tracker.create_campaign("Friday", "classic", SEATS)

        assert tracker.db_path == str(tmp_path / "games" / "grizzled.sqlite")
        assert (tmp_path / "games" / "grizzled.sqlite").is_file()
        assert not (tmp_path / "~").exists()
    finally:
        tracker.close()


@pytest.mark.backends
def test_snapshots_are_taken_and_loading_from_them_gives_the_state_a_full_replay_gives(
    open_tracker: OpenTracker, db: Path, query: Callable[..., list[tuple[Any, ...]]]
) -> None:
    rng = random.Random(8)
    tracker = open_tracker(chance=RandomChance(rng))
    setup = random_setup(rng, "classic", 4)
    tracker.create_campaign("Snapped", "classic", setup.seats)
    tracker.log_action("Snapped", setup)
    for _ in range(40):
        tracker.log_action("Snapped", next_command(tracker, "Snapped", setup, rng))  # v3-v42
    tracker.undo("Snapped", 20, reason="back before the snapshot")  # v43 returns to #22
    tracker.log_action("Snapped", next_command(tracker, "Snapped", setup, rng))
    tracker.undo("Snapped", 2)
    tracker.redo("Snapped")
    for _ in range(10):
        tracker.log_action("Snapped", next_command(tracker, "Snapped", setup, rng))
    last = tracker.campaign("Snapped").version

    snapshots = query("SELECT originator_version FROM stored_snapshots ORDER BY 1")

    assert last > 50
    assert [row[0] for row in snapshots] == [25, 50]
    replayed = WithoutSnapshots(db)
    try:
        assert replayed.snapshots is None
        assert tracker.snapshots is not None
        for snapshot in tracker.snapshots.get(tracker.campaign("Snapped").id):
            snapped = snapshot.mutate(None)
            assert isinstance(snapped, Campaign)
            assert snapped.state == replayed.state("Snapped", snapshot.originator_version)
        for version in range(1, last + 1):
            assert tracker.state("Snapped", version) == replayed.state("Snapped", version)
        with_snapshot, full = tracker.campaign("Snapped"), replayed.campaign("Snapped")
        assert (with_snapshot.version, with_snapshot.head, with_snapshot.redo) == (
            full.version,
            full.head,
            full.redo,
        )
        assert tracker.line_of_play("Snapped") == replayed.line_of_play("Snapped")
    finally:
        replayed.close()


@given(st.text(max_size=40))
def test_a_campaign_id_is_the_uuid5_of_its_folded_name(name: str) -> None:
    assert campaign_id(name) == uuid.uuid5(NAMESPACE, name.strip().casefold())
