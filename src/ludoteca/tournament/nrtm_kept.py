"""What an NRTM file says that a `cobra` event does not model, kept from its import and
written back by its export (`nrtm.py`), so a file taken over goes out as it came in.

Kept in `DuelEvent.imported` (plain JSON): the event's `date`, `tournamentOrganiser` and
`links` (the upload link); each player's NRTM `id` and the file's SoS and eSoS as it
wrote them (Cobra writes decimal strings); each Swiss table's seats as the file wrote
them (the corp and runner scores, the seat the bye was in); each cut game's seat order
and sides (`role`). A kept table or value is written back only while it still agrees
with the event (a result corrected since, or a recomputed SoS that differs, is written
as computed); players and rounds added after the import are written as computed.
"""

from __future__ import annotations

from typing import Any

FORMAT = "nrtm"
PRECISION = 1e-9
"""How far a recomputed SoS or eSoS may be from the file's (Cobra writes floats)."""
SEAT_KEYS = ("runnerScore", "corpScore", "combinedScore")


def swiss_key(round_number: int, table: int) -> str:
    """The key of a Swiss table in `tables`."""
    return f"{round_number}.{table}"


def cut_key(cut_round: int, game: int) -> str:
    """The key of a cut game in `games`."""
    return f"{cut_round}.{game}"


def keep_header(data: dict[str, Any]) -> dict[str, Any]:
    """A fresh `imported` record with the file's date, organiser and links."""
    kept: dict[str, Any] = {"format": FORMAT, "ids": {}, "tiebreaks": {}, "tables": {}}
    kept["games"] = {}
    if isinstance(data.get("date"), str):
        kept["date"] = data["date"][:32]
    for key in ("tournamentOrganiser", "links"):
        if isinstance(data.get(key), dict | list):
            kept[key] = data[key]
    return kept


def keep_player(kept: dict[str, Any], player_id: str, raw: dict[str, Any]) -> None:
    """A player's NRTM id and the SoS and eSoS as the file wrote them."""
    kept["ids"][player_id] = raw.get("id")
    kept["tiebreaks"][player_id] = [
        raw.get("strengthOfSchedule"),
        raw.get("extendedStrengthOfSchedule"),
    ]


def keep_table(kept: dict[str, Any], key: str, seats: list[Any], flipped: bool) -> None:
    """A Swiss table's seats as written (file order; `flipped`: the file's first seat is
    the event's second, as when the bye was written first)."""
    written = [
        {k: seat.get(k) for k in SEAT_KEYS} if isinstance(seat, dict) else {} for seat in seats
    ]
    kept["tables"][key] = {"seats": written, "flipped": flipped}


def keep_game(kept: dict[str, Any], key: str, first: str, roles: dict[str, Any]) -> None:
    """A cut game's first seat and each player's side, by event player id."""
    sides = {p: role for p, role in roles.items() if role in ("corp", "runner")}
    kept["games"][key] = {"first": first, "roles": sides}


def of(event_imported: dict[str, Any]) -> dict[str, Any]:
    """The kept record of an event (empty unless it came from an NRTM file)."""
    return event_imported if event_imported.get("format") == FORMAT else {}


def player_ids(kept: dict[str, Any], players: dict[str, int]) -> dict[str, int]:
    """Each player's NRTM id: the file's, else a new one above every kept id (`players`:
    event id -> player number)."""
    ids = {p: n for p, n in kept.get("ids", {}).items() if isinstance(n, int) and p in players}
    base = max(ids.values(), default=0)
    return {p: ids.get(p, base + number) for p, number in players.items()}


def tiebreak(kept: dict[str, Any], player_id: str, index: int, value: float) -> float | str:
    """SoS (`index` 0) or eSoS (1): the file's own text while it still equals `value`."""
    written = (kept.get("tiebreaks", {}).get(player_id) or [None, None])[index]
    try:
        same = written is not None and abs(float(written) - value) <= PRECISION
    except (TypeError, ValueError):
        same = False
    return written if same and isinstance(written, str | float | int) else value


def seats(kept: dict[str, Any], key: str, computed: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A Swiss table's two seats: as the file wrote them (in its order) while their
    combined scores still agree with `computed` (the event's, first player first)."""
    table = kept.get("tables", {}).get(key)
    if not isinstance(table, dict) or not isinstance(table.get("seats"), list):
        return computed
    written = [s for s in table["seats"] if isinstance(s, dict)]
    ordered = computed[::-1] if table.get("flipped") else computed
    if len(written) != 2 or any(
        w.get("combinedScore") != c["combinedScore"] for w, c in zip(written, ordered, strict=True)
    ):
        return computed
    return [
        {"id": c["id"], **{k: w.get(k) for k in SEAT_KEYS}}
        for w, c in zip(written, ordered, strict=True)
    ]


def game_seats(
    kept: dict[str, Any], key: str, computed: list[dict[str, Any]], players: list[str]
) -> list[dict[str, Any]]:
    """A cut game's two seats (`players`: the event ids in `computed`'s order), in the
    file's order and with its sides, where the import kept them."""
    game = kept.get("games", {}).get(key)
    if not isinstance(game, dict):
        return computed
    roles = game.get("roles")
    if not isinstance(roles, dict):
        roles = {}
    out = [
        {**seat, "role": roles.get(p, seat["role"])}
        for seat, p in zip(computed, players, strict=True)
    ]
    return out[::-1] if game.get("first") == players[1] else out
