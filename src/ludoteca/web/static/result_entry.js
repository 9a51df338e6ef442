// Result entry on the organizer's page (issue 16): nothing is preselected, every box is
// labelled with its player, and what a result will store is shown — from the server's
// own preview (a timed result from the two powers, a melee table's places) — to confirm
// before it is recorded. Results of the round in play can be taken back.
import { el } from "./api.js";

const PHRASES = {
  win: (a) => `${a.name} wins`,
  loss: (_a, b) => `${b.name} wins`,
  draw: () => "a draw",
  timed_win: (a) => `${a.name} wins on time`,
  timed_loss: (_a, b) => `${b.name} wins on time`,
};

const ordinal = (n) => `${n}${n === 1 ? "st" : n === 2 ? "nd" : n === 3 ? "rd" : "th"}`;

// An inline "are you sure": the question, Confirm and Cancel, in `box`.
export function confirmIn(box, question, onConfirm) {
  const yes = el("button", { type: "button", class: "confirm" }, "Confirm");
  const no = el("button", { type: "button" }, "Cancel");
  yes.onclick = () => { box.replaceChildren(); onConfirm(); };
  no.onclick = () => box.replaceChildren();
  box.replaceChildren(el("span", { class: "question" }, question), " ", yes, " ", no);
  yes.focus();
}

function duelInputs(sheet, table, id) {
  const [a, b] = table.seats;
  const select = el("select", { id: `result-${id}`, "data-testid": `result-${id}`,
    "aria-label": `result of table ${table.table}` },
  el("option", { value: "", selected: true, disabled: true }, "— result —"),
  el("option", { value: "win" }, `${a.name} wins`),
  el("option", { value: "loss" }, `${b.name} wins`),
  ...(sheet.kind === "swiss" ? [el("option", { value: "draw" }, "draw")] : []),
  el("option", { value: "timed" }, "time ran out: enter the powers"));
  const powers = table.seats.map((seat, i) => el("input", { id: `timed-${id}-${i + 1}`,
    "data-testid": `timed-${id}-${i + 1}`, type: "number", min: 0, class: "power" }));
  const timed = el("span", { class: "timed", hidden: true },
    ...table.seats.flatMap((seat, i) => [el("label", { class: "inline" }, `${seat.name}'s power `, powers[i]), " "]));
  select.onchange = () => { timed.hidden = select.value !== "timed"; };
  const read = () => {
    if (!select.value) return { error: "choose a result first" };
    if (select.value !== "timed") return { body: { result: select.value } };
    if (powers.some((input) => input.value === "")) return { error: "enter both players' power" };
    return { body: { power: powers.map((input) => Number(input.value)) } };
  };
  const describe = (answer) => PHRASES[answer.result](a, b);
  return { inputs: [select, timed], read, describe };
}

function meleeInputs(table, id) {
  const powers = table.seats.map((seat, i) => el("input", { id: `power-${id}-${i + 1}`,
    "data-testid": `power-${id}-${i + 1}`, type: "number", min: 0, required: true, class: "power",
    value: table.power ? table.power[i] : "" }));
  const labels = table.seats.map((seat, i) => el("label", { class: "inline" }, `${seat.name} `, powers[i]));
  const read = () => {
    if (powers.some((input) => input.value === "")) return { error: "enter every player's power (0 for none)" };
    return { body: { power: powers.map((input) => Number(input.value)) } };
  };
  const names = Object.fromEntries(table.seats.map((seat) => [seat.number, seat.name]));
  const describe = (answer) => "places: " + answer.places.map((row) =>
    `${ordinal(row.place)} ${names[row.player]} (${row.power} power, ${row.points} points)`).join(", ");
  return { inputs: labels, read, describe };
}

// The controls of one table: `ctx.preview(body)` and `ctx.change(action, body, message)`
// reach the server; errors and questions appear in the table's own message box.
export function resultControls(sheet, table, ctx) {
  const id = `${sheet.number}-${table.table}`;
  if (table.bye) return el("span", {}, "bye (a win)");
  if (!sheet.current && !table.done) return el("span", {}, "");
  const action = table.done ? "fix" : "results";
  const duel = sheet.kind === "swiss" || sheet.kind === "cut";
  const entry = duel ? duelInputs(sheet, table, id) : meleeInputs(table, id);
  const message = el("span", { class: "message", role: "alert", "data-testid": `message-${id}` });
  const record = el("button", { type: "button", id: `record-${id}`, "data-testid": `record-${id}` },
    table.done ? "Fix" : "Record");
  record.onclick = async () => {
    const read = entry.read();
    if (read.error) {
      message.replaceChildren(el("span", { class: "error" }, read.error));
      return;
    }
    const body = { round: sheet.number, table: table.table, ...read.body };
    const answer = await ctx.preview(body, message);
    if (!answer) return;
    confirmIn(message, `${table.done ? "Change to" : "Record"} ${entry.describe(answer)}?`,
      () => ctx.change(action, body, message));
  };
  const controls = [...entry.inputs, record];
  if (table.done && sheet.current) {
    const undo = el("button", { type: "button", id: `undo-${id}`, "data-testid": `undo-${id}` }, "Undo");
    undo.onclick = () => confirmIn(message, `Take back the result of table ${table.table}?`,
      () => ctx.change("undo", { round: sheet.number, table: table.table }, message));
    controls.push(undo);
  }
  return el("span", { class: "controls" }, ...controls, message);
}
