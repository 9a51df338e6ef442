// touchdown board: the scoreboard (score, quarter and clock, down, time outs, dice) and the
// buttons for the legal actions that have no counter or square.
import { ids, lastOf, valuesOf } from "/static/boards/log.js";
import { t } from "/static/i18n.js";
import { HOT, TEAM, node, pressable, textWidth, titled, who } from "./svg.js";

export const SCOREBOARD_HEIGHT = 62;
const KIND = { kickoff: t("kick-off"), attack: t("attack"), punt: t("punt"),
  fieldgoal: t("field goal"), conv1: t("1-pt conversion"), conv2: t("2-pt conversion") };
const ORDINAL = ["", t("1st"), t("2nd"), t("3rd"), t("4th")];
const D6 = ids("{who}: d6 {roll}"); // fields.py d6(): every d6 the game rolls

function text(x, y, content, attributes = {}) {
  return node("text", { x, y, "font-size": 12, fill: "#f4f4f4", ...attributes }, content);
}

// The scoreboard in `box` ({x, y, width, portrait}), the last d6 read from `log` (view.log);
// returns its height. On a narrow (upright) board the situation and the dice go on rows of
// their own under the scores.
export function drawScoreboard(svg, layout, obs, box, log) {
  const { x, y, width, portrait } = box;
  const h = SCOREBOARD_HEIGHT;
  const total = portrait ? h + 100 : h;
  const group = node("g", { "data-scoreboard": "" });
  group.append(node("rect", { x, y, width, height: total, rx: 6, fill: "#17261b" }));
  const boxWidth = portrait ? 112 : 124;
  [0, 1].forEach((team) => teamBox(group, layout, obs, team,
    { x: x + 6 + team * (boxWidth + 6), y: y + 8, width: boxWidth, portrait }));
  const clockX = portrait ? x + 2 * (boxWidth + 6) + 6 : x + 276;
  group.append(node("rect", { x: clockX, y: y + 8, width: 96, height: h - 16, rx: 4,
    fill: "#000" }));
  const last = obs.last && !obs.terminal;
  const quarter = t("QUARTER {quarter}/{quarters}", { quarter: obs.quarter, quarters: layout.quarters });
  group.append(titled(text(clockX + 48, y + 24, quarter + (last ? t(" · LAST") : ""),
    { "text-anchor": "middle", "font-size": 9,
      fill: last ? "#ff8a8a" : "#bbb", "data-last": last ? "" : null }),
  last ? t("the last action of this quarter") : t("quarter")));
  group.append(titled(text(clockX + 48, y + 46, obs.clock, { "text-anchor": "middle",
    "font-size": 22, "font-family": "ui-monospace, monospace", fill: "#ffb000",
    "data-clock": "" }), t("minutes:seconds played in quarter {quarter} (of {minutes})",
    { quarter: obs.quarter, minutes: layout.quarter_minutes })));
  const lines = situationLines(layout, obs);
  // On a wide board the situation sits between the clock and the dice: in its own size if
  // it fits there, else a little smaller, else the dice go under it (the panel grows).
  const room = width - 384 - 190;
  const fit = Math.min(1, room / Math.max(...lines.map((line, i) => textWidth(line, i ? 11 : 12.5))));
  const stacked = !portrait && fit < 0.8;
  situation(group, obs, lines, portrait ? x + 8 : x + 384, portrait ? y + h - 6 : y,
    portrait || stacked ? 1 : fit);
  const diceAt = portrait ? [x + 8, y + h + 44] : stacked ? [x + 384, y + h - 8] : [x + width - 182, y];
  dice(group, obs, diceAt[0], diceAt[1], log);
  const height = stacked ? h + 46 : total;
  group.firstChild.setAttribute("height", height);
  svg.append(group);
  return height;
}

function teamBox(group, layout, obs, team, { x, y, width, portrait }) {
  const colours = TEAM[team];
  const acting = !obs.terminal && obs.current_player === team;
  group.append(node("rect", { x, y, width, height: SCOREBOARD_HEIGHT - 16, rx: 4,
    fill: colours.fill, stroke: acting ? HOT : "#000", "stroke-width": acting ? 3 : 1,
    "data-team": colours.name }));
  // The field's far end: right on a wide board, the top on an upright one.
  const ahead = obs.direction?.[team] > 0;
  const arrow = portrait ? (ahead ? "↑" : "↓") : ahead ? "→" : "←";
  const towards = portrait
    ? (ahead ? t("{team} attack towards the top end zone") : t("{team} attack towards the bottom end zone"))
    : ahead ? t("{team} attack towards the right end zone") : t("{team} attack towards the left end zone");
  group.append(titled(text(x + 6, y + 14, `${colours.title.toUpperCase()} ${arrow}`,
    { fill: colours.ink, "font-size": 11, "font-weight": "bold" }),
  towards.replace("{team}", colours.title)));
  group.append(text(x + 6, y + 27, layout.teams[team], { fill: colours.ink, "font-size": 9 }));
  // The score under the team's name line (a two-digit score reached it at 26 px).
  group.append(text(x + width - 6, y + 40, obs.scores[team], { fill: colours.ink, "font-size": 24,
    "font-weight": "bold", "text-anchor": "end", "data-score": team }));
  if (obs.possession === team && obs.phase !== "toss") {
    group.append(titled(node("ellipse", { cx: x + width - 36, cy: portrait ? y + 27 : y + 10, rx: 6, ry: 3.8,
      fill: "#7b3f12", stroke: "#fff", "stroke-width": 0.8 }), t("{team} have the ball", { team: colours.title })));
  }
  if (layout.league) {
    const left = obs.timeouts?.[team];
    group.append(titled(text(x + 6, y + 41, left ? t("time out ●") : t("time out ○"),
      { fill: colours.ink, "font-size": 9 }), left ? t("time out still available this quarter")
      : t("time out used this quarter")));
  }
}

