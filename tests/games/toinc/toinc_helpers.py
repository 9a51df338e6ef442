"""Test helpers: build scripted Toinc situations and check invariants."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ludoteca.core.datafile import file_content
from ludoteca.games.toinc import flow
from ludoteca.games.toinc.fields import Phase, ToincFields
from ludoteca.games.toinc.game import ToincGame
from ludoteca.games.toinc.state import ToincState

TOKEN = re.compile(r"[A-Za-z0-9_.:#+-]+")


class Dice(random.Random):
    """An RNG whose d6 rolls come from a script (then from the seed)."""

    def __init__(self, rolls: Iterable[int], seed: int = 0) -> None:
        super().__init__(seed)
        self.rolls = list(rolls)

    def randrange(self, *args: Any, **kwargs: Any) -> int:  # type: ignore[override]
        if args == (6,) and self.rolls:
            return self.rolls.pop(0) - 1
        return super().randrange(*args, **kwargs)


SCRIPTED_DECK = Path(__file__).with_name("scripted_deck.toml")


def game(**options: Any) -> ToincGame:
    """A single-deck game with the frozen scripted deck unless told otherwise."""
    options.setdefault("variant", "single-deck")
    options.setdefault("deck", file_content(SCRIPTED_DECK))
    return ToincGame(**options)


def take(state: ToincFields, card_id: str) -> None:
    """Remove `card_id` from wherever it is (piles, hands, table)."""
    for pile in (*state.piles.values(), *state.hand, *state.ohand, state.table):
        if card_id in pile:
            pile.remove(card_id)
            return
    raise AssertionError(f"{card_id} not found")


def set_hand(state: ToincFields, seat: int, ids: list[str]) -> None:
    """Give `seat` exactly `ids` (the old hand goes back under its draw piles)."""
    for c in state.hand[seat]:
        state.piles[state.game.home[c]].insert(0, c)
    state.hand[seat] = []
    for c in ids:
        take(state, c)
    state.hand[seat] = list(ids)


def stack(state: ToincFields, key: str, ids: list[str]) -> None:
    """Put `ids` on top of draw pile `key`, the first drawn first."""
    for c in ids:
        take(state, c)
    state.piles[key].extend(reversed(ids))


def at_play(
    g: ToincGame,
    offense: int = 0,
    pos: int = 50,
    down: int = 1,
    line: int | None = None,
    atk: list[str] | None = None,
    dfn: list[str] | None = None,
    rolls: Iterable[int] = (),
    phase: Phase | None = None,
) -> ToincState:
    """A state at the start of a play (fase 1), hands and dice as given.

    With `phase` the play jumps there (e.g. fase 3 with hands already built).
    """
    s = g.new_game(0)
    assert isinstance(s, ToincState)
    s.apply("hide:left")
    s.apply("guess:left" if offense == 1 else "guess:right")
    assert s.offense == offense
    flow.end_play(s)
    s.pos, s.down = pos, down
    s.line = min(pos + 10, 100) if line is None else line
    flow.start_play(s)
    if atk is not None:
        set_hand(s, offense, atk)
    if dfn is not None:
        set_hand(s, 1 - offense, dfn)
    s.rng = Dice(rolls)
    if phase is not None:
        s.phase = phase
        s.actor = s.offense if phase in _OFFENSE_PHASES else s.defense
    s._legal = None
    return s


_OFFENSE_PHASES = {
    Phase.DISCARD,
    Phase.SUB_ATK,
    Phase.ATK_CONTEST,
    Phase.ATK_PLAY,
    Phase.ATK_LEAD,
    Phase.ATK_BONUS,
    Phase.EXTRA,
}


def play(state: ToincState, *actions: str) -> None:
    """Apply `actions` in order (each must be legal)."""
    for a in actions:
        state.apply(a)


def all_cards(state: ToincFields) -> list[str]:
    """Every card id wherever it lies."""
    out: list[str] = []
    for pile in (*state.piles.values(), *state.hand, *state.ohand, state.table):
        out.extend(pile)
    return out


def check_conservation(state: ToincFields) -> None:
    """Card conservation: each card in exactly one place."""
    cards = all_cards(state)
    assert len(cards) == len(state.game.cards), (len(cards), len(state.game.cards))
    assert set(cards) == set(state.game.cards)


def leaked(state: ToincState, seat: int | None, events_from: int = 0) -> set[str]:
    """Hidden ids of `seat` that its observation shows (events from `events_from`)."""
    obs = state.observation(seat)
    secrets = state.secrets(seat)
    found: set[str] = set()
    events = obs.pop("events")[events_from:]
    _strings(obs, found)
    for e in events:
        found.update(TOKEN.findall(e))
    return found & secrets


def _strings(value: Any, out: set[str]) -> None:
    if isinstance(value, str):
        out.update(TOKEN.findall(value))
    elif isinstance(value, dict):
        for v in value.values():
            _strings(v, out)
    elif isinstance(value, list):
        for v in value:
            _strings(v, out)
