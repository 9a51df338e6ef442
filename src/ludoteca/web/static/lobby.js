// The lobby: create a table, list tables, resume your own games.
import { LEVELS, api, el, hotseatLink, minutesText, myName, mySeats, playLink, playerNames, rememberSeat, seatName,
  setMyName }
  from "./api.js";
import { drawBoard } from "./boards/index.js";
import { t } from "./i18n.js";
import { account } from "./account_nav.js";
import { createRated, joinRated } from "./rated.js";
import { optionsForm } from "./game_options.js";

const $ = (id) => document.getElementById(id);
let catalogue = null;
let readOptions = () => ({}); // the shown game's options (game_options.js)

function currentGame() {
  return catalogue.games.find((g) => g.name === $("game").value);
}

function seatSelect(seat, previous) {
  const select = el("select", { id: `seat-${seat}`, "data-seat": seat });
  select.append(el("option", { value: "human" }, seat === 0 ? t("me") : t("a person (private link)")));
  select.append(el("option", { value: "open" }, t("open: anyone may join")));
  for (const [preset, spec] of Object.entries(currentGame().presets || catalogue.presets)) {
    select.append(el("option", { value: `agent:${spec}`, selected: seat > 0 && preset === "medium" },
      t("computer: {level}", { level: LEVELS[preset] ?? preset })));
  }
  // A seat already chosen keeps its choice when an option changes the number of seats.
  if (previous !== undefined) select.value = previous;
  // An open seat must be found to be taken: choosing one lists the table (it can be unticked).
  select.addEventListener("change", () => { if (select.value === "open") $("listed").checked = true; });
  return el("label", {}, t("Player {n}", { n: seat + 1 }), " ", select);
}

let seatsAsked = 0; // numbers the requests: only the answer to the newest options counts
// The newest seats request: true once its options are good and their seats are shown.
// "Create table" waits for it, so a click that also ends typing in an option (the
// option's change fires first) creates the table with that option, at the first click.
let seatsReady = Promise.resolve(true);

function refreshSeats() {
  seatsReady = loadSeats();
  return seatsReady;
}

async function loadSeats() {
  const box = $("seats");
  const mine = ++seatsAsked;
  $("create-error").textContent = "";
  const game = currentGame().name;
  try {
    const answer = await api(`/api/games/${game}/seats`, { method: "POST", body: readOptions() });
    if (mine !== seatsAsked) return seatsReady;
    $("create-button").disabled = false;
    // Read the choices now, not before the request: a seat picked while it was out stays.
    const chosen = [...box.querySelectorAll("select")].map((select) => select.value);
    if (box.dataset.game !== game) chosen.length = 0; // another game: start afresh
    box.dataset.game = game;
    box.replaceChildren(el("legend", {}, t("Seats ({count})", { count: answer.seats })));
    for (let seat = 0; seat < answer.seats; seat++) box.append(seatSelect(seat, chosen[seat]));
    return true;
  } catch (error) {
    if (mine !== seatsAsked) return seatsReady;
    $("create-error").textContent = error.message;
    $("create-button").disabled = true; // until the options are good again
    return false;
  }
}

function showGame() {
  const game = currentGame();
  $("game-summary").textContent = game.summary;
  readOptions = optionsForm($("options"), game, { onChange: refreshSeats });
  refreshSeats();
}

async function create(event) {
  event.preventDefault();
  if (!(await seatsReady)) return; // the options' error is shown
  $("create-error").textContent = "";
  const seats = [...document.querySelectorAll("#seats select")].map((select) =>
    select.value.startsWith("agent:")
      ? { kind: "agent", agent: select.value.slice(6) }
      : { kind: select.value });
  // The creator's name goes on their own seat (hot-seat: one device, no single person).
  const mine = seats.findIndex((seat) => seat.kind === "human");
  if (myName() && mine >= 0 && !$("hotseat").checked) seats[mine].name = myName();
  try {
    const body = { game: currentGame().name, options: readOptions(), seats };
    if ($("seed").value !== "") body.seed = Number($("seed").value); // else the server draws one
    if ($("hotseat").checked) body.hotseat = true; // every person plays on this device
    body.listed = $("listed").checked; // else only its links reach it
    if ($("clock").value) { // "minutes+increment"
      const [minutes, increment] = $("clock").value.split("+").map(Number);
      body.clock = { minutes, increment };
    }
    const created = $("rated").checked ? await createRated(body)
      : await api("/api/tables", { method: "POST", body });
    showCreated(created);
    loadTables();
  } catch (error) {
    $("create-error").textContent = error.message;
  }
}

