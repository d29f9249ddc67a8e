"""A module is one room for every face (issue 40): the sentences of the Orders of the Day's,
the Recruits' and Solo's events are their rooms' (``domain/modules/<name>/face.py``), which
the voice asks through its registry (``voice.rooms``) and loads only when it first meets one
of the module's events: a command that never meets the module never imports its face."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from domain.records import EVENTS
from voice import rooms

ROOT = Path(__file__).resolve().parents[2]
FACES = ("orders", "recruits", "solo")


def _module_events() -> list[type]:
    """The stored events defined in a module's folder (``domain/modules/<name>/``)."""
    return [
        cls for cls in EVENTS if cls.__module__.count(".") == 3 and ".modules." in cls.__module__
    ]


@pytest.mark.parametrize("cls", _module_events(), ids=lambda cls: cls.TYPE)
def test_every_event_of_a_modules_folder_is_said_by_that_modules_room(cls: type) -> None:
    room = rooms.room_of(cls)

    assert room is not None and cls.TYPE in room.narrates
    assert type(room).__module__ == "voice"  # a Room, from the module's own face.py


def test_the_narration_names_no_event_of_orders_recruits_or_solo() -> None:
    tree = ast.parse((ROOT / "voice" / "narrate.py").read_text("utf-8"))
    named = {
        node.id if isinstance(node, ast.Name) else node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Name | ast.Attribute)
    }
    module_events = {cls.__name__ for cls in _module_events()}

    assert sorted(named & module_events) == []


LAZY = """
import sys
from domain.cards.catalogue import base_catalogue
from domain.events import MissionSucceeded
from domain.modules.recruits.events import RecruitPlayed
from voice.narrate import narrate

faces = [f"domain.modules.{name}.face" for name in FACES]
narrate([MissionSucceeded()], base_catalogue())
before = [face for face in faces if face in sys.modules]
said = narrate([RecruitPlayed(recruit=5, card="night+rain")], base_catalogue())
after = [face for face in faces if face in sys.modules]
print(before, after, said)
"""


def test_a_modules_face_loads_when_one_of_its_events_is_first_said() -> None:
    done = subprocess.run(
        [sys.executable, "-c", LAZY.replace("FACES", repr(FACES))],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )

    assert done.stdout.split("\n")[0] == (
        "[] ['domain.modules.recruits.face'] ['Recruit #5 plays night+rain.']"
    )


def test_why_takes_a_modules_facts_from_its_room_not_from_its_own_tables() -> None:
    from voice.why_facts import BY_COMMAND, BY_RULE, FACTS

    whys = rooms.whys()
    added = {key for why in whys for key in why.facts}
    rules = {rule for why in whys for rule in why.by_rule}
    commands = {word for why in whys for word in why.by_command}

    assert {"orders", "recruit"} <= added and not added & set(FACTS)
    assert {"orders of the day", "recruits"} <= rules and not rules & set(BY_RULE)
    assert {"order", "recruit"} <= commands and not commands & set(BY_COMMAND)


def test_the_keepers_menu_lists_a_modules_commands_as_its_room_offers_them() -> None:
    """The moves a legal command stands for (``app.moves._words``), completing the command
    with what the keeper named (``command_of``) and its log summary (``summary_of``) name
    no command of a module's folder: the room of the module offers them (``Room.offers``),
    completes them (``Room.completes``) and says their summary (``Room.summaries``)."""
    from domain.records import COMMANDS

    source = (ROOT / "app" / "moves.py").read_text("utf-8")
    text = "\n".join(
        ast.get_source_segment(source, node) or ""
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef) and node.name in ("_words", "command_of", "summary_of")
    )
    module_commands = [
        cls.__name__
        for cls in COMMANDS
        if cls.__module__.split(".")[:2] == ["domain", "modules"] and cls.__module__.count(".") == 3
    ]
    offered = {name for cls in COMMANDS if (room := rooms.room_of(cls)) for name in room.offers}

    summarised = {
        name for cls in COMMANDS if (room := rooms.room_of(cls)) for name in room.summaries
    }

    assert {"PlayRecruitCard", "WithdrawRecruit", "CancelOrder"} <= offered
    assert {"PlayRecruitCard", "WithdrawRecruit", "CancelOrder"} <= summarised
    assert "command_of" in source and "summary_of" in source
    assert [name for name in module_commands if name in text] == []


def test_why_explains_a_modules_decisions_as_its_room_does() -> None:
    """The decisions the rules take in a module (a Recruit entering, an Order discarded,
    Solo's Support tile...) are explained by its room (``Room.explains``, and ``hands``: a
    card leaving the Recruit's or Solo's hand): ``voice/why.py`` and
    ``voice/decisions_table.py`` name no module's event, and every module event ``why``
    looks at for a decision has its room's explainer."""
    from voice.decisions_table import EXPLAINERS
    from voice.why import decided

    own = {cls.TYPE for cls in _module_events()}
    explained = {
        cls.TYPE
        for cls in _module_events()
        if (room := rooms.room_of(cls)) is not None and cls.TYPE in room.explains
    }

    assert not own & set(EXPLAINERS)
    assert own & decided() == explained
    for name in ("why.py", "decisions_table.py"):  # nor among the events that may decide
        tree = ast.parse((ROOT / "voice" / name).read_text("utf-8"))
        strings = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)}
        assert not own & strings, name
