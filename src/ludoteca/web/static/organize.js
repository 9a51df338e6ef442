// The organizer's page: every change goes to the API with the event's key from `#key=`.
import { api, el } from "./api.js";
import { initHosting, refreshCount } from "./event_hosting.js";
import { playersText, renderCommon, resultText, roundHeadings } from "./event_render.js";
import { t } from "./i18n.js";
import { editable, pairingEditor } from "./pairing_editor.js";
import { changeItems } from "./journal.js";
import { confirmIn, resultControls } from "./result_entry.js";

const $ = (id) => document.getElementById(id);
const eventId = $("event").dataset.event;
const KEYS = "ludoteca.events";
let key = null;
let current = null;
let polling = null;

function storedKeys() {
  try {
    return JSON.parse(localStorage.getItem(KEYS) || "[]");
  } catch {
    return [];
  }
}

// A key from a link (`…#key=KEY`) or the key itself.
function keyIn(text) {
  const match = text.match(/key=([^&\s]+)/);
  return match ? decodeURIComponent(match[1]) : text.trim();
}

function findKey() {
  if (location.hash.includes("key=")) return keyIn(location.hash);
  return storedKeys().find((entry) => entry.id === eventId)?.key ?? null;
}

function rememberKey(name) {
  const entries = storedKeys().filter((entry) => entry.id !== eventId);
  entries.push({ id: eventId, name, key });
  localStorage.setItem(KEYS, JSON.stringify(entries));
}

// A change; a refusal is shown in `message`, beside the control that asked for it.
async function change(action, body = {}, message = $("org-error")) {
  for (const box of document.querySelectorAll(".message")) box.replaceChildren();
  $("org-error").textContent = "";
  try {
    const answer = await api(`/api/events/${eventId}/${action}`, { method: "POST", body, token: key });
    render(answer.event);
    return answer;
  } catch (error) {
    message.replaceChildren(el("span", { class: "error" }, error.message));
    return null;
  }
}

// What a result would store (nothing is stored), or null after showing why not.
async function preview(body, message) {
  try {
    return await api(`/api/events/${eventId}/preview`, { method: "POST", body, token: key });
  } catch (error) {
    message.replaceChildren(el("span", { class: "error" }, error.message));
    return null;
  }
}

async function load() {
  try {
    const event = await api(`/api/events/${eventId}/organizer`, { token: key });
    $("key-form").hidden = true;
    $("org-error").textContent = "";
    $("org").hidden = false;
    rememberKey(event.name);
    render(event);
  } catch (error) {
    $("org").hidden = true;
    $("key-form").hidden = false;
    $("org-error").textContent = error.message;
  }
}

// Players register, and tables here record results, without the organizer: every few
// seconds the page asks for the event's revision (the feed answers 304 while it is the
// same) and loads the event again when it moved, unless the organizer is typing.
async function watch() {
  if (!current || polling || document.hidden) return;
  const typing = document.activeElement?.matches("#org input, #org select, #org textarea");
  if (typing) return;
  try {
    const feed = await api(`/api/events/${eventId}/feed`);
    if (feed.revision !== current.revision) await Promise.all([load(), refreshCount(eventId)]);
  } catch {
    // the next look tries again; a lasting fault shows at the organizer's next change
  }
}

// Who is looking, and the co-organizer link: the organizer makes and revokes it.
function renderAccess(event) {
  const owner = event.role === "organizer";
  $("access-role").textContent = owner
    ? [t("You are the organizer."), event.co_organizer ? t("A co-organizer link is out.")
      : t("No co-organizer link is out.")].join(" ")
    : t("You are a co-organizer: the organizer can revoke your link at any time.");
  $("co-controls").hidden = !owner;
  allow("co-revoke", event.co_organizer ? "" : t("no co-organizer link is out"));
}

async function coOrganizer(make) {
  const message = $("co-message");
  try {
    const answer = await api(`/api/events/${eventId}/co-organizer`, { method: make ? "POST" : "DELETE", token: key });
    $("co-link-box").hidden = !make;
    if (make) $("co-link").value = `${location.origin}/events/${eventId}/organize#key=${encodeURIComponent(answer.co_key)}`;
    await load();
  } catch (error) {
    message.replaceChildren(el("span", { class: "error" }, error.message));
  }
}

// The overall champion pairs this event with another this browser organizes, by its name.
function renderOverallChoice() {
  const select = $("overall-other");
  const chosen = select.value;
  const others = storedKeys().filter((entry) => entry.id !== eventId);
  select.replaceChildren(...others.map((entry) => el("option", { value: entry.id }, entry.name || t("an event"))));
  if (others.some((entry) => entry.id === chosen)) select.value = chosen;
  $("overall-button").disabled = !others.length;
}

