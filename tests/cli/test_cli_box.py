"""The Armistice campaign through the CLI: Briefings, Conclusions, describing the box,
Helping Hands (award, play), bans, skipping Boot Camp, and corrections with a reason.

The cards here are test cards: the printed texts are not public and never invented."""

from __future__ import annotations

import re
import sqlite3
from contextlib import closing

EVENT_NAME = re.compile(r"[A-Z][a-z]+(?:[A-Z][a-z]+)+")


def test_a_chapter_waits_for_its_briefing_and_then_takes_its_numbers(armistice):
    line = armistice.refused("chapter start --leader ann --tiles left,left,right")
    assert line == (
        "Error: Refused (campaign): enter the Briefing of Boot Camp first (or give its numbers)"
    )

    armistice.ok("briefing 0 --trials 7 --morale 15 --first 2 --tokens 3 --title T --notes N")
    armistice.ok("chapter start --leader ben --tiles left,left,right")

    board = armistice.json("status")
    assert (board["chapter"], board["trials"], board["morale"], board["speech_stock"]) == (
        0,
        7,
        15,
        3,
    )
    assert board["next"].endswith("grizzled mission start 2")
    armistice.refused("mission start 3")  # the first intensity is exactly the Briefing's


def test_entering_a_briefing_again_is_a_correction_that_needs_a_reason(armistice):
    armistice.ok("briefing 1 --trials 20 --morale 40 --first 2")

    line = armistice.refused("briefing 1 --trials 21 --morale 40 --first 2")

    assert line.endswith("the Briefing of chapter 1 is already entered: a change needs a reason")
    armistice.ok('briefing 1 --trials 21 --morale 40 --first 2 -r "misread the card"')
    assert armistice.json("log")[-1]["events"] == ["BriefingEntered"]


def test_a_described_trial_card_is_played_by_its_number(armistice):
    armistice.ok("briefing 0 --trials 3 --morale 20 --first 1")
    armistice.ok("chapter start --leader ann --tiles left,left,right")
    armistice.ok("mission start 1")
    assert "no rain+gas+luck card" in armistice.refused("play rain+gas+luck", code=2)

    armistice.ok("describe card 60 rain+gas+luck")
    out = armistice.ok("play #60")

    assert out.splitlines()[0] == "Ann plays rain+gas (luck x1) in No Man's Land."
    assert armistice.json("status")["no_mans_land"] == ["rain+gas+luck"]


def test_a_new_hard_knock_is_described_with_its_kind_and_weight(armistice):
    armistice.ok("briefing 0 --trials 3 --morale 20 --first 1")
    armistice.ok("chapter start --leader ann --tiles left,left,right")
    armistice.ok("mission start 1")
    armistice.ok('describe card 147 none --knock aggressive --effect "test effect"')

    assert armistice.ok("play 147").splitlines()[0] == "Ann plays Aggressive in front of Ann."
    ann = armistice.json("status")["players"][0]
    assert (ann["hard_knocks"], ann["hard_knock_weight"]) == (["aggressive"], 1)

    refused = armistice.refused("describe card 147 none --knock aggressive --value 2")
    assert "needs a reason" in refused
    armistice.ok('describe card 147 none --knock aggressive --value 2 -r "it counts 2"')
    assert armistice.json("status")["players"][0]["hard_knock_weight"] == 2


def test_orders_of_the_day_and_recruits_are_described_once(armistice):
    armistice.ok('describe order 12 "Test order" --difficulty hard --minimum 3:2 --threat gas')
    armistice.ok('describe recruit 5 "Test recruit" --hand 2 --tokens 1 --effect "test"')

    assert "needs a reason" in armistice.refused('describe order 12 "Test order"')
    assert "needs a reason" in armistice.refused('describe recruit 5 "Test recruit"')
    armistice.ok('describe order 12 "Test order" --lasting "test condition" -r "lasting"')
    armistice.ok('describe recruit 5 "Test recruit" --hand 3 -r "three cards"')
    events = [e["events"] for e in armistice.json("log")[1:]]
    assert events == [["OrderDescribed"], ["RecruitDescribed"]] * 2


