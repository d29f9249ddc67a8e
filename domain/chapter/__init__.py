"""A chapter, as the rulebook's "Playing a Game" tells it: its state and commands, the
setup, the four actions, Hard Knocks, the end of a Mission (Support, Morale Drop,
victory and defeat), corrections, and ``evolve``, which applies the events. It imports
nothing from ``domain.modules`` or ``domain.campaign``."""
