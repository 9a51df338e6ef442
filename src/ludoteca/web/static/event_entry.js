// The event page's player panel (issue 45): register, check in, withdraw, and go to your
// table when a round pairs you at one here. Shown for events that take registrations.
import { account, signedInHere } from "./account_nav.js";
import { api, el, playLink, rememberSeat } from "./api.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
let titles = null; // game name -> title

async function gameTitle(name) {
  titles ??= Object.fromEntries((await api("/api/games")).games.map((game) => [game.name, game.title]));
  return titles[name] ?? name;
}

async function facts(hosting) {
  const parts = [hosting.game ? t("played here at {game}", { game: await gameTitle(hosting.game) })
    : t("played over the board")];
  parts.push(hosting.cap ? t("{count} of {cap} registered", { count: hosting.registered, cap: hosting.cap })
    : t("{count} registered", { count: hosting.registered }));
  if (hosting.deadline) parts.push(t("registration closes {when}", { when: new Date(hosting.deadline).toLocaleString() }));
  return parts.join(" · ");
}

// A match played over the board: report its result, or answer the opponent's report.
const SAID = { win: () => t("you won"), draw: () => t("a draw"), loss: () => t("you lost") };

function reporting(report, post) {
  if (!report) {
    return [el("span", {}, t("Your result:")), " ",
      actionButton("report-win", t("I won"), () => post("report", { result: "win" })),
      actionButton("report-draw", t("Draw"), () => post("report", { result: "draw" }), true),
      actionButton("report-loss", t("I lost"), () => post("report", { result: "loss" }), true)];
  }
  const said = SAID[report.result]();
  if (report.disputed) return [el("span", {}, t("The result is disputed ({result}): the organizer decides.", { result: said }))];
  if (report.mine) return [el("span", {}, t("You reported: {result}. Your opponent confirms it.", { result: said }))];
  return [el("span", {}, t("Your opponent reported: {result}.", { result: said })), " ",
    actionButton("report-confirm", t("Confirm"), () => post("confirm")),
    actionButton("report-dispute", t("Dispute"), () => post("dispute"), true)];
}

function actionButton(id, label, action, secondary = false) {
  return el("button", { type: "button", id, class: secondary ? "button secondary" : "button", onclick: action }, label);
}

// No account: register with a name only. The server makes a name-only account, signs this
// browser in, and answers a link that signs its player in on any device, shown this once.
function guestForm(eventId) {
  const form = el("form", { id: "guest-form", class: "controls" },
    el("label", {}, t("or register with a name only:"), " ",
      el("input", { name: "name", maxlength: 32, required: true, autocomplete: "nickname", "data-testid": "guest-name" })),
    el("button", { type: "submit", class: "button", "data-testid": "guest-register" }, t("Register")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    $("entry-error").textContent = "";
    try {
      const made = await api(`/api/events/${eventId}/guests`, { method: "POST", body: { name: form.elements.name.value } });
      const link = `${location.origin}/events/${eventId}#entry=${encodeURIComponent(made.link)}`;
      $("guest-link").replaceChildren(t("Keep this link: it brings you back to this event on any device (shown this once):"),
        " ", el("code", { class: "wrap-anywhere", "data-testid": "guest-link" }, link));
      signedInHere();
      document.dispatchEvent(new Event("entry-changed"));
    } catch (error) {
      $("entry-error").textContent = error.message;
    }
  });
  return form;
}

// A player's link (`#entry=TOKEN`) signs its player in on this browser, then leaves the
// address bar (the token is not kept in the history).
export async function signInByLink() {
  const match = location.hash.match(/entry=([^&]+)/);
  if (!match) return;
  history.replaceState(null, "", location.pathname + location.search);
  try {
    await api("/api/session/link", { method: "POST", body: { token: decodeURIComponent(match[1]) } });
    location.reload(); // the top bar and the page, signed in
  } catch (error) {
    $("entry-error").textContent = error.message;
  }
}

