// Rendering shared by the organizer's and the public event pages (read-only parts).
import { el } from "./api.js";

const $ = (id) => document.getElementById(id);

export function phase(event) {
  const rounds = event.rounds.length;
  const registered = event.players.length;
  if (event.champion) return `Finished: ${event.champion} is the champion.`;
  if (!rounds) return `${event.kind} event, ${registered} players registered, no round yet.`;
  const current = event.rounds[rounds - 1];
  const state = current.complete ? "all results in" : "being played";
  return `${event.kind} event, ${registered} players — ${current.label}: ${state}.`;
}

export function renderStandings(table, rows) {
  table.replaceChildren();
  if (!rows.length) {
    table.append(el("tr", {}, el("td", {}, "No players yet.")));
    return;
  }
  const columns = Object.keys(rows[0]).filter((c) => c !== "id");
  table.append(el("tr", {}, ...columns.map((c) => el("th", {}, c.replace("_", " ")))));
  for (const row of rows) {
    const cells = columns.map((c) => {
      const value = row[c];
      const text = Array.isArray(value) ? value.join(", ") : value === true ? "yes" : value === false ? "" : value;
      return el("td", {}, text);
    });
    table.append(el("tr", { "data-player": row.id ?? row.number, class: row.dropped ? "muted" : null }, ...cells));
  }
}

export function seatText(seat) {
  return `#${seat.number} ${seat.name}`;
}

export function resultText(kind, table) {
  if (table.bye) return "bye";
  if (kind === "melee" || kind === "final") return table.power ? `power ${table.power.join(" / ")}` : "";
  return table.result ? `${table.result.replace("_", " ")} (for ${table.seats[0].name})` : "";
}

// Read-only round sheets, newest first.
export function renderRounds(box, rounds) {
  box.replaceChildren();
  for (const sheet of [...rounds].reverse()) {
    const table = el("table", { class: "grid" });
    table.append(el("tr", {}, el("th", {}, "table"), el("th", {}, "players (seat order)"), el("th", {}, "result")));
    for (const t of sheet.tables) {
      const players = t.bye ? `${seatText(t.seats[0])} — BYE` : t.seats.map(seatText).join(sheet.kind === "swiss" || sheet.kind === "cut" ? " vs " : ", ");
      table.append(el("tr", {}, el("td", {}, t.table), el("td", {}, players), el("td", {}, resultText(sheet.kind, t))));
    }
    box.append(el("h3", {}, sheet.label), table);
  }
}

export function renderBots(box, bots) {
  if (!bots) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const share = bots.total ? Math.round((100 * bots.played) / bots.total) : 100;
  box.replaceChildren(
    el("p", {}, `Bot tournament on ${bots.game}: ${bots.status}, ${bots.played} of ${bots.total} games played.`),
    el("progress", { id: "bots-bar", max: bots.total || 1, value: bots.played }),
    el("span", { class: "muted" }, ` ${share}%`),
    ...(bots.error ? [el("p", { class: "error" }, bots.error)] : []), // never a "null" text
  );
}

// The round clock: the server says how much is left; the page counts down between refreshes.
let clockState = null;

export function setClock(clock) {
  clockState = { ...clock, at: performance.now() };
  tick();
}

function tick() {
  if (!clockState || !$("clock-display")) return;
  let left = clockState.remaining;
  if (clockState.state === "running") left -= (performance.now() - clockState.at) / 1000;
  left = Math.max(0, Math.ceil(left));
  const text = `${String(Math.floor(left / 60)).padStart(2, "0")}:${String(left % 60).padStart(2, "0")}`;
  $("clock-display").textContent = text;
  const words = { stopped: "not started", running: "running", paused: "paused" };
  $("clock-state").textContent = `${words[clockState.state]} (${clockState.minutes}-minute rounds)${left === 0 ? " — time is up" : ""}`;
}

setInterval(tick, 500);

export function renderCommon(event) {
  $("event-title").textContent = event.name;
  $("event-phase").textContent = phase(event);
  $("champion").textContent = event.champion ? `Champion: ${event.champion}` : "";
  const places = event.final_ranking || [];
  $("final-ranking").hidden = !places.length;
  $("final-ranking").replaceChildren(...places.map((name) => el("li", {}, name)));
  renderStandings($("standings"), event.standings);
  renderBots($("bots-progress"), event.bots);
  setClock(event.clock);
}
