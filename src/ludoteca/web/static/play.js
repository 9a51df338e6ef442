// The play page, one for every game: a seat's view (#token=...), a spectator (no token), or
// hot-seat (#hotseat=0:token,1:token): several people on one screen, with a cover between turns
// so one seat's private view is never left on screen for the next.
import { claimSeat } from "./account_nav.js";
import { api, el, minutesText, setMyName } from "./api.js";
import { t } from "./i18n.js";
import { animate, boardActions, drawBoard, keyboardReach, snapshot } from "./boards/index.js";
import { setUpChat } from "./chat.js";
import { showClock } from "./clock.js";
import { playForced, setUpForced } from "./forced.js";
import { setUpNotify, tellMyMove } from "./notify.js";
import { setUpCoach, setUpHelpLine, setUpHowTo } from "./play_help.js";
import { renderResult } from "./play_result.js";
import {
  hotseat, learnNames, nameAgain, nameOf, personOf, renderNameForm, roleOf, singleToken, tokenOf,
} from "./play_seats.js";
import { TableViews } from "./table_views.js";

const $ = (id) => document.getElementById(id);
const tableId = $("play").dataset.table;
const views = new TableViews(tableId); // a view brings only the log entries the page lacks
const fragment = new URLSearchParams(location.hash.slice(1));
let shownSeat = null; // the seat whose private view is on screen (null: public view only)
let shownIndex = -1;
let renderedSeat;
let renderedBefore; // the seat whose board was drawn last (pieces slide only within one seat's view)
let lastView = null; // the JSON of the view drawn last
let sending = null; // the position a move is being sent from, while it is on its way
let shortcut = false; // a shortcut's moves are being sent (see `actAll`)
let missed = false; // the socket brought a view while they were (drawn at their end)
let boardFocus = null; // what had the keyboard focus on the board (see `focusOnBoard`)
let labels = new Map(); // the moves of the view on screen: action -> its words
let generation = 0; // hot-seat: bumped by every public view, so a late private view is dropped
let over = false; // the game has ended: the status no longer says "live"
let wasMyMove = null; // the last view's "my move", to tell only when the turn arrives
// The list of every move as buttons (keyboard and screen readers; the board is for the mouse
// and touch): folded while the board offers the moves, opened by the player and remembered.
const LIST_KEY = "ludoteca.moveList";
let listOpen = localStorage.getItem(LIST_KEY) === "open";

function clearPrivate() {
  for (const id of ["picture", "events", "actions", "board", "seat-list", "help-line"]) {
    $(id).replaceChildren();
  }
  delete $("board").dataset.drawn;
  $("who").textContent = "";
  $("move-hint").hidden = true;
}

// The public facts of a view: whose turn, the score, the move number (shown under the cover too).
function renderStatus(view) {
  const obs = view.observation;
  learnNames(view);
  // A player's tab says when it is their move, even in the background.
  const mine = !hotseat && view.seat !== null && view.seat === obs.current_player && !obs.terminal;
  document.title = mine ? t("▶ Your move — {title}", { title: view.table.title })
    : t("{title} — move {index}", { title: view.table.title, index: view.index });
  if (mine && wasMyMove === false) {
    tellMyMove(t("Your move — {title}", { title: view.table.title }),
      t("You are {name}.", { name: nameOf(view.seat) }), tableId);
  }
  wasMyMove = mine;
  $("turn").textContent = obs.terminal
    ? obs.unfinished ? t("game over: stopped unfinished, no result")
      : obs.winner === null ? t("game over: a draw")
        : t("game over: {name} wins", { name: nameOf(obs.winner) })
    : t("{name} to act", { name: nameOf(obs.current_player) });
  over = obs.terminal;
  if (over) $("connection").textContent = "";
  renderResult(tableId, view);
  showClock(tableId, view, nameOf);
  $("score").textContent = t("score {scores}", { scores: obs.scores.join(" – ") });
  $("index").textContent = view.index;
  // A seed chosen by the table's creator lets them know the cards and dice in advance.
  $("seeded").hidden = !view.table.seeded;
  $("rated").hidden = !view.table.rated;
  $("length").textContent = minutesText(view.table.minutes);
  $("length").hidden = obs.terminal || !view.table.minutes;
}

