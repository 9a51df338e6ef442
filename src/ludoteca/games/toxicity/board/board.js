// Toxicity 101 in SVG: the board under the seat's fog, the gas, the pawns with their stamina,
// items and abilities, the gamemaster's drawn cards. Click a highlighted square to place a card
// or move there; click an item or ability card (or a wall, while rearranging) and then its
// target; the buttons under the board end the turn, stop rearranging or escape.
import { plan } from "./actions.js";
import { LEFT, SIZE, TOP, drawGrid } from "./grid.js";
import { drawStatus } from "./panel.js";
import { ids, messageOf } from "/static/boards/log.js";
import { t } from "/static/i18n.js";
import { COLOUR_WORDS, face, node, playerOf } from "./svg.js";

const OPENING_ROLL = ids("Opening roll: {rolls}"); // rounds.py: the first round's order
const LEGEND = [".", "?", "wall-0", "trap-stun-0", "trap-trapdoor-0", "key-0", "door-0", "floor-wet-0"];
let selected = null;
let selectedAt = -1;
let choices = null;

function element(tag, attributes = {}, ...children) {
  const made = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === null || value === undefined) continue;
    if (key.startsWith("on")) made.addEventListener(key.slice(2), value);
    else made.setAttribute(key, value);
  }
  made.append(...children);
  return made;
}

// A legend entry's words beside its square: two smaller lines when one would run past
// the legend's edge (about 15 characters).
function legendWords(x, y, words) {
  const cut = words.length > 15 ? words.lastIndexOf(" ", Math.ceil(words.length / 2) + 3) : -1;
  if (cut <= 0) return node("text", { x, y: y + 15, "font-size": 11 }, words);
  const text = node("text", { x, y: y + 9, "font-size": 10 });
  text.append(node("tspan", { x }, `${words.slice(0, cut)} `));
  text.append(node("tspan", { x, dy: 12 }, words.slice(cut + 1)));
  return text;
}

function legend(svg, x, gamemaster) {
  svg.append(node("text", { x, y: TOP - 6, "font-size": 12, "font-weight": "bold" }, t("legend")));
  LEGEND.forEach((token, i) => {
    const look = face(token);
    const y = TOP + i * 28;
    svg.append(node("rect", { x, y, width: 22, height: 22, rx: 3,
      fill: token === "." ? "url(#board-toxicity-fog)" : look.fill, stroke: "#999" }));
    const words = token === "." ? t("fog") : token === "?" ? t("face-down") : look.help.split(":")[0];
    svg.append(legendWords(x + 28, y, words));
  });
  const y = TOP + LEGEND.length * 28;
  svg.append(node("rect", { x, y, width: 22, height: 22, fill: "url(#board-toxicity-gas)", stroke: "#999" }));
  svg.append(node("text", { x: x + 28, y: y + 15, "font-size": 11 }, t("toxic gas")));
  if (!gamemaster) return;
  svg.append(node("rect", { x, y: y + 28, width: 22, height: 22, fill: "#ece6d6", stroke: "#5e4b86",
    "stroke-dasharray": "3 2", "stroke-width": 2 }));
  svg.append(node("path", { d: `M${x} ${y + 28}h10l-10 10z`, fill: "#5e4b86" }));
  svg.append(node("text", { x: x + 28, y: y + 43, "font-size": 11 }, t("face down:")));
  svg.append(node("text", { x: x + 28, y: y + 56, "font-size": 11 }, t("only you see it")));
}

function turnText(view) {
  const obs = view.observation;
  if (obs.terminal) return t("the game is over");
  if (obs.pending?.length) {
    return t("the gamemaster ({player}) places the drawn cards", {
      player: playerOf(view, obs.roles.gamemaster, 40) });
  }
  const turn = obs.turn;
  const done = [turn.moved && t("moved"),
    turn.items_used && t("{used}/{allowed} item", { used: turn.items_used, allowed: turn.items_allowed }),
    turn.ability_used && t("ability used")].filter(Boolean);
  const acts = t("the {colour} pawn ({player}) acts", {
    colour: COLOUR_WORDS[turn.pawn] ?? turn.pawn, player: playerOf(view, obs.roles[turn.pawn], 40) });
  return done.length ? `${acts} — ${done.join(", ")}` : acts;
}

