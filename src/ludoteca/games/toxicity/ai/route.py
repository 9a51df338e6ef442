"""Toxicity 101 pawn route: where the key and the door may lie, when the gas arrives,
and a two-turn look-ahead over the pawn's own moves.

Only what the pawn's seat sees is read: face-up cards, which squares hold a
face-down card or none yet, positions, keys in hand, deck sizes, the discard pile,
the gas, and the pawn's own items and abilities.

Why landings are what counts: a key (zone 2) or the door (zone 3) is only found by
stepping on it, and every unknown square of a zone (a face-down card, or no card
yet: one is dealt on landing, never a wall) hides it, as far as the pawn can
tell, with the same chance: targets left / non-wall cards unseen in that zone.
So the pawn lands on as many unknown squares of the zone it needs as the gas
allows.
"""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.games.toxicity.cards import DOOR, KEY, is_wall, kind
from ludoteca.games.toxicity.geometry import DIRECTIONS, STRAIGHT
from ludoteca.games.toxicity.moves import RUN_COST, walk_cost
from ludoteca.games.toxicity.pawn import Pawn
from ludoteca.games.toxicity.state import ToxicityState

KEY_ZONE, DOOR_ZONE = 1, 2
KEY_WORTH = 0.35
"""A key in hand, in escapes: about the chance of then finding the door."""
ALIVE_WORTH = 0.25
"""Staying on the board, in escapes: what a death throws away."""
TRAPDOOR_WORTH = 1.5
"""A Trap Door with a Crowbar: an escape worth two points."""
KEY_PULL = 0.02
"""Per column into zone 2: a key found nearer zone 3 saves the turns to reach it
(a turn in zone 2 is a column of gas, half a turn in zone 3)."""
STEP_WORTH = 0.01
"""One king step closer to the squares worth landing on."""
EARLY_ZONE_3 = 0.06
"""Entering zone 3 without a key: the gas then takes two columns a turn."""
HAZARD = {"trap-stamina": 0.08, "trap-stun": 0.06, "floor-muddy": 0.03}
"""Face-up cards to step around (a lost stamina, a lost turn, no run next turn)."""
EXHAUSTION_RISK = 0.06
"""Landing on an unseen card with 1 stamina left: about one unseen non-wall card in
ten is a Stamina Trap (5 of 51 in the mix), and stamina 0 kills. 0.1 of a life worth
about 0.6 escapes (0.03, 0.045, 0.06 and 0.1 measured alike within the noise)."""
NEXT_TURN = 0.9
"""Next turn's gains count a little less: a stun or a wall may spoil them."""


@dataclass
class Outlook:
    """The pawn's public picture of the round: what landing on each square is worth."""

    state: ToxicityState
    pawn: Pawn
    chance: list[float]  # worth of landing on each square now
    dist: list[int]  # king steps to the nearest square worth landing on
    gas: list[list[int]]  # gas now and after 1, 2 general turns, by the furthest zone reached

    @property
    def seeking_door(self) -> bool:
        """True once the pawn holds a key."""
        return self.pawn.key is not None


def outlook(state: ToxicityState, pawn: Pawn) -> Outlook:
    """Worth of a landing on each square for this pawn, from the public picture."""
    chance = [0.0] * state.geo.size
    zone = DOOR_ZONE if pawn.key is not None else KEY_ZONE
    worth = 1.0 if pawn.key is not None else KEY_WORTH
    p = _target_chance(state, zone)
    crowbar = pawn.has("crowbar")
    for s, card in enumerate(state.board):
        if card and state.face_up[s]:
            what = kind(card)
            if what == (DOOR if zone == DOOR_ZONE else KEY):
                chance[s] = worth
            elif what == "trap-trapdoor" and crowbar:
                chance[s] = TRAPDOOR_WORTH
            else:
                chance[s] = -HAZARD.get(what, 0.0)
        elif state.geo.zone(s) == zone and (card is None or (card and not state.face_up[s])):
            chance[s] = worth * p
            if zone == KEY_ZONE:
                chance[s] += KEY_PULL * (s % state.geo.columns - state.data.zones[KEY_ZONE][0])
        if pawn.key is None and state.geo.zone(s) == DOOR_ZONE and state.zone_reached < DOOR_ZONE:
            chance[s] -= EARLY_ZONE_3
    gas = [gas_forecast(state, max(state.zone_reached, zone), 2) for zone in range(DOOR_ZONE + 1)]
    return Outlook(state, pawn, chance, _distances(state, chance, gas[state.zone_reached][2]), gas)


