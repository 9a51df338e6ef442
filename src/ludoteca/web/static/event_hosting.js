// The organizer's "played on the site" panel (issue 45): the game the event's tables are
// played at (or over the board), registration with a cap and a deadline, check-in.
import { api, el } from "./api.js";
import { optionsForm } from "./game_options.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const PREFIX = "hosting-opt-";
let catalogue = [];
let readOptions = () => ({});
let melee = false;

// The chosen game's options (none over the board); a Melee table's player count is the
// server's to set, table by table.
function showOptions(values = {}) {
  const box = $("hosting-options");
  const game = catalogue.find((entry) => entry.name === $("hosting-form").elements.game.value);
  box.hidden = !game;
  if (!game) {
    readOptions = () => ({});
    return;
  }
  readOptions = optionsForm(box, game, { prefix: PREFIX, leave: melee ? ["players"] : [] });
  for (const [name, value] of Object.entries(values)) {
    const input = document.getElementById(PREFIX + name);
    if (!input || typeof value === "object") continue;
    if (input.type === "checkbox") input.checked = Boolean(value);
    else input.value = String(value);
  }
}

function localTime(iso) { // "2026-12-01T18:00" in this browser's time zone
  if (!iso) return "";
  const moment = new Date(iso);
  return new Date(moment.getTime() - moment.getTimezoneOffset() * 60000).toISOString().slice(0, 16);
}

function show(hosting) {
  const form = $("hosting-form");
  form.elements.game.value = hosting.game ?? "";
  showOptions(hosting.options);
  form.elements.registering.checked = hosting.registering;
  form.elements.cap.value = hosting.cap ?? "";
  form.elements.deadline.value = localTime(hosting.deadline);
  form.elements.checking_in.checked = hosting.checking_in;
  form.elements.decks.checked = hosting.decks;
  form.elements.decks_public.checked = hosting.decks_public;
  form.elements.restricted.value = hosting.restricted.join("\n");
  $("decks-panel").hidden = !hosting.decks;
  showCount(hosting);
}

function showCount(hosting) {
  $("hosting-count").textContent = t("{count} registered with their accounts", { count: hosting.registered });
}

// How many registered, read again (the organizer's page does when the event moves); the
// form's fields stay as the organizer left them.
export async function refreshCount(eventId) {
  const hosting = await api(`/api/events/${eventId}/hosting`).catch(() => null);
  if (hosting) showCount(hosting);
}

// The deck lists submitted (the organizer sees them all, published or not).
async function showDecks(eventId, keyOf) {
  const key = keyOf();
  if (!key || $("decks-panel").hidden) return;
  const answer = await api(`/api/events/${eventId}/decks`, { token: key }).catch(() => null);
  if (!answer) return;
  $("decks").replaceChildren(...answer.decks.map((entry) => el("li", {}, entry.player, ": ",
    entry.deck ? el("details", {}, el("summary", {}, t("deck list")), el("pre", {}, entry.deck)) : t("none yet"))));
}

// The results players reported over the board, disputed first (read every 5 s).
async function showReports(eventId, keyOf) {
  const key = keyOf();
  if (!key) return;
  const answer = await api(`/api/events/${eventId}/reports`, { token: key }).catch(() => null);
  if (!answer) return;
  const said = (report) => (report.result === "draw" ? t("a draw")
    : t("{name} wins", { name: report.players[report.result === "win" ? 0 : 1] }));
  $("reports").replaceChildren(...answer.reports.map((report) => el("li", { class: report.disputed ? "disputed" : null },
    t("Round {round}, table {table}: {result}", { round: report.round, table: report.table, result: said(report) }),
    " — ", report.disputed ? el("strong", {}, t("disputed: type in the result")) : t("waiting for the opponent to confirm"))));
  if (!answer.reports.length) $("reports").append(el("li", { class: "muted" }, t("none")));
}

// The event's webhooks, each with its newest deliveries' outcomes.
async function showWebhooks(eventId, keyOf) {
  const key = keyOf();
  if (!key) return;
  const answer = await api(`/api/events/${eventId}/webhooks`, { token: key }).catch(() => null);
  if (!answer) return;
  $("webhooks").replaceChildren(...answer.webhooks.map((hook) => {
    const counts = {};
    for (const delivery of hook.deliveries) counts[delivery.status] = (counts[delivery.status] ?? 0) + 1;
    const remove = el("button", { type: "button", onclick: async () => {
      await api(`/api/events/${eventId}/webhooks/${hook.id}`, { method: "DELETE", token: keyOf() });
      showWebhooks(eventId, keyOf);
    } }, t("Remove"));
    const last = hook.deliveries.find((delivery) => delivery.error);
    return el("li", {}, el("code", {}, hook.url), " — ",
      t("delivered {delivered}, waiting {pending}, failed {failed}",
        { delivered: counts.delivered ?? 0, pending: counts.pending ?? 0, failed: counts.failed ?? 0 }),
      last ? ` (${last.error})` : "", " ", remove);
  }));
}

function initWebhooks(eventId, keyOf) {
  $("webhook-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("webhook-message").textContent = "";
    try {
      const made = await api(`/api/events/${eventId}/webhooks`,
        { method: "POST", body: { url: $("webhook-form").elements.url.value }, token: keyOf() });
      $("webhook-message").textContent = t("Added. Its secret, shown this once: {secret}", { secret: made.secret });
      $("webhook-form").reset();
      showWebhooks(eventId, keyOf);
    } catch (error) {
      $("webhook-message").replaceChildren(el("span", { class: "error" }, error.message));
    }
  });
  showWebhooks(eventId, keyOf);
  setInterval(() => showWebhooks(eventId, keyOf), 5000);
}

export async function initHosting(eventId, keyOf) {
  showReports(eventId, keyOf);
  setInterval(() => { showReports(eventId, keyOf); showDecks(eventId, keyOf); }, 5000);
  initWebhooks(eventId, keyOf);
  const form = $("hosting-form");
  const [{ ladders }, { games }, event] = await Promise.all(
    [api("/api/ladders"), api("/api/games"), api(`/api/events/${eventId}`)]);
  catalogue = games;
  melee = event.kind === "melee"; // a Melee's tables seat 3 to 5, a Duel's two
  for (const line of ladders.filter((l) => l.ladder.endsWith(melee ? "/table" : "/duel"))) {
    form.elements.game.append(el("option", { value: line.game }, line.title));
  }
  form.elements.game.addEventListener("change", () => showOptions());
  const hosting = await api(`/api/events/${eventId}/hosting`).catch(() => null);
  if (hosting) show(hosting);
  showDecks(eventId, keyOf);
  $("hosting-link").href = `/events/${eventId}`;
  $("hosting-link").textContent = `${location.origin}/events/${eventId}`;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    $("hosting-message").textContent = "";
    const body = {
      game: form.elements.game.value || null,
      options: readOptions(),
      registering: form.elements.registering.checked,
      cap: form.elements.cap.value ? Number(form.elements.cap.value) : null,
      deadline: form.elements.deadline.value ? new Date(form.elements.deadline.value).toISOString() : null,
      checking_in: form.elements.checking_in.checked,
      decks: form.elements.decks.checked,
      decks_public: form.elements.decks_public.checked,
      restricted: form.elements.restricted.value.split("\n").map((line) => line.trim()).filter(Boolean),
    };
    try {
      show(await api(`/api/events/${eventId}/hosting`, { method: "PUT", body, token: keyOf() }));
      $("hosting-message").textContent = t("Saved.");
    } catch (error) {
      $("hosting-message").replaceChildren(el("span", { class: "error" }, error.message));
    }
  });
}
