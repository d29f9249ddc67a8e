"""``why``: the rule behind the last refusal or a decision the rules took by themselves
(a Mission failed or won, the Support, a Morale Drop's size, a chapter won or lost, a Trap,
a Hard Knock's effect, the Mission Leader token passing, Luck cancelling a Trap, Merry
Christmas's discard, a Speech, an Order of the Day discarded, a Recruit entering or
departing, the Solo Support tile, a card's effect), in our words with its place in the rulebooks
(voice/rulebook.py), the facts that triggered it and the log entries those facts come from.

A decision is explained from the state just before its event: the campaign as it was
before the log entry, evolved through the entry's events up to that one. The facts'
entries are found among the chapter's earlier entries on the line of play (``earlier``:
each entry's number and domain event records, oldest first).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from voice import Said
from voice.board import THREATS
from voice.decisions import Decision, Entry
from voice.decisions_table import explain, from_a_hand, trap_played
from voice.lang import N_, _
from voice.rulebook import rule
from voice.shown import shown
from voice.summary import said as summary_said

if TYPE_CHECKING:
    from domain.campaign.flow import CampaignState

KEPT = N_("kept on this machine only, never in the campaign's record")

# The game's events that may hold a decision of the rules; a module's are those its room
# explains (``Room.explains``) and those in which a card leaves its hands (``decided``).
GAME_DECIDED = frozenset(
    {
        "MissionFailed",
        "MissionSucceeded",
        "SupportRevealed",
        "SupportUsed",
        "MoraleDropped",
        "ChapterWon",
        "ChapterLost",
        "CardDrawnAndPlayed",
        "CardsDrawn",
        "CardPlayed",
        # the table's turn (voice/decisions_table.py)
        "LeadershipPassed",
        "MissionLeaderTaken",
        "HardKnockDiscarded",
        "PlayerWithdrew",
        "CardEffect",
        "CardsSetAside",
        "SpeechMade",
    }
)

# A card played, cards drawn or a withdrawal are a decision only sometimes (a Hard Knock,
# a Trap that Luck cancelled, Frenzied's draw, the Chaplain's withdrawal, a withdrawal a
# Hard Knock forbade that gave way to an Order of the Day), and so is a card leaving a
# module's hand: every other event listed is one whenever it is there.
GAME_SOMETIMES = frozenset({"CardPlayed", "CardsDrawn", "PlayerWithdrew"})


def decided() -> frozenset[str]:
    """The events that may hold a decision of the rules: the game's, and the modules'."""
    from voice import rooms

    return GAME_DECIDED | rooms.explained() | rooms.hands()


def always() -> frozenset[str]:
    """The events that hold a decision of the rules whenever they are there."""
    return decided() - GAME_SOMETIMES - from_a_hand()


def may_decide(records: Sequence[Mapping[str, Any]]) -> bool:
    """Whether an entry may hold a decision of the rules, from its records alone (no state
    rebuilt): a Threat card played is the table's move, a Hard Knock is not."""
    hands = from_a_hand()  # a Hard Knock acts at once, a Trap meets Luck
    every = always()
    for record in records:
        kind, data = record.get("type"), record.get("data") or {}
        if kind in every:
            return True
        if kind == "PlayerWithdrew":  # the Chaplain's, or one a Hard Knock gave way to
            return True
        if kind == "CardsDrawn" and data.get("cause") == "frenzied":
            return True
        if kind in hands and not _threat_card(str(data.get("card", ""))):
            return True
        if kind in hands and trap_played(record):  # Luck may have cancelled it
            return True
    return False


def _threat_card(key: str) -> bool:
    return all(part in THREATS or part in ("trap", "luck") for part in key.split("+"))


def noted_well(noted: Mapping[str, Any], campaign: str) -> bool:
    """Whether this machine's note of a refusal (a file anyone may edit) is one ``why``
    can say of ``campaign``: a note from before ``why`` has no line; a refusal on another
    campaign of the file is not this one's."""
    rule_id, on = noted.get("rule"), noted.get("campaign")
    return (
        isinstance(noted.get("refused"), str)
        and (rule_id is None or isinstance(rule_id, str))
        and (on is None or on == campaign)
    )


