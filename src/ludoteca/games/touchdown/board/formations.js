// touchdown board: set-up in one action (*Schieramento*). A formation is a list of slots, each
// a role and a place given from the ball's spot: `dc` columns across and `dr` rows back
// towards the team's own goal (the offence's line of scrimmage is row 0, the defence's line
// row 1). A formation is placed move by move through the rules' own `pick:` and `to:`
// actions: each slot takes a legal player of its role and the legal square nearest its
// place, so the centre, the line of scrimmage and the defensive line are the rules' checks.
import { t } from "/static/i18n.js";

const line = (role, dr, columns) => columns.map((dc) => ({ role, dc, dr }));
const OFFENSIVE_LINE = line("A", 0, [0, -1, 1, -2, 2]); // the centre first: he takes the ball
const DEFENSIVE_LINE = line("D", 1, [-2, -1, 1, 2]);

// The rulebook's set-ups (*Le formazioni*: 5 A, 3 AB, 2 AE, 1 AQ in attack; 11 D in defence;
// an AK for a kick), in the shapes coaches of the game use.
export const FORMATIONS = {
  attack: [
    { name: t("I formation"), slots: [...OFFENSIVE_LINE, ...line("AQ", 1, [0]),
      ...line("AB", 2, [0, -2]), ...line("AB", 3, [0]), ...line("AE", 0, [-5, 5])] },
    { name: t("Shotgun"), slots: [...OFFENSIVE_LINE, ...line("AQ", 3, [0]),
      ...line("AB", 1, [-3, 3]), ...line("AB", 3, [1]), ...line("AE", 0, [-6, 6])] },
    { name: t("Power run"), slots: [...OFFENSIVE_LINE, ...line("AQ", 1, [0]),
      ...line("AB", 2, [0]), ...line("AB", 3, [-1, 1]), ...line("AE", 0, [-3, 3])] },
  ],
  fieldgoal: [
    { name: t("Field goal unit"), slots: [...OFFENSIVE_LINE, ...line("AQ", 2, [0]),
      ...line("AK", 3, [0]), ...line("AB", 1, [-1, 1]), ...line("AE", 0, [-3, 3])] },
  ],
  kick: [
    { name: t("Coverage line"), slots: [...line("AK", 0, [0]),
      ...line("D", 1, [-5, -4, -3, -2, -1, 1, 2, 3, 4, 5])] },
    { name: t("Two waves"), slots: [...line("AK", 0, [0]), ...line("D", 1, [-4, -2, 0, 2, 4]),
      ...line("D", 3, [-3, -1, 1, 3]), ...line("D", 5, [0])] },
  ],
  defence: [
    { name: t("4-3-4 defence"), slots: [...DEFENSIVE_LINE, ...line("D", 2, [0]),
      ...line("D", 3, [-2, 2]), ...line("D", 5, [-4, 4]), ...line("D", 6, [-1, 1])] },
    { name: t("4-4-3 against the run"), slots: [...DEFENSIVE_LINE,
      ...line("D", 2, [-3, -1, 1, 3]), ...line("D", 5, [-3, 3]), ...line("D", 6, [0])] },
    { name: t("Goal-line defence"), slots: [...DEFENSIVE_LINE,
      ...line("D", 1, [-4, 0, 4]), ...line("D", 2, [-2, 0, 2]), ...line("D", 4, [0])] },
    { name: t("Deep cover against the pass"), slots: [...DEFENSIVE_LINE,
      ...line("D", 3, [-2, 2]), ...line("D", 6, [-5, 5]), ...line("D", 8, [-2, 2]),
      ...line("D", 9, [0])] },
  ],
  return: [
    { name: t("Return"), slots: [...line("A", 6, [-4, -2, 0, 2, 4]),
      ...line("AB", 9, [-3, 0, 3]), ...line("AE", 11, [-2, 2]), ...line("AQ", 13, [0])] },
    { name: t("Wide return"), slots: [...line("A", 6, [-5, -3, 0, 3, 5]),
      ...line("AB", 10, [-4, 0, 4]), ...line("AE", 13, [-2, 2]), ...line("AQ", 15, [0])] },
  ],
};

