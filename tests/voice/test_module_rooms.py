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


# --- the board, the Next line, the status document and ``why`` ask the rooms -----------
ASKING = ("board.py", "next_step.py", "facts.py", "decisions.py")
MODULE_WORDS = {"order", "orders", "recruit", "recruits", "solo"}
MSGID = {"_", "N_", "ngettext", "pgettext"}


def _words(text: str) -> set[str]:
    """The words of an identifier or a string: ``orders_in_play``, ``OrderChosen``."""
    import re

    spaced = re.sub(r"([a-z])([A-Z])", r"\1 \2", text)
    return {word.lower() for word in re.split(r"[^A-Za-z]+", spaced) if word}


def named_modules(source: str) -> list[str]:
    """What a voice file names of the game's modules: an import of ``domain.modules``, an
    identifier or a string (not a message for gettext, not a docstring) holding one of
    their names."""
    tree = ast.parse(source)
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in MSGID:
            skipped |= {id(arg) for arg in node.args}
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            skipped.add(id(body[0].value))  # a docstring
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom | ast.Import):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            names += [alias.name for alias in node.names]
            found += [name for name in names if name.startswith("domain.modules")]
            found += [name for name in names if _words(name) & MODULE_WORDS]
            continue
        if isinstance(node, ast.Name):
            text = node.id
        elif isinstance(node, ast.Attribute):
            text = node.attr
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            text = node.name
        elif isinstance(node, ast.arg):
            text = node.arg
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = "" if id(node) in skipped else node.value
        else:
            continue
        if _words(text) & MODULE_WORDS:
            found.append(text)
    return found


@pytest.mark.parametrize("name", ASKING)
def test_the_board_the_next_line_the_document_and_why_name_no_module(name: str) -> None:
    """Issue 40: Orders', the Recruits' and Solo's rows, Next-line words, document keys
    and decisions are their rooms' (``Room.board_lines``, ``next_lines``, ``piles``,
    ``decides``): these files ask the rooms and name no module, no event of one, none of
    its state or its document keys."""
    assert named_modules((ROOT / "voice" / name).read_text("utf-8")) == []


def test_the_check_finds_a_module_named_as_the_board_named_them_before() -> None:
    old = '''
from domain.modules.solo.state import solo_table
REVEALED = {"SupportRevealed", "SoloSupportDrawn"}
def orders_lines(doc):
    """Orders, a docstring may say."""
    return doc.get("orders_in_play") or [_("{count} from Orders")]
'''
    assert set(named_modules(old)) == {
        "domain.modules.solo.state",
        "solo_table",
        "SoloSupportDrawn",
        "orders_lines",
        "orders_in_play",
    }


def test_every_row_a_game_module_shows_is_worded_by_an_installed_room_or_its_own_face() -> None:
    """``voice.rooms.SHOWN`` says which module's face words the rows the status document
    gives keys of their own: the folder of the module that shows them (``Module.shows``),
    whose room gives those keys (``Room.piles``) and its lines on the board."""
    from domain.modules import MODULES

    shown_by = {
        row: words.__module__.rpartition(".")[0] if words.__module__.count(".") == 3 else ""
        for module in MODULES
        for row, words in (module.shows or {}).items()
    }
    installed_rows = {row for room in rooms.installed() for row in room.rows}
    indexed = {row: f"{rooms.MODULES}.{folder}" for folder, rows, *_ in rooms.SHOWN for row in rows}

    assert {r: p for r, p in shown_by.items() if r not in installed_rows} == indexed
    for folder, rows, _after, keys in rooms.SHOWN:
        room = rooms.room_of(type("Kept", (), {"__module__": f"{rooms.MODULES}.{folder}.state"}))
        assert room is not None and room.piles is not None and room.board_lines is not None
        assert room.piles({row: {} for row in rows}, 1) == keys  # nothing shown: the empty values


FACES_LOADED = """
import sys
from voice import rooms

faces = [f"domain.modules.{name}.face" for name in FACES]
empty = {"orders": [], "orders_in_play": [], "recruit": None, "solo_hand": None}
rooms.on_board(empty)
rooms.piles({"luck": {"in_force": [], "spent": []}}, 1, "legal")
before = [face for face in faces if face in sys.modules]
found = rooms.on_board({**empty, "orders_in_play": [{"number": 12}]})
after = [face for face in faces if face in sys.modules]
print(before, after, [room.name for room in found])
"""


def test_a_board_loads_the_face_of_a_module_only_when_it_holds_its_cards() -> None:
    done = subprocess.run(
        [sys.executable, "-c", FACES_LOADED.replace("FACES", repr(FACES))],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )

    assert done.stdout.split("\n")[0] == (
        "[] ['domain.modules.orders.face'] ['Orders of the Day', 'Traps with Luck']"
    )