function render(event) {
  current = event;
  renderAccess(event);
  renderCommon(event);
  renderPlayers(event);
  renderRounds(event);
  updateControls(event);
  const duel = event.kind === "duel";
  $("cut-controls").hidden = !duel;
  $("final-controls").hidden = duel;
  $("player-group").hidden = !duel;
  renderOverallChoice();
  $("journal").replaceChildren(...changeItems(event));
  if (!event.journal.length) $("journal").append(el("li", { class: "muted" }, t("no change yet")));
  const running = event.bots && event.bots.status === "running";
  if (running && !polling) polling = setInterval(load, 1000);
  if (!running && polling) {
    clearInterval(polling);
    polling = null;
  }
}

// Each player with Drop (confirmed first), or Reinstate for a drop since the last pairing.
// A control that cannot act now is disabled, with the reason on hover.
function allow(id, reason) {
  $(id).disabled = Boolean(reason);
  $(id).title = reason || "";
}

function cutSizes(sizes) {
  const select = $("cut-size");
  if (select.dataset.sizes === String(sizes)) return;
  select.dataset.sizes = String(sizes);
  select.replaceChildren(...sizes.map((size) => el("option", { value: size, selected: size === 4 || null }, String(size))));
}

// Where a table reports games (mtg), the organizer may announce the cut's matches, or its
// later rounds (a best-of-five final), as best of 5.
// The choice follows the event only when the event's own value changes, so a refresh never
// undoes what the organizer has just picked.
function cutGames(rules) {
  const box = $("cut-games");
  $("cut-games-box").hidden = !rules || rules.report !== "games";
  if (!rules || box.dataset.seen === String(rules.cut_games)) return;
  box.dataset.seen = String(rules.cut_games);
  box.value = String(rules.cut_games);
}

function updateControls(event) {
  if (event.rules) cutSizes(event.rules.cut_sizes);
  cutGames(event.rules);
  const rounds = event.rounds;
  const last = rounds[rounds.length - 1];
  const cut = event.top_cut;
  const open = last && !last.complete ? t("{round} still has tables without a result", { round: last.label }) : "";
  const swiss = rounds.filter((r) => r.kind === "swiss" || r.kind === "melee");
  const final = rounds.some((r) => r.kind === "final");
  const closed = cut ? t("the top cut has started") : final ? t("the final table is seated") : "";
  allow("pair-round", closed || open || (event.players.length < 2 ? t("register at least two players") : ""));
  allow("repair-round", closed || (!last ? t("no round has been paired yet")
    : last.tables.some((seating) => seating.done && !seating.bye)
      ? t("{round} has results: fix or undo them", { round: last.label }) : ""));
  allow("start-cut", cut ? t("the top cut has started")
    : !swiss.length || open ? t("finish the Swiss rounds first") : "");
  allow("advance-cut", !cut ? t("the top cut has not started") : cut.finished ? t("the top cut is over")
    : open || "");
  allow("seat-final", final ? t("the final table is seated") : !swiss.length || open ? t("finish the rounds first") : "");
  const clock = event.clock.state;
  allow("clock-start", !rounds.length ? t("pair a round first")
    : clock === "running" ? t("the clock is running") : clock === "paused" ? t("the clock is paused") : "");
  allow("clock-pause", clock !== "running" ? t("the clock is not running") : "");
  allow("clock-resume", clock !== "paused" ? t("the clock is not paused") : "");
}

function renderPlayers(event) {
  const dropped = t(" — dropped");
  $("players").replaceChildren(...event.players.map((p) => {
    const message = el("span", { class: "message", role: "alert" });
    const button = p.dropped
      ? el("button", { type: "button", id: `reinstate-${p.id}`, "data-testid": `reinstate-${p.id}`,
        onclick: () => change("reinstate", { player: p.id }, message) }, t("Reinstate"))
      : el("button", { type: "button", id: `drop-${p.id}`, "data-testid": `drop-${p.id}`,
        onclick: () => confirmIn(message, t("Drop {name}? They play no further round.", { name: p.name }),
          () => change("drop", { player: p.id }, message)) }, t("Drop"));
    return el("li", { "data-player": p.id, class: p.dropped ? "muted" : null },
      `#${p.number} ${p.name}${p.group ? ` (${p.group})` : ""}`, p.dropped ? dropped : "", " ",
      button, " ", message);
  }));
}

