"""What comes next at the table, in one line, with the command that does it.

Player names come from the campaign's file: they are ``shown`` (control characters
escaped, long names cut). The line is plain text, not rich markup."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cli.shown import SHORT, shown

if TYPE_CHECKING:
    from domain.campaign.flow import CampaignState

# The sentences, shared with the board read from the read models (cli/readmodel.py), which
# imports this module without loading the rules engine.
FIRST_CHAPTER = "start the first chapter: grizzled chapter start"


def lead_text(leader: str, mission: int, low: int) -> str:
    """The Mission Leader sets the next Mission's intensity."""
    return (
        f"{shown(leader, SHORT)} leads Mission {mission + 1}: grizzled mission start INTENSITY "
        f"(at least {low})"
    )


def support_text(beneficiary: str) -> str:
    """The beneficiary of Support chooses."""
    return f"{shown(beneficiary, SHORT)} chooses the Support benefit: grizzled support ..."


def recruit_text(leader: str) -> str:
    """The Recruit's turn: the leader chooses its action."""
    return (
        f"the Recruit's turn, {shown(leader, SHORT)} chooses: grizzled recruit play CARD / "
        "recruit withdraw"
    )


def turn_text(player: str, must_withdraw: bool) -> str:
    """A player's turn (a Fearful one with 2 identical threats must withdraw)."""
    name = shown(player, SHORT)
    if must_withdraw:
        return f"{name} is Fearful with 2 identical threats: grizzled withdraw TILE"
    return f"{name}'s turn: play CARD, charm CARD, speech THREAT or withdraw TILE"


def _after_chapter(state: CampaignState) -> str:
    from domain.campaign.briefing import chapter_name

    last = state.last_result
    if last is None or not state.armistice:
        return "start the next chapter: grizzled chapter start"
    name = chapter_name(last.number)
    conclusion = state.conclusions.get(last.number)
    if conclusion is None:
        return f"enter the Conclusion of {name}: grizzled conclusion {last.number} ..."
    if conclusion.offered and last.number not in state.settled:
        result = "won" if last.outcome == "won" else "lost"
        earned = conclusion.earned(result, last.morale_left)
        return f"{name} earns {earned} Helping Hand(s): grizzled award NUMBER:PLAYER ..."
    if state.next_chapter > 9:
        return "the campaign is over: grizzled score --explain"
    ban = (
        " (you may first ban a card: grizzled ban PLAYER CARD)"
        if last.outcome != "won" and not any(b.chapter == last.number for b in state.bans)
        else ""
    )
    return f"start {chapter_name(state.next_chapter)}: grizzled chapter start{ban}"


def next_step(state: CampaignState) -> str:
    """The next thing the table does."""
    from domain.campaign.briefing import chapter_name
    from domain.chapter.actions import minimum_intensity
    from domain.chapter.hardknocks import must_withdraw
    from domain.chapter.piles import RECRUIT_TURN
    from domain.chapter.state import Phase

    chapter = state.chapter
    if chapter is None:
        if not state.armistice:
            return FIRST_CHAPTER
        return f"start {chapter_name(state.next_chapter)}: grizzled chapter start"
    if chapter.phase == Phase.OVER:
        return _after_chapter(state)
    leader = chapter.players[chapter.leader].name
    if chapter.phase == Phase.PREPARATION:
        return lead_text(leader, chapter.mission, minimum_intensity(chapter))
    if chapter.phase == Phase.SUPPORT and chapter.support is not None:
        return support_text(chapter.support.player)
    if chapter.turn == RECRUIT_TURN:
        return recruit_text(leader)
    active = chapter.active_player
    if active is None:
        return "the Mission is being resolved"
    return turn_text(active.name, must_withdraw(chapter, active))
