// futebol: the pitch in SVG. Click a space to place, pass or long-pass there; click a pawn to
// kick off, steal or substitute with it, or to select it and then click where it moves.
import { node } from "/static/boards/svg.js";
import { t } from "/static/i18n.js";

const SIZE = 40;
// A pawn's status (pawns.py STATUS_NAMES) and the phases (fields.py Phase), in words.
const STATUS = { bench: t("bench"), off: t("substituted"), expelled: t("expelled") };
const PHASES = { place: t("placing the pawns"), kickoff: t("kick-off"), play: t("play"),
  chain: t("chain pass"), keeper: t("goalkeeper"), ruling: t("coaching call"), aim: t("penalty: aim"),
  dive: t("penalty: dive"), over: t("match over") };
const MARGIN = 24;
const FILL = {
  G: "#eeeeee", K: "#5fa867", P: "#6cb374", "*": "#6cb374", L: "#7cc083",
  S: "#8fcf8a", X: "#6b6b6b", "=": "#7cc083", ".": "#7cc083", "#": "none",
};
const SIDE_COLOUR = { B: "#1f5fbf", O: "#e07b00" };
const BENCH_W = SIZE + 12; // the substitution spaces, right of the pitch
let selected = null;
let selectedAt = -1;

function cellName(row, column) {
  return `${String.fromCharCode(97 + column)}${row + 1}`;
}

function centre(name) {
  const column = name.charCodeAt(0) - 97;
  const row = Number(name.slice(1)) - 1;
  return [MARGIN + column * SIZE + SIZE / 2, MARGIN + row * SIZE + SIZE / 2];
}

// Which clicks are legal now: actions by target space, by pawn, and move targets per pawn.
function clickable(actions) {
  const bySpace = {};
  const byPawn = {};
  const moves = {};
  for (const { action, label } of actions) {
    const [verb, first, second] = action.split(":");
    if (["place", "pass", "long"].includes(verb)) (bySpace[first] ??= []).push({ action, label });
    else if (["kickoff", "steal", "sub"].includes(verb)) (byPawn[first] ??= []).push({ action, label });
    else if ((verb === "move" || verb === "keeper") && second) {
      (moves[first] ??= {})[second] = { action, label };
    }
  }
  return { bySpace, byPawn, moves };
}

export function draw(container, view, act) {
  const rows = view.layout?.rows;
  if (!rows) return;
  if (selectedAt !== view.index) selected = null;
  selectedAt = view.index;
  const obs = view.observation;
  const { bySpace, byPawn, moves } = clickable(view.actions);
  const width = rows[0].length;
  const svg = node("svg", {
    viewBox: `0 0 ${width * SIZE + 2 * MARGIN + BENCH_W} ${rows.length * SIZE + 2 * MARGIN}`,
    width: width * SIZE + 2 * MARGIN + BENCH_W, role: "group", "aria-label": t("the pitch"),
    class: "board-main",
  });
  const targets = { ...(selected ? moves[selected] ?? {} : {}) };
  // A selected pawn next to the opposing carrier may steal: the carrier's space is a target.
  const steal = selected ? (byPawn[selected] ?? []).find((o) => o.action.startsWith("steal:")) : null;
  if (steal && obs.ball) targets[obs.ball] = steal;
  const redraw = () => draw(container, view, act);
  rows.forEach((line, row) => {
    [...line].forEach((kind, column) => {
      const name = cellName(row, column);
      if (kind === "#") return;
      const x = MARGIN + column * SIZE;
      const y = MARGIN + row * SIZE;
      const rect = node("rect", {
        x, y, width: SIZE, height: SIZE, fill: FILL[kind] ?? "#7cc083",
        stroke: "#ffffff88", "data-space": name, "data-terms": `space:${kind}`,
      });
      rect.append(node("title", {}, name));
      svg.append(rect);
      if (kind === "*" || kind === "L") {
        svg.append(node("circle", { cx: x + SIZE / 2, cy: y + SIZE / 2, r: kind === "*" ? 3 : 5,
          fill: "none", stroke: "#fff", "stroke-width": 1.5 }));
      }
      if (kind === "=") svg.append(node("line", { x1: x, y1: y + SIZE / 2, x2: x + SIZE,
        y2: y + SIZE / 2, stroke: "#fff", "stroke-width": 2 }));
      const choice = targets[name] ?? (bySpace[name]?.length === 1 ? bySpace[name][0] : null);
      if (choice) {
        const target = node("rect", { x: x + 3, y: y + 3, width: SIZE - 6, height: SIZE - 6,
          rx: 4, fill: "#ffffff33", stroke: selected ? "#ffd60a" : "#fff", "stroke-width": 2,
          class: "clickable", "data-action": choice.action });
        target.append(node("title", {}, choice.label));
        target.addEventListener("click", () => act(view, choice.action));
        // Pointing at it shows the way there (the pawn's move, or the ball's pass or shot).
        const from = selected ? obs.pawns?.[selected]?.space
          : /^(pass|long):/.test(choice.action) ? obs.ball : null;
        if (from && from !== name) {
          target.addEventListener("pointerenter", () => svg.append(pathPreview(from, name)));
          target.addEventListener("pointerleave", () => svg.querySelector("[data-path]")?.remove());
        }
        svg.append(target);
      }
    });
  });
  for (let column = 0; column < width; column++) {
    svg.append(node("text", { x: MARGIN + column * SIZE + SIZE / 2, y: 16, "text-anchor": "middle",
      "font-size": 12 }, String.fromCharCode(97 + column)));
  }
  rows.forEach((_line, row) => svg.append(node("text", { x: 4, y: MARGIN + row * SIZE + SIZE / 2 + 4,
    "font-size": 12 }, row + 1)));
  drawPawns(svg, obs, { bySpace, byPawn, moves, steal }, view, act, redraw);
  drawBenches(svg, obs, { rows, width, byPawn }, redraw);
  if (obs.ball) {
    const [cx, cy] = centre(obs.ball);
    svg.append(node("circle", { cx: cx + 11, cy: cy + 11, r: 6, fill: "#fff", stroke: "#000",
      "data-piece": "ball", "data-terms": "ball" }));
  }
  container.replaceChildren(svg, legend(rows), bench(obs));
}

