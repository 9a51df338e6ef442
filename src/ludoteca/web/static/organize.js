// The organizer's page: every change goes to the API with the event's key from `#key=`.
import { api, el } from "./api.js";
import { renderCommon, resultText, seatText } from "./event_render.js";

const $ = (id) => document.getElementById(id);
const eventId = $("event").dataset.event;
const KEYS = "ludoteca.events";
const DUEL_RESULTS = ["win", "timed_win", "draw", "timed_loss", "loss"];
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

function findKey() {
  const match = location.hash.match(/key=([^&]+)/);
  if (match) return decodeURIComponent(match[1]);
  return storedKeys().find((entry) => entry.id === eventId)?.key ?? null;
}

function rememberKey(name) {
  const entries = storedKeys().filter((entry) => entry.id !== eventId);
  entries.push({ id: eventId, name, key });
  localStorage.setItem(KEYS, JSON.stringify(entries));
}

async function change(action, body = {}) {
  $("org-error").textContent = "";
  try {
    const answer = await api(`/api/events/${eventId}/${action}`, { method: "POST", body, token: key });
    render(answer.event);
    return answer;
  } catch (error) {
    $("org-error").textContent = error.message;
    return null;
  }
}

async function load() {
  try {
    const event = await api(`/api/events/${eventId}/organizer`, { token: key });
    $("key-form").hidden = true;
    $("org").hidden = false;
    rememberKey(event.name);
    render(event);
  } catch (error) {
    $("org").hidden = true;
    $("key-form").hidden = false;
    $("org-error").textContent = error.message;
  }
}

function render(event) {
  current = event;
  renderCommon(event);
  renderPlayers(event);
  renderRounds(event);
  const duel = event.kind === "duel";
  $("cut-controls").hidden = !duel;
  $("final-controls").hidden = duel;
  $("player-group").hidden = !duel;
  $(duel ? "overall-duel" : "overall-melee").placeholder = `${event.kind} event id (this one: ${eventId})`;
  $("journal").replaceChildren(
    ...event.journal.map((line) => el("li", {}, `${line.operation} ${JSON.stringify(line.arguments)}`)),
  );
  const running = event.bots && event.bots.status === "running";
  if (running && !polling) polling = setInterval(load, 1000);
  if (!running && polling) {
    clearInterval(polling);
    polling = null;
  }
}

function renderPlayers(event) {
  $("players").replaceChildren(
    ...event.players.map((p) =>
      el("li", { "data-player": p.id, class: p.dropped ? "muted" : null },
        `#${p.number} ${p.name}${p.group ? ` (${p.group})` : ""}${p.dropped ? " — dropped" : " "}`,
        p.dropped ? null : el("button", {
          type: "button", id: `drop-${p.id}`, "data-testid": `drop-${p.id}`,
          onclick: () => change("drop", { player: p.id }),
        }, "Drop"),
      ),
    ),
  );
}

function resultControls(sheet, table) {
  const id = `${sheet.number}-${table.table}`;
  if (table.bye) return el("span", {}, "bye (a win)");
  if (!sheet.current && !table.done) return el("span", {}, "");
  const action = table.done ? "fix" : "results";
  const label = table.done ? "Fix" : "Record";
  let inputs;
  let read;
  if (sheet.kind === "swiss" || sheet.kind === "cut") {
    const choices = sheet.kind === "cut" ? DUEL_RESULTS.filter((r) => r !== "draw") : DUEL_RESULTS;
    const select = el("select", { id: `result-${id}`, "data-testid": `result-${id}` },
      ...choices.map((r) => el("option", { value: r, selected: r === table.result }, `${r.replace("_", " ")} for ${table.seats[0].name}`)));
    inputs = [select];
    read = () => ({ result: select.value });
  } else {
    inputs = table.seats.map((seat, i) => el("input", {
      id: `power-${id}-${i + 1}`, "data-testid": `power-${id}-${i + 1}`, type: "number", min: 0,
      value: table.power ? table.power[i] : "", title: `final power of ${seat.name}`, class: "power",
    }));
    read = () => ({ power: inputs.map((input) => Number(input.value)) });
  }
  const button = el("button", {
    type: "button", id: `record-${id}`, "data-testid": `record-${id}`,
    onclick: () => change(action, { round: sheet.number, table: table.table, ...read() }),
  }, label);
  return el("span", { class: "controls" }, ...inputs, button);
}

function renderRounds(event) {
  const box = $("rounds");
  box.replaceChildren();
  for (const sheet of [...event.rounds].reverse()) {
    const table = el("table", { class: "grid", id: `round-${sheet.number}`, "data-testid": `round-${sheet.number}` });
    table.append(el("tr", {}, el("th", {}, "table"), el("th", {}, "players (seat order)"), el("th", {}, "result"), el("th", {}, "")));
    for (const t of sheet.tables) {
      const players = t.bye ? `${seatText(t.seats[0])} — BYE` : t.seats.map(seatText).join(sheet.kind === "swiss" || sheet.kind === "cut" ? " vs " : ", ");
      table.append(el("tr", { "data-table": t.table },
        el("td", {}, t.table), el("td", {}, players), el("td", { class: "result" }, resultText(sheet.kind, t)),
        el("td", {}, resultControls(sheet, t))));
    }
    const print = el("a", { href: `/events/${eventId}/print?round=${sheet.number}`, target: "_blank" }, "print");
    box.append(el("h3", {}, `${sheet.label} `, print), table);
    for (const warning of sheet.warnings) box.append(el("p", { class: "muted" }, `warning: ${warning}`));
  }
}

$("player-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const body = { name: $("player-name").value };
  if ($("player-group").value) body.group = $("player-group").value;
  if (await change("players", body)) {
    $("player-name").value = "";
    $("player-name").focus();
  }
});
$("pair-round").addEventListener("click", () => change("rounds"));
$("repair-round").addEventListener("click", () => change("repair"));
$("start-cut").addEventListener("click", () => change("cut", { size: Number($("cut-size").value) }));
$("advance-cut").addEventListener("click", () => change("cut-advance"));
$("seat-final").addEventListener("click", () => change("final"));
$("record-playoff").addEventListener("click", () => {
  const order = $("playoff-order").value.split(/[\s,]+/).filter(Boolean).map(Number);
  change("playoff", { order });
});
for (const action of ["start", "pause", "resume"]) {
  $(`clock-${action}`).addEventListener("click", () => change("clock", { action }));
}
$("overall-button").addEventListener("click", async () => {
  $("org-error").textContent = "";
  const duel = $("overall-duel").value.trim() || (current?.kind === "duel" ? eventId : "");
  const melee = $("overall-melee").value.trim() || (current?.kind === "melee" ? eventId : "");
  const table = $("overall");
  try {
    const answer = await api(`/api/champion?duel=${encodeURIComponent(duel)}&melee=${encodeURIComponent(melee)}`);
    table.replaceChildren(el("tr", {}, ...["rank", "player", "points", "duel place", "melee place", "tied with"].map((c) => el("th", {}, c))));
    for (const line of answer.ranking) {
      table.append(el("tr", {}, ...[line.rank, line.player, line.points, line.duel_place, line.melee_place, line.tied_with.join(", ")].map((v) => el("td", {}, v))));
    }
  } catch (error) {
    $("org-error").textContent = error.message;
  }
});
$("key-form").addEventListener("submit", (event) => {
  event.preventDefault();
  key = $("key-input").value.trim();
  load();
});

key = findKey();
if (location.hash) history.replaceState(null, "", location.pathname);  // the key leaves the address bar
load();
