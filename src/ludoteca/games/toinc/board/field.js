// toinc board: the scoreboard, the field strip (yard lines, ball, line to gain), down and
// distance, the last dice and the last play's *desfecho*, all from the observation.
import { ids, lastOf, messageOf, valuesOf } from "/static/boards/log.js";
import { t } from "/static/i18n.js";
import { label, node, wrap } from "./svg.js";

export const SEAT_COLOUR = ["#1f5fbf", "#e07b00"];

// A side by the name the game gives it (Blue, Orange), as every page of the table shows it.
export function sideName(names, seat) {
  return names?.[seat] ?? t("Player {n}", { n: seat + 1 });
}
const FIELD_HEIGHT = 84;
const NARROW = 560; // below this width the board stacks its header lines (board.js)
const OVERTIME_TURNS = { regular: 10, short: 7, long: 14 }; // game.py LENGTHS

const DOWNS = [t("1st"), t("2nd"), t("3rd"), t("4th")];
// The phases of a play (base.py Phase labels), in words.
const PHASES = {
  hide: t("hiding the ball marker"), guess: t("guessing the hand"), discard: t("attack discards"),
  swap: t("defense's free swaps"), "substitute-attack": t("attack substitutions"),
  "substitute-defense": t("defense substitutions"), "defense-play": t("defense play"),
  "defense-leader": t("defense leader"), "defense-bonus": t("defense bonus players"),
  "attack-contest": t("attack contests"), "attack-play": t("attack play"),
  "attack-leader": t("attack leader"), "attack-bonus": t("attack bonus players"),
  "defense-contest": t("defense contests"), outcome: t("desfecho"), foul: t("foul"),
  "extra-point": t("extra point or two"), over: t("game over"),
};

export function spot(ball) {
  if (ball === 50) return t("the 50");
  return ball < 50 ? t("own {yard}", { yard: ball }) : t("opponent {yard}", { yard: 100 - ball });
}

export function downAndDistance(obs) {
  const togo = obs.line >= 100 ? t("goal") : String(obs.line - obs.ball);
  return t("{down} & {togo}", { down: DOWNS[obs.down - 1] ?? obs.down, togo });
}

export function clock(obs, options) {
  const length = options?.length ?? "regular";
  if (length === "practice") {
    const limits = [];
    if (options.practice_turns) limits.push(t("{count} turns", { count: options.practice_turns }));
    if (options.practice_target) limits.push(t("first to {points}", { points: options.practice_target }));
    const practice = t("practice · turn {turn}", { turn: obs.turns + 1 });
    return limits.length ? `${practice} (${limits.join(", ")})` : practice;
  }
  if (obs.period === 5) {
    const total = OVERTIME_TURNS[length];
    return total ? t("overtime · turn {turn}/{turns}", { turn: obs.overtime_turns + 1, turns: total })
      : t("overtime · turn {turn}", { turn: obs.overtime_turns + 1 });
  }
  const turn = (obs.turns % obs.period_turns) + 1;
  return t("period {period} · turn {turn}/{turns}", { period: obs.period, turn, turns: obs.period_turns });
}

// The scoreboard band: both seats' scores (the ball icon by the team in possession), clock.
export function drawScoreboard(svg, view, width) {
  const obs = view.observation;
  const narrow = width < NARROW;
  const height = narrow ? 64 : 44;
  svg.append(node("rect", { x: 0, y: 0, width, height, rx: 8, fill: "#1d2430" }));
  for (const seat of [0, 1]) {
    const you = seat === view.seat ? t(" (you)") : "";
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
      // Narrow: under the side's name (beside its score, a long name would run into it).
      const bx = narrow ? (seat === 0 ? 27 : width - 27) : seat === 0 ? inset - 40 : width - inset + 40;
      svg.append(ball(bx, narrow ? 50 : 22, t("possession")));
    }
  }
  const centre = obs.terminal
    ? obs.winner === null ? t("final · a draw")
      : t("final · {side} wins", { side: sideName(view.seat_names, obs.winner) })
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
  const group = node("g", { class: "board-toinc-field", "aria-label": t("the field") });
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
    t("ball on the {spot}; line to gain {gain}", { spot: spot(obs.ball),
      gain: obs.line >= 100 ? t("the goal line") : spot(obs.line) })));
  svg.append(group);
  return FIELD_HEIGHT;
}

