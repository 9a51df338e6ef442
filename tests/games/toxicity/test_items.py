"""Every item (*Itens Ativos*, *Itens Passivos*, *Condições dos Itens*)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca import games
from ludoteca.games.toxicity import items
from ludoteca.games.toxicity.geometry import STRAIGHT

from .helpers import bare, card, give, pawn, place_pawn, put, sq, turn_of

KNIFE, PISTOL = card("item-knife"), card("item-pistol")


def _setup(*items: str):  # type: ignore[no-untyped-def]
    st = bare()
    for p in st.pawns:
        p.square = sq(st, "f1")
    place_pawn(st, "blue", "c4")
    give(st, "blue", *items)
    return st


def test_knife_adjacent_only_takes_one() -> None:
    """*Knife*: -1 stamina to an enemy in one of the 8 adjacent squares."""
    st = _setup(KNIFE)
    place_pawn(st, "red", "d5")
    place_pawn(st, "yellow", "e4")
    legal = st.legal_actions()
    assert f"item:{KNIFE}:red" in legal and f"item:{KNIFE}:yellow" not in legal
    st.apply(f"item:{KNIFE}:red")
    assert st.pawns[pawn(st, "red")].stamina == 2 and KNIFE in st.discard


def test_pistol_straight_up_to_five_blocked_by_walls() -> None:
    """*Pistol*: -2 stamina, vertically or horizontally up to 5 squares."""
    st = _setup(PISTOL)
    place_pawn(st, "red", "h4")  # 5 to the east
    place_pawn(st, "yellow", "c8")  # 4 to the south, behind a wall
    place_pawn(st, "green", "i4")  # 6 away
    put(st, "c6", card("wall"))
    legal = st.legal_actions()
    assert f"item:{PISTOL}:red" in legal
    assert f"item:{PISTOL}:yellow" not in legal and f"item:{PISTOL}:green" not in legal
    st.pawns[pawn(st, "red")].stamina = 2
    st.apply(f"item:{PISTOL}:red")
    red = st.pawns[pawn(st, "red")]
    assert not red.alive and st.pawns[0].kills == 1


def test_shield_blocks_one_attack() -> None:
    """*Shield*: protects from one Pistol or Knife attack, then is discarded."""
    st = _setup(KNIFE, card("item-knife", 2))
    place_pawn(st, "red", "d4")
    give(st, "red", card("item-shield"))
    st.apply(f"item:{KNIFE}:red")
    red = st.pawns[pawn(st, "red")]
    assert red.stamina == 3 and red.items == [] and card("item-shield") in st.discard


def test_drill_destroys_adjacent_wall_and_may_step_in() -> None:
    """*Drill*: destroy an adjacent wall, then the pawn may move onto its square."""
    st = _setup(card("item-drill"))
    put(st, "d4", card("wall"))
    st.apply(f"item:{card('item-drill')}:d4:enter")
    assert st.board[sq(st, "d4")] == "" and st.pawns[0].square == sq(st, "d4")
    assert card("wall") in st.discard


def test_molotov_zone_burns_next_turn() -> None:
    """*Cocktail Molotov*: range 2, a plus-shaped area of 5 squares, marked; those in it
    lose 1 stamina on their next turn."""
    st = _setup(card("item-molotov"))
    place_pawn(st, "red", "e5")
    place_pawn(st, "yellow", "e3")  # corner of the plus: outside
    legal = st.legal_actions()
    assert f"item:{card('item-molotov')}:e6" in legal
    assert f"item:{card('item-molotov')}:f4" not in legal  # 3 away
    st.apply(f"item:{card('item-molotov')}:e4")
    assert st.observation(None)["zones"] == [["molotov", "blue", ["e4", "e3", "f4", "e5", "d4"]]]
    turn_of(st, "red")
    assert st.pawns[pawn(st, "red")].stamina == 2
    turn_of(st, "blue")
    assert st.zones == []  # the effect lasts until the thrower's next turn


def test_flashbang_zone_costs_next_turn() -> None:
    """*Flashbang*: those in the area lose their next turn."""
    st = _setup(card("item-flashbang"))
    place_pawn(st, "red", "c5")
    st.apply(f"item:{card('item-flashbang')}:c6")
    turn_of(st, "red")
    assert st.turn != pawn(st, "red")


def test_magnet_pulls_an_enemy() -> None:
    """*Magnet*: pulls an enemy pawn to the user's square."""
    st = _setup(card("item-magnet"))
    place_pawn(st, "red", "c1")
    st.apply(f"item:{card('item-magnet')}:red")
    assert st.pawns[pawn(st, "red")].square == sq(st, "c4")


def test_bounce_pad_passes_a_wall() -> None:
    """*Bounce Pad*: to the other side of a wall."""
    st = _setup(card("item-bounce"))
    put(st, "d4", card("wall"))
    put(st, "e4", card("floor-plain"), face_up=False)
    st.apply(f"item:{card('item-bounce')}:E")
    assert st.pawns[0].square == sq(st, "e4") and st.face_up[sq(st, "e4")]


def test_crowbar_destroys_a_trap() -> None:
    """*Crowbar*: destroys a trap (a face-up one, on or next to the pawn)."""
    st = _setup(card("item-crowbar"))
    put(st, "d4", card("trap-stun"), face_up=True)
    st.apply(f"item:{card('item-crowbar')}:d4")
    assert st.board[sq(st, "d4")] == "" and card("trap-stun") in st.discard


