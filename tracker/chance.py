"""Chance drawn inside the tool, kept with the action that drew it: the domain's
(domain/chance.py), named here as the tracker always did."""

from __future__ import annotations

from domain.chance import ChanceChanged, Draw, Recording, Replaying

__all__ = ["ChanceChanged", "Draw", "Recording", "Replaying"]
