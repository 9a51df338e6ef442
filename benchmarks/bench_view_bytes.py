"""What a page is sent over a whole game: each view whole, or only the log it lacks.

Run: ``.venv/bin/python benchmarks/bench_view_bytes.py [--moves N]``. For each game, one
seeded random game (at most N moves) is played on a live table; after every move, seat 0's
view is encoded as the WebSocket sends it (`views.seat_view_text`) twice: whole, the
anchor (what every view was before), and with `since` (the log entries after those the
page holds, what is sent now). The figures are ratios in the same run: of the bytes, raw
and with each message deflated alone (zlib level 6, about what permessage-deflate sends),
and of the CPU time to encode and deflate them (the view itself is built once either way).
"""

from __future__ import annotations

import argparse
import random
import time
import zlib
from datetime import UTC, datetime

from ludoteca import games
from ludoteca.web.shared.records import StoredSeat, StoredTable
from ludoteca.web.tables.table import LiveTable
from ludoteca.web.tables.views import log_length, seat_view, seat_view_text

GAMES = tuple(games.built_in())
"""ludoteca's own games, from the registry."""


def _table(name: str, seed: int) -> LiveTable:
    game = games.load(name)
    seats = [StoredSeat(n, "human") for n in range(game.num_seats)]
    record = StoredTable("bench", name, dict(game.options), seed, datetime.now(UTC), seats)
    return LiveTable(record, game, game.new_game(seed))


def _sent(text: str) -> tuple[int, int, float]:
    """Bytes of `text`, bytes deflated, and the CPU seconds to deflate it."""
    start = time.process_time()
    raw = text.encode()
    deflated = len(zlib.compress(raw, 6))
    return len(raw), deflated, time.process_time() - start


def measure(name: str, moves: int, seed: int = 1) -> dict[str, float]:
    """Totals over one game of `name`: whole views against views since the page's log."""
    table = _table(name, seed)
    rng = random.Random(seed)
    totals = dict.fromkeys(
        ("whole", "whole_deflated", "whole_cpu", "since", "since_deflated", "since_cpu"), 0.0
    )
    held, played = 0, 0
    while True:
        seat_view(table, 0)  # built once per position and seat either way: not counted
        for kind, since in (("whole", 0), ("since", held)):
            start = time.process_time()
            text = seat_view_text(table, 0, since)
            encoded = time.process_time() - start
            raw, deflated, deflating = _sent(text)
            totals[kind] += raw
            totals[f"{kind}_deflated"] += deflated
            totals[f"{kind}_cpu"] += encoded + deflating
        held = log_length(table, 0)
        if table.state.is_terminal or played == moves:
            break
        table.state.apply(rng.choice(table.state.legal_actions()))
        played += 1
    totals["moves"] = played
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=2000, help="moves at most per game")
    args = parser.parse_args()
    print(
        "game        moves | raw MB: whole  since  ratio | deflated MB: whole  since  ratio | CPU"
    )
    for name in GAMES:
        t = measure(name, args.moves)
        print(
            f"{name:10} {t['moves']:6.0f} | {t['whole'] / 1e6:13.1f} {t['since'] / 1e6:6.2f} "
            f"{t['since'] / t['whole']:6.3f} | {t['whole_deflated'] / 1e6:18.1f} "
            f"{t['since_deflated'] / 1e6:6.2f} {t['since_deflated'] / t['whole_deflated']:6.3f} "
            f"| {t['since_cpu'] / t['whole_cpu']:.3f}"
        )


if __name__ == "__main__":
    main()
