// A player's public profile: ratings and recent rated games (a private one: the name only).
import { api, el } from "./api.js";
import { t } from "./i18n.js";
import { ladderName, ratingText } from "./ratings_text.js";

const $ = (id) => document.getElementById(id);

async function start() {
  const name = $("profile").dataset.player;
  let player;
  try {
    player = await api(`/api/players/${encodeURIComponent(name)}`);
  } catch (error) {
    $("player-error").textContent = error.message;
    return;
  }
  $("player-name").textContent = player.name;
  document.title = t("{name} — ludoteca", { name: player.name });
  if (player.private) {
    $("player-private").hidden = false;
    return;
  }
  $("player-since").textContent = t("playing here since {date}", { date: player.since });
  $("player-ratings-panel").hidden = false;
  $("player-ratings").replaceChildren(...player.ratings.map((line) => el("tr", {},
    el("td", {}, el("a", { href: `/ladders#${line.ladder}` }, ladderName(line))),
    el("td", {}, ratingText(line)), el("td", {}, line.games))));
  if (!player.ratings.length) {
    $("player-ratings").append(el("tr", {}, el("td", { colspan: 3, class: "muted" }, t("no rated game yet"))));
  }
  if (!player.games.length) return;
  $("player-games-panel").hidden = false;
  const ids = [...new Set(player.games.map((game) => game.table))];
  const { tables } = await api(`/api/tables?ids=${ids.map(encodeURIComponent).join(",")}`);
  const byId = new Map(tables.map((table) => [table.id, table]));
  $("player-games").replaceChildren(...player.games.filter((game) => byId.has(game.table)).map((game) => {
    const table = byId.get(game.table);
    const others = table.seats.filter((s) => s.seat !== game.seat).map((s) => s.name ?? t("computer")).join(", ");
    const result = table.winner === null ? t("draw") : table.winner === game.seat
      || table.scores[table.winner] === table.scores[game.seat] ? t("won") : t("lost");
    const change = game.change > 0 ? `+${game.change}` : game.change < 0 ? `−${-game.change}` : "±0";
    return el("li", {}, el("strong", {}, table.title), " · ", t("against {others}", { others }), " · ",
      result, " · ", t("rating {before} → {after} ({change})", { before: String(game.before), after: String(game.after), change }),
      " · ", el("a", { href: `/tables/${table.id}/replay` }, t("replay")));
  }));
}

start();
