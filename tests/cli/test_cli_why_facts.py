"""Issue 32, ``why`` of a refusal: the facts it rests on, each with the log entry that last
set it (the chapter's start when none did since), in the text and in ``why --json``."""

from __future__ import annotations

from typing import Any

from tests.cli.test_cli_why import newest, why


def facts(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {fact["fact"]: fact for fact in doc["facts"]}


def flat(text: str) -> str:
    return " ".join(text.split())


def test_a_speech_refused_names_the_chapter_start_as_the_source_of_no_speech_token(table):
    started = newest(table) - 1  # chapter start, then the deal
    table.refused("speech gas")

    doc = why(table)

    said = facts(doc)["speech_tokens"]
    assert said["said"] == "Ann has no Speech tokens"
    assert (said["entry"], said["since_start"]) == (started, True)
    assert f"Ann has no Speech tokens (since #{started}, the chapter's start)." in flat(doc["text"])
    assert facts(doc)["phase"]["entry"] == started + 1  # the deal began the Mission


def test_a_hardheaded_withdrawal_refused_points_to_the_entry_that_gave_the_hard_knock(table):
    table.ok("play hardheaded")
    knocked = newest(table)
    table.ok("withdraw left")
    table.ok("withdraw right")
    turned = newest(table)
    table.refused("withdraw left")

    doc = why(table)

    found = facts(doc)
    assert found["hard_knocks"]["said"] == "Ann's Hard Knocks: Hardheaded"
    assert found["hard_knocks"]["entry"] == knocked
    assert found["turn"] == {
        "fact": "turn",
        "said": "it is Ann's turn",
        "entry": turned,
        "since_start": False,
    }
    assert f"Ann's Hard Knocks: Hardheaded (from #{knocked})." in flat(doc["text"])
