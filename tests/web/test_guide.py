"""Learning a game in the page (issue 19, item 2): each game's "How to play" guide and the
terms its board explains, as the API and the guide page serve them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ludoteca import games
from ludoteca.games import built_in
from ludoteca.web.tables.guide import _MARKDOWN

RULES = Path(__file__).resolve().parents[3] / "shared" / "rules"
BUILT_IN = tuple(built_in())


def test_every_game_has_a_guide_with_html_and_terms(client: TestClient) -> None:
    """Every playable game answers its guide; the four built-in games each have their own
    "How to play" (sections, not the one-line summary) and terms for their boards."""
    for game in client.get("/api/games").json()["games"]:
        answer = client.get(f"/api/games/{game['name']}/guide")
        assert answer.status_code == 200, answer.text
        guide = answer.json()
        assert guide["game"] == game["name"] and guide["html"].strip()
        if game["name"] in BUILT_IN:
            assert guide["html"].count("<h3>") >= 3, game["name"]
            assert guide["terms"] and all(text.strip() for text in guide["terms"].values())


def test_an_unknown_game_has_no_guide(client: TestClient) -> None:
    """An unknown game is one clear 404; a stranger's long name is not echoed whole."""
    answer = client.get("/api/games/" + "x" * 3000 + "/guide")
    assert answer.status_code == 404
    assert len(answer.json()["error"]) < 200
    page = client.get("/games/nosuchgame", headers={"accept": "text/html"})
    assert page.status_code == 404 and "This page cannot be shown" in page.text


def test_the_guide_page_shows_how_to_play_and_the_terms(client: TestClient) -> None:
    """/games/NAME: the guide as a page of its own, with every term of the board."""
    page = client.get("/games/toinc", headers={"accept": "text/html"})
    assert page.status_code == 200
    assert "How to play Toinc" in page.text and "desfecho" in page.text
    assert "contest a medium pass" in page.text  # LM, from the deck's own text
    # The page's template context is not the API's answer (a page left the request in it).
    answer = client.get("/api/games/toinc/guide")
    assert answer.status_code == 200 and set(answer.json()) == {
        "game",
        "title",
        "rulebook",
        "html",
        "terms",
        "tutorial",
    }


def test_markdown_in_a_guide_cannot_carry_markup() -> None:
    """A guide's Markdown is rendered with raw HTML off: tags come out as text."""
    html = _MARKDOWN.render('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">')
    assert "<script" not in html and "<img" not in html
    assert "&lt;script&gt;" in html


def _plain(text: str) -> str:
    """Text without Markdown emphasis, quotes' markers and line breaks, for comparing."""
    text = re.sub(r"[*_]", "", text)
    return " ".join(text.split())


@pytest.mark.skipif(not RULES.is_dir(), reason="the rulebooks (../shared/rules) are not here")
@pytest.mark.parametrize("name", BUILT_IN)
def test_a_guides_quotes_are_the_rulebooks_own_words(name: str) -> None:
    """Every passage a guide quotes ("> ...") is found word for word in its rulebook."""
    cls = games.game_class(name)
    rulebook = _plain((RULES / cls.info.rulebook).read_text(encoding="utf-8"))
    quoted = "\n".join(
        line[1:] for line in cls.guide().how_to_play.splitlines() if line.startswith(">")
    )
    passages = re.findall(r'"(.+?)"', _plain(quoted))
    assert passages, f"{name}'s guide quotes no passage of its rulebook"
    for passage in passages:
        assert passage in rulebook, passage


def test_the_guided_first_game_has_a_step_for_every_decision_and_no_other() -> None:
    """Toinc's and Touch down's tutorials say what to do in every phase a person decides
    in (the phases a game awaits a move in: its declared `phases` but the ends), and name
    no phase the game does not have."""
    no_decision = {"toinc": {"over"}, "touchdown": {"dead", "over"}}
    for name, ends in no_decision.items():
        declared = games.game_class(name).phases
        assert declared is not None
        phases = {phase.value for phase in declared} - ends
        tutorial = dict(games.game_class(name).guide().tutorial)
        assert tutorial.pop("intro").strip()
        assert set(tutorial) == phases, name
        assert all(text.strip() for text in tutorial.values())


def test_the_guide_is_served_in_the_readers_language(client: TestClient) -> None:
    """The guide's API and page follow the reader's language (?lang=, the cookie or
    Accept-Language); each language is its own, however the requests interleave."""
    italian = client.get("/api/games/touchdown/guide", params={"lang": "it"}).json()
    assert "Un&#39;azione" in italian["html"] or "Un'azione" in italian["html"]
    assert italian["terms"]["role:D"] == "D — difensore"
    assert italian["tutorial"]["toss"].startswith("Hai vinto il sorteggio")
    client.cookies.clear()
    english = client.get("/api/games/touchdown/guide", headers={"accept-language": "en"})
    assert "An action" in english.json()["html"]
    page = client.get(
        "/games/toinc", headers={"accept": "text/html", "accept-language": "pt-BR,pt;q=0.9"}
    )
    assert page.status_code == 200
    assert "Uma <em>jogada</em>, em nove fases" in page.text
    assert "contestar um lançamento médio" in page.text  # LM, from the deck's own text
