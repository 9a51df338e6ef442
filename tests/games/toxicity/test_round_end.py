"""Round end, keys and the door (*Fim de Ronda*, *Chave*)."""

from __future__ import annotations

from .helpers import bare, card, pawn, place_pawn, put, sq, turn_of


def _kill(st, *colours: str) -> None:  # type: ignore[no-untyped-def]
    for c in colours:
        st.pawns[pawn(st, c)].alive = False


def test_round_ends_when_all_pawns_die() -> None:
    """*Fim de Ronda*: every pawn on the board dead ends the round; the gamemaster
    scores one per death."""
    st = bare()
    gm = st.gamemaster
    _kill(st, "blue", "red", "yellow", "green")
    st._settle()
    assert st.round == 2 and st.totals[gm] == 4


def test_round_ends_when_all_escape() -> None:
    """*Fim de Ronda*: every pawn escaped ends the round."""
    st = bare(players=3)
    st.pawns[0].escaped = "door"
    st.pawns[1].escaped = "trapdoor"
    st._settle()
    assert st.round == 2
    assert st.totals[st.roles[0]] == 1  # the new gamemaster was blue: 1 point
    assert sorted(st.totals) == [0, 1, 2]


def test_round_ends_when_the_living_escape() -> None:
    """*Fim de Ronda*: the living pawns all escaped (others dead) ends the round."""
    st = bare()
    _kill(st, "red", "yellow", "green")
    put(st, "c4", card("door"), face_up=True)
    place_pawn(st, "blue", "c4")
    st.pawns[0].key = card("key")
    st._legal = None
    st.apply("escape")
    assert st.round == 2


def test_door_needs_a_key() -> None:
    """*Chave*: the key lets a pawn escape through the door."""
    st = bare()
    put(st, "c4", card("door"), face_up=True)
    place_pawn(st, "blue", "c4")
    assert "escape" not in st.legal_actions()
    st.pawns[0].key = card("key")
    st._legal = None
    assert "escape" in st.legal_actions()


def test_one_key_each_extra_keys_left_for_others() -> None:
    """*Chave*: a pawn holds one key; an extra key it finds stays for another pawn
    who sees it."""
    st = bare()
    for p in st.pawns:
        p.square = sq(st, "f1")
    st.pawns[0].key = card("key")
    put(st, "c4", card("key", 2), face_up=False)
    place_pawn(st, "blue", "b4")
    st.apply("walk:E")
    assert st.board[sq(st, "c4")] == card("key", 2) and st.face_up[sq(st, "c4")]
    turn_of(st, "red")
    place_pawn(st, "red", "b4")
    st.apply("walk:E")
    assert st.pawns[pawn(st, "red")].key == card("key", 2)
    assert st.board[sq(st, "c4")] == ""


def test_items_picked_up_while_slots_last() -> None:
    """*Itens*: 2 item slots (blue 3) besides the key; a card that does not fit stays."""
    st = bare()
    for p in st.pawns:
        p.square = sq(st, "f1")
    st.pawns[0].items = [card("item-knife"), card("item-knife", 2), card("item-drill")]
    put(st, "c4", card("item-pistol"), face_up=False)
    place_pawn(st, "blue", "b4")
    st.apply("walk:E")
    assert st.board[sq(st, "c4")] == card("item-pistol")
    turn_of(st, "red")
    place_pawn(st, "red", "b4")
    st.apply("walk:E")
    assert st.pawns[pawn(st, "red")].items == [card("item-pistol")]
