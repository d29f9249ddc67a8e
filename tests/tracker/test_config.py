"""Who is logging: the name an event's ``by`` records when GRIZZLED_USER is unset."""

from __future__ import annotations

import getpass

import pytest

from tracker.config import current_user

NAMES = ("LOGNAME", "USER", "LNAME", "USERNAME")


@pytest.mark.parametrize(
    "environment",
    [
        {"LOGNAME": "marie", "USER": "paul"},
        {"USER": "paul", "USERNAME": "lucie"},
        {"USERNAME": "lucie"},
        {"LNAME": "anne", "USERNAME": "lucie"},
        {"LOGNAME": "", "USER": "paul"},
        {},  # none set: the account's name, as getpass reads it
    ],
)
def test_the_logger_is_named_as_getpass_would_name_them(
    monkeypatch: pytest.MonkeyPatch, environment: dict[str, str]
) -> None:
    monkeypatch.delenv("GRIZZLED_USER", raising=False)
    for name in NAMES:
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    assert current_user() == getpass.getuser()


def test_grizzled_user_names_the_logger_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRIZZLED_USER", "the keeper")
    monkeypatch.setenv("LOGNAME", "marie")
    assert current_user() == "the keeper"