def refusal(
    noted: Mapping[str, Any],
    newest: int,
    before: CampaignState | None = None,
    seen: Sequence[Entry] = (),
) -> Said:
    """The last refusal, as this machine noted it (``command``, ``refused``: its line,
    ``rule``: the rule's id or None for the tracker's own refusal); ``newest``: the
    campaign's last log entry, then and now; ``seen``: the chapter's entries up to it and
    ``before``: the state just before them, for the facts the refusal rests on and the
    entries they come from (voice/why_facts.py)."""
    from voice.why_facts import fact_lines, refusal_facts

    command, line = noted["command"], noted["refused"]
    rule_id = noted.get("rule")
    lines = [
        _("Why was 'grizzled {command}' refused?").format(command=shown(command)),
        f"  {shown(line)}",
    ]
    facts: dict[str, Any] = {"about": "refusal", "command": command, "refused": line}
    if rule_id is None:
        lines.append(_("  Not a rule of the game: the tracker itself refused it."))
        facts["rule"] = None
    else:
        found = rule(rule_id)
        lines.append(
            _("  Rule ({rule}): {words} ({place}).").format(
                rule=_(found.rule), words=_(found.words), place=found.place()
            )
        )
        facts["rule"] = found.facts()
    said = refusal_facts(rule_id, command, before, seen, line) if before is not None else []
    started = bool(seen) and any(r.get("type") == "ChapterStarted" for r in seen[0][1])
    lines += fact_lines(said, started)
    facts["facts"] = said
    lines.append(
        _(
            "  Nothing was recorded: the log still ends at #{number}. This refusal is {kept}."
        ).format(number=newest, kept=_(KEPT))
    )
    facts.update(entries=[newest] if newest else [], kept="this machine")
    return Said("\n".join(lines), "why", facts)


def nothing(newest: int) -> Said:
    """Nothing to explain: no refusal since the last entry, no decision in the log."""
    text = _(
        "Nothing to explain yet: no command was refused since the last log entry "
        "(#{number}) and the rules have decided nothing by themselves."
    ).format(number=newest)
    return Said(text, "why", {"about": None, "entries": [], "decisions": []})


NOT_ACTIONS = {
    "Created": N_("the campaign's creation"),
    "ActionsUndone": N_("an undo"),
    "ActionsRedone": N_("a redo"),
    "ActionReverted": N_(
        "a revert (the actions after the one it took back were decided "
        "again: why on the entry each was first logged at explains its decisions)"
    ),
}


def not_an_action(number: int, kind: str, summary: str) -> Said:
    """An entry that is not an action the rules decided on."""
    what = _(NOT_ACTIONS.get(kind, N_("not an action")))
    text = _("Why #{number} ({summary})?").format(
        number=number, summary=shown(summary_said(summary))
    )
    text += "\n" + _("  It is {what}: the rules decided nothing in it.").format(what=what)
    facts = {"about": "entry", "entry": number, "summary": summary, "decisions": []}
    return Said(text, "why", facts)


def entry(
    number: int,
    summary: str,
    before: CampaignState,
    records: Sequence[Mapping[str, Any]],
    earlier: Sequence[Entry],
) -> Said:
    """Log entry ``number`` explained: each decision the rules took in it (``before``: the
    campaign just before it; ``earlier``: the chapter's entries before it)."""
    decisions = decisions_in(number, before, records, earlier)
    head = _("Why #{number} ({summary})?").format(
        number=number, summary=shown(summary_said(summary))
    )
    if not decisions:
        text = (
            head + "\n" + _("  The rules decided nothing by themselves here: the table did it all.")
        )
    else:
        text = "\n".join([head, *(line for d in decisions for line in d.lines())])
    facts = {
        "about": "entry",
        "entry": number,
        "summary": summary,
        "decisions": [d.said() for d in decisions],
    }
    return Said(text, "why", facts)


def decisions_in(
    number: int,
    before: CampaignState,
    records: Sequence[Mapping[str, Any]],
    earlier: Sequence[Entry],
) -> list[Decision]:
    """The decisions of one entry, each from the state just before its event."""
    from domain.campaign.flow import evolve_campaign
    from domain.records import from_record

    found: list[Decision] = []
    state = before
    seen = [*earlier, (number, records)]
    kinds = decided()
    for record in records:
        event = from_record(dict(record))
        chapter = state.chapter
        if chapter is not None and record.get("type") in kinds:
            decision = explain(chapter, event, number, seen)
            if decision is not None:
                found.append(decision)
        state = evolve_campaign(state, event)
    return found