let claimed = false; // this seat offered to the signed-in account ("my games"), once

function render(view) {
  if (view.seat === renderedSeat && view.index < shownIndex) return; // an older message
  if (!claimed && singleToken && view.seat !== null) {
    claimed = true;
    claimSeat({ table: tableId, seat: view.seat, token: singleToken });
  }
  // The same view twice (a move's answer and the socket's): the board stays as drawn.
  const obs = view.observation;
  const text = JSON.stringify({ ...view, log: view.log.length, observation: { ...obs, events: obs.events.length } });
  if (text === lastView && $("board").dataset.drawn === String(view.index)) return;
  lastView = text;
  // A refused move's reason stays until the position changes (the same view may come twice).
  const moved = view.seat !== renderedSeat || view.index !== shownIndex;
  shownIndex = view.index;
  renderedSeat = view.seat;
  const table = view.table;
  learnNames(view);
  renderNameForm(tableId, view, $("name-form"), $("error"));
  $("who").textContent = hotseat
    ? t("hot-seat, showing {name}", { name: nameOf(view.seat) })
    : view.seat === null ? t("watching as a spectator") : t("you are {name}", { name: nameOf(view.seat) });
  // a spectator has no move, nor a seat waiting for the others ("Waiting…" says it)
  $("move-heading").hidden = view.seat === null || obs.terminal || !view.actions.length;
  $("notify").parentElement.hidden = hotseat !== null || view.seat === null;
  $("forced").parentElement.hidden = hotseat !== null || view.seat === null || guided;
  renderStatus(view);
  $("picture").textContent = view.picture;
  const trouble = view.agent_error || table.damaged;
  if (trouble || moved) $("error").textContent = trouble || "";
  $("seat-list").replaceChildren(...table.seats.map((seat) => el("li",
    { class: seat.seat === obs.current_player ? "current" : null },
    t("{seat}: {who}", { seat: roleOf(seat.seat),
      who: seat.kind === "open" ? t("open seat") : personOf(seat.seat) }),
    seat.seat === view.seat ? t(" (you)") : "")));
  // The log only grows: only its new lines are added (a page showing another seat starts again).
  const events = $("events");
  const listed = events.dataset.seat === String(view.seat) ? events.childElementCount : obs.events.length + 1;
  const line = (text) => el("li", {}, text);
  if (listed <= obs.events.length) events.append(...obs.events.slice(listed).map(line));
  else events.replaceChildren(...obs.events.map(line));
  events.dataset.seat = String(view.seat);
  events.scrollTop = events.scrollHeight;
  // A fresh frame per view: a board module still loading draws into the frame it was given,
  // which `clearPrivate` has detached by then, never behind the next seat's cover.
  const frame = el("div", { class: "board-frame" });
  const before = view.seat === renderedBefore ? snapshot($("board")) : null; // one seat's pieces
  renderedBefore = view.seat;
  // A board redrawn before the last one was shown: the focus it held is still owed.
  const idle = !document.activeElement || document.activeElement === document.body;
  boardFocus = focusOnBoard() ?? (idle ? boardFocus : null);
  $("board").replaceChildren(frame);
  delete $("board").dataset.drawn; // until this frame is drawn
  labels = new Map(view.actions.map(({ action, label }) => [action, label]));
  renderActions(view);
  coach(view);
  startChat();
  drawBoard(frame, table.game, view, act).then(() => {
    if (!frame.isConnected) return;
    markBoardMoves(boardActions(frame));
    if (boardFocus) keepFocus(frame, boardFocus);
    boardFocus = null;
    animate(frame, before);
    $("board").dataset.drawn = String(view.index); // the board and its moves are ready
    playForced(view, { allowed: !hotseat && !guided, act, note: $("help-line"),
      current: (shown) => shown.index === shownIndex && shown.seat === renderedSeat && sending === null && !shortcut });
  }, () => {});
  $("replay-link").href = `/tables/${tableId}/replay`;
}

