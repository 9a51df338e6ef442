"""Toxicity 101 leaf values: each pawn's chance to escape this round, projected from
what every seat sees (*Keys*, *Porta*, *Gás Tóxico*, *Pontuação*).

The projection follows an idealised pawn turn by turn, against the gas as the
rules move it (`rounds.end_general_turn`, sped up when the pawn itself enters a
new zone): without a key it runs through zone 1 and then lands on one unknown
zone-2 square a turn; with a key it runs into zone 3 and lands on one unknown
zone-3 square a turn (or heads for the door once it lies face up). An unknown
square hides a target with the chance `targets left / unseen non-wall cards of
the zone` (`toxicity_route.target_odds`), drawn without replacement. The gas
ends the projection once it takes the pawn's column; a Gas Mask buys two turns.
"""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.games.toxicity.ai.route import DOOR_ZONE, KEY_ZONE, target_odds
from ludoteca.games.toxicity.cards import DOOR, kind
from ludoteca.games.toxicity.pawn import Pawn
from ludoteca.games.toxicity.state import ToxicityState

HORIZON = 14
"""General turns projected: the gas needs at most 12 (twelve columns) once a pawn
reached zone 2."""
RUN = 2
"""Columns an unhindered pawn crosses in a turn (a run)."""
MASK_TURNS = 2
SEEN_DOOR = 0.6
"""A key-holder that can reach the face-up door before the gas: about half of them
escape (walls, stuns, other pawns in the way)."""


@dataclass(frozen=True)
class Picture:
    """The public facts the projection reads: for keys and for the door, (targets
    left, unseen non-wall cards of the zone, unknown squares of the zone left of
    nothing); where the door lies face up (None: not seen)."""

    state: ToxicityState
    keys: tuple[int, float, int]
    doors: tuple[int, float, int]
    door: int | None

    @classmethod
    def of(cls, state: ToxicityState) -> Picture:
        """The picture of `state`."""
        unknown = [0, 0, 0]
        door = None
        for s, card in enumerate(state.board):
            if card is None or (card and not state.face_up[s]):
                unknown[state.geo.zone(s)] += 1
            elif card and kind(card) == DOOR:
                door = s
        keys = (*target_odds(state, KEY_ZONE), unknown[KEY_ZONE])
        doors = (*target_odds(state, DOOR_ZONE), unknown[DOOR_ZONE])
        return cls(state, keys, doors, door)


def escape_chance(view: Picture, pawn: Pawn) -> float:
    """Chance that `pawn` (on the board) escapes this round, by the idealised pawn."""
    state = view.state
    x = pawn.square % state.geo.columns
    first_key, last_key = state.data.zones[KEY_ZONE]
    slack = MASK_TURNS if (pawn.mask_turns or pawn.has("mask")) else 0
    gas = (state.gas, state.gas_timer, state.zone_reached)
    if pawn.key is not None:
        return _door_chance(view, pawn.square, gas, slack)
    keys, unseen, unknown = view.keys
    missed = 1.0  # chance that no key was found yet
    total = 0.0
    searched = 0
    for _ in range(HORIZON):
        if x < first_key:
            x = min(x + RUN, first_key)
        elif x > last_key:
            x -= 1  # back to zone 2: no key lies further on
        elif searched < unknown:
            hit = keys / (unseen - searched) if unseen > searched else 0.0
            searched += 1
            found = missed * min(1.0, hit)
            missed -= found
            x = min(x + 1, last_key)
            gas = _gas_turn(state, gas, x)
            if found > 0 and x >= gas[0] - slack:
                square = state.geo.at(x, state.geo.xy(pawn.square)[1])
                assert square is not None
                total += found * _door_chance(view, square, gas, slack)
            if missed <= 1e-6 or x < gas[0] - slack:
                break
            continue
        else:
            break
        gas = _gas_turn(state, gas, x)
        if x < gas[0] - slack:
            break
    return total


def _door_chance(view: Picture, square: int, gas: tuple[int, int, int], slack: int) -> float:
    """Chance that a pawn holding a key on `square` finds and reaches the door."""
    state = view.state
    x, y = state.geo.xy(square)
    first_door, last = state.data.zones[DOOR_ZONE][0], state.geo.columns - 1
    if view.door is not None:  # walk there: a run (two squares) a turn
        dx, dy = state.geo.xy(view.door)
        steps = max(abs(dx - x), abs(dy - y))
        for _ in range(HORIZON):
            if steps <= 0:
                return SEEN_DOOR
            steps -= RUN
            x = min(dx, x + RUN)
            gas = _gas_turn(state, gas, x)
            if x < gas[0] - slack:
                break
        return 0.0
    doors, unseen, unknown = view.doors
    missed, searched = 1.0, 0
    for _ in range(HORIZON):
        if x < first_door:
            x = min(x + RUN, first_door)
        elif searched < unknown:
            hit = doors / (unseen - searched) if unseen > searched else 0.0
            searched += 1
            missed *= 1.0 - min(1.0, hit)
            x = min(x + 1, last)
        else:
            break
        gas = _gas_turn(state, gas, x)
        if x < gas[0] - slack or missed <= 1e-6:
            break
    return 1.0 - missed


def _gas_turn(state: ToxicityState, gas: tuple[int, int, int], x: int) -> tuple[int, int, int]:
    """(consumed columns, timer, reached) after one general turn with the pawn on column
    `x` (*Gás Tóxico*, as `rounds.reach` and `rounds.end_general_turn` move it)."""
    columns, timer, reached = gas
    zone = state.geo.zone_of_column[x]
    if zone > reached:
        reached, timer = zone, min(timer, 1)
    timer -= 1
    if timer <= 0:
        columns = min(state.geo.columns, columns + (2 if reached >= DOOR_ZONE else 1))
        timer = 1 if reached >= 1 else 2
    return columns, timer, reached
