// Editing the open Duel round's pairings by hand: a pair of player menus per table, the
// second one offering the bye. The server refuses an unknown or twice-named player and
// warns of rematches and second byes; its warnings show under the round.
import { el } from "./api.js";
import { t } from "./i18n.js";

const BYE = "";

// True when the round is the open Swiss round with no result typed in (byes aside).
export function editable(event, sheet) {
  const last = event.rounds[event.rounds.length - 1];
  return sheet === last && sheet.kind === "swiss" && !event.top_cut
    && !sheet.tables.some((seating) => seating.done && !seating.bye);
}

// The player menu of one seat ("a" or "b") of a table.
function menu(table, seat, label, players, chosen) {
  const withBye = seat === "b";
  const options = players.map((p) => el("option", { value: p.id, selected: p.id === chosen || null },
    `#${p.number} ${p.name}`));
  if (withBye) options.push(el("option", { value: BYE, selected: chosen === BYE || null }, t("bye")));
  const id = `pair-${table}-${seat}`;
  return el("select", { id, "data-testid": id, "aria-label": label }, ...options);
}

// The "Edit pairings" button and, once pressed, the editor in its place.
export function pairingEditor(event, sheet, change) {
  const box = el("div", { class: "controls", id: "pairing-editor" });
  const message = el("span", { class: "message", role: "alert", "data-testid": "pairing-message" });
  const players = event.players.filter((p) => !p.dropped);
  const open = () => {
    const rows = sheet.tables.map((seating) => {
      const [a, b] = seating.seats;
      return el("tr", { "data-table": seating.table },
        el("td", { "data-label": t("Table") }, seating.table),
        el("td", { "data-label": t("first seat") }, menu(seating.table, "a",
          t("table {table}: first seat", { table: seating.table }), players, a.id)),
        el("td", { "data-label": t("second seat or the bye") },
          menu(seating.table, "b", t("table {table}: second seat or the bye", { table: seating.table }),
            players, b ? b.id : BYE)));
    });
    const save = el("button", { type: "button", id: "save-pairings", "data-testid": "save-pairings",
      onclick: () => {
        const pairs = sheet.tables.map((seating) => {
          const second = document.getElementById(`pair-${seating.table}-b`).value;
          return [document.getElementById(`pair-${seating.table}-a`).value, second === BYE ? null : second];
        });
        change("pairings", { pairs }, message);
      } }, t("Save pairings"));
    const cancel = el("button", { type: "button", onclick: closed }, t("Cancel"));
    const headings = el("tr", {}, el("th", {}, t("table")), el("th", {}, t("first seat")),
      el("th", {}, t("second seat or the bye")));
    box.replaceChildren(el("table", { class: "grid", "data-testid": "pairing-table" }, headings, ...rows),
      save, " ", cancel, " ", message);
  };
  const closed = () => {
    box.replaceChildren(el("button", { type: "button", id: "edit-pairings", "data-testid": "edit-pairings",
      onclick: open }, t("Edit pairings")), " ", message);
  };
  closed();
  return box;
}