// What has the keyboard focus on the board (null: nothing there): redrawn, the board gives
// it back (`keepFocus`), so a keyboard or screen-reader player keeps their place.
function focusOnBoard() {
  const active = document.activeElement;
  if (!active || !$("board").contains(active)) return null;
  const keys = ["data-player", "data-shortcut", "data-action", "data-target"];
  const key = keys.find((name) => active.hasAttribute(name));
  return key ? [key, active.getAttribute(key)] : ["", ""];
}

// The same thing again if it can still be pressed, else the board's first pressable thing,
// else the board itself.
function keepFocus(frame, [key, value]) {
  const same = key ? [...frame.querySelectorAll(`[${key}][tabindex="0"]`)]
    .find((element) => element.getAttribute(key) === value) : null;
  const target = same ?? frame.querySelector('[tabindex="0"]');
  if (target) {
    target.focus({ preventScroll: true });
    return;
  }
  frame.setAttribute("tabindex", "-1");
  frame.focus({ preventScroll: true });
}

function renderActions(view) {
  const box = $("actions");
  $("move-hint").hidden = true;
  if (!view.actions.length) {
    box.replaceChildren(el("p", { class: "muted" }, view.observation.terminal ? t("The game is over.")
      : view.seat === null ? t("Spectators watch.") : t("Waiting for the others…")));
    return;
  }
  box.replaceChildren(...view.actions.map(({ action, label }) => el("button",
    { type: "button", "data-action": action, onclick: () => act(view, action) },
    label)));
}

// The moves the board offers are folded out of the list unless the player opened it; the
// others (confirm, pass, end…) always show.
function markBoardMoves(onBoard) {
  const buttons = [...$("actions").querySelectorAll("button")];
  let folded = 0;
  for (const button of buttons) {
    const there = onBoard.has(button.dataset.action);
    button.classList.toggle("on-board", there);
    folded += there ? 1 : 0;
  }
  $("move-hint").hidden = folded === 0;
  showList(buttons.length);
}

function showList(count) {
  $("actions").classList.toggle("folded", !listOpen);
  const toggle = $("move-list-toggle");
  toggle.textContent = listOpen ? t("Hide the list") : t("List every move ({count})", { count });
  toggle.setAttribute("aria-expanded", String(listOpen));
}

$("name-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  setMyName($("name-input").value);
  nameAgain();
  lastView = null; // the same view is drawn again, and so sends the name
  $("name-form").hidden = true;
  await refresh().catch(() => {});
});

keyboardReach($("board"), (action) => labels.get(action));

$("move-list-toggle").addEventListener("click", () => {
  listOpen = !listOpen;
  localStorage.setItem(LIST_KEY, listOpen ? "open" : "folded");
  showList($("actions").querySelectorAll("button").length);
});

// `action`: one move, or a shortcut (a function: `plan(view)` gives the next move of this
// seat for each view, or null when done), whose moves are sent one by one.
async function act(view, action) {
  // A double click sends one move; a click on a newer position (drawn by the live socket
  // before this answer's own refresh ends) is a new move and goes.
  if (sending === view.index || shortcut) return;
  if (typeof action === "function") {
    await actAll(view, action);
    return;
  }
  const mine = (sending = view.index);
  for (const button of $("actions").querySelectorAll("button")) button.disabled = true;
  try {
    const token = tokenOf(view.seat);
    const answer = await api(`/api/tables/${tableId}/actions?since=${views.held(token)}`, {
      method: "POST", token, body: { index: view.index, action },
    });
    $("error").textContent = "";
    // Hot-seat: cover the screen for the next seat now, without waiting for the live socket.
    if (hotseat) await refresh();
    else render(await views.whole(answer.view, token));
  } catch (error) {
    // Show the fresh position first: rendering it resets the error line, the reason must stay.
    await refresh().catch(() => {});
    $("error").textContent = error.message;
  } finally {
    if (sending === mine) sending = null;
  }
}

