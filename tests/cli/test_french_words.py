"""A French table reads no English the tool composed (issue 45): a whole chapter through
the CLI in French, at 60 and at 100 columns, with its reads, refusals, usage errors and
help, and every line of the output is checked against the catalogue's English: no
sentence part of an English message (three words or more between its placeholders) and
no English word of the kind French never writes (``the``, ``is``, ``cannot``...).

What the group typed is theirs (the names here are Ann, Ben and Cy; the campaign Soirée)
and the commands a line quotes are grizzled's own (``grizzled mission start``): both are
taken out of a line before it is read."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from tests.cli.conftest import Grizzled
from tests.cli.test_french import CHAPTER
from tests.voice.test_catalogue import FIELD, french

# words a French sentence never holds: where they appear, English was composed
ENGLISH = re.compile(
    r"\b(the|is|are|and|of|to|cannot|with|from|their|which|this|that|has|have|was|"
    r"were|by|its|for|when|not|turn|plays|played|draws|card|cards|nothing|"
    r"withdraws|withdrew|Mission Leader|Threats|Morale|Trials|Speech|Support)\b"
)
# a command the line quotes (grizzled's words, not the voice's), an option, a card key
QUOTED = re.compile(
    r"grizzled [^:;)]*|--[a-z-]+( [A-Z]+)?|'[^']*'|\"[^\"]*\"|«[^»]*»|\b[a-z]+([+-][a-z0-9]+)+\b"
    r"|^ +[a-z][a-z0-9-]*(?= )",  # a command or fact a help lists, first on its line
    re.MULTILINE,
)


@cache
def english_parts() -> tuple[str, ...]:
    """The sentence parts of the catalogue's English messages whose French differs."""
    parts = set()
    for (_context, msgid), entry in french().items():
        string = entry.string  # type: ignore[attr-defined]
        said = string if isinstance(string, str) else string[0]
        if not msgid or not said or said == msgid:
            continue
        for part in FIELD.split(msgid):
            part = (part or "").strip(" .,:;()")
            if part and len(part.split()) >= 3 and part not in said:
                parts.add(part)
    return tuple(sorted(parts, key=len, reverse=True))


def english_in(text: str) -> list[str]:
    """The English a French output holds: each line with what gives it away."""
    found = []
    lines = text.splitlines()
    reads = QUOTED.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text.replace("\u00a0", " "))
    for line, read in zip(lines, reads.splitlines(), strict=True):
        read = re.sub(r"\b(Ann|Ben|Cy|Soirée)\b", " ", read)
        part = next((p for p in english_parts() if p in read), None)
        word = ENGLISH.search(read)
        if part is not None or word is not None:
            found.append(f"{line!r}  <- {part or word.group(0)!r}")  # type: ignore[union-attr]
    return found


READS = (
    "status",
    "log",
    "log --all",
    "score",
    "why",
    "hint",
    "odds --seed 7",
    "campaign show",
    "campaign list",
    "box",
    "stats",
)
REFUSED = (  # the campaign's language says them
    ("play nuit+obus --player cy", 1),
    ("mission start 2", 1),
    ("play zz", 2),
    ("card 21", 1),
)
# said before any campaign is read: in the locale's language (a French table's terminal)
USAGE = (("plya", 2), ("play", 2), ("withdraw --bogus", 2))
HELPS = ("--help", "play --help", "mission start --help", "correct --help", "campaign --help")


