// toinc: the board in SVG, drawn from the view only (observation + table options).
// The field strip with ball and line to gain, down and distance, score and clock, the last
// dice and *desfecho*; the opponent's hand as card backs; the table; the seat's own hand as
// cards. Each legal action is something to click: a card (or a tab under it when a card has
// several actions) or a button on the board. The generic action list stays as a fallback.
import { CARD_H, CARD_W, TAB_HEIGHT, drawBack, drawCard, fitText } from "./cards.js";
import { drawField, drawResults, drawScoreboard, drawSituation, SEAT_COLOUR, sideName } from "./field.js";
import { t } from "/static/i18n.js";
import { button, label, node } from "./svg.js";

// The board is drawn at the width it is shown (1 unit = 1 pixel, so text stays readable on a
// phone): 720 at most, 360 at least; below 560 the scoreboard and keys stack (field.js).
const MAX_WIDTH = 720;
const MIN_WIDTH = 360;
let WIDTH = MAX_WIDTH;
const GAP = 8;
const CARD_VERBS = new Set(["discard", "swap", "substitute", "play", "leader", "bonus", "contest",
  "target", "outcome"]);
const SHORT = {
  keep: t("keep my hand"), done: t("done"), confirm: t("confirm"), pass: t("pass"),
  accept: t("accept the foul"), decline: t("decline the foul"), "kick:fg": t("field goal"),
  "kick:punt": t("punt"), "extra:kick": t("kick the extra point"), "extra:two": t("go for two"),
  "hide:left": t("hide in left hand"), "hide:right": t("hide in right hand"),
  "guess:left": t("guess left hand"), "guess:right": t("guess right hand"),
};

// The legal actions split into those on a card (by card id) and the others (buttons).
function sortActions(actions) {
  const byCard = {};
  const others = [];
  for (const choice of actions) {
    const [verb, card] = choice.action.split(":");
    if (CARD_VERBS.has(verb) && card) (byCard[card] ??= []).push(choice);
    else others.push(choice);
  }
  return { byCard, others };
}

// Each table card's role in the play, from the public `play` record.
function roles(play) {
  const tag = {};
  const mark = (ids, text) => ids.forEach((id) => { tag[id] ??= text; });
  mark(play.kept_outcomes, t("desfecho"));
  if (play.defense_play) tag[play.defense_play] = t("defense play");
  if (play.attack_play) tag[play.attack_play] = t("attack play");
  mark(play.defense_leaders, t("defense leader"));
  mark(play.attack_leaders, t("attack leader"));
  mark(play.defense_bonus, t("defense bonus"));
  mark(play.attack_bonus, t("attack bonus"));
  mark(play.contest_leaders, t("lead contester"));
  mark(play.contest_bonus, t("contesting bonus"));
  return tag;
}

function heading(svg, y, text, attributes = {}) {
  svg.append(label(16, y + 14, text, { "font-size": 14, "font-weight": "bold", ...attributes }));
  return 22;
}

// A row of face-up cards, wrapped to the board's width; returns the height used.
function cardRow(svg, ids, top, faces, options) {
  const step = CARD_W + 6;
  const perRow = Math.floor((WIDTH - 32 + 6) / step);
  const tabs = ids.some((id) => (options.byCard?.[id]?.length ?? 0) > 1) ? TAB_HEIGHT + 4 : 0;
  const rowHeight = CARD_H + tabs + GAP;
  ids.forEach((id, i) => {
    const face = faces[id];
    if (!face) return;
    const x = 16 + (i % perRow) * step;
    const y = top + Math.floor(i / perRow) * rowHeight;
    drawCard(svg, id, face, x, y, { choices: options.byCard?.[id] ?? [], tag: options.tags?.[id],
      struck: options.struck?.has(id), where: options.where, view: options.view, act: options.act });
  });
  return Math.ceil(ids.length / perRow) * rowHeight;
}