// A shortcut's moves, each sent as its own move from the view the last one answered with,
// until the plan is done or the turn has passed; the board is drawn once, at the end (the
// live socket's views meanwhile are not drawn: a set-up is 22 moves).
async function actAll(view, plan) {
  shortcut = true; // no other move from this page until its last move is answered
  $("board").setAttribute("aria-busy", "true");
  sending = view.index;
  for (const button of $("actions").querySelectorAll("button")) button.disabled = true;
  const token = tokenOf(view.seat);
  let current = view;
  try {
    for (let action = plan(current); action; action = plan(current)) {
      const answer = await api(`/api/tables/${tableId}/actions?since=${views.held(token)}`, {
        method: "POST", token, body: { index: current.index, action },
      });
      current = await views.whole(answer.view, token);
      if (current.seat !== view.seat || !current.actions.length) break;
    }
    $("error").textContent = "";
    shortcut = false;
    // A view the socket brought meanwhile may be newer (the computer answered): fetch it.
    if (hotseat || missed) await refresh();
    else render(current);
  } catch (error) {
    shortcut = false;
    await refresh().catch(() => {});
    $("error").textContent = error.message;
  } finally {
    sending = null;
    shortcut = false;
    missed = false;
    $("board").removeAttribute("aria-busy");
  }
}

// Hot-seat: the public view decides whose turn it is; a local seat's view needs the cover first.
async function onPublicView(view) {
  const current = view.observation.current_player;
  const mine = ++generation;
  if (view.observation.terminal || !(current in hotseat)) {
    hideCover();
    shownSeat = null;
    render(view);
    return;
  }
  if (shownSeat === current) {
    await showPrivate(current, mine);
    return;
  }
  shownSeat = null;
  clearPrivate();
  renderStatus(view);
  showCover(current);
}

// Fetch and show `seat`'s own view, unless the table moved on (a newer public view) meanwhile:
// a late answer must never put one seat's hand on screen behind the next seat's cover.
async function showPrivate(seat, mine) {
  let view;
  try {
    view = await views.fetch(hotseat[seat]);
  } catch (error) {
    $("error").textContent = `${nameOf(seat)}: ${error.message}`;
    return;
  }
  if (mine !== generation || shownSeat !== seat || !$("cover").hidden) return;
  render(view);
}

function showCover(seat) {
  $("cover-title").textContent = t("Pass the device to {name}", { name: nameOf(seat) });
  $("cover-text").textContent = t("Only {name} should look at the screen now.", { name: nameOf(seat) });
  $("cover").hidden = false;
  $("cover-button").onclick = async () => {
    hideCover();
    shownSeat = seat;
    shownIndex = -1;
    await showPrivate(seat, generation);
  };
}

function hideCover() {
  $("cover").hidden = true;
}

async function refresh() {
  if (hotseat) {
    await onPublicView(await views.fetch(""));
  } else {
    render(await views.fetch(singleToken));
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const token = hotseat ? "" : singleToken || "";
  const query = `?since=${views.held(token)}` + (token ? `&token=${encodeURIComponent(token)}` : "");
  const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${tableId}${query}`);
  socket.onopen = () => { $("connection").textContent = over ? "" : t("live"); };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "error") $("error").textContent = message.error;
    else if (message.type === "chat") chatLine?.(message.line);
    else if (message.type === "view") {
      views.whole(message, token).then((view) => {
        if (shortcut) { // its own moves: drawn once, at its end (see `actAll`)
          missed = true;
          return;
        }
        if (hotseat) onPublicView(view);
        else render(view);
      }, () => {});
    }
  };
  socket.onclose = (event) => {
    $("connection").textContent = t("reconnecting…");
    if (event.code >= 4000) {
      $("connection").textContent = t("refused");
      return;
    }
    setTimeout(connect, 1500);
  };
}

// Another seat's link pasted into this tab changes only the fragment: load that seat's page.
window.addEventListener("hashchange", () => location.reload());

// The chat starts with the first view, when the seats' names are known. Hot-seat players
// share one screen: they read the chat but talk across the table.
let chatLine = null;
function startChat() {
  chatLine ??= setUpChat(tableId, { token: hotseat ? null : singleToken,
    who: (seat, line) => line.name ?? nameOf(seat) });
}
const guided = fragment.get("guide") === "1";
const coach = setUpCoach($("play").dataset.game, tableId, $("coach"), guided);
setUpNotify($("notify"));
setUpForced($("forced"));
setUpHowTo($("play").dataset.game, $("howto-button"), $("howto"), $("error"));
setUpHelpLine($("play").dataset.game, $("board"), $("help-line"));
connect();