function renderRounds(event) {
  const box = $("rounds");
  box.replaceChildren();
  for (const sheet of [...event.rounds].reverse()) {
    const table = el("table", { class: "grid", id: `round-${sheet.number}`, "data-testid": `round-${sheet.number}` });
    table.append(el("tr", {}, ...roundHeadings(), el("th", {}, "")));
    for (const seating of sheet.tables) {
      table.append(el("tr", { "data-table": seating.table },
        el("td", { "data-label": t("Table") }, seating.table), el("td", {}, playersText(sheet, seating)),
        el("td", { class: "result" }, resultText(sheet.kind, seating)),
        el("td", {}, resultControls(sheet, seating, { change, preview }))));
    }
    const print = el("a", { href: `/events/${eventId}/print?round=${sheet.number}`, target: "_blank" }, t("print"));
    const slips = el("a", { href: `/events/${eventId}/slips?round=${sheet.number}`, target: "_blank",
      "data-testid": `slips-${sheet.number}` }, t("match slips"));
    box.append(el("h3", {}, `${sheet.label} `, print, " · ", slips));
    if (editable(event, sheet)) box.append(pairingEditor(event, sheet, change));
    box.append(table);
    for (const warning of sheet.warnings) box.append(el("p", { class: "muted" }, t("warning: {warning}", { warning })));
  }
}

$("player-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const body = { name: $("player-name").value };
  if ($("player-group").value) body.group = $("player-group").value;
  if (await change("players", body, $("player-message"))) {
    $("player-name").value = "";
    $("player-name").focus();
  }
});
// A sign-up sheet is registered whole, or not at all (the server names the bad row).
$("signup-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const [file] = $("signup-file").files;
  if (!file) return;
  const answer = await change("signups", { csv: await file.text() }, $("signup-message"));
  if (answer) {
    $("signup-message").replaceChildren(t("Players registered: {count}.", { count: answer.done.registered }));
    $("signup-file").value = "";
  }
});
$("pair-round").addEventListener("click", () => change("rounds", {}, $("rounds-message")));
$("repair-round").addEventListener("click", () => change("repair", {}, $("rounds-message")));
const games = () => ($("cut-games-box").hidden ? {} : { games: Number($("cut-games").value) });
$("start-cut").addEventListener("click",
  () => change("cut", { size: Number($("cut-size").value), ...games() }, $("cut-message")));
$("advance-cut").addEventListener("click", () => change("cut-advance", games(), $("cut-message")));
$("seat-final").addEventListener("click", () => change("final", {}, $("final-message")));
$("record-playoff").addEventListener("click", () => {
  const order = $("playoff-order").value.split(/[\s,]+/).filter(Boolean).map(Number);
  change("playoff", { order }, $("final-message"));
});
for (const action of ["start", "pause", "resume"]) {
  $(`clock-${action}`).addEventListener("click", () => change("clock", { action }, $("clock-message")));
}
$("overall-button").addEventListener("click", async () => {
  $("org-error").textContent = "";
  const other = $("overall-other").value;
  const [duel, melee] = current?.kind === "duel" ? [eventId, other] : [other, eventId];
  const table = $("overall");
  try {
    const answer = await api(`/api/champion?duel=${encodeURIComponent(duel)}&melee=${encodeURIComponent(melee)}`);
    const headings = [t("rank"), t("player"), t("points"), t("duel place"), t("melee place"), t("tied with")];
    table.replaceChildren(el("tr", {}, ...headings.map((c) => el("th", {}, c))));
    for (const line of answer.ranking) {
      table.append(el("tr", {}, ...[line.rank, line.player, line.points, line.duel_place, line.melee_place, line.tied_with.join(", ")].map((v) => el("td", {}, v))));
    }
  } catch (error) {
    $("org-error").textContent = error.message;
  }
});
$("co-make").addEventListener("click", () => coOrganizer(true));
$("co-revoke").addEventListener("click", () => confirmIn($("co-message"),
  t("Revoke the co-organizer link? It stops working at once."), () => coOrganizer(false)));
$("co-copy").addEventListener("click", () => navigator.clipboard?.writeText($("co-link").value));
$("key-form").addEventListener("submit", (event) => {
  event.preventDefault();
  key = keyIn($("key-input").value);  // a pasted link works as well as the key
  load();
});

// A key link opened in this tab (pasted in the address bar) is taken at once.
function takeKeyFromAddress() {
  key = findKey();
  if (location.hash) history.replaceState(null, "", location.pathname);  // the key leaves the address bar
  load();
}
window.addEventListener("hashchange", takeKeyFromAddress);
takeKeyFromAddress();
initHosting(eventId, () => key);
setInterval(watch, 3000);
