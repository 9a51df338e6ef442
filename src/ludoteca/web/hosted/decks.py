"""Deck lists of events played on the site (issue 45, item 2): where the organizer asks for
them (the AGoT rules' events), each registered player submits theirs, checked on
submission against the event deck rules (*Limite de Tamanho dos Decks*, *Cartas
Restritas*: `tournament.decklist`), with the checker's messages when it breaks one. The
organizer sees them all; others only once the organizer publishes them (or never).
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request

from ludoteca.core import DataFileError
from ludoteca.core.i18n import _
from ludoteca.tournament.decklist import check_deck, deck_rules, parse_deck_text, parse_deck_toml
from ludoteca.web.accounts.api import signed_in
from ludoteca.web.events.api import AuthHeader, KeyQuery
from ludoteca.web.events.service import authorize
from ludoteca.web.events.views import players
from ludoteca.web.hosted.api import hosted_of
from ludoteca.web.shared.errors import bad_request, conflict, forbidden, unprocessable
from ludoteca.web.shared.openapi import DECK_BODY, ERRORS
from ludoteca.web.shared.requests import bearer, read_object

router = APIRouter(prefix="/api/events/{event_id}", responses=ERRORS)
MAX_DECK = 20_000
"""Characters of a deck list at most (a 60-card list is about 2,000)."""


def read_deck(text: str, restricted: tuple[str, ...]) -> str:
    """`text` if it is a legal deck list (TOML with [plot] and [draw], or plain text);
    422 with the parser's or the checker's messages otherwise."""
    try:
        deck = parse_deck_toml(text) if "[plot]" in text else parse_deck_text(text)
    except DataFileError as exc:
        raise unprocessable(str(exc)) from None
    broken = check_deck(deck, deck_rules(restricted))
    if broken:
        raise unprocessable("; ".join(violation.message for violation in broken))
    return text


@router.put("/deck", status_code=204, openapi_extra=DECK_BODY)
async def submit(event_id: str, request: Request) -> None:
    """Submit (or replace) the signed-in player's deck list `{text}`, checked now."""
    account, _token = await signed_in(request)
    hosted = hosted_of(request)
    hosting = await hosted.hosting(event_id[:32])
    if not hosting.decks:
        raise conflict(_("this event asks for no deck lists"))
    entry = await hosted.entry_of(account, event_id[:32])
    text = (await read_object(request)).get("text")
    if not isinstance(text, str) or not text.strip() or len(text) > MAX_DECK:
        raise bad_request(
            _("field 'text' must be a deck list of at most {most} characters", most=MAX_DECK)
        )
    checked = read_deck(text, hosting.restricted)
    await asyncio.to_thread(hosted.store.set_deck, event_id[:32], entry.account_id, checked)


@router.get("/decks")
async def decks(
    event_id: str, request: Request, key: KeyQuery = None, authorization: AuthHeader = None
) -> dict[str, Any]:
    """Every registered player's deck list: the organizer's always (with the key); anyone's
    once the organizer published them (403 before)."""
    hosted = hosted_of(request)
    hosting = await hosted.hosting(event_id[:32])
    event = await hosted.events.load(event_id[:32])
    given = bearer(key, authorization)
    if not hosting.decks_public:
        if not given:
            raise forbidden(_("the deck lists are private until the organizer publishes them"))
        authorize(event, given)
    names = {p["id"]: p["name"] for p in players(event.record.event)}
    listed = await asyncio.to_thread(hosted.store.decks, event.id)
    return {"decks": [{"player": names.get(p, p), "deck": deck} for p, deck in listed]}
