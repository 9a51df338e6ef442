// The account page: sign in or make an account; once signed in, the settings, signing
// out (here or everywhere), the data download and deleting the account.
import { api, el, mySeats, playLink, playerNames, rememberSeat } from "./api.js";
import { account } from "./account_nav.js";
import { dateTime, t } from "./i18n.js";

const THEME_KEY = "ludoteca.theme"; // theme.js keeps the browser's choice there

// Passkeys need WebAuthn with its JSON helpers, and a site reached by name (a relying
// party is a domain: `localhost` is one, 127.0.0.1 is not).
const PASSKEYS =
  !!window.PublicKeyCredential?.parseCreationOptionsFromJSON &&
  !/^[\d.]+$|^\[/.test(location.hostname);

// A passkey ceremony: the server's options, the browser's dialog, the answer sent back.
async function ceremony(optionsPath, answerPath, { body, csrf, create, method = "POST" }) {
  const { challenge_id, options } = await api(optionsPath, { method: "POST", body, csrf });
  let credential;
  try {
    credential = create
      ? await navigator.credentials.create({ publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options) })
      : await navigator.credentials.get({ publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options) });
  } catch (exc) {
    throw new Error(exc.name === "NotAllowedError" ? t("The passkey was not given.") : exc.message);
  }
  return api(answerPath, { method, body: { challenge_id, credential: credential.toJSON() }, csrf });
}

// Submit `form` with `send(fields)`; its error line says why a refusal was refused.
function handle(form, send) {
  const error = form.querySelector(".error");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    try {
      await send(Object.fromEntries(new FormData(form)));
    } catch (exc) {
      error.textContent = exc.message;
    } finally {
      button.disabled = false;
    }
  });
}

// The account's language and theme, where it has them, become this browser's.
function adopt(me) {
  if (me.theme) localStorage.setItem(THEME_KEY, me.theme);
  const cookie = document.cookie.match(/(?:^|; )lang=([^;]*)/);
  if (me.language && (!cookie || decodeURIComponent(cookie[1]) !== me.language)) {
    document.cookie = `lang=${encodeURIComponent(me.language)}; path=/; max-age=31536000; samesite=lax`;
  }
}

// "My games": the seats this browser keeps are claimed for the account, then every seat
// of the account is listed, its move first, then games on, then finished ones.
async function myGames(csrf) {
  const kept = mySeats().slice(-64).map(({ table, seat, token }) => ({ table, seat, token }));
  if (kept.length) await api("/api/account/seats", { method: "POST", body: { seats: kept }, csrf });
  const { seats } = await api("/api/account/games");
  const ids = [...new Set(seats.map((s) => s.table))].slice(0, 64);
  const { tables } = ids.length
    ? await api(`/api/tables?ids=${ids.map(encodeURIComponent).join(",")}`) : { tables: [] };
  const byId = new Map(tables.map((table) => [table.id, table]));
  const tokens = new Map(mySeats().map((s) => [`${s.table}/${s.seat}`, s.token]));
  const rank = ({ table, seat }) => (table.finished ? 2 : table.current_player === seat ? 0 : 1);
  const rows = seats.filter((s) => byId.has(s.table)).map((s) => ({ table: byId.get(s.table), seat: s.seat }));
  rows.sort((a, b) => rank(a) - rank(b));
  document.getElementById("my-games").replaceChildren(...rows.map(({ table, seat }) => {
    const token = tokens.get(`${table.id}/${seat}`);
    const status = table.finished ? t("finished, scores {scores}", { scores: table.scores.join(" – ") })
      : table.current_player === seat ? t("your move") : t("waiting for the others");
    // A game on whose seat this browser has no token: "play here" makes one for it (the
    // seat's old token, on the other device, stops working).
    const link = table.finished ? el("a", { href: `/tables/${table.id}/replay` }, t("replay"))
      : token ? el("a", { href: playLink(table.id, token) }, t("play"))
        : el("button", { type: "button", class: "link", onclick: () => playHere(table, seat, csrf) }, t("play here"));
    const names = playerNames(table);
    const others = table.seats.filter((s) => s.seat !== seat).map((s) => names[s.seat]).join(", ");
    const rated = table.rated ? [" ", el("span", { class: "rated" }, t("rated"))] : [];
    return el("li", { "data-table": table.id, class: rank({ table, seat }) === 0 ? "your-move" : null },
      el("strong", {}, table.title), ...rated, " · ", t("against {others}", { others }), " · ", status, " · ", link);
  }));
  if (!rows.length) document.getElementById("my-games").append(el("li", { class: "muted" }, t("none yet")));
}