// What the pitch's spaces are (guide/terms.toml), those this pitch has: a swatch and words.
const KINDS = [
  ["G", t("goal (score here)")], ["K", t("goal-kick area")], ["P", t("penalty area")],
  ["*", t("penalty spot")], ["L", t("long-pass space")], ["S", t("speed zone (up to 3 spaces)")],
  ["X", t("blocked space")], ["=", t("centre line")],
];

const MARKS = { L: "○", "*": "°", "=": "—" };

function legend(rows) {
  const present = new Set(rows.join(""));
  const list = document.createElement("ul");
  list.className = "board-legend";
  for (const [kind, words] of KINDS.filter(([k]) => present.has(k))) {
    const item = document.createElement("li");
    item.dataset.terms = `space:${kind}`;
    const swatch = document.createElement("span"); // the space's colour and mark, as drawn
    swatch.className = "swatch";
    swatch.setAttribute("aria-hidden", "true");
    swatch.style.background = FILL[kind];
    swatch.textContent = MARKS[kind] ?? "";
    item.append(swatch, words);
    list.append(item);
  }
  return list;
}

// A dashed line from space `from` to `to`, drawn under the pointer (never in its way).
function pathPreview(from, to) {
  const [x1, y1] = centre(from);
  const [x2, y2] = centre(to);
  return node("line", { x1, y1, x2, y2, stroke: "#ffd60a", "stroke-width": 3,
    "stroke-dasharray": "6 4", "stroke-linecap": "round", "pointer-events": "none",
    "data-path": `${from}-${to}` });
}

// A pawn on a space the ball may be passed to is drawn over that space's target. A pawn
// with no click of its own lets the click through to the pass; a pawn that may move is
// selected by the first click, and a second click on it passes it the ball.
function drawPawns(svg, obs, { bySpace, byPawn, moves, steal }, view, act, redraw) {
  for (const [pawn, info] of Object.entries(obs.pawns ?? {})) {
    if (!info.space || info.status !== "pitch") continue;
    const [cx, cy] = centre(info.space);
    const group = node("g", { "data-pawn": pawn, "data-piece": pawn, "data-at": info.space,
      "data-terms": info.yellow ? "yellow" : null });
    const own = byPawn[pawn] ?? [];
    const movable = pawn in moves;
    const here = bySpace[info.space]?.length === 1 ? bySpace[info.space][0] : null;
    const ring = pawn === selected ? "#ffd60a" : own.length || movable ? "#fff" : "#000";
    group.append(node("circle", { cx, cy, r: 14, fill: SIDE_COLOUR[pawn[0]] ?? "#444",
      stroke: ring, "stroke-width": own.length || movable ? 3 : 1 }));
    group.append(node("text", { x: cx, y: cy + 4, "text-anchor": "middle", "font-size": 11,
      fill: "#fff" }, pawn));
    if (info.yellow) group.append(node("rect", { x: cx + 8, y: cy - 16, width: 6, height: 9,
      fill: "#ffd60a" }));
    // A pawn to click for someone else's move: the one a substitute replaces, or the
    // carrier the selected pawn steals from (drawn over the carrier, so the click lands).
    const swap = selected === "sub" ? own.find((o) => o.action.startsWith("sub:"))
      : steal && info.space === obs.ball ? steal
      : pawn === selected && here ? here : null;
    if (swap) {
      group.append(node("circle", { cx, cy, r: 18, fill: "none", stroke: "#ffd60a",
        "stroke-width": 3, class: "clickable", "data-action": swap.action }));
      group.addEventListener("click", () => act(view, swap.action));
      group.append(node("title", {}, swap.label));
      svg.append(group);
      continue;
    }
    const title = [pawn, ...own.map((o) => o.label), movable ? t("click, then click a space") : "",
      movable && here ? t("click it twice to pass it the ball") : ""];
    group.append(node("title", {}, title.filter(Boolean).join("\n")));
    if (own.length === 1 && !movable) {
      group.setAttribute("class", "clickable");
      group.setAttribute("data-action", own[0].action);
      group.addEventListener("click", () => act(view, own[0].action));
    } else if (movable) {
      group.setAttribute("class", "clickable");
      // A click selects the pawn, then its spaces: its moves are made on the board.
      const stealing = own.filter((o) => o.action.startsWith("steal:")).map((o) => o.action);
      group.setAttribute("data-actions",
        [...Object.values(moves[pawn]).map((m) => m.action), ...stealing].join(" "));
      group.addEventListener("click", () => {
        selected = selected === pawn ? null : pawn;
        redraw();
      });
    } else {
      group.setAttribute("pointer-events", "none");
    }
    svg.append(group);
  }
}

