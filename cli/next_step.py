"""What comes next at the table, in one line, with the command that does it."""

from __future__ import annotations

from domain.actions import minimum_intensity
from domain.briefing import chapter_name
from domain.campaign import CampaignState
from domain.hardknocks import must_withdraw
from domain.module_state import RECRUIT_TURN
from domain.state import Phase


def _after_chapter(state: CampaignState) -> str:
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
    chapter = state.chapter
    if chapter is None:
        first = chapter_name(state.next_chapter) if state.armistice else "the first chapter"
        return f"start {first}: grizzled chapter start"
    if chapter.phase == Phase.OVER:
        return _after_chapter(state)
    if chapter.phase == Phase.PREPARATION:
        leader = chapter.players[chapter.leader].name
        low = minimum_intensity(chapter)
        return (
            f"{leader} leads Mission {chapter.mission + 1}: grizzled mission start "
            f"INTENSITY (at least {low})"
        )
    if chapter.phase == Phase.SUPPORT and chapter.support is not None:
        return f"{chapter.support.player} chooses the Support benefit: grizzled support ..."
    if chapter.turn == RECRUIT_TURN:
        leader = chapter.players[chapter.leader].name
        return (
            f"the Recruit's turn, {leader} chooses: grizzled recruit play CARD / recruit withdraw"
        )
    active = chapter.active_player
    if active is None:
        return "the Mission is being resolved"
    if must_withdraw(chapter, active):
        return f"{active.name} is Fearful with 2 identical threats: grizzled withdraw TILE"
    return f"{active.name}'s turn: play CARD, charm CARD, speech THREAT or withdraw TILE"
