// The events page: create an event or a bot tournament; list the events.
import { api, el } from "./api.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const KEYS = "ludoteca.events";

function remember(id, name, key) {
  let entries = [];
  try {
    entries = JSON.parse(localStorage.getItem(KEYS) || "[]");
  } catch {
    entries = [];
  }
  entries = entries.filter((entry) => entry.id !== id);
  entries.push({ id, name, key });
  localStorage.setItem(KEYS, JSON.stringify(entries));
}

function created(answer) {
  remember(answer.id, answer.event.name, answer.key);
  const organizer = `${location.origin}/events/${answer.id}/organize#key=${encodeURIComponent(answer.key)}`;
  $("organizer-link").href = organizer;
  $("organizer-link").textContent = organizer;
  $("public-link").href = `/events/${answer.id}`;
  $("public-link").textContent = `${location.origin}/events/${answer.id}`;
  $("created-event").hidden = false;
  listEvents();
}

$("event-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  $("event-error").textContent = "";
  const body = { name: $("event-name").value, kind: $("event-kind").value, tier: $("event-tier").value };
  if (body.kind === "duel") body.rules = $("event-rules").value;
  if ($("event-minutes").value) body.round_minutes = Number($("event-minutes").value);
  if ($("event-seed").value) body.seed = Number($("event-seed").value);
  try {
    created(await api("/api/events", { method: "POST", body }));
  } catch (error) {
    $("event-error").textContent = error.message;
  }
});

// A rule set is a Duel's: Melee follows the rulebook's own scoring.
$("event-kind").addEventListener("change", () => {
  $("event-rules").disabled = $("event-kind").value !== "duel";
});

$("bots-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  $("bots-error").textContent = "";
  const body = {
    game: $("bot-game").value,
    agents: $("bot-agents").value,
    rounds: Number($("bot-rounds").value),
    top_cut: Number($("bot-cut").value),
    action_limit: Number($("bot-limit").value),
  };
  if ($("bot-seed").value) body.seed = Number($("bot-seed").value);
  try {
    created(await api("/api/events/bots", { method: "POST", body }));
  } catch (error) {
    $("bots-error").textContent = error.message;
  }
});

// The events, newest first, a page at a time: "More events" asks for the next page.
let nextPage = null;

async function listEvents(before = null) {
  const query = before ? `?before=${encodeURIComponent(before)}` : "";
  const { events, next } = await api(`/api/events${query}`);
  const mine = new Set(JSON.parse(localStorage.getItem(KEYS) || "[]").map((entry) => entry.id));
  const items = events.map((e) => el("li", { "data-event": e.id },
    el("a", { href: `/events/${e.id}` }, `${e.name} (${e.kind === "duel" ? t("Duel") : t("Melee")})`),
    mine.has(e.id) ? el("span", {}, " · ", el("a", { href: `/events/${e.id}/organize` }, t("organize"))) : null,
  ));
  if (before) $("events").append(...items);
  else if (items.length) $("events").replaceChildren(...items);
  else $("events").replaceChildren(el("li", { class: "muted" }, t("No events yet: create the first above.")));
  nextPage = next;
  $("more-events").hidden = next === null;
}

$("more-events").addEventListener("click", () => listEvents(nextPage));

async function loadGames() {
  const catalogue = await api("/api/games");
  const twoSeat = catalogue.games.filter((g) => g.default_seats === 2);
  $("bot-game").replaceChildren(...twoSeat.map((g) => el("option", { value: g.name }, g.title)));
}

loadGames();
listEvents();