// Each side's substitution space (*Espaço de substituição*), by its half: the pawn waiting
// there. While the side may substitute, a click on it, then on a pawn of the pitch, swaps them.
function drawBenches(svg, obs, { rows, width, byPawn }, redraw) {
  const subs = Object.values(byPawn).flat().filter((o) => o.action.startsWith("sub:"));
  const x = MARGIN + width * SIZE + 8;
  ["B", "O"].forEach((side, index) => {
    const y = MARGIN + (index === 0 ? 1 : rows.length - 2) * SIZE;
    svg.append(node("rect", { x, y, width: SIZE, height: SIZE, rx: 6, fill: "#dfe9dc",
      stroke: "#5f7f5a", "stroke-dasharray": "4 3", "data-terms": "bench" }, undefined));
    const waiting = Object.entries(obs.pawns ?? {}).find(([pawn, info]) =>
      pawn[0] === side && info.status === "bench");
    if (!waiting) return;
    const [pawn] = waiting;
    const mine = subs.filter((o) => o.action.slice(4)[0] === side);
    const group = node("g", { "data-pawn": pawn, "data-piece": pawn, "data-terms": "bench",
      class: mine.length ? "clickable" : null,
      "data-actions": mine.length ? mine.map((o) => o.action).join(" ") : null });
    group.append(node("circle", { cx: x + SIZE / 2, cy: y + SIZE / 2, r: 14, fill: SIDE_COLOUR[side],
      stroke: selected === "sub" && mine.length ? "#ffd60a" : mine.length ? "#fff" : "#000",
      "stroke-width": mine.length ? 3 : 1 }));
    group.append(node("text", { x: x + SIZE / 2, y: y + SIZE / 2 + 4, "text-anchor": "middle",
      "font-size": 11, fill: "#fff" }, pawn));
    group.append(node("title", {}, mine.length
      ? t("{pawn}: substitute, then click the pawn it replaces", { pawn })
      : t("{pawn} on the bench", { pawn })));
    if (mine.length) {
      group.addEventListener("click", () => {
        selected = selected === "sub" ? null : "sub";
        redraw();
      });
    }
    svg.append(group);
  });
}

const SIDES = { B: t("Blue"), O: t("Orange") };

// One side's pawns by their numbers: "Blue 1, 2, 3".
function sidePawns([side, numbers]) {
  return t("{side} {numbers}", { side: SIDES[side] ?? side, numbers: numbers.join(", ") });
}

// The pawns off the pitch by why and by side: "bench: Blue 1, 2, 3; Orange 1, 2".
function bench(obs) {
  const off = {};
  for (const [pawn, info] of Object.entries(obs.pawns ?? {})) {
    if (info.status !== "pitch") ((off[info.status] ??= {})[pawn[0]] ??= []).push(pawn.slice(1));
  }
  const lines = Object.entries(off).map(([status, sides]) => t("{status}: {pawns}", {
    status: STATUS[status] ?? status, pawns: Object.entries(sides).map(sidePawns).join("; ") }));
  const text = document.createElement("p");
  text.className = "muted";
  const turn = obs.turn_limit ? `${obs.turn}/${obs.turn_limit}` : String(obs.turn);
  const away = lines.length ? t(" · off the pitch: {pawns}", { pawns: lines.join(" · ") }) : "";
  text.textContent = t("Goals {goals} · turn {turn} · phase {phase}", {
    goals: obs.goals?.join(" – "), turn, phase: PHASES[obs.phase] ?? obs.phase }) + away;
  return text;
}
