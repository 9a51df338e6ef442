// The designer page: start a balance study (or a comparison) and follow the studies.
import { api, el } from "./api.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
let polling = null;

// "goals=3, mode=goal-limit" as an object of options; numbers and true/false typed.
function setting(line) {
  const out = {};
  for (const pair of line.split(",").map((part) => part.trim()).filter(Boolean)) {
    const at = pair.indexOf("=");
    if (at < 1) throw new Error(t("{pair}: write key=value", { pair }));
    const key = pair.slice(0, at).trim();
    const raw = pair.slice(at + 1).trim();
    out[key] = /^-?\d+$/.test(raw) ? Number(raw) : raw === "true" ? true : raw === "false" ? false : raw;
  }
  return out;
}

// "goals=1..5" as a range, "mode=golden-goal|goal-limit" as choices.
function dimension(line) {
  const at = line.indexOf("=");
  if (at < 1) throw new Error(t("{pair}: write key=value", { pair: line }));
  const name = line.slice(0, at).trim();
  const raw = line.slice(at + 1).trim();
  const range = raw.match(/^(-?[\d.]+)\.\.(-?[\d.]+)$/);
  if (range) return [name, { low: Number(range[1]), high: Number(range[2]) }];
  return [name, { choices: raw.split("|").map((part) => part.trim()).filter(Boolean)
    .map((value) => (/^-?\d+$/.test(value) ? Number(value) : value)) }];
}

const linesOf = (id) => $(id).value.split("\n").map((line) => line.trim()).filter(Boolean);

// The data file whose numbers the search tunes: the chosen file option, the uploaded file.
async function dataBody() {
  const option = $("study-data-option").value;
  if (!option) return null;
  const file = $("study-data-file").files[0];
  if (!file) throw new Error(t("choose the data file to tune"));
  return {
    option,
    file: { name: file.name, content: await file.text() },
    fields: Object.fromEntries(linesOf("study-data-fields").map(dimension)),
  };
}

async function tuneBody() {
  const lines = linesOf("study-space");
  const data = await dataBody();
  return {
    kind: "tune",
    game: $("study-game").value,
    games: Number($("study-games").value),
    level: $("study-level").value,
    goal: $("study-goal").value,
    target: Number($("study-target").value),
    trials: Number($("study-trials").value),
    space: Object.fromEntries(lines.map(dimension)),
    ...(data ? { data } : {}),
    ...($("study-goal").value === "cards" ? { threshold: Number($("study-threshold").value) } : {}),
    ...($("study-goal").value === "even"
      ? { fates: $("study-fates").value.split(",").map((f) => f.trim()).filter(Boolean) } : {}),
  };
}

function studyItem(study) {
  const reason = study.error || t("no reason given");
  const progress = el("progress", { max: study.total, value: study.done,
    "aria-label": t("games played") });
  const state = study.status === "running"
    ? t("{done} of {total} games", { done: study.done, total: study.total })
    : study.status === "done" ? t("done") : t("failed: {error}", { error: reason });
  const settings = study.kind === "tune"
    ? t("searching {options} for {goal}", { options: Object.keys(study.settings.space).join(", "),
      goal: study.settings.goal })
    : study.settings.settings.map((s) => Object.entries(s).map(([k, v]) => `${k}=${v}`).join(", ")
      || t("default options")).join(" | ");
  const item = el("li", { "data-study": study.id, "data-status": study.status },
    el("strong", {}, study.game), " ",
    el("span", { class: "muted" }, t("{games} games a setting, level {level}: {settings}", {
      games: study.settings.games, level: t(study.settings.level), settings })), " ",
    study.status === "running" ? progress : "", " ", el("span", { class: "state" }, state));
  if (study.report) {
    item.append(" ", el("a", { href: study.report, target: "_blank", rel: "noopener",
      "data-testid": `report-${study.id}` }, t("open the report")));
  }
  for (const line of study.summary) item.append(el("div", { class: "muted" }, line));
  return item;
}

async function listStudies() {
  try {
    const answer = await api("/api/studies");
    $("studies").replaceChildren(...answer.studies.map(studyItem));
    const running = answer.studies.some((study) => study.status === "running");
    if (running && !polling) polling = setInterval(listStudies, 1500);
    if (!running && polling) {
      clearInterval(polling);
      polling = null;
    }
  } catch (error) {
    $("study-error").textContent = error.message;
  }
}

$("study-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  $("study-error").textContent = "";
  try {
    const lines = $("study-settings").value.split("\n").map((line) => line.trim()).filter(Boolean);
    const body = $("study-kind").value === "tune" ? await tuneBody() : {
      game: $("study-game").value,
      games: Number($("study-games").value),
      level: $("study-level").value,
      settings: lines.length ? lines.map(setting) : [{}],
    };
    if (body.kind !== "tune" && $("study-until-clear").checked) {
      body.until_clear = true;
      body.precision = Number($("study-precision").value);
    }
    await api("/api/studies", { method: "POST", body });
    listStudies();
  } catch (error) {
    $("study-error").textContent = error.message;
  }
});

$("study-kind").addEventListener("change", () => {
  const tuning = $("study-kind").value === "tune";
  $("tune-fields").hidden = !tuning;
  $("settings-field").hidden = tuning;
  $("settings-note").hidden = tuning;
  $("balance-fields").hidden = tuning;
});

// Only the chosen goal's own figure: a target length, a threshold, the fates.
$("study-goal").addEventListener("change", () => {
  for (const label of document.querySelectorAll("[data-goal]")) {
    label.hidden = label.dataset.goal !== $("study-goal").value;
  }
});

// How many games a study needs, as `ludoteca balance --plan` says it.
async function plan() {
  const points = $("study-plan").value;
  if (!points) return;
  const query = new URLSearchParams({ game: $("study-game").value, points });
  try {
    $("plan-answer").textContent = (await api(`/api/studies/plan?${query}`)).text;
  } catch (error) {
    $("plan-answer").textContent = error.message;
  }
}

// The chosen game's options, for the settings and the search: name, what it is, values.
let catalogue = [];
function optionHints() {
  const game = catalogue.find((entry) => entry.name === $("study-game").value);
  const items = (game ? game.options : []).map((option) => {
    const values = option.choices ? option.choices.join(" | ")
      : option.kind === "int" ? `${option.minimum ?? ""}..${option.maximum ?? ""}`
      : option.kind === "bool" ? "true | false" : "";
    return el("li", {}, el("code", {}, option.name), ` (${values}): ${option.help}`);
  });
  $("option-list").replaceChildren(...items);
  const files = (game ? game.options : []).filter((option) => option.kind === "file");
  $("study-data-option").replaceChildren(el("option", { value: "" }, t("none")),
    ...files.map((option) => el("option", { value: option.name }, option.name)));
}

$("study-game").addEventListener("change", () => { optionHints(); plan(); });
$("study-plan").addEventListener("input", plan);
const precision = () => { $("study-precision").disabled = !$("study-until-clear").checked; };
$("study-until-clear").addEventListener("change", precision);
precision();
api("/api/games").then((answer) => { catalogue = answer.games; optionHints(); })
  .catch((error) => { $("study-error").textContent = error.message; });
plan();
listStudies();