// The hands the seat cannot see: only how many cards, as backs.
function hiddenHands(svg, obs, seats, top, names) {
  let y = top;
  for (const seat of seats) {
    const cards = obs.hand_sizes[seat];
    const outcomes = obs.outcome_drawn_sizes[seat];
    const side = sideName(names, seat);
    const text = outcomes
      ? t("{side}'s hand: {cards} card(s), {outcomes} outcome card(s) drawn", { side, cards, outcomes })
      : t("{side}'s hand: {cards} card(s)", { side, cards });
    const row = node("g", { class: "board-toinc-hidden-hand", "data-seat": seat,
      "data-count": cards });
    row.append(label(16, y + 14, text, { "font-size": 14, "font-weight": "bold",
      fill: SEAT_COLOUR[seat] }));
    svg.append(row);
    for (let i = 0; i < cards; i++) row.append(drawBack(svg, 16 + i * 30, y + 22));
    for (let i = 0; i < outcomes; i++) {
      row.append(drawBack(svg, 40 + cards * 30 + i * 30, y + 22, { outcome: true }));
    }
    y += 22 + 64 + GAP;
  }
  return y - top;
}

// The moves that are not on a card, as buttons after "Your move:", wrapped to the width.
function buttons(svg, others, top, view, act) {
  if (!others.length) return 0;
  const start = 106;
  let x = start;
  let row = 0;
  const bar = node("g", { class: "board-toinc-buttons" });
  bar.append(label(16, top + 19, t("Your move:"), { "font-size": 14, "font-weight": "bold" }));
  for (const choice of others) {
    const text = SHORT[choice.action] ?? choice.label;
    let [group, width] = button(x, top + row * 34, text, choice, view, act);
    if (x > start && x + width > WIDTH - 16) { // no room left on this row: the next one
      row += 1;
      x = start;
      [group, width] = button(x, top + row * 34, text, choice, view, act);
    }
    bar.append(group);
    x += width + 10;
  }
  svg.append(bar);
  return 28 + row * 34 + GAP + 4;
}

// The board's own styles (board.css), linked by the page before its first drawing.
export const STYLE = "board.css";

export function draw(container, view, act) {
  const room = container.clientWidth || MAX_WIDTH;
  WIDTH = Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, Math.floor(room)));
  const obs = view.observation;
  const faces = obs.faces ?? {};
  const { byCard, others } = sortActions(view.actions);
  // A group, not an image: its cards and buttons are controls a keyboard reaches.
  const svg = node("svg", { viewBox: `0 0 ${WIDTH} 100`, width: WIDTH, role: "group",
    "data-index": view.index,
    class: "board-toinc", "aria-label": t("the Toinc board") });
  let y = drawScoreboard(svg, view, WIDTH) + 14;
  y += drawField(svg, obs, y, WIDTH, view.seat_names) + 6;
  y += drawSituation(svg, obs, y, WIDTH, view.seat_names);
  y += drawResults(svg, obs.events, view.log ?? [], y, WIDTH) + GAP;
  if (obs.marker) {
    const hidden = obs.marker === "left" ? t("You hid the ball marker in your left hand.")
      : t("You hid the ball marker in your right hand.");
    svg.append(label(16, y + 14, hidden, { "font-size": 13, fill: "#555" }));
    y += 22;
  }
  const mine = obs.terminal ? null : view.seat; // a finished game has no hands to show
  if (!obs.terminal) y += hiddenHands(svg, obs, mine === null ? [0, 1] : [1 - mine], y, view.seat_names);
  y += heading(svg, y, t("On the table (this play)"));
  if (obs.table.length) {
    const struck = new Set(obs.play.contested);
    y += cardRow(svg, obs.table, y, faces, { byCard, tags: roles(obs.play), struck,
      where: "table", view, act });
  } else {
    svg.append(label(16, y + 14, obs.terminal ? t("The game is over.") : t("No cards on the table yet."),
      { fill: "#666" }));
    y += 24;
  }
  y += buttons(svg, others, y + 4, view, act) + 4;
  if (mine !== null) {
    y += heading(svg, y, t("Your hand ({side}): {cards} cards", {
      side: sideName(view.seat_names, mine), cards: obs.hand.length }), { fill: SEAT_COLOUR[mine] });
    y += obs.hand.length ? cardRow(svg, obs.hand, y, faces, { byCard, where: "hand", view, act }) : 8;
    if (obs.outcome_drawn.length) {
      y += heading(svg, y, t("Outcome cards drawn (desfecho): keep one"));
      y += cardRow(svg, obs.outcome_drawn, y, faces,
        { byCard, where: "outcome", view, act });
    }
  }
  svg.setAttribute("viewBox", `0 0 ${WIDTH} ${y + 4}`);
  container.replaceChildren(svg);
  fitText(svg);
}
