"""The renderables of cli/render.py drawn on a fixed-width console (100 columns, no colour)
for fixed states built through the domain, compared line by line (trailing spaces aside)."""

from __future__ import annotations

import io
from datetime import datetime

from msgspec.structs import replace
from rich.console import Console, RenderableType

from cli import render
from domain.campaign.briefing import (
    Briefing,
    Conclusion,
    EnterBriefing,
    EnterConclusion,
    RewardRule,
)
from domain.campaign.flow import (
    CampaignCommand,
    CampaignState,
    ChapterResult,
    decide_campaign,
    decide_create_campaign,
    evolve_campaign,
    start_campaign,
)
from domain.campaign.rewards import AwardHelpingHands, BanCard, SkipBootCamp
from domain.cards.box import DescribeHelpingHand
from domain.cards.catalogue import HelpingHandCard
from domain.chapter.commands import (
    ChooseSupport,
    PlayCard,
    Seat,
    StartChapter,
    StartMission,
    UseCharm,
    Withdraw,
)
from tracker.app import ReplayStep

SEATS = (Seat("Ann", "night"), Seat("Ben", "snow"), Seat("Cy", "rain"))
TILES = ("left", "right", "left")
FIRST = StartChapter("classic", SEATS, leader="Ann", trials=10, morale=20, third_tiles=TILES)
EVENING = datetime(2024, 11, 8, 20, 15).astimezone()  # local time: drawn as 20:15


def text(renderable: RenderableType, width: int = 100) -> str:
    console = Console(width=width, color_system=None, record=True, file=io.StringIO())
    console.print(renderable)
    return "\n".join(line.rstrip() for line in console.export_text().splitlines())


def campaign(
    *commands: CampaignCommand,
    seats: tuple[Seat, ...] = SEATS,
    ruleset: str = "classic",
) -> list[CampaignState]:
    """The campaign's state after creation and after each command, decided by the rules."""
    state = start_campaign(decide_create_campaign("Friday", ruleset, seats))
    states = [state]
    for command in commands:
        for event in decide_campaign(state, command):
            state = evolve_campaign(state, event)
        states.append(state)
    return states


def after(
    *commands: CampaignCommand, seats: tuple[Seat, ...] = SEATS, ruleset: str = "classic"
) -> CampaignState:
    """The campaign's state after the commands."""
    return campaign(*commands, seats=seats, ruleset=ruleset)[-1]


SUPPORT_FOR_ANN = (
    FIRST,
    StartMission(3),
    PlayCard("Ann", "mute"),
    PlayCard("Ben", "night+shell"),
    PlayCard("Cy", "rain+gas"),
    UseCharm("Ann", "night+shell"),
    Withdraw("Ben", "right"),
    Withdraw("Cy", "left"),
    Withdraw("Ann", "left"),
)
LOST = (
    StartChapter("classic", SEATS, leader="Ann", trials=10, morale=1, third_tiles=TILES),
    StartMission(3),
    Withdraw("Ann", "left"),
    Withdraw("Ben", "left"),
    Withdraw("Cy", "left"),
)
PAIR = (Seat("Ann", "night"), Seat("Ben", "snow"))
WON_WITH_THE_CHAPLAIN = (
    StartChapter("classic", PAIR, leader="Ann", trials=6, third_tiles=TILES),
    StartMission(3, chaplain_tile="left"),
    PlayCard("Ann", "night+snow"),
    PlayCard("Ben", "shell+whistle"),
    PlayCard("Ann", "rain+gas"),
    PlayCard("Ben", "night+rain"),
    PlayCard("Ann", "snow+gas"),
    PlayCard("Ben", "mute"),
    Withdraw("Ann", "left"),
    Withdraw("Ben", "left"),
)
# Boot Camp earns and bans nothing (notes, decision 6): chapter 1 is the first that may.
ARMISTICE_CHAPTER_1_LOST = (
    SkipBootCamp(),
    DescribeHelpingHand(HelpingHandCard(100, "Test hand 100", "friendship", "test")),
    DescribeHelpingHand(HelpingHandCard(101, "Test hand 101", "action", "test")),
    EnterBriefing(Briefing(1, 3, 1, 1)),
    StartChapter("armistice", SEATS, leader="Ann", third_tiles=("left", "left", "right")),
    StartMission(1),
    Withdraw("Ann", "left"),
    Withdraw("Ben", "left"),
    Withdraw("Cy", "left"),
    EnterConclusion(Conclusion(1, (RewardRule("any", 0, 2),), (100, 101, 102))),
    AwardHelpingHands(((100, "Ann"), (101, "Cy"))),
    BanCard("Ben", "rain+gas"),
)
MONUMENT = "lost: the Morale Reserve is exhausted: the Monument is visible"


def lines(*rows: str) -> str:
    return "\n".join(rows)


