"""The passkeys' HTTP API (WebAuthn): each ceremony is its options, then the browser's
answer. Requests are checked as the accounts' others are (`api.same_site`, the CSRF token
once signed in)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from ludoteca.core.i18n import current
from ludoteca.web.accounts.api import (
    accounts_of,
    address_of,
    party,
    same_site,
    signed_in,
    signed_in_response,
)
from ludoteca.web.accounts.ceremonies import Passkeys
from ludoteca.web.shared.openapi import ERRORS, NAME_BODY, PASSKEY_BODY
from ludoteca.web.shared.requests import read_object

router = APIRouter(responses=ERRORS)


def passkeys_of(request: Request) -> Passkeys:
    """The app's passkey ceremonies."""
    passkeys: Passkeys = request.app.state.passkeys
    return passkeys


@router.post("/api/passkeys/sign-up/options", openapi_extra=NAME_BODY)
async def sign_up_options(request: Request) -> Any:
    """The options for `navigator.credentials.create` to make an account `{name}`."""
    same_site(request)
    data = await read_object(request)
    return await passkeys_of(request).sign_up_options(party(request), data, address_of(request))


@router.post("/api/passkeys/sign-up", status_code=201, openapi_extra=PASSKEY_BODY)
async def sign_up(request: Request) -> JSONResponse:
    """Make the account with the browser's new passkey `{challenge_id, credential}`
    (signed in: the cookie is set)."""
    same_site(request)
    data = await read_object(request)
    account, token = await passkeys_of(request).sign_up(
        party(request), data, address_of(request), current()
    )
    return signed_in_response(account, token, 201)


@router.post("/api/passkeys/sign-in/options")
async def sign_in_options(request: Request) -> Any:
    """The options for `navigator.credentials.get` to sign in with a passkey."""
    same_site(request)
    return await passkeys_of(request).sign_in_options(party(request), address_of(request))


@router.post("/api/passkeys/sign-in", openapi_extra=PASSKEY_BODY)
async def sign_in(request: Request) -> JSONResponse:
    """Sign in with the browser's passkey `{challenge_id, credential}` (the cookie is set)."""
    same_site(request)
    data = await read_object(request)
    passkeys = passkeys_of(request)
    account_id = await passkeys.prove(party(request), data, address_of(request))
    account, token = await accounts_of(request).signed_in(account_id)
    return signed_in_response(account, token, 200)


@router.post("/api/passkeys/add/options")
async def add_options(request: Request) -> Any:
    """The options to add a passkey to the signed-in account."""
    account, _token = await signed_in(request)
    return await passkeys_of(request).add_options(party(request), account)


@router.post("/api/passkeys", status_code=201, openapi_extra=PASSKEY_BODY)
async def add(request: Request) -> dict[str, Any]:
    """Keep the browser's new passkey `{challenge_id, credential}` for the account."""
    account, _token = await signed_in(request)
    data = await read_object(request)
    await passkeys_of(request).add(party(request), account, data)
    return {"added": True}
