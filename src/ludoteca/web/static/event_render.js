// Rendering shared by the organizer's and the public event pages (read-only parts).
import { el } from "./api.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

// The standings' columns (tournament/rows.py), a Duel's results and a bot run's states.
const COLUMNS = {
  place: t("final place"), rank: t("rank"), player: t("player"), number: t("number"), points: t("points"),
  strength: t("strength of schedule"), wins: t("wins"), draws: t("draws"), losses: t("losses"),
  byes: t("byes"), dropped: t("dropped"), tied_with: t("tied with"),
  sos: t("SoS"), esos: t("eSoS"), omw: t("OMW%"), gw: t("GW%"), ogw: t("OGW%"),
};
const RESULTS = {
  win: t("win"), loss: t("loss"), draw: t("draw"), timed_win: t("timed win"), timed_loss: t("timed loss"),
};
const BOT_STATUS = { running: t("running"), done: t("done"), failed: t("failed") };

export function phase(event) {
  const rounds = event.rounds.length;
  const registered = event.players.length;
  if (event.champion) return t("Finished: {name} is the champion.", { name: event.champion });
  const kind = event.kind === "duel" ? t("Duel") : t("Melee");
  if (!rounds) return t("{kind} event · players: {count} · no round yet.", { kind, count: registered });
  const current = event.rounds[rounds - 1];
  return (current.complete ? t("{kind} event · players: {count} · {round}: all results in.", {
    kind, count: registered, round: current.label })
    : t("{kind} event · players: {count} · {round}: being played.", { kind, count: registered, round: current.label }));
}

export function renderStandings(table, rows) {
  table.replaceChildren();
  if (!rows.length) {
    table.append(el("tr", {}, el("td", {}, t("No players yet."))));
    return;
  }
  const columns = Object.keys(rows[0]).filter((c) => c !== "id");
  const heading = (c) => COLUMNS[c] ?? c.replace("_", " ");
  table.append(el("tr", { class: "head" }, ...columns.map((c) => el("th", {}, heading(c)))));
  for (const row of rows) {
    // Each cell names its column: a phone shows a player a block, "points: 10" (style.css).
    const cells = columns.map((c) => {
      const value = row[c];
      const text = Array.isArray(value) ? value.join(", ") : value === true ? t("yes") : value === false ? "" : value;
      return el("td", { "data-column": c, "data-label": heading(c) }, text);
    });
    table.append(el("tr", { "data-player": row.id ?? row.number, class: row.dropped ? "muted" : null }, ...cells));
  }
}

export function seatText(seat) {
  return `#${seat.number} ${seat.name}`;
}

export function resultText(kind, table) {
  if (table.bye) return t("bye");
  if (kind === "melee" || kind === "final") {
    return table.power ? t("power {powers}", { powers: table.power.join(" / ") }) : "";
  }
  return duelResult(table.result, table.seats);
}

// A Duel table's result as people say it: "Carla Dias wins", "draw", "Diego Melo wins on
// time", or a score between the two ("Ana 2–1 Bruno"); the stored result is the first seat's.
export function duelResult(result, seats) {
  if (!result) return "";
  const [first, second] = seats;
  if (result === "draw") return t("draw");
  const winner = { win: first, timed_win: first, loss: second, timed_loss: second }[result];
  if (winner) return result.startsWith("timed") ? t("{name} wins on time", { name: winner.name })
    : t("{name} wins", { name: winner.name });
  const score = /^(\d+)-(\d+)$/.exec(result);
  if (score && second) return t("{first} {won}–{lost} {second}", { first: first.name, second: second.name,
    won: Number(score[1]), lost: Number(score[2]) });
  return RESULTS[result] ?? result;
}

// A round sheet's column headings.
export function roundHeadings() {
  return [el("th", {}, t("table")), el("th", {}, t("players (seat order)")), el("th", {}, t("result"))];
}

// The players of a table: "#1 Ana vs #2 Bruno" (a Duel), "#1 Ana, #2 Bruno, ..." (a Melee).
export function playersText(sheet, table) {
  if (table.bye) return t("{player} — BYE", { player: seatText(table.seats[0]) });
  return table.seats.map(seatText).join(sheet.kind === "swiss" || sheet.kind === "cut" ? t(" vs ") : ", ");
}

// Read-only round sheets, newest first.
export function renderRounds(box, rounds) {
  box.replaceChildren();
  if (!rounds.length) box.append(el("p", { class: "muted" }, t("No round yet.")));
  for (const sheet of [...rounds].reverse()) {
    const table = el("table", { class: "grid" });
    table.append(el("tr", {}, ...roundHeadings()));
    for (const seating of sheet.tables) {
      table.append(el("tr", {}, el("td", { "data-label": t("Table") }, seating.table),
        el("td", {}, playersText(sheet, seating)),
        el("td", {}, resultText(sheet.kind, seating))));
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
    el("p", {}, t("Bot tournament on {game}: {status}, {played} of {total} games played.", {
      game: bots.game, status: BOT_STATUS[bots.status] ?? bots.status, played: bots.played, total: bots.total })),
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
  const words = { stopped: t("not started"), running: t("running"), paused: t("paused") };
  const state = t("{state} ({minutes}-minute rounds)", { state: words[clockState.state], minutes: clockState.minutes });
  $("clock-state").textContent = left === 0 ? t("{state} — time is up", { state }) : state;
}

setInterval(tick, 500);

export function renderCommon(event) {
  $("event-title").textContent = event.name;
  $("event-phase").textContent = phase(event);
  // The rule set every figure follows (a Duel's; Melee has the rulebook's own).
  $("event-rules").textContent = event.rules ? t("Rule set: {rules}", { rules: event.rules.title }) : "";
  $("champion").textContent = event.champion ? t("Champion: {name}", { name: event.champion }) : "";
  const places = event.final_ranking || [];
  $("final-ranking").hidden = !places.length;
  $("final-ranking").replaceChildren(...places.map((name) => el("li", {}, name)));
  renderStandings($("standings"), event.standings);
  renderBots($("bots-progress"), event.bots);
  setClock(event.clock);
  // A finished event has no round to time: its clock is not shown.
  const clockBox = $("clock-panel") ?? $("clock-display")?.parentElement;
  if (clockBox) clockBox.hidden = Boolean(event.champion);
}
