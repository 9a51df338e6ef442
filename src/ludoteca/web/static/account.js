// The account page: sign in or make an account; once signed in, the settings, signing
// out (here or everywhere), the data download and deleting the account.
import { api } from "./api.js";
import { account } from "./account_nav.js";
import { dateTime, t } from "./i18n.js";

const THEME_KEY = "ludoteca.theme"; // theme.js keeps the browser's choice there

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

function signedOut() {
  document.getElementById("signed-out").hidden = false;
  const enter = async (path, fields) => {
    const me = await api(path, { method: "POST", body: { name: fields.name, password: fields.password } });
    adopt(me.account);
    location.reload();
  };
  handle(document.getElementById("sign-in"), (fields) => enter("/api/session", fields));
  handle(document.getElementById("sign-up"), (fields) => enter("/api/accounts", fields));
}

function signedIn({ account: me, csrf }) {
  document.getElementById("signed-in").hidden = false;
  document.getElementById("account-title").textContent = me.name;
  const since = dateTime(me.created_at, { dateStyle: "long" });
  document.getElementById("account-since").textContent = t("Account since {date}", { date: since });
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
  const sessionsError = document.getElementById("sessions-error");
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
  handle(document.getElementById("delete"), async (fields) => {
    if (!confirm(t("Delete your account for good?"))) return;
    await api("/api/account", { method: "DELETE", body: { password: fields.password }, csrf });
    location.assign("/");
  });
}

account().then((me) => (me ? signedIn(me) : signedOut()));
