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