async function playHere(table, seat, csrf) {
  try {
    const { token } = await api(`/api/account/seats/${table.id}/${seat}/here`, { method: "POST", csrf });
    rememberSeat({ table: table.id, seat, token, game: table.game });
    location.href = playLink(table.id, token);
  } catch (exc) {
    alert(exc.message);
  }
}

function signedOut() {
  document.getElementById("signed-out").hidden = false;
  const enter = async (path, fields) => {
    const me = await api(path, { method: "POST", body: { name: fields.name, password: fields.password } });
    adopt(me.account);
    location.reload();
  };
  handle(document.getElementById("sign-in"), (fields) => enter("/api/session", fields));
  handle(document.getElementById("sign-up"), (fields) => enter("/api/accounts", fields));
  const passkeyError = document.getElementById("passkey-sign-in-error");
  document.getElementById("passkey-sign-in").addEventListener("click", async () => {
    passkeyError.textContent = "";
    try {
      const me = await ceremony("/api/passkeys/sign-in/options", "/api/passkeys/sign-in", {});
      adopt(me.account);
      location.reload();
    } catch (exc) {
      passkeyError.textContent = exc.message;
    }
  });
  handle(document.getElementById("passkey-sign-up"), async (fields) => {
    const body = { name: fields.name };
    const me = await ceremony("/api/passkeys/sign-up/options", "/api/passkeys/sign-up", { body, create: true });
    adopt(me.account);
    location.reload();
  });
}

function signedIn({ account: me, csrf }) {
  document.getElementById("signed-in").hidden = false;
  document.getElementById("account-title").textContent = me.name;
  const since = dateTime(me.created_at, { dateStyle: "long" });
  document.getElementById("account-since").textContent = t("Account since {date}", { date: since });
  document.getElementById("my-profile").href = `/players/${encodeURIComponent(me.login)}`;
  const settings = document.getElementById("settings");
  settings.elements.name.value = me.name;
  settings.elements.language.value = me.language || "";
  settings.elements.theme.value = me.theme || "";
  settings.elements.private.checked = me.private;
  const saved = document.getElementById("settings-saved");
  handle(settings, async (fields) => {
    saved.textContent = "";
    const body = {
      name: fields.name,
      language: fields.language || null,
      theme: fields.theme || null,
      private: settings.elements.private.checked,
    };
    const changed = await api("/api/account", { method: "PATCH", body, csrf });
    adopt(changed.account);
    if (changed.account.language && changed.account.language !== document.documentElement.lang) {
      location.reload();
      return;
    }
    document.documentElement.dataset.theme = localStorage.getItem(THEME_KEY) || document.documentElement.dataset.theme;
    document.getElementById("account-title").textContent = changed.account.name;
    document.getElementById("nav-account").textContent = changed.account.name;
    saved.textContent = t("Saved.");
  });
  myGames(csrf).catch((exc) => {
    document.getElementById("my-games").replaceChildren(el("li", { class: "error" }, exc.message));
  });
  const sessionsError = document.getElementById("sessions-error");
  document.getElementById("add-passkey").addEventListener("click", async () => {
    sessionsError.textContent = "";
    try {
      await ceremony("/api/passkeys/add/options", "/api/passkeys", { csrf, create: true });
      saved.textContent = t("Passkey added.");
    } catch (exc) {
      sessionsError.textContent = exc.message;
    }
  });
  for (const [id, path] of [["sign-out", "/api/session"], ["sign-out-everywhere", "/api/sessions"]]) {
    document.getElementById(id).addEventListener("click", async () => {
      try {
        await api(path, { method: "DELETE", csrf });
        location.reload();
      } catch (exc) {
        sessionsError.textContent = exc.message;
      }
    });
  }
  const deleting = document.getElementById("delete");
  if (!me.password) {  // a passkey account proves itself with its passkey
    document.getElementById("delete-password-field").remove();
    document.getElementById("delete-with-passkey").hidden = me.name_only;
  }
  handle(deleting, async (fields) => {
    if (!confirm(t("Delete your account for good?"))) return;
    if (me.name_only) { // a player's link's account: its session is its only proof
      await api("/api/account", { method: "DELETE", body: {}, csrf });
    } else if (me.password) {
      await api("/api/account", { method: "DELETE", body: { password: fields.password }, csrf });
    } else {
      await ceremony("/api/passkeys/sign-in/options", "/api/account", { csrf, method: "DELETE" });
    }
    location.assign("/");
  });
}

for (const part of document.querySelectorAll(".passkey-only")) part.hidden = !PASSKEYS;
document.getElementById("no-passkeys").hidden = PASSKEYS;

account().then((me) => (me ? signedIn(me) : signedOut()));
