"""Soak of the web app: normal play for a long while, with and without a hostile stranger
mixed in (issue 36, "Done when").

Each run starts `ludoteca serve` on a fresh database (SQLite, or PostgreSQL with
`--postgres`), plays `--tables` two-seat Toinc tables at a person's pace
(`bench_web_load.play`), and after the warm-up notes the server's RSS. An attacked run
also sends, all along, the patterns issue 36 found: `since` floods in three languages,
seat renames, huge-integer and deep bodies, costly agent specs, concurrent studies,
made-up names, frames of games in play, event listings. At the end it reports the RSS
against the warm-up's, people's move p99 attacked against quiet, the 5xx answers (503
"busy" is counted apart: it is the server saying no by design), and the acknowledged
moves missing from the store (none may be).

    python benchmarks/bench_web_soak.py --minutes 20 --tables 100 [--postgres URL]
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import psutil
from bench_web_load import (
    Pace,
    Tally,
    create_tables,
    fresh_database,
    percentile,
    play,
    server,
)

from ludoteca.web.store import WebStore

LANGUAGES = ("en", "pt-BR", "it")
DEEP = "[" * 7_000 + "]" * 7_000  # under the 16 KiB body cap: the nesting check answers
HUGE = "1" * 5_000
COSTLY = "ismcts:iterations=20000,depth=1000000000,rollout=heuristic"


@dataclass
class Attack:
    """Every hostile request's answer, by pattern and status."""

    answers: collections.Counter[tuple[str, int]] = field(default_factory=collections.Counter)

    def count(self, pattern: str, status: int) -> None:
        """Note one answer."""
        self.answers[(pattern, status)] += 1

    def failures(self) -> int:
        """Answers 500 and above but 503 (busy)."""
        return sum(n for (_p, status), n in self.answers.items() if status >= 500 and status != 503)


async def _requests(
    client: httpx.AsyncClient, tables: list[dict[str, object]], attack: Attack, stop: asyncio.Event
) -> None:
    """One hostile client: a request of a pattern drawn at random, until `stop`."""
    rng = random.Random(7)
    people = [{"kind": "human"}, {"kind": "human"}]
    mine = (await client.post("/api/tables", json={"game": "toinc", "seats": people})).json()
    token = mine["seats"][0]["token"]
    while not stop.is_set():
        table = str(rng.choice(tables)["id"])
        pattern = rng.choice(
            ["since", "rename", "huge", "deep", "costly", "names", "frames", "events"]
        )
        language = rng.choice(LANGUAGES)
        if pattern == "since":
            since = rng.randrange(0, 2_000)
            answer = await client.get(
                f"/api/tables/{table}/view?since={since}", headers={"Accept-Language": language}
            )
        elif pattern == "rename":
            answer = await client.post(
                f"/api/tables/{mine['id']}/name",
                params={"token": token},
                json={"name": f"Ana {rng.randrange(10**6)}"},
            )
        elif pattern == "huge":
            body = '{"game": "toinc", "seed": ' + HUGE + ', "seats": []}'
            answer = await client.post("/api/tables", content=body)
        elif pattern == "deep":
            answer = await client.post("/api/events", content=DEEP)
        elif pattern == "costly":
            seats = [{"kind": "agent", "agent": COSTLY}] * 2
            answer = await client.post("/api/tables", json={"game": "toinc", "seats": seats})
        elif pattern == "names":
            made_up = "x" * 8_000 + str(rng.randrange(10**9))
            answer = await client.get(f"/boards/{made_up}/board.js")
        elif pattern == "frames":
            answer = await client.get(f"/api/tables/{table}/frames/{rng.randrange(0, 50)}")
        else:
            answer = await client.get("/api/events")
        attack.count(pattern, answer.status_code)
        await asyncio.sleep(0.01)


async def _studies(client: httpx.AsyncClient, attack: Attack, stop: asyncio.Event) -> None:
    """Every 30 s, five studies asked for at once (at most two may run)."""
    body = {"game": "futebol", "games": 10, "level": "random"}
    while not stop.is_set():
        answers = await asyncio.gather(*(client.post("/api/studies", json=body) for _ in range(5)))
        for answer in answers:
            attack.count("study race", answer.status_code)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), timeout=30)


