"""The cards: the catalogue of Trial cards, Grizzled and Support tiles (``catalogue``,
with the base game's data in ``data/``), their short notation (``notation``), and the
cards of a group's own box as the players describe them (``box``)."""
