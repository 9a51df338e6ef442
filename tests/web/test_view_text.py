"""The JSON text a WebSocket sends: the seat's view exactly, encoded once per position and seat."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime

import pytest

from ludoteca import games
from ludoteca.core import i18n
from ludoteca.web.shared.records import StoredSeat, StoredTable
from ludoteca.web.tables.table import LiveTable
from ludoteca.web.tables.views import seat_view, seat_view_text, to_json


def _table(name: str) -> LiveTable:
    game = games.load(name)
    seats = [StoredSeat(n, "human") for n in range(game.num_seats)]
    record = StoredTable("t1", name, dict(game.options), 9, datetime.now(UTC), seats)
    return LiveTable(record, game, game.new_game(9))


@pytest.mark.parametrize("name", games.names())
def test_view_text_decodes_to_the_view_for_every_seat(name: str) -> None:
    """Along a random game, each seat's (and a spectator's) text is its view, as `json` has it."""
    table = _table(name)
    rng = random.Random(3)
    for _ in range(30):
        for seat in [None, *range(len(table.seats))]:
            view = seat_view(table, seat)
            text = seat_view_text(table, seat)
            assert json.loads(text) == json.loads(json.dumps(view))
            assert json.loads(text)["index"] == table.index
        if table.state.is_terminal:
            break
        table.state.apply(rng.choice(table.state.legal_actions()))


def test_view_text_is_encoded_once_per_position_and_seat() -> None:
    """Two connections of one seat share the text; the next move gives a new one."""
    table = _table("toinc")
    first = seat_view_text(table, 0)
    assert seat_view_text(table, 0) is first
    assert seat_view_text(table, 1) is not first
    table.state.apply(table.state.legal_actions()[0])
    assert json.loads(seat_view_text(table, 0))["index"] == 1


def test_to_json_keeps_non_ascii_and_int_keys_like_json() -> None:
    """Non-ASCII text stays readable; integer keys become strings, as with `json`."""
    message = {"type": "error", "error": "jogada inválida — à", "by_seat": {0: 1.5}}
    assert json.loads(to_json(message)) == json.loads(json.dumps(message))
    assert "inválida" in to_json(message)


def test_the_public_summary_is_shared_and_follows_a_claimed_seat() -> None:
    """Every seat's view carries one lobby line per position; claiming an open seat at the
    same position gives views with the new seat kind."""
    table = _table("toinc")
    table.seats[1].kind = "open"
    assert seat_view(table, 0)["table"] is seat_view(table, None)["table"]
    assert [s["kind"] for s in seat_view(table, 0)["table"]["seats"]] == ["human", "open"]
    table.seats[1].kind = "human"
    assert [s["kind"] for s in seat_view(table, 0)["table"]["seats"]] == ["human", "human"]
    assert json.loads(seat_view_text(table, None))["table"]["seats"][1]["kind"] == "human"


@pytest.mark.parametrize("name", games.names())
def test_a_view_since_n_is_the_whole_view_without_its_first_n_entries(name: str) -> None:
    """Along a random game, `since` n sends the log and events from entry n on and no
    layout; with them put back, it is the whole view. A `since` past the log gives it all."""
    table = _table(name)
    rng = random.Random(5)
    for _ in range(30):
        for seat in [None, *range(len(table.seats))]:
            whole = json.loads(seat_view_text(table, seat))
            entries = len(whole["log"])
            assert whole["since"] == 0 and len(whole["observation"]["events"]) == entries
            for since in {s for s in (1, entries // 2, entries) if 0 < s <= entries}:
                part = json.loads(seat_view_text(table, seat, since))
                assert part["since"] == since and "layout" not in part
                assert part["log"] == whole["log"][since:]
                events = part["observation"]["events"]
                assert events == whole["observation"]["events"][since:]
                rest = {**part, "log": whole["log"], "layout": whole["layout"], "since": 0}
                assert rest | {"observation": whole["observation"] | {"events": []}} == whole | {
                    "observation": whole["observation"] | {"events": []}
                }
            assert json.loads(seat_view_text(table, seat, entries + 1)) == whole
        if table.state.is_terminal:
            break
        table.state.apply(rng.choice(table.state.legal_actions()))


@pytest.mark.parametrize("name", games.names())
def test_a_views_log_kept_along_the_game_is_the_states_log(name: str) -> None:
    """The log a view carries is kept move by move (`SeatLog`), per seat and language:
    at every position, in each language, it is `events_for` and `log_for` of that seat."""
    table = _table(name)
    rng = random.Random(8)
    for step in range(60):
        locale = ("en", "pt-BR", "it")[step % 3]
        with i18n.using(locale):
            for seat in [None, *range(len(table.seats))]:
                view = seat_view(table, seat)
                assert view["observation"]["events"] == table.state.events_for(seat)
                assert view["log"] == table.state.log_for(seat)
        if table.state.is_terminal:
            break
        for _ in range(rng.randint(1, 3)):  # a view may follow several moves
            if not table.state.is_terminal:
                table.state.apply(rng.choice(table.state.legal_actions()))