def test_a_mistyped_order_minimum_or_reward_is_a_usage_error(armistice):
    assert "write PLAYERS:MINIMUM" in armistice.refused('describe order 1 "T" --minimum 3', code=2)
    assert "write RESULT:LEFT:HANDS" in armistice.refused("conclusion 0 --reward won:2", code=2)
    assert "card numbers separated by commas" in armistice.refused(
        "conclusion 0 --offer 1,x", code=2
    )


def test_a_won_chapter_earns_the_helping_hands_of_its_conclusion(armistice):
    armistice.chapter_one(won=True)
    armistice.conclude(1, (100, 101, 102))
    assert armistice.json("status")["next"] == (
        "chapter 1 earns 2 Helping Hand(s): grizzled award NUMBER:PLAYER ..."
    )
    assert "earns 2 Helping Hands (20 cards left" in armistice.refused(
        "award 100:ann 101:ben 102:cy"
    )
    assert "offers #100, #101, #102, not #7" in armistice.refused("award 7:ann")

    armistice.ok("award 101:ann 102:B")

    shown = armistice.json("campaign show")
    assert [(h["number"], h["player"], h["category"]) for h in shown["helping_hands"]] == [
        (101, "Ann", "action"),
        (102, "Ben", "action"),
    ]
    assert shown["unclaimed"] == [{"number": 100, "chapter": 1}]
    assert (shown["victory_points"], shown["negative_points"]) == (2, 1)
    assert "the Helping Hands of chapter 1 were already awarded" in armistice.refused("award")


def test_a_group_may_take_none_of_the_helping_hands(armistice):
    armistice.chapter_one(won=True)
    armistice.conclude(1, (100, 101, 102))

    armistice.ok("award --yes")

    shown = armistice.json("campaign show")
    assert [u["number"] for u in shown["unclaimed"]] == [100, 101, 102]
    assert shown["negative_points"] == 3


def test_the_next_chapter_waits_for_the_conclusion_and_the_award(armistice):
    armistice.chapter_one(won=True)
    armistice.ok("briefing 2 --trials 3 --morale 20 --first 1")

    assert "enter the Conclusion of chapter 1 first" in armistice.refused("chapter start")
    armistice.conclude(1, (100, 101, 102))
    assert "award the Helping Hands of chapter 1 first" in armistice.refused("chapter start")
    armistice.ok("award 100:cy --yes")
    armistice.ok("chapter start --leader ann --tiles left,left,right")
    assert armistice.json("status")["chapter"] == 2


def test_a_lost_chapter_may_ban_a_card_from_a_hand_once(armistice):
    armistice.chapter_one(won=False)
    armistice.conclude(1, (100, 101, 102))
    armistice.ok("award 100:ann")
    assert armistice.json("status")["next"] == (
        "enter the Briefing of chapter 2: grizzled briefing 2 --trials N --morale N --first N "
        "(you may first ban a card: grizzled ban "
        "PLAYER CARD)"
    )

    armistice.ok("ban ben rain+gas -r 'it cost us the chapter'")
    banned = armistice.events()

    shown = armistice.json("campaign show")
    assert shown["bans"] == [
        {
            "card": "rain+gas",
            "player": "Ben",
            "source": "hand",
            "chapter": 1,
            "reason": "it cost us the chapter",
        }
    ]
    assert "rain+gas (Ben, chapter 1: it cost us the chapter)" in armistice.ok("campaign show")
    explained = armistice.json("score --explain")["explanation"]
    assert {
        "what": "rain+gas banned from Ben's hand (it cost us the chapter)",
        "event": banned,
    }.items() <= explained[-1].items()
    with closing(sqlite3.connect(armistice.db)) as conn:
        row = conn.execute("SELECT event, reason FROM bans").fetchone()
    assert row == (banned, "it cost us the chapter")
    assert shown["negative_points"] == 3  # two Helping Hands not taken and the ban
    assert "a card was already banned after chapter 1" in armistice.refused("ban cy snow+gas")
    score = armistice.json("score")
    assert score["chapters"][0]["banned"] == ["rain+gas"]


def test_a_hard_knock_in_front_of_a_player_may_be_banned(armistice):
    armistice.ok("skip-boot-camp")
    armistice.ok("briefing 1 --trials 3 --morale 1 --first 1")
    armistice.ok("chapter start --leader ann --tiles left,left,right")
    armistice.ok("mission start 1")
    armistice.ok("play wounded")
    for _ in range(3):
        armistice.ok("withdraw left")

    assert "Cy has no wounded in front of them" in armistice.refused("ban cy wounded --from knock")
    armistice.ok("ban ann wounded --from knock")

    assert armistice.json("campaign show")["bans"][0]["source"] == "knock"