@dataclass
class Soaked:
    """One run's figures."""

    rss_warm: float
    rss_end: float
    p99: float
    moves: int
    lost: int
    attack: Attack | None


async def soak(
    base: str, pid: int, database: str, tables: int, seconds: float, attacked: bool
) -> Soaked:
    """Play (30 s warm-up, then `seconds`), attacked or not; the run's figures."""
    warmup, pace = 30.0, Pace(1.0, 2.0)
    created = await create_tables(base, tables, 1)
    tally, rss, stop, attack = Tally(), {}, asyncio.Event(), Attack()
    game = asyncio.create_task(play(base, created, pace, seconds, 1, tally, lambda: None, warmup))
    await asyncio.sleep(warmup)
    rss["warm"] = psutil.Process(pid).memory_info().rss
    hostile: list[asyncio.Task[None]] = []
    if attacked:
        cookie = str(created[0].get("cookie", ""))
        client = httpx.AsyncClient(base_url=base, timeout=60, headers={"Cookie": cookie})
        hostile = [asyncio.create_task(_requests(client, created, attack, stop)) for _ in range(4)]
        hostile.append(asyncio.create_task(_studies(client, attack, stop)))
    await game
    stop.set()
    await asyncio.gather(*hostile)
    rss["end"] = psutil.Process(pid).memory_info().rss
    store = WebStore(database)
    try:
        lost = 0
        for table_id, acked in tally.acked.items():
            stored = {index: action for index, _seat, action in store.actions(table_id)}
            lost += sum(1 for index, action in acked.items() if stored.get(index) != action)
    finally:
        store.close()
    ordered = sorted(tally.latencies)
    return Soaked(
        rss["warm"] / 2**20,
        rss["end"] / 2**20,
        percentile(ordered, 0.99) * 1000 if ordered else float("nan"),
        len(ordered),
        lost,
        attack if attacked else None,
    )


def run(postgres: str | None, tables: int, seconds: float, attacked: bool) -> Soaked:
    """One run on a fresh database and server."""
    with (
        tempfile.TemporaryDirectory() as folder,
        fresh_database(postgres, Path(folder)) as database,
        server(database) as (base, process),
    ):
        return asyncio.run(soak(base, process.pid, database, tables, seconds, attacked))


def main() -> None:
    """A quiet run and an attacked run; print both and the README line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=20.0)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--postgres", help="an admin URL of a PostgreSQL server (none: SQLite)")
    options = parser.parse_args()
    seconds = options.minutes * 60
    started = time.monotonic()
    quiet = run(options.postgres, options.tables, seconds, attacked=False)
    print(f"quiet: {quiet}", file=sys.stderr)
    loud = run(options.postgres, options.tables, seconds, attacked=True)
    assert loud.attack is not None
    print(f"attacked: {loud}", file=sys.stderr)
    for (pattern, status), count in sorted(loud.attack.answers.items()):
        print(f"  {pattern}: {status} x{count}", file=sys.stderr)
    busy = sum(n for (_p, status), n in loud.attack.answers.items() if status == 503)
    store = "PostgreSQL" if options.postgres else "SQLite"
    growth = loud.rss_end / loud.rss_warm - 1
    print(
        f"\n{store}, {options.tables} tables, {options.minutes:g} min each "
        f"({time.monotonic() - started:.0f} s in all):\n"
    )
    print(
        "| store | RSS warm → end | p99 quiet | p99 attacked | ratio | hostile requests | "
        "5xx (503 apart) | lost |\n|---|---|---:|---:|---:|---:|---:|---:|"
    )
    print(
        f"| {store} | {loud.rss_warm:.0f} → {loud.rss_end:.0f} MiB ({growth:+.1%}) "
        f"| {quiet.p99:.1f} ms | {loud.p99:.1f} ms | {loud.p99 / quiet.p99:.2f}× "
        f"| {sum(loud.attack.answers.values()):,} | {loud.attack.failures()} ({busy}) "
        f"| {quiet.lost + loud.lost} |"
    )


if __name__ == "__main__":
    main()
