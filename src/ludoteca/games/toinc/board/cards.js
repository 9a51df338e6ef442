// toinc board: card faces (players, plays, *desfecho* outcome cards) and card backs, in SVG.
// A face comes from observation.faces (only cards the seat sees); a back shows nothing.
import { t } from "/static/i18n.js";
import { HIGHLIGHT, clickable, label, node, wrap } from "./svg.js";

export const CARD_W = 80;
export const CARD_H = 124;
const TAB_H = 22;
const SIDE = { attack: "#c0561b", defense: "#1f5f9f" };
const PLAY = { attack: "#7a3410", defense: "#123a63" };
const OUTCOME = {
  "attack-success": ["#2e8b57", "ATAQUE"],
  "defense-success": ["#a82828", "DEFESA"],
  foul: ["#c89000", "FALTA"],
};
const VERBS = {
  discard: t("discard"), swap: t("swap"), substitute: t("substitute"), play: t("announce"),
  leader: t("leader"), bonus: t("bonus"), contest: t("contest"), target: t("cancel bonus"),
  outcome: t("keep"),
};

// A player's abilities as the observation names them (the rulebook's short words), in the
// reader's language; the help line gives each in full, with the rulebook's word.
const ABILITY = { Agilidade: t("Agilidade"), Força: t("Força"), Inelegível: t("Inelegível"),
  Sorte: t("Sorte") };

function header(face) {
  if (face.kind === "outcome") return OUTCOME[face.outcome] ?? ["#666", "DESFECHO"];
  if (face.kind === "play") return [PLAY[face.side], t("{play} play", { play: face.play })];
  return [SIDE[face.side], face.position];
}

function bodyLines(face) {
  if (face.kind === "player") {
    const lines = [];
    if (face.name && face.name !== face.position) lines.push(...wrap(face.name, 12));
    const stats = Object.entries(face.stats);
    for (let i = 0; i < stats.length; i += 2) {
      lines.push(stats.slice(i, i + 2).map(([stat, value]) => `${stat} ${value}`).join("   "));
    }
    lines.push(...face.bonuses, ...face.abilities.map((ability) => ABILITY[ability] ?? ability));
    return lines;
  }
  if (face.kind === "play") {
    const lines = wrap(face.title, 12);
    if (face.name && face.name !== face.title) lines.push(...wrap(face.name, 12));
    lines.push(t("leader {leader}", { leader: face.leader }));
    return lines;
  }
  const text = face.face.replace(/^(ATAQUE|DEFESA|FALTA) /, ""); // the header says it already
  return [...wrap(face.name, 12), ...wrap(text, 13)];
}

// The guide's terms a face shows (its position, statistics, bonuses, abilities, play or
// outcome), for the page's help line: `data-terms` keys of /api/games/toinc/guide.
function terms(face) {
  if (face.kind === "outcome") return `outcome:${face.outcome} desfecho`;
  if (face.kind === "play") return `play:${face.play}`;
  return [`position:${face.position}`, ...Object.keys(face.stats).map((stat) => `stat:${stat}`),
    ...face.bonuses.map((bonus) => `bonus:${bonus.split("+")[0]}`),
    ...face.abilities.map((ability) => `ability:${ability}`)].join(" ");
}

