"""The log as an information state reads it (`core.events.read`): extending what was read
of a log gives what reading it whole gives, whatever was copied, filtered or added."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ludoteca.core.events import Event, read
from ludoteca.core.i18n import Text

SEATS = st.one_of(st.none(), st.frozensets(st.integers(0, 2), max_size=3))


def _log(seats: list[frozenset[int] | None]) -> list[Event]:
    return [Event(Text("line {n}", {"n": n}), who) for n, who in enumerate(seats)]


@given(st.lists(SEATS, max_size=30), st.lists(SEATS, max_size=30), st.integers(0, 2))
def test_reading_on_from_what_was_read_is_reading_it_whole(
    first: list[frozenset[int] | None], then: list[frozenset[int] | None], seat: int
) -> None:
    log = _log(first + then)
    earlier = read(log[: len(first)], seat, None)
    assert read(list(log), seat, earlier) == read(log, seat, None)
    visible = [event for event in log if event.visible_to(seat)]
    assert read(log, seat, None)[2] == ",".join(event.dumped() for event in visible)


@given(st.lists(SEATS, min_size=1, max_size=30), st.integers(0, 2), st.data())
def test_a_log_that_no_longer_begins_alike_is_read_afresh(
    seats: list[frozenset[int] | None], seat: int, data: st.DataObject
) -> None:
    log = _log(seats)
    known = read(log, seat, None)
    keep = data.draw(st.lists(st.booleans(), min_size=len(log), max_size=len(log)))
    other = [event for event, kept in zip(log, keep, strict=True) if kept]  # a filtered copy
    assert read(other, seat, known) == read(other, seat, None)
