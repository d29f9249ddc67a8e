"""A table that speaks French (issue 45): a chapter logged in French notation is stored
as the same events as one logged in English, and reads back in English event for event;
the campaign's language, ``--lang`` and the locale each choose the words, never the
record."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.conftest import Grizzled

# The demo's chapter (cli/demo.py) as an English table and a French one type it.
CHAPTER = (
    ("chapter start --leader ann --tiles left,right,left", None),
    ("mission start 3", None),
    ("play night+shell+trap --drawn rain+whistle", "play nuit+obus+piège --drawn pluie+sifflet"),
    ("play snow+gas", "play neige+gaz"),
    ("play shell+gas", "play o+g"),
    ("play rain+shell", "play pl+ob"),
    ("mission start 1", None),
    ("play night+gas", "play nu+masque"),
    ("play mute", "play muet"),
    ("speech gas -d ben:snow+gas -d cy:rain+gas", "speech gaz -d ben:ne+g -d cy:pluie+gaz"),
    ("play snow+whistle", "play neige+sifflet"),
    ("play night+whistle", "play nuit+si"),
    ("withdraw right", None),
    ("withdraw left", None),
    ("withdraw left", None),
)


def logged(db: Path, french: bool) -> Grizzled:
    """The chapter logged in one file, typed as an English or a French table types it."""
    g = Grizzled(db, explicit=True)
    if french:
        g.ok("campaign new Soirée -p ann:nuit -p ben:neige -p cy:pluie --lang fr")
    else:
        g.ok("campaign new Soirée -p ann:night -p ben:snow -p cy:rain")
    for english, typed in CHAPTER:
        g.ok((typed if french else None) or english)
    return g


def record(g: Grizzled) -> list[tuple[object, object]]:
    """Each stored action's command and events (``export``), the language's own aside."""
    lines = [json.loads(line) for line in g.ok("export -").splitlines()[1:-1]]
    payloads = [line["payload"] for line in lines]
    kept = [p for p in payloads if (p.get("command") or {}).get("type") != "ChooseLanguage"]
    return [(p.get("command"), p.get("events", p.get("record"))) for p in kept]


def test_a_chapter_typed_in_french_is_the_chapter_typed_in_english_event_for_event(
    tmp_path: Path,
) -> None:
    english = logged(tmp_path / "en.sqlite", french=False)
    french = logged(tmp_path / "fr.sqlite", french=True)

    assert record(french) == record(english)
    assert len(record(english)) == 1 + len(CHAPTER)
    assert french.ok("--lang en status") == english.ok("status")
    told = french.ok("--lang en log --all").splitlines()[-1].split(None, 2)
    assert told[2] == english.ok("log --all").splitlines()[-1].split(None, 2)[2]  # no time

    assert [e["events"] for e in french.json("--lang en log")][2:] == [
        e["events"] for e in english.json("log")
    ][1:]


def test_the_campaign_speaks_its_language_until_told_another(tmp_path: Path) -> None:
    g = Grizzled(tmp_path / "c.sqlite", explicit=True)
    created = g.ok("campaign new Soirée -p ann:nuit -p ben:neige -p cy:pluie --lang fr")
    assert "Ensuite\u00a0: commencez le premier chapitre" in created
    g.ok("chapter start --leader ann --tiles left,right,left")
    g.ok("mission start 3")

    played = g.ok("play nuit+obus")

    assert played.splitlines()[0] == "Ann joue nuit+obus dans le No Man's Land."
    assert "Menaces\u00a0: nuit x1  obus x1" in g.ok("status")
    assert "Threats: night x1  shell x1" in g.ok("--lang en status")
    assert g.ok("campaign lang en").startswith("The table speaks English from now on.")
    assert "Threats: night x1  shell x1" in g.ok("status")
    assert "Ben plays snow+gas in No Man's Land." in g.ok("play neige+gaz")


def test_a_prefix_is_read_in_the_table_s_language_first(tmp_path: Path) -> None:
    g = Grizzled(tmp_path / "c.sqlite", explicit=True)
    g.ok("campaign new Soirée -p ann:night -p ben:snow -p cy:rain --lang fr")
    g.ok("chapter start --leader ann --tiles left,right,left")
    g.ok("mission start 3")

    refused = g("play n+sh")

    assert refused.exit_code == 2
    assert refused.stderr.startswith("Erreur\u00a0: ")
    assert "'n' est ambigu\u00a0: neige ou nuit" in refused.stderr
    assert "Ann plays night+shell" in g.ok("--lang en play n+sh")
