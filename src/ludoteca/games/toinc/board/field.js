// toinc board: the scoreboard, the field strip (yard lines, ball, line to gain), down and
// distance, the last dice and the last play's *desfecho*, all from the observation.
import { node, label } from "./svg.js";

export const SEAT_COLOUR = ["#1f5fbf", "#e07b00"];

// A side by the name the game gives it (Blue, Orange), as every page of the table shows it.
export function sideName(names, seat) {
  return names?.[seat] ?? `Seat ${seat}`;
}
const FIELD_HEIGHT = 84;
const NARROW = 560; // below this width the board stacks its header lines (board.js)
const OVERTIME_TURNS = { regular: 10, short: 7, long: 14 }; // game.py LENGTHS

function ordinal(n) {
  return { 1: "1st", 2: "2nd", 3: "3rd" }[n] ?? `${n}th`;
}

export function spot(ball) {
  if (ball === 50) return "the 50";
  return ball < 50 ? `own ${ball}` : `opponent ${100 - ball}`;
}

export function downAndDistance(obs) {
  const togo = obs.line >= 100 ? "goal" : String(obs.line - obs.ball);
  return `${ordinal(obs.down)} & ${togo}`;
}

export function clock(obs, options) {
  const length = options?.length ?? "regular";
  if (length === "practice") {
    const limits = [];
    if (options.practice_turns) limits.push(`${options.practice_turns} turns`);
    if (options.practice_target) limits.push(`first to ${options.practice_target}`);
    return `practice · turn ${obs.turns + 1}${limits.length ? ` (${limits.join(", ")})` : ""}`;
  }
  if (obs.period === 5) {
    const total = OVERTIME_TURNS[length];
    return `overtime · turn ${obs.overtime_turns + 1}${total ? `/${total}` : ""}`;
  }
  const turn = (obs.turns % obs.period_turns) + 1;
  return `period ${obs.period} · turn ${turn}/${obs.period_turns}`;
}

// The scoreboard band: both seats' scores (the ball icon by the team in possession), clock.
export function drawScoreboard(svg, view, width) {
  const obs = view.observation;
  const narrow = width < NARROW;
  const height = narrow ? 64 : 44;
  svg.append(node("rect", { x: 0, y: 0, width, height, rx: 8, fill: "#1d2430" }));
  for (const seat of [0, 1]) {
    const you = seat === view.seat ? " (you)" : "";
    const x = seat === 0 ? 16 : width - 16;
    const anchor = seat === 0 ? "start" : "end";
    svg.append(label(x, 28, `${sideName(view.seat_names, seat)}${you}`, { "text-anchor": anchor, fill: SEAT_COLOUR[seat],
      "font-size": 16, "font-weight": "bold", "data-seat-name": seat }));
    const inset = narrow ? width / 2 - 30 : 200;
    const scoreX = seat === 0 ? inset : width - inset;
    svg.append(label(scoreX, 32, String(Math.round(obs.scores[seat])), { "text-anchor": "middle",
      fill: "#fff", "font-size": 26, "font-weight": "bold", class: "board-toinc-score",
      "data-score-seat": seat }));
    if (seat === obs.offense && !obs.terminal) {
      const bx = seat === 0 ? inset - 40 : width - inset + 40;
      svg.append(ball(bx, 22, "possession"));
    }
  }
  const centre = obs.terminal
    ? obs.winner === null ? "final · a draw" : `final · ${sideName(view.seat_names, obs.winner)} wins`
    : clock(obs, view.table.options);
  svg.append(label(width / 2, narrow ? 54 : 28, centre, { "text-anchor": "middle", fill: "#fff",
    "font-size": narrow ? 13 : 15, class: "board-toinc-clock" }));
  return height;
}

function ball(cx, cy, title) {
  const group = node("g", { class: "board-toinc-ball" });
  group.append(node("ellipse", { cx, cy, rx: 11, ry: 7, fill: "#8b4513", stroke: "#3b1d08" }));
  group.append(node("line", { x1: cx - 4, y1: cy, x2: cx + 4, y2: cy, stroke: "#fff",
    "stroke-width": 1.5 }));
  group.append(node("title", {}, title));
  return group;
}