// "2nd & 7 on the own 35": with who attacks, the phase and the two-point try.
export function drawSituation(svg, obs, top, width, names) {
  const narrow = width < NARROW;
  const text = obs.terminal ? t("Game over")
    : t("{side} attacks → {down} on the {spot}", { side: sideName(names, obs.offense),
      down: downAndDistance(obs), spot: spot(obs.ball) })
      + (obs.conversion ? t(" · two-point try") : "") + (obs.ball >= 80 ? t(" · red zone") : "");
  const phase = obs.terminal ? "" : t("phase: {phase}", { phase: PHASES[obs.phase] ?? obs.phase });
  // The line wraps where it would run past the board (narrow) or into the phase (wide),
  // about 9 pixels a bold character at 15 (10 at 17): the spot is never cut off.
  const size = narrow ? 15 : 17;
  const room = width - 32 - (narrow ? 0 : phase.length * 7.2 + 16);
  const lines = wrap(text, Math.floor(room / (size * 0.6)));
  const headline = label(16, top + 20, "", { "font-size": size, "font-weight": "bold",
    class: "board-toinc-down" });
  lines.forEach((line, i) => headline.append(node("tspan", { x: 16, dy: i ? size + 4 : 0 },
    i < lines.length - 1 ? `${line} ` : line)));
  svg.append(headline);
  const more = (lines.length - 1) * (size + 4);
  // Narrow: the phase goes under the line, the two keys one above the other.
  const below = (narrow ? 18 : 0) + more;
  svg.append(label(narrow ? 16 : width - 16, top + 20 + (narrow ? below : 0), phase,
    { "text-anchor": narrow ? "start" : "end", fill: "#555", "font-size": 13 }));
  if (obs.terminal) return 30 + more;
  const gain = obs.line >= 100 ? t("the goal line") : t("the {spot}", { spot: spot(obs.line) });
  const key = node("g", { class: "board-toinc-key" });
  key.append(node("rect", { x: 16, y: top + 30 + below, width: 14, height: 4, fill: "#2b6cff" }));
  key.append(label(36, top + 36 + below, t("line of scrimmage (ball on the {spot})", { spot: spot(obs.ball) }),
    { "font-size": 12, fill: "#333" }));
  const [gx, gy] = narrow ? [16, top + 48 + below] : [330, top + 30 + more];
  key.append(node("rect", { x: gx, y: gy, width: 14, height: 4, fill: "#ffd60a",
    stroke: "#b8960a" }));
  key.append(label(gx + 20, gy + 6, t("line to gain: {gain}", { gain }), { "font-size": 12, fill: "#333" }));
  svg.append(key);
  return narrow ? 64 + below : 46 + more;
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
  group.append(node("title", {}, t("rolled {value}", { value })));
  return group;
}

// The latest line of the log with a d6 roll (a `die` field: view.log), as dice and text in
// the reader's language; and the last play's desfecho.
export function drawResults(svg, events, log, top, width) {
  let height = 0;
  let thrown = -1; // the throw's place in the log: its key
  for (let i = log.length - 1; i >= 0 && thrown < 0; i--) if (valuesOf(log[i], "die").length) thrown = i;
  if (thrown >= 0) {
    const rolled = events[thrown];
    const values = valuesOf(log[thrown], "die").map(Number);
    const group = node("g", { class: "board-toinc-dice" });
    const title = t("Dice:");
    group.append(label(16, top + 18, title, { "font-weight": "bold" }));
    const first = Math.max(60, 16 + Math.ceil(title.length * 7.2) + 6); // after the heading
    values.forEach((value, i) => group.append(die(first + i * 32, top + 1, value, `${thrown}:${i}`)));
    const after = first + 10 + values.length * 32;
    group.append(label(after, top + 18, clip(rolled, Math.floor((width - after - 10) / 6.5)), { fill: "#333" }));
    svg.append(group);
    height += 32;
  }
  const lines = desfecho(events, log);
  if (lines.length) {
    const group = node("g", { class: "board-toinc-desfecho" });
    const title = t("Desfecho:");
    group.append(label(16, top + height + 16, title, { "font-weight": "bold" }));
    // The lines start after the heading, whatever its length in the reader's language
    // (about 7.2 pixels a bold character).
    const left = Math.max(90, 16 + Math.ceil(title.length * 7.2) + 8);
    lines.forEach((line, i) => group.append(label(left, top + height + 16 + i * 16,
      clip(line, Math.floor((width - left - 10) / 6.5)), { fill: "#333" })));
    svg.append(group);
    height += lines.length * 16 + 8;
  }
  return height;
}

// The log's message ids (games/toinc: outcome.py, flow.py, play.py) the desfecho is read by.
const DESFECHO_STARTS = ids(
  "{winner} wins the play and draws {n} outcome card(s){luck}; {loser} 1",
  "{side} (attack) throws the ball away and loses the down",
);
const NEXT_PLAY = ids("Play: {side} attacks, {down} and {togo} on the {spot}");
const PRIVATE = ids("You draw {cards}", "You replace {card} with {new}", "You discard {card}");

// The public lines of the last play's outcome (*desfecho*): from who won the play to the
// result, in the reader's language (`events`), found by their message ids (`log`).
export function desfecho(events, log) {
  const start = lastOf(log, DESFECHO_STARTS);
  if (start < 0) return [];
  const out = [];
  for (let i = start + 1; i < log.length; i++) {
    if (NEXT_PLAY.has(messageOf(log[i]))) break;
    if (PRIVATE.has(messageOf(log[i]))) continue;
    out.push(events[i]);
  }
  return out.slice(0, 6);
}

function clip(text, size) {
  return text.length > size ? `${text.slice(0, size - 1)}…` : text;
}
