"""The application: one handler per use case, called by every face (issue 40).

A face (the command line in ``cli/``, the phone companion in ``web/``) turns what a
person typed or tapped into a typed request and shows the typed result; it decides and
composes nothing of the game itself. The handlers load, decide (``domain/``, through the
tracker), save once and bring the read models up to date in the same unit of work
(``app.session``), and return what was recorded with the voice's lines:

- ``app.actions``: the writes (log an action, undo, redo, revert, a correction);
- ``app.readings``: what a page or a command reads (the board, the log, the score, the
  moves the rules allow, the odds, the statistics);
- ``app.readmodel``: the board and states read from the read models (no rules loaded);
- ``app.why``: why the rules refused or decided, from the read models;
- ``app.chapter_end``: a chapter's checkpoint and the automatic backup at its end;
- ``app.pages``: the log, the score's and a campaign's pages, the box, read from the read
  models;
- ``app.database``: the database itself (its campaigns, the read models rebuilt, a club's
  server upgraded); ``app.remembered``: what this machine remembers of a file;
  ``app.table``: a table session's work between its lines.

Arrows point one way: faces -> app -> tracker, projections, voice -> domain. The
application never imports a face (tests/test_import_graph.py).
"""


def module_files(kind: str) -> list[str]:
    """The game modules' files of one face's layer (``cli``, ``web``: each ``cli.py`` or
    ``web.py`` of a package of ``domain/modules``), their dotted names in the order of
    their folders: a face imports them, found by the folders' layout, never by a module's
    name (cli/modules.py, web/modules.py). In the package itself, so a face asks it
    without importing a handler (``app.setup`` loads msgspec and the writes)."""
    import os

    import domain.modules as package

    folder = os.path.dirname(package.__file__ or "")
    found = sorted(
        name
        for name in os.listdir(folder)
        if os.path.isfile(os.path.join(folder, name, f"{kind}.py"))
    )
    return [f"{package.__name__}.{name}.{kind}" for name in found]