// The strip from the offense's own end zone (left) to the defense's (right).
export function drawField(svg, obs, top, width, names) {
  const YARD = (width - 32) / 120; // 100 yards and two end zones of 10
  const left = 16;
  const x = (yard) => left + (yard + 10) * YARD;
  const offense = obs.offense;
  const group = node("g", { class: "board-toinc-field", "aria-label": "the field" });
  group.append(node("rect", { x: left, y: top, width: 120 * YARD, height: FIELD_HEIGHT,
    fill: "#4f9a4f", rx: 4 }));
  group.append(node("rect", { x: x(80), y: top, width: 20 * YARD, height: FIELD_HEIGHT,
    fill: "#c0392b", opacity: 0.12 }));
  for (const [side, from] of [[offense, -10], [1 - offense, 100]]) {
    group.append(node("rect", { x: x(from), y: top, width: 10 * YARD, height: FIELD_HEIGHT,
      fill: SEAT_COLOUR[side], opacity: 0.85 }));
    const cx = x(from + 5);
    group.append(label(cx, top + FIELD_HEIGHT / 2, sideName(names, side).toUpperCase(), { "text-anchor": "middle",
      fill: "#fff", "font-size": 12, "font-weight": "bold",
      transform: `rotate(-90 ${cx} ${top + FIELD_HEIGHT / 2})` }));
  }
  for (let yard = 0; yard <= 100; yard += 5) {
    group.append(node("line", { x1: x(yard), y1: top, x2: x(yard), y2: top + FIELD_HEIGHT,
      stroke: "#fff", "stroke-width": yard % 50 === 0 ? 2.5 : yard % 10 === 0 ? 1.5 : 0.6,
      opacity: 0.9 }));
    if (yard % 10 === 0 && yard > 0 && yard < 100) {
      const number = String(yard <= 50 ? yard : 100 - yard);
      group.append(label(x(yard), top + 16, number, { "text-anchor": "middle", fill: "#fff",
        "font-size": 12 }));
      group.append(label(x(yard), top + FIELD_HEIGHT - 6, number, { "text-anchor": "middle",
        fill: "#fff", "font-size": 12 }));
    }
  }
  const gain = Math.min(obs.line, 100);
  group.append(node("line", { x1: x(obs.ball), y1: top - 4, x2: x(obs.ball),
    y2: top + FIELD_HEIGHT + 4, stroke: "#2b6cff", "stroke-width": 3 }));
  group.append(node("line", { x1: x(gain), y1: top - 4, x2: x(gain), y2: top + FIELD_HEIGHT + 4,
    stroke: "#ffd60a", "stroke-width": 3, class: "board-toinc-line-to-gain" }));
  group.append(node("path", { d: `M ${x(obs.ball) + 14} ${top + FIELD_HEIGHT / 2} l -8 -6 v 12 z`,
    fill: "#fff" }));
  group.append(ball(x(obs.ball), top + FIELD_HEIGHT / 2,
    `ball on the ${spot(obs.ball)}; line to gain ${obs.line >= 100 ? "the goal line" : spot(obs.line)}`));
  svg.append(group);
  return FIELD_HEIGHT;
}

