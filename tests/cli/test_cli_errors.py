"""Every bad input ends the same way: one line on stderr, exit code 2 when the command was
mistyped and 1 when it was refused, no traceback, and nothing recorded (the number of
stored events is the same before and after: see ``Grizzled.refused``)."""

from __future__ import annotations

import pytest

from tests.cli.conftest import SEATS, Grizzled

MISTYPED = 2
REFUSED = 1


@pytest.mark.parametrize(
    ("command", "says"),
    [
        ("play night+snow+trap", "there is no night+snow+trap card in this campaign's catalogue"),
        ("play zzz", "'zzz' is not a Hard Knock or card name"),
        ("play night+night", "'night+night' names night twice"),
        ("play #56", "card number 56 has not been described in this campaign"),
        ("play night+shell+trap --drawn rain+rain", "names rain twice"),
        ("charm qq", "'qq'"),
        ("speech fog", "'fog' is not a threat (night, snow, rain, shell, gas, whistle)"),
        ("speech gas -d ben:fog+gas", "'fog"),
        ("correct nml-add zzz -r typo", "'zzz' is not a Hard Knock or card name"),
    ],
)
def test_an_unknown_card_or_threat_is_a_usage_error(table, command, says):
    line = table.refused(command, code=MISTYPED)

    assert says in line


@pytest.mark.parametrize(
    ("command", "says"),
    [
        ("play s+w", "'s' is ambiguous: shell or snow"),
        ("play f", "'f' is ambiguous: fearful or fragile or frenzied"),
        ("play ni", "'ni' alone names no card"),
        ("play night", "'night' alone names no card"),
    ],
)
def test_an_ambiguous_card_is_a_usage_error_that_lists_the_candidates(table, command, says):
    line = table.refused(command, code=MISTYPED)

    assert says in line
    assert line.endswith("(grizzled play --help)")


@pytest.mark.parametrize(
    "command",
    [
        "play night+shell -p zed",
        "charm night+shell -p zed",
        "speech gas -p zed",
        "withdraw left -p zed",
        "support -p zed",
        "speech gas -d zed:snow+gas",
        "play merry-christmas --target zed:mute",
        "correct hand 2 -p zed -r typo",
    ],
)
def test_an_unknown_player_is_a_usage_error_that_lists_the_table(table, command):
    line = table.refused(command, code=MISTYPED)

    assert "no player 'zed' at this table (Ann, Ben, Cy)" in line


def test_an_unknown_player_is_a_usage_error_outside_a_mission_too(campaign):
    line = campaign.refused("chapter start --leader zed --tiles left,right,left", code=MISTYPED)

    assert line == (
        "Error: Invalid value: no player 'zed' at this table (Ann, Ben, Cy) "
        "(grizzled chapter start --help)"
    )


def test_an_ambiguous_player_prefix_is_a_usage_error(grizzled):
    grizzled.ok("campaign new Names -p ann:night -p anna:snow -p cy:rain")
    grizzled.ok("chapter start --leader ann --tiles left,right,left")
    grizzled.ok("mission start 3")

    assert "'an' could be Ann or Anna" in grizzled.refused("play night+shell -p an", code=2)
    grizzled.ok("play night+shell -p ann")  # an exact name is never ambiguous


def test_a_helping_hand_for_an_unknown_player_is_a_usage_error(armistice):
    armistice.chapter_one(won=True)
    armistice.conclude(1, (100, 101, 102))

    assert "no player 'zed'" in armistice.refused("award 100:zed", code=MISTYPED)
    assert "write NUMBER:PLAYER" in armistice.refused("award ann", code=MISTYPED)
    assert "no player 'zed'" in armistice.refused("ban zed rain+gas", code=MISTYPED)


@pytest.mark.parametrize(
    ("command", "says"),
    [
        ("play night+shell -p ben", "it is Ann's turn, not Ben's: Ben cannot play a card"),
        ("charm night+shell -p cy", "it is Ann's turn, not Cy's"),
        ("speech gas -p ben", "it is Ann's turn, not Ben's"),
        ("withdraw left -p cy", "it is Ann's turn, not Cy's"),
    ],
)
def test_an_action_out_of_turn_is_refused(table, command, says):
    line = table.refused(command, code=REFUSED)

    assert line.startswith("Error: Refused (turn order): ")
    assert says in line