def _target_chance(state: ToxicityState, zone: int) -> float:
    """Chance that one unknown square of `zone` hides a key (zone 2) or the door."""
    left, unseen = target_odds(state, zone)
    return min(1.0, left / max(1.0, unseen)) if left > 0 else 0.0


def target_odds(state: ToxicityState, zone: int) -> tuple[int, float]:
    """Keys (zone 2) or doors (zone 3) left to find, and the unseen non-wall cards of
    `zone` that may hide them.

    Targets left: not face up, not in a hand. Unseen non-wall cards of the zone:
    its face-down cards plus its deck less the deck's share of the unseen walls.
    """
    wanted = KEY if zone == KEY_ZONE else DOOR
    total = state.data.keys if zone == KEY_ZONE else state.data.doors
    seen = sum(1 for s, c in enumerate(state.board) if c and state.face_up[s] and kind(c) == wanted)
    seen += sum(1 for p in state.pawns if p.key is not None) if zone == KEY_ZONE else 0
    left = total - seen
    if left <= 0:
        return 0, 0.0
    walls_seen = sum(1 for c in state.board if c and is_wall(c))
    walls_seen += sum(1 for c in state.discard if is_wall(c))
    decks = [len(d) for d in state.decks]
    unseen_walls = max(0, state.data.walls - walls_seen)
    deck_walls = min(decks[zone], unseen_walls * decks[zone] / max(1, sum(decks)))
    face_down = sum(
        1
        for s, c in enumerate(state.board)
        if c and not state.face_up[s] and state.geo.zone(s) == zone
    )
    return left, max(1.0, face_down + decks[zone] - deck_walls)


def gas_forecast(state: ToxicityState, reached: int, turns: int) -> list[int]:
    """Consumed columns now and after each of the next `turns` general turns, if the
    furthest zone reached becomes `reached` now (*Gás Tóxico*; see `rounds.end_general_turn`)."""
    gas, timer = state.gas, state.gas_timer
    if reached > state.zone_reached:
        timer = min(timer, 1)
    out = [gas]
    for _ in range(turns):
        timer -= 1
        if timer <= 0:
            gas = min(state.geo.columns, gas + (2 if reached >= DOOR_ZONE else 1))
            timer = 1 if reached >= 1 else 2
        out.append(gas)
    return out


def landing(state: ToxicityState, square: int, direction: str, steps: int) -> int | None:
    """Where a straight move of `steps` ends, sliding on face-up Wet Floors."""
    ahead = state.geo.next[direction]
    target: int | None = square
    for _ in range(steps):
        if target is None:
            return None
        target = ahead[target]
    while target is not None:
        card = state.board[target]
        if not (card and state.face_up[target] and card.startswith("floor-wet")):
            break
        nxt = ahead[target]
        if nxt is None or state.is_wall_at(nxt):
            break
        target = nxt
    return target


def _unknown(state: ToxicityState, square: int) -> bool:
    """No card yet, or a face-down one: landing there may spring a trap."""
    card = state.board[square]
    return card is None or (bool(card) and not state.face_up[square])


def _moves(
    state: ToxicityState, pawn: Pawn, square: int, gas: int, stamina: int
) -> list[tuple[int, int]]:
    """(landing, stamina cost) of each walk and run from `square` with the gas at `gas`."""
    board, cols, step = state.board, state.geo.columns, state.geo.next

    def free(s: int | None) -> bool:
        return s is not None and s % cols >= gas and not (board[s] or " ").startswith("wall")

    out = []
    for name in DIRECTIONS:
        if free(step[name][square]):
            cost = walk_cost(state, square, name)
            target = landing(state, square, name, 1) if cost < stamina else None
            if target is not None:
                out.append((target, cost))
    if stamina > RUN_COST and not pawn.no_run:
        for name in STRAIGHT:
            mid = step[name][square]
            if mid is not None and free(mid) and free(step[name][mid]):
                target = landing(state, square, name, 2)
                if target is not None:
                    out.append((target, RUN_COST))
    return out