function situationLines(layout, obs) {
  const team = TEAM[obs.offence ?? obs.possession].title;
  const turnover = obs.offence !== undefined && obs.offence !== obs.possession;
  const final = obs.winner === null ? t("Final: a draw")
    : t("Final: {team} win", { team: TEAM[obs.winner]?.title });
  const where = obs.kind === "attack"
    ? t("{down} down & {yards} yd · line {square}", { down: ORDINAL[obs.down] ?? obs.down,
      yards: toGo(layout, obs), square: obs.scrimmage })
    : t("ball spot {square}", { square: obs.scrimmage });
  return [
    obs.terminal ? final : t("{team} {kind}", { team, kind: KIND[obs.kind] ?? obs.kind }) +
        (turnover ? t(" · {team} ball", { team: TEAM[obs.possession].title }) : ""),
    where + t(" · move {move}", { move: obs.move }),
    obs.terminal ? "" : phaseLine(obs),
  ];
}

// The situation's lines at (x, y), their type scaled by `fit`.
function situation(group, obs, lines, x, y, fit) {
  lines.forEach((line, index) => {
    const shown = text(x, y + 19 + index * 15, line, { "font-size": (index === 0 ? 12.5 : 11) * fit,
      "font-weight": index === 0 ? "bold" : null, "data-status": index === 2 ? "" : null });
    if (index !== 2) {
      group.append(shown);
      return;
    }
    const status = node("g"); // its title tells the speed bonus and the chosen player
    status.append(shown);
    group.append(titled(status, phaseTitle(obs)));
  });
}

// The movement phase (6, 7, 8; 5 a blitz, 9 tackling a carrier out of bounds) and how far
// the mover may go in it, from the observation's `mphase` and `allow`.
function phaseLine(obs) {
  if (obs.mphase === null || obs.mphase === undefined) {
    return t("phase: {phase}", { phase: PHASES[obs.phase] ?? obs.phase })
      + (obs.picked ? t(" · {player} chosen", { player: who(obs.picked) }) : "");
  }
  const team = TEAM[obs.current_player ?? 0].title;
  if (obs.extra && obs.picked) {
    return t("phase {phase}: {player} moves 1 more square", { phase: obs.mphase, player: who(obs.picked) });
  }
  if (obs.mphase === 9) return t("phase 9: {team} may only tackle the carrier", { team });
  const name = obs.mphase === 5 ? t("blitz") : t("phase {phase}", { phase: obs.mphase });
  return obs.allow === 1 ? t("{phase}: {team} moves up to 1 square", { phase: name, team })
    : t("{phase}: {team} moves up to {count} squares", { phase: name, team, count: obs.allow });
}

// The observation's phases (state.py Phase), in words.
const PHASES = {
  toss: t("the toss"), declare: t("declaring the action"), setup: t("setting up"),
  shift: t("shift"), tie: t("timing tie"), pass: t("phase 5: pass or hand-off"),
  freeball: t("free ball"), intercept: t("interception"), ballmove: t("kicked ball"),
  move: t("movement"), dead: t("dead ball"), timeout: t("time out"), blitz: t("blitz"),
  over: t("game over"),
};

function phaseTitle(obs) {
  if (obs.mphase === null || obs.mphase === undefined) {
    return t("phase: {phase}", { phase: PHASES[obs.phase] ?? obs.phase });
  }
  const speed = obs.bonus ? t(", plus each player's speed once this move") : t(" (no speed bonus)");
  return phaseLine(obs) + (obs.extra ? t(" (tackle result T)") : speed) +
    (obs.picked ? t(" · {player} chosen", { player: who(obs.picked) }) : "");
}

// Yards from the line of scrimmage to the line to gain (2.5 yards a row): more is a first down.
function toGo(layout, obs) {
  const forward = obs.direction[obs.offence ?? obs.possession];
  const spotRow = Number(obs.scrimmage.slice(1));
  const rows = (obs.yc_row + forward * layout.rows_per_ten_yards - spotRow) * forward;
  return Math.max(0, rows) * 2.5;
}

