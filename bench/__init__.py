"""The benchmark suite of issue 7: ``make bench`` / ``python -m bench`` (docs/performance.md)."""
