"""Solo on the keeper's set-up page (web/modules.py): its chapter variant among the start's
choices. Of the web's layer, though in the module's folder: nothing of domain, app or
voice imports it; the page finds it by the folders' layout."""

from __future__ import annotations

from voice.lang import N_

CHOICES = (("variant", "solo", N_("solo (Armistice)")),)
