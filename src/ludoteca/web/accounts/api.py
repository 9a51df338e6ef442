"""The accounts' HTTP API: sign up, sign in and out (here or everywhere), the account's
settings, its data, its deletion.

A session is a cookie (`COOKIE`: Secure, HttpOnly, SameSite=Lax). A request that changes
anything must come from this site (`same_site`: its `Origin` and `Sec-Fetch-Site`
headers, and a JSON body, which no other site's form can send) and, once signed in,
carry the session's CSRF token in `X-CSRF-Token` (`csrf_of`: the page reads it from
`GET /api/account`; another site can read neither it nor the cookie).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse, JSONResponse

from ludoteca.core.i18n import _, current
from ludoteca.web.accounts.games import claims_of
from ludoteca.web.accounts.passkeys import Party, party_of
from ludoteca.web.accounts.service import AccountService
from ludoteca.web.accounts.store import SESSION_DAYS, Account
from ludoteca.web.shared.errors import WebError, forbidden, unauthorized
from ludoteca.web.shared.openapi import (
    ACCOUNT_BODY,
    ERRORS,
    LINK_BODY,
    PASSWORD_BODY,
    SEATS_BODY,
    SIGN_IN_BODY,
    SIGN_UP_BODY,
)
from ludoteca.web.shared.pages import templates
from ludoteca.web.shared.requests import read_object

router = APIRouter(responses=ERRORS)
pages = APIRouter(include_in_schema=False)
COOKIE = "ludoteca_session"
CSRF_HEADER = "x-csrf-token"
TOKEN_LENGTH = 64
"""Characters of a session cookie's value at most (a made one has 43)."""


def accounts_of(request: Request) -> AccountService:
    """The app's account service."""
    service: AccountService = request.app.state.accounts
    return service


def csrf_of(token: str) -> str:
    """The CSRF token of the session `token`: derived from it, so nothing more is kept."""
    return hashlib.sha256(b"csrf:" + token.encode()).hexdigest()


def same_site(request: Request) -> None:
    """403 unless a changing request comes from this site's own pages (or from no
    browser at all: a script sends no `Origin`); 415 unless its body is JSON, which no
    other site's form can send (a `text/plain` form can write a body that parses as JSON)."""
    fetch_site = request.headers.get("sec-fetch-site")
    if fetch_site is not None and fetch_site not in ("same-origin", "none"):
        raise forbidden(_("refused: the request comes from another site"))
    origin = request.headers.get("origin")
    if origin is not None and urlsplit(origin).netloc != request.headers.get("host"):
        raise forbidden(_("refused: the request comes from another site"))
    kind = request.headers.get("content-type")
    if kind is not None and kind.split(";")[0].strip().lower() != "application/json":
        raise WebError(415, _("send the body as JSON (Content-Type: application/json)"))


def session_token(request: Request) -> str | None:
    """The session cookie's value, if it has the shape of one."""
    token = request.cookies.get(COOKIE)
    return token if token and len(token) <= TOKEN_LENGTH and token.isascii() else None


async def signed_in(request: Request, *, changing: bool = True) -> tuple[Account, str]:
    """The account of the request's session and its token; 401 if none. A `changing`
    request must also come from this site and carry the session's CSRF token (403)."""
    if changing:
        same_site(request)
    token = session_token(request)
    account = None if token is None else await _account_of(request, token)
    if account is None or token is None:
        raise unauthorized(_("sign in first"))
    if changing:
        given = request.headers.get(CSRF_HEADER, "")
        if not hmac.compare_digest(given.encode(), csrf_of(token).encode()):
            raise forbidden(_("refused: the page's CSRF token is missing or wrong"))
    return account, token


async def _account_of(request: Request, token: str) -> Account | None:
    return await asyncio.to_thread(accounts_of(request).store.account_of, token)


def party(request: Request) -> Party:
    """The passkeys' relying party the request reached (422 on an IP address)."""
    return party_of(request.headers.get("host", ""))


def address_of(request: Request) -> str:
    """The address a request came from (what the rate limits count against)."""
    return request.client.host if request.client else "unknown"


def signed_in_response(
    account: Account, token: str, status: int, extra: dict[str, Any] | None = None
) -> JSONResponse:
    """The account, its CSRF token (and `extra`'s fields), and the session cookie set."""
    body = {"account": account.to_json(), "csrf": csrf_of(token), **(extra or {})}
    response = JSONResponse(body, status)
    response.set_cookie(
        COOKIE,
        token,
        max_age=SESSION_DAYS * 24 * 3600,
        path="/",
        secure=True,
        httponly=True,
        samesite="lax",
    )
    return response


def signed_out_response() -> Response:
    """204, the session cookie cleared."""
    response = Response(status_code=204)
    response.delete_cookie(COOKIE, path="/", secure=True, httponly=True, samesite="lax")
    return response


@router.post("/api/accounts", status_code=201, openapi_extra=SIGN_UP_BODY)
async def sign_up(request: Request) -> JSONResponse:
    """Make an account `{name, password}` and sign in with it (the cookie is set)."""
    same_site(request)
    data = await read_object(request)
    account, token = await accounts_of(request).sign_up(data, address_of(request), current())
    return signed_in_response(account, token, 201)


