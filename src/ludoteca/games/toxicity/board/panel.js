// Toxicity 101: under the board, one row per pawn (stamina, key, items, abilities, effects)
// and the gamemaster's row (decks, drawn cards waiting to be placed, discard pile).
import { textWidth } from "/static/boards/svg.js";
import { t } from "/static/i18n.js";
import { ABILITY_WORDS, COLOUR_WORDS, PAWN_COLOUR, itemName, node, playerOf, titled } from "./svg.js";

const ROW = 62;
const CARD_W = 66;
const CARD_H = 26;
const STAMINA_X = 205;
const CARDS_X = 275;

// `text` cut with "…" to about `room` pixels at `size` (bold).
function fit(text, room, size) {
  const most = Math.floor(room / (size * 0.62));
  return text.length > most ? `${text.slice(0, Math.max(1, most - 1))}…` : text;
}

// Cards laid from `left` to `right`, a new line under the last when one is full: each
// `place(width)` gives where the next card goes; `bottom()` is the lowest card's edge.
function cardLine(left, right, top) {
  let x = left;
  let y = top;
  return {
    place(wide) {
      if (x > left && x + wide > right) {
        x = left;
        y += CARD_H + 4;
      }
      const at = [x, y];
      x += wide + 6;
      return at;
    },
    skip(gap) {
      x += gap;
    },
    bottom: () => y + CARD_H,
  };
}

function card(svg, line, text, look, ctx, key) {
  const entries = key ? ctx.plan.sources[key] : undefined;
  const picked = key && ctx.selected === key;
  const group = node("g", { "data-card": look.card ?? null });
  const wide = Math.max(CARD_W, Math.ceil(text.length * 6.8) + 12);
  const [x, y] = line.place(wide);
  group.append(node("rect", { x, y, width: wide, height: CARD_H, rx: 4, fill: look.fill,
    stroke: picked ? "#ff6f00" : entries ? "#f9a825" : "#8a8a8a",
    "stroke-width": picked ? 4 : entries ? 3 : 1, "stroke-dasharray": look.dashed ? "4 3" : null }));
  group.append(node("text", { x: x + wide / 2, y: y + 17, "text-anchor": "middle",
    "font-size": 12, fill: look.ink ?? "#222" }, text));
  titled(group, [look.help, ...(entries ?? []).map((e) => e.label)].filter(Boolean).join("\n"));
  if (entries) {
    group.setAttribute("class", "clickable");
    group.setAttribute("data-source", key);
    group.setAttribute("data-actions", entries.map((entry) => entry.action).join(" "));
    group.addEventListener("click", () => ctx.pick(key));
  }
  svg.append(group);
}

function stamina(svg, x, y, pawn) {
  const most = Math.max(3, pawn.stamina);
  const group = node("g", { "data-stamina": pawn.stamina, "data-colour": pawn.colour });
  for (let i = 0; i < most; i++) {
    group.append(node("circle", { cx: x + 8 + i * 16, cy: y, r: 6,
      fill: i < pawn.stamina ? "#43a047" : "#fff", stroke: "#2e7d32", "stroke-width": 1.5 }));
  }
  titled(group, t("stamina {stamina}", { stamina: pawn.stamina }));
  svg.append(group);
}

function effects(pawn) {
  const e = pawn.effects ?? {};
  return [
    e.stunned && t("stunned"),
    e.mud && t("muddy"),
    e.no_run && t("cannot run"),
    e.mask_turns && t("mask {turns}", { turns: e.mask_turns }),
    e.immunity && t("trap immunity {left}", { left: e.immunity }),
    pawn.kills && t("kills {kills}", { kills: pawn.kills }),
  ].filter(Boolean).join(" · ");
}

