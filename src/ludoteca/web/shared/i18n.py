"""The reader's language on the web: chosen per request, given to the templates and
the pages' scripts.

A request is answered in the language of, in order: a `?lang=` in its address (a
shared link; it is then remembered), the `lang` cookie (the top bar's choice), the
browser's `Accept-Language`, else English. The pages' ES modules read the messages
they use from a JSON catalog in the page, built from the same gettext catalogs.
"""

from __future__ import annotations

import functools
from collections import Counter
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from babel.messages.pofile import read_po
from jinja2 import Environment
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ludoteca.core import i18n

COOKIE = "lang"
YEAR = 365 * 24 * 3600


def chosen_locale(scope: Scope) -> tuple[str, bool]:
    """The locale a request asks for, and whether its address chose it (`?lang=`)."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    asked = i18n.best_match(query.get("lang", [])[:1])
    if asked is not None:
        return asked, True
    headers = {key.decode("latin-1"): value.decode("latin-1") for key, value in scope["headers"]}
    cookie = SimpleCookie()
    try:
        cookie.load(headers.get("cookie", ""))
    except Exception:  # a malformed Cookie header is ignored, as browsers send what they like
        cookie = SimpleCookie()
    if COOKIE in cookie:
        kept = i18n.best_match([cookie[COOKIE].value])
        if kept is not None:
            return kept, False
    return i18n.from_accept_language(headers.get("accept-language", "")[:512]), False


class LocaleMiddleware:
    """Sets the locale for each HTTP request and WebSocket; remembers a `?lang=` in a
    cookie; says the answer's language (`Content-Language`) and what it depends on."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        locale, from_address = chosen_locale(scope)
        if scope["type"] == "websocket":  # no headers to add: every message passes as it is
            with i18n.using(locale):
                await self.app(scope, receive, send)
            return

        async def send_with_language(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers.append((b"content-language", locale.encode()))
                headers.append((b"vary", b"Accept-Language, Cookie"))
                if from_address:
                    cookie = f"{COOKIE}={locale}; Path=/; Max-Age={YEAR}; SameSite=Lax"
                    headers.append((b"set-cookie", cookie.encode()))
                message = {**message, "headers": headers}
            await send(message)

        with i18n.using(locale):
            await self.app(scope, receive, send_with_language)


def install(environment: Environment) -> None:
    """Give a Jinja environment gettext (`_`, `gettext`, `ngettext`, `{% trans %}`) in the
    current locale, and the globals the base page uses."""
    environment.add_extension("jinja2.ext.i18n")
    environment.install_gettext_callables(  # type: ignore[attr-defined]
        _gettext, _ngettext, newstyle=False
    )
    environment.globals.update(
        locale=i18n.current,
        languages=languages,
        js_catalog=lambda: js_catalog(i18n.current()),
    )


def _gettext(message: str, **args: Any) -> str:
    return i18n._(message, **args)


def _ngettext(singular: str, plural: str, n: int, **args: Any) -> str:
    return i18n.ngettext(singular, plural, n, **args)


def languages(short: bool = False) -> list[tuple[str, str]]:
    """(tag, name in itself) of every language, for a switcher; `short`: the language
    alone (`Português`) where no other locale shares it, for the top bar (a select is as
    wide as its longest name, and a phone's bar has no room for `Português (Brasil)`)."""
    tags = i18n.locales()
    shared = Counter(tag.partition("-")[0] for tag in tags)
    return [
        (tag, i18n.display_name(tag, region=not short or shared[tag.partition("-")[0]] > 1))
        for tag in tags
    ]


def js_catalog(locale: str) -> dict[str, str]:
    """The translations of the messages the pages' scripts use (a catalog entry whose
    source is a `.js` file, a game plugin's included), by English message id; empty for
    English."""
    if locale == i18n.SOURCE:
        return {}
    return _js_catalog(tuple(i18n.catalog_files(locale)))


@functools.cache
def _js_catalog(files: tuple[Path, ...]) -> dict[str, str]:
    found: dict[str, str] = {}
    for file in reversed(files):  # ludoteca's own last: it wins
        with file.open("rb") as handle:
            catalog = read_po(handle)
        found |= {
            str(message.id): str(message.string)
            for message in catalog
            if message.id
            and isinstance(message.id, str)
            and message.string
            and any(path.endswith(".js") for path, _line in message.locations)
        }
    return found
