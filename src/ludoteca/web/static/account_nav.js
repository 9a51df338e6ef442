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
account().then((me) => {
  if (me && link) {
    link.textContent = me.account.name;
    link.classList.add("signed-in");
  }
});
