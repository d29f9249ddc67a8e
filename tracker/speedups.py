"""Two speed tricks that patch the standard library, installed by the ``grizzled``
command's entry point alone (``cli/script.py``), on the Python versions they are tested
on, unless ``GRIZZLED_SPEEDUPS=0``.

No import of a project module changes the standard library (``tests/test_imports.py``):
a test, a server or another tool that imports the tracker runs on Python as it is. The
command lives a fraction of a second and imports the eventsourcing library on every
write, where the two tricks save ~14% of a logged action's instructions on Python 3.11
(docs/performance.md):

- ``dataclasses`` compiles the methods of the library's and the tracker's event classes
  through ``tracker.dataclass_code`` (compiled once, kept beside the bytecode), ~10%;
- ``inspect.signature(object.__init__)``, which ``eventsourcing.domain`` asks once as it
  is imported, is answered with ``OBJECT_INIT``, the signature ``inspect`` computes: on
  3.11 ``inspect`` reads a builtin's signature from its text with ``tokenize``, whose
  regular expressions cost ~16 M instructions to compile, ~4%.

They are installed when the library is first imported (``BeforeTheLibrary``), so a
command that never imports it (``status``) pays nothing for them. Both leave every
output as it was: ``tests/cli/test_python_versions.py`` logs a chapter
through the installed command with and without them, on each version the suite runs on.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import Any

TESTED = ((3, 11), (3, 12), (3, 13))  # the versions .ci/run runs the suite on
SWITCH = "GRIZZLED_SPEEDUPS"  # "0" leaves the standard library alone


def wanted() -> bool:
    """Whether this interpreter is one the tricks are tested on and they are not off."""
    return sys.version_info[:2] in TESTED and os.environ.get(SWITCH, "1") != "0"


class BeforeTheLibrary:
    """An import finder that finds nothing: asked for ``eventsourcing`` the first time,
    it installs the tricks and leaves ``sys.meta_path``."""

    @classmethod
    def find_spec(cls, name: str, path: Sequence[str] | None = None, target: Any = None) -> None:
        if name == "eventsourcing":
            sys.meta_path.remove(cls)
            patch()


def patch() -> None:
    """Both tricks, now."""
    import inspect  # here, not at import: a command that never loads the library pays nothing

    from tracker import dataclass_code
    from tracker.signatures import knowing_object_init

    dataclass_code.install()
    inspect.signature = knowing_object_init(inspect.signature)


def install() -> bool:
    """Install both tricks for this process, as the library is first imported, if
    ``wanted``; whether they will be."""
    if not wanted():
        return False
    sys.meta_path.insert(0, BeforeTheLibrary)
    return True
