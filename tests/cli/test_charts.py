"""The statistics' Morale line: an empty Morale Reserve is drawn as nothing else is."""

from __future__ import annotations

from cli.charts import SPARKS, ZERO, spark


def test_a_zero_is_drawn_as_zero_and_a_small_reserve_as_the_lowest_block() -> None:
    line = spark([26, 13, 1, 0], 26)
    assert line == SPARKS[-1] + SPARKS[4] + SPARKS[0] + ZERO
    assert ZERO not in SPARKS


def test_a_line_of_zeros_is_a_line_of_zeros() -> None:
    assert spark([0, 0], 0) == ZERO * 2