// One pass: the hosting, and the signed-in account's place in the event. A change made
// here fires "entry-changed" on the document: the page reads everything again.
export async function refreshEntry(eventId, event = null) {
  let hosting;
  try {
    hosting = await api(`/api/events/${eventId}/hosting`);
  } catch {
    return; // the event takes no registrations here
  }
  // Once the top cut or the final table has begun, no one joins (the server says so too).
  const begun = event && (event.champion || event.top_cut || event.rounds.some((r) => r.kind === "final"));
  if (begun) hosting = { ...hosting, registering: false };
  $("entry-facts").textContent = await facts(hosting);
  $("entry-panel").hidden = false;
  const me = await account();
  const act = async (method, path, body) => {
    $("entry-error").textContent = "";
    try {
      await api(`/api/events/${eventId}/${path}`, { method, body, csrf: me.csrf });
      document.dispatchEvent(new Event("entry-changed")); // the whole page is read again
    } catch (error) {
      $("entry-error").textContent = error.message;
    }
  };
  if (!me) {
    $("entry-status").replaceChildren(hosting.registering
      ? el("a", { href: "/account" }, t("Sign in to register")) : t("Registration is closed."));
    if (!hosting.registering) $("entry-actions").replaceChildren();
    else if (!$("guest-form")) $("entry-actions").replaceChildren(guestForm(eventId)); // kept while typed in
    return;
  }
  const mine = await api(`/api/events/${eventId}/me`).catch(() => null);
  if (!mine) {
    $("deck-box").replaceChildren();
    $("entry-status").textContent = hosting.registering ? t("You are not registered.") : t("Registration is closed.");
    $("entry-actions").replaceChildren(...(hosting.registering
      ? [actionButton("entry-register", t("Register"), () => act("POST", "entries"))] : []));
    return;
  }
  $("entry-status").textContent = mine.checked_in ? t("You are registered and checked in.")
    : t("You are registered.");
  const actions = [];
  if (mine.reportable) actions.push(...reporting(mine.report, (path, body) => act("POST", path, body)));
  if (mine.table) {
    actions.push(actionButton("entry-table", t("Go to your table (round {round})", { round: mine.table.round }), async () => {
      const { id, seat } = mine.table;
      const { token } = await api(`/api/account/seats/${id}/${seat}/here`, { method: "POST", csrf: me.csrf });
      rememberSeat({ table: id, seat, token, game: hosting.game });
      location.href = playLink(id, token);
    }));
  }
  if (hosting.checking_in && !mine.checked_in) actions.push(actionButton("entry-check-in", t("Check in"), () => act("POST", "check-in")));
  actions.push(actionButton("entry-withdraw", t("Withdraw"), () => {
    if (confirm(t("Withdraw from this event?"))) act("DELETE", "entries");
  }, true));
  $("entry-actions").replaceChildren(...actions);
  showDeckForm(eventId, hosting, mine, me);
}

// Where the event asks for deck lists: the registered player's form (made here, so a page
// of an event without them has no form), checked on submission.
function showDeckForm(eventId, hosting, mine, me) {
  if (!hosting.decks) {
    $("deck-box").replaceChildren();
    return;
  }
  if ($("deck-form")) return;
  const status = el("span", { id: "deck-status", class: "muted", role: "status" },
    mine.deck ? t("Your deck list is in.") : "");
  const form = el("form", { id: "deck-form", "data-testid": "deck-form" },
    el("label", {}, t("Your deck list (a 'Plot:' line, then '1x Title' lines; a 'Draw:' line, then the draw deck)"),
      el("textarea", { name: "text", rows: 8, cols: 40, maxlength: 20000, required: true, "data-testid": "deck-text" })),
    el("p", {}, el("button", { type: "submit", class: "button", "data-testid": "deck-submit" }, t("Submit the deck list")),
      " ", status));
  $("deck-box").replaceChildren(form);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    $("deck-status").textContent = "";
    try {
      await api(`/api/events/${eventId}/deck`, { method: "PUT", body: { text: form.elements.text.value }, csrf: me.csrf });
      $("deck-status").textContent = t("Your deck list is in.");
    } catch (error) {
      $("deck-status").replaceChildren(el("span", { class: "error" }, error.message));
    }
  });
}
