"""How far apart the groups are (#42 item 5: escape-share spreads): the spread of each
per-round share among the groups, and the test that the groups share it equally."""

from __future__ import annotations

import re

from ludoteca.sim.html_report import group_rates, spread_parts


def cells(statistics: dict[str, float]) -> list[list[str]]:
    rates = group_rates(statistics)
    groups = sorted(rates)
    fields = sorted({f for g in groups for f in rates[g]})
    table = spread_parts(statistics, rates, groups, fields)[0]
    rows = re.findall(r"<tr>(.*?)</tr>", table)[1:]
    return [re.findall(r"<td>(.*?)</td>", row) for row in rows]


def test_the_spread_is_the_highest_share_less_the_lowest_with_its_test() -> None:
    statistics = {"blue.rounds": 100.0, "blue.door": 50.0, "red.rounds": 200.0, "red.door": 20.0}
    [door] = cells(statistics)
    assert door[:4] == ["door", "40.0", "red 10.0%", "blue 50.0%"]
    assert door[4] == "&lt; 0.0001"


def test_groups_that_share_a_fate_equally_are_not_called_apart() -> None:
    statistics = {"blue.rounds": 100.0, "blue.door": 30.0, "red.rounds": 200.0, "red.door": 60.0}
    [door] = cells(statistics)
    assert door[1] == "0.0" and float(door[4]) > 0.99


def test_one_group_has_no_spread() -> None:
    rates = group_rates({"blue.rounds": 10.0, "blue.door": 3.0})
    assert spread_parts({}, rates, ["blue"], ["door"]) == []


def test_the_equal_shares_test_holds_its_false_alarm_rate() -> None:
    """Simulated over fixed seeds: four groups of 500 independent rounds, each ending in
    a door 30% of the time; the test calls them unequal in about 5% of 400 studies."""
    import random

    rng = random.Random(7)
    called = 0
    for _ in range(400):
        statistics: dict[str, float] = {}
        for group in ("blue", "red", "green", "yellow"):
            statistics[f"{group}.rounds"] = 500.0
            statistics[f"{group}.door"] = float(sum(rng.random() < 0.3 for _ in range(500)))
        [door] = cells(statistics)
        called += door[4] == "&lt; 0.0001" or float(door[4]) < 0.05
    assert 8 <= called <= 32, called  # 5% of 400 is 20
