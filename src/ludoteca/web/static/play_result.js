// The play page's end of the game, public facts only: who won, the final score, how it
// ended, the rating changes of a rated table, and the rematch (seats swapped).
import { api, hotseatLink, playLink, rememberSeat } from "./api.js";
import { t } from "./i18n.js";
import { hotseat, playerOf, singleToken } from "./play_seats.js";
import { showRatingChanges } from "./rated.js";

const $ = (id) => document.getElementById(id);

export function renderResult(tableId, view) {
  const obs = view.observation;
  $("rematch").onclick = () => rematch(tableId, view);
  $("finished").hidden = !obs.terminal;
  if (!obs.terminal) return;
  let title = obs.unfinished ? t("Stopped unfinished: no result")
    : obs.winner === null ? t("A draw") : t("{name} wins", { name: playerOf(obs.winner) });
  if (!hotseat && view.seat !== null && obs.winner !== null) {
    title = view.seat === obs.winner ? t("{result} — you win!", { result: title })
      : t("{result} — you lose", { result: title });
  }
  $("result-title").textContent = title;
  $("rematch").hidden = rematchTokens(view) === null;
  if (view.table.rated && $("result-ratings").hidden) {
    $("result-ratings").hidden = false;
    showRatingChanges(tableId, $("result-ratings"), playerOf);
  }
  // Someone at the table started the rematch: the others follow with their own links.
  const next = view.table.rematch;
  $("rematch").textContent = next ? t("Join the rematch (seats swapped)") : t("Rematch, seats swapped");
  $("watch-rematch").hidden = !next || rematchTokens(view) !== null;
  if (next) $("watch-rematch").href = `/tables/${next}`;
  const score = obs.scores.map((points, seat) => `${playerOf(seat)} ${points}`).join(" – ");
  const last = obs.events.length ? ` ${obs.events[obs.events.length - 1]}` : "";
  $("result-detail").textContent = t("Final score: {score}.", { score }) + last;
}

// The person's seat tokens this page holds (hot-seat: every local seat's): with them it may
// start the rematch, or follow one another person started; null for a spectator.
function rematchTokens(view) {
  if (hotseat) return Object.values(hotseat);
  const mine = view.table.seats[view.seat];
  return mine?.kind === "human" && singleToken ? [singleToken] : null;
}

async function rematch(tableId, view) {
  const tokens = rematchTokens(view);
  if (!tokens) return;
  $("rematch").disabled = true;
  try {
    const made = await api(`/api/tables/${tableId}/rematch`, { method: "POST", body: { tokens } });
    const mine = {};
    for (const seat of made.seats.filter((s) => s.token)) {
      mine[seat.seat] = seat.token;
      rememberSeat({ table: made.id, seat: seat.seat, token: seat.token, game: made.table.game });
    }
    const [first] = Object.entries(mine);
    location.href = hotseat ? hotseatLink(made.id, mine) : playLink(made.id, first[1]);
  } catch (error) {
    $("error").textContent = error.message;
    $("rematch").disabled = false;
  }
}
