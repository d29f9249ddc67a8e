"""Docs stay true: every stored and domain event, and every field, is in the catalogue."""

from dataclasses import fields
from pathlib import Path

import msgspec

from domain.records import EVENT_TYPES
from tracker.aggregate import Campaign

BASE_FIELDS = {"originator_id", "originator_version", "timestamp", "originator_topic"}
DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_the_event_catalogue_documents_every_domain_event_and_field():
    text = (DOCS / "events.md").read_text()
    for name, cls in EVENT_TYPES.items():
        row = next((line for line in text.splitlines() if line.startswith(f"| `{name}` ")), None)
        assert row is not None, f"{name} is missing from docs/events.md"
        for field in msgspec.structs.fields(cls):
            assert f"`{field.name}`" in row, f"{name}.{field.name} is missing from its row"


def test_the_event_catalogue_documents_every_stored_event_and_field():
    text = (DOCS / "events.md").read_text()
    from tracker.mapper import EVENT_TOPICS

    # every topic the tracker stores, as the aggregate names its class (some are defined
    # only when first asked for: tracker/takeback/)
    stored = [getattr(Campaign, topic.rpartition(".")[2]) for topic in sorted(EVENT_TOPICS)]
    assert all(issubclass(kind, Campaign.Event) for kind in stored)
    assert Campaign.ActionReverted in stored and len(stored) >= 5
    for cls in stored:
        row = next((line for line in text.splitlines() if f"`{cls.TOPIC}`" in line), None)
        assert row is not None, f"{cls.TOPIC} is missing from docs/events.md"
        own = {f.name for f in fields(cls)} - BASE_FIELDS
        assert own, f"{cls.TOPIC} has no fields of its own?"
        for name in own:
            assert f"`{name}`" in row, f"{cls.TOPIC}.{name} is missing from its row"


def test_the_event_catalogue_names_every_fact_a_correction_sets():
    from domain.chapter.facts import correctable

    text = (DOCS / "events.md").read_text()
    row = next(line for line in text.splitlines() if line.startswith("| `FactCorrected` "))
    for fact in correctable():
        assert f"`{fact}`" in row, f"the correction of {fact} is missing from docs/events.md"


def test_every_test_the_rules_map_names_exists():
    import re

    text = (DOCS / "rules.md").read_text()
    tests = DOCS.parent / "tests" / "domain"
    named = re.findall(r"`(test_[a-z_]+\.py)::(test_[a-z0-9_]+)`", text)
    assert len(named) > 80
    for filename, test in named:
        source = (tests / filename).read_text()
        assert f"def {test}(" in source, f"docs/rules.md names {filename}::{test}, which is gone"
