"""Solo mode: one hand played alone (its setup, state, rules and random play)."""
