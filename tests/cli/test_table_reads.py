"""What the table reads (issue 27): a group's campaign, screen by screen. Each story is one
point of the issue played through the CLI or the table session, as a group would type it.

Every card is a test card with made-up names and texts: the printed texts are not public."""

from __future__ import annotations

import pytest

from cli.main import main
from tests.cli.conftest import Grizzled

FOUR = ("-p", "ann:night", "-p", "ben:snow", "-p", "cy:rain", "-p", "dee:shell")


def flat(text: str) -> str:
    """Output as one line: narration wraps at the terminal's width."""
    return " ".join(text.split())


@pytest.fixture
def four(grizzled: Grizzled) -> Grizzled:
    """An Armistice campaign for four, Boot Camp skipped, chapter 1 briefed (Trials 20,
    Morale 20, first intensity 2) with Order #77, a night patrol that adds a night."""
    g = grizzled
    g.ok("campaign", "new", "Autumn", "--rules", "armistice", *FOUR)
    g.ok("skip-boot-camp")
    g.ok(
        'describe order 77 "Test patrol" --minimum 4:2 --threat night '
        '--effect "Test text: a night falls; pass a card left"'
    )
    return g


def test_an_order_that_adds_a_threat_says_the_tool_applies_it_and_leaves_only_the_rest(four):
    g = four
    g.ok("briefing 1 --trials 20 --morale 20 --first 2 --orders 77")
    g.ok("chapter start --leader ann --tiles left,left,right,right")
    out = flat(g.ok("mission start 2 --order 77"))
    assert "Order #77 says: Test text: a night falls; pass a card left." in out
    assert "The tool applies: adds night to No Man's Land." in out
    assert "does not apply this text" not in out
    assert (
        "Anything else its text says is done at the table, then recorded with "
        "'grizzled correct FACT VALUE -r \"Order #77\"'." in out
    )
    assert g.json("status")["threats"] == {"night": 1}


def test_an_intensity_above_the_trials_deck_deals_until_the_deck_runs_out(campaign):
    g = campaign
    g.ok("chapter start --leader ann --tiles left,right,left --trials 5 --morale 20")
    out = flat(g.ok("mission start 6"))
    assert "Mission 1: Ann sets intensity 6." in out
    assert "Dealt: Ann 2, Ben 2, Cy 1." in out
    board = g.json("status")
    assert board["trials"] == 0 and [p["hand"] for p in board["players"]] == [2, 2, 1]


def briefed_with_two_orders(g: Grizzled) -> None:
    """Chapter 1 with Orders #77 (minimum 2, a night) and #78 (minimum 1); Mission 1 at the
    Briefing's intensity 2 with #77 kept; everyone withdraws holding their 2 cards."""
    g.ok('describe order 78 "Test rest" --minimum 4:1 --effect "Test text: rest"')
    g.ok("briefing 1 --trials 30 --morale 20 --first 2 --orders 77,78")
    g.ok("chapter start --leader ann --tiles left,left,right,right")
    g.ok("mission start 2 --order 77 --back 78")
    for _ in range(4):
        g.ok("withdraw left")


def test_before_a_deal_the_next_line_and_the_prompt_say_when_thirteen_cards_lose(four):
    g = four
    g.ok('describe order 78 "Test rest" --minimum 4:1 --effect "Test text: rest"')
    g.ok("briefing 1 --trials 30 --morale 20 --first 2 --orders 77,78")
    out = flat(g.ok("chapter start --leader ann --tiles left,left,right,right"))
    assert out.endswith("grizzled mission start 2 --order N --back N")  # no deal reaches 13
    g.ok("mission start 2 --order 77 --back 78")
    for _ in range(4):
        out = flat(g.ok("withdraw left"))
    assert out.endswith(
        "Next: Ben leads Mission 2: grizzled mission start INTENSITY (at least 1) --order N "
        "(8 cards in hands, intensity 1 adds 4; 13 from intensity 2 loses the chapter)"
    )
    session = g.runner.invoke(main, ["table"], input="q\n", env={"COLUMNS": "60"})
    assert "Ben leads (8 held, m 1 +4, 13 at m 2) > q" in session.stdout


def test_a_deal_that_loses_the_chapter_at_once_asks_first_and_needs_yes_without_a_terminal(four):
    g = four
    briefed_with_two_orders(g)

    line = g.refused("mission start 2 --order 78")
    assert line == (
        "Error: intensity 2 loses the chapter at once: 16 cards in hands (13 or more); "
        "add --yes to confirm"
    )
    g.ok("mission start 1 --order 78")  # 12 cards: no question asked
    assert g.json("status")["result"] is None