// After creating a table its creator goes to their seat (seat 0, "me"), or to the
// spectator's view when no seat is theirs; only other people's links are shown first.
function showCreated(created) {
  const tokens = {};
  for (const seat of created.seats.filter((s) => s.token)) {
    tokens[seat.seat] = seat.token;
    rememberSeat({ table: created.id, seat: seat.seat, token: seat.token, game: created.table.game });
  }
  if ($("hotseat").checked && Object.keys(tokens).length) {
    location.href = hotseatLink(created.id, tokens);
    return;
  }
  const mine = created.seats[0].token ? playLink(created.id, created.seats[0].token) : `/tables/${created.id}`;
  const others = created.seats.filter((s) => s.token && s.seat !== 0);
  if (!others.length) {
    location.href = mine;
    return;
  }
  $("links").replaceChildren(...others.map((seat) => {
    const link = playLink(created.id, seat.token);
    return el("li", {}, t("Player {n}:", { n: seat.seat + 1 }), " ", el("input", { readonly: true, value: link, size: 50 }), " ",
      el("button", { type: "button", onclick: () => navigator.clipboard?.writeText(link) }, t("copy")));
  }));
  $("go-mine").href = mine;
  $("go-mine").textContent = created.seats[0].token ? t("Go to my seat") : t("Watch the table");
  $("created").hidden = false;
}

function describeSeats(table) {
  const players = playerNames(table);
  return table.seats.map((s) => (s.kind === "open" ? t("open seat") : players[s.seat])).join(" · ");
}

function tableItem(table, extra) {
  const players = playerNames(table);
  const status = table.finished
    ? t("finished, scores {scores}", { scores: table.scores.join(" – ") })
    : table.index === 0 ? t("not started")
      : t("move {index}, {player} to play", { index: table.index, player: players[table.current_player] });
  const length = table.finished ? "" : minutesText(table.minutes);
  const seeded = table.seeded
    ? [el("span", { class: "seeded", title: t("its creator chose the game number") }, t("seeded")), " "] : [];
  if (table.rated) seeded.push(el("span", { class: "rated", title: t("its result moves its players' ratings") }, t("rated")), " ");
  return el("li", { "data-table": table.id }, el("strong", {}, table.title), ` — ${describeSeats(table)} — ${status}${length ? ` (${length})` : ""} `,
    ...seeded, ...extra);
}

async function join(table, seat) {
  try {
    const body = myName() ? { seat, name: myName() } : { seat };
    const token = table.rated ? await joinRated(table, seat)
      : (await api(`/api/tables/${table.id}/join`, { method: "POST", body })).token;
    if (!token) return; // sent to sign in
    rememberSeat({ table: table.id, seat, token, game: table.game });
    location.href = playLink(table.id, token);
  } catch (error) {
    alert(error.message);
  }
}

async function loadTables() {
  const { tables } = await api("/api/tables");
  // This browser's own tables, listed or not (an unlisted table is reached by its links only).
  const kept = [...new Set(mySeats().map((entry) => entry.table))].slice(-64);
  const own = kept.length
    ? (await api(`/api/tables?ids=${kept.map(encodeURIComponent).join(",")}`)).tables : [];
  const byId = new Map([...own, ...tables].map((table) => [table.id, table]));
  $("tables").replaceChildren(...tables.map((table) => {
    const extra = [el("a", { href: `/tables/${table.id}` }, t("watch"))];
    if (table.finished) extra.push(" · ", el("a", { href: `/tables/${table.id}/replay` }, t("replay")));
    for (const seat of table.seats.filter((s) => s.kind === "open")) {
      extra.push(" · ", el("button", { type: "button", onclick: () => join(table, seat.seat) },
        t("join as {player}", { player: seatName(seat.seat) })));
    }
    return tableItem(table, extra);
  }));
  if (!tables.length) $("tables").append(el("li", { class: "muted" }, t("none listed now")));
  // One line a table; several seats of it kept in this browser can resume together (hot-seat).
  const mine = new Map();
  for (const s of mySeats().filter((entry) => byId.has(entry.table))) {
    if (!mine.has(s.table)) mine.set(s.table, []);
    mine.get(s.table).push(s);
  }
  $("mine").replaceChildren(...[...mine].map(([id, seats]) => {
    const players = playerNames(byId.get(id));
    const links = seats.map((s) => el("a", { href: playLink(id, s.token) + (s.guided ? "&guide=1" : "") },
      t("resume as {player}", { player: players[s.seat] ?? seatName(s.seat) })));
    if (seats.length > 1) {
      const tokens = Object.fromEntries(seats.map((s) => [s.seat, s.token]));
      links.unshift(el("a", { href: hotseatLink(id, tokens), class: "resume-hotseat" }, t("resume hot-seat")));
    }
    return tableItem(byId.get(id), links.flatMap((link, i) => (i ? [" · ", link] : [link])));
  }));
  if (!mine.size) $("mine").append(el("li", { class: "muted" }, t("none yet")));
}

