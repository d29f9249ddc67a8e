"""The companion's statistics page (issue 32): what ``grizzled stats`` counts, in the
voice's words, drawn as SVG (a bar per count, a Morale line per chapter)."""

from __future__ import annotations

import re

from starlette.testclient import TestClient

from tests.cli.conftest import Grizzled
from tests.web.conftest import TOKEN
from web.stats import bars, lines, pieces


def test_a_bar_is_as_long_as_its_count_against_the_biggest() -> None:
    drawn = bars([("Mute", 4), ("Clumsy", 1), ("Fragile", 0)])
    assert [(b.label, b.count, b.length) for b in drawn] == [
        ("Mute", 4, 100.0),
        ("Clumsy", 1, 25.0),
        ("Fragile", 0, 0.0),
    ]


def test_every_morale_line_is_drawn_on_one_scale_from_the_highest_value_shown() -> None:
    drawn = lines([("chapter 1", [20, 10, 5]), ("chapter 2", [10])])
    assert drawn[0].points == "0.0,0.0 50.0,20.0 100.0,30.0"
    assert drawn[1].points == "0.0,20.0"  # half the highest, one point
    assert drawn[0].values == [20, 10, 5]
    assert drawn[1].dots == [(0.0, 20.0)]  # a line of one point: drawn as its dot


def test_the_page_draws_what_stats_counts_in_its_words(table: Grizzled, client: TestClient) -> None:
    table.ok("withdraw", "left")  # Ann withdraws first from Mission 1
    doc = table.json("stats")
    page = client.get("/stats")

    assert page.status_code == 200
    said = pieces(doc)
    titles = [p.text for p in said if p.kind == "title"]
    assert titles and all(title in page.text for title in titles)
    drawn = [bar for p in said if p.kind == "bars" for bar in p.bars]
    assert len(re.findall(r'data-testid="bar"', page.text)) == len(drawn)
    assert 'aria-label="Ann: 1"' in page.text  # who withdrew first, as its bar reads
    chapters = len(doc["chapters"])
    assert len(re.findall(r'data-testid="morale-line"', page.text)) == chapters


def test_the_keepers_link_to_statistics_names_no_token_and_goes_back_in_history(
    table: Grizzled, client: TestClient
) -> None:
    # no token in a link a keeper might share: the statistics go back in the history
    keeper = client.get(f"/k/{TOKEN}").text
    assert 'href="/stats?from=keeper"' in keeper and f"stats?back=/k/{TOKEN}" not in keeper
    stats = client.get("/stats?from=keeper").text
    assert 'href="/" data-back="1"' in stats and TOKEN not in stats
    elsewhere = client.get(f"/stats?back=/k/{TOKEN}").text
    assert 'href="/" data-testid="back"' in elsewhere and TOKEN not in elsewhere
