"""Write the golden playthroughs: whole seeded chapters as readable transcripts.

Run ``python -m tests.domain.make_golden`` from the project root after a deliberate
change to the rules engine or the simulator, then review the diff of
``tests/domain/golden/`` like code: every changed line is a changed rule outcome.

Each transcript shows a command (``>``), the events it led to, and a summary of the
state after them (``=``, then one line per player).
"""

from __future__ import annotations

import random
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from msgspec.structs import fields, replace

from domain.chapter.commands import Command, Seat, StartChapter
from domain.chapter.evolve import begin, evolve
from domain.chapter.state import ChapterState, Phase, Player
from domain.events import CardsDealt, ChapterStarted, Event, MissionFailed, SupportRevealed
from domain.simulate import play_chapter, random_setup

GOLDEN_DIR = Path(__file__).parent / "golden"
WIDTH = 100


@dataclass(frozen=True, slots=True)
class Golden:
    """One seeded chapter worth keeping: the setup it is played from and its file."""

    name: str
    ruleset: str
    players: int
    seed: int
    decks: tuple[int, int] | None = None  # an Armistice Briefing's Trials / Morale sizes
    about: str = ""

    @property
    def path(self) -> Path:
        """Where the transcript is committed."""
        return GOLDEN_DIR / f"{self.name}.txt"

    def setup(self, rng: random.Random) -> StartChapter:
        """The chapter's setup, drawn from the seeded generator like the simulator's."""
        setup = random_setup(rng, self.ruleset, self.players)
        if self.decks is None:
            return setup
        return replace(setup, trials=self.decks[0], morale=self.decks[1])


# Seeds chosen by searching for chapters that show many kinds of event: a Trap, Clumsy,
# a Speech with discards, Merry Christmas, charms, failed and succeeded Missions, Support
# taken and tied, an Absent-minded tile, Tyrannical, Frenzied; one defeat and one victory.
GOLDENS = (
    Golden(
        "classic-4-players",
        "classic",
        4,
        seed=990,
        about="classic rules, 4 players, normal variant: lost when the Monument shows",
    ),
    Golden(
        "armistice-3-players",
        "armistice",
        3,
        seed=2984,
        decks=(12, 30),
        about="armistice rules, 3 Grizzled, a Briefing of 12 Trials / 30 Morale: won",
    ),
)


# --- Formatting ------------------------------------------------------------------------
def _value(value: Any) -> str:
    """Words for a field: ``-`` for nothing, lists space-separated, pairs joined by ``/``."""
    if value is None or value == ():
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Seat):
        return f"{value.name}({value.charm}{', ' + value.owner if value.owner else ''})"
    if isinstance(value, tuple):
        if all(isinstance(v, tuple) for v in value):
            return ", ".join("/".join(_value(v) for v in item) for item in value)
        return " ".join(_value(v) for v in value)
    return str(value)


def _wrap(line: str, indent: str) -> str:
    return textwrap.fill(
        line,
        WIDTH,
        initial_indent=indent,
        subsequent_indent=indent + "    ",
        break_on_hyphens=False,
    )


def command_line(command: Command | StartChapter) -> str:
    """``> PlayCard player=Félix card=night+shell``: the fields that are not defaults."""
    parts = [type(command).__name__]
    for f in fields(command):
        value = getattr(command, f.name)
        if value != f.default:
            parts.append(f"{f.name}={_value(value)}")
    return _wrap("> " + " ".join(parts), "")