def test_a_mission_start_is_decided_once_and_its_question_answered_no_records_nothing(
    four, monkeypatch
):
    import tracker.app
    from cli import context
    from domain.campaign import flow

    g = four
    briefed_with_two_orders(g)
    decided = []

    def counted(*args, **kwargs):
        decided.append(args[1])
        return flow.decide_campaign(*args, **kwargs)

    monkeypatch.setattr(tracker.app, "decide_campaign", counted)
    monkeypatch.setattr(context, "interactive", lambda: True)
    before = g.events()
    result = g.runner.invoke(main, ["mission", "start", "2", "--order", "78"], input="n\n")

    assert "Deal all the same? [y/N]: n" in result.output
    assert result.exit_code == 1 and g.events() == before  # Aborted, nothing saved
    assert len(decided) == 1  # the rules decided it once: the question read their events
    g.ok("mission start 1 --order 78")
    assert len(decided) == 2


def test_a_losing_deal_confirmed_with_yes_is_dealt_and_the_chapter_is_lost(four):
    g = four
    briefed_with_two_orders(g)

    out = flat(g.ok("mission start 2 --order 78 --yes"))
    assert "The chapter is lost: 16 cards in hands (13 or more)." in out


def test_the_legal_list_marks_a_card_that_would_fail_the_mission_on_a_third_threat(table):
    table.ok("play night+shell")
    table.ok("play snow+shell")
    session = table.runner.invoke(main, ["table"], input="?\nq\n")
    assert "a card showing shell fails the Mission (3 identical)" in session.stdout


def test_withdraw_none_is_accepted_where_the_board_offers_none(table):
    table.ok("play absent-minded")  # Ann holds left, right, left
    table.ok("withdraw left -p ben")
    table.ok("withdraw right -p cy")
    table.ok("withdraw right --remove left")  # Ann keeps one tile, left
    table.ok("mission start 1")  # Ben leads Mission 2
    table.ok("withdraw right -p ben")
    table.ok("withdraw left -p cy")
    assert table.json("status")["legal"]["withdraw"] == ["none"]

    out = flat(table.ok("withdraw none --remove left"))
    assert "Ann withdraws, no Support tile." in out
    table.ok("undo --yes")
    session = table.runner.invoke(main, ["table"], input="w none --remove left\nq\n")
    assert "Ann withdraws, no Support tile." in flat(session.stdout)
    assert session.stderr == ""


def test_a_trap_cancelled_by_luck_says_so_and_the_board_shows_luck_in_force_and_spent(armistice):
    g = armistice
    g.ok("briefing 0 --trials 12 --morale 20 --first 2 --traps")
    g.ok("chapter start --leader ann --tiles left,left,right")
    g.ok("mission start 2")
    g.ok("describe card 42 night+luck")
    g.ok("play 42")
    board = g.ok("status")
    assert "Luck: night+luck in force (cancels the next Trap)" in board
    assert g.json("status")["luck"] == {"in_force": ["night+luck"], "spent": []}

    line = g.refused("play rain+gas+trap --drawn snow+shell")
    assert line.endswith(
        "Ben's rain+gas+trap springs no Trap: the Luck of night+luck cancels it; nothing is drawn"
    )
    out = flat(g.ok("play rain+gas+trap"))
    assert "The Luck of night+luck cancels the Trap of rain+gas (trap): nothing is drawn." in out
    assert "Luck: night+luck spent on a Trap" in g.ok("status")
    assert g.json("status")["luck"] == {"in_force": [], "spent": ["night+luck"]}

    out = flat(g.ok("play snow+gas+trap --drawn shell+whistle"))  # no Luck left: it springs
    assert "The Trap draws shell+whistle for Cy, played at once." in out


def test_the_log_says_how_a_mission_and_a_chapter_ended_and_selects_the_endings(four):
    g = four
    briefed_with_two_orders(g)
    g.ok("mission start 2 --order 78 --yes")

    endings = g.json("log --kind endings")
    assert [e["summary"] for e in endings] == [
        "Dee withdraws: Mission succeeded",
        "mission start 2, Order #78: chapter lost, 16 cards in hands (13 or more)",
    ]
    text = flat(g.ok("log --kind endings"))
    assert "Dee withdraws: Mission succeeded" in text
    assert "mission start 2, Order #78: chapter lost, 16 cards in hands (13 or more)" in text


def test_the_log_says_a_mission_failed_on_three_identical_threats(table):
    table.ok("play night+shell")
    table.ok("play snow+shell")
    table.ok("play rain+shell")
    assert table.json("log")[-1]["summary"].endswith(": Mission failed, 3 shell")


