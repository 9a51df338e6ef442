// Result entry on the organizer's page (issue 16): nothing is preselected, every box is
// labelled with its player, and what a result will store is shown — from the server's
// own preview (a timed result from the two powers, a melee table's places) — to confirm
// before it is recorded. Results of the round in play can be taken back.
import { el } from "./api.js";
import { locale, t } from "./i18n.js";

const PHRASES = {
  win: (a) => t("{name} wins", { name: a.name }),
  loss: (_a, b) => t("{name} wins", { name: b.name }),
  draw: () => t("a draw"),
  timed_win: (a) => t("{name} wins on time", { name: a.name }),
  timed_loss: (_a, b) => t("{name} wins on time", { name: b.name }),
};

// 1st, 2nd... the language's way (its ordinal plural rule picks the form).
const ORDINALS = { one: t("{n}st"), two: t("{n}nd"), few: t("{n}rd"), other: t("{n}th") };
const ordinalRule = new Intl.PluralRules(locale, { type: "ordinal" });
const ordinal = (n) => (ORDINALS[ordinalRule.select(n)] ?? ORDINALS.other).replace("{n}", n);

// An inline "are you sure": the question, Confirm and Cancel, in `box`.
export function confirmIn(box, question, onConfirm) {
  const yes = el("button", { type: "button", class: "confirm" }, t("Confirm"));
  const no = el("button", { type: "button" }, t("Cancel"));
  yes.onclick = () => { box.replaceChildren(); onConfirm(); };
  no.onclick = () => box.replaceChildren();
  box.replaceChildren(el("span", { class: "question" }, question), " ", yes, " ", no);
  yes.focus();
}

function duelInputs(sheet, table, id) {
  const [a, b] = table.seats;
  const select = el("select", { id: `result-${id}`, "data-testid": `result-${id}`,
    "aria-label": t("result of table {table}", { table: table.table }) },
  el("option", { value: "", selected: true, disabled: true }, t("— result —")),
  el("option", { value: "win" }, t("{name} wins", { name: a.name })),
  el("option", { value: "loss" }, t("{name} wins", { name: b.name })),
  ...(sheet.kind === "swiss" ? [el("option", { value: "draw" }, t("draw"))] : []),
  el("option", { value: "timed" }, t("time ran out: enter the powers")));
  const powers = table.seats.map((seat, i) => el("input", { id: `timed-${id}-${i + 1}`,
    "data-testid": `timed-${id}-${i + 1}`, type: "number", min: 0, class: "power" }));
  const timed = el("span", { class: "timed", hidden: true },
    ...table.seats.flatMap((seat, i) => [el("label", { class: "inline" },
      t("{name}'s power", { name: seat.name }), " ", powers[i]), " "]));
  select.onchange = () => { timed.hidden = select.value !== "timed"; };
  const read = () => {
    if (!select.value) return { error: t("choose a result first") };
    if (select.value !== "timed") return { body: { result: select.value } };
    if (powers.some((input) => input.value === "")) return { error: t("enter both players' power") };
    return { body: { power: powers.map((input) => Number(input.value)) } };
  };
  const describe = (answer) => PHRASES[answer.result](a, b);
  return { inputs: [select, timed], read, describe };
}

