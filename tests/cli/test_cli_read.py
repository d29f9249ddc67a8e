"""Looking and going back through the CLI: status, log, score, replay, undo, redo, the read
models and the demo, in text and in the documented JSON."""

from __future__ import annotations

import re

from tests.cli.conftest import SEATS, TABLE_CHAPTER, Grizzled

PLAYER_KEYS = {
    "name",
    "charm",
    "charm_up",
    "hand",
    "known_cards",
    "hard_knocks",
    "hard_knock_weight",
    "speech_tokens",
    "support_tiles",
    "tile_played",
    "withdrawn",
    "chaplain",
}
BOARD_KEYS = {
    "luck",
    "campaign",
    "ruleset",
    "chapter",
    "next",
    "phase",
    "mission",
    "leader",
    "turn",
    "trials",
    "discard",
    "morale",
    "speech_stock",
    "traps",
    "no_mans_land",
    "threats",
    "support_pending",
    "outcome",
    "result",
    "outcome_detail",
    "players",
    "legal",
    "orders",
    "orders_in_play",
    "recruit",
    "helping_hands",
    "briefing",
    "solo_hand",
}
LOG_KEYS = {
    "version",
    "kind",
    "summary",
    "time",
    "logged_by",
    "session",
    "chapter",
    "undone",
    "events",
    "actions",
    "reason",
}
TIME = re.compile(r"\d{2}:\d{2}")


def fail_the_first_mission(table: Grizzled) -> None:
    """Three shells: the Mission fails and Ben leads Mission 2 (log entries 4 to 6)."""
    for card in ("night+shell", "snow+shell", "rain+shell"):
        table.ok("play", card)


# --- status ----------------------------------------------------------------------------------
def test_status_before_any_chapter_says_what_comes_first(campaign):
    assert campaign.ok("status").splitlines() == [
        "Campaign Friday: no chapter started yet.",
        "Next: start the first chapter: grizzled chapter start --leader NAME --tiles TILE,TILE,...",
    ]
    assert campaign.json("status") == {
        "campaign": "Friday",
        "ruleset": "classic",
        "chapter": 0,
        "next": "start the first chapter: "
        "grizzled chapter start --leader NAME --tiles TILE,TILE,...",
        "phase": None,
    }


def test_status_shows_the_board_whose_turn_and_what_is_legal(table):
    table.ok("play night+shell")
    table.ok("play mute")

    lines = table.ok("status").splitlines()

    assert lines[:4] == [
        "Friday - chapter 1, mission 1 - mission",
        "Trials deck 1  Morale Reserve 20  Speech stock 5",
        "No Man's Land: night+shell",
        "Threats: night x1  shell x1",
    ]
    assert lines[-2:] == [
        "Cy may: play a card from hand; withdraw.",
        "Next: Cy's turn: play CARD or withdraw TILE",
    ]
    assert re.fullmatch(r" +Ben +snow up +2 +Mute +0 +3 *", lines[6])


def test_status_json_follows_the_documented_schema(table):
    table.ok("play night+snow")  # its only copy

    board = table.json("status")

    assert set(board) == BOARD_KEYS
    assert all(set(p) == PLAYER_KEYS for p in board["players"])
    assert (board["phase"], board["mission"], board["leader"], board["turn"]) == (
        "mission",
        1,
        "Ann",
        "Ben",
    )
    legal = board["legal"]
    assert {k: v for k, v in legal.items() if k != "play"} == {
        "player": "Ben",
        "must_withdraw": False,
        "play_any_hidden": True,
        "charm": ["night+snow"],
        "speech": False,
        "withdraw": ["left", "right"],
        "remove": [],
        "draws": False,
        "refill": False,
    }
    assert "night+shell" in legal["play"]  # Ben's hand is unseen: any card still unseen
    assert "night+snow" not in legal["play"]  # except one whose every copy is accounted for
    ann = board["players"][0]
    assert (ann["name"], ann["charm"], ann["charm_up"], ann["hand"]) == ("Ann", "night", True, 2)