def test_switch_exchanges_items() -> None:
    """*Switch*: trade an item with another pawn."""
    st = _setup(card("item-switch"), KNIFE)
    give(st, "red", PISTOL)
    st.apply(f"item:{card('item-switch')}:red:{KNIFE}")
    assert st.pawns[0].items == [PISTOL]
    assert st.pawns[pawn(st, "red")].items == [KNIFE]


def test_grappling_hook_to_a_wall() -> None:
    """*Grappling Hook*: move horizontally/vertically up to a wall."""
    st = _setup(card("item-hook"))
    put(st, "c1", card("wall"))
    st.apply(f"item:{card('item-hook')}:N")
    assert st.pawns[0].square == sq(st, "c2")


def test_syringe_adds_one_stamina_while_held() -> None:
    """*Syringe*: one extra stamina while the pawn holds it."""
    st = _setup()
    put(st, "d4", card("item-syringe"), face_up=False)
    st.apply("walk:E")
    assert st.pawns[0].stamina == 3 and st.pawns[0].max_stamina(st.characters["blue"]) == 4
    turn_of(st, "blue")
    assert st.pawns[0].stamina == 4


def test_one_active_item_a_turn() -> None:
    """*Estrutura do Jogo*: one active item a turn (blue's ability aside)."""
    st = _setup(KNIFE, card("item-knife", 2))
    place_pawn(st, "red", "d4")
    st.apply(f"item:{KNIFE}:red")
    assert not any(a.startswith("item") for a in st.legal_actions())


def test_drill_bounce_pad_and_hook_cost_no_stamina_and_leave_the_move() -> None:
    """Choice (docs/rules/toxicity.md, "Choices the text leaves open"): *Drill*, *Bounce
    Pad* and *Grappling Hook* name no stamina cost and are items, not the turn's move
    (*Estrutura do Jogo*: "pode movimentar-se ... e usar um dos seus itens"): after
    each the pawn has its stamina and may still walk."""
    for item, setup, action in (
        ("item-drill", lambda st: put(st, "d4", card("wall")), "d4:enter"),
        ("item-bounce", lambda st: put(st, "d4", card("wall")), "E"),
        ("item-hook", lambda st: put(st, "c1", card("wall")), "N"),
    ):
        st = _setup(card(item))
        setup(st)
        before = st.pawns[0].stamina
        st.apply(f"item:{card(item)}:{action}")
        assert st.pawns[0].stamina == before, item
        assert any(a.startswith("walk:") for a in st.legal_actions()), item


def test_magnet_reaches_any_distance_in_a_line_until_a_wall() -> None:
    """Choice: *Magnet* ("puxa um jogador inimigo") states no range: any enemy in a
    straight line with no wall between, however far; a wall stops it."""
    st = _setup(card("item-magnet"))
    place_pawn(st, "red", "k4")  # 8 squares east
    place_pawn(st, "yellow", "c8")  # south, behind a wall
    put(st, "c6", card("wall"))
    legal = st.legal_actions()
    assert f"item:{card('item-magnet')}:red" in legal
    assert f"item:{card('item-magnet')}:yellow" not in legal


def test_magnet_anywhere_option_reaches_past_walls() -> None:
    """Option `magnet=anywhere`: the literal *"puxa um jogador inimigo"*, any enemy on the
    board, walls or not; the default straight-line reading does not reach it."""
    magnet = card("item-magnet")
    for reach, expected in (("straight-line", False), ("anywhere", True)):
        st = bare(magnet=reach)
        for p in st.pawns:
            p.square = sq(st, "f1")
        place_pawn(st, "blue", "c4")
        give(st, "blue", magnet)
        place_pawn(st, "yellow", "e8")  # neither row nor column of c4
        assert (f"item:{magnet}:yellow" in st.legal_actions()) is expected
        if expected:
            st.apply(f"item:{magnet}:yellow")
            assert st.pawns[pawn(st, "yellow")].square == sq(st, "c4")


def test_every_active_item_of_the_rulebook_has_one_rule_row() -> None:
    """*Itens Ativos*: the eleven active items each have their targets and use, and no
    passive item (*Itens Passivos*) is used as an action."""
    from ludoteca.games.toxicity.data import ITEM_KINDS, PASSIVE_ITEMS
    from ludoteca.games.toxicity.items import ITEMS

    assert len(ITEMS) == 11
    assert set(ITEMS) | PASSIVE_ITEMS == set(ITEM_KINDS)
    assert not set(ITEMS) & PASSIVE_ITEMS


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 10**6),
    st.integers(0, 300),
    st.sampled_from([1, 3, 5, None]),
)
def test_a_foe_in_line_is_one_a_straight_line_reaches_before_a_wall(
    seed: int, steps: int, reach: int | None
) -> None:
    """*Pistol* and *Magnet* aim at an enemy in a straight line before the first wall:
    the foes offered are exactly those on one of `items.line`'s four lines, along
    random games (the check walks each foe's line only)."""
    game = games.load("toxicity")
    state = game.new_game(seed, quiet=True)
    rng = random.Random(seed)
    aim = items._foes_in_line(reach)
    for _ in range(steps):
        if state.is_terminal:
            break
        for mover in [p for p in state.pawns if p.on_board]:
            far = state.geo.columns if reach is None else reach
            seen = {s for name in STRAIGHT for s in items.line(state, mover.square, name, far)}
            expected = [
                state.pawns[i].colour
                for i in items.others(state, mover)
                if state.pawns[i].square in seen
            ]
            assert aim(state, mover, "") == expected
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