// A pawn's row at `y`: its player, square and effects, stamina, then its cards (on more
// lines if they need them); returns the row's height.
function pawnRow(svg, ctx, pawn, y, width) {
  const { obs, view } = ctx;
  const current = !obs.pending?.length && obs.turn?.pawn === pawn.colour && !obs.terminal;
  const out = !pawn.alive || pawn.escaped;
  const box = node("rect", { x: 0, y, width, height: ROW - 6, rx: 6,
    fill: current ? "#fff8e1" : out ? "#e8e8e8" : "#f7f7f7", stroke: current ? "#f9a825" : "#ddd" });
  svg.append(box);
  svg.append(node("circle", { cx: 22, cy: y + 20, r: 12, fill: PAWN_COLOUR[pawn.colour],
    opacity: out ? 0.4 : null }));
  if (!pawn.alive) {
    svg.append(node("path", { d: `M14 ${y + 12}l16 16M30 ${y + 12}l-16 16`, stroke: "#222", "stroke-width": 3 }));
  }
  const who = t("{colour} · {player}", { colour: COLOUR_WORDS[pawn.colour] ?? pawn.colour,
    player: playerOf(view, pawn.seat, 40) });
  svg.append(titled(node("text", { x: 42, y: y + 18, "font-size": 13, "font-weight": "bold" },
    fit(who, STAMINA_X - 50, 13)), who)); // up to the stamina dots
  const where = pawn.escaped === "trapdoor" ? t("escaped by the trapdoor")
    : pawn.escaped ? t("escaped by the door")
      : pawn.alive ? t("on {square}", { square: pawn.square }) : t("dead");
  svg.append(node("text", { x: 42, y: y + 36, "font-size": 12, fill: "#555",
    "data-status": pawn.colour }, where));
  const state = effects(pawn);
  svg.append(titled(node("text", { x: 42, y: y + 51, "font-size": 11, fill: "#8a5a00" },
    fit(state, CARDS_X - 50, 11)), state));
  stamina(svg, STAMINA_X, y + 20, pawn);
  const line = cardLine(CARDS_X, width - 6, y + 7);
  card(svg, line, pawn.key ? t("key") : t("no key"),
    pawn.key ? { fill: "#ffd54f", help: t("holds a key") } : { fill: "#fff", dashed: true, ink: "#999",
      help: t("no key yet") }, ctx);
  const own = ctx.plan.mover === pawn;
  for (const item of pawn.items) {
    const key = own ? `item:${item}` : null;
    card(svg, line, itemName(item), { fill: item === "?" ? "#5e4b86" : "#ffe0b2",
      ink: item === "?" ? "#fff" : null, card: item === "?" ? null : item,
      help: item === "?" ? t("an item you have not seen") : itemName(item) }, ctx,
      key && key in ctx.plan.sources ? key : null);
  }
  line.skip(8);
  for (const [name, uses] of Object.entries(pawn.uses ?? {})) {
    const key = `ability:${name}`;
    const words = ABILITY_WORDS[name] ?? name;
    card(svg, line, `${words} ×${uses}`, { fill: uses ? "#e3f2fd" : "#eee", ink: uses ? null : "#999",
      help: t("ability {ability}: {uses} use(s) left", { ability: words, uses }) }, ctx,
    own && key in ctx.plan.sources ? key : null);
  }
  const height = Math.max(ROW, line.bottom() - y + 10);
  box.setAttribute("height", height - 6);
  return height;
}

// The gamemaster's row: player, decks and discard, then the drawn cards waiting to be
// placed (after those words, on more lines if need be); returns the row's height.
function masterRow(svg, ctx, y, width) {
  const { obs, view } = ctx;
  const seat = obs.roles.gamemaster;
  const placing = obs.pending?.length > 0 && !obs.terminal;
  const box = node("rect", { x: 0, y, width, height: ROW - 6, rx: 6,
    fill: placing ? "#fff8e1" : "#f3eef9", stroke: placing ? "#f9a825" : "#d1c4e9" });
  svg.append(box);
  const who = t("gamemaster · {player}", { player: playerOf(view, seat, 40) });
  const decks = t("decks {decks} · discard {discard}", { decks: obs.decks.join(" / "),
    discard: obs.discard.length });
  const waiting = (obs.pending ?? []).flatMap(([cards]) => cards);
  const heading = waiting.length ? t("to place:") : t("no card to place");
  // The words on the left keep at most half the row; the cards start after them.
  const words = Math.min(width / 2, Math.max(textWidth(who, 13, true), textWidth(decks, 12)));
  svg.append(titled(node("text", { x: 12, y: y + 18, "font-size": 13, "font-weight": "bold" },
    fit(who, words, 13)), who));
  svg.append(node("text", { x: 12, y: y + 36, "font-size": 12, fill: "#555" }, decks));
  const start = 12 + words + 16;
  svg.append(node("text", { x: start, y: y + 24, "font-size": 12 }, heading));
  const line = cardLine(start + textWidth(heading, 12) + 8, width - 6, y + 7);
  for (const [i, c] of waiting.entries()) {
    const text = i === 0 ? t("next: {card}", { card: itemName(c) }) : itemName(c);
    const look = c === "?" ? { fill: "#5e4b86", ink: "#fff", help: t("a drawn card only the gamemaster sees") }
      : { fill: c.startsWith("wall-") ? "#9e9e9e" : "#ffe0b2", card: c, help: itemName(c) };
    if (i === 0) look.help = t("next card: {card} (click a highlighted square)", { card: look.help });
    card(svg, line, text, look, ctx);
  }
  const height = Math.max(ROW, line.bottom() - y + 10);
  box.setAttribute("height", height - 6);
  return height;
}

// Draws the rows from `top`; returns the bottom.
export function drawStatus(svg, ctx, top, width) {
  let y = top + masterRow(svg, ctx, top, width);
  for (const pawn of ctx.obs.pawns) y += pawnRow(svg, ctx, pawn, y, width);
  return y;
}