def withdraw_ann(tmp_path, tile: str) -> Grizzled:
    world = Grizzled(tmp_path / f"{tile}.sqlite", explicit=True)
    world.ok("campaign", "new", "Friday", *SEATS)
    world.ok("chapter", "start", *TABLE_CHAPTER)
    world.ok("mission start 3")
    world.ok("withdraw", tile)
    return world


def test_a_support_tile_played_face_down_is_never_shown(tmp_path, db):
    left, right = withdraw_ann(tmp_path, "left"), withdraw_ann(tmp_path, "right")

    board = left.json("status")
    assert board["players"][0]["tile_played"] is True
    assert board == right.json("status")
    assert left.ok("status") == right.ok("status")
    assert left.json("replay") == right.json("replay")
    assert left.json("replay --at 4") == right.json("replay --at 4")

    def untimed(log):
        return [{k: v for k, v in entry.items() if k != "time"} for entry in log]

    assert untimed(left.json("log")) == untimed(right.json("log"))


# --- log ---------------------------------------------------------------------------------------
def test_log_lists_every_entry_with_when_and_who(table):
    lines = table.ok("log").splitlines()

    assert lines[0].endswith(", session 'test evening'")  # the day, then the session
    assert lines[1].split() == ["#", "time", "who", "what"]
    rows = [line.split(None, 3) for line in lines[2:]]
    assert [(r[0], r[2], r[3].rstrip()) for r in rows] == [
        ("1", "tester", "campaign 'Friday' created"),
        ("2", "tester", "chapter start (leader Ann)"),
        ("3", "tester", "mission start 3"),
    ]
    assert all(TIME.fullmatch(r[1]) for r in rows)


def test_log_last_shows_only_the_latest_entries(table):
    lines = table.ok("log --last 1").splitlines()

    assert len(lines) == 3
    assert lines[2].split()[0] == "3"


def test_log_says_in_words_which_actions_were_undone(table):
    table.ok("play night+shell")
    table.ok('undo -r "wrong card"')

    lines = [line.rstrip() for line in table.ok("log").splitlines()]

    assert lines[5].endswith("Ann plays night+shell (undone)")
    assert lines[6].endswith("undo of #4 (why: wrong card)")
    assert "(undone)" not in "".join(lines[:5])


def test_log_json_follows_the_documented_schema_and_marks_undone_actions(table):
    table.ok("play night+shell")
    table.ok('undo -r "wrong card"')

    log = table.json("log")

    assert all(set(entry) == LOG_KEYS for entry in log)
    assert [(e["version"], e["kind"], e["undone"]) for e in log] == [
        (1, "Created", False),
        (2, "ActionLogged", False),
        (3, "ActionLogged", False),
        (4, "ActionLogged", True),
        (5, "ActionsUndone", False),
    ]
    assert log[3]["summary"] == "Ann plays night+shell"
    assert log[3]["events"] == ["CardPlayed"]
    assert (log[4]["actions"], log[4]["reason"]) == ([4], "wrong card")
    assert {(e["logged_by"], e["session"]) for e in log} == {("tester", "test evening")}
    assert table.json("log --last 2")[0]["version"] == 4


# --- undo and redo -------------------------------------------------------------------------------
def test_undo_takes_back_the_last_actions_and_redo_restores_them(table):
    table.ok("play night+shell")
    table.ok("play snow+gas")

    out = table.ok("undo 2")

    assert out.splitlines() == [
        "Undone: #4 Ann plays night+shell; #5 Ben plays snow+gas. Redo with: grizzled redo",
        "Next: Ann's turn: play CARD or withdraw TILE",
    ]
    assert table.json("status")["no_mans_land"] == []
    assert table.ok("redo").splitlines() == [
        "Redone: #4 Ann plays night+shell; #5 Ben plays snow+gas.",
        "Next: Cy's turn: play CARD or withdraw TILE",
    ]
    assert table.json("status")["no_mans_land"] == ["night+shell", "snow+gas"]
    assert table.refused("redo") == (
        "Error: there is no undo to take back since the last logged action"
    )


