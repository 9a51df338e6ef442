"""The web app in the reader's language (issue 20): chosen from the address, the cookie
or the browser, said in the answer, remembered, and given to the pages' scripts."""

from __future__ import annotations

import json
import re

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.core import i18n as core_i18n
from ludoteca.web.shared.i18n import chosen_locale, languages
from tests.depth import examples
from tests.web.test_tournament_duel import new_event, post


def catalog_in(page: str) -> dict[str, str]:
    found = re.search(r'<script type="application/json" id="i18n-catalog">(.*?)</script>', page)
    assert found is not None
    loaded: dict[str, str] = json.loads(found.group(1))
    return loaded


def test_the_browsers_language_is_used(client: TestClient) -> None:
    page = client.get("/", headers={"Accept-Language": "pt-BR,pt;q=0.9,en;q=0.5"})
    assert page.headers["content-language"] == "pt-BR"
    assert "Accept-Language" in page.headers["vary"]
    assert '<html lang="pt-BR">' in page.text
    assert "Jogar agora" in page.text and "Play now" not in page.text
    italian = client.get("/events", headers={"Accept-Language": "it-IT"})
    assert '<html lang="it">' in italian.text and "Nuovo evento" in italian.text


def test_english_when_the_browser_asks_for_a_language_not_spoken(client: TestClient) -> None:
    page = client.get("/", headers={"Accept-Language": "de-DE,fr;q=0.8"})
    assert page.headers["content-language"] == "en"
    assert "Play now" in page.text
    assert catalog_in(page.text) == {}


def test_a_lang_address_chooses_and_is_remembered(client: TestClient) -> None:
    """?lang=it wins over the browser's language and sets the cookie the switcher sets;
    the next page, without ?lang=, is still Italian."""
    page = client.get("/?lang=it", headers={"Accept-Language": "pt-BR"})
    assert '<html lang="it">' in page.text
    assert "lang=it;" in page.headers["set-cookie"]
    again = client.get("/", headers={"Accept-Language": "pt-BR"})
    assert '<html lang="it">' in again.text


def test_an_unknown_language_in_the_address_or_cookie_is_ignored(client: TestClient) -> None:
    client.cookies.set("lang", "xx")
    page = client.get("/?lang=<script>", headers={"Accept-Language": "pt-BR"})
    assert page.status_code == 200
    assert page.headers["content-language"] == "pt-BR"
    assert "set-cookie" not in page.headers
    assert "<script>" not in page.text.split("</head>")[0].split("i18n-catalog")[0]


def test_the_switcher_lists_every_language_in_its_own_name(client: TestClient) -> None:
    """The top bar names a language alone where no other locale shares it (a phone's
    bar cut `Português (Brasil)` to `Português (`)."""
    page = client.get("/", headers={"Accept-Language": "it"}).text
    assert '<option value="pt-BR" lang="pt-BR">Português</option>' in page
    assert '<option value="it" lang="it" selected>Italiano</option>' in page
    assert '<option value="en" lang="en">English</option>' in page


def test_languages_sharing_a_name_keep_their_countries(monkeypatch: pytest.MonkeyPatch) -> None:
    assert ("pt-BR", "Português (Brasil)") in languages()
    monkeypatch.setattr(core_i18n, "locales", lambda: ["en", "pt-BR", "pt-PT", "it"])
    assert languages(short=True) == [
        ("en", "English"),
        ("pt-BR", "Português (Brasil)"),
        ("pt-PT", "Português (Portugal)"),
        ("it", "Italiano"),
    ]


def test_the_page_scripts_get_their_messages_in_the_pages_language(client: TestClient) -> None:
    catalog = catalog_in(client.get("/", headers={"Accept-Language": "pt-BR"}).text)
    assert catalog["Your move — {title}"] == "Sua vez — {title}"
    assert catalog["Pass the device to {name}"] == "Passe o aparelho para {name}"
    # Only the scripts' messages travel with the page, not the templates' or the games'.
    assert "Create table" not in catalog


def test_the_tournament_views_name_rounds_in_the_readers_language(client: TestClient) -> None:
    event, key = new_event(client)
    for name in ("Ana", "Bruno"):
        post(client, event, key, "players", {"name": name})
    post(client, event, key, "rounds", {})
    brazil = client.get(f"/api/events/{event}", headers={"Accept-Language": "pt-BR"})
    italy = client.get(f"/api/events/{event}", headers={"Accept-Language": "it"})
    assert brazil.json()["rounds"][0]["label"] == "Rodada 1"
    assert italy.json()["rounds"][0]["label"] == "Turno 1"


@settings(max_examples=examples(200))
@given(
    st.text(max_size=40),
    st.text(max_size=80),
    st.text(alphabet=st.characters(codec="latin-1"), max_size=80),
)
def test_no_address_cookie_or_header_breaks_the_choice(
    query: str, header: str, cookie: str
) -> None:
    scope = {
        "type": "http",
        "query_string": ("lang=" + query).encode("utf-8"),
        "headers": [
            (b"accept-language", header.encode("utf-8")),
            (b"cookie", cookie.encode("latin-1")),
        ],
    }
    locale, _ = chosen_locale(scope)
    assert locale in ("en", "it", "pt-BR")


def test_a_refused_move_says_why_in_the_readers_language(client: TestClient) -> None:
    """The API's own refusals (a stale move) and the rules' (an illegal action) are both
    written in the language the request asks for; the status is the same in each."""
    made = client.post(
        "/api/tables",
        json={"game": "toinc", "options": {}, "seats": [{"kind": "human"}, {"kind": "human"}]},
    ).json()
    token = made["seats"][0]["token"]
    move = {"index": 5, "action": "hide:left"}
    where = f"/api/tables/{made['id']}/actions?token={token}"
    stale = client.post(where, json=move, headers={"Accept-Language": "pt-BR"})
    assert stale.status_code == 409
    assert stale.json()["error"].startswith("lance atrasado: a mesa ")
    illegal = client.post(
        where, json={"index": 0, "action": "guess:left"}, headers={"Accept-Language": "it"}
    )
    assert illegal.status_code == 422
    assert "'guess:left' non è ammessa nella fase hide per il posto 0" in illegal.json()["error"]
    english = client.post(where, json={"index": 0, "action": "guess:left"})
    assert "'guess:left' is not legal in phase hide for seat 0" in english.json()["error"]


def test_a_refused_option_is_explained_in_the_readers_language(client: TestClient) -> None:
    """A table asked for with an option out of range: one 422 naming the option and its
    limit, in the reader's language (the engine's own errors go through the catalogs)."""
    body = {"game": "futebol", "options": {"goals": 999}, "seats": [{"kind": "human"}] * 2}
    answers = {
        lang: client.post(f"/api/tables?lang={lang}", json=body) for lang in ("en", "pt-BR", "it")
    }
    assert {answer.status_code for answer in answers.values()} == {422}
    errors = {lang: answer.json()["error"] for lang, answer in answers.items()}
    assert errors["en"] == "option 'goals' of futebol must be at most 20, got 999"
    assert errors["pt-BR"] == "a opção 'goals' de futebol deve ser no máximo 20, recebido 999"
    assert errors["it"] == "l'opzione 'goals' di futebol deve essere al massimo 20, ricevuto 999"
