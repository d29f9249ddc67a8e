"""The Armistice campaign: its state and flow (Boot Camp, Briefings, chapters one after
another: ``flow``), Briefings and Conclusions (``briefing``), rewards (Helping Hands,
bans, the score: ``rewards``) and the One-shot variant (``oneshot``)."""
