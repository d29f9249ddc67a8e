"""The registry of stored records (domain/records.py): every event and command the domain
defines is listed once, under the name it is stored by, and comes back from storage equal
(that no modules import each other in a cycle is tests/test_import_graph.py's)."""

from __future__ import annotations

import importlib
import json
import pkgutil
import subprocess
import sys
from pathlib import Path
from typing import Any, get_args, get_type_hints

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import domain
from domain.codec import decode_command, encode_command
from domain.events import Event, to_record
from domain.records import COMMAND_TYPES, COMMANDS, EVENT_TYPES, EVENTS, from_record

ROOT = Path(__file__).resolve().parents[2]
DOMAIN = ROOT / "domain"
ROUND_TRIPS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def every_event_class_the_domain_defines() -> set[type[Event]]:
    for module in pkgutil.walk_packages(domain.__path__, "domain."):
        importlib.import_module(module.name)
    found: set[type[Event]] = set()
    todo: list[type[Event]] = [Event]
    while todo:
        for cls in todo.pop().__subclasses__():
            todo.append(cls)
            if cls.__module__.startswith("domain."):  # not a test's own subclass
                found.add(cls)
    return found


def test_the_registry_lists_every_event_class_the_domain_defines() -> None:
    assert set(EVENTS) == every_event_class_the_domain_defines()


def test_each_stored_name_belongs_to_one_record_listed_once() -> None:
    assert len(set(EVENTS)) == len(EVENTS) == len(EVENT_TYPES)
    assert all(EVENT_TYPES[cls.TYPE] is cls for cls in EVENTS)
    assert len(set(COMMANDS)) == len(COMMANDS) == len(COMMAND_TYPES)
    assert all(COMMAND_TYPES[cls.__name__] is cls for cls in COMMANDS)


def test_no_record_class_is_subclassed() -> None:
    # evolve and the engine's front door choose by an event's or a command's exact class
    # (docs/architecture.md): a subclass would be told apart from its base
    assert [cls.__name__ for cls in (*EVENTS, *COMMANDS) if cls.__subclasses__()] == []


def test_a_chapters_states_events_and_commands_are_left_out_of_the_cycle_collector() -> None:
    # gc=False (domain/events.py says why): the random-play simulator's hot records
    import gc
    import random

    from domain.simulate import play_chapter, random_setup

    rng = random.Random(3)
    played = play_chapter(random_setup(rng, "classic", 4), rng)
    records = [played.state, *played.state.players, *played.events, *played.commands]
    assert [type(r).__name__ for r in records if gc.is_tracked(r)] == []
    assert all(not cls.__struct_config__.gc for cls in EVENTS)


def test_the_campaign_takes_exactly_the_registered_commands() -> None:
    from domain.campaign.flow import decide_campaign

    taken = get_type_hints(decide_campaign)["command"]
    assert set(get_args(taken)) == set(COMMANDS)
    assert {"BanCard", "StartOneShot", "DescribeTrialCard", "StartChapter"} <= set(COMMAND_TYPES)


def stored(record: dict[str, Any]) -> dict[str, Any]:
    """The record as storage gives it back: JSON text, lists where tuples went in."""
    return json.loads(json.dumps(record))


@pytest.mark.parametrize("kind", EVENTS, ids=lambda kind: kind.TYPE)
@ROUND_TRIPS
@given(data=st.data())
def test_every_registered_event_comes_back_from_its_stored_record(
    kind: type[Event], data: st.DataObject
) -> None:
    event = data.draw(st.from_type(kind))
    assert from_record(stored(to_record(event))) == event


@pytest.mark.parametrize("kind", COMMANDS, ids=lambda kind: kind.__name__)
@ROUND_TRIPS
@given(data=st.data())
def test_every_registered_command_comes_back_from_the_codec(
    kind: type, data: st.DataObject
) -> None:
    command = data.draw(_commands(kind))
    assert decode_command(stored(encode_command(command))) == command


def _commands(kind: type) -> st.SearchStrategy[Any]:
    """Commands of a kind; one that carries the modules' options gets a value (or None) for
    each option the installed modules give it (``Module.options``), of its declared type."""
    from domain.chapter.commands import options
    from domain.chapter.moments import INSTALLED

    named = {n: o.kind for n, o in INSTALLED.options.items() if o.command is kind}
    if not named:
        return st.from_type(kind)
    given = st.fixed_dictionaries({n: st.from_type(t) for n, t in named.items()})
    return st.builds(
        lambda command, told: msgspec.structs.replace(command, options=options(**told)),
        st.builds(kind, options=st.just(())),
        given,
    )


FRESH = """
import sys
import domain.events
light = sorted(m for m in sys.modules if m.startswith("domain"))
from domain.records import from_record
event = from_record(
    {"type": "HelpingHandDescribed", "v": 1,
     "data": {"number": 7, "name": "Letter", "category": "event", "effect": "", "reason": ""}}
)
print(light, type(event).__module__)
"""


def test_the_events_module_loads_no_rules_and_the_registry_resolves_any_stored_type() -> None:
    child = subprocess.run(
        [sys.executable, "-c", FRESH], cwd=ROOT, capture_output=True, text=True, check=True
    )
    # the package and its stored records alone: no rules, not even the moments' registry
    assert child.stdout.split() == [
        "['domain',",
        "'domain.events']",
        "domain.cards.box",
    ]


def test_a_mission_start_keeps_its_modules_options_stored_flat_under_their_old_names() -> None:
    from domain.chapter.commands import StartMission, merged
    from domain.modules.orders import kept_orders
    from domain.modules.recruits import entering_recruit

    told = merged(kept_orders(13, 12), entering_recruit(5, ("rain+gas", "snow+shell")))
    record = encode_command(StartMission(3, options=told))
    data = {"intensity": 3, "chaplain_tile": None, "order": 13, "order_back": 12, "recruit": 5}
    assert record == {
        "type": "StartMission",
        "data": {**data, "recruit_hand": ["rain+gas", "snow+shell"]},
    }
    assert json.dumps(encode_command(StartMission(1))) == (
        '{"type": "StartMission", "data": {"intensity": 1, "chaplain_tile": null, "order": null, '
        '"order_back": null, "recruit": null, "recruit_hand": null}}'
    )
    assert decode_command(stored(record)) == StartMission(3, options=told)


def test_a_chapter_setup_stores_the_briefings_decks_where_it_always_did() -> None:
    from domain.chapter.commands import Seat, StartChapter, merged
    from domain.modules.orders import order_deck_options
    from domain.modules.recruits import recruit_deck_options

    decks = merged(order_deck_options((21, 22)), recruit_deck_options((5,)))
    setup = StartChapter("armistice", (Seat("Ann", "rain"),), options=decks)
    data = stored(encode_command(setup))["data"]
    assert list(data)[-4:] == ["deck", "orders", "recruits", "grizzled"]
    assert (data["orders"], data["recruits"]) == ([21, 22], [5])
    assert decode_command({"type": "StartChapter", "data": data}) == setup
    assert decode_command({"type": "StartChapter", "data": {**data, "orders": None}}) == (
        StartChapter("armistice", (Seat("Ann", "rain"),), options=recruit_deck_options((5,)))
    )
