"""What the box holds: the upper bound of every count a command may name.

One place, so that the rules' checks and the command line's ranges agree (see
``../shared/reference/cards.md`` for the box's contents).
"""

from __future__ import annotations

TRIAL_CARDS = 68  # the Armistice Edition's Trial cards, 45 Threats and 23 Hard Knocks (base: 59)
SPEECH_TOKENS = 5  # Speech tokens in the box (5 in play with 2 or 3 players)
MORALE_TOKENS = 5  # Morale tokens in the box (placed on a Recruit when it withdraws)
HELPING_HANDS = 23  # Helping Hand cards in the box
HARD_KNOCK_VALUE = 4  # 4 Hard Knocks lose the chapter: no card counts for more
PLAYERS = 5  # Grizzled at one table (classic 2 to 5, armistice 1 to 4)
LAST_CHAPTER = 9  # Boot Camp is chapter 0, then chapters 1 to 9
# "The Traps ... Read only before playing Chapter 4": from then on a standing rule of the
# campaign, not a Briefing option (notes, decision 5).
TRAPS_FROM = 4
# Cards carry printed numbers (Aggressive is #147); which card has which number is not
# public, so any number of up to three digits is a card number.
CARD_NUMBERS = 999
