"""The keeper's set-up page (issue 41): the labels its forms read and the one-line
refusals of what was typed, composed here so the web face writes none (a module's own
fields and their labels are in its folder's ``web.py``: web/modules.py)."""

from __future__ import annotations

from voice.lang import N_

# What a form's field is called in a refusal ("Trials deck: a number from 1 to 99")
SENT_ALREADY = N_("This form was sent already.")
THE_CHAPLAIN = N_("the Chaplain")
NOT_A_STEP = N_("that set-up step is not one this page offers")
NUMBER_FROM = N_("{label}: a number from {low} to {high}")
HOW_MANY = N_("{label}: say how many")
CARD_NUMBERS = N_("{label}: card numbers separated by commas, each from 1 to 200")
NOT_A_THREAT = N_("{text}: no such threat")
NO_PLAYERS = N_("name the players, in seat order")
TRIALS_DECK = N_("Trials deck")
MORALE_RESERVE = N_("Morale Reserve")
CHAPTER = N_("Chapter")
FIRST_INTENSITY = N_("First Mission's intensity")
SPEECH_TOKENS = N_("Speech tokens")
CARD_NUMBER = N_("Card number")
HARD_KNOCKS_IT_COUNTS_FOR = N_("Hard Knocks it counts for")
MINIMUM_SYNTAX = N_("{text}: write PLAYERS:MINIMUM, e.g. 3:2")
MORALE_TOKENS = N_("Morale tokens")
HELPING_HANDS_EARNED = N_("Helping Hands earned")
MORALE_LEFT = N_("Morale left at least")
HELPING_HANDS_OFFERED = N_("Helping Hands offered")

# The template's phrases the voice also writes elsewhere (one voice)
BRIEFING_OF = N_("Briefing of chapter {n}")
BRIEFING_BOOT_CAMP = N_("Briefing of Boot Camp")
START_BOOT_CAMP = N_("Start Boot Camp")
CONCLUSION_OF = N_("Conclusion of chapter {n}")
CHARM = N_("Good Luck Charm")
EARNED = N_("Helping Hands earned: {n}")
REWARD_HELP = N_(
    "As printed: with this result and at least this many cards left in the Morale Reserve, "
    "this many Helping Hands are earned."
)
