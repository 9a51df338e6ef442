"""Passkey ceremonies (WebAuthn, py_webauthn): make an account with a passkey, add one to
an account, sign in with one, prove one's account with one again (before deleting it).
Each ceremony is two requests: the options (a challenge kept in the database), then the
browser's answer, verified against them."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import webauthn
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from ludoteca.core.i18n import _
from ludoteca.web.accounts import limits
from ludoteca.web.accounts.passkeys import (
    ADD,
    RP_NAME,
    SIGN_IN,
    SIGN_UP,
    Challenge,
    Party,
    PasskeyStore,
    passkey_row,
)
from ludoteca.web.accounts.service import NAME_LENGTH, AccountService, too_many
from ludoteca.web.accounts.store import Account, new_account_id
from ludoteca.web.shared.errors import WebError, bad_request, conflict, unauthorized
from ludoteca.web.shared.requests import person_name

log = logging.getLogger("ludoteca.web")
SELECTION = AuthenticatorSelectionCriteria(
    resident_key=ResidentKeyRequirement.REQUIRED,  # signing in asks for no name
    user_verification=UserVerificationRequirement.PREFERRED,
)


def _options(options: Any, challenge_id: str) -> dict[str, Any]:
    return {"challenge_id": challenge_id, "options": json.loads(webauthn.options_to_json(options))}


def _answer(data: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The challenge id and the browser's credential of a ceremony's answer (400 if not)."""
    challenge_id, credential = data.get("challenge_id"), data.get("credential")
    if not isinstance(challenge_id, str) or not isinstance(credential, dict):
        raise bad_request(_("give the challenge_id and the browser's credential"))
    return challenge_id, credential


def not_accepted() -> WebError:
    """401: a passkey that does not prove an account here."""
    return unauthorized(_("this passkey was not accepted"))


class Passkeys:
    """The ceremonies, over the accounts of `accounts`."""

    def __init__(self, accounts: AccountService) -> None:
        self.accounts = accounts
        self.store = PasskeyStore(accounts.engine)

    async def _challenge(self, challenge_id: str, purpose: str) -> Challenge:
        taken = await asyncio.to_thread(self.store.take_challenge, challenge_id, purpose)
        if taken is None:
            raise conflict(_("this passkey request expired or was used; start again"))
        return taken

    async def sign_up_options(self, party: Party, data: dict[str, Any], address: str) -> Any:
        """The options to make a passkey for a new account `{name}` (409 if taken)."""
        name = person_name(data.get("name"), _("the name"), NAME_LENGTH)
        wait = await asyncio.to_thread(self.accounts.limited, [(limits.SIGNUP, address)])
        if wait is not None:
            raise too_many(wait)
        if await asyncio.to_thread(self.store.name_taken, name):
            raise conflict(_("an account has that name; choose another"))
        account_id = new_account_id()
        options = webauthn.generate_registration_options(
            rp_id=party.id,
            rp_name=RP_NAME,
            user_name=name,
            user_id=account_id.encode(),
            user_display_name=name,
            authenticator_selection=SELECTION,
        )
        made = await asyncio.to_thread(
            self.store.new_challenge, SIGN_UP, options.challenge, name, account_id
        )
        return _options(options, made)

    async def sign_up(
        self, party: Party, data: dict[str, Any], address: str, language: str | None
    ) -> tuple[Account, str]:
        """Make the account with the passkey the browser made, signed in."""
        challenge_id, credential = _answer(data)
        challenge = await self._challenge(challenge_id, SIGN_UP)
        await asyncio.to_thread(self.accounts.count, [(limits.SIGNUP, address)])
        assert challenge.account_id is not None and challenge.name is not None
        row = self._registered(party, credential, challenge, challenge.account_id)
        made = await asyncio.to_thread(
            self.store.create_account, challenge.account_id, challenge.name, language, row
        )
        if not made:
            raise conflict(_("an account has that name; choose another"))
        return await self.accounts.signed_in(challenge.account_id)

    async def add_options(self, party: Party, account: Account) -> Any:
        """The options to add a passkey to a signed-in account."""
        known = await asyncio.to_thread(self.store.of_account, account.id)
        options = webauthn.generate_registration_options(
            rp_id=party.id,
            rp_name=RP_NAME,
            user_name=account.login,
            user_id=account.id.encode(),
            user_display_name=account.display_name,
            authenticator_selection=SELECTION,
            exclude_credentials=[
                PublicKeyCredentialDescriptor(id=webauthn.base64url_to_bytes(cid))
                for cid, _at in known
            ],
        )
        made = await asyncio.to_thread(
            self.store.new_challenge, ADD, options.challenge, None, account.id
        )
        return _options(options, made)

    async def add(self, party: Party, account: Account, data: dict[str, Any]) -> None:
        """Keep the passkey the browser made for the account."""
        challenge_id, credential = _answer(data)
        challenge = await self._challenge(challenge_id, ADD)
        if challenge.account_id != account.id:
            raise conflict(_("this passkey request expired or was used; start again"))
        row = self._registered(party, credential, challenge, account.id)
        if not await asyncio.to_thread(self.store.add, row):
            raise conflict(_("this passkey is already kept"))

    def _registered(
        self, party: Party, credential: dict[str, Any], challenge: Challenge, account_id: str
    ) -> Any:
        try:
            verified = webauthn.verify_registration_response(
                credential=credential,
                expected_challenge=challenge.challenge,
                expected_rp_id=party.id,
                expected_origin=party.origins,
            )
        except Exception as exc:  # any malformed or forged answer: refused, never a 500
            log.info("a passkey registration refused: %s", type(exc).__name__)
            raise bad_request(_("the browser's passkey could not be verified")) from None
        return passkey_row(
            account_id,
            verified.credential_id,
            verified.credential_public_key,
            verified.sign_count,
        )

    async def sign_in_options(self, party: Party, address: str) -> Any:
        """The options to sign in with any passkey of this site."""
        wait = await asyncio.to_thread(self.accounts.limited, [(limits.ADDRESS, address)])
        if wait is not None:
            raise too_many(wait)
        options = webauthn.generate_authentication_options(
            rp_id=party.id, user_verification=UserVerificationRequirement.PREFERRED
        )
        made = await asyncio.to_thread(self.store.new_challenge, SIGN_IN, options.challenge)
        return _options(options, made)

    async def prove(self, party: Party, data: dict[str, Any], address: str) -> str:
        """The account a sign-in answer proves (401 if none; a refusal counts against the
        address's limit)."""
        challenge_id, credential = _answer(data)
        challenge = await self._challenge(challenge_id, SIGN_IN)
        credential_id = credential.get("id")
        stored = None
        if isinstance(credential_id, str):
            stored = await asyncio.to_thread(self.store.find, credential_id)
        try:
            if stored is None or not isinstance(credential_id, str):
                raise ValueError("unknown passkey")
            verified = webauthn.verify_authentication_response(
                credential=credential,
                expected_challenge=challenge.challenge,
                expected_rp_id=party.id,
                expected_origin=party.origins,
                credential_public_key=stored.public_key,
                credential_current_sign_count=stored.sign_count,
            )
        except Exception as exc:  # any malformed, forged or unknown answer: refused
            log.info("a passkey sign-in refused: %s", type(exc).__name__)
            await asyncio.to_thread(self.accounts.count, [(limits.ADDRESS, address)])
            raise not_accepted() from None
        await asyncio.to_thread(self.store.used, credential_id, verified.new_sign_count)
        return stored.account_id