// "2nd & 7 on the own 35": with who attacks, the phase and the two-point try.
export function drawSituation(svg, obs, top, width, names) {
  const narrow = width < NARROW;
  const text = obs.terminal ? "Game over"
    : `${sideName(names, obs.offense)} attacks → ${downAndDistance(obs)} on the ${spot(obs.ball)}`
      + (obs.conversion ? " · two-point try" : "") + (obs.ball >= 80 ? " · red zone" : "");
  svg.append(label(16, top + 20, text, { "font-size": narrow ? 15 : 17, "font-weight": "bold",
    class: "board-toinc-down" }));
  // Narrow: the phase goes under the line, the two keys one above the other.
  const below = narrow ? 18 : 0;
  svg.append(label(narrow ? 16 : width - 16, top + 20 + below, obs.terminal ? "" : `phase: ${obs.phase}`,
    { "text-anchor": narrow ? "start" : "end", fill: "#555", "font-size": 13 }));
  if (obs.terminal) return 30;
  const gain = obs.line >= 100 ? "the goal line" : `the ${spot(obs.line)}`;
  const key = node("g", { class: "board-toinc-key" });
  key.append(node("rect", { x: 16, y: top + 30 + below, width: 14, height: 4, fill: "#2b6cff" }));
  key.append(label(36, top + 36 + below, `line of scrimmage (ball on the ${spot(obs.ball)})`,
    { "font-size": 12, fill: "#333" }));
  const [gx, gy] = narrow ? [16, top + 30 + 2 * below] : [330, top + 30];
  key.append(node("rect", { x: gx, y: gy, width: 14, height: 4, fill: "#ffd60a",
    stroke: "#b8960a" }));
  key.append(label(gx + 20, gy + 6, `line to gain: ${gain}`, { "font-size": 12, fill: "#333" }));
  svg.append(key);
  return 46 + 2 * below;
}

function die(x, y, value, roll) {
  const group = node("g", { class: "board-toinc-die", "data-die": value, "data-roll": roll,
    "data-terms": "die" });
  group.append(node("rect", { x, y, width: 26, height: 26, rx: 5, fill: "#fff", stroke: "#222",
    "stroke-width": 1.5 }));
  const pips = { 1: [[1, 1]], 2: [[0, 0], [2, 2]], 3: [[0, 0], [1, 1], [2, 2]],
    4: [[0, 0], [2, 0], [0, 2], [2, 2]], 5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
    6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]] }[value] ?? [];
  for (const [col, row] of pips) {
    group.append(node("circle", { cx: x + 6 + col * 7, cy: y + 6 + row * 7, r: 2.3, fill: "#222" }));
  }
  group.append(node("title", {}, `rolled ${value}`));
  return group;
}

// The latest line of the log with a d6 roll, as dice and text; and the last play's desfecho.
export function drawResults(svg, events, top, width) {
  let height = 0;
  const rolled = [...events].reverse().find((line) => /rolls \d/.test(line));
  if (rolled) {
    const values = [...rolled.matchAll(/rolls (\d)/g)].map((match) => Number(match[1]));
    const group = node("g", { class: "board-toinc-dice" });
    group.append(label(16, top + 18, "Dice:", { "font-weight": "bold" }));
    const thrown = events.lastIndexOf(rolled); // the throw's place in the log: its key
    values.forEach((value, i) => group.append(die(60 + i * 32, top + 1, value, `${thrown}:${i}`)));
    group.append(label(70 + values.length * 32, top + 18, clip(rolled, Math.floor((width - 80 - values.length * 32) / 6.5)), { fill: "#333" }));
    svg.append(group);
    height += 32;
  }
  const lines = desfecho(events);
  if (lines.length) {
    const group = node("g", { class: "board-toinc-desfecho" });
    group.append(label(16, top + height + 16, "Desfecho:", { "font-weight": "bold" }));
    lines.forEach((line, i) => group.append(label(90, top + height + 16 + i * 16,
      clip(line, Math.floor((width - 100) / 6.5)), { fill: "#333" })));
    svg.append(group);
    height += lines.length * 16 + 8;
  }
  return height;
}

// The public lines of the last play's outcome (*desfecho*): from who won the play to the result.
export function desfecho(events) {
  let start = -1;
  events.forEach((line, i) => {
    if (/wins the play and draws|throws the ball away/.test(line)) start = i;
  });
  if (start < 0) return [];
  const out = [];
  for (const line of events.slice(start + 1)) {
    if (line.startsWith("Play:")) break;
    if (/^You (draw|replace|discard)/.test(line)) continue;
    out.push(line);
  }
  return out.slice(0, 6);
}

function clip(text, size) {
  return text.length > size ? `${text.slice(0, size - 1)}…` : text;
}
