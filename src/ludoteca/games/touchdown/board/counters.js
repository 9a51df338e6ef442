// touchdown board: the counters (number, role, tackle and speed pips), fallen players lying
// down, the ball, and the clickable squares.
import { t } from "/static/i18n.js";
import { HOT, SQUARE, TEAM, node, playerTitle, pressable, teamOf, titled } from "./svg.js";

// One counter centred on (cx, cy); `mark`: {fallen, carrier, picked, zone, actions, onClick}.
export function counter(layout, pid, cx, cy, size, mark = {}) {
  const card = layout.players[pid] ?? { number: pid.slice(1), role: "?", tackle: 0, speed: 0 };
  const colours = TEAM[teamOf(pid)];
  const hot = mark.actions?.length > 0;
  const group = node("g", { "data-player": pid, "data-piece": pid,
    "data-fallen": mark.fallen ? "" : null,
    "data-terms": `role:${card.role} pips`,
    class: hot ? "clickable" : null,
    "data-action": mark.actions?.length === 1 ? mark.actions[0].action : null,
    "data-actions": mark.actions?.length > 1 ? mark.actions.map((a) => a.action).join(" ") : null });
  const half = size / 2;
  // On a turned field the counter's face is turned back (an inner group: an animation's
  // transform on the outer one leaves it alone).
  const face = mark.turn ? node("g", { transform: `rotate(${mark.turn} ${cx} ${cy})` }) : group;
  if (face !== group) group.append(face);
  if (mark.fallen) {
    lying(face, card, colours, cx, cy, size);
  } else {
    face.append(node("rect", { x: cx - half, y: cy - half, width: size, height: size, rx: 4,
      fill: colours.fill, stroke: mark.picked || hot ? HOT : colours.edge,
      "stroke-width": mark.picked ? 3.5 : hot ? 2.5 : 1 }));
    // One text, number then role below it: read as "3 AK", the start of its name.
    const words = node("text", { x: cx, y: cy - size * 0.04, "text-anchor": "middle",
      "font-size": size * 0.44, "font-weight": "bold", fill: colours.ink }, card.number);
    words.append(node("tspan", { x: cx, y: cy + size * 0.38, "font-size": size * 0.3,
      "font-weight": "normal" }, ` ${card.role}`));
    face.append(words);
    pips(face, cx - half + 2.3, cy - half + 3, card.tackle, "#c1121f");
    pips(face, cx + half - 2.3, cy - half + 3, card.speed, "#1d4ed8");
  }
  const extra = [];
  if (mark.fallen) extra.push(t("fallen (lying on the ground)"));
  if (mark.carrier) extra.push(t("has the ball"));
  if (mark.zone) extra.push(t("bench zone {zone}", { zone: mark.zone }));
  for (const { label } of mark.actions ?? []) extra.push(t("click: {move}", { move: label }));
  const title = playerTitle(layout, pid, extra);
  if (hot) {
    pressable(group, mark.onClick, title);
    // A screen reader's name starts with the counter's own words (its number and role).
    group.setAttribute("aria-label", `${card.number} ${card.role}: ${title}`);
  } else {
    titled(group, title);
  }
  return group;
}

// A fallen player lies down: a flat, greyed counter with its number (and team colour edge).
function lying(group, card, colours, cx, cy, size) {
  const height = size * 0.5;
  group.append(node("rect", { x: cx - size / 2, y: cy - height / 2, width: size, height,
    rx: 3, fill: "#a8a89a", stroke: colours.fill, "stroke-width": 2 }));
  group.append(node("line", { x1: cx - size / 2 + 2, y1: cy + height / 2 - 2,
    x2: cx + size / 2 - 2, y2: cy - height / 2 + 2, stroke: "#00000040", "stroke-width": 1 }));
  group.append(node("text", { x: cx, y: cy + height * 0.3, "text-anchor": "middle",
    "font-size": height * 0.8, "font-weight": "bold", fill: "#222" }, card.number));
}

// Tackle (red, left edge) and speed (blue, right edge) as small dots down the counter's sides.
function pips(group, x, y, count, fill) {
  for (let i = 0; i < count; i++) {
    group.append(node("circle", { cx: x, cy: y + i * 3.4, r: 1.3, fill }));
  }
}