// A rule set that reports numbers (rulesets.py): games won by each and games drawn
// (`games`), or each player's points (`points`), and whether it was an intentional draw.
function scoreInputs(sheet, table, id) {
  const [a, b] = table.seats;
  const games = sheet.report === "games";
  const most = games ? sheet.games : 3 * sheet.games;
  const box = (suffix, label) => {
    const input = el("input", { id: `score-${id}-${suffix}`, "data-testid": `score-${id}-${suffix}`,
      type: "number", min: 0, max: most, class: "power" });
    return [input, el("label", { class: "inline" }, label, " ", input)];
  };
  const [first, firstLabel] = box("a", games ? t("games {name} won", { name: a.name }) : t("{name}'s points", { name: a.name }));
  const [second, secondLabel] = box("b", games ? t("games {name} won", { name: b.name }) : t("{name}'s points", { name: b.name }));
  const [drawn, drawnLabel] = box("d", t("games drawn"));
  const intentional = el("input", { id: `score-${id}-id`, "data-testid": `score-${id}-id`, type: "checkbox" });
  const read = () => {
    if (first.value === "" || second.value === "") return { error: t("enter both players' scores") };
    const draws = games && Number(drawn.value) ? `-${Number(drawn.value)}` : "";
    const written = `${Number(first.value)}-${Number(second.value)}${draws}${intentional.checked ? " id" : ""}`;
    return { body: { result: written } };
  };
  const describe = (answer) => t("{name} {score} {other}", { name: a.name, score: answer.result, other: b.name });
  const inputs = [firstLabel, " ", secondLabel, " ", ...(games ? [drawnLabel, " "] : []),
    el("label", { class: "inline" }, intentional, " ", t("intentional draw"))];
  return { inputs, read, describe };
}

function meleeInputs(table, id) {
  const powers = table.seats.map((seat, i) => el("input", { id: `power-${id}-${i + 1}`,
    "data-testid": `power-${id}-${i + 1}`, type: "number", min: 0, required: true, class: "power",
    value: table.power ? table.power[i] : "" }));
  const labels = table.seats.map((seat, i) => el("label", { class: "inline" }, `${seat.name} `, powers[i]));
  const read = () => {
    if (powers.some((input) => input.value === "")) return { error: t("enter every player's power (0 for none)") };
    return { body: { power: powers.map((input) => Number(input.value)) } };
  };
  const names = Object.fromEntries(table.seats.map((seat) => [seat.number, seat.name]));
  const place = (row) => t("{place} {name} (power {power}, points {points})", {
    place: ordinal(row.place), name: names[row.player], power: row.power, points: row.points });
  const describe = (answer) => t("places: {places}", { places: answer.places.map(place).join(", ") });
  return { inputs: labels, read, describe };
}

// The controls of one table: `ctx.preview(body)` and `ctx.change(action, body, message)`
// reach the server; errors and questions appear in the table's own message box.
export function resultControls(sheet, table, ctx) {
  const id = `${sheet.number}-${table.table}`;
  if (table.bye) return el("span", {}, t("bye (a win)"));
  if (!sheet.current && !table.done) return el("span", {}, "");
  const action = table.done ? "fix" : "results";
  const duel = sheet.kind === "swiss" || sheet.kind === "cut";
  const scored = duel && sheet.report && sheet.report !== "result";
  const entry = scored ? scoreInputs(sheet, table, id) : duel ? duelInputs(sheet, table, id) : meleeInputs(table, id);
  const message = el("span", { class: "message", role: "alert", "data-testid": `message-${id}` });
  const record = el("button", { type: "button", id: `record-${id}`, "data-testid": `record-${id}` },
    table.done ? t("Fix") : t("Record"));
  record.onclick = async () => {
    const read = entry.read();
    if (read.error) {
      message.replaceChildren(el("span", { class: "error" }, read.error));
      return;
    }
    const body = { round: sheet.number, table: table.table, ...read.body };
    const answer = await ctx.preview(body, message);
    if (!answer) return;
    const what = entry.describe(answer);
    confirmIn(message, table.done ? t("Change to {result}?", { result: what }) : t("Record {result}?", { result: what }),
      () => ctx.change(action, body, message));
  };
  const controls = [...entry.inputs, record];
  if (table.done && sheet.current) {
    const undo = el("button", { type: "button", id: `undo-${id}`, "data-testid": `undo-${id}` }, t("Undo"));
    undo.onclick = () => confirmIn(message, t("Take back the result of table {table}?", { table: table.table }),
      () => ctx.change("undo", { round: sheet.number, table: table.table }, message));
    controls.push(undo);
  }
  return el("span", { class: "controls" }, ...controls, message);
}