def test_undo_to_an_entry_within_the_mission_needs_no_confirmation(table):
    table.ok("play night+shell")
    table.ok("play snow+gas")

    assert table.ok("undo --to 4").startswith("Undone: #5 Ben plays snow+gas. Redo with")
    assert table.json("status")["no_mans_land"] == ["night+shell"]


def test_undo_to_across_missions_asks_for_yes(table):
    fail_the_first_mission(table)
    table.ok("mission start 1")

    line = table.refused("undo --to 3")

    assert line == (
        "Error: this undo takes back 4 actions across 2 Missions (#4 Ann plays night+shell "
        "... #7 mission start 1); add --yes to confirm"
    )
    out = table.ok('undo --to 3 --yes -r "we started over"')
    assert out.startswith(
        "Undone: 4 actions: #4 Ann plays night+shell ... #7 mission start 1 (we started over)."
    )
    board = table.json("status")
    assert (board["mission"], board["turn"], board["no_mans_land"]) == (1, "Ann", [])


def test_an_undo_cannot_reach_past_the_campaigns_start_the_logs_end_or_off_the_line(table):
    assert table.refused("undo 5") == "Error: only 2 actions can be undone"
    assert table.refused("undo 2147483647") == "Error: only 2 actions can be undone"
    for past in ("99", "2147483647"):
        assert table.refused(f"undo --to {past} --yes") == (
            f"Error: there is no log entry #{past}: the log ends at #3"
        )
    assert table.refused("undo --to 3") == (
        "Error: event #3 is the last action: nothing comes after it"
    )
    table.ok("undo")
    assert "event #3 is not an action of the current line of play" in table.refused(
        "undo --to 3 --yes"
    )


# --- score --------------------------------------------------------------------------------------
def test_score_lists_the_chapters_played(table):
    assert table.ok("score").splitlines() == [
        " chapter  result         Morale left  Victory Points  Negative Points ",
        " 1        in progress    20                                           ",
        " total    difference +0               0               0               ",
    ]
    assert table.json("score") == {
        "campaign": "Friday",
        "chapters": [],
        "victory_points": 0,
        "negative_points": 0,
        "difference": 0,
    }


def armistice_chapter_1_scored(armistice: Grizzled) -> None:
    """Chapter 1 lost (Boot Camp, a tutorial, scores nothing): one Helping Hand taken of
    three offered, one card banned."""
    armistice.chapter_one(won=False)
    armistice.conclude(1, (100, 101, 102))
    armistice.ok("award 102:ann")
    armistice.ok("ban ben rain+gas")


def test_score_json_explain_lists_every_point_and_its_log_entry(armistice):
    armistice_chapter_1_scored(armistice)

    score = armistice.json("score --explain")

    assert score["chapters"] == [
        {
            "chapter": 1,
            "result": "monument",
            "morale_left": 0,
            "victory_points": 1,
            "negative_points": 3,
            "unclaimed": [100, 101],
            "banned": ["rain+gas"],
            # the Conclusion's "lost, at least 0 Morale left: 1" rule earned one: taken
            "reward": {
                "concluded": True,
                "rule": ["lost", 0, 1],
                "earned": 1,
                "taken": 1,
                "unclaimed": 2,
            },
        }
    ]
    assert (score["victory_points"], score["negative_points"], score["difference"]) == (1, 3, -2)
    said = " ".join(armistice.ok("score --explain").split())
    assert (
        "chapter 1: lost, 0 Morale left; its Conclusion's rule (lost, at least 0 Morale left: 1) "
        "earns 1: 1 taken, 2 not taken"
    ) in said
    explained = [(e["kind"], e["chapter"], e["what"]) for e in score["explanation"]]
    assert explained == [
        ("victory", 1, "Helping Hand #102 to Ann"),
        ("negative", 1, "Helping Hand #100 not taken"),
        ("negative", 1, "Helping Hand #101 not taken"),
        ("negative", 1, "rain+gas banned from Ben's hand"),
    ]
    log = {e["version"]: e for e in armistice.json("log")}
    award, ban = score["explanation"][0]["event"], score["explanation"][3]["event"]
    assert log[award]["events"] == ["HelpingHandAwarded", "HelpingHandsUnclaimed"]
    assert log[ban]["events"] == ["CardBanned"]
    assert {e["logged_by"] for e in score["explanation"]} == {"tester"}