// The timing d4s of the current move and the last d6 in the log.
function dice(group, obs, x, y, log) {
  group.append(text(x, y + 18, t("timing d4"), { "font-size": 9, fill: "#bbb" }));
  (obs.timing ?? []).forEach((value, team) => {
    const initiative = obs.move > 0 && obs.initiative === team;
    const title = t("{team} timing d4: {value}", { team: TEAM[team].title, value });
    die(group, x + team * 30, y + 24, value, TEAM[team],
      initiative ? t("{die} (initiative)", { die: title }) : title, initiative,
      `d4:${obs.quarter}:${obs.clock}:${obs.move}:${team}`, "d4");
  });
  const last = lastRoll(obs.events ?? [], log ?? []);
  group.append(text(x + 72, y + 18, t("last d6"), { "font-size": 9, fill: "#bbb" }));
  if (!last) return;
  die(group, x + 72, y + 24, last.value, { fill: "#fff", ink: "#000" }, last.line, false,
    `d6:${last.index}`, "d6");
  // Who rolled, on two short lines beside the die (the whole line in its tooltip).
  const words = node("g");
  wrap(last.who, 15, 2).forEach((line, index) => words.append(text(x + 100, y + 34 + index * 12,
    line, { "font-size": 9.5, fill: "#ddd" })));
  group.append(titled(words, last.line));
}

// `line` in at most `count` lines of about `size` characters (the last cut with "…").
function wrap(line, size, count) {
  const lines = [];
  for (const word of line.split(" ")) {
    const last = lines.length ? `${lines[lines.length - 1]} ${word}` : word;
    if (lines.length && last.length <= size) lines[lines.length - 1] = last;
    else lines.push(word);
  }
  if (lines.length <= count) return lines;
  return [...lines.slice(0, count - 1), shorten(lines.slice(count - 1).join(" "), size)];
}

function die(group, x, y, value, colours, title, ring, roll, terms) {
  const face = node("g", { "data-roll": roll, "data-terms": terms });
  face.append(titled(node("rect", { x, y, width: 24, height: 24, rx: 4, fill: colours.fill,
    stroke: ring ? HOT : "#000", "stroke-width": ring ? 3 : 1, "data-die": value }), title));
  face.append(text(x + 12, y + 17, value, { fill: colours.ink, "font-size": 14,
    "font-weight": "bold", "text-anchor": "middle", "pointer-events": "none" }));
  group.append(face);
}

// The last d6 of the log (among its last 40 lines): found by its message id and fields, so
// in every language; `who` is the line's words before the roll.
function lastRoll(events, log) {
  const index = lastOf(log, D6, 40);
  if (index < 0) return null;
  const line = events[index];
  const value = Number(valuesOf(log[index], "roll")[0]);
  const who = line.slice(0, Math.max(0, line.lastIndexOf(":")));
  return { value, who, line, index };
}

function shorten(line, size) {
  return line.length > size ? `${line.slice(0, size - 1)}…` : line;
}

// The hint, then a button for every action with no counter or square (or a chosen counter's).
export function drawButtons(svg, entries, hintText, box, act) {
  const { x, y, width } = box;
  const group = node("g", { "data-buttons": "" });
  // The hint wraps to the board's width (an upright board on a phone is narrow).
  const lines = [];
  for (const word of hintText.split(" ")) {
    const line = lines.length ? `${lines[lines.length - 1]} ${word}` : word;
    if (lines.length && line.length * 6.6 <= width) lines[lines.length - 1] = line;
    else lines.push(word);
  }
  const hintNode = text(x, y + 13, "", { fill: "#222", "font-size": 13, "data-hint": "" });
  lines.forEach((line, index) => hintNode.append(node("tspan", { x, dy: index ? 16 : 0 },
    index < lines.length - 1 ? `${line} ` : line))); // its text reads as one sentence
  group.append(hintNode);
  let left = x;
  let top = y + 20 + (lines.length - 1) * 16;
  for (const entry of entries) {
    const { action, label } = entry;
    const w = label.length * 6.2 + 20;
    if (left > x && left + w > x + width) {
      left = x;
      top += 30;
    }
    // A move (`action`), a shortcut (`plan`: several moves) or a choice on this page (`local`).
    const button = node("g", { "data-action": entry.key ? null : action,
      "data-shortcut": entry.key ?? null });
    button.append(node("rect", { x: left, y: top, width: w, height: 26, rx: 5,
      fill: entry.key ? "#eef4ff" : "#fff", stroke: entry.key ? "#1d4ed8" : HOT, "stroke-width": 2 }));
    button.append(text(left + w / 2, top + 17, label, { fill: "#222", "text-anchor": "middle",
      "font-size": 12 }));
    group.append(pressable(button, () => (entry.local ? entry.local() : act(entry.plan ?? action)),
      label));
    left += w + 8;
  }
  svg.append(group);
  return top + 30 - y;
}
