// The leaderboards: one ladder at a time (the address's #toinc/duel), with the computer
// levels' published ratings.
import { LEVELS, api, el } from "./api.js";
import { t } from "./i18n.js";
import { ladderName, ratingText } from "./ratings_text.js";

const $ = (id) => document.getElementById(id);

async function show(line) {
  $("ladder-title").textContent = ladderName(line);
  $("computers").replaceChildren(...Object.entries(line.computers).map(([level, rating]) =>
    el("li", {}, t("computer ({level})", { level: LEVELS[level] ?? level }), ": ", String(rating))));
  if (!Object.keys(line.computers).length) {
    $("computers").append(el("li", { class: "muted" }, t("no computer level is rated here")));
  }
  const board = await api(`/api/ladders/${line.ladder}`);
  $("leaders").replaceChildren(...board.leaders.map((row, place) => el("tr", {}, el("td", {}, String(place + 1)),
    el("td", {}, el("a", { href: `/players/${encodeURIComponent(row.login)}` }, row.name)),
    el("td", {}, ratingText(row)), el("td", {}, String(row.games)))));
  if (!board.leaders.length) {
    $("leaders").append(el("tr", {}, el("td", { colspan: 4, class: "muted" }, t("no rated game yet"))));
  }
}

async function start() {
  const { ladders } = await api("/api/ladders");
  for (const line of ladders) $("ladder").append(el("option", { value: line.ladder }, ladderName(line)));
  const wanted = ladders.find((line) => line.ladder === location.hash.slice(1)) ?? ladders[0];
  $("ladder").value = wanted.ladder;
  $("ladder").addEventListener("change", () => {
    const line = ladders.find((l) => l.ladder === $("ladder").value);
    history.replaceState(null, "", `#${line.ladder}`);
    show(line);
  });
  show(wanted);
}

start();
