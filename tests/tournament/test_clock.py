"""Round lengths and the round clock: rulebook, Regras Oficiais (Duelo, Luta pelo Poder)."""

import pytest

from ludoteca.core.errors import IllegalAction, OptionError
from ludoteca.tournament.clock import RoundClock, round_minutes


class FakeTime:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def test_default_lengths() -> None:
    """Duelo "rodadas de 60 minutos"; Luta pelo Poder "rodadas de 105 minutos"."""
    assert round_minutes("duel") == 60
    assert round_minutes("melee") == 105


@pytest.mark.parametrize("fmt", ["duel", "melee"])
@pytest.mark.parametrize("minutes", [90, 120])
def test_organizer_may_choose_90_or_120(fmt: str, minutes: int) -> None:
    """ "podem alterar este número para 90 minutos ou 120 minutos"."""
    assert round_minutes(fmt, minutes) == minutes


@pytest.mark.parametrize(("fmt", "minutes"), [("duel", 105), ("melee", 60), ("duel", 45)])
def test_other_lengths_are_refused(fmt: str, minutes: int) -> None:
    """Only the default, 90 or 120 minutes are rulebook lengths."""
    with pytest.raises(OptionError, match=f"not {minutes}"):
        round_minutes(fmt, minutes)


def test_unknown_format_is_refused() -> None:
    """Only Duelo and Luta pelo Poder are official formats."""
    with pytest.raises(OptionError, match="unknown event format 'joust'"):
        round_minutes("joust")


def test_clock_counts_down_and_expires() -> None:
    """A melee round clock: 105 minutes from the start, then expired."""
    fake = FakeTime()
    clock = RoundClock.for_round("melee", now=fake)
    assert clock.remaining() == 105 * 60
    assert not clock.expired
    clock.start()
    fake.t += 30.5
    assert clock.remaining() == 105 * 60 - 30.5
    assert clock.display() == "104:30"
    fake.t += 105 * 60
    assert clock.expired
    assert clock.remaining() == 0
    assert clock.display() == "00:00"


def test_clock_starts_once() -> None:
    """A running round cannot be restarted."""
    clock = RoundClock.for_round("duel", 90, now=FakeTime())
    clock.start()
    with pytest.raises(IllegalAction, match="already running"):
        clock.start()