# --- the board -------------------------------------------------------------------------------
def test_the_board_before_any_chapter_says_so():
    assert text(render.board(after())) == "Campaign Friday: no chapter started yet."


def test_the_board_warns_at_two_of_a_threat_and_forces_a_fearful_player_out():
    state = after(
        FIRST,
        StartMission(3),
        PlayCard("Ann", "night+shell+trap", drawn="rain+shell"),
        PlayCard("Ben", "fearful"),
        Withdraw("Cy", "left"),
        PlayCard("Ann", "night+gas"),
    )

    assert text(render.status_view(state)) == lines(
        "Friday - chapter 1, mission 1 - mission",
        "Trials deck 0  Morale Reserve 20  Speech stock 5",
        "No Man's Land: night+shell (trap), rain+shell, night+gas",
        "Threats: night x2 !  rain x1  shell x2 !  gas x1",
        "   Grizzled  charm     hand  Hard Knocks  Speech  tiles  status",
        "L  Ann       night up  1     -            0       3",
        "*  Ben       snow up   2     Fearful      0       3",
        "   Cy        rain up   3     -            0       2      withdrawn",
        "Ben must withdraw (Fearful).",
        "Next: Ben is Fearful with 2 identical threats: grizzled withdraw TILE",
    )


def test_the_status_says_what_the_active_player_may_do():
    state = after(FIRST, StartMission(3), PlayCard("Ann", "night+snow"))

    assert text(render.status_view(state)) == lines(
        "Friday - chapter 1, mission 1 - mission",
        "Trials deck 1  Morale Reserve 20  Speech stock 5",
        "No Man's Land: night+snow",
        "Threats: night x1  snow x1",
        "   Grizzled  charm     hand  Hard Knocks  Speech  tiles  status",
        "L  Ann       night up  2     -            0       3",
        "*  Ben       snow up   3     -            0       3",
        "   Cy        rain up   3     -            0       3",
        "Ben may: play a card from hand; charm on night+snow; withdraw.",
        "Next: Ben's turn: play CARD, charm CARD or withdraw TILE",
    )


def test_the_status_waits_for_the_support_beneficiarys_choice():
    state = after(*SUPPORT_FOR_ANN)

    assert text(render.status_view(state)) == lines(
        "Friday - chapter 1, mission 1 - support: the beneficiary chooses",
        "Trials deck 1  Morale Reserve 20  Speech stock 5",
        "No Man's Land: empty",
        "Threats: none",
        "   Grizzled  charm       hand  Hard Knocks  Speech  tiles  status",
        "L  Ann       night down  2     Mute         0       4",
        "   Ben       snow up     2     -            0       3",
        "   Cy        rain up     2     -            0       2",
        "Next: Ann chooses the Support benefit: grizzled support ...",
    )


def test_a_new_chapter_shows_the_first_missions_preparation():
    state = after(FIRST)

    assert text(render.status_view(state)).splitlines()[0] == (
        "Friday - chapter 1, mission 1 - preparation: the Mission Leader sets the intensity"
    )


def test_the_status_after_support_is_the_next_missions_preparation():
    state = after(*SUPPORT_FOR_ANN, ChooseSupport("Ann", ("mute",)))

    assert text(render.status_view(state)).splitlines()[:2] == [
        "Friday - chapter 1, mission 2 - preparation: the Mission Leader sets the intensity",
        "Trials deck 7  Morale Reserve 14  Speech stock 4",
    ]


def test_a_lost_chapter_says_why():
    assert text(render.status_view(after(*LOST))) == lines(
        "Friday - chapter 1, mission 1 - chapter over",
        "Trials deck 2  Morale Reserve 0  Speech stock 5",
        "No Man's Land: empty",
        "Threats: none",
        "   Grizzled  charm     hand  Hard Knocks  Speech  tiles  status",
        "L  Ann       night up  3     -            0       3",
        "   Ben       snow up   3     -            0       3",
        "   Cy        rain up   3     -            0       3",
        "The game is lost: the Morale Reserve is exhausted: the Monument is visible.",
        "Next: start the next chapter: grizzled chapter start --leader NAME --tiles TILE,TILE,...",
    )


def test_a_won_two_player_chapter_shows_the_chaplain_without_a_hand():
    state = after(*WON_WITH_THE_CHAPLAIN, seats=PAIR)

    assert text(render.board(state)) == lines(
        "Friday - chapter 1, mission 1 - chapter over",
        "Trials deck 0  Morale Reserve 53  Speech stock 5",
        "No Man's Land: empty",
        "Threats: none",
        "   Grizzled  charm     hand  Hard Knocks  Speech  tiles  status",
        "L  Ann       night up  0     -            0       3",
        "   Ben       snow up   0     Mute         0       3",
        "   Chaplain  -         -     -            0       3",
        "The game is won.",
    )


