// Quick pairing: enter the queue, ask for the place every two seconds, and once paired take
// the seat on this device (a token made for it) and go to the table.
import { account } from "./account_nav.js";
import { api, playLink, rememberSeat } from "./api.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const ASK_EVERY = 2000;
let me = null;
let asking = null;

function minutes(seconds) {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

async function takeSeat(place) {
  clearTimeout(asking);
  const { token } = await api(`/api/account/seats/${place.table}/${place.seat}/here`, { method: "POST", csrf: me.csrf });
  rememberSeat({ table: place.table, seat: place.seat, token, game: place.game });
  await api("/api/queue", { method: "DELETE", csrf: me.csrf }).catch(() => null);
  location.href = playLink(place.table, token);
}

function show(place) {
  $("queue-form").hidden = true;
  $("queue-waiting").hidden = false;
  const game = $("queue-game").querySelector(`option[value="${CSS.escape(place.game)}"]`)?.textContent ?? place.game;
  $("queue-status").textContent = t("Looking for an opponent for {game}… {time}", { game, time: minutes(place.waited) });
  $("queue-range").textContent = t("ratings from {low} to {high}", { low: String(place.range[0]), high: String(place.range[1]) });
  $("queue-computer").hidden = !place.computer;
}

async function ask() {
  try {
    const place = await api("/api/queue");
    if (place.table) {
      $("queue-status").textContent = t("Opponent found: to the table!");
      await takeSeat(place);
      return;
    }
    show(place);
    asking = setTimeout(ask, ASK_EVERY);
  } catch (error) {
    if (error.status === 404) { // not waiting (any more): the form again
      $("queue-form").hidden = false;
      $("queue-waiting").hidden = true;
      return;
    }
    $("queue-error").textContent = error.message;
    asking = setTimeout(ask, ASK_EVERY * 2);
  }
}

async function enter(event) {
  event.preventDefault();
  const form = $("queue-form");
  form.querySelector(".error").textContent = "";
  const [minutesPart, increment] = form.elements.clock.value.split("+").map(Number);
  const body = {
    game: form.elements.game.value,
    clock: { minutes: minutesPart, increment },
    wait: form.elements.wait.value ? Number(form.elements.wait.value) : null,
  };
  try {
    show(await api("/api/queue", { method: "POST", body, csrf: me.csrf }));
    asking = setTimeout(ask, ASK_EVERY);
  } catch (error) {
    form.querySelector(".error").textContent = error.message;
  }
}

async function start() {
  me = await account();
  if (!me) {
    $("queue-signed-out").hidden = false;
    return;
  }
  const { ladders } = await api("/api/ladders");
  for (const line of ladders.filter((l) => l.ladder.endsWith("/duel"))) {
    $("queue-game").append(new Option(line.title, line.game));
  }
  $("queue-form").addEventListener("submit", enter);
  $("queue-leave").addEventListener("click", async () => {
    clearTimeout(asking);
    await api("/api/queue", { method: "DELETE", csrf: me.csrf }).catch(() => null);
    $("queue-form").hidden = false;
    $("queue-waiting").hidden = true;
  });
  $("queue-computer").addEventListener("click", async () => {
    clearTimeout(asking);
    try {
      const made = await api("/api/queue/computer", { method: "POST", body: {}, csrf: me.csrf });
      rememberSeat({ table: made.id, seat: made.seat, token: made.token, game: $("queue-game").value });
      location.href = playLink(made.id, made.token);
    } catch (error) {
      $("queue-error").textContent = error.message;
    }
  });
  ask(); // already waiting (a page reloaded): carry on
}

start();
