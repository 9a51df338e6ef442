// The public standings page: read-only, refreshed every few seconds. No organizer control.
import { api } from "./api.js";
import { refreshEntry, signInByLink } from "./event_entry.js";
import { renderCommon, renderRounds } from "./event_render.js";

const eventId = document.getElementById("event").dataset.event;

async function refresh() {
  try {
    const event = await api(`/api/events/${eventId}`);
    renderCommon(event);
    renderRounds(document.getElementById("rounds"), event.rounds);
    await refreshEntry(eventId, event);
  } catch (error) {
    document.getElementById("event-phase").textContent = error.message;
  }
}

signInByLink();
refresh();
setInterval(refresh, 3000);
document.addEventListener("entry-changed", refresh);
