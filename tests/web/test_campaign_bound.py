"""A page belongs to one campaign (issue 42): ``grizzled serve`` serves the campaign chosen
when it started, whatever ``campaign use`` chooses at the terminal meanwhile, and a write
naming another campaign is refused in one line."""

from __future__ import annotations

import re

from starlette.testclient import TestClient

from tests.cli.conftest import SEATS, TABLE_CHAPTER, Grizzled
from tests.web import flood
from tests.web.test_serve import serving
from voice.keeper import OTHER_CAMPAIGN
from web.app import create_app

TOKEN = "keeper-token-for-tests"


def _two_campaigns(g: Grizzled) -> None:
    """Alpha and Bravo in one file, each at Mission 1 of its first chapter; Alpha chosen."""
    for name in ("Alpha", "Bravo"):
        g.ok("campaign", "new", name, "--rules", "classic", *SEATS)
        g.ok("-c", name, "chapter", "start", *TABLE_CHAPTER)
        g.ok("-c", name, "mission", "start", "3")
    g.ok("campaign", "use", "Alpha")


def _logged(g: Grizzled, name: str) -> int:
    return len(g.json("-c", name, "log", "--all"))


def test_a_tap_after_campaign_use_at_the_terminal_lands_in_the_served_campaign(
    grizzled: Grizzled,
) -> None:
    _two_campaigns(grizzled)
    alpha, bravo = _logged(grizzled, "Alpha"), _logged(grizzled, "Bravo")
    with serving("--db", str(grizzled.db)) as (base, printed):
        keeper = next(line.split(": ", 1)[1] for line in printed if line.startswith("Keeper"))
        keeper = keeper.strip()
        status, page = flood.get(keeper)
        fields = dict(re.findall(r'name="(csrf|event|campaign)" value="([^"]*)"', page))
        fields["move"] = re.findall(r'name="move" value="(\d+)"', page)[0]
        grizzled.ok("campaign", "use", "Bravo")  # at the terminal, while the page is open
        tapped = flood.post(keeper + "/act", fields)
        _, viewer = flood.get(base)
    assert printed[0] == "Campaign: Alpha\n"  # its first line: the one chosen when it started
    assert status == 200 and tapped == 303
    assert (_logged(grizzled, "Alpha"), _logged(grizzled, "Bravo")) == (alpha + 1, bravo)
    assert "Ann withdraws" in viewer  # Alpha's board, where the tap landed (the first button)


def test_a_write_naming_another_campaign_is_refused_in_one_line(grizzled: Grizzled) -> None:
    _two_campaigns(grizzled)
    client = TestClient(create_app(grizzled.db, [TOKEN], campaign="Alpha"))
    page = client.get(f"/k/{TOKEN}").text
    fields = dict(re.findall(r'name="(csrf|event|campaign)" value="([^"]*)"', page))
    fields["move"] = re.findall(r'name="move" value="(\d+)"', page)[0]
    from tracker.app import campaign_id

    before = _logged(grizzled, "Alpha"), _logged(grizzled, "Bravo")
    refused = client.post(f"/k/{TOKEN}/act", data={**fields, "campaign": campaign_id("Bravo").hex})
    assert refused.status_code == 409
    assert refused.text == OTHER_CAMPAIGN.format(campaign="Alpha")
    assert (_logged(grizzled, "Alpha"), _logged(grizzled, "Bravo")) == before
    assert fields["campaign"] == campaign_id("Alpha").hex  # the page names its own


def test_serve_with_two_campaigns_serves_each_at_its_own_path_and_logs_into_each(
    grizzled: Grizzled,
) -> None:
    _two_campaigns(grizzled)
    alpha, bravo = _logged(grizzled, "Alpha"), _logged(grizzled, "Bravo")
    where = ("--db", str(grizzled.db))
    with serving(*where, options=("-c", "Alpha", "-c", "bravo")) as (first, printed):
        base = first.split("c/alpha/")[0]
        keepers = [line.split(": ", 1)[1].strip() for line in printed if "Keeper" in line]
        viewers = [line.split(": ", 1)[1].strip() for line in printed if "Viewer" in line]
        _, page = flood.get(keepers[1])  # Bravo's keeper
        fields = dict(re.findall(r'name="(csrf|event|campaign)" value="([^"]*)"', page))
        fields["move"] = re.findall(r'name="move" value="(\d+)"', page)[0]
        tapped = flood.post(keepers[1] + "/act", fields)
        shown = [flood.get(viewer) for viewer in viewers]
    assert [line.split(": ")[1] for line in printed if "Campaign" in line] == [
        "Alpha\n",
        "Bravo\n",
    ]
    assert viewers == [base + "c/alpha/", base + "c/bravo/"]
    assert keepers[1].startswith(base + "c/bravo/k/") and 'action="/c/bravo/k/' in page
    assert tapped == 303 and all(status == 200 for status, _ in shown)
    assert (_logged(grizzled, "Alpha"), _logged(grizzled, "Bravo")) == (alpha, bravo + 1)
