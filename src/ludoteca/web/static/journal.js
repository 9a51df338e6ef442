// The organizer's list of changes (web/events/ops.py OPERATIONS), each as a sentence with
// the players' names and the time it was made: never the stored operation and its fields.
import { el } from "./api.js";
import { duelResult } from "./event_render.js";
import { locale, t } from "./i18n.js";

const CLOCK = { start: t("round clock started"), pause: t("round clock paused"), resume: t("round clock resumed") };

// A player of the event by what a change stored: a Duel id, or a melee number.
function nameOf(event, player) {
  const found = event.players.find((p) => p.id === String(player) || p.number === player);
  return found ? found.name : t("a player no longer listed");
}

// The seats of a round's table, for a result's words ("Ana wins").
function seatsOf(event, round, table) {
  const sheet = event.rounds.find((s) => s.number === round);
  return sheet?.tables.find((tb) => tb.table === table)?.seats ?? [];
}

function result(event, args, fixed) {
  const where = { round: args.round, table: args.table };
  const seats = seatsOf(event, args.round, args.table);
  const words = Array.isArray(args.power) ? t("power {powers}", { powers: args.power.join(" / ") })
    : seats.length ? duelResult(String(args.result ?? ""), seats) : String(args.result ?? "");
  return fixed ? t("round {round}, table {table}: result corrected to {result}", { ...where, result: words })
    : t("round {round}, table {table}: {result}", { ...where, result: words });
}

// One change in words.
export function describeChange(event, line) {
  const args = line.arguments ?? {};
  switch (line.operation) {
    case "create": return t("event created");
    case "add-player": return t("{name} registered", { name: String(args.name ?? "") });
    case "import-players": return t("sign-up sheet imported");
    case "drop": // the site's own drops say why (web/hosted): a no-show, a withdrawal
      if (args.reason === "no-show") return t("{name} dropped: did not check in", { name: nameOf(event, args.player) });
      if (args.reason === "withdrew") return t("{name} withdrew", { name: nameOf(event, args.player) });
      return t("{name} dropped", { name: nameOf(event, args.player) });
    case "reinstate": return t("{name} reinstated", { name: nameOf(event, args.player) });
    case "undo": return t("round {round}, table {table}: result taken back", { round: args.round, table: args.table });
    case "pair": return t("next round paired");
    case "repair": return t("open round paired again");
    case "edit-pairings": return t("open round's pairings edited by hand");
    case "report": return result(event, args, false);
    case "fix": return result(event, args, true);
    case "top-cut": return t("top cut of {size} started", { size: args.size });
    case "advance-cut": return t("top cut advanced");
    case "final": return t("final table seated");
    case "playoff": return t("playoff recorded: {order}", {
      order: (Array.isArray(args.order) ? args.order : []).map((n) => nameOf(event, n)).join(", ") });
    case "clock": return CLOCK[args.action] ?? t("round clock changed");
    case "forget-player": return t("{name}: account deleted, name removed", { name: nameOf(event, args.player) });
    default: return t("another change");
  }
}

// The list's items, newest last, each with its local time.
export function changeItems(event) {
  return event.journal.map((line) => {
    const at = new Date(line.at);
    const time = Number.isNaN(at.getTime()) ? "" : at.toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" });
    return el("li", {}, el("span", { class: "muted" }, time), " ", describeChange(event, line));
  });
}
