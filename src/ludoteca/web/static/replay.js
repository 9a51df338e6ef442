// The replay page of a finished game: step through it as a spectator or as any seat.
import { api, el } from "./api.js";
import { drawBoard } from "./boards/index.js";
import { setUpChat } from "./chat.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const tableId = $("replay").dataset.table;
let steps = 0;
let game = "";
let summary = null; // the table's public facts (options, seats), the same at every step
let wanted = 0; // the step asked for last: quick clicks count from it, not from the shown one
let asked = 0; // numbers each request, so a late answer never replaces a newer one

async function show(step) {
  wanted = step;
  const mine = ++asked;
  const seat = $("as-seat").value;
  const query = seat === "" ? "" : `?seat=${seat}`;
  try {
    const frame = await api(`/api/tables/${tableId}/frames/${step}${query}`);
    if (mine !== asked) return;
    $("step").value = frame.step;
    $("step-number").textContent = frame.step;
    $("picture").textContent = frame.picture;
    const obs = frame.observation;
    // The view of that step, shaped as the play page's: boards read the table's options.
    const table = { ...summary, index: frame.step, current_player: obs.current_player,
      finished: obs.terminal, scores: obs.scores, winner: obs.winner };
    const view = { index: frame.step, seat: frame.seat, observation: obs, actions: [],
      layout: frame.layout, board: frame.board, seat_names: frame.seat_names, players: frame.players,
      log: frame.log, table };
    drawBoard($("board"), game, view, () => {});
    $("last-action").textContent = frame.action_label ? t("last move: {action}", { action: frame.action_label })
      : t("start of the game");
    const events = $("events");
    events.replaceChildren(...frame.observation.events.map((line) => el("li", {}, line)));
    events.scrollTop = events.scrollHeight;
    $("error").textContent = "";
  } catch (error) {
    if (mine === asked) $("error").textContent = error.message;
  }
}

async function start() {
  const table = await api(`/api/tables/${tableId}/view`);
  $("download").href = `/api/tables/${tableId}/replay`;
  game = table.table.game;
  summary = table.table;
  $("seeded").hidden = !table.table.seeded;
  // Each seat by its player and, where the game names its sides, its side.
  const players = table.players ?? [];
  const sides = table.seat_names ?? [];
  for (const seat of table.table.seats) {
    const player = players[seat.seat];
    const side = sides[seat.seat];
    $("as-seat").append(el("option", { value: seat.seat },
      side && side !== player ? t("{side} ({player})", { side, player }) : player));
  }
  try {
    const first = await api(`/api/tables/${tableId}/frames/0`);
    steps = first.steps;
  } catch (error) {
    $("error").textContent = error.message;
    return;
  }
  // The table's chat, unless its players kept it to themselves (then the server sends none).
  setUpChat(tableId, { who: (seat, line) => line.name ?? players[seat] ?? t("spectator") });
  $("steps").textContent = steps;
  $("step").max = steps;
  const current = () => wanted;
  $("first").onclick = () => show(0);
  $("prev").onclick = () => show(Math.max(0, current() - 1));
  $("next").onclick = () => show(Math.min(steps, current() + 1));
  $("last").onclick = () => show(steps);
  $("step").oninput = () => show(Number($("step").value));
  $("as-seat").onchange = () => show(current());
  show(steps);
}

start();