// The round, the gas, whose turn; the opening dice (found in the log by their message id).
function info(view) {
  const obs = view.observation;
  const log = view.log ?? [];
  const dice = obs.events.filter((_line, i) => OPENING_ROLL.has(messageOf(log[i] ?? "")));
  const totals = obs.totals.map((points, seat) => t("{player} {points}", {
    player: playerOf(view, seat, 40), points })).join(" · ");
  const rolled = dice.length ? dice.join(" · ") : t("none rolled yet");
  return element("div", { class: "board-toxicity-info" },
    element("p", {}, element("b", {}, t("Round {round}/{rounds}", { round: obs.round, rounds: obs.rounds })),
      " · ", t("general turn {turn} · gas {columns} column(s), pace of zone {zone}", {
        turn: obs.turn.general_turn, columns: obs.gas.columns, zone: obs.gas.zone }), " · ",
      element("span", { class: "board-toxicity-turn" }, turnText(view))),
    element("p", { class: "board-toxicity-dice" }, t("Dice: {dice}", { dice: rolled })),
    element("p", { class: "board-toxicity-totals" }, t("totals: {totals}", { totals })));
}

function button(entry, act) {
  return element("button", { type: "button", class: "board-toxicity-button",
    "data-action": entry.action, title: entry.action, onclick: () => act(entry.action) }, entry.label);
}

function bar(ctx) {
  const box = element("div", { class: "board-toxicity-bar" });
  const picked = choices ?? (ctx.selected ? ctx.plan.sources[ctx.selected] : null);
  if (picked) {
    box.append(element("span", { class: "board-toxicity-pick" },
      ctx.selected ? `${ctx.selected.replace(/^(item|ability|swap):/, "$1 ")}: ` : "choose: "));
    box.append(...picked.map((entry) => button(entry, ctx.act)));
    box.append(element("button", { type: "button", class: "board-toxicity-cancel",
      onclick: () => ctx.select(null) }, "cancel"));
  }
  box.append(...ctx.plan.buttons.map((entry) => button(entry, ctx.act)));
  return box;
}

// The board's own styles (board.css), linked by the page before its first drawing.
export const STYLE = "board.css";

export function draw(container, view, act) {
  const layout = view.layout;
  if (!layout?.columns) return;
  if (selectedAt !== view.index) {
    selected = null;
    choices = null;
  }
  selectedAt = view.index;
  const moves = plan(view, layout);
  if (selected && !(selected in moves.sources)) selected = null;
  const redraw = () => draw(container, view, act);
  const ctx = {
    view, layout, obs: view.observation, plan: moves, selected,
    act: (action) => act(view, action),
    select(key) {
      selected = key && selected !== key ? key : null;
      choices = null;
      redraw();
    },
    pick(key) {
      const entries = moves.sources[key];
      if (entries.length === 1 && entries[0].square === null) act(view, entries[0].action);
      else ctx.select(key);
    },
    choose(entries) {
      choices = entries;
      redraw();
    },
  };
  const boardWidth = LEFT + layout.columns * SIZE;
  // On a phone the legend gives its room to the squares: the help line under the board
  // explains a square when it is tapped.
  const narrow = (container.clientWidth || 800) < 600;
  const width = boardWidth + (narrow ? 8 : 150);
  const svg = node("svg", { class: "board-toxicity board-main", role: "group",
    "aria-label": t("the Toxicity 101 board") });
  const bottom = drawGrid(svg, ctx);
  const gamemaster = view.seat !== null && view.seat === view.observation.roles.gamemaster;
  if (!narrow) legend(svg, boardWidth + 22, gamemaster);
  const height = drawStatus(svg, ctx, bottom + 4, width) + 4;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("width", width);
  container.replaceChildren(info(view), svg, bar(ctx));
}
