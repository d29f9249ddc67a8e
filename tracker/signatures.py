"""The answer ``inspect.signature`` gives for ``object.__init__``, known ahead: the event
store library asks for it as it is imported, and computing it costs ~4% of a logged
action on Python 3.11. Installed by ``tracker.speedups`` alone (the command line's entry
point), never by an import."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

OBJECT_INIT = inspect.Signature(
    [
        inspect.Parameter("self", inspect.Parameter.POSITIONAL_ONLY),
        inspect.Parameter("args", inspect.Parameter.VAR_POSITIONAL),
        inspect.Parameter("kwargs", inspect.Parameter.VAR_KEYWORD),
    ]
)


def knowing_object_init(
    signature: Callable[..., inspect.Signature],
) -> Callable[..., inspect.Signature]:
    """``signature``, answering ``object.__init__`` with ``OBJECT_INIT``."""

    def known(obj: Any, *args: Any, **kwargs: Any) -> inspect.Signature:
        return OBJECT_INIT if obj is object.__init__ else signature(obj, *args, **kwargs)

    return known