// One card face at (x, y). `choices` are the actions on this card: one makes the whole card
// clickable; several draw a tab per action under it. `tag` is its role on the table.
export function drawCard(svg, id, face, x, y, { choices = [], tag, struck, where, view, act } = {}) {
  const group = node("g", { class: "board-toinc-card", "data-card": id, "data-piece": id,
    "data-where": where,
    "data-terms": terms(face) });
  const [colour, title] = header(face);
  const lit = choices.length > 0;
  group.append(node("rect", { x, y, width: CARD_W, height: CARD_H, rx: 7, fill: "#fffdf6",
    stroke: lit ? HIGHLIGHT : "#555", "stroke-width": lit ? 4 : 1.2 }));
  group.append(node("path", { d: `M ${x} ${y + 7} a 7 7 0 0 1 7 -7 h ${CARD_W - 14} a 7 7 0 0 1 7 7
    v 17 h ${-CARD_W} z`, fill: colour }));
  group.append(label(x + CARD_W / 2, y + 17, title, { "text-anchor": "middle", fill: "#fff",
    "font-weight": "bold", "font-size": 13 }));
  const lines = bodyLines(face);
  // The lines stay above the tag (or the card's edge): smaller type for many, and the last
  // that fits ends with "…" (the whole face is in its tooltip).
  const bottom = CARD_H - (tag ? 23 : 6);
  const size = lines.length > 5 ? 9.5 : 11;
  const room = Math.floor((bottom - 38) / (size + 3)) + 1;
  const shown = lines.length > room ? [...lines.slice(0, room - 1), `${lines[room - 1]}…`] : lines;
  shown.forEach((line, i) => group.append(label(x + 6, y + 38 + i * (size + 3), line,
    { "font-size": size, fill: "#222", "data-fit": CARD_W - 12 })));
  if (shown !== lines) group.append(node("title", {}, [title, ...lines].join("\n")));
  if (tag) {
    group.append(node("rect", { x: x + 4, y: y + CARD_H - 20, width: CARD_W - 8, height: 16,
      rx: 4, fill: "#e8e4d8" }));
    group.append(label(x + CARD_W / 2, y + CARD_H - 8, tag, { "text-anchor": "middle",
      "font-size": 10, fill: "#333", "data-fit": CARD_W - 14 }));
  }
  if (struck) {
    group.append(node("line", { x1: x + 6, y1: y + CARD_H - 6, x2: x + CARD_W - 6, y2: y + 26,
      stroke: "#c0392b", "stroke-width": 3, opacity: 0.8 }));
    group.append(node("title", {}, t("contested: its bonus is cancelled")));
  }
  svg.append(group);
  if (choices.length === 1) {
    clickable(group, choices[0], view, act);
  } else if (choices.length > 1) {
    const width = (CARD_W - 4 * (choices.length - 1)) / choices.length;
    choices.forEach((choice, i) => {
      const tab = node("g", { class: "board-toinc-tab" });
      const tx = x + i * (width + 4);
      tab.append(node("rect", { x: tx, y: y + CARD_H + 4, width, height: TAB_H - 4, rx: 4,
        fill: "#1f5fbf", stroke: HIGHLIGHT, "stroke-width": 2 }));
      tab.append(label(tx + width / 2, y + CARD_H + 17, verb(choice.action),
        { "text-anchor": "middle", fill: "#fff", "font-size": 10, "font-weight": "bold",
          "data-fit": width - 6 }));
      svg.append(clickable(tab, choice, view, act));
    });
  }
  return group;
}

// Squeeze the card lines wider than their card (once the board is in the page and measurable).
export function fitText(svg) {
  for (const text of svg.querySelectorAll("text[data-fit]")) {
    const room = Number(text.dataset.fit);
    if (text.getComputedTextLength() > room) {
      text.setAttribute("textLength", room);
      text.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
  }
}

export function verb(action) {
  return VERBS[action.split(":")[0]] ?? action;
}

// A face-down card: nothing about it but that it is there.
export function drawBack(svg, x, y, { width = 46, height = 64, outcome = false } = {}) {
  const group = node("g", { class: outcome ? "board-toinc-back board-toinc-back-outcome"
    : "board-toinc-back" });
  group.append(node("rect", { x, y, width, height, rx: 5, fill: outcome ? "#5d4b8a" : "#7a2e2e",
    stroke: "#222", "stroke-width": 1 }));
  group.append(node("rect", { x: x + 5, y: y + 5, width: width - 10, height: height - 10, rx: 3,
    fill: "none", stroke: "#ffffff88", "stroke-dasharray": "3 2" }));
  group.append(label(x + width / 2, y + height / 2 + 4, "T", { "text-anchor": "middle",
    fill: "#ffffffcc", "font-weight": "bold", "font-size": 15 }));
  svg.append(group);
  return group;
}

export const TAB_HEIGHT = TAB_H;