@pytest.fixture
def recruited(armistice: Grizzled) -> Grizzled:
    """Chapter 1 with Recruit #5 (a test card): Mission 1 at intensity 1, the Recruit in
    play with night+snow and shell+gas face up; Ann's turn."""
    g = armistice
    g.ok("skip-boot-camp")
    g.ok('describe recruit 5 "Test recruit" --hand 2 --tokens 1')
    g.ok("briefing 1 --trials 20 --morale 20 --first 1 --recruits 5")
    g.ok("chapter start --leader ann --tiles left,left,right")
    g.ok("mission start 1 --recruit 5 --recruit-hand night+snow,shell+gas")
    return g


def session(g: Grizzled, *lines: str) -> tuple[str, str]:
    """A table session fed ``lines`` through a pipe: what it printed, out and err."""
    result = g.runner.invoke(main, ["table"], input="\n".join([*lines, "q"]) + "\n")
    return result.stdout, result.stderr


def test_the_session_has_a_short_form_for_the_recruits_turn(recruited):
    played = ("night+shell", "snow+gas", "rain+whistle", "?", "night+snow")
    out, err = session(recruited, *played, "w l", "w l", "w r", "w")
    assert "Recruit #5 (Ann chooses): CARD or w > ?" in out
    assert "  CARD (recruit play): night+snow, shell+gas" in out
    assert "Recruit #5 (Test recruit) plays night+snow." in flat(out)
    assert "Recruit #5 (Test recruit) withdraws" in flat(out)
    assert err == ""


def test_u_and_r_take_a_reason_in_the_session_shown_in_the_log(recruited):
    out, err = session(
        recruited, "night+shell", "u typed the wrong card", "r it was the right card"
    )
    assert "Undone: #" in out and "(typed the wrong card)" in flat(out)
    assert "Redone: #" in out and err == ""
    undo, redo = recruited.json("log")[-2:]
    assert undo["kind"] == "ActionsUndone" and undo["reason"] == "typed the wrong card"
    assert redo["kind"] == "ActionsRedone" and redo["reason"] == "it was the right card"
    assert "redo of #" in recruited.ok("log") and "(why: it was the right card)" in flat(
        recruited.ok("log")
    )


def test_a_bare_r_redoes_and_records_no_reason(recruited):
    out, err = session(recruited, "night+shell", "u", "r")
    assert "Redone: #" in out and err == ""
    assert recruited.json("log")[-1]["reason"] == ""


def test_redo_takes_a_reason_on_the_command_line_and_verify_passes(recruited):
    g = recruited
    g.ok("play night+shell")
    g.ok("undo")
    g.ok('redo -r "Ann had played it"')
    entry = g.json("log")[-1]
    assert entry["kind"] == "ActionsRedone" and entry["reason"] == "Ann had played it"
    assert "Verified" in g.ok("verify")


def test_a_refusal_in_the_session_hints_in_its_own_forms_and_names_whose_turn_it_is(recruited):
    out, err = session(recruited, "w zz", "shell+gas")
    lines = err.splitlines()
    assert lines[0].endswith("is not a Support tile (left, right, left2, right2) (withdraw --help)")
    assert "grizzled" not in err
    assert lines[1].startswith("Error: Refused (card count): no shell+gas can be there")
    assert len(lines) == 2  # one line each
    assert (
        "It is Ann's turn as the tool has it. Played by someone else: add -p NAME; Ann "
        "withdrew and it was not logged: w TILE -p Ann first." in flat(out)
    )


@pytest.fixture
def crowded(armistice: Grizzled) -> Grizzled:
    """Chapter 2 of Autumn: three Helping Hands held (one each, long made-up texts), two
    Orders of the Day in play (#22 lasting, adding a shell; #21 forbidding Speech) and
    Recruit #5 in play; Mission 2 dealt, Ben's turn."""
    g = armistice
    g.chapter_one(won=True)
    long = "and a long made-up sentence that wraps at sixty columns"
    g.ok(
        f'describe hand 31 "Test letter" event --when withdraw --rule tokens:1 --effect "A {long}"'
    )
    g.ok(f'describe hand 32 "Test pal" friendship --rule drop-max:3 --effect "B {long}"')
    g.ok(f'describe hand 33 "Test whistle" action --rule knock-discard --effect "C {long}"')
    g.ok("conclusion 1 --reward won:0:3 --offer 31,32,33")
    g.ok("award 31:ann 32:ben 33:cy")
    g.ok(f'describe order 21 "Test hold" --forbid speech --effect "D {long}"')
    g.ok(
        'describe order 22 "Test runner" --threat shell --lasting "a withdrawing player draws 3" '
        f'--rule cancel:withdraw-draw:3 --effect "E {long}"'
    )
    g.ok(f'describe recruit 5 "Test recruit" --hand 2 --effect "F {long}" --advantage "G {long}"')
    g.ok("briefing 2 --trials 30 --morale 20 --first 1 --orders 22,21 --recruits 5")
    g.ok("chapter start --leader ann --tiles left,left,right")
    g.ok("mission start 1 --order 22 --back 21 --recruit 5 --recruit-hand night+snow,rain+gas")
    for line in ("withdraw left", "withdraw left", "withdraw left", "recruit withdraw"):
        g.ok(line)
    g.ok("mission start 1 --order 21")
    return g


