"""A deleted account's name taken out of the events it played on the site.

An account's registration made it an event's player, named as the account was; a Duel
player's id is made from that name too (`ana-silva`). When the account is deleted
(`DELETE /api/account`), its players stay, so that pairings, standings and the other
players' tiebreaks do not change, but each is renamed `#<number>` (its player number),
a Duel player's id `p<number>`: in the event's snapshot (players, matches, the top cut,
the pairing warnings, the staff's list of players), in its journal's arguments and in
the standings its webhooks' stored deliveries carry.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Swaps:
    """What a forgotten player's id and name became (empty: no such player)."""

    ids: dict[str, str] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.ids or self.names)


def anonymous(number: int) -> str:
    """The name a deleted account's player takes."""
    return f"#{number}"


def forget_player(snapshot: dict[str, Any], player_id: str) -> Swaps:
    """Rename the player `player_id` of a stored snapshot in place; what its id and name
    became (empty if there is no such player)."""
    event = snapshot["event"]
    players: list[dict[str, Any]] = event["players"]
    if players and "id" in players[0]:
        swaps = _duel(event, player_id)
    else:  # a melee player's id is its number
        found = [p for p in players if str(p["number"]) == player_id]
        swaps = Swaps(names={p["name"]: anonymous(p["number"]) for p in found})
        for player in found:
            player["name"] = anonymous(player["number"])
    staff = snapshot.get("staff") or {}
    staff["players"] = [swaps.names.get(name, name) for name in staff.get("players", [])]
    return swaps


def _duel(event: dict[str, Any], player_id: str) -> Swaps:
    found = [p for p in event["players"] if p["id"] == player_id]
    if not found:
        return Swaps()
    player = found[0]
    taken = {p["id"] for p in event["players"]}
    new_id, extra = f"p{player['number']}", 1
    while new_id in taken and new_id != player_id:
        extra += 1
        new_id = f"p{player['number']}-{extra}"
    swaps = Swaps({player_id: new_id}, {player["name"]: anonymous(player["number"])})
    player["id"], player["name"] = new_id, anonymous(player["number"])
    ids = swaps.ids
    word = re.compile(rf"(?<![\w-]){re.escape(player_id)}(?![\w-])")
    rounds: list[dict[str, Any]] = [*event["rounds"], *_cut_rounds(event)]
    for rnd in rounds:
        for match in rnd["matches"]:
            for side in ("a", "b"):
                match[side] = ids.get(match[side], match[side])
        if "warnings" in rnd:
            rnd["warnings"] = [word.sub(new_id, str(text)) for text in rnd["warnings"]]
    cut = event.get("top_cut")
    if cut:
        cut["seeds"] = [ids.get(seed, seed) for seed in cut["seeds"]]
    return swaps


def _cut_rounds(event: dict[str, Any]) -> list[dict[str, Any]]:
    """The top cut's rounds, each as `{matches}` (a cut's round is its list of matches)."""
    cut = event.get("top_cut")
    return [{"matches": matches} for matches in cut["rounds"]] if cut else []


def forget_in_arguments(arguments: dict[str, Any], swaps: Swaps) -> dict[str, Any]:
    """A journal line's arguments with the player's old name (`name`) and id (`player`,
    `pairs`) swapped; no other value is touched: a result `win` is not a player `win`."""
    return _swapped(arguments, {"name": swaps.names, "player": swaps.ids, "pairs": swaps.ids})


def forget_in_payload(payload: dict[str, Any], swaps: Swaps) -> dict[str, Any]:
    """A webhook delivery's payload with the player's old name and id swapped in its
    standings (`{player: name, id, tied_with: [names]}` rows)."""
    rows = payload.get("standings")
    if not isinstance(rows, list):
        return payload
    keys = {"player": swaps.names, "id": swaps.ids, "tied_with": swaps.names}
    return {**payload, "standings": [_swapped(row, keys) for row in rows]}


def _swapped(data: dict[str, Any], keys: dict[str, dict[str, str]]) -> dict[str, Any]:
    return {key: _swap(value, keys[key]) if key in keys else value for key, value in data.items()}


def _swap(value: Any, swaps: dict[str, str]) -> Any:
    if isinstance(value, str):
        return swaps.get(value, value)
    if isinstance(value, list):
        return [_swap(item, swaps) for item in value]
    return value
