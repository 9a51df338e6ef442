"""A Duel event's helpers (`duel.py`): reading a stored event's players, rounds and top
cut, each checked; the conflicts and warnings of a pairing; a pairing edited by hand."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from ludoteca.core.errors import DataFileError, IllegalAction
from ludoteca.core.i18n import _
from ludoteca.tournament.double_elim import Cut, cut_from_dict
from ludoteca.tournament.players import Match, Player, Round
from ludoteca.tournament.rulesets import RuleSet
from ludoteca.tournament.swiss import ConflictFn


def read_body(
    data: dict[str, Any], rules: RuleSet
) -> tuple[dict[str, Player], list[Round], Cut | None]:
    """The players, rounds and top cut of a stored event run under `rules`
    (`DataFileError` naming what is inconsistent)."""
    players: dict[str, Player] = {}
    top_cut: Cut | None = None
    for raw in data.get("players") or []:
        player = Player.from_dict(raw)
        if player.id in players:
            raise DataFileError(_("player id {id} appears twice", id=repr(player.id)))
        players[player.id] = player
    rounds = [Round.from_dict(r) for r in data.get("rounds") or []]
    for i, rnd in enumerate(rounds, start=1):
        _check_round(rnd, i, players)
        for m in rnd.matches:
            if m.result is not None and not rules.accepts(m.result):
                raise DataFileError(
                    _(
                        "round {number}: {result} is not a result under {rules}",
                        number=i,
                        result=repr(m.result.value),
                        rules=rules.name,
                    )
                )
    if data.get("top_cut") is not None:
        top_cut = cut_from_dict(data["top_cut"])
        if top_cut.kind != rules.cut:
            raise DataFileError(
                _("the top cut is not of the form the {rules} rule set runs", rules=rules.name)
            )
        unknown = set(top_cut.seeds) - set(players)
        if unknown:
            raise DataFileError(
                _("top cut names unknown players {value}", value=str(sorted(unknown)))
            )
    return players, rounds, top_cut


def _check_round(rnd: Round, number: int, players: dict[str, Player]) -> None:
    """Refuse a stored round that is out of order, skips tables or seats anyone twice."""
    if rnd.number != number:
        raise DataFileError(
            _("round {number} is stored in position {number2}", number=rnd.number, number2=number)
        )
    if [m.table for m in rnd.matches] != list(range(1, len(rnd.matches) + 1)):
        raise DataFileError(
            _("round {number}: tables must be numbered 1, 2, ... in order", number=number)
        )
    seated = [p for m in rnd.matches for p in (m.a, m.b) if p is not None]
    for p in seated:
        if p not in players:
            raise DataFileError(
                _("round {number} names unknown player {p}", number=number, p=repr(p))
            )
    if len(set(seated)) != len(seated):
        raise DataFileError(_("round {number} seats a player twice", number=number))


def conflict_fn(played: Sequence[Round], players: Iterable[Player], number: int) -> ConflictFn:
    """How often two players met in `played` (plus, in round 1, a shared group)."""
    met: dict[tuple[str, str], int] = {}
    for rnd in played:
        for m in rnd.matches:
            if m.b is not None:
                key = (m.a, m.b) if m.a < m.b else (m.b, m.a)
                met[key] = met.get(key, 0) + 1
    groups = {p.id: p.group for p in players} if number == 1 else {}

    def conflict(a: str, b: str) -> int:
        same_group = groups.get(a) is not None and groups.get(a) == groups.get(b)
        return met.get((a, b) if a < b else (b, a), 0) + int(same_group)

    return conflict


def pairing_warnings(
    number: int, matches: list[Match], byes: dict[str, int], met: ConflictFn
) -> list[str]:
    """What is wrong with round `number`'s pairing: second byes, rematches, round-1
    group mates."""
    out: list[str] = []
    in_round = [p for m in matches for p in (m.a, m.b) if p is not None]
    fewest = min((byes.get(p, 0) for p in in_round), default=0)
    for m in matches:
        if m.b is None:
            if byes.get(m.a, 0) > fewest:
                out.append(_("second bye: {p} gets a bye while others have fewer", p=m.a))
        elif met(m.a, m.b) and number == 1:
            out.append(
                _("round-1 group mates: {a} vs {b} (table {table})", a=m.a, b=m.b, table=m.table)
            )
        elif met(m.a, m.b):
            out.append(_("rematch: {a} vs {b} (table {table})", a=m.a, b=m.b, table=m.table))
    return out


def edited_pairs(
    matches: Sequence[Match],
    given: Sequence[tuple[str, str | None]],
    active: set[str],
    names: Mapping[str, str],
) -> list[tuple[str, str | None]]:
    """A round's pairs after a hand edit (`DuelEvent.set_pairings`): the given pairs take
    the places, in order, of the tables their players sat at; the other tables stay; given
    pairs left over go last. `IllegalAction` naming the active players of a changed table
    who are in no given pair (by `names`)."""
    named = {p for pair in given for p in pair if p is not None}
    queue = list(given)
    out: list[tuple[str, str | None]] = []
    stranded: list[str] = []
    for match in matches:
        seated = [p for p in (match.a, match.b) if p is not None]
        if not named.intersection(seated):
            out.append((match.a, match.b))
            continue
        stranded += [p for p in seated if p not in named and p in active]
        if queue:
            out.append(queue.pop(0))
    if stranded:
        raise IllegalAction(
            _(
                "{names}: their table changed but they are in no pair; pair them too, "
                "or give one of them the bye",
                names=", ".join(names[p] for p in stranded),
            )
        )
    return out + queue


def named_pairs(
    pairs: Sequence[tuple[str, str | None]],
    find: Callable[[str], str],
    allowed: set[str],
    number: int,
) -> list[tuple[str, str | None]]:
    """Hand-made pairs of round `number` by player id (`find`: a name, number or id to
    the id); `IllegalAction` for a missing first player, one not `allowed` to play, or
    one paired twice."""
    seen: set[str] = set()
    out: list[tuple[str, str | None]] = []
    for a, b in pairs:
        if not a:
            raise IllegalAction(_("each pair needs a first player; write a bye as (player, None)"))
        first, second = find(a), None if b is None else find(b)
        for p in (first, second):
            if p is None:
                continue
            if p not in allowed:
                raise IllegalAction(
                    _("player {p} cannot play in round {number}", p=repr(p), number=number)
                )
            if p in seen:
                raise IllegalAction(
                    _("player {p} is paired twice in round {number}", p=repr(p), number=number)
                )
            seen.add(p)
        out.append((first, second))
    return out


CUT_GAMES = (1, 3, 5, 7)
"""What a top-cut match may be played to, best of (`DuelEvent.set_cut_games`)."""


def checked_cut_games(rules: RuleSet, games: object) -> int:
    """`games` as a top-cut match's best of under `rules` (`IllegalAction` unless the
    rule set reports games and `games` is one of `CUT_GAMES`)."""
    if rules.report != "games":
        raise IllegalAction(
            _("{rules} does not report games: its cut matches have no best of", rules=rules.name)
        )
    if type(games) is not int or games not in CUT_GAMES:
        raise IllegalAction(
            _(
                "a top-cut match is best of {allowed}, not {games}",
                allowed="/".join(map(str, CUT_GAMES)),
                games=repr(games)[:16],
            )
        )
    return games


def read_cut_games(data: dict[str, Any], rules: RuleSet) -> int:
    """A stored event's top-cut best of (`DataFileError` if it is not one)."""
    if "cut_games" not in data:
        return rules.games
    try:
        return checked_cut_games(rules, data["cut_games"])
    except IllegalAction as exc:
        raise DataFileError(str(exc)) from None


def check_header(data: object, format_name: str, version: int) -> None:
    """`DataFileError` unless `data` is a stored Duel event of this format and version."""
    if not isinstance(data, dict) or data.get("format") != format_name:
        raise DataFileError(
            _("not a Duel event: 'format' must be {format}", format=repr(format_name))
        )
    if data.get("version") != version:
        raise DataFileError(
            _("unsupported Duel event version {value}", value=repr(data.get("version")))
        )
