"""The modules' piles now lie on the table, in ``domain.chapter.piles``; this name stays
only for the command line (``cli/cmd_play.py``, ``cli/next_step.py`` import
``RECRUIT_TURN`` from here) until it imports it from there."""

from __future__ import annotations

from domain.chapter.piles import RECRUIT_TURN

__all__ = ["RECRUIT_TURN"]