@pytest.mark.parametrize(
    ("command", "says"),
    [
        ("charm night+shell", "there is no night+shell in No Man's Land for Ann's charm"),
        ("speech gas", "Ann has no Speech token"),
        ("play night+shell+trap", "Trap: say which card Ann drew from the Trials deck"),
        ("mission start 1", "Ann cannot start a Mission"),
        ("chapter start --leader ann --tiles left,right,left", "chapter 1 is still being played"),
        ("withdraw left2", "Ann holds no 'left2' tile"),
        ("correct charm sideways -r typo", "a correction of a player's Good Luck Charm names"),
    ],
)
def test_an_illegal_move_is_refused_with_the_rule_it_breaks(table, command, says):
    line = table.refused(command, code=REFUSED)

    assert line.startswith("Error: Refused (")
    assert says in line


def test_a_card_whose_every_copy_is_on_the_table_is_refused(table):
    table.ok("play night+snow")  # the only copy

    line = table.refused("play night+snow", code=REFUSED)

    assert line == (
        "Error: Refused (card count): no night+snow can be there: all 1 copy is already "
        "accounted for on the table"
    )
    assert "accounted for" in table.refused("play rain+shell+trap --drawn night+snow")


def test_the_first_mission_refuses_a_low_intensity(campaign):
    campaign.ok("chapter start --leader ann --tiles left,right,left")

    line = campaign.refused("mission start 2")

    assert line == (
        "Error: Refused (mission intensity): Ann cannot choose intensity 2: the intensity must "
        "be at least 3 for the first Mission"
    )
    assert campaign.refused("play night+shell") == (
        "Error: nobody's turn: no Mission is being played (grizzled status)"
    )


def test_nothing_is_played_before_a_chapter_starts(campaign):
    assert campaign.refused("play night+shell") == (
        "Error: no chapter has been started yet: grizzled chapter start"
    )
    assert campaign.refused("correct trials 3 -r x") == (
        "Error: no chapter has been started yet: grizzled chapter start"
    )
    assert campaign.refused("support") == (
        "Error: no chapter has been started yet: grizzled chapter start"
    )


def test_support_is_refused_while_nobody_is_waiting_for_it(table):
    assert table.refused("support --charm") == "Error: nobody is waiting for a Support choice"


@pytest.mark.parametrize(
    "command",
    ["status", "log", "score", "play night+shell", "undo", "redo", "replay", "campaign show"],
)
def test_a_database_without_campaigns_says_how_to_create_one(grizzled, db, command):
    line = grizzled.refused(command, code=REFUSED)

    assert line == f"Error: no campaign in {db}: create one with 'grizzled campaign new'"


@pytest.mark.parametrize(
    "command",
    ["-c nope status", "--campaign nope log", "campaign use nope", "campaign show nope"],
)
def test_a_missing_campaign_is_refused(campaign, db, command):
    line = campaign.refused(command, code=REFUSED)

    assert line == f"Error: there is no campaign called 'nope' in {db}"


def test_the_campaign_environment_variable_may_name_a_missing_campaign(campaign, monkeypatch):
    monkeypatch.setenv("GRIZZLED_CAMPAIGN", "nope")

    assert "there is no campaign called 'nope'" in campaign.refused("status")


def test_several_campaigns_and_none_chosen_asks_which(campaign, db, tmp_path, monkeypatch):
    campaign.ok("campaign", "new", "Saturday", *SEATS)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "elsewhere"))  # nothing chosen here

    line = campaign.refused("status", code=MISTYPED)

    assert line.startswith(
        f"Error: 2 campaigns in {db}: choose one with 'grizzled campaign use NAME' or --campaign"
    )
    assert campaign.json("-c saturday status")["campaign"] == "Saturday"


