"""The Armistice Edition's optional modules, each its rules and its random play: Orders
of the Day (``orders``), Recruits (``recruits``), Solo (``solo``); ``piles`` holds the
part of the chapter state they keep."""