# --- the log, the score, the replay ----------------------------------------------------------


def test_the_score_table_lists_finished_chapters_and_the_one_in_progress():
    assert text(render.score_table(after(*LOST, FIRST))) == lines(
        " chapter  result              Morale left  Victory Points  Negative Points",
        " 1        lost: the Monument  0            0               0",
        " 2        in progress         20",
        " total    difference +0                    0               0",
    )


def test_the_score_on_60_columns_shortens_its_headers_rather_than_wrap_them():
    state = after(*LOST, FIRST)

    assert text(render.score_table(state), 60) == lines(
        "chapter  result              Morale  Victory  Negative",
        "1        lost: the Monument  0       0        0",
        "2        in progress         20",
        "total    difference +0               0        0",
    )
    assert len(text(render.score_table(state), 100).splitlines()) == 4  # the long headers


def test_a_long_campaigns_score_shows_its_latest_chapters_and_the_totals_of_all():
    state = after(*LOST)
    results = tuple(
        ChapterResult(number, "won" if number % 2 else "monument", "", number % 7)
        for number in range(1, 26)
    )
    state = replace(state, results=results, chapter=None, chapter_number=25)

    page = text(render.score_table(state)).splitlines()
    every = text(render.score_table(state, None)).splitlines()

    assert page[1].split() == ["...", "5", "earlier", "chapters", "(score", "--all)"]
    assert [row.split()[0] for row in page[2:-1]] == [str(n) for n in range(6, 26)]
    assert [row.split()[0] for row in every[1:-1]] == [str(n) for n in range(1, 26)]
    assert page[-1].split() == every[-1].split()  # the totals of every chapter


def fact(kind, chapter, what, event, who):
    """A point of the score (``projections.queries.score_facts``)."""
    return {
        "kind": kind,
        "chapter": chapter,
        "what": what,
        "event": event,
        "logged_by": who,
        "time": EVENING.isoformat(),
    }


def test_the_explanation_lists_each_point_and_its_log_entry():
    facts = [
        fact("victory", 0, "Helping Hand #102 to Ann", 19, "ann"),
        fact("negative", 0, "Helping Hand #100 not taken", 19, "ann"),
        fact("negative", 1, "rain+gas banned from Ben's hand", 31, "cy"),
    ]

    assert text(render.explanation_table(facts)) == lines(
        "                            Explanation",
        " points       chapter  what                             event  who",
        " +1 Victory   0        Helping Hand #102 to Ann         #19    ann",
        " +1 Negative  0        Helping Hand #100 not taken      #19    ann",
        " +1 Negative  1        rain+gas banned from Ben's hand  #31    cy",
    )


def test_the_replay_shows_the_key_numbers_after_each_action():
    commands = (
        FIRST,
        StartMission(3),
        PlayCard("Ann", "night+shell+trap", drawn="rain+shell"),
        PlayCard("Ben", "snow+shell"),
    )
    summaries = (
        "chapter start (leader Ann)",
        "mission start 3",
        "Ann plays night+shell+trap (Trap draws rain+shell)",
        "Ben plays snow+shell",
    )
    states = campaign(*commands)[1:]
    steps = [ReplayStep(v, s, st) for v, s, st in zip(range(2, 6), summaries, states, strict=True)]

    assert text(render.replay_table(steps)) == lines(
        "#2  chapter start (leader Ann)",
        "    preparation; Trials 10, Morale 20",
        "#3  mission start 3",
        "    mission, Ann's turn; Trials 1, Morale 20",
        "#4  Ann plays night+shell+trap (Trap draws rain+shell)",
        "    mission, Ben's turn; Trials 0, Morale 20",
        "    No Man's Land: night+shell+trap, rain+shell",
        "#5  Ben plays snow+shell",
        "    preparation; Trials 10, Morale 13",
    )


def test_the_campaign_panel_shows_helping_hands_and_bans():
    state = after(*ARMISTICE_CHAPTER_1_LOST, ruleset="armistice")

    assert text(render.campaign_panel(state)) == lines(
        "Friday - armistice rules - Ann (night), Ben (snow), Cy (rain)",
        " chapter  result              Morale left  Victory Points  Negative Points",
        " 1        lost: the Monument  0            2               2",
        " total    difference +0                    2               2",
        "                      Helping Hands",
        " #                  player  category    chapter  used",
        " 100 Test hand 100  Ann     friendship  1        in play",
        " 101 Test hand 101  Cy      action      1        -",
        "Banned: rain+gas (Ben, chapter 1)",
    )


def test_the_board_names_the_six_threats_as_the_card_catalogue_does() -> None:
    from cli.board import THREATS as DRAWN
    from domain.cards.catalogue import THREATS

    assert DRAWN == THREATS