def test_a_won_chapter_bans_nothing(armistice):
    armistice.chapter_one(won=True)

    line = armistice.refused("ban ann rain+gas")

    assert "chapter 1 was won: a card is banned only after a lost chapter" in line


def _mission_one_of_chapter_two_ann_holding_102(armistice):
    """Chapter 1 won, Helping Hand #102 to Ann and #101 to Ben, Mission 1 of chapter 2."""
    armistice.chapter_one(won=True)
    armistice.conclude(1, (100, 101, 102))
    armistice.ok("award 102:ann 101:ben")
    armistice.ok("briefing 2 --trials 3 --morale 20 --first 1")
    armistice.ok("chapter start --leader ann --tiles left,left,right")
    armistice.ok("mission start 1")


def test_an_action_helping_hand_replaces_the_players_action(armistice):
    _mission_one_of_chapter_two_ann_holding_102(armistice)
    assert "Ben holds no Helping Hand #102" in armistice.refused("helping play 102 -p ben")

    armistice.ok('helping play 102 --note "test note"')

    board = armistice.json("status")
    assert (board["turn"], board["players"][0]["hand"]) == ("Ben", 1)
    hand = armistice.json("campaign show")["helping_hands"][0]
    assert (hand["number"], hand["used_in"]) == (102, 2)
    assert "Ann holds no Helping Hand #102" in armistice.refused("helping play 102 -p ann")


def test_a_friendship_helping_hand_stays_in_play(armistice):
    armistice.chapter_one(won=True)
    armistice.conclude(1, (100, 101, 102))
    armistice.ok("award 100:ben --yes")
    armistice.ok("briefing 2 --trials 3 --morale 20 --first 1")
    armistice.ok("chapter start --leader ben --tiles left,left,right")
    armistice.ok("mission start 1")

    line = armistice.refused("helping play 100")

    assert "Helping Hand #100 is a Friendship card" in line


def test_an_action_helping_hand_waits_for_its_players_turn(armistice):
    armistice.chapter_one(won=True)
    armistice.conclude(1, (100, 101, 102))
    armistice.ok("award 102:cy --yes")
    armistice.ok("briefing 2 --trials 3 --morale 20 --first 1")
    armistice.ok("chapter start --leader ann --tiles left,left,right")
    armistice.ok("mission start 1")

    line = armistice.refused("helping play 102 -p cy")

    assert line.startswith("Error: Refused (turn order): it is Ann's turn, not Cy's")


def test_a_helping_hand_outside_a_mission_needs_its_player(armistice):
    line = armistice.refused("helping play 102", code=2)

    assert line == "Error: say who plays it: -p NAME (grizzled helping play --help)"


def test_experienced_players_skip_boot_camp_once(armistice):
    armistice.ok("skip-boot-camp")

    assert armistice.json("campaign show")["next_chapter"] == 1
    assert armistice.json("status")["next"] == (
        "enter the Briefing of chapter 1: grizzled briefing 1 --trials N --morale N --first N"
    )
    line = armistice.refused("skip-boot-camp")
    assert line == "Error: Refused (campaign): Boot Camp is skipped only before it is played"


def test_a_classic_campaign_has_no_boot_camp_and_no_helping_hands(campaign):
    campaign.refused("skip-boot-camp")
    line = campaign.refused("award 31:ann")
    assert line.endswith("Helping Hands are awarded when an Armistice chapter ends")
    assert campaign.refused("ban ann mute", code=2) == (
        "Error: no chapter was played yet (grizzled ban --help)"
    )