def test_score_explain_prints_the_explanation_table(armistice):
    armistice_chapter_1_scored(armistice)

    out = armistice.ok("score --explain")

    assert "Explanation" in out
    rows = [line.split() for line in out.splitlines() if line.startswith(" +1")]
    assert [row[:3] for row in rows] == [
        ["+1", "Victory", "1"],
        ["+1", "Negative", "1"],
        ["+1", "Negative", "1"],
        ["+1", "Negative", "1"],
    ]
    assert "score --explain" not in out  # no error, just the two tables


def test_score_prints_victory_and_negative_points_and_their_difference(armistice):
    armistice_chapter_1_scored(armistice)

    out = armistice.ok("score").lower()

    assert "victory" in out, f"no Victory Points in:\n{out}"
    assert "negative" in out, f"no Negative Points in:\n{out}"
    assert "-2" in out, f"no difference (1 - 3 = -2) in:\n{out}"


# --- replay --------------------------------------------------------------------------------------
def test_replay_steps_through_the_latest_chapter(table):
    fail_the_first_mission(table)

    lines = table.ok("replay").splitlines()

    numbered = [line.split()[0] for line in lines if line.startswith("#")]
    assert numbered == ["#2", "#3", "#4", "#5", "#6"]
    steps = table.json("replay --chapter 1")
    assert [(s["event"], s["summary"], s["phase"]) for s in steps] == [
        (2, "chapter start (leader Ann)", "preparation"),
        (3, "mission start 3", "mission"),
        (4, "Ann plays night+shell", "mission"),
        (5, "Ben plays snow+shell", "mission"),
        (6, "Cy plays rain+shell", "preparation"),
    ]
    assert all(set(s) >= BOARD_KEYS for s in steps)
    assert steps[-1]["trials"] == 1 + 3 + 6  # No Man's Land back in, then the Morale Drop


def test_replay_at_shows_the_board_right_after_an_entry(table):
    fail_the_first_mission(table)

    board = table.json("replay --at 5")

    assert (board["turn"], board["no_mans_land"]) == ("Cy", ["night+shell", "snow+shell"])
    text = table.ok("replay --at 5")
    assert "No Man's Land: night+shell, snow+shell" in text
    assert "Threats: night x1  snow x1  shell x2 !" in text


def test_replay_of_a_chapter_not_played_is_refused(table):
    assert table.refused("replay --chapter 4") == ("Error: chapter 4 was not played (played: 1)")


def test_replay_at_an_entry_beyond_the_log_is_refused(table):
    line = table.refused("replay --at 99")

    assert "99" in line


# --- read models and the demo ---------------------------------------------------------------------
def test_projections_rebuild_replays_every_stored_event(table):
    out = table.ok("projections rebuild")

    assert out == f"Read models rebuilt from {table.events()} stored events.\n"


def test_the_demo_logs_a_scripted_chapter_into_a_fresh_file(grizzled, tmp_path):
    path = tmp_path / "demo.sqlite"

    out = grizzled.ok("demo", "--db", str(path))

    for heading in ("Board", "Log", "Score"):
        assert re.search(rf"─ {heading} ─", out), heading
    assert "Mission failed: 3 shell." in out
    assert "The Trap draws rain+whistle for Ann, played at once." in out
    assert "Undone: action #12 (Ben played snow+whistle, not snow+rain)." in out
    assert f"The demo campaign is in {path}" in out
    demo = Grizzled(path, explicit=True)
    assert demo.json("campaign list") == ["Demo evening"]
    assert demo.json("log")[12]["kind"] == "ActionsUndone"
    assert grizzled.events() == 0  # the demo never touches the user's own database


def test_the_demo_never_overwrites_a_file(grizzled, tmp_path):
    path = tmp_path / "demo.sqlite"
    path.write_text("my notes", "utf-8")

    line = grizzled.refused("demo", "--db", str(path), code=2)

    assert line.startswith(f"Error: {path} already exists: the demo writes a fresh file")
    assert path.read_text("utf-8") == "my notes"