// Which set-up the seat makes now: its team's part in the declared action.
export function situation(obs, seat) {
  const offence = obs.offence === seat;
  if (obs.kind === "punt" || obs.kind === "kickoff") return offence ? "kick" : "return";
  if (!offence) return "defence";
  return obs.kind === "fieldgoal" || obs.kind === "conv1" ? "fieldgoal" : "attack";
}

export function squareOf(name) {
  return [name.charCodeAt(0) - 97, Number(name.slice(1))];
}

export function nameOf(column, row) {
  return `${String.fromCharCode(97 + column)}${row}`;
}

// How far square `name` is from [column, row]: king moves, then straight-line steps.
export function distance(name, [column, row]) {
  const [c, r] = squareOf(name);
  const across = Math.abs(c - column);
  const along = Math.abs(r - row);
  return Math.max(across, along) * 100 + across + along;
}

// The square of `names` nearest `place` (the first in board order on a tie).
export function nearest(names, place) {
  let best = null;
  for (const name of names) {
    if (best === null || distance(name, place) < distance(best, place)) best = name;
  }
  return best;
}

// The place [column, row] of a slot for a team attacking towards `direction` (+1 or -1).
function placeOf(slot, spot, direction) {
  const [column, row] = squareOf(spot);
  return [column + slot.dc * direction, row - slot.dr * direction];
}

// The arguments of the view's legal actions of `verb` ("pick" -> player ids).
export function argsOf(view, verb) {
  const prefix = `${verb}:`;
  return view.actions.filter((a) => a.action.startsWith(prefix)).map((a) => a.action.slice(prefix.length));
}

// A plan (see play.js `act`) placing `slots` for `seat`: the next `pick:` or `to:` for each
// view, null once the seat's set-up is over. A slot with `pid` takes that player if he may
// come on now (a repeated set-up), else any legal player of its role.
export function setupPlan(slots, seat) {
  const left = slots.map((slot) => ({ ...slot }));
  let placing = null; // the slot whose player was picked last
  return (view) => {
    const obs = view.observation;
    if (obs.phase !== "setup" || view.seat !== seat || obs.current_player !== seat) return null;
    if (obs.picked) {
      const slot = placing;
      placing = null;
      if (!slot) return null; // the player picked him: his square is the player's choice
      return `to:${nearest(argsOf(view, "to"), placeOf(slot, obs.scrimmage, obs.direction[seat]))}`;
    }
    const picks = argsOf(view, "pick");
    const roleOf = (pid) => view.layout.players[pid]?.role;
    let index = left.findIndex((s) => s.pid && picks.includes(s.pid) && roleOf(s.pid) === s.role);
    if (index < 0) index = left.findIndex((s) => picks.some((pid) => roleOf(pid) === s.role));
    if (index < 0) return null; // the rest of the set-up is the player's
    const [slot] = left.splice(index, 1);
    placing = slot;
    const pid = slot.pid && picks.includes(slot.pid) ? slot.pid
      : picks.find((p) => roleOf(p) === slot.role && !left.some((s) => s.pid === p));
    return `pick:${pid ?? picks.find((p) => roleOf(p) === slot.role)}`;
  };
}

// The seat's team as it stands, as slots (with each player's id): a set-up to repeat.
export function slotsOf(obs, layout, seat) {
  const letter = seat === 0 ? "Y" : "W";
  const [column, row] = squareOf(obs.scrimmage);
  const direction = obs.direction[seat];
  return Object.entries(obs.players ?? {})
    .filter(([pid]) => pid[0] === letter)
    .map(([pid, info]) => {
      const [c, r] = squareOf(info.square);
      return { role: layout.players[pid]?.role ?? info.role, pid,
        dc: (c - column) * direction, dr: (row - r) * direction };
    })
    .sort((a, b) => a.dr - b.dr || Math.abs(a.dc) - Math.abs(b.dc) || a.dc - b.dc);
}
