"""The table session's prompt on a terminal (prompt_toolkit): Tab completes what can be
typed now (``cli.table_complete``), the history is kept across sessions in the data
directory, the board in one line stays under the prompt, and while it waits the prompt
looks for what another device logged and shows it above itself. Imported only when a
session runs on a terminal: prompt_toolkit stays out of every other command's start-up."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Protocol

from cli.table_complete import candidates

if TYPE_CHECKING:
    from prompt_toolkit.completion import CompleteEvent, Completion
    from prompt_toolkit.document import Document
    from prompt_toolkit.input import Input
    from prompt_toolkit.output import Output

    from domain.campaign.flow import CampaignState


class Session(Protocol):
    """What the prompt needs of a table session (``cli.table.Session``)."""

    state: CampaignState | None
    commands: frozenset[str]

    def prompt(self) -> str: ...
    def toolbar(self) -> str: ...
    def watch(self) -> bool: ...
    def pick_up_waiting(self) -> None: ...


HISTORY_FILE = "table-history"
WATCH_SECONDS = 2.0  # how often a waiting prompt looks for what another device logged


def prompt_reader(
    session: Session, *, input: Input | None = None, output: Output | None = None
) -> Callable[[str], str]:
    """prompt_toolkit's prompt: Tab completes what can be typed now; the history is kept
    across sessions in the data directory; the board in one line stays under the prompt;
    while it waits, what another device logs is shown above it within ``WATCH_SECONDS``
    (``input``/``output``: a pipe in the tests)."""
    import asyncio

    from prompt_toolkit import PromptSession
    from prompt_toolkit.application import get_app, run_in_terminal
    from prompt_toolkit.completion import Completer, Completion
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    from app.session import data_file

    class Words(Completer):
        def get_completions(
            self, document: Document, complete_event: CompleteEvent
        ) -> Iterable[Completion]:
            text = document.text_before_cursor
            words = text.split() + ([""] if not text or text[-1].isspace() else [])
            word = words[-1]
            for found, meta in candidates(words, session.state, session.commands):
                yield Completion(found, start_position=-len(word), display_meta=meta)

    history: FileHistory | InMemoryHistory
    try:
        history_file = data_file(HISTORY_FILE)
        os.makedirs(os.path.dirname(history_file), exist_ok=True)
        history = FileHistory(history_file)
    except OSError:  # a data directory we cannot write: history for this session only
        history = InMemoryHistory()
    asked: PromptSession[str] = PromptSession(
        history=history,
        completer=Words(),
        complete_while_typing=False,
        input=input,
        output=output,
    )

    async def watch() -> None:
        while True:
            await asyncio.sleep(WATCH_SECONDS)
            if session.watch():
                await run_in_terminal(session.pick_up_waiting)

    def watching() -> None:  # a task of the prompt's: it ends with the prompt
        get_app().create_background_task(watch())

    def read(prompt: str) -> str:
        return asked.prompt(  # callables: drawn again after a pick-up
            session.prompt, bottom_toolbar=session.toolbar, pre_run=watching
        )

    return read
