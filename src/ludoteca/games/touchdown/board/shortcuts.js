// touchdown board: the shortcuts a view offers beside its moves: a whole set-up in one action
// (the rulebook's formations, the player's own, the last one again) and moving a group of
// counters at once. Each is a plan of the rules' own moves (see play.js `act`).
import { t } from "/static/i18n.js";
import { FORMATIONS, argsOf, setupPlan, situation, slotsOf } from "./formations.js";
import { drawGroupTargets, groupPlan } from "./group.js";
import { lastSetup, rememberSetup, saveFormation, savedFormations } from "./setups.js";

let setupSeen = null; // {seat, situation, index}: the seat's own set-up was drawn with its moves
let grouping = null; // {index, members}: the counters chosen to move together at move `index`

// Remember a seat's set-up once it is over ("Repeat last set-up" places it again).
export function noteSetup(view) {
  const obs = view.observation;
  const seat = view.seat;
  if (obs.phase === "setup" && seat !== null && obs.current_player === seat && view.actions.length) {
    setupSeen = { seat, situation: situation(obs, seat), index: view.index };
  } else if (setupSeen && view.index > setupSeen.index) {
    rememberSetup(setupSeen.seat, setupSeen.situation, slotsOf(obs, view.layout, setupSeen.seat));
    setupSeen = null;
  }
}

// The counters chosen to move together in this view, or null.
export function groupOf(view) {
  return grouping?.index === view.index ? grouping.members : null;
}

// A click on a counter while choosing a group: he joins it or leaves it.
export function toggleMember(pid) {
  if (grouping.members.has(pid)) grouping.members.delete(pid);
  else grouping.members.add(pid);
}

// The shortcut buttons of `view` (see panel.js `drawButtons`); `redraw` paints it again.
export function shortcuts(view, redraw) {
  const obs = view.observation;
  const seat = view.seat;
  if (seat === null || obs.current_player !== seat || !view.actions.length || obs.picked) return [];
  if (obs.phase === "setup") return setupShortcuts(obs, seat, redraw);
  const free = argsOf(view, "pick");
  if (obs.phase !== "move" || free.length < 2) return [];
  if (groupOf(view)) {
    return [{ key: "cancel", label: t("Cancel the group"), local: () => {
      grouping = null;
      redraw();
    } }];
  }
  return [{ key: "group", label: t("Move together"), local: () => {
    grouping = { index: view.index, members: new Set(free) };
    redraw();
  } }];
}

function setupShortcuts(obs, seat, redraw) {
  const where = situation(obs, seat);
  const entries = [...FORMATIONS[where], ...savedFormations(where)].map((formation, index) => ({
    key: `formation:${index}`, label: formation.name, plan: setupPlan(formation.slots, seat) }));
  const last = lastSetup(seat, where);
  if (last) {
    entries.push({ key: "repeat", label: t("Repeat last set-up"), plan: setupPlan(last, seat) });
    entries.push({ key: "save", label: t("Save last set-up…"), local: () => {
      const name = window.prompt(t("A name for this formation:"));
      if (name?.trim()) saveFormation(where, name, last);
      redraw();
    } });
  }
  return entries;
}

// In a group's choice, every square of the field moves it there; `act` sends the plan.
export function drawGroupChoice(layer, layout, g, view, act) {
  const members = groupOf(view);
  drawGroupTargets(layer, layout, g, (square) => {
    if (!members.size) return;
    grouping = null;
    act(view, groupPlan(view.observation, [...members], square, view.seat));
  }, (square) => t("Move the group: its nearest counter to {square}", { square }));
}
