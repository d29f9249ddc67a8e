"""Issue 13: the Chaplain (the third seat of a classic 2-player game) plays a Support tile
drawn at random as each Mission starts, and is said to withdraw without one once his
tiles are all given away."""

from __future__ import annotations

from tests.cli.conftest import Grizzled


def everyone_withdraws(grizzled: Grizzled, tiles: dict[str, str]) -> None:
    """Ann and Ben withdraw in turn order, each with their tile."""
    for _ in range(2):
        turn = grizzled.json("status")["turn"]
        grizzled.ok(f"withdraw {tiles[turn]} -p {turn}")


def test_a_chaplain_with_no_tile_left_is_said_to_withdraw_without_one(grizzled):
    grizzled.ok("campaign new Pair -p ann:night -p ben:snow")
    grizzled.ok("chapter start --leader ann --tiles left,right,left")  # his: left, right, left
    # Ann gives to Ben (left), Ben to Ann (right): nobody gives the Chaplain a tile
    told = []
    for intensity, tile in (("3", "right"), ("1", "left"), ("1", "left")):
        told.append(grizzled.ok(f"mission start {intensity} --chaplain-tile {tile}"))
        everyone_withdraws(grizzled, {"Ann": "left", "Ben": "right"})
    assert grizzled.json("status")["players"][2]["support_tiles"] == 0
    refused = grizzled.refused("mission start 1 --chaplain-tile left")

    last = grizzled.ok("mission start 1").splitlines()

    assert all("The Chaplain withdraws, his Support tile face down." in t for t in told)
    assert "the Chaplain holds no 'left' tile" in refused
    assert "The Chaplain withdraws with no Support tile left to play." in last
    assert not any("face down" in line for line in last)


def test_the_next_line_names_the_chaplains_tile_while_he_holds_one(grizzled):
    grizzled.ok("campaign new Pair -p ann:night -p ben:snow")
    started = grizzled.ok("chapter start --leader ann --tiles left,right,left")
    lines = [started.splitlines()[-1], "Next: " + grizzled.json("status")["next"]]
    for intensity, tile in (("3", "right"), ("1", "left"), ("1", "left")):
        assert all("--chaplain-tile RANDOM-TILE" in line for line in lines), lines
        assert "say which Support tile the Chaplain drew" in grizzled.refused(
            f"mission start {intensity}"
        )
        grizzled.ok(f"mission start {intensity} --chaplain-tile {tile}")
        everyone_withdraws(grizzled, {"Ann": "left", "Ben": "right"})
        lines = [grizzled.json("status")["next"]]  # from the read models, between Missions

    assert lines == ["Ben leads Mission 4: grizzled mission start INTENSITY (at least 1)"]
    grizzled.ok("mission start 1")
