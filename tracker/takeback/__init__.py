"""The campaign's events that take actions back: an undo's (``undone``), a redo's
(``redone``), a revert's (``reverted``).

They are the aggregate's events (``Campaign.ActionsUndone`` and so on, their topics
``grizzled:Campaign.*`` as ever), each defined in a module of its own so that a command
defines only those it meets (``tracker.aggregate.Later``): a logged action none, an undo
its own. Each module is imported the first time its class is asked for, and registers
the class's topic with the library.
"""