@pytest.mark.parametrize(("columns", "rows"), [(60, 24), (100, 40)])
def test_after_an_action_the_board_the_next_line_and_the_prompt_fit_the_screen(
    crowded, columns, rows
):
    result = crowded.runner.invoke(
        main, ["table"], input="w l\nq\n", env={"COLUMNS": str(columns), "LINES": str(rows)}
    )
    lines = result.stdout.splitlines()
    typed = next(i for i, line in enumerate(lines) if line.endswith("> w l"))
    prompt = next(i for i in range(typed + 1, len(lines)) if lines[i].endswith("> q"))
    screen = lines[: prompt + 1][-(rows - 1) :]  # the last row: the board in one line

    assert all(len(line) <= columns for line in screen)
    assert "Ben withdraws, a Support tile face down." in screen
    assert any(line.startswith("Next: Cy's turn") for line in screen)
    assert "Autumn - chapter 2, mission 2 - mission" in screen
    assert screen[-1] == "Cy: play or withdraw > q"
    assert "Order #21 Test hold: no Speech" in screen
    assert any(line.startswith("Helping Hands: Ann #31, Ben #32, Cy #33") for line in screen)


def test_a_cards_text_is_shown_once_where_it_matters_and_the_next_line_names_it_shortly(crowded):
    out = flat(crowded.ok("withdraw left"))
    assert out.endswith(
        "Next: Cy's turn: play CARD or withdraw TILE (Order #22 Test runner: adds shell; "
        "Order #21 Test hold: no Speech); Ben may cancel Order #22 Test runner: grizzled order "
        "cancel 22 -p Ben --draws 3"
    )
    assert "long made-up sentence" not in out
    folded, _ = session(crowded)
    assert "long made-up sentence" not in folded
    full, _ = session(crowded, "b")
    assert "Order of the Day #21 Test hold: D and a long made-up sentence" in flat(full)


def test_a_typed_text_ending_in_a_full_stop_is_not_given_a_second(four):
    g = four
    g.ok('describe order 78 "Test rest" --effect "Test text: rest a while."')
    g.ok("briefing 1 --trials 20 --morale 20 --first 1 --orders 78")
    g.ok("chapter start --leader ann --tiles left,left,right,right")
    out = flat(g.ok("mission start 1 --order 78"))
    assert "Order #78 says: Test text: rest a while. The tool does not apply" in out
    assert ".." not in out


def test_threats_on_hard_knocks_are_labelled_so_an_empty_no_mans_land_does_not_contradict(table):
    table.ok("play phobia-gas")
    board = table.ok("status").splitlines()
    assert "No Man's Land: empty" in board
    assert "Threats: gas x1 (1 on Hard Knocks)" in board


def test_score_explain_wraps_each_decision_under_itself(armistice):
    armistice.chapter_one(won=False)
    armistice.conclude(1, (100, 101, 102))
    armistice.ok("award 102:ann")
    lines = armistice.ok("score --explain").splitlines()
    start = lines.index("How the Helping Hands were decided")
    decided = lines[start + 1 : start + 3]
    assert decided[0].startswith("  chapter 1: lost, 0 Morale left;")
    assert decided[1].startswith("     ") and decided[1].rstrip().endswith("2 not taken")


def test_a_tile_typed_on_the_recruits_turn_is_refused_naming_whose_turn_it_is(recruited):
    before = recruited.events()
    _, err = session(recruited, "night+shell", "snow+gas", "rain+whistle", "w l")
    assert err == (
        "Error: it is the Recruit's turn: w alone withdraws it (a Recruit plays no tile); a "
        "player's withdrawal names them: w TILE -p NAME\n"
    )
    assert recruited.events() == before + 3


def test_when_every_deal_loses_the_next_line_names_the_command_that_is_accepted(four):
    g = four
    briefed_with_two_orders(g)
    out = flat(g.ok('correct hand 3 -p ann -r "Ann drew one more"'))

    assert out.endswith(
        "Next: Ben leads Mission 2: grizzled mission start INTENSITY (at least 1) --order N "
        "--yes (9 cards in hands, intensity 1 adds 4: 13, and 13 or more lose the chapter at "
        "once)"
    )
    prompt, _ = session(g)
    assert "Ben leads Mission 2 (9 held: any deal loses) > q" in prompt
    said = flat(g.ok("mission start 1 --order 78 --yes"))
    assert "The chapter is lost: 13 cards in hands (13 or more)." in said
