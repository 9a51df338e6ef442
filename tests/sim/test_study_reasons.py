"""A study's reasons for stopping are written the reader's way: percentages with the
locale's decimal mark (`75,3%` in Portuguese and Italian, `75.3%` in English)."""

from __future__ import annotations

import re

import pytest

from ludoteca.core import i18n
from ludoteca.sim.balance import BalanceStats
from ludoteca.sim.study import Looks


def _lopsided() -> BalanceStats:
    stats = BalanceStats(seats=2, games=150)
    stats.wins = [120, 30]
    return stats


@pytest.mark.parametrize(("locale", "mark"), [("en", "."), ("pt-BR", ","), ("it", ",")])
def test_an_off_balance_reason_writes_its_percentages_in_the_readers_locale(
    locale: str, mark: str
) -> None:
    with i18n.using(locale):
        reason = Looks(step=50, total=500, precision=0.02).clear([_lopsided()])
    assert reason is not None
    percentages = re.findall(r"\d+(?:[.,]\d)?\s?%", reason)
    assert len(percentages) == 3, reason  # the even share, then the interval's ends
    assert percentages[0].replace("\xa0", " ").rstrip("% ") == "50"
    assert all(mark in p for p in percentages[1:]), reason