def event_lines(event: Event) -> list[str]:
    """The event, its fields by name; deals and decks one place per line."""
    if isinstance(event, ChapterStarted):
        head = [
            f"{f.name}={_value(getattr(event, f.name))}"
            for f in fields(event)
            if f.name not in ("trials", "morale")
            and getattr(event, f.name) != f.default  # a module's field left off: not shown
        ]
        return [
            _wrap(f"{event.TYPE} " + " ".join(head), "  "),
            _wrap(f"trials ({len(event.trials)}, top first): {_value(event.trials)}", "    "),
            _wrap(f"morale ({len(event.morale)}, top first): {_value(event.morale)}", "    "),
        ]
    if isinstance(event, CardsDealt):
        lines = [f"  {event.TYPE}"]
        for name, cards in zip(event.players, event.cards, strict=True):
            lines.append(_wrap(f"{name}: {_value(cards)}", "    "))
        return lines
    if isinstance(event, MissionFailed):
        return [
            f"  {event.TYPE} threat={event.threat}",
            _wrap(f"trials reshuffled ({len(event.trials)}): {_value(event.trials)}", "    "),
        ]
    if isinstance(event, SupportRevealed):
        gifts = ", ".join(f"{giver} {tile}->{to}" for giver, tile, to in event.gifts) or "-"
        line = f"{event.TYPE} gifts={gifts} beneficiary={_value(event.beneficiary)}"
        return [_wrap(line, "  ")]
    parts = [f"{f.name}={_value(getattr(event, f.name))}" for f in fields(event)]
    return [_wrap(" ".join([event.TYPE, *parts]), "  ")]


def _player_line(state: ChapterState, player: Player, width: int) -> str:
    label = f"{player.name + ':':{width + 1}}"
    tiles = f"tiles {_value(player.tiles)}"
    if player.withdrawn and state.phase == Phase.MISSION:
        tiles += f", withdrew with {_value(player.played_tile)}"
    if player.chaplain:
        return f"    {label} {tiles}"
    charm = f"charm {player.charm}" + ("" if player.charm_up else " used")
    return (
        f"    {label} hand {_value(player.hand)} | knocks {_value(player.hard_knocks)}"
        f" | {charm} | tokens {player.speech_tokens} | {tiles}"
    )


def _stage(state: ChapterState) -> str:
    match state.phase:
        case Phase.PREPARATION:
            return f"preparing Mission {state.mission + 1}"
        case Phase.MISSION:
            return f"Mission {state.mission}"
        case Phase.SUPPORT:
            return f"Mission {state.mission}, Support for {state.support and state.support.player}"
    return f"over after Mission {state.mission}: {state.outcome}"


def state_lines(state: ChapterState) -> list[str]:
    """``=`` stage, leader, turn, deck counts, No Man's Land; then one line per player."""
    turn = state.active_player.name if state.active_player else "-"
    head = (
        f"  = {_stage(state)} | leader {state.players[state.leader].name}, turn {turn}"
        f" | trials {len(state.trials)}, morale {len(state.morale)}, discard "
        f"{len(state.discard)}, speech stock {state.speech_stock} | NML {_value(state.nml)}"
    )
    if state.outcome_detail:
        head += f" | {state.outcome_detail}"
    width = max(len(p.name) for p in state.players)
    return [head, *(_player_line(state, p, width) for p in state.players)]


def transcript(golden: Golden) -> str:
    """The whole chapter of a golden seed, as the text committed in its file."""
    rng = random.Random(golden.seed)
    setup = golden.setup(rng)
    playthrough = play_chapter(setup, rng)
    lines = [
        f"# The Grizzled, golden playthrough {golden.name}, seed {golden.seed}:",
        f"# {golden.about}.",
        "# Regenerate with `python -m tests.domain.make_golden` and review the diff.",
        "",
        command_line(setup),
    ]
    states = _states_after_each_step(playthrough.steps)
    commands: tuple[Command | None, ...] = (None, *playthrough.commands)
    for command, events, state in zip(commands, playthrough.steps, states, strict=True):
        if command is not None:
            lines += ["", command_line(command)]
        for event in events:
            lines += event_lines(event)
        lines += state_lines(state)
    return "\n".join(lines) + "\n"


def _states_after_each_step(steps: tuple[tuple[Event, ...], ...]) -> list[ChapterState]:
    """The state after each command's events (the first: after the setup)."""
    first = steps[0][0]
    assert isinstance(first, ChapterStarted)
    state = begin(first)
    states = [state]
    for events in steps[1:]:
        for event in events:
            state = evolve(state, event)
        states.append(state)
    return states


def main() -> None:
    """Write every golden transcript and say where."""
    GOLDEN_DIR.mkdir(exist_ok=True)
    for golden in GOLDENS:
        golden.path.write_text(transcript(golden), encoding="utf-8")
        print(f"wrote {golden.path}")


if __name__ == "__main__":
    main()