def gain(view: Outlook, square: int, stamina_left: int, seen: tuple[int, ...]) -> float:
    """Worth of landing on `square` with `stamina_left` after paying for the move."""
    if square in seen:
        return 0.0
    state, pawn = view.state, view.pawn
    value = view.chance[square]
    if _unknown(state, square) and stamina_left <= 1 and pawn.immunity == 0:
        value -= EXHAUSTION_RISK
    return value


def _alive(view: Outlook, square: int, gas: int) -> float:
    """0 if the square is clear of the gas (or a mask will cover the pawn), else the
    worth of staying alive, lost."""
    pawn = view.pawn
    if square % view.state.geo.columns >= gas or pawn.mask_turns > 0 or pawn.has("mask"):
        return 0.0
    return -ALIVE_WORTH


def plan_value(
    view: Outlook,
    square: int,
    moved: bool,
    stamina: int,
    seen: tuple[int, ...],
    landed: float = 0.0,
) -> float:
    """Best worth from standing on `square` mid-turn, having just banked `landed` there:
    the rest of this turn's move (if not `moved`), surviving the gas at the turn's end,
    and next turn's best landing."""
    state = view.state
    reached = max(state.zone_reached, state.geo.zone(square))
    options = [(square, landed)]
    if not moved:
        for target, cost in _moves(state, view.pawn, square, view.gas[reached][0], stamina):
            options.append((target, landed + gain(view, target, stamina - cost, seen)))
    best = -float("inf")
    for here, worth in options:
        after = view.gas[max(reached, state.geo.zone(here))]
        value = _banked(view, worth, _alive(view, here, after[1]))
        value += NEXT_TURN * _next_turn(view, here, after, (*seen, here))
        best = max(best, value)
    return best


def _banked(view: Outlook, worth: float, alive: float) -> float:
    """A landing's worth and the gas's verdict: a key found on a square the gas takes
    this turn is worth nothing (a door or trap door is left at once, before the gas)."""
    if alive < 0 and not view.seeking_door and worth < TRAPDOOR_WORTH:
        worth = min(worth, 0.0)
    return worth + alive


def _next_turn(view: Outlook, square: int, gas: list[int], seen: tuple[int, ...]) -> float:
    """Best landing of next turn from `square` (or staying), surviving its gas."""
    state, pawn = view.state, view.pawn
    full = pawn.max_stamina(state.characters[pawn.colour])
    best = _alive(view, square, gas[2]) + _potential(view, square)
    for target, cost in _moves(state, pawn, square, gas[1], full):
        worth = gain(view, target, full - cost, seen)
        value = _banked(view, worth, _alive(view, target, gas[2]))
        best = max(best, value + _potential(view, target))
    return best


def _potential(view: Outlook, square: int) -> float:
    """A small pull towards the nearest square worth landing on."""
    return -STEP_WORTH * view.dist[square]


def _distances(state: ToxicityState, chance: list[float], soon: int) -> list[int]:
    """King steps from every square to the nearest square worth landing on that the
    gas (at `soon` columns) spares, around walls and the gas (the far column when none)."""
    far = state.geo.size
    dist = [far] * state.geo.size
    cols = state.geo.columns
    frontier = [
        s for s in range(far) if chance[s] > 0 and s % cols >= soon and not state.is_wall_at(s)
    ]
    if not frontier:
        frontier = [s for s in range(far) if s % cols == cols - 1 and not state.is_wall_at(s)]
    for s in frontier:
        dist[s] = 0
    while frontier:
        nxt = []
        for s in frontier:
            for n in state.geo.adjacent[s]:
                if dist[n] == far and not state.is_wall_at(n) and not state.in_gas(n):
                    dist[n] = dist[s] + 1
                    nxt.append(n)
        frontier = nxt
    return dist
