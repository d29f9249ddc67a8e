"""The table's language (issue 45): the group says which language the campaign speaks
(``campaign new --lang fr``, changed with ``campaign lang``). Only the words change: the
events a table records are the same whatever the language they were typed and read in."""

from __future__ import annotations

from typing import ClassVar

import msgspec

from domain.events import Event

LANGUAGES = ("en", "fr")


class ChooseLanguage(msgspec.Struct, frozen=True):
    """The campaign speaks ``language`` from now on (``en`` or ``fr``)."""

    language: str


class LanguageChosen(Event, frozen=True):
    """The campaign speaks ``language`` from now on."""

    TYPE: ClassVar[str] = "LanguageChosen"
    language: str