@pytest.mark.parametrize("columns", ["60", "100"])
def test_a_french_chapter_through_the_cli_reads_no_english(
    db: Path, monkeypatch: pytest.MonkeyPatch, columns: str
) -> None:
    monkeypatch.setenv("COLUMNS", columns)
    g = Grizzled(db)
    said = [g.ok("campaign new Soirée -p ann:nuit -p ben:neige -p cy:pluie --lang fr")]
    for english, typed in CHAPTER[:3]:
        said.append(g.ok(typed or english))
    for command, code in REFUSED:
        result = g(command)
        assert result.exit_code == code, command
        said.append(result.stderr)
    for english, typed in CHAPTER[3:]:
        said.append(g.ok(typed or english))
    said += [g.ok(command) for command in READS]
    said += [g.ok("undo -r 'oubli'"), g.ok("redo")]
    monkeypatch.setenv("LANGUAGE", "fr")
    for command, code in USAGE:
        result = g(command)
        assert result.exit_code == code, command
        said.append(result.stderr)
    said += [g.ok(command) for command in HELPS]

    wrong = [line for text in said for line in english_in(text)]
    assert not wrong, f"{len(wrong)} lines:\n" + "\n".join(wrong)


def test_an_english_line_is_caught_and_a_french_one_is_not() -> None:
    assert english_in("Ann plays night+shell in No Man's Land.")
    assert english_in("Erreur\u00a0: Refusé (phase)\u00a0: Ann cannot start a Mission")
    assert not english_in("Ann joue nuit+obus dans le No Man's Land.")
    assert not english_in("Ensuite\u00a0: Ann mène la Mission 1\u00a0: grizzled mission start 2")