@router.post("/api/session", openapi_extra=SIGN_IN_BODY)
async def sign_in(request: Request) -> JSONResponse:
    """Sign in with `{name, password}` (the cookie is set)."""
    same_site(request)
    data = await read_object(request)
    account, token = await accounts_of(request).sign_in(data, address_of(request))
    return signed_in_response(account, token, 200)


@router.post("/api/session/link", openapi_extra=LINK_BODY)
async def sign_in_by_link(request: Request) -> JSONResponse:
    """Sign in with a player's link `{token}`: a name-only account, made when its player
    registered for an event (the cookie is set)."""
    same_site(request)
    data = await read_object(request)
    account, token = await accounts_of(request).by_link(data, address_of(request))
    return signed_in_response(account, token, 200)


@router.get("/api/account")
async def me(request: Request) -> dict[str, Any]:
    """The signed-in account and its CSRF token; both null when signed out (every page
    asks, for its top bar: not an error)."""
    token = session_token(request)
    account = None if token is None else await _account_of(request, token)
    if account is None or token is None:
        return {"account": None, "csrf": None}
    return {"account": account.to_json(), "csrf": csrf_of(token)}


@router.patch("/api/account", openapi_extra=ACCOUNT_BODY)
async def update(request: Request) -> dict[str, Any]:
    """Change some of `{name, language, theme, private}`."""
    account, _token = await signed_in(request)
    changed = await accounts_of(request).update(account, await read_object(request))
    return {"account": changed.to_json()}


@router.delete("/api/session", status_code=204)
async def sign_out(request: Request) -> Response:
    """Sign this browser out."""
    _account, token = await signed_in(request)
    await asyncio.to_thread(accounts_of(request).store.end_session, token)
    return signed_out_response()


@router.delete("/api/sessions", status_code=204)
async def sign_out_everywhere(request: Request) -> Response:
    """Sign out every browser signed in to the account, this one too."""
    account, _token = await signed_in(request)
    await asyncio.to_thread(accounts_of(request).store.end_sessions, account.id)
    return signed_out_response()


@router.get("/api/account/data")
async def data(request: Request) -> JSONResponse:
    """Everything kept about the account, as a file to download."""
    account, _token = await signed_in(request, changing=False)
    passkeys = await asyncio.to_thread(request.app.state.passkeys.store.of_account, account.id)
    kept = [{"id": cid, "added_at": at.isoformat()} for cid, at in passkeys]
    response = JSONResponse({"account": account.to_json(), "passkeys": kept})
    response.headers["content-disposition"] = 'attachment; filename="ludoteca-account.json"'
    return response


@router.delete("/api/account", status_code=204, openapi_extra=PASSWORD_BODY)
async def delete(request: Request) -> Response:
    """Delete the account, proved again by `{password}` or by a passkey's sign-in answer
    `{challenge_id, credential}`: it, its sessions, passkeys and ratings are gone; its
    games stay, the names at its seats cleared, and its players in events renamed
    `#<number>`."""
    account, _token = await signed_in(request)
    body = await read_object(request)
    service = accounts_of(request)
    if await _name_only(request, account):
        pass  # its sessions are its only proof: a player's link (`by_link`)
    elif "credential" in body:
        passkeys = request.app.state.passkeys
        proved = await passkeys.prove(party(request), body, address_of(request))
        if proved != account.id:
            raise unauthorized(_("this passkey was not accepted"))
    else:
        await service.check_password(account, body.get("password"))
    await request.app.state.rated.anonymise(account.id)
    for forget in service.deleting:
        await forget(account.id)
    await asyncio.to_thread(service.store.delete, account.id)
    return signed_out_response()


async def _name_only(request: Request, account: Account) -> bool:
    """Whether the account has neither a password nor a passkey (a player's link's)."""
    service = accounts_of(request)
    if await asyncio.to_thread(service.store.hash_of, account.id) is not None:
        return False
    store = request.app.state.passkeys.store
    return not await asyncio.to_thread(store.of_account, account.id)


@router.post("/api/account/seats", openapi_extra=SEATS_BODY)
async def claim(request: Request) -> dict[str, Any]:
    """Link to the account the seats `{seats: [{table, seat, token}]}` whose tokens this
    browser holds (at most 64; a wrong token or another account's seat links nothing):
    `{held}`, how many of them are the account's."""
    account, _token = await signed_in(request)
    claims = claims_of(await read_object(request))
    held = await asyncio.to_thread(accounts_of(request).games.claim, account.id, claims)
    return {"held": held}


@router.get("/api/account/games")
async def my_games(request: Request) -> dict[str, Any]:
    """The seats the account sat at, newest first: `{seats: [{table, seat}]}` (the tables'
    lobby lines: `GET /api/tables?ids=`)."""
    account, _token = await signed_in(request, changing=False)
    seats = await asyncio.to_thread(accounts_of(request).games.seats, account.id)
    return {"seats": [{"table": table, "seat": seat} for table, seat in seats]}


@pages.get("/account", response_class=HTMLResponse)
def account_page(request: Request) -> HTMLResponse:
    """Sign in or make an account; signed in, the account's settings (a shell: its script
    reads the account from the API)."""
    return templates.TemplateResponse(request, "account.html", {})