export function ball(cx, cy, scale = 1) {
  const group = node("g", { "pointer-events": "none", "data-piece": "ball" });
  group.append(node("ellipse", { cx, cy, rx: 6 * scale, ry: 3.8 * scale, fill: "#7b3f12",
    stroke: "#fff", "stroke-width": 0.8 }));
  group.append(node("line", { x1: cx - 2.5 * scale, y1: cy, x2: cx + 2.5 * scale, y2: cy,
    stroke: "#fff", "stroke-width": 0.9 }));
  return group;
}

// Every player on the grid. On a shared square the fallen lie along its bottom edge and the
// standing player (smaller) stands above them.
export function drawPlayers(svg, layout, g, obs, byPlayer, click) {
  const bySquare = {};
  for (const [pid, info] of Object.entries(obs.players ?? {})) {
    (bySquare[info.square] ??= []).push(pid);
  }
  for (const [square, pids] of Object.entries(bySquare)) {
    const [cx, cy] = g.centre(square);
    const lyingDown = pids.filter((pid) => obs.players[pid].fallen).sort();
    const standing = pids.filter((pid) => !obs.players[pid].fallen);
    const shared = pids.length > 1;
    lyingDown.forEach((pid, index) => {
      const y = shared ? cy + SQUARE / 2 - 5 - index * 3 : cy;
      svg.append(counter(layout, pid, cx, y, shared ? SQUARE - 6 : SQUARE - 4,
        { fallen: true, carrier: obs.carrier === pid, turn: g.turn }));
    });
    standing.forEach((pid, index) => {
      const shift = standing.length > 1 ? (index - (standing.length - 1) / 2) * 6 : 0;
      const y = shared ? cy - 4.5 : cy;
      svg.append(counter(layout, pid, cx + shift, y + shift, shared ? SQUARE - 10 : SQUARE - 4, {
        carrier: obs.carrier === pid, picked: obs.picked === pid || obs.grouped?.has(pid),
        actions: byPlayer[pid], onClick: () => click(pid), turn: g.turn,
      }));
    });
  }
  if (obs.carrier && obs.players?.[obs.carrier]) {
    const [cx, cy] = g.centre(obs.players[obs.carrier].square);
    svg.append(ball(cx + SQUARE / 2 - 5, cy + SQUARE / 2 - 4));
  } else if (obs.ball) {
    const [cx, cy] = g.centre(obs.ball);
    svg.append(ball(cx, cy, 1.3));
  }
}

// Squares the seat may click (a destination, a kick, a goal square, the ball's landing).
// Pointing at one shows the way there from `from` (the chosen counter, or the ball's
// carrier) and how many squares it is, before the click makes the move.
export function drawTargets(svg, g, bySquare, act, from = null) {
  for (const [square, entries] of Object.entries(bySquare)) {
    const [x, y] = g.corner(square);
    const entry = entries[0];
    const target = node("rect", { x: x + 1.5, y: y + 1.5, width: SQUARE - 3, height: SQUARE - 3,
      rx: 3, fill: `${HOT}40`, stroke: HOT, "stroke-width": 2, class: "clickable",
      "data-action": entry.action, "data-target": square });
    pressable(target, () => act(entry.action), entry.label);
    if (from) {
      target.addEventListener("pointerenter", () => svg.append(pathPreview(g, from, square)));
      target.addEventListener("pointerleave", () => svg.querySelector("[data-path]")?.remove());
    }
    svg.append(target);
  }
}

// The way from square `from` to `to`: a dashed line and its length in squares (king moves).
function pathPreview(g, from, to) {
  const [x1, y1] = g.centre(from);
  const [x2, y2] = g.centre(to);
  const squares = Math.max(Math.abs(from.charCodeAt(0) - to.charCodeAt(0)),
    Math.abs(Number(from.slice(1)) - Number(to.slice(1))));
  const group = node("g", { "data-path": `${from}-${to}`, "pointer-events": "none" });
  group.append(node("line", { x1, y1, x2, y2, stroke: HOT, "stroke-width": 3,
    "stroke-dasharray": "6 4", "stroke-linecap": "round" }));
  const label = node("text", { x: x2, y: y2 - SQUARE * 0.7, "text-anchor": "middle", "font-size": 12,
    "font-weight": "bold", fill: "#fff", stroke: "#000", "stroke-width": 3, "paint-order": "stroke",
    transform: g.turn ? `rotate(${g.turn} ${x2} ${y2})` : null },
  squares === 1 ? t("1 square") : t("{count} squares", { count: squares }));
  group.append(label);
  return group;
}
