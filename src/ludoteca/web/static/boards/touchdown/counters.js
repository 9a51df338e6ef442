// touchdown board: the counters (number, role, tackle and speed pips), fallen players lying
// down, the ball, and the clickable squares.
import { HOT, SQUARE, TEAM, node, playerTitle, teamOf, titled } from "./svg.js";

// One counter centred on (cx, cy); `mark`: {fallen, carrier, picked, actions, onClick}.
export function counter(layout, pid, cx, cy, size, mark = {}) {
  const card = layout.players[pid] ?? { number: pid.slice(1), role: "?", tackle: 0, speed: 0 };
  const colours = TEAM[teamOf(pid)];
  const hot = mark.actions?.length > 0;
  const group = node("g", { "data-player": pid,
    transform: mark.fallen ? `rotate(90 ${cx} ${cy})` : null,
    class: hot ? "clickable" : null,
    "data-action": mark.actions?.length === 1 ? mark.actions[0].action : null });
  const half = size / 2;
  group.append(node("rect", { x: cx - half, y: cy - half, width: size, height: size, rx: 4,
    fill: mark.fallen ? "#9a9a8a" : colours.fill,
    stroke: mark.picked || hot ? HOT : colours.edge,
    "stroke-width": mark.picked ? 3.5 : hot ? 2.5 : 1,
    "stroke-dasharray": mark.fallen && !hot ? "3 2" : null }));
  group.append(node("text", { x: cx, y: cy - size * 0.04, "text-anchor": "middle",
    "font-size": size * 0.46, "font-weight": "bold", fill: colours.ink }, card.number));
  group.append(node("text", { x: cx, y: cy + size * 0.38, "text-anchor": "middle",
    "font-size": size * 0.3, fill: colours.ink }, card.role));
  pips(group, cx - half + 2.3, cy - half + 3, card.tackle, "#c1121f");
  pips(group, cx + half - 2.3, cy - half + 3, card.speed, "#1d4ed8");
  const extra = [];
  if (mark.fallen) extra.push("fallen");
  if (mark.carrier) extra.push("has the ball");
  if (mark.zone) extra.push(`bench zone ${mark.zone}`);
  for (const { label } of mark.actions ?? []) extra.push(`click: ${label}`);
  titled(group, playerTitle(layout, pid, extra));
  if (hot) group.addEventListener("click", mark.onClick);
  return group;
}

// Tackle (red, left edge) and speed (blue, right edge) as small dots down the counter's sides.
function pips(group, x, y, count, fill) {
  for (let i = 0; i < count; i++) {
    group.append(node("circle", { cx: x, cy: y + i * 3.4, r: 1.3, fill }));
  }
}

export function ball(cx, cy, scale = 1) {
  const group = node("g", { "pointer-events": "none" });
  group.append(node("ellipse", { cx, cy, rx: 6 * scale, ry: 3.8 * scale, fill: "#7b3f12",
    stroke: "#fff", "stroke-width": 0.8 }));
  group.append(node("line", { x1: cx - 2.5 * scale, y1: cy, x2: cx + 2.5 * scale, y2: cy,
    stroke: "#fff", "stroke-width": 0.9 }));
  return group;
}

// Every player on the grid; several on one square are fanned out, the standing one on top.
export function drawPlayers(svg, layout, g, obs, byPlayer, click) {
  const bySquare = {};
  for (const [pid, info] of Object.entries(obs.players ?? {})) {
    (bySquare[info.square] ??= []).push(pid);
  }
  for (const [square, pids] of Object.entries(bySquare)) {
    const [cx, cy] = g.centre(square);
    pids.sort((a, b) => Number(!obs.players[a].fallen) - Number(!obs.players[b].fallen));
    pids.forEach((pid, index) => {
      const shift = pids.length > 1 ? (index - (pids.length - 1) / 2) * 5 : 0;
      const info = obs.players[pid];
      svg.append(counter(layout, pid, cx + shift, cy + shift, SQUARE - 4, {
        fallen: info.fallen, carrier: obs.carrier === pid, picked: obs.picked === pid,
        actions: byPlayer[pid], onClick: () => click(pid),
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
export function drawTargets(svg, g, bySquare, act) {
  for (const [square, entries] of Object.entries(bySquare)) {
    const [x, y] = g.corner(square);
    const entry = entries[0];
    const target = node("rect", { x: x + 1.5, y: y + 1.5, width: SQUARE - 3, height: SQUARE - 3,
      rx: 3, fill: `${HOT}40`, stroke: HOT, "stroke-width": 2, class: "clickable",
      "data-action": entry.action, "data-target": square });
    titled(target, entry.label);
    target.addEventListener("click", () => act(entry.action));
    svg.append(target);
  }
}
