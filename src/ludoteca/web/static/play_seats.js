// The play page's seats: the tokens this page holds (one seat's from #token=..., or every
// local seat's from #hotseat=0:token,1:token) and each seat's name in the game's own words
// and its player's, as the last view gave them.
import { api, myName, seatName } from "./api.js";

const fragment = new URLSearchParams(location.hash.slice(1));
export const singleToken = fragment.get("token");
export const hotseat = parseHotseat(fragment.get("hotseat"));
let known = []; // the seats whose player has a name of their own (a person's, "computer (medium)")
let people = []; // each seat's player: the name its person gave, "computer (medium)", "player 2"
let names = []; // the seats' names in the game's own words (Blue, Yellow, Gamemaster…)
let named = false; // this page has given the seat its person's name (once: a refusal is shown, not retried)

function parseHotseat(text) {
  if (!text) return null;
  const tokens = {};
  for (const pair of text.split(",")) {
    const [seat, token] = pair.split(":");
    if (token) tokens[Number(seat)] = token;
  }
  return Object.keys(tokens).length ? tokens : null;
}

export function tokenOf(seat) {
  if (hotseat) return hotseat[seat];
  return singleToken;
}

// A seat by its name in the game (a role may change with the round) and its player's
// ("Blue (Ana)", "Gamemaster (computer 2 (easy))").
export function nameOf(seat) {
  const role = names[seat];
  const player = people[seat] ?? seatName(seat);
  if (!role || role === player) return player;
  return known[seat] ? `${role} (${player})` : role; // a side needs no "(player 2)"
}

// Who played a seat, for the result: its player's own name, else its side ("Blue").
export function playerOf(seat) {
  return known[seat] ? people[seat] : nameOf(seat);
}

// A seat's name in the game's words ("Blue"), and its player's ("Ana", "open seat" aside).
export const roleOf = (seat) => names[seat] ?? seatName(seat);
export const personOf = (seat) => people[seat];

// The seats' names in the game's words and their people's names, as this view gives them.
export function learnNames(view) {
  names = view.seat_names || names;
  people = view.players || people;
  known = view.table.seats.map((seat) => Boolean(seat.name) || seat.kind === "agent");
}

// A name typed on this page is sent, even after a refused one.
export function nameAgain() {
  named = false;
}

// A person's seat: the player's name, given once from this browser (or typed here).
async function giveName(tableId, view, name, error) {
  if (named || !name) return;
  named = true;
  try {
    await api(`/api/tables/${tableId}/name`, { method: "POST", token: tokenOf(view.seat), body: { name } });
  } catch (refused) {
    error.textContent = refused.message;
  }
}

// The form asking a person's name, shown while their seat has none and this browser
// knows none; a name this browser knows is given at once.
export function renderNameForm(tableId, view, form, error) {
  const mine = view.table.seats[view.seat];
  const nameless = !hotseat && view.seat !== null && mine?.kind === "human" && !mine.name;
  form.hidden = !(nameless && !myName());
  if (nameless && myName()) giveName(tableId, view, myName(), error);
}