def test_every_armistice_command_says_in_words_what_it_recorded(armistice):
    entries = [
        "skip-boot-camp",
        "briefing 1 --trials 3 --morale 1 --first 1",
        "describe card 60 rain+gas+luck",
        "describe card 147 none --knock aggressive",
        'describe order 12 "Test order"',
        'describe recruit 5 "Test recruit"',
        *(f'describe hand {n} "Test hand {n}" action' for n in (100, 101, 102)),
        "conclusion 1 --reward any:0:1 --offer 100,101,102",
    ]
    said = {command: armistice.ok(command).splitlines()[:-1] for command in entries}
    armistice.ok("chapter start --leader ann --tiles left,left,right")
    armistice.ok("mission start 1")
    for _ in range(3):
        armistice.ok("withdraw left")  # chapter 1 is lost
    for command in ("award 102:ann", "ban ben rain+gas"):
        said[command] = armistice.ok(command).splitlines()[:-1]
    armistice.ok("briefing 2 --trials 3 --morale 20 --first 1")
    armistice.ok("chapter start --leader ann --tiles left,left,right")
    armistice.ok("mission start 1")
    said["helping play 102"] = armistice.ok("helping play 102").splitlines()[:-1]
    armistice.ok("campaign new Spring --rules armistice -p ann:night -p ben:snow -p cy:rain")
    said["skip-boot-camp again"] = armistice.ok("skip-boot-camp").splitlines()[:-1]

    raw = {c: [line for line in lines if EVENT_NAME.fullmatch(line)] for c, lines in said.items()}
    raw = {c: lines for c, lines in raw.items() if lines or not said[c]}
    assert not raw, f"event type names (or nothing) instead of sentences: {raw}"
    assert any("147" in line for line in said["describe card 147 none --knock aggressive"])
    assert any("#102" in line and "Ann" in line for line in said["award 102:ann"])
    assert any("rain+gas" in line and "Ben" in line for line in said["ban ben rain+gas"])


# --- Boot Camp is a tutorial (notes, decision 6) -----------------------------------------
def test_boot_camp_earns_nothing_bans_nothing_and_chapter_1_follows_it(armistice):
    """arm: "The Rewards: Read only at the end of Chapter 1." (notes, decision 6: Boot Camp
    earns no Helping Hand, allows no ban, and needs no Conclusion before Chapter 1)"""
    armistice.boot_camp(won=False)
    after = armistice.json("status")["next"]
    assert after == (
        "enter the Briefing of chapter 1: grizzled briefing 1 --trials N --morale N --first N"
    )

    for command in ("award", "ban ben rain+gas", "conclusion 0 --reward lost:0:1 --offer 100"):
        line = armistice.refused(command)
        assert "Boot Camp is a tutorial" in line
        assert "read only at the end of Chapter 1" in line
        assert line.endswith(f"Next: {after}")

    armistice.chapter(1, won=True)
    assert armistice.json("status")["chapter"] == 1
    score = armistice.json("score")
    assert (score["victory_points"], score["negative_points"]) == (0, 0)


def test_boot_camp_refuses_each_reward_for_its_own_reason(armistice):
    armistice.boot_camp(won=False)

    assert "it earns no Helping Hand" in armistice.refused("award")
    assert "no card is banned after it" in armistice.refused("ban ben rain+gas")
    assert "it has no Conclusion to enter" in armistice.refused("conclusion 0 --offer 100")
    armistice.ok("briefing 1 --trials 3 --morale 20 --first 1")
    assert armistice.refused("award").endswith(
        "Next: start chapter 1: grizzled chapter start --leader NAME --tiles TILE,TILE,..."
    )


# --- Fewer Helping Hands than earned (notes, decision 9) --------------------------------
def test_taking_fewer_helping_hands_than_earned_needs_yes_and_says_the_negative_points(
    armistice,
):
    """arm: "Any Helping Hand card not awarded at the end of a Chapter count as Negative
    Points" (notes, decision 9: the tool asks for a confirmation, or --yes, and says how
    many Negative Points it adds)"""
    armistice.chapter_one(won=True)
    armistice.conclude(1, (100, 101, 102))  # a won chapter earns 2 of the 3 offered

    line = armistice.refused("award 100:ann")

    assert line == (
        "Error: taking 1 of the 2 Helping Hands earned leaves 2 of the offer: 2 Negative "
        "Points, 1 more than taking all 2; add --yes to confirm"
    )
    armistice.ok("award 100:ann --yes")
    shown = armistice.json("campaign show")
    assert (shown["victory_points"], shown["negative_points"]) == (1, 2)


def test_taking_all_the_earned_helping_hands_asks_nothing(armistice):
    armistice.chapter_one(won=False)
    armistice.conclude(1, (100, 101, 102))  # a lost chapter earns 1

    armistice.ok("award 101:cy")

    assert armistice.json("campaign show")["negative_points"] == 2