@pytest.mark.parametrize(
    "command",
    [
        "status",
        "log",
        "score --explain",
        "campaign list",
        "campaign new X -p a:night -p b:snow -p c:rain",
        "campaign use X",
        "play night+shell",
        "undo",
        "replay",
        "projections rebuild",
    ],
)
def test_a_file_that_is_not_a_database_is_refused_and_left_alone(tmp_path, command):
    notes = tmp_path / "notes.txt"
    notes.write_text("shopping list: bread, candles, 2 tins of sardines\n" * 20, "utf-8")
    before = notes.read_bytes()

    line = Grizzled(notes, explicit=True).refused(command, code=REFUSED)

    assert str(notes) in line
    assert "not a database" in line
    assert notes.read_bytes() == before


def test_a_directory_given_as_the_database_is_refused_as_unreadable(tmp_path):
    folder = tmp_path / "campaigns"
    folder.mkdir()
    grizzled = Grizzled(folder, explicit=True)

    for command in ("status", "campaign list", "log"):
        line = grizzled.refused(command, code=REFUSED)  # docs/cli.md: exit 1, unreadable
        assert str(folder) in line
    assert list(folder.iterdir()) == []


def test_a_database_under_a_file_instead_of_a_folder_is_refused_in_one_line(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("not a folder\n", "utf-8")
    grizzled = Grizzled(notes / "campaign.sqlite", explicit=True)

    line = grizzled.refused("campaign new Friday -p ann:night -p ben:snow", code=REFUSED)

    assert "cannot open the campaign database" in line
    assert str(notes) in line
    assert notes.read_text("utf-8") == "not a folder\n"


def test_a_missing_database_file_is_not_a_traceback_for_the_read_models(tmp_path):
    missing = Grizzled(tmp_path / "none.sqlite", explicit=True)

    line = missing.refused("projections rebuild", code=REFUSED)

    assert "none.sqlite" in line


@pytest.mark.parametrize(
    ("command", "says"),
    [
        ("play", "Missing argument 'CARD'."),
        ("charm", "Missing argument 'CARD'."),
        ("speech", "Missing argument 'THREAT'."),
        ("mission start", "Missing argument 'INTENSITY'."),
        ("campaign use", "Missing argument 'NAME'."),
        ("correct trials 5", "Missing option '-r' / '--reason'."),
        ("correct", "Missing argument 'FACT'."),
        ("describe card 5", "Missing argument 'FACE'."),
        ("describe hand 5 Name", "Missing argument '{action|event|friendship}'."),
        ("briefing 1 --trials 3 --morale 3", "Missing option '--first'."),
        ("ban ann", "Missing argument 'CARD'."),
        ("helping play", "Missing argument 'NUMBER'."),
        ("play night+shell --drawn", "Option '--drawn' requires an argument."),
    ],
)
def test_a_missing_argument_is_a_usage_error(table, command, says):
    line = table.refused(command, code=MISTYPED)

    assert says in line


@pytest.mark.parametrize(
    ("command", "says"),
    [
        ("fly", "No such command 'fly'."),
        ("status --colour", "No such option '--colour'."),
        ("mission start 0", "0 is not in the range 1<=x<=68."),
        ("mission start three", "'three' is not a valid integer range."),
        ("withdraw up", "'up' is not a Support tile (left, right, left2, right2)"),
        ("chapter start --tiles left,up,left", "'up' is not a Support tile"),
        (
            "chapter start --variant expert",
            "'expert' is not one of 'normal', 'rookie', 'veteran', 'solo'.",
        ),
        ("correct bogus 1 -r x", "'bogus' is not a fact"),
        ("undo 0", "0 is not in the range 1<=x<=2147483647."),
        ("log --last 0", "0 is not in the range 1<=x<=2147483647."),
        ("play merry-christmas --target ann", "'ann': write PLAYER:CARD, e.g. ben:mute"),
    ],
)
def test_a_mistyped_command_or_value_is_a_usage_error(table, command, says):
    line = table.refused(command, code=MISTYPED)

    assert says in line