// This server's median time of the game (web/played.py): "on this site: 38 min (median of 12 games)".
function playedText({ minutes, games }) {
  return t("on this site: {minutes} min (median of {games} games)", { minutes, games });
}

// A tile a game: its picture (its own board module drawing the start of a game), how many
// play, its pitch, and one click to play it against the computer.
function renderTiles() {
  $("tiles").replaceChildren(...catalogue.games.map((game) => {
    const picture = el("div", { class: "tile-board", "aria-hidden": "true" });
    const seats = game.min_seats === game.max_seats ? t("{count} players", { count: game.min_seats })
      : t("{least}–{most} players", { least: game.min_seats, most: game.max_seats });
    const tile = el("article", { class: "tile", "data-game": game.name },
      el("h3", {}, game.title), picture,
      el("p", { class: "muted", title: game.length }, seats,
        ...(game.minutes ? [" · ", el("span", { class: "minutes" }, minutesText(game.minutes))] : []),
        ...(game.played ? [" · ", el("span", { class: "minutes played" }, playedText(game.played))] : [])),
      el("p", {}, game.summary),
      el("div", { class: "tile-actions" },
        el("button", { type: "button", class: "button", onclick: () => quickPlay(game) },
          t("Play the computer now")),
        game.tutorial ? el("button", { type: "button", class: "button secondary",
          onclick: () => quickPlay(game, true) }, t("Learn with a guide")) : null,
        el("a", { href: `/games/${encodeURIComponent(game.name)}`, class: "howto-link" },
          t("How to play"))));
    api(`/api/games/${game.name}/preview`)
      .then((view) => drawBoard(picture, game.name, view, () => {}))
      .then(() => { keepLargestPicture(picture); picture.dataset.drawn = ""; })
      .catch(() => picture.remove());
    return tile;
  }));
}

// A board view may draw panels and text around its picture: the tile keeps the picture
// (until then the box is hidden, style.css: nobody sees, or checks, the panels go).
function keepLargestPicture(box) {
  const area = (svg) => { const r = svg.getBoundingClientRect(); return r.width * r.height; };
  const [largest] = [...box.querySelectorAll("svg")].sort((a, b) => area(b) - area(a));
  if (largest) box.replaceChildren(largest);
}

// Seat 0 is you (with your name), every other seat the computer at the game's medium level;
// `guided`: the play page says what to do at each step (the game's tutorial).
async function quickPlay(game, guided = false) {
  $("create-error").textContent = "";
  const agent = (game.presets || catalogue.presets).medium ?? "random";
  const seats = Array.from({ length: game.default_seats }, (_, seat) => (seat === 0
    ? (myName() ? { kind: "human", name: myName() } : { kind: "human" })
    : { kind: "agent", agent }));
  try {
    const created = await api("/api/tables", { method: "POST", body: { game: game.name, seats } });
    const token = created.seats[0].token;
    rememberSeat({ table: created.id, seat: 0, token, game: game.name, guided: guided || undefined });
    location.href = playLink(created.id, token) + (guided ? "&guide=1" : "");
  } catch (error) {
    alert(error.message);
  }
}

async function start() {
  $("my-name").value = myName();
  $("my-name").addEventListener("change", () => setMyName($("my-name").value));
  catalogue = await api("/api/games");
  renderTiles();
  for (const game of catalogue.games) $("game").append(el("option", { value: game.name }, game.title));
  $("game").addEventListener("change", showGame);
  $("create-form").addEventListener("submit", create);
  $("refresh").addEventListener("click", loadTables);
  // Rated tables are for signed-in players: a rated one is neither hot-seat nor seeded.
  account().then((me) => { $("rated-choice").hidden = !me; });
  $("rated").addEventListener("change", () => {
    $("hotseat").disabled = $("seed").disabled = $("rated").checked;
    if ($("rated").checked) { $("hotseat").checked = false; $("seed").value = ""; }
  });
  showGame();
  loadTables();
}

start();