def test_a_command_s_help_speaks_its_campaign_s_language(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")  # an English terminal
    g = Grizzled(db)
    g.ok("campaign new Soirée -p ann:nuit -p ben:neige -p cy:pluie --lang fr")
    assert "Jouer une carte Épreuve de sa main" in g.ok("play --help")
    assert "Play a Trial card from hand" in g.ok("--lang en play --help")  # --lang first
    assert "Log and check your campaigns" in g.ok("--help")  # no campaign read yet
    g.ok("campaign lang en")
    assert "Play a Trial card from hand" in g.ok("play --help")


def test_the_record_s_commands_a_branch_and_a_refused_withdrawal_read_no_english(
    db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    g = Grizzled(db)
    g.ok("campaign new Soirée -p ann:nuit -p ben:neige -p cy:pluie --lang fr")
    for english, typed in CHAPTER[:6]:
        g.ok(typed or english)
    # the file's commands speak the locale's language, not one campaign's: a French terminal
    monkeypatch.setenv("LANGUAGE", "fr")
    said = [g.ok(command) for command in ("verify", "checkpoint")]
    said.append(g.ok(f"backup {tmp_path / 'Soirée.sqlite'}"))
    said.append(g.ok(f"export {tmp_path / 'Soirée.jsonl'}"))
    said.append(g.ok(f"import {tmp_path / 'Soirée.jsonl'} --as Copie"))
    said.append(g.ok("campaign use Soirée"))
    said.append(g.ok("branch Essai --at 4"))
    said.append(g.ok("compare Soirée Essai"))
    for command in (f"backup {tmp_path / 'Soirée.sqlite'}", "compare Soirée Personne"):
        result = g(command)
        assert result.exit_code != 0, command
        said.append(result.stderr)
    g.ok("campaign new Lundi -p ann:nuit -p ben:neige -p cy:pluie --lang fr")
    g.ok("chapter start --leader ann --tiles left,right,left --trials 10 --morale 20")
    g.ok("mission start 3")
    g.ok("play têtu")  # Ann keeps 2 cards in hand
    g.ok("withdraw left")
    g.ok("withdraw right")
    refused = g("withdraw left")
    assert refused.exit_code == 1 and "Têtu" in refused.stderr
    said += [refused.stderr, g.ok("why")]

    wrong = [line for text in said for line in english_in(text)]
    assert not wrong, f"{len(wrong)} lines:\n" + "\n".join(wrong)


def test_verify_s_findings_on_an_altered_record_read_no_english(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sqlite3

    g = Grizzled(db)
    g.ok("campaign new Soirée -p ann:nuit -p ben:neige -p cy:pluie --lang fr")
    for english, typed in CHAPTER[:6]:
        g.ok(typed or english)
    with sqlite3.connect(db) as conn:  # an event's words changed after it was recorded
        rowid, state = conn.execute(
            "SELECT rowid, state FROM stored_events ORDER BY rowid LIMIT 1"
        ).fetchone()
        altered = bytes(state).replace(b'"_data_":"20', b'"_data_":"19', 1)  # its moment
        conn.execute("UPDATE stored_events SET state = ? WHERE rowid = ?", (altered, rowid))
    conn.close()
    monkeypatch.setenv("LANGUAGE", "fr")  # the file's command: the locale's language
    result = g("verify")
    assert result.exit_code == 1
    assert "a été modifié après son enregistrement" in result.stderr
    assert not english_in(result.stderr), result.stderr


def test_a_damaged_file_and_a_cut_short_export_are_refused_in_french(
    db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    g = Grizzled(db)
    g.ok("campaign new Soirée -p ann:nuit -p ben:neige -p cy:pluie --lang fr")
    g.ok(f"export {tmp_path / 'soiree.jsonl'}")
    monkeypatch.setenv("LANGUAGE", "fr")  # a file's refusal: the locale's language
    cut = tmp_path / "cut.sqlite"
    cut.write_bytes(db.read_bytes()[:3000])
    damaged = Grizzled(cut, explicit=True)("status")
    assert damaged.exit_code == 1, damaged.output
    assert "est abîmé\u00a0: il est tronqué" in damaged.stderr
    export = tmp_path / "soiree.jsonl"
    export.write_text(export.read_text().splitlines()[0] + "\n")  # its header alone
    cut_short = g(f"import {export} --as Copie")
    assert cut_short.exit_code == 1, cut_short.output
    assert "il s'arrête après son en-tête" in cut_short.stderr
    said = damaged.stderr + cut_short.stderr
    assert not english_in(said), said


def test_a_refused_revert_reads_no_english(db: Path) -> None:
    g = Grizzled(db)
    g.ok("campaign new Soirée -p ann:nuit -p ben:neige -p cy:pluie --lang fr")
    for english, typed in CHAPTER[:4]:
        g.ok(typed or english)
    ann = next(e["version"] for e in g.json("log") if e["summary"].startswith("Ann plays"))
    refused = g(f"revert {ann}")  # without Ann's card, Ben's is played out of turn
    assert refused.exit_code == 1
    assert "les règles refuseraient 1 action ultérieure" in refused.stderr
    assert not english_in(refused.stderr), refused.stderr


CORRECTIONS = (
    "correct morale 20 -r recompté",
    "correct stock 2 -r recompté",
    "correct hand 4 -p ben -r recompté",
    "correct tokens 1 -p cy -r recompté",
    "correct charm down -p ann -r recompté",
    "correct leader -p ben -r recompté",
    "correct turn -p cy -r recompté",
)


def test_corrections_and_a_correction_that_changes_nothing_read_no_english(db: Path) -> None:
    """A correction's sentence (``domain.chapter.fact_words``: the fact's words, its value
    counted, "already") is said in the campaign's language, in the narration and in the
    refusal of a correction that would change nothing."""
    g = Grizzled(db)
    g.ok("campaign new Soirée -p ann:nuit -p ben:neige -p cy:pluie --lang fr")
    for english, typed in CHAPTER[:3]:
        g.ok(typed or english)
    said = [g.ok(command) for command in CORRECTIONS]
    result = g("correct morale 20 -r encore")
    assert result.exit_code == 1
    refused = result.stderr
    said.append(refused)

    wrong = [line for text in said for line in english_in(text)]
    assert not wrong, f"{len(wrong)} lines:\n" + "\n".join(wrong)
    assert "la Réserve de Moral contient 20 cartes (recompté)" in said[0]
    assert "Ben a 4 cartes" in said[2]
    assert "Cy a 1 jeton Discours" in said[3]
    assert "La Réserve de Moral contient déjà 20 cartes\u00a0: rien à corriger" in refused
