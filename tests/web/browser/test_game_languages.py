"""Each game played in each language, in Debian's Chromium (issue 20): a Brazilian and an
Italian browser. The page, the board, the log and a refusal read in that language; a move
is made on the page."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.patience import eventually
from tests.web.browser.fixtures import (
    MOVE_LIST,
    api_view,
    clicks_every_move,
    create_table,
    new_page,
)

# Per locale: the move heading, and the words of a refusal (a move from a passed position).
PAGE = {"pt-BR": ("Sua vez", "lance atrasado"), "it": ("Tocca a te", "mossa superata")}
# Per game and locale: words of the log's first lines, and the board's own words.
GAMES: dict[str, dict[str, tuple[str, str]]] = {
    "toinc": {
        "pt-BR": ("esconde o marcador de posse", "Na mesa (esta jogada)"),
        "it": ("nasconde il segnalino del possesso", "Sul tavolo (questa giocata)"),
    },
    "touchdown": {
        "pt-BR": ("Sorteio: Amarelos d6", "o campo de Touch down"),
        "it": ("Sorteggio: Gialli d6", "il campo di Touch down"),
    },
    "futebol": {
        "pt-BR": ("Cara ou coroa:", "o campo"),
        "it": ("Lancio della moneta:", "il campo"),
    },
    "toxicity": {
        "pt-BR": ("Rodada 1: gamemaster ", "o tabuleiro de Toxicity 101"),
        "it": ("Round 1: gamemaster ", "il tabellone di Toxicity 101"),
    },
    # The plugin, from its own catalogs (examples/plugin-game/src/ludoteca_kalah/locale).
    "kalah": {
        "pt-BR": ("começa", "tabuleiro de Kalah"),
        "it": ("inizia", "tavoliere di Kalah"),
    },
}
SEATS = {"toxicity": (["human", "random", "random"], {"players": 3})}


def my_turn(page: Page, server_url: str, table: str, token: str) -> dict[str, Any]:
    def mine() -> dict[str, Any] | None:
        view = api_view(page, server_url, table, token)
        return view if view["observation"]["current_player"] == 0 else None

    return eventually(mine, "the computer handing over the turn", every=0.1)


@pytest.mark.parametrize("locale", sorted(PAGE))
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_move_of_a_game_in_its_players_language(
    browser: Browser, server_url: str, game: str, locale: str
) -> None:
    heading, refusal = PAGE[locale]
    logged, board_words = GAMES[game][locale]
    kinds, options = SEATS.get(game, (["human", "random"], {}))
    context = clicks_every_move(browser.new_context(locale=locale, reduced_motion="reduce"))
    context.add_init_script(f"localStorage.setItem({MOVE_LIST!r}, 'open')")
    try:
        page = new_page(context)
        created = create_table(page, server_url, game, kinds, options, seed=3)
        table, token = created["id"], created["seats"][0]["token"]
        page.goto(f"{server_url}/tables/{table}#token={token}")
        view = my_turn(page, server_url, table, token)
        expect(page.locator("html")).to_have_attribute("lang", locale)
        expect(page.locator("#move-heading")).to_have_text(heading)
        expect(page.locator("#events")).to_contain_text(logged)
        # The board's own words: Toinc writes them on the board, Touch down names its field.
        board = page.locator("#board svg").first
        expect(board).to_be_visible()
        shown = f"{board.text_content()} {board.get_attribute('aria-label')}"
        assert board_words in shown
        # A move, by its button (labelled in the page's language).
        first = page.locator("#actions button").first
        label = first.inner_text()
        assert label and label != first.get_attribute("data-action")
        first.click()
        expect(page.locator("#index")).not_to_have_text(str(view["index"]))
        # A refusal as the page would show it: the move of a position that has passed.
        answer = page.evaluate(
            """async ([table, token, index, action]) => {
              const response = await fetch(`/api/tables/${table}/actions`, { method: "POST",
                headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
                body: JSON.stringify({ index, action }) });
              return [response.status, (await response.json()).error];
            }""",
            [table, token, view["index"], view["observation"]["legal_actions"][0]],
        )
        assert answer[0] == 409 and refusal in answer[1], answer
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()
