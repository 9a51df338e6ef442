// The top bar's account link: "sign in", or the signed-in account's name (as text). The
// account is read once a page; a page that needs it imports `account()` from here.
import { api } from "./api.js";

let asked = null;

// The signed-in account and its CSRF token ({account, csrf}), or null when signed out.
export function account() {
  asked ??= api("/api/account")
    .then((me) => (me.account ? me : null))
    .catch(() => null);
  return asked;
}

const link = document.getElementById("nav-account");
function showAccount() {
  account().then((me) => {
    if (me && link) {
      link.textContent = me.account.name;
      link.classList.add("signed-in");
    }
  });
}
showAccount();

// This page signed a person in (a name-only registration): read the account again.
export function signedInHere() {
  asked = null;
  showAccount();
}

// A seat this browser holds the token of, made the signed-in account's ("my games"); a
// page signed out, or a refusal, changes nothing (the seat stays this browser's).
export function claimSeat({ table, seat, token }) {
  return account()
    .then((me) => me && api("/api/account/seats", { method: "POST", body: { seats: [{ table, seat, token }] }, csrf: me.csrf }))
    .catch(() => null);
}
