"""The counts of the game as argument types: within what the box holds (domain/limits.py).

Apart from cli/params.py because importing the domain loads the whole rulebook (its
modules are installed when ``domain`` is first imported): only the commands that play
the game import this, and they load the rules anyway; ``status`` and the other read
commands start without them.
"""

from __future__ import annotations

from cli.params import Count
from domain.limits import (
    CARD_NUMBERS,
    HARD_KNOCK_VALUE,
    LAST_CHAPTER,
    MORALE_TOKENS,
    SPEECH_TOKENS,
    TRIAL_CARDS,
)

CARDS = Count(1, TRIAL_CARDS)  # a deck, an intensity, a hand: the box's Trial cards
DRAWS = Count(0, TRIAL_CARDS)
CARD_NUMBER = Count(1, CARD_NUMBERS)
SPEECH = Count(0, SPEECH_TOKENS)
MORALE = Count(0, MORALE_TOKENS)
KNOCK_VALUE = Count(1, HARD_KNOCK_VALUE)
CHAPTER = Count(0, LAST_CHAPTER)