def test_an_award_the_rules_refuse_is_refused_before_any_question(armistice):
    armistice.chapter_one(won=True)
    armistice.conclude(1, (100, 101, 102))

    assert "offers #100, #101, #102, not #7" in armistice.refused("award 7:ann")


def test_at_a_terminal_the_group_is_asked_before_taking_fewer(armistice, monkeypatch):
    from cli import cmd_box
    from cli.main import main

    monkeypatch.setattr(cmd_box, "interactive", lambda: True)
    armistice.chapter_one(won=True)
    armistice.conclude(1, (100, 101, 102))
    before = armistice.events()

    said_no = armistice.runner.invoke(main, ["award", "100:ann"], input="n\n")

    assert said_no.exit_code == 1
    assert "Taking 1 of the 2 Helping Hands earned leaves 2 of the offer" in said_no.output
    assert armistice.events() == before
    said_yes = armistice.runner.invoke(main, ["award", "100:ann"], input="y\n")
    assert said_yes.exit_code == 0, said_yes.output
    assert armistice.json("campaign show")["negative_points"] == 2


# --- Speech tokens in Armistice (notes, decision 10) ------------------------------------
# base: "5 tokens at 2 or 3 players", "4 tokens at 4 players"
BASE_SPEECH_TOKENS = {3: 5, 4: 4}


def test_a_briefing_without_tokens_gives_the_base_count_for_the_player_count(grizzled):
    """base: "Speech tokens are placed between the card piles, depending on the number of
    players" (notes, decision 10: "Speech tokens in Armistice follow the base counts
    unless the Briefing gives a number")"""
    tables = {
        3: "-p ann:night -p ben:snow -p cy:rain",
        4: "-p ann:night -p ben:snow -p cy:rain -p dee:gas",
    }
    for players, seats in tables.items():
        grizzled.ok(f"campaign new Table{players} --rules armistice {seats}")
        grizzled.ok("skip-boot-camp")
        grizzled.ok("briefing 1 --trials 3 --morale 20 --first 1")
        tiles = "left,left,right" if players == 3 else "left,right,left2,right2"

        grizzled.ok(f"chapter start --leader ann --tiles {tiles}")

        assert grizzled.json("status")["speech_stock"] == BASE_SPEECH_TOKENS[players]


def test_a_briefing_that_gives_speech_tokens_is_followed(armistice):
    """notes, decision 10: "... unless the Briefing gives a number\""""
    armistice.ok("skip-boot-camp")
    given = BASE_SPEECH_TOKENS[3] - 3
    armistice.ok(f"briefing 1 --trials 3 --morale 20 --first 1 --tokens {given}")

    out = armistice.ok("chapter start --leader ann --tiles left,left,right")

    assert armistice.json("status")["speech_stock"] == given
    assert f"{given} Speech tokens" in out


def test_a_conclusion_offers_only_helping_hands_still_in_the_box(armistice):
    """Armistice rulebook, Helping Hands: "Any Helping Hand card not awarded at the end of a
    Chapter count as Negative Points ... stored behind the Negative Points tab"."""
    armistice.chapter_one(won=False)
    armistice.conclude(1, (100, 101, 102))
    armistice.ok("award 100:ann")  # 101 and 102 are not taken
    armistice.chapter(2, won=True)

    taken = armistice.refused("conclusion 2 --reward won:0:1 --offer 100,103")
    left = armistice.refused("conclusion 2 --reward won:0:1 --offer 101")

    assert "Helping Hand #100 is Ann's since chapter 1" in taken
    assert "#101 was not taken after chapter 1: it lies behind the Negative Points tab" in left
    armistice.conclude(2, (103, 104))


def test_a_helping_hands_note_is_shown_in_the_log_as_the_group_typed_it(armistice):
    _mission_one_of_chapter_two_ann_holding_102(armistice)

    armistice.ok('helping play 102 --note "Ann took Ben\'s place at the wire"')

    entry = armistice.json("log --last 1")
    entry = entry["entries"][-1] if isinstance(entry, dict) else entry[-1]
    assert entry["reason"] == "Ann took Ben's place at the wire"
    assert "Ann took Ben's place at the wire" in armistice.ok("log --last 1")
