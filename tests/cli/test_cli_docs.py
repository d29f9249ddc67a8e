"""docs/cli.md is generated from the commands; it must match them exactly."""

import difflib

from cli.docgen import TARGET, documented_commands, render


def test_the_cli_reference_is_generated_from_the_commands_and_up_to_date():
    fresh = render()
    committed = TARGET.read_text("utf-8")
    diff = "".join(
        difflib.unified_diff(
            committed.splitlines(True), fresh.splitlines(True), "docs/cli.md", "generated"
        )
    )
    assert not diff, f"docs/cli.md is stale: run `python -m cli.docgen`\n{diff}"


def test_every_command_has_a_section_in_the_reference():
    text = TARGET.read_text("utf-8")
    for path in documented_commands():
        assert f"### `{path}`" in text, f"{path} is not documented in docs/cli.md"


def test_the_reference_is_english_after_french_help_in_the_same_process(tmp_path):
    """The reference is made in English whatever the process said before: a French help
    shown first (its commands' help said in French, the shared ``--db`` made while French
    was in use) leaves no French in it."""
    from tests.cli.conftest import Grizzled

    french = Grizzled(tmp_path / "fr.sqlite")
    assert "CHEMIN" in french.ok("--lang fr campaign lang --help")
    assert "Choisir la langue" in french.ok("--lang fr campaign lang --help")
    assert render() == TARGET.read_text("utf-8")
