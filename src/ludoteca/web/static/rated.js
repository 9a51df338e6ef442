// Rated tables (issue 44): made and joined by a signed-in account, their ratings shown at
// the end. A rated table's seats are for signed-in players: the lobby sends its requests
// with the session's CSRF token, and a signed-out browser is sent to sign in.
import { account } from "./account_nav.js";
import { api, el } from "./api.js";
import { t } from "./i18n.js";

// A new rated table (`body` as for /api/tables, without a seed or hot-seat).
export async function createRated(body) {
  const me = await account();
  if (!me) throw new Error(t("sign in to play rated games"));
  const { seed, hotseat, ...rated } = body;
  return api("/api/rated-tables", { method: "POST", body: rated, csrf: me.csrf });
}

// The token of an open seat taken at a rated table; null when signed out (sent to sign in).
export async function joinRated(table, seat) {
  const me = await account();
  if (!me) {
    location.href = "/account";
    return null;
  }
  return (await api(`/api/rated-tables/${table.id}/join`, { method: "POST", body: { seat }, csrf: me.csrf })).token;
}

// "Rosa 1500 → 1563 (+63)": one seat's change, in the reader's words (ratings are written
// without a thousands separator, as rating lists do).
function changeText(name, change) {
  const sign = change.change > 0 ? "+" : change.change < 0 ? "−" : "±";
  const amount = sign + String(Math.abs(change.change));
  return t("{name} {before} → {after} ({change})",
    { name, before: String(change.before), after: String(change.after), change: amount });
}

// The rating changes of a finished rated table, into `box`; asked again for a few seconds
// (the last move is answered before it is rated).
export async function showRatingChanges(tableId, box, nameOf, tries = 8) {
  const answer = await api(`/api/tables/${tableId}/ratings`).catch(() => null);
  if (!answer?.rated) return;
  if (!answer.changes.length) {
    box.textContent = t("Rating the game…");
    if (tries > 0) setTimeout(() => showRatingChanges(tableId, box, nameOf, tries - 1), 1000);
    return;
  }
  box.replaceChildren(el("strong", {}, t("Ratings:")), " ",
    answer.changes.map((change) => changeText(nameOf(change.seat), change)).join(" · "));
}
