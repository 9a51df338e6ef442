"""Issue 38: a lobby tile says how long its game took people on this site (web/tables/played.py)
beside the rulebook's figure, once enough games with the usual rules were played."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, expect
from sqlalchemy.orm import Session

from ludoteca import games
from ludoteca.web.tables.store import WebStore
from tests.web.browser.fixtures import new_page, serving
from tests.web.test_minutes import finished


def test_a_tile_shows_the_sites_median_beside_the_rulebooks_figure(
    browser: Browser, tmp_path: Path
) -> None:
    database = tmp_path / "web.db"
    store = WebStore(str(database))
    toinc = dict(games.load("toinc").options)
    with Session(store.engine) as session, session.begin():
        for number, minutes in enumerate([41, 55, 48, 39, 60]):
            finished(session, number, minutes, toinc, game="toinc")
    store.close()
    with serving(database) as url:
        context = browser.new_context()
        try:
            page = new_page(context)
            page.goto(url + "/")
            tile = page.locator('.tile[data-game="toinc"]')
            expect(tile).to_contain_text("about 45–60 min")  # *Tempo de Jogo: 45 – 60 minutos*
            expect(tile).to_contain_text("on this site: 48 min (median of 5 games)")
            expect(page.locator('.tile[data-game="futebol"] .played')).to_have_count(0)
            assert page.errors == []  # type: ignore[attr-defined]
        finally:
            context.close()
